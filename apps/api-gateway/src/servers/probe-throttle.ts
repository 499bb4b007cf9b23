import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { ProbeRateRepository, WINDOW_SECONDS, type WindowCount } from './probe-rate.repository';

/**
 * Outbound probes to game servers (a registration's provisioning probe, a diagnosis) per user and per organisation
 * per minute: each probe is a handful of connections the platform opens to an address a user chose, so they are
 * rationed. Fixed windows on the database's clock in `probe_rate_windows`, counted by one atomic upsert per
 * subject: shared by every replica, and a burst of parallel requests cannot walk past the limit.
 */
@Injectable()
export class ProbeThrottle {
  constructor(
    private readonly windows: ProbeRateRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  /** Counts one probe of `userId` in `orgId`; throws 429 TooManyRequests (with Retry-After) over either limit. */
  async take(userId: string, orgId: string): Promise<void> {
    const user = await this.windows.count(`user:${userId}`);
    if (user.count > this.config.PROBE_LIMIT_PER_USER) throw refused('you', this.config.PROBE_LIMIT_PER_USER, user);
    const org = await this.windows.count(`org:${orgId}`);
    if (org.count > this.config.PROBE_LIMIT_PER_ORG)
      throw refused('this organisation', this.config.PROBE_LIMIT_PER_ORG, org);
  }
}

function refused(who: string, limit: number, window: WindowCount): ApiError {
  return new ApiError(
    'TooManyRequests',
    `${who} started more than ${limit} server probes (registrations and diagnoses) in a minute`,
    `Wait ${window.retryAfter} s (Retry-After), then try again.`,
    { limit, window_seconds: WINDOW_SECONDS },
  ).retryAfter(window.retryAfter);
}
