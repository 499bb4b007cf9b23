import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import type { Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { OutboundCountersRepository } from './outbound-counters.repository';

/** What the platform sends on a user's word: a channel's test message, the confirmation mails of its recipients. */
export type OutboundAction = 'test-send' | 'confirm-mail';

const WHAT: Record<OutboundAction, string> = {
  'test-send': 'test messages',
  'confirm-mail': 'confirmation mails',
};

/**
 * Fixed-window throttles of outbound sends per user and per organisation, counted in PostgreSQL
 * (outbound_counters) so that every api-gateway replica shares them and a parallel burst cannot walk through:
 * one upsert adds one to both counters of the window and answers the new counts.
 */
@Injectable()
export class OutboundThrottle {
  private calls = 0;

  constructor(
    private readonly counters: OutboundCountersRepository,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly env: ApiGatewayConfig,
  ) {}

  /** Counts one send of `action` for the caller and its organisation; 429 (retry_after_seconds) over a limit. */
  async take(action: OutboundAction, caller: Principal): Promise<void> {
    const windowMs = this.env.OUTBOUND_WINDOW_SECONDS * 1000;
    const now = this.clock.nowMs();
    const start = new Date(Math.floor(now / windowMs) * windowMs);
    const userKey = `${action}:user:${caller.userId}`;
    const orgKey = `${action}:org:${caller.orgId}`;
    const counts = await this.counters.add([userKey, orgKey], start);
    if (++this.calls % 200 === 0) void this.counters.forgetBefore(start).catch(() => undefined);
    const count = (key: string) => counts.get(key) ?? 0;
    const perUser = this.env.OUTBOUND_PER_USER;
    const perOrg = this.env.OUTBOUND_PER_ORG;
    const over =
      count(userKey) > perUser ? `${perUser} per user` : count(orgKey) > perOrg ? `${perOrg} per organisation` : null;
    if (!over) return;
    const retryAfter = Math.max(1, Math.ceil((start.getTime() + windowMs - now) / 1000));
    const minutes = Math.round(this.env.OUTBOUND_WINDOW_SECONDS / 60);
    throw new ApiError(
      'TooManyRequests',
      `too many ${WHAT[action]}: at most ${over} every ${minutes} minutes`,
      `Wait ${retryAfter} s (Retry-After) and try again.`,
      { retry_after_seconds: retryAfter, limit: over },
    );
  }
}
