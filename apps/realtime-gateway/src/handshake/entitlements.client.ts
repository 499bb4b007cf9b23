import { Requests } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RealtimeGatewayConfig } from '../app.config';

/** billing-limits did not answer (or answered an error): the caller decides whether to refuse or keep going. */
export class EntitlementsUnavailableError extends Error {
  constructor(orgId: string, cause: unknown) {
    super(`billing-limits did not answer for organisation ${orgId}`, { cause });
    this.name = 'EntitlementsUnavailableError';
  }
}

/**
 * Whether an organisation's plan includes share links, asked of billing-limits over NATS request-reply. Answers
 * are reused for REALTIME_ENTITLEMENTS_CACHE_MS (many overlay viewers of one link cost one request); a plan change
 * drops the organisation's entry ({@link forget}).
 */
@Injectable()
export class EntitlementsClient {
  private readonly logger = new Logger(EntitlementsClient.name);
  private readonly cache = new Map<string, { at: number; answer: Promise<boolean> }>();

  constructor(
    private readonly messaging: Messaging,
    @Inject(SERVICE_CONFIG) private readonly config: RealtimeGatewayConfig,
    private readonly clock: Clock,
  ) {}

  /** Throws EntitlementsUnavailableError when billing-limits does not answer. `fresh` skips the cache. */
  shareLinksAllowed(orgId: string, options: { fresh?: boolean } = {}): Promise<boolean> {
    const now = this.clock.nowMs();
    const cached = this.cache.get(orgId);
    if (!options.fresh && cached && now - cached.at < this.config.REALTIME_ENTITLEMENTS_CACHE_MS) return cached.answer;
    const answer = this.messaging
      .request(Requests.entitlements, { orgId }, { timeoutMs: 2000 })
      .then((plan) => plan.shareLinks)
      .catch((error: unknown) => {
        if (this.cache.get(orgId)?.answer === answer) this.cache.delete(orgId);
        this.logger.warn(
          { orgId, err: (error as Error).message },
          'billing-limits did not answer an entitlements request',
        );
        throw new EntitlementsUnavailableError(orgId, error);
      });
    this.cache.set(orgId, { at: now, answer });
    if (this.cache.size > 10_000) {
      // Oldest first (a Map keeps insertion order): a bound, not an LRU; an evicted entry is asked again.
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return answer;
  }

  /** Drops what is known of an organisation's plan (it changed). */
  forget(orgId: string): void {
    this.cache.delete(orgId);
  }
}
