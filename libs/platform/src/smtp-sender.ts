import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail to send. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Where and how a service sends mail: SMTP_URL, SMTP_FROM and a deadline for each step. */
export interface SmtpSettings {
  /** smtp:// or smtps:// URL with credentials; undefined: mail is not configured on this platform. */
  url: string | undefined;
  from: string;
  timeoutMs: number;
}

/** The platform's SMTP path (SMTP_URL): one pooled-by-nodemailer transport per service, opened at the first send. */
export class SmtpSender {
  private smtp: Transporter | undefined;

  constructor(private readonly settings: SmtpSettings) {}

  /** Whether e-mail is configured on this platform. */
  get configured(): boolean {
    return Boolean(this.settings.url);
  }

  /** Sends a mail; answers the server's response line. Throws nodemailer's error (with responseCode) on refusal. */
  async send(mail: Mail): Promise<string | null> {
    if (!this.settings.url) throw new Error('SMTP_URL is not set');
    const timeout = this.settings.timeoutMs;
    this.smtp ??= nodemailer.createTransport(this.settings.url, {
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as never);
    const info = (await this.smtp.sendMail({ from: this.settings.from, ...mail })) as { response?: string };
    return info.response ?? null;
  }

  close(): void {
    this.smtp?.close();
    this.smtp = undefined;
  }
}
