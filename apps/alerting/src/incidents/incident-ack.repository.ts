import type { IncidentActor } from '@app/contracts';
import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** The acknowledgement of an incident as stored. */
export interface AckRow {
  id: string;
  org_id: string;
  server_id: string;
  state: 'open' | 'resolved';
  acknowledged_at: Date | null;
}

/** A channel told of an incident's firing, with the message it got (the acknowledgement notice starts from it). */
export interface FiredDelivery {
  channel_id: string;
  kind: string;
  message: Record<string, unknown>;
}

/** An acknowledge link as stored, with its incident. */
export interface AckLinkRow {
  incident_id: string;
  org_id: string;
  server_id: string;
  expires_at: Date;
  used_at: Date | null;
  state: 'open' | 'resolved';
  title: string | null;
  rule_name: string;
  server_name: string;
  summary: string;
  fired_at: Date | null;
  acknowledged_by: string | null;
}

/**
 * Acknowledgements and acknowledge links of incidents (incidents.acknowledged_*, incident_ack_links; owner:
 * alerting). The database decides races: only an open, unacknowledged incident is acknowledged, and a link is used
 * once (`used_at IS NULL` in the same UPDATE).
 */
@Injectable()
export class IncidentAckRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The incident of the organisation, or null. */
  async find(orgId: string, incidentId: string): Promise<AckRow | null> {
    const rows = await this.prisma.$queryRaw<AckRow[]>(Db.Prisma.sql`
      SELECT id, org_id, server_id, state::text AS state, acknowledged_at FROM incidents
       WHERE id = ${incidentId}::uuid AND org_id = ${orgId}::uuid`);
    return rows[0] ?? null;
  }

  /** Acknowledges an open incident nobody acknowledged yet; answers when, or null when nothing changed. */
  async acknowledge(orgId: string, incidentId: string, actor: IncidentActor): Promise<Date | null> {
    const rows = await this.prisma.$queryRaw<{ acknowledged_at: Date }[]>(Db.Prisma.sql`
      UPDATE incidents SET acknowledged_at = now(), acknowledged_by_id = ${actor.userId}::uuid,
             acknowledged_by = ${actor.name}
       WHERE id = ${incidentId}::uuid AND org_id = ${orgId}::uuid AND state = 'open' AND acknowledged_at IS NULL
      RETURNING acknowledged_at`);
    return rows[0]?.acknowledged_at ?? null;
  }

  /** Takes the acknowledgement of an open incident back. */
  async unacknowledge(orgId: string, incidentId: string): Promise<void> {
    await this.prisma.$executeRaw(Db.Prisma.sql`
      UPDATE incidents SET acknowledged_at = NULL, acknowledged_by_id = NULL, acknowledged_by = NULL
       WHERE id = ${incidentId}::uuid AND org_id = ${orgId}::uuid AND state = 'open'`);
  }

  /** Each channel that was told the incident fired, with that message. */
  firedDeliveries(incidentId: string): Promise<FiredDelivery[]> {
    return this.prisma.$queryRaw<FiredDelivery[]>(Db.Prisma.sql`
      SELECT DISTINCT ON (d.channel_id) d.channel_id, c.kind::text AS kind, d.message
        FROM deliveries d JOIN notification_channels c ON c.id = d.channel_id
       WHERE d.incident_id = ${incidentId}::uuid AND d.event = 'fired' AND c.enabled
       ORDER BY d.channel_id, d.created_at`);
  }

  /** Pending deliveries of a notice (one per channel); answers the ids inserted. */
  insertDeliveries(d: {
    incidentId: string;
    orgId: string;
    event: string;
    rows: { id: string; channelId: string; message: unknown }[];
  }): Promise<{ id: string; channel_id: string }[]> {
    if (d.rows.length === 0) return Promise.resolve([]);
    return this.prisma.$queryRaw<{ id: string; channel_id: string }[]>(Db.Prisma.sql`
      INSERT INTO deliveries (id, incident_id, channel_id, event, org_id, message, status, next_attempt_at)
      SELECT r.id, ${d.incidentId}::uuid, r.channel_id, ${d.event}, ${d.orgId}::uuid, r.message, 'pending', now()
        FROM unnest(${d.rows.map((r) => r.id)}::uuid[], ${d.rows.map((r) => r.channelId)}::uuid[],
                    ${d.rows.map((r) => JSON.stringify(r.message))}::jsonb[]) AS r(id, channel_id, message)
      ON CONFLICT (incident_id, channel_id, event) DO NOTHING RETURNING id, channel_id`);
  }

  /** Stores an incident's link unless it has one; answers the stored one either way (null: no such incident). */
  async linkFor(link: {
    incidentId: string;
    orgId: string;
    tokenHash: string;
    tokenSealed: Uint8Array;
    expiresAt: Date;
  }): Promise<{ tokenSealed: Uint8Array; expiresAt: Date; usedAt: Date | null } | null> {
    const select = { tokenSealed: true, expiresAt: true, usedAt: true } as const;
    const stored = await this.prisma.incidentAckLink.findUnique({ where: { incidentId: link.incidentId }, select });
    if (stored) return stored;
    const incident = await this.prisma.incident.findFirst({
      where: { id: link.incidentId, orgId: link.orgId },
      select: { id: true },
    });
    if (!incident) return null;
    // Two deliveries of the incident at once: one link wins, both answer it.
    await this.prisma.incidentAckLink.createMany({
      data: [
        {
          incidentId: link.incidentId,
          orgId: link.orgId,
          tokenHash: link.tokenHash,
          tokenSealed: Buffer.from(link.tokenSealed),
          expiresAt: link.expiresAt,
        },
      ],
      skipDuplicates: true,
    });
    return this.prisma.incidentAckLink.findUnique({ where: { incidentId: link.incidentId }, select });
  }

  /** The link of a token hash with its incident, or null. */
  async linkByHash(tokenHash: string): Promise<AckLinkRow | null> {
    const rows = await this.prisma.$queryRaw<AckLinkRow[]>(Db.Prisma.sql`
      SELECT l.incident_id, l.org_id, i.server_id, l.expires_at, l.used_at, i.state::text AS state,
             i.details->>'title' AS title, i.rule_name, s.name AS server_name, i.summary, i.fired_at,
             CASE WHEN i.acknowledged_at IS NULL THEN NULL ELSE i.acknowledged_by END AS acknowledged_by
        FROM incident_ack_links l JOIN incidents i ON i.id = l.incident_id JOIN servers s ON s.id = i.server_id
       WHERE l.token_hash = ${tokenHash}`);
    return rows[0] ?? null;
  }

  /** Marks a link used, if it is unused, unexpired and its incident open; true when this call used it. */
  async useLink(tokenHash: string): Promise<boolean> {
    const n = await this.prisma.$executeRaw(Db.Prisma.sql`
      UPDATE incident_ack_links l SET used_at = now()
       WHERE l.token_hash = ${tokenHash} AND l.used_at IS NULL AND l.expires_at > now()
         AND EXISTS (SELECT 1 FROM incidents i WHERE i.id = l.incident_id AND i.state = 'open')`);
    return n > 0;
  }
}
