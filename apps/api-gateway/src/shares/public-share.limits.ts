import { Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { MetricsService } from '@app/observability';
import { Clock, ExpiringSet, SERVICE_CONFIG } from '@app/platform';
import { hashToken } from '@app/secrets';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Counter } from 'prom-client';
import type { ApiGatewayConfig } from '../app.config';
import { PublicLimits, type PublicLimit } from '../common/public-limits';
import { ApiError } from '../http/api-error';
import { SharesService } from './shares.service';

/** An answer kept for a few seconds: the body, and the Link header of a paged answer. */
interface CachedAnswer {
  body: unknown;
  link: string | undefined;
}

const NEGATIVE_ENTRIES = 50_000;
const ANSWER_ENTRIES = 10_000;

const remedy = (wait: number) =>
  `Wait ${wait} s (Retry-After) and try again; a share link's data changes every few seconds at most.`;

/**
 * What keeps the share API (no sign-in, a token in the path) from being a free way to load PostgreSQL: a rate limit
 * per client address over every request, one per token over the answers actually computed, and a small one per
 * address for tokens that turn out not to be valid; tokens found invalid are remembered (404 without a query) and
 * answers are reused for a few seconds per token, path and query. The rate limits are shared by every replica
 * (Redis, see {@link PublicLimits}: limits share_address, share_token, share_unknown_token of
 * gsm_public_rate_limited_total); the two caches are each replica's own.
 */
@Injectable()
export class PublicShareLimits implements OnModuleInit {
  private readonly perAddress: PublicLimit;
  private readonly perToken: PublicLimit;
  private readonly unknownPerAddress: PublicLimit;
  private readonly invalid: ExpiringSet;
  private readonly answers = new Map<string, { atMs: number; value: Promise<CachedAnswer> }>();
  private readonly pendingLookups = new Map<string, Promise<void>>();
  private readonly answerTtlMs: number;
  private readonly cacheHits: Counter<'cache'>;
  private readonly lookups: Counter<'outcome'>;

  constructor(
    private readonly shares: SharesService,
    private readonly messaging: Messaging,
    private readonly clock: Clock,
    metrics: MetricsService,
    limits: PublicLimits,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.perAddress = limits.limit('share_address', config.SHARE_RATE_PER_ADDRESS, {
      what: 'requests from this address',
      remedy,
    });
    this.perToken = limits.limit('share_token', config.SHARE_RATE_PER_TOKEN, {
      what: 'requests for this share link',
      remedy,
    });
    const unknown = { what: 'requests with unknown share links from this address', remedy };
    this.unknownPerAddress = limits.limit('share_unknown_token', config.SHARE_UNKNOWN_PER_ADDRESS, unknown);
    this.invalid = new ExpiringSet(config.SHARE_NEGATIVE_CACHE_MS, NEGATIVE_ENTRIES);
    this.answerTtlMs = config.SHARE_ANSWER_CACHE_MS;
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
    await this.perAddress.admit(address);
    const tokenHash = hashToken(token);
    if (this.invalid.has(tokenHash, this.clock.nowMs())) {
      this.cacheHits.inc({ cache: 'negative' });
      await this.unknownPerAddress.admit(address);
      return this.shares.invalid();
    }
    if (this.shares.cached(token)) {
      await this.resolve(token, tokenHash);
      return { tokenHash };
    }
    // A token not cached costs a query: an address spends its small allowance first, refunded if the token is valid.
    // Concurrent requests of one address for one such token share the lookup and its one unit of the allowance (the
    // allowance is counted in Redis, so without this every request of a burst would spend one while the first waits).
    const key = `${tokenHash} ${address}`;
    let lookup = this.pendingLookups.get(key);
    if (!lookup) {
      lookup = this.unknownPerAddress.admit(address).then(() => this.resolve(token, tokenHash, address));
      this.pendingLookups.set(key, lookup);
      const settled = () => this.pendingLookups.delete(key);
      lookup.then(settled, settled);
    }
    await lookup;
    return { tokenHash };
  }

  /**
   * Resolves the token (404 when invalid, remembered); `lookupBy`: the address whose allowance paid for a lookup of a
   * token that was not cached (refunded when it is valid).
   */
  private async resolve(token: string, tokenHash: string, lookupBy?: string): Promise<void> {
    const lookup = lookupBy !== undefined;
    try {
      await this.shares.resolve(token);
      if (lookup) {
        this.lookups.inc({ outcome: 'valid' });
        await this.unknownPerAddress.refund(lookupBy);
      }
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
    // Kept at once (before the token's allowance is asked): concurrent requests for the key share one answer.
    const entry = { atMs: now, value: this.perToken.admit(tokenHash).then(compute) };
    if (this.answerTtlMs > 0) {
      if (this.answers.size >= ANSWER_ENTRIES) this.evictAnswers(now);
      this.answers.set(key, entry);
      entry.value.catch(() => {
        if (this.answers.get(key) === entry) this.answers.delete(key);
      });
    }
    return entry.value;
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
