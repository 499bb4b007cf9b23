import { ClientConfigController } from './static/client-config.controller';
import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { ApiGatewayConfig } from './app.config';
import {
  AlertRecipientsController,
  AlertRuleKindsController,
  AlertRulesController,
  IncidentsController,
  NotificationChannelsController,
  SilencesController,
} from './alerts/alerts.controller';
import { AlertsService } from './alerts/alerts.service';
import { AckLinkController } from './incidents/ack-link.controller';
import { AckLinkLimits } from './incidents/ack-link.limits';
import { IncidentAckController } from './incidents/incident-ack.controller';
import { IncidentAckService } from './incidents/incident-ack.service';
import { MemberNamesRepository } from './incidents/member-names.repository';
import { OutboundThrottle } from './alerts/outbound-throttle';
import { AuditModule } from './audit/audit.module';
import { ApiAuthGuard } from './auth/auth.guard';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { OrgModule } from './org/org.module';
import { PlayersModule } from './players/players.module';
import { PrometheusModule } from './prometheus/prometheus.module';
import { AdminPasswordProbe } from './servers/admin-password.probe';
import { gameAccessProviders } from './servers/game-access.providers';
import { ServersController } from './servers/servers.controller';
import { ServersRepository } from './servers/servers.repository';
import { ServersService } from './servers/servers.service';
import { ProbeThrottle } from './servers/probe-throttle';
import { PublicShareHistoryController } from './shares/public-history.controller';
import { PublicShareController } from './shares/public-share.controller';
import { PublicShareInterceptor } from './shares/public-share.interceptor';
import { PublicShareLimits } from './shares/public-share.limits';
import { SharesController } from './shares/shares.controller';
import { SharesRepository } from './shares/shares.repository';
import { SharesService } from './shares/shares.service';
import { SsoModule } from './sso/sso.module';
import { StatusPagesModule } from './status-pages/status-pages.module';
import { ThrottleModule } from './throttle/throttle.module';
import { SessionsModule } from './sessions/sessions.module';
import { TokensModule } from './tokens/tokens.module';
import { TwoFactorModule } from './two-factor/two-factor.module';

/**
 * Root module of api-gateway: REST API, accounts, tokens, server registration, share links, audit log; serves the
 * dashboard. Features with a module of their own are imported; servers, shares and alerts are still declared here.
 */
@Module({})
export class AppModule {
  static forRoot(config: ApiGatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ service: 'api-gateway', config }),
        AuditModule,
        MailModule,
        BillingModule,
        AuthModule,
        TokensModule,
        SessionsModule,
        OrgModule,
        MetricsModule,
        PlayersModule,
        PrometheusModule,
        ThrottleModule,
        TwoFactorModule,
        SsoModule,
        StatusPagesModule,
      ],
      controllers: [
        ServersController,
        SharesController,
        PublicShareController,
        PublicShareHistoryController,
        ClientConfigController,
        AlertRulesController,
        AlertRuleKindsController,
        NotificationChannelsController,
        AlertRecipientsController,
        IncidentsController,
        SilencesController,
        IncidentAckController,
        AckLinkController,
      ],
      providers: [
        ...gameAccessProviders,
        AdminPasswordProbe,
        ProbeThrottle,
        ServersRepository,
        ServersService,
        SharesRepository,
        SharesService,
        PublicShareLimits,
        PublicShareInterceptor,
        AlertsService,
        OutboundThrottle,
        IncidentAckService,
        AckLinkLimits,
        MemberNamesRepository,
        { provide: APP_GUARD, useClass: ApiAuthGuard },
      ],
    };
  }
}
