import { Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { MetricsService } from '@app/observability';
import { Clock, ExpiringSet, SERVICE_CONFIG, TokenBuckets } from '@app/platform';
import { hashToken } from '@app/secrets';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Counter } from 'prom-client';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { SharesService } from './shares.service';

/** Why a share request was refused with 429 (the `reason` label of gsm_share_rejected_total). */
type Rejection = 'address' | 'token' | 'unknown_token';

/** An answer kept for a few seconds: the body, and the Link header of a paged answer. */
interface CachedAnswer {
  body: unknown;
  link: string | undefined;
}

const NEGATIVE_ENTRIES = 50_000;
const ANSWER_ENTRIES = 10_000;

const tooMany = (what: string, retryAfterSeconds: number) =>
  new ApiError(
    'TooManyRequests',
    `too many requests ${what}`,
    `Wait ${retryAfterSeconds} s (Retry-After) and try again; a share link's data changes every few seconds at most.`,
    { retry_after_seconds: retryAfterSeconds },
  );

/**
 * What keeps the share API (no sign-in, a token in the path) from being a free way to load PostgreSQL: a token
 * bucket per client address over every request, one per token over the answers actually computed, and a small one
 * per address for tokens that turn out not to be valid; tokens found invalid are remembered (404 without a query)
 * and answers are reused for a few seconds per token, path and query. Per replica, in memory: N replicas allow N
 * times the rates, and each computes its own answers.
 */
@Injectable()
export class PublicShareLimits implements OnModuleInit {
  private readonly perAddress: TokenBuckets;
  private readonly perToken: TokenBuckets;
  private readonly unknownPerAddress: TokenBuckets;
  private readonly invalid: ExpiringSet;
  private readonly answers = new Map<string, { atMs: number; value: Promise<CachedAnswer> }>();
  private readonly answerTtlMs: number;
  private readonly rejected: Counter<'reason'>;
  private readonly cacheHits: Counter<'cache'>;
  private readonly lookups: Counter<'outcome'>;

  constructor(
    private readonly shares: SharesService,
    private readonly messaging: Messaging,
    private readonly clock: Clock,
    metrics: MetricsService,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.perAddress = new TokenBuckets({ perMinute: config.SHARE_RATE_PER_ADDRESS });
    this.perToken = new TokenBuckets({ perMinute: config.SHARE_RATE_PER_TOKEN });
    this.unknownPerAddress = new TokenBuckets({ perMinute: config.SHARE_UNKNOWN_PER_ADDRESS });
    this.invalid = new ExpiringSet(config.SHARE_NEGATIVE_CACHE_MS, NEGATIVE_ENTRIES);
    this.answerTtlMs = config.SHARE_ANSWER_CACHE_MS;
    this.rejected = metrics.counter('gsm_share_rejected_total', 'Share API requests refused with 429, by limit', [
      'reason',
    ]);
    this.cacheHits = metrics.counter(
      'gsm_share_cache_hits_total',
      'Share API requests answered from memory (answer: a recent answer; negative: a token known to be invalid)',
      ['cache'],
    );
    this.lookups = metrics.counter(
      'gsm_share_token_lookups_total',
      'Share tokens not in the cache, looked up in PostgreSQL, by outcome',
      ['outcome'],
    );
  }

  onModuleInit(): void {
    // A plan that gets share links back makes its links valid again at once.
    this.messaging.subscribe(Subjects.planChanged, () => this.invalid.clear());
  }

  /**
   * Admits a request for `token` from `address`: resolves the token (404 when invalid) and spends the address's
   * allowance; throws 429 TooManyRequests (with retry_after_seconds) when a limit is reached.
   */
  async admit(token: string, address: string): Promise<{ tokenHash: string }> {
    const now = this.clock.nowMs();
    this.spend(this.perAddress, address, now, 'address', 'from this address');
    const tokenHash = hashToken(token);
    if (this.invalid.has(tokenHash, now)) {
      this.cacheHits.inc({ cache: 'negative' });
      this.spend(this.unknownPerAddress, address, now, 'unknown_token', 'with invalid share links from this address');
      return this.shares.invalid();
    }
    // A token not cached costs a query: an address spends its small allowance first, refunded if the token is valid.
    const lookup = !this.shares.cached(token);
    if (lookup) this.spend(this.unknownPerAddress, address, now, 'unknown_token', 'with unknown share links');
    try {
      await this.shares.resolve(token);
      if (lookup) {
        this.lookups.inc({ outcome: 'valid' });
        this.unknownPerAddress.refund(address, now);
      }
      return { tokenHash };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NotFound') {
        this.invalid.add(tokenHash, this.clock.nowMs());
        if (lookup) this.lookups.inc({ outcome: 'invalid' });
      }
      throw error;
    }
  }

  /**
   * The answer for `key` (token hash, path and query): a recent one from memory, else `compute`'s, which spends the
   * token's allowance. Concurrent requests for the same key share one computation; failures are not kept.
   */
  async answer(tokenHash: string, key: string, compute: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const now = this.clock.nowMs();
    const hit = this.answers.get(key);
    if (hit && now - hit.atMs < this.answerTtlMs) {
      this.cacheHits.inc({ cache: 'answer' });
      return hit.value;
    }
    this.spend(this.perToken, tokenHash, now, 'token', 'for this share link');
    const entry = { atMs: now, value: compute() };
    if (this.answerTtlMs > 0) {
      if (this.answers.size >= ANSWER_ENTRIES) this.evictAnswers(now);
      this.answers.set(key, entry);
      entry.value.catch(() => {
        if (this.answers.get(key) === entry) this.answers.delete(key);
      });
    }
    return entry.value;
  }

  private spend(buckets: TokenBuckets, key: string, now: number, reason: Rejection, what: string): void {
    const taken = buckets.take(key, now);
    if (taken.ok) return;
    this.rejected.inc({ reason });
    throw tooMany(what, taken.retryAfterSeconds);
  }

  /** Drops expired answers; if all are fresh, the oldest half (a bound on memory). */
  private evictAnswers(now: number): void {
    for (const [key, entry] of this.answers) if (now - entry.atMs >= this.answerTtlMs) this.answers.delete(key);
    if (this.answers.size < ANSWER_ENTRIES) return;
    let drop = this.answers.size / 2;
    for (const key of this.answers.keys()) {
      if (drop-- <= 0) break;
      this.answers.delete(key);
    }
  }
}
