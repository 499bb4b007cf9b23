import { SERVICE_CONFIG, SmtpSender, type Mail } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';

export type { Mail } from '@app/platform';

/**
 * The api-gateway's mail path (SMTP_URL, as alerting's): verification, password reset, invitations. A link carries
 * its token in the URL's fragment, so it reaches no server log or Referer; without PUBLIC_URL the mail carries the
 * code to enter on the dashboard's page.
 */
@Injectable()
export class AccountMailer extends SmtpSender implements OnApplicationShutdown {
  private readonly logger = new Logger(AccountMailer.name);

  constructor(@Inject(SERVICE_CONFIG) private readonly env: ApiGatewayConfig) {
    super({ url: env.SMTP_URL, from: env.SMTP_FROM, timeoutMs: env.MAIL_SEND_TIMEOUT_MS });
  }

  /** The dashboard link of a page with a one-time token (`<PUBLIC_URL><path>#token=<token>`); null without PUBLIC_URL. */
  link(path: string, token: string): string | null {
    return this.env.PUBLIC_URL ? `${this.env.PUBLIC_URL}${path}#token=${encodeURIComponent(token)}` : null;
  }

  /**
   * Sends an account mail without failing the request that caused it: a refused or unreachable mail server is
   * logged (never the mail's token or address) and answered false. Without SMTP_URL nothing is sent (false).
   */
  async deliver(mail: Mail, what: string): Promise<boolean> {
    if (!this.configured) {
      this.logger.warn(`${what} mail not sent: SMTP_URL is not set`);
      return false;
    }
    try {
      await this.send(mail);
      return true;
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      this.logger.warn(
        `${what} mail not sent: ${code ? `the mail server answered ${code}` : 'the mail server did not answer'}`,
      );
      return false;
    }
  }

  onApplicationShutdown(): void {
    this.close();
  }
}
