import { TargetGuard } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Module } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { AuditModule } from '../audit/audit.module';
import { BillingModule } from '../billing/billing.module';
import { MailModule } from '../mail/mail.module';
import { PublicStatusApiController } from './public-status-api.controller';
import { PublicStatusPageController } from './public-status-page.controller';
import { PublicStatusService } from './public-status.service';
import { StatusIncidentsRepository } from './status-incidents.repository';
import { StatusIncidentsService } from './status-incidents.service';
import { StatusPageLimits } from './status-page.limits';
import { StatusPagesController } from './status-pages.controller';
import { StatusPagesRepository } from './status-pages.repository';
import { StatusPagesService } from './status-pages.service';
import { StatusSubscribersRepository } from './status-subscribers.repository';
import { StatusSubscriptionsService } from './status-subscriptions.service';
import { StatusWebhookNotifier } from './status-webhook.notifier';
import { MaintenanceNoticeScheduler } from './maintenance-notice.scheduler';
import { StatusNotificationsService } from './status-notifications.service';
import { StatusOutboxRepository } from './status-outbox.repository';
import { StatusOutboxSender } from './status-outbox.sender';

/** Public status pages (issue 24): settings, incidents, the public page, feed, badges, JSON and subscriptions. */
@Module({
  imports: [AuditModule, BillingModule, MailModule],
  controllers: [StatusPagesController, PublicStatusApiController, PublicStatusPageController],
  providers: [
    StatusPagesRepository,
    StatusIncidentsRepository,
    StatusSubscribersRepository,
    StatusPagesService,
    StatusIncidentsService,
    StatusSubscriptionsService,
    PublicStatusService,
    StatusPageLimits,
    StatusWebhookNotifier,
    StatusOutboxRepository,
    StatusNotificationsService,
    StatusOutboxSender,
    MaintenanceNoticeScheduler,
    {
      provide: TargetGuard,
      useFactory: (config: ApiGatewayConfig) => new TargetGuard({ allowCidrs: config.TARGET_ALLOW_CIDRS }),
      inject: [SERVICE_CONFIG],
    },
    {
      provide: SecretBox,
      useFactory: (config: ApiGatewayConfig) => SecretBox.fromEnv(secretsOf(config)),
      inject: [SERVICE_CONFIG],
    },
  ],
  // The silences' route has a new window announced at once (the scheduler would find it on its next pass).
  exports: [MaintenanceNoticeScheduler],
})
export class StatusPagesModule {}
