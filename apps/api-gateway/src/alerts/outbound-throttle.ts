import { Db, PrismaService } from '@app/database';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import type { Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';

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
    private readonly prisma: PrismaService,
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
    const rows = await this.prisma.$queryRaw<{ key: string; count: number }[]>(
      Db.Prisma.sql`INSERT INTO outbound_counters (key, window_start, count)
        SELECT k, ${start}, 1 FROM unnest(${[userKey, orgKey]}::text[]) AS k
        ON CONFLICT (key, window_start) DO UPDATE SET count = outbound_counters.count + 1
        RETURNING key, count`,
    );
    if (++this.calls % 200 === 0) void this.sweep(start);
    const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
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

  /** Forgets windows that ended (best effort: a failure leaves them for the next sweep). */
  private async sweep(current: Date): Promise<void> {
    await this.prisma
      .$executeRaw(Db.Prisma.sql`DELETE FROM outbound_counters WHERE window_start < ${current}`)
      .catch(() => undefined);
  }
}
