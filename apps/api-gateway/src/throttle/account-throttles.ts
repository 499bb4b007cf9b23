import { SERVICE_CONFIG, type Counted } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { RequiredCounters } from './required-counters';

const HOUR_MS = 3_600_000;

/**
 * The throttles of account mails (verification resends, password reset requests), counted in Redis like sign-in's
 * so every replica shares them; they fail closed (503) without Redis, since each admitted request sends a mail.
 */
@Injectable()
export class AccountThrottles {
  constructor(
    private readonly counter: RequiredCounters,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  /** One verification mail resend of the user (VERIFICATION_RESEND_MAX_PER_HOUR); 429 with Retry-After beyond. */
  beforeVerificationResend(userId: string): Promise<void> {
    return this.take(
      'verification-resend',
      [{ key: this.counter.key('verify-resend-user', userId), limit: this.config.VERIFICATION_RESEND_MAX_PER_HOUR }],
      'too many verification mails asked for',
    );
  }

  /**
   * One password reset request, counted against the e-mail (known or not: the same answer) and the client address
   * (PASSWORD_RESET_MAX_PER_EMAIL, PASSWORD_RESET_MAX_PER_ADDRESS an hour).
   */
  beforePasswordReset(email: string, ip: string): Promise<void> {
    return this.take(
      'password-reset',
      [
        { key: this.counter.key('reset-email', email), limit: this.config.PASSWORD_RESET_MAX_PER_EMAIL },
        { key: this.counter.key('reset-ip', ip), limit: this.config.PASSWORD_RESET_MAX_PER_ADDRESS },
      ],
      'too many password reset requests',
    );
  }

  private async take(what: string, counters: Counted[], message: string): Promise<void> {
    const take = await this.counter.take(what, counters, HOUR_MS);
    if (take.admitted) return;
    throw new ApiError(
      'TooManyRequests',
      message,
      `Wait ${take.resetSeconds} s (Retry-After), then look for the mail we sent already (and the spam folder).`,
      { retry_after_seconds: take.resetSeconds },
    );
  }
}
