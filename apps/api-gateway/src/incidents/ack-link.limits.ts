import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { PublicLimits, type PublicLimit } from '../common/public-limits';

/**
 * The rate limit of an alert's acknowledge link (no sign-in, the token in the path; each request asks alerting over
 * NATS): SHARE_RATE_PER_ADDRESS a minute per client address, shared by every replica (see {@link PublicLimits}).
 */
@Injectable()
export class AckLinkLimits {
  private readonly perAddress: PublicLimit;

  constructor(limits: PublicLimits, @Inject(SERVICE_CONFIG) config: ApiGatewayConfig) {
    this.perAddress = limits.limit('ack_link_address', config.SHARE_RATE_PER_ADDRESS, {
      what: 'acknowledge-link requests from this address',
      remedy: (wait) => `Wait ${wait} s (Retry-After) and open the link again.`,
    });
  }

  /** Spends the address's allowance; throws 429 TooManyRequests (Retry-After) when it is used up. */
  admit(address: string): Promise<void> {
    return this.perAddress.admit(address);
  }
}
