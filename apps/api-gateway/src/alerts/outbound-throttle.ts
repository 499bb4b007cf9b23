import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import type { Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { RequiredCounters } from '../throttle/required-counters';

/** What the platform sends on a user's word: a channel's test message, the confirmation mails of its recipients. */
export type OutboundAction = 'test-send' | 'confirm-mail';

const WHAT: Record<OutboundAction, string> = {
  'test-send': 'test messages',
  'confirm-mail': 'confirmation mails',
};

/**
 * Fixed-window throttles of outbound sends per user and per organisation (OUTBOUND_WINDOW_SECONDS), in the
 * throttles' counters in Redis so that every api-gateway replica shares them and a parallel burst cannot walk
 * through: one atomic step checks both and counts both. Without Redis nothing is sent (503).
 */
@Injectable()
export class OutboundThrottle {
  constructor(
    private readonly counters: RequiredCounters,
    @Inject(SERVICE_CONFIG) private readonly env: ApiGatewayConfig,
  ) {}

  /** Counts one send of `action` for the caller and its organisation; 429 (retry_after_seconds) over a limit. */
  async take(action: OutboundAction, caller: Principal): Promise<void> {
    const limits = [`${this.env.OUTBOUND_PER_USER} per user`, `${this.env.OUTBOUND_PER_ORG} per organisation`];
    const take = await this.counters.take(
      `sending ${WHAT[action]}`,
      [
        { key: this.counters.key(`outbound-${action}-user`, caller.userId), limit: this.env.OUTBOUND_PER_USER },
        { key: this.counters.key(`outbound-${action}-org`, caller.orgId), limit: this.env.OUTBOUND_PER_ORG },
      ],
      this.env.OUTBOUND_WINDOW_SECONDS * 1000,
    );
    if (take.admitted) return;
    const over = limits[take.refusedBy ?? 0]!;
    const minutes = Math.round(this.env.OUTBOUND_WINDOW_SECONDS / 60);
    throw new ApiError(
      'TooManyRequests',
      `too many ${WHAT[action]}: at most ${over} every ${minutes} minutes`,
      `Wait ${take.resetSeconds} s (Retry-After) and try again.`,
      { retry_after_seconds: take.resetSeconds, limit: over },
    );
  }
}
