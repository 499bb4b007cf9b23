import { SERVICE_CONFIG, SmtpSender } from '@app/platform';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { AlertingConfig } from '../app.config';

export type { Mail } from '@app/platform';

/** The alerting service's SMTP path (SMTP_URL): e-mail alerts and the confirmation mails of their recipients. */
@Injectable()
export class SmtpMailer extends SmtpSender implements OnApplicationShutdown {
  constructor(@Inject(SERVICE_CONFIG) env: AlertingConfig) {
    super({ url: env.SMTP_URL, from: env.SMTP_FROM, timeoutMs: env.ALERTING_SEND_TIMEOUT_MS });
  }

  onApplicationShutdown(): void {
    this.close();
  }
}
