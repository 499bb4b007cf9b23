import type { ChannelKind } from '@app/contracts';

/** Requests per window each kind of destination accepts (Discord: 5 per 2 s per webhook; Telegram: 1/s per chat). */
export const DESTINATION_LIMITS: Record<ChannelKind, { requests: number; perMs: number }> = {
  discord: { requests: 5, perMs: 2000 },
  slack: { requests: 1, perMs: 1000 },
  teams: { requests: 4, perMs: 1000 },
  webhook: { requests: 10, perMs: 1000 },
  email: { requests: 5, perMs: 1000 },
  telegram: { requests: 1, perMs: 1000 },
};

interface Bucket {
  tokens: number;
  updatedAt: number;
  pausedUntil: number;
}

/**
 * A token bucket per destination (channel), so a burst of incidents does not run into the receiver's rate limit;
 * a 429's `retry_after` pauses the destination for everyone on this replica.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limits: Record<ChannelKind, { requests: number; perMs: number }> = DESTINATION_LIMITS) {}

  /** Takes a token for a request now; returns 0 when it may go, else how many ms to wait first. */
  take(destination: string, kind: ChannelKind, now = Date.now()): number {
    const { requests, perMs } = this.limits[kind];
    const bucket = this.buckets.get(destination) ?? { tokens: requests, updatedAt: now, pausedUntil: 0 };
    this.buckets.set(destination, bucket);
    if (bucket.pausedUntil > now) return bucket.pausedUntil - now;
    bucket.tokens = Math.min(requests, bucket.tokens + ((now - bucket.updatedAt) * requests) / perMs);
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) * perMs) / requests);
  }

  /** The receiver asked us to wait (429 retry_after). */
  pause(destination: string, ms: number, now = Date.now()): void {
    const bucket = this.buckets.get(destination) ?? { tokens: 0, updatedAt: now, pausedUntil: 0 };
    bucket.pausedUntil = Math.max(bucket.pausedUntil, now + ms);
    bucket.tokens = 0;
    this.buckets.set(destination, bucket);
  }
}
