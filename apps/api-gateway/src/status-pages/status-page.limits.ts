import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { PublicLimits, type PublicLimit } from '../common/public-limits';

/** Which allowance a public status request spends: reading (page, feed, badges, JSON) or subscribing. */
export type StatusPageUse = 'read' | 'subscribe';

const REMEDY = 'try again; a status page changes every few seconds at most.';

/**
 * The rate limits of the public status pages (no sign-in), the share API's (see {@link PublicLimits}): per client
 * address over every read (SHARE_RATE_PER_ADDRESS a minute), and a small one per address for subscriptions,
 * confirmations and unsubscriptions (SHARE_UNKNOWN_PER_ADDRESS: each may send a mail or write a row). The answers
 * themselves are cached per page by PublicStatusService. Counted in Redis, so every replica shares them.
 */
@Injectable()
export class StatusPageLimits {
  private readonly reads: PublicLimit;
  private readonly writes: PublicLimit;

  constructor(limits: PublicLimits, @Inject(SERVICE_CONFIG) config: ApiGatewayConfig) {
    this.reads = limits.limit('status_read', config.SHARE_RATE_PER_ADDRESS, {
      what: 'status page requests from this address',
      remedy: (wait) => `Wait ${wait} s (Retry-After) and ${REMEDY}`,
    });
    this.writes = limits.limit('status_subscribe', config.SHARE_UNKNOWN_PER_ADDRESS, {
      what: 'subscription requests from this address',
      remedy: (wait) => `Wait ${wait} s (Retry-After) and ${REMEDY}`,
    });
  }

  /** Spends the address's allowance; throws 429 TooManyRequests (Retry-After) when it is used up. */
  admit(address: string, use: StatusPageUse): Promise<void> {
    return (use === 'read' ? this.reads : this.writes).admit(address);
  }
}
