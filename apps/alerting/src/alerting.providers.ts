import { TargetGuard } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Global, Module } from '@nestjs/common';
import type { AlertingConfig } from './app.config';
import { SmtpMailer } from './delivery/smtp-mailer';
import { RecipientsRepository } from './recipients/recipients.repository';
import { RecipientsService } from './recipients/recipients.service';

/**
 * The collaborators built from alerting's environment, once: the SecretBox that seals and opens channel settings,
 * the TargetGuard that decides which hosts a channel may send to, the SMTP path and the e-mail recipients.
 */
@Global()
@Module({
  providers: [
    {
      provide: SecretBox,
      useFactory: (env: AlertingConfig) => SecretBox.fromEnv(secretsOf(env)),
      inject: [SERVICE_CONFIG],
    },
    {
      provide: TargetGuard,
      useFactory: (env: AlertingConfig) => new TargetGuard({ allowCidrs: env.TARGET_ALLOW_CIDRS }),
      inject: [SERVICE_CONFIG],
    },
    SmtpMailer,
    RecipientsRepository,
    RecipientsService,
  ],
  exports: [SecretBox, TargetGuard, SmtpMailer, RecipientsService],
})
export class AlertingProvidersModule {}
