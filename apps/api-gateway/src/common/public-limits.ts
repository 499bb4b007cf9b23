import { MetricsService } from '@app/observability';
import { AttemptCounter, Clock, SharedRateLimit, type BucketAnswer } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { ApiError } from '../http/api-error';

/** What a refused request is told: what was too many, and what to do (the wait in seconds is given). */
export interface Refusal {
  what: string;
  remedy: (retryAfterSeconds: number) => string;
}

/**
 * One named rate limit of the public endpoints (no sign-in: share links, acknowledge links, status pages) per
 * subject, shared by every replica through Redis (see {@link SharedRateLimit}); a refusal is a 429 TooManyRequests
 * with Retry-After and counts in gsm_public_rate_limited_total{limit}.
 */
export class PublicLimit {
  constructor(
    private readonly name: string,
    private readonly shared: SharedRateLimit,
    private readonly rejected: Counter<'limit'>,
    private readonly refusal: Refusal,
  ) {}

  /** Spends one request of `subject` (all replicas together); throws 429 when its minute's allowance is used up. */
  async admit(subject: string): Promise<void> {
    this.check(await this.shared.take(subject));
  }

  /** Gives back a request that turned out not to count. */
  refund(subject: string): Promise<void> {
    return this.shared.refund(subject);
  }

  private check(answer: BucketAnswer): void {
    if (answer.ok) return;
    this.rejected.inc({ limit: this.name });
    throw new ApiError(
      'TooManyRequests',
      `too many ${this.refusal.what}`,
      this.refusal.remedy(answer.retryAfterSeconds),
      { retry_after_seconds: answer.retryAfterSeconds },
    );
  }
}

/**
 * Makes the public endpoints' rate limits: per client address (or per share token), a minute's allowance in Redis
 * shared by every replica. Without Redis each limit falls back to the replica's own token bucket of the same size
 * (documented in docs/security/shares.md): a public page keeps answering, still limited, and
 * gsm_public_rate_limits_local_total counts the requests so decided.
 */
@Injectable()
export class PublicLimits {
  private readonly logger = new Logger('PublicLimits');
  private readonly rejected: Counter<'limit'>;
  private readonly local: Counter<'limit'>;
  private lastWarning = 0;

  constructor(
    private readonly counter: AttemptCounter,
    private readonly clock: Clock,
    metrics: MetricsService,
  ) {
    this.rejected = metrics.counter(
      'gsm_public_rate_limited_total',
      'Public (no sign-in) requests refused with 429, by limit',
      ['limit'],
    );
    this.local = metrics.counter(
      'gsm_public_rate_limits_local_total',
      "Public requests limited by the replica's own bucket because Redis could not be reached, by limit",
      ['limit'],
    );
  }

  /** A limit named `name` (its metric label and Redis key) of `perMinute` requests per subject. */
  limit(name: string, perMinute: number, refusal: Refusal): PublicLimit {
    const shared = new SharedRateLimit(this.counter, this.clock, {
      name,
      perMinute,
      onLocal: (error) => this.wentLocal(name, error),
    });
    return new PublicLimit(name, shared, this.rejected, refusal);
  }

  private wentLocal(name: string, error: Error): void {
    this.local.inc({ limit: name });
    const now = this.clock.nowMs();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    this.logger.warn({ err: error.message }, "public rate limits per replica: Redis unavailable (each replica's own)");
  }
}
