import type { DeliveryJob, IncidentEvent } from '@app/contracts';
import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AlertConfigCache } from './config-cache';
import type { AlertStateRow, Message, Outcome, RuleDef } from './model';

type Tx = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];

interface DbStateRow {
  rule_id: string;
  server_id: string;
  instance: string;
  state: 'ok' | 'pending' | 'firing';
  since: Date;
  observations: number;
  last_observed_at: Date | null;
  incident_id: string | null;
  notified_at: Date | null;
  repeats: number;
  peak: AlertStateRow['peak'];
}

/** What a persisted batch asks to publish once it is committed. */
export interface Committed {
  jobs: DeliveryJob[];
  opened: IncidentEvent[];
  resolved: IncidentEvent[];
  /** Incidents another replica had opened already (adopted, not notified again). */
  adopted: number;
}

/**
 * Persists the evaluator's work: state rows, incidents and their deliveries, in one transaction per batch. The
 * database decides races between replicas: one open incident per (rule, server, instance) by a partial unique
 * index, one resolution per incident (`WHERE state = 'open'`), one delivery per (incident, channel, event).
 */
@Injectable()
export class StateStore {
  constructor(private readonly prisma: PrismaService) {}

  /** Every state that is not normal. */
  async loadStates(): Promise<AlertStateRow[]> {
    const rows = await this.prisma.$queryRawUnsafe<DbStateRow[]>(
      `SELECT rule_id, server_id, instance, state, since, observations, last_observed_at, incident_id, notified_at,
              repeats, peak FROM alert_states WHERE state <> 'ok'`,
    );
    return rows.map((r) => ({
      ruleId: r.rule_id,
      serverId: r.server_id,
      instance: r.instance,
      state: r.state,
      since: r.since,
      observations: r.observations,
      lastObservedAt: r.last_observed_at,
      incidentId: r.incident_id,
      notifiedAt: r.notified_at,
      repeats: r.repeats,
      peak: r.peak,
    }));
  }

  /**
   * Who was online per server in the newest stored players poll (to tell joins after a restart): the player rows
   * stored at the time of the server's `latest` players row.
   */
  async loadPresence(): Promise<{ serverId: string; names: string[] }[]> {
    const rows = await this.prisma.$queryRawUnsafe<{ server_id: string; names: string[] | null }[]>(
      `SELECT l.server_id, (SELECT array_agg(p.name ORDER BY p.name) FROM player_samples p
                            WHERE p.server_id = l.server_id AND p.time = l.time AND p.is_online) AS names
         FROM latest l WHERE l.kind = 'players'`,
    );
    return rows.map((r) => ({ serverId: r.server_id, names: r.names ?? [] }));
  }

  /** Writes one batch; returns what to publish after the commit. */
  async persist(
    outcomes: readonly Outcome[],
    dirty: Map<string, AlertStateRow | null>,
    config: AlertConfigCache,
  ): Promise<Committed> {
    const committed: Committed = { jobs: [], opened: [], resolved: [], adopted: 0 };
    if (outcomes.length === 0 && dirty.size === 0) return committed;
    await this.prisma.$transaction(
      async (tx) => {
        for (const o of outcomes) await this.apply(tx, o, config, committed);
        await this.writeStates(tx, dirty);
      },
      { timeout: 30_000, maxWait: 10_000 },
    );
    return committed;
  }

  private async apply(tx: Tx, o: Outcome, config: AlertConfigCache, out: Committed): Promise<void> {
    const orgId = o.rule.orgId;
    switch (o.type) {
      case 'fire': {
        const inserted = await tx.$queryRawUnsafe<{ id: string }[]>(
          `INSERT INTO incidents (id, org_id, server_id, rule_id, instance, state, summary, details, opened_at, fired_at,
                                  severity, rule_kind, rule_name, peak, silenced)
           SELECT $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, 'open', $6, $7::jsonb, $8::timestamptz, $9::timestamptz,
                  $10, $11, $12, $13::jsonb, $14
            WHERE EXISTS (SELECT 1 FROM alert_rules WHERE id = $4::uuid) AND EXISTS (SELECT 1 FROM servers WHERE id = $3::uuid)
           ON CONFLICT (rule_id, server_id, instance) WHERE state = 'open' DO NOTHING RETURNING id`,
          o.row.incidentId,
          orgId,
          o.row.serverId,
          o.rule.id,
          o.row.instance,
          o.message.summary,
          JSON.stringify({ title: o.message.title, fields: o.message.fields, label: o.message.instance }),
          o.row.since.toISOString(),
          o.message.at.toISOString(),
          o.rule.severity,
          o.rule.kind,
          o.rule.name,
          o.row.peak ? JSON.stringify(o.row.peak) : null,
          o.silenced,
        );
        if (inserted.length === 0) {
          // Another replica opened it first: carry on with its incident; it has notified.
          const existing = await tx.$queryRawUnsafe<{ id: string }[]>(
            `SELECT id FROM incidents WHERE rule_id = $1::uuid AND server_id = $2::uuid AND instance = $3 AND state = 'open'`,
            o.rule.id,
            o.row.serverId,
            o.row.instance,
          );
          if (!existing[0]) {
            o.row.incidentId = null; // the rule or the server was deleted meanwhile
            return;
          }
          o.row.incidentId = existing[0].id;
          out.adopted++;
          return;
        }
        out.opened.push(this.incidentEvent(o.rule, o.row.serverId, o.row.incidentId!, o.message));
        if (o.notify) await this.deliveries(tx, o.rule, o.row.incidentId!, 'fired', o.message, config, out);
        return;
      }
      case 'resolve': {
        const updated = await tx.$queryRawUnsafe<{ id: string }[]>(
          `UPDATE incidents SET state = 'resolved', resolved_at = $2::timestamptz, peak = COALESCE($3::jsonb, peak)
            WHERE id = $1::uuid AND state = 'open' RETURNING id`,
          o.incidentId,
          o.message.at.toISOString(),
          o.row.peak ? JSON.stringify(o.row.peak) : null,
        );
        if (updated.length === 0) return; // resolved by another replica already
        out.resolved.push(this.incidentEvent(o.rule, o.row.serverId, o.incidentId, o.message));
        if (o.notify) await this.deliveries(tx, o.rule, o.incidentId, 'resolved', o.message, config, out);
        return;
      }
      case 'notify': {
        await tx.$executeRawUnsafe(`UPDATE incidents SET silenced = false WHERE id = $1::uuid`, o.incidentId);
        await this.deliveries(tx, o.rule, o.incidentId, o.event, o.message, config, out);
        return;
      }
      case 'event': {
        const id = randomUUID();
        o.message.incidentId = id;
        const inserted = await tx.$executeRawUnsafe(
          `INSERT INTO incidents (id, org_id, server_id, rule_id, instance, state, summary, details, opened_at, fired_at,
                                  resolved_at, severity, rule_kind, rule_name, silenced)
           SELECT $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, 'resolved', $6, $7::jsonb, $8::timestamptz, $8::timestamptz,
                  $8::timestamptz, $9, $10, $11, $12
            WHERE EXISTS (SELECT 1 FROM alert_rules WHERE id = $4::uuid) AND EXISTS (SELECT 1 FROM servers WHERE id = $3::uuid)`,
          id,
          orgId,
          o.serverId,
          o.rule.id,
          o.instance,
          o.message.summary,
          JSON.stringify({ title: o.message.title, fields: o.message.fields, label: o.message.instance }),
          o.message.at.toISOString(),
          o.rule.severity,
          o.rule.kind,
          o.rule.name,
          !o.notify,
        );
        if (inserted === 0) return;
        out.opened.push(this.incidentEvent(o.rule, o.serverId, id, o.message));
        if (o.notify) await this.deliveries(tx, o.rule, id, 'fired', o.message, config, out);
        return;
      }
    }
  }

  private incidentEvent(rule: RuleDef, serverId: string, incidentId: string, message: Message): IncidentEvent {
    return {
      incidentId,
      ruleId: rule.id,
      serverId,
      orgId: rule.orgId,
      ruleKind: rule.kind,
      severity: rule.severity,
      summary: message.summary,
      time: message.at.toISOString(),
    };
  }

  /** One delivery per channel of the rule; a repeated call inserts nothing (de-duplication key). */
  private async deliveries(
    tx: Tx,
    rule: RuleDef,
    incidentId: string,
    event: string,
    message: Message,
    config: AlertConfigCache,
    out: Committed,
  ): Promise<void> {
    const channels = config.channelsFor(rule);
    if (channels.length === 0) return;
    const ids = channels.map(() => randomUUID());
    const body = JSON.stringify({ ...message, incidentId });
    const rows = await tx.$queryRawUnsafe<{ id: string; channel_id: string }[]>(
      `INSERT INTO deliveries (id, incident_id, channel_id, event, org_id, message, status, next_attempt_at)
       SELECT d.id, $2::uuid, d.channel_id, $3, $4::uuid, $5::jsonb, 'pending', now()
         FROM unnest($1::uuid[], $6::uuid[]) AS d(id, channel_id)
         JOIN notification_channels c ON c.id = d.channel_id
        WHERE EXISTS (SELECT 1 FROM incidents WHERE id = $2::uuid)
       ON CONFLICT (incident_id, channel_id, event) DO NOTHING RETURNING id, channel_id`,
      ids,
      incidentId,
      event,
      rule.orgId,
      body,
      channels.map((c) => c.id),
    );
    const kinds = new Map(channels.map((c) => [c.id, c.kind]));
    const jobEvent = event.startsWith('repeat') ? 'repeat' : (event as 'fired' | 'resolved');
    for (const r of rows)
      out.jobs.push({
        deliveryId: r.id,
        incidentId,
        channelId: r.channel_id,
        channelKind: kinds.get(r.channel_id)!,
        event: jobEvent,
      });
  }

  private async writeStates(tx: Tx, dirty: Map<string, AlertStateRow | null>): Promise<void> {
    const gone: string[][] = [];
    const rows: AlertStateRow[] = [];
    for (const [key, row] of dirty) {
      if (row) rows.push(row);
      else gone.push(key.split('|'));
    }
    if (gone.length > 0) {
      await tx.$executeRawUnsafe(
        `DELETE FROM alert_states a USING unnest($1::uuid[], $2::uuid[], $3::text[]) AS g(rule_id, server_id, instance)
          WHERE a.rule_id = g.rule_id AND a.server_id = g.server_id AND a.instance = g.instance`,
        gone.map((g) => g[0]),
        gone.map((g) => g[1]),
        gone.map((g) => g.slice(2).join('|')),
      );
    }
    if (rows.length === 0) return;
    await tx.$executeRawUnsafe(
      `INSERT INTO alert_states (rule_id, server_id, instance, state, since, observations, last_observed_at,
                                 last_evaluated_at, incident_id, notified_at, repeats, peak)
       SELECT r.rule_id, r.server_id, r.instance, r.state::alert_state_value, r.since, r.observations, r.last_observed_at,
              now(), r.incident_id, r.notified_at, r.repeats, r.peak
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[]::timestamptz[], $6::int[],
                     $7::text[]::timestamptz[], $8::uuid[], $9::text[]::timestamptz[], $10::int[], $11::text[]::jsonb[])
              AS r(rule_id, server_id, instance, state, since, observations, last_observed_at, incident_id, notified_at,
                   repeats, peak)
         JOIN alert_rules ar ON ar.id = r.rule_id
         JOIN servers s ON s.id = r.server_id
       ON CONFLICT (rule_id, server_id, instance) DO UPDATE SET state = EXCLUDED.state, since = EXCLUDED.since,
              observations = EXCLUDED.observations, last_observed_at = EXCLUDED.last_observed_at,
              last_evaluated_at = EXCLUDED.last_evaluated_at, incident_id = EXCLUDED.incident_id,
              notified_at = EXCLUDED.notified_at, repeats = EXCLUDED.repeats, peak = EXCLUDED.peak`,
      rows.map((r) => r.ruleId),
      rows.map((r) => r.serverId),
      rows.map((r) => r.instance),
      rows.map((r) => r.state),
      rows.map((r) => r.since.toISOString()),
      rows.map((r) => r.observations),
      rows.map((r) => r.lastObservedAt?.toISOString() ?? null),
      rows.map((r) => r.incidentId),
      rows.map((r) => r.notifiedAt?.toISOString() ?? null),
      rows.map((r) => r.repeats),
      rows.map((r) => (r.peak ? JSON.stringify(r.peak) : null)),
    );
  }
}
