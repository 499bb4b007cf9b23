import { MetricsService } from '@app/observability';
import { Clock, SERVICE_CONFIG, TokenBuckets } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';

/**
 * The rate limit of an alert's acknowledge link (no sign-in, the token in the path; each request asks alerting over
 * NATS): the share API's token bucket per client address (SHARE_RATE_PER_ADDRESS a minute). Per replica, in memory.
 */
@Injectable()
export class AckLinkLimits {
  private readonly perAddress: TokenBuckets;
  private readonly rejected: Counter;

  constructor(
    private readonly clock: Clock,
    metrics: MetricsService,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.perAddress = new TokenBuckets({ perMinute: config.SHARE_RATE_PER_ADDRESS });
    this.rejected = metrics.counter('gsm_ack_link_rejected_total', 'Acknowledge-link requests refused with 429', []);
  }

  /** Spends the address's allowance; throws 429 TooManyRequests (Retry-After) when it is used up. */
  admit(address: string): void {
    const taken = this.perAddress.take(address, this.clock.nowMs());
    if (taken.ok) return;
    this.rejected.inc();
    throw new ApiError(
      'TooManyRequests',
      'too many acknowledge-link requests from this address',
      `Wait ${taken.retryAfterSeconds} s (Retry-After) and open the link again.`,
      { retry_after_seconds: taken.retryAfterSeconds },
    );
  }
}
