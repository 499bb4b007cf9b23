import { MetricsService } from '@app/observability';
import { Clock, SERVICE_CONFIG, TokenBuckets } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';

/** Which allowance a public status request spends: reading (page, feed, badges, JSON) or subscribing. */
export type StatusPageUse = 'read' | 'subscribe';

/**
 * The rate limits of the public status pages (no sign-in), the share API's: a token bucket per client address over
 * every read (SHARE_RATE_PER_ADDRESS a minute), and a small one per address for subscriptions, confirmations and
 * unsubscriptions (SHARE_UNKNOWN_PER_ADDRESS: each may send a mail or write a row). The answers themselves are cached
 * per page by PublicStatusService. Per replica, in memory.
 */
@Injectable()
export class StatusPageLimits {
  private readonly reads: TokenBuckets;
  private readonly writes: TokenBuckets;
  private readonly rejected: Counter<'use'>;

  constructor(
    private readonly clock: Clock,
    metrics: MetricsService,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.reads = new TokenBuckets({ perMinute: config.SHARE_RATE_PER_ADDRESS });
    this.writes = new TokenBuckets({ perMinute: config.SHARE_UNKNOWN_PER_ADDRESS });
    this.rejected = metrics.counter('gsm_status_page_rejected_total', 'Public status page requests refused with 429', [
      'use',
    ]);
  }

  /** Spends the address's allowance; throws 429 TooManyRequests (Retry-After) when it is used up. */
  admit(address: string, use: StatusPageUse): void {
    const now = this.clock.nowMs();
    const taken = (use === 'read' ? this.reads : this.writes).take(address, now);
    if (taken.ok) return;
    this.rejected.inc({ use });
    throw new ApiError(
      'TooManyRequests',
      `too many ${use === 'read' ? 'status page requests' : 'subscription requests'} from this address`,
      `Wait ${taken.retryAfterSeconds} s (Retry-After) and try again; a status page changes every few seconds at most.`,
      { retry_after_seconds: taken.retryAfterSeconds },
    );
  }
}
