import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { RequiredCounters } from '../throttle/required-counters';

const WINDOW_MS = 15 * 60_000;

/**
 * Counts SSO starts per client address (SSO_START_MAX_PER_ADDRESS) and per e-mail (a tenth of it, at least 5) in
 * Redis, shared by every replica: a start writes a row and names an organisation's domain, so it is rationed like
 * sign-in. Fails closed (503) without Redis, as sign-in does.
 */
@Injectable()
export class SsoThrottle {
  constructor(
    private readonly counter: RequiredCounters,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  async beforeStart(email: string, ip: string): Promise<void> {
    const perAddress = this.config.SSO_START_MAX_PER_ADDRESS;
    const counters = [
      { key: this.counter.key('sso-start-ip', ip), limit: perAddress },
      { key: this.counter.key('sso-start-email', email), limit: Math.max(5, Math.floor(perAddress / 10)) },
    ];
    const take = await this.counter.take('single sign-on', counters, WINDOW_MS);
    if (!take.admitted)
      throw new ApiError(
        'TooManyRequests',
        'too many single sign-on attempts from this address or for this e-mail',
        `Wait ${take.resetSeconds} s before trying again.`,
        { retry_after_seconds: take.resetSeconds },
      );
  }
}
