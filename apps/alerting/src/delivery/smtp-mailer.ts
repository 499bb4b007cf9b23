import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AlertingConfig } from '../app.config';

/** One e-mail to send. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The platform's one SMTP path (SMTP_URL): e-mail alerts and the confirmation mails of their recipients. */
@Injectable()
export class SmtpMailer implements OnApplicationShutdown {
  private smtp: Transporter | undefined;

  constructor(@Inject(SERVICE_CONFIG) private readonly env: AlertingConfig) {}

  /** Whether e-mail is configured on this platform. */
  get configured(): boolean {
    return Boolean(this.env.SMTP_URL);
  }

  /** Sends a mail; answers the server's response line. Throws nodemailer's error (with responseCode) on refusal. */
  async send(mail: Mail): Promise<string | null> {
    if (!this.env.SMTP_URL) throw new Error('SMTP_URL is not set');
    this.smtp ??= nodemailer.createTransport(this.env.SMTP_URL, {
      connectionTimeout: this.env.ALERTING_SEND_TIMEOUT_MS,
      greetingTimeout: this.env.ALERTING_SEND_TIMEOUT_MS,
      socketTimeout: this.env.ALERTING_SEND_TIMEOUT_MS,
    } as never);
    const info = (await this.smtp.sendMail({ from: this.env.SMTP_FROM, ...mail })) as { response?: string };
    return info.response ?? null;
  }

  onApplicationShutdown(): void {
    this.smtp?.close();
  }
}
