import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { RequiredCounters } from '../throttle/required-counters';

const WINDOW_MS = 60_000;

/**
 * Outbound probes to game servers (a registration's provisioning probe, a diagnosis) per user and per organisation
 * per minute: each probe is a handful of connections the platform opens to an address a user chose, so they are
 * rationed. The throttles' counters in Redis (one atomic check-and-count of both): shared by every replica, and a
 * burst of parallel requests cannot walk past the limit; without Redis no probe starts (503).
 */
@Injectable()
export class ProbeThrottle {
  constructor(
    private readonly counters: RequiredCounters,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  /** Counts one probe of `userId` in `orgId`; throws 429 TooManyRequests (with Retry-After) over either limit. */
  async take(userId: string, orgId: string): Promise<void> {
    const limits = [
      { who: 'you', limit: this.config.PROBE_LIMIT_PER_USER },
      { who: 'this organisation', limit: this.config.PROBE_LIMIT_PER_ORG },
    ];
    const take = await this.counters.take(
      'probing a server',
      [
        { key: this.counters.key('probe-user', userId), limit: limits[0]!.limit },
        { key: this.counters.key('probe-org', orgId), limit: limits[1]!.limit },
      ],
      WINDOW_MS,
    );
    if (take.admitted) return;
    const { who, limit } = limits[take.refusedBy ?? 0]!;
    throw new ApiError(
      'TooManyRequests',
      `${who} started more than ${limit} server probes (registrations and diagnoses) in a minute`,
      `Wait ${take.resetSeconds} s (Retry-After), then try again.`,
      { limit, window_seconds: WINDOW_MS / 1000 },
    ).retryAfter(take.resetSeconds);
  }
}
