import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** An incident row with its server's name. */
export interface IncidentRecord {
  id: string;
  server_id: string;
  server_name: string;
  rule_id: string | null;
  rule_kind: string;
  rule_name: string;
  severity: string;
  instance: string;
  state: 'open' | 'resolved';
  summary: string;
  details: { title?: string; label?: string | null };
  opened_at: Date;
  fired_at: Date | null;
  resolved_at: Date | null;
  peak: { value: number; at: string; label: string } | null;
  silenced: boolean;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
}

/** A delivery row with its channel and summary. */
export interface DeliveryRecord {
  id: string;
  incident_id: string;
  channel_id: string;
  channel_name: string;
  channel_kind: string;
  event: string;
  status: string;
  attempts: number;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  response_status: number | null;
  error: string | null;
  sent_at: Date | null;
  created_at: Date;
  summary: string;
}

/** One attempt of a delivery. */
export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  retryAfterMs: number | null;
}

/** The position after which a page starts (newest first). */
export interface PageAfter {
  at: Date;
  id: string;
}

export interface IncidentFilter {
  serverId: string | null;
  state: 'open' | 'resolved' | null;
  from: Date | null;
  to: Date | null;
  after: PageAfter | null;
  limit: number;
  id: string | null;
}

export interface DeliveryFilter {
  incidentId: string | null;
  channelId: string | null;
  status: string | null;
  after: PageAfter | null;
  limit: number;
}

/** Times travel as ISO text, cast in SQL. */
const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Reads of incidents, deliveries and delivery attempts for the history and the delivery log (owner: alerting). */
@Injectable()
export class IncidentLogRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first (by opening time, then id). */
  incidents(orgId: string, f: IncidentFilter): Promise<IncidentRecord[]> {
    return this.prisma.$queryRaw<IncidentRecord[]>(Db.Prisma.sql`
      SELECT i.id, i.server_id, s.name AS server_name, i.rule_id, i.rule_kind, i.rule_name, i.severity, i.instance,
             i.state::text AS state, i.summary, i.details, i.opened_at, i.fired_at, i.resolved_at, i.peak, i.silenced,
             i.acknowledged_at, i.acknowledged_by
        FROM incidents i JOIN servers s ON s.id = i.server_id
       WHERE i.org_id = ${orgId}::uuid
         AND (${f.serverId}::uuid IS NULL OR i.server_id = ${f.serverId}::uuid)
         AND (${f.state}::text IS NULL OR i.state::text = ${f.state}::text)
         AND (${iso(f.from)}::timestamptz IS NULL OR COALESCE(i.resolved_at, 'infinity') >= ${iso(f.from)}::timestamptz)
         AND (${iso(f.to)}::timestamptz IS NULL OR i.opened_at <= ${iso(f.to)}::timestamptz)
         AND (${iso(f.after?.at)}::timestamptz IS NULL
              OR (i.opened_at, i.id) < (${iso(f.after?.at)}::timestamptz, ${f.after?.id ?? null}::uuid))
         AND (${f.id}::uuid IS NULL OR i.id = ${f.id}::uuid)
       ORDER BY i.opened_at DESC, i.id DESC LIMIT ${f.limit}`);
  }

  /** Deliveries of the organisation's incidents, newest first (by creation, then id). */
  deliveries(orgId: string, f: DeliveryFilter): Promise<DeliveryRecord[]> {
    return this.prisma.$queryRaw<DeliveryRecord[]>(Db.Prisma.sql`
      SELECT d.id, d.incident_id, d.channel_id, c.name AS channel_name, c.kind::text AS channel_kind, d.event,
             d.status::text AS status, d.attempts, d.last_attempt_at, d.next_attempt_at, d.response_status, d.error,
             d.sent_at, d.created_at, COALESCE(d.message->>'summary', i.summary) AS summary
        FROM deliveries d JOIN notification_channels c ON c.id = d.channel_id JOIN incidents i ON i.id = d.incident_id
       WHERE i.org_id = ${orgId}::uuid
         AND (${f.incidentId}::uuid IS NULL OR d.incident_id = ${f.incidentId}::uuid)
         AND (${f.channelId}::uuid IS NULL OR d.channel_id = ${f.channelId}::uuid)
         AND (${f.status}::text IS NULL OR d.status::text = ${f.status}::text)
         AND (${iso(f.after?.at)}::timestamptz IS NULL
              OR (d.created_at, d.id) < (${iso(f.after?.at)}::timestamptz, ${f.after?.id ?? null}::uuid))
       ORDER BY d.created_at DESC, d.id DESC LIMIT ${f.limit}`);
  }

  /** The attempts of the given deliveries, in order. */
  attempts(deliveryIds: readonly string[]): Promise<AttemptRecord[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.prisma.deliveryAttempt.findMany({
      where: { deliveryId: { in: [...deliveryIds] } },
      orderBy: [{ deliveryId: 'asc' }, { attempt: 'asc' }],
      select: {
        deliveryId: true,
        attempt: true,
        at: true,
        statusCode: true,
        error: true,
        durationMs: true,
        retryAfterMs: true,
      },
    });
  }
}
