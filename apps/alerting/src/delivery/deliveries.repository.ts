import type { ChannelKind, Locale } from '@app/contracts';
import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A delivery this worker holds while it sends it. */
export interface ClaimedDelivery {
  id: string;
  incident_id: string;
  channel_id: string;
  event: string;
  attempts: number;
  failures: number;
  message: Record<string, unknown>;
  /**
   * When an earlier attempt's request was written to the receiver without its answer being recorded (its worker
   * stopped in between); null normally.
   */
  sending_since: Date | null;
}

/** A channel as the sender needs it; `config_enc` is the sealed settings. */
export interface SendableChannel {
  id: string;
  org_id: string;
  kind: ChannelKind;
  name: string;
  enabled: boolean;
  /** The language its messages are written in. */
  locale: Locale;
  config_enc: Uint8Array;
}

/** A delivery whose job went missing (or was never published). */
export interface OverdueDelivery {
  id: string;
  incident_id: string;
  channel_id: string;
  kind: ChannelKind;
  event: string;
  attempts: number;
}

/** How an attempt went, to be logged and applied to its delivery in one transaction. */
export interface AttemptOutcome {
  attempt: number;
  failures: number;
  status: 'sent' | 'failed' | 'dead';
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  retryAfterMs: number | null;
  /** When failed: try again after this many milliseconds. */
  delayMs: number | null;
}

/**
 * deliveries and delivery_attempts as the delivery workers use them (owner: alerting). Claims, retry times and the
 * sweep's overdue test use the database's clock: every replica then agrees on who holds a delivery until when.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Claims a pending or failed delivery nobody holds, for `holdSeconds`; null if it is not claimable. */
  async claim(id: string, holdSeconds: number): Promise<ClaimedDelivery | null> {
    const rows = await this.prisma.$queryRaw<ClaimedDelivery[]>(Db.Prisma.sql`
      UPDATE deliveries SET claimed_until = now() + make_interval(secs => ${holdSeconds}::int), updated_at = now()
       WHERE id = ${id}::uuid AND status IN ('pending', 'failed') AND (claimed_until IS NULL OR claimed_until < now())
       RETURNING id, incident_id, channel_id, event, attempts, failures, message, sending_since`);
    return rows[0] ?? null;
  }

  /** The delivery's status, or null when it is gone. */
  async status(id: string): Promise<string | null> {
    const rows = await this.prisma.$queryRaw<{ status: string }[]>(
      Db.Prisma.sql`SELECT status::text FROM deliveries WHERE id = ${id}::uuid`,
    );
    return rows[0]?.status ?? null;
  }

  async channel(id: string): Promise<SendableChannel | null> {
    const rows = await this.prisma.$queryRaw<SendableChannel[]>(Db.Prisma.sql`
      SELECT id, org_id, kind, name, enabled, locale::text AS locale, config_enc FROM notification_channels
       WHERE id = ${id}::uuid`);
    return rows[0] ?? null;
  }

  /**
   * Notes that the claimed delivery's request is about to be written to the receiver; the attempt's outcome clears
   * it. Committed before the first byte leaves: after a crash the next worker finds it and does not send again.
   */
  async markSending(id: string): Promise<void> {
    await this.prisma.$executeRaw(Db.Prisma.sql`UPDATE deliveries SET sending_since = now() WHERE id = ${id}::uuid`);
  }

  /** Logs the attempt and applies its outcome to the delivery (releasing the claim), in one transaction. */
  async recordAttempt(id: string, a: AttemptOutcome): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.$executeRaw(Db.Prisma.sql`
        INSERT INTO delivery_attempts (delivery_id, attempt, status_code, error, duration_ms, retry_after_ms)
        VALUES (${id}::uuid, ${a.attempt}::int, ${a.responseStatus}::int, ${a.error}, ${a.durationMs}::int,
                ${a.retryAfterMs}::int)`),
      this.prisma.$executeRaw(Db.Prisma.sql`
        UPDATE deliveries SET status = ${a.status}::delivery_status, attempts = ${a.attempt}::int,
               failures = ${a.failures}::int, last_attempt_at = now(), response_status = ${a.responseStatus}::int,
               error = ${a.error}, claimed_until = NULL, sending_since = NULL, updated_at = now(),
               sent_at = CASE WHEN ${a.status}::text = 'sent' THEN now() ELSE sent_at END,
               next_attempt_at = CASE WHEN ${a.delayMs}::int IS NULL THEN NULL
                                      ELSE now() + make_interval(secs => ${a.delayMs}::int / 1000.0) END
         WHERE id = ${id}::uuid`),
    ]);
  }

  /** Ends a delivery without sending it (skipped, or dead when it can never be sent). */
  async finish(id: string, status: 'skipped' | 'dead', reason: string, code: number | null): Promise<void> {
    await this.prisma.$executeRaw(Db.Prisma.sql`
      UPDATE deliveries SET status = ${status}::delivery_status, error = ${reason}, response_status = ${code}::int,
             claimed_until = NULL, sending_since = NULL, next_attempt_at = NULL, updated_at = now()
       WHERE id = ${id}::uuid`);
  }

  /** Gives the claim back, to be tried again after `waitMs`. */
  async release(id: string, waitMs: number): Promise<void> {
    await this.prisma.$executeRaw(Db.Prisma.sql`
      UPDATE deliveries SET claimed_until = NULL, sending_since = NULL,
             next_attempt_at = now() + make_interval(secs => ${waitMs}::int / 1000.0)
       WHERE id = ${id}::uuid`);
  }

  /** Pending or failed deliveries nobody holds whose next attempt is overdue by more than `graceMs` (oldest first). */
  overdue(graceMs: number, limit = 500): Promise<OverdueDelivery[]> {
    return this.prisma.$queryRaw<OverdueDelivery[]>(Db.Prisma.sql`
      SELECT d.id, d.incident_id, d.channel_id, c.kind, d.event, d.attempts FROM deliveries d
        JOIN notification_channels c ON c.id = d.channel_id
       WHERE d.status IN ('pending', 'failed') AND (d.claimed_until IS NULL OR d.claimed_until < now())
         AND COALESCE(d.next_attempt_at, d.created_at) < now() - make_interval(secs => ${graceMs}::int / 1000.0)
       ORDER BY d.created_at LIMIT ${limit}`);
  }
}
