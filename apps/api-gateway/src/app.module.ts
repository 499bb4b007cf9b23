import { ClientConfigController } from './static/client-config.controller';
import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import type { ApiGatewayConfig } from './app.config';
import {
  AlertRuleKindsController,
  AlertRulesController,
  IncidentsController,
  NotificationChannelsController,
  SilencesController,
} from './alerts/alerts.controller';
import { AlertsService } from './alerts/alerts.service';
import { AuditController } from './audit/audit.controller';
import { AuditService } from './audit/audit.service';
import { AuthController } from './auth/auth.controller';
import { ApiAuthGuard } from './auth/auth.guard';
import { AuthService } from './auth/auth.service';
import { BearerStrategy } from './auth/bearer.strategy';
import { BillingClient } from './billing/billing.client';
import { BillingController } from './billing/billing.controller';
import { QuotaService } from './billing/quota.service';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsService } from './metrics/metrics.service';
import { MembersController } from './org/members.controller';
import { ServersController } from './servers/servers.controller';
import { ServersService } from './servers/servers.service';
import { PublicShareController, SharesController } from './shares/shares.controller';
import { SharesService } from './shares/shares.service';
import { TokensController } from './tokens/tokens.controller';

/** Root module of api-gateway: REST API, accounts, tokens, server registration, share links, audit log; serves the dashboard. */
@Module({})
export class AppModule {
  static forRoot(config: ApiGatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ service: 'api-gateway', config }), PassportModule],
      controllers: [
        AuthController,
        TokensController,
        ServersController,
        MetricsController,
        BillingController,
        MembersController,
        SharesController,
        PublicShareController,
        AuditController,
        ClientConfigController,
        AlertRulesController,
        AlertRuleKindsController,
        NotificationChannelsController,
        IncidentsController,
        SilencesController,
      ],
      providers: [
        AuthService,
        BearerStrategy,
        BillingClient,
        QuotaService,
        ServersService,
        MetricsService,
        AuditService,
        SharesService,
        AlertsService,
        { provide: APP_GUARD, useClass: ApiAuthGuard },
      ],
    };
  }
}
