import { PrismaService, type Db } from '@app/database';
import { Injectable } from '@nestjs/common';

/** What is sent to one subscriber: a mail (subject and text, in its language) or a webhook's JSON body. */
export type OutboxPayload =
  { kind: 'email'; subject: string; body: string } | { kind: 'webhook'; event: string; body: Record<string, unknown> };

/** One notification to send: the subscriber and what it gets. */
export interface OutboxItem {
  subscriberId: string;
  payload: OutboxPayload;
}

/** A maintenance notice claimed once across replicas and restarts: a silence's announcement or one window's start. */
export interface NoticeClaim {
  silenceId: string;
  kind: 'announce' | 'start';
  occurrence: Date;
}

/** A claimed row with what sending it needs: the subscriber's address (or sealed URL) and its page. */
export interface DueNotification {
  id: string;
  payload: OutboxPayload;
  attempts: number;
  subscriberId: string;
  kind: string;
  email: string | null;
  webhookUrlSealed: Uint8Array | null;
  locale: string;
  pageId: string;
  slug: string;
  title: string;
}

/**
 * The status_outbox and status_maintenance_notices tables (owner: api-gateway): notifications are written here and
 * sent by whichever replica claims them (FOR UPDATE SKIP LOCKED and a lease), so none is lost to a restart and none
 * is sent twice by two replicas at once.
 */
@Injectable()
export class StatusOutboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Queues the items; with a claim, only when the claim is new (claim and rows in one transaction: a notice is
   * queued exactly once). Resolves whether anything was queued.
   */
  async enqueue(items: OutboxItem[], claim?: NoticeClaim): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      if (claim) {
        const claimed = await tx.$executeRaw`
          INSERT INTO status_maintenance_notices (silence_id, kind, occurrence)
          VALUES (${claim.silenceId}::uuid, ${claim.kind}, ${claim.occurrence})
          ON CONFLICT DO NOTHING`;
        if (claimed === 0) return false;
      }
      if (items.length > 0)
        await tx.statusOutbox.createMany({
          data: items.map((item) => ({
            subscriberId: item.subscriberId,
            payload: item.payload as unknown as Db.Prisma.InputJsonObject,
          })),
        });
      return true;
    });
  }

  /** Which of these notices were claimed already (keys `silenceId/kind/occurrence ms`). */
  async claimed(silenceIds: string[]): Promise<Set<string>> {
    if (silenceIds.length === 0) return new Set();
    const rows = await this.prisma.statusMaintenanceNotice.findMany({
      where: { silenceId: { in: silenceIds } },
      select: { silenceId: true, kind: true, occurrence: true },
    });
    return new Set(rows.map((r) => noticeKey(r)));
  }

  /** Takes up to `limit` due rows for `leaseMs` (another replica takes them again only after the lease). */
  claimDue(limit: number, leaseMs: number): Promise<DueNotification[]> {
    return this.prisma.$queryRaw<DueNotification[]>`
      WITH due AS (
        SELECT id FROM status_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND due_at <= now()
          AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      UPDATE status_outbox o
      SET claimed_until = now() + make_interval(secs => ${leaseMs / 1000}::float8), attempts = o.attempts + 1
      FROM due, status_subscribers s, status_pages p
      WHERE o.id = due.id AND s.id = o.subscriber_id AND p.id = s.page_id
      RETURNING o.id::text AS id, o.payload, o.attempts, s.id::text AS "subscriberId", s.kind, s.email,
        s.webhook_url_sealed AS "webhookUrlSealed", s.locale, p.id::text AS "pageId", p.slug, p.title`;
  }

  async sent(id: string): Promise<void> {
    await this.prisma.statusOutbox.update({ where: { id }, data: { sentAt: new Date(), claimedUntil: null } });
  }

  /** A failed attempt: tried again at `dueAt`, or given up when `dueAt` is null. The error names no address or URL. */
  async failedAttempt(id: string, error: string, dueAt: Date | null): Promise<void> {
    await this.prisma.statusOutbox.update({
      where: { id },
      data: dueAt
        ? { dueAt, claimedUntil: null, lastError: error.slice(0, 300) }
        : { failedAt: new Date(), claimedUntil: null, lastError: error.slice(0, 300) },
    });
  }
}

/** The key of a notice in {@link StatusOutboxRepository.claimed}'s set. */
export function noticeKey(claim: { silenceId: string; kind: string; occurrence: Date }): string {
  return `${claim.silenceId}/${claim.kind}/${claim.occurrence.getTime()}`;
}
