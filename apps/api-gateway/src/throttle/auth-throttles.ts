import { AttemptCounter, SERVICE_CONFIG, type Take } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { RequiredCounters } from './required-counters';
import { ThrottleMetrics } from './throttle.metrics';

const LOGIN_WINDOW_MS = 15 * 60_000;
const REGISTER_WINDOW_MS = 60 * 60_000;
const SESSION_WINDOW_MS = 60_000;

const tooMany = (message: string, remedy: (wait: number) => string, wait: number) =>
  new ApiError('TooManyRequests', message, remedy(wait), { retry_after_seconds: wait });

/** What a session's request may carry as RateLimit-* headers. */
export interface SessionAllowance {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * The throttles of sign-in, sign-up and dashboard sessions, counted in Redis so that every replica shares them and a
 * parallel burst cannot walk through between a check and a write: each attempt is checked AND counted in one atomic
 * step before any password is hashed. Sign-in and sign-up fail closed (503) without Redis; a session's rate limit
 * fails open (the dashboard keeps working; the limit is about fairness, not about guessing passwords).
 */
@Injectable()
export class AuthThrottles {
  private readonly logger = new Logger('AuthThrottles');
  private lastOpenWarning = 0;

  constructor(
    private readonly counter: AttemptCounter,
    private readonly required: RequiredCounters,
    private readonly metrics: ThrottleMetrics,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  /**
   * Counts a sign-in attempt against its e-mail (LOGIN_MAX_FAILURES per 15 minutes) and its client address
   * (LOGIN_MAX_FAILURES_PER_ADDRESS); throws 429 when either is used up, 503 when Redis is away.
   */
  async beforeSignIn(email: string, ip: string): Promise<void> {
    const counters = [
      { key: this.counter.key('login-email', email), limit: this.config.LOGIN_MAX_FAILURES },
      { key: this.counter.key('login-ip', ip), limit: this.config.LOGIN_MAX_FAILURES_PER_ADDRESS },
    ];
    const take = await this.required.take('sign-in', counters, LOGIN_WINDOW_MS);
    if (!take.admitted) {
      throw tooMany(
        'too many failed sign-in attempts',
        (wait) => `Wait ${wait} s before trying again, or reset your password.`,
        take.resetSeconds,
      );
    }
  }

  /** A right password: the e-mail's failures are forgotten and the address gets this attempt back. */
  async signedIn(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.counter.clear(this.counter.key('login-email', email)),
      this.counter.refund([this.counter.key('login-ip', ip)]),
    ]).catch(() => undefined);
  }

  /**
   * Counts one proof (a TOTP or recovery code, or the password) given to turn the authenticator app off or to
   * regenerate the recovery codes, against the user (TWO_FACTOR_CODE_MAX_FAILURES per 15 minutes, on every replica
   * at once): a stolen session cannot guess its way to the second factor. 429 with Retry-After when used up, 503
   * without Redis; a right proof clears the count ({@link factorCodeAccepted}).
   */
  async beforeFactorCode(userId: string): Promise<void> {
    const counters = [
      { key: this.counter.key('factor-code-user', userId), limit: this.config.TWO_FACTOR_CODE_MAX_FAILURES },
    ];
    const take = await this.required.take('two-factor-code', counters, LOGIN_WINDOW_MS);
    if (!take.admitted) {
      throw tooMany(
        'too many wrong codes for the authenticator app',
        (wait) => `Wait ${wait} s before trying again; enter the code your authenticator app shows at that moment.`,
        take.resetSeconds,
      );
    }
  }

  /** A right proof: the user's failed factor codes are forgotten. */
  async factorCodeAccepted(userId: string): Promise<void> {
    await this.counter.clear(this.counter.key('factor-code-user', userId)).catch(() => undefined);
  }

  /** Counts a sign-up against its client address (REGISTER_MAX_PER_HOUR); 429 when used up, 503 without Redis. */
  async beforeSignUp(ip: string): Promise<void> {
    const counters = [{ key: this.counter.key('register-ip', ip), limit: this.config.REGISTER_MAX_PER_HOUR }];
    const take = await this.required.take('sign-up', counters, REGISTER_WINDOW_MS);
    if (!take.admitted) {
      throw tooMany(
        'too many sign-ups from this address',
        (wait) => `Wait ${wait} s before signing up again.`,
        take.resetSeconds,
      );
    }
  }

  /**
   * Counts one request of a dashboard session against its user's SESSION_RATE_LIMIT_PER_MINUTE; throws 429 when
   * used up. Without Redis the request passes (null: no headers).
   */
  async sessionRequest(userId: string): Promise<SessionAllowance | null> {
    const limit = this.config.SESSION_RATE_LIMIT_PER_MINUTE;
    let take: Take;
    try {
      take = await this.counter.take([{ key: this.counter.key('session-user', userId), limit }], SESSION_WINDOW_MS);
    } catch (error) {
      const now = Date.now();
      if (now - this.lastOpenWarning > 60_000) {
        this.lastOpenWarning = now;
        this.logger.warn({ err: (error as Error).message }, 'session rate limit not applied: Redis unavailable');
      }
      return null;
    }
    if (!take.admitted) {
      this.metrics.refused.inc({ throttle: 'session' });
      throw tooMany(
        `too many requests: a dashboard session may make ${limit} per minute`,
        (wait) =>
          `Wait ${wait} s. For automation use an API token (Pro plan or higher) instead of a dashboard session.`,
        take.resetSeconds,
      );
    }
    return { limit, remaining: Math.max(0, limit - take.count), resetSeconds: take.resetSeconds };
  }
}
