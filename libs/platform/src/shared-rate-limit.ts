import type { AttemptCounter } from './attempt-counter';
import type { Clock } from './clock';
import { TokenBuckets, type BucketAnswer } from './token-buckets';

const MINUTE_MS = 60_000;

export interface SharedRateLimitOptions {
  /** Names the limit's counters in Redis (`<prefix>throttle:rate-<name>:<hash of the subject>`). */
  name: string;
  /** Requests per subject per minute. */
  perMinute: number;
  /** Subjects kept at most by the replica's own buckets (used while Redis is away). */
  maxKeys?: number;
  /** Told each time Redis could not be reached and the replica's own bucket answered instead. */
  onLocal?: (error: Error) => void;
}

/**
 * A per-subject rate limit (a client address, a share token) shared by every replica: a fixed window of a minute
 * per subject in Redis, checked and counted in one atomic step ({@link AttemptCounter}), so N replicas together
 * admit `perMinute` a minute, not N times that, and a parallel burst cannot walk past it.
 *
 * Without Redis it falls back to the replica's own token bucket of the same size (each replica then admits up to
 * `perMinute` on its own): never unlimited, never a refusal of everyone because a cache is away.
 */
export class SharedRateLimit {
  private readonly local: TokenBuckets;

  constructor(
    private readonly counter: AttemptCounter,
    private readonly clock: Clock,
    private readonly options: SharedRateLimitOptions,
  ) {
    this.local = new TokenBuckets({ perMinute: options.perMinute, maxKeys: options.maxKeys });
  }

  /** Spends one request of `subject`: allowed, or refused with the seconds until its window ends. */
  async take(subject: string): Promise<BucketAnswer> {
    try {
      const taken = await this.counter.take([{ key: this.key(subject), limit: this.options.perMinute }], MINUTE_MS);
      return taken.admitted ? { ok: true } : { ok: false, retryAfterSeconds: taken.resetSeconds };
    } catch (error) {
      this.options.onLocal?.(error as Error);
      return this.local.take(subject, this.clock.nowMs());
    }
  }

  /** Gives back a request spent on something that turned out not to count. */
  async refund(subject: string): Promise<void> {
    try {
      await this.counter.refund([this.key(subject)]);
    } catch {
      this.local.refund(subject, this.clock.nowMs());
    }
  }

  private key(subject: string): string {
    return this.counter.key(`rate-${this.options.name}`, subject);
  }
}
