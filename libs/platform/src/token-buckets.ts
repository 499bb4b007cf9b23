/** The answer of {@link TokenBuckets.take}: allowed, or refused with how long until one token is back. */
export type BucketAnswer = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface TokenBucketOptions {
  /** Requests allowed per minute on average; also the burst (a full bucket). */
  perMinute: number;
  /** Keys kept at most (a flood of distinct keys cannot grow memory): the oldest key is dropped first. */
  maxKeys?: number;
}

/**
 * Token buckets per key (a client address, a share token), in memory: each key may spend `perMinute` requests in
 * a burst, refilled continuously at `perMinute` a minute. Full buckets are forgotten (a new key starts full), so
 * only keys that spent something are kept, at most `maxKeys` of them (the oldest goes first: it has refilled most).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();
  private readonly capacity: number;
  private readonly perMs: number;
  private readonly maxKeys: number;

  constructor(options: TokenBucketOptions) {
    this.capacity = options.perMinute;
    this.perMs = options.perMinute / 60_000;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** Spends one token of `key`'s bucket at `nowMs`, or says how many seconds until one is back. */
  take(key: string, nowMs: number): BucketAnswer {
    const tokens = this.level(key, nowMs);
    if (tokens < 1) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)) };
    this.buckets.delete(key);
    if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    this.buckets.set(key, { tokens: tokens - 1, atMs: nowMs });
    return { ok: true };
  }

  /** Gives back a token spent on something that turned out not to count (never above a full bucket). */
  refund(key: string, nowMs: number): void {
    const bucket = this.buckets.get(key);
    if (!bucket) return;
    bucket.tokens = Math.min(this.capacity, this.level(key, nowMs) + 1);
    bucket.atMs = nowMs;
  }

  /** Whether `key` has at least one token left at `nowMs` (spends nothing). */
  has(key: string, nowMs: number): boolean {
    return this.level(key, nowMs) >= 1;
  }

  /** Keys currently kept (for tests and metrics). */
  get size(): number {
    return this.buckets.size;
  }

  private level(key: string, nowMs: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.capacity;
    const tokens = Math.min(this.capacity, bucket.tokens + Math.max(0, nowMs - bucket.atMs) * this.perMs);
    if (tokens >= this.capacity) this.buckets.delete(key);
    return tokens;
  }
}

/**
 * Keys remembered for a while, at most `maxEntries` (the oldest goes first): e.g. share tokens known to be invalid,
 * answered without asking PostgreSQL again.
 */
export class ExpiringSet {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  add(key: string, nowMs: number): void {
    this.until.delete(key);
    if (this.until.size >= this.maxEntries) this.until.delete(this.until.keys().next().value as string);
    this.until.set(key, nowMs + this.ttlMs);
  }

  has(key: string, nowMs: number): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > nowMs) return true;
    this.until.delete(key);
    return false;
  }

  clear(): void {
    this.until.clear();
  }

  get size(): number {
    return this.until.size;
  }
}
