import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import type { AlertStateRow } from './model';

type Tx = Db.Prisma.TransactionClient;

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

/** An incident to open (state open) or to record as a one-off event (opened and resolved at once). */
export interface IncidentInsert {
  id: string;
  orgId: string;
  serverId: string;
  ruleId: string;
  instance: string;
  summary: string;
  details: unknown;
  openedAt: Date;
  firedAt: Date;
  severity: string;
  ruleKind: string;
  ruleName: string;
  peak: unknown;
  silenced: boolean;
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The statements of one evaluator batch, inside its transaction (alert_states, incidents, deliveries; owner:
 * alerting). Each is one round trip; inserts are guarded so a rule or server deleted meanwhile inserts nothing.
 */
export class StateBatch {
  constructor(private readonly tx: Tx) {}

  /** Opens an incident unless one is open for (rule, server, instance); true when this call opened it. */
  async openIncident(i: Omit<IncidentInsert, 'silenced'> & { silenced: boolean }): Promise<boolean> {
    const inserted = await this.tx.$queryRaw<{ id: string }[]>(Db.Prisma.sql`
      INSERT INTO incidents (id, org_id, server_id, rule_id, instance, state, summary, details, opened_at, fired_at,
                             severity, rule_kind, rule_name, peak, silenced)
      SELECT ${i.id}::uuid, ${i.orgId}::uuid, ${i.serverId}::uuid, ${i.ruleId}::uuid, ${i.instance}, 'open',
             ${i.summary}, ${json(i.details)}::jsonb, ${i.openedAt.toISOString()}::timestamptz,
             ${i.firedAt.toISOString()}::timestamptz, ${i.severity}, ${i.ruleKind}, ${i.ruleName},
             ${json(i.peak)}::jsonb, ${i.silenced}
       WHERE EXISTS (SELECT 1 FROM alert_rules WHERE id = ${i.ruleId}::uuid)
         AND EXISTS (SELECT 1 FROM servers WHERE id = ${i.serverId}::uuid)
      ON CONFLICT (rule_id, server_id, instance) WHERE state = 'open' DO NOTHING RETURNING id`);
    return inserted.length > 0;
  }

  /** The open incident of (rule, server, instance), if any. */
  async openIncidentId(ruleId: string, serverId: string, instance: string): Promise<string | null> {
    const rows = await this.tx.$queryRaw<{ id: string }[]>(Db.Prisma.sql`
      SELECT id FROM incidents
       WHERE rule_id = ${ruleId}::uuid AND server_id = ${serverId}::uuid AND instance = ${instance} AND state = 'open'`);
    return rows[0]?.id ?? null;
  }

  /** Resolves an open incident; false when another replica resolved it already. */
  async resolveIncident(id: string, at: Date, peak: unknown): Promise<boolean> {
    const updated = await this.tx.$queryRaw<{ id: string }[]>(Db.Prisma.sql`
      UPDATE incidents SET state = 'resolved', resolved_at = ${at.toISOString()}::timestamptz,
             peak = COALESCE(${json(peak)}::jsonb, peak)
       WHERE id = ${id}::uuid AND state = 'open' RETURNING id`);
    return updated.length > 0;
  }

  /** The incident was notified after all (its silence ended while it fired). */
  async unsilence(id: string): Promise<void> {
    await this.tx.$executeRaw(Db.Prisma.sql`UPDATE incidents SET silenced = false WHERE id = ${id}::uuid`);
  }

  /** Records a one-off event (player joined, ...) as an incident opened and resolved at once; false if not stored. */
  async recordEvent(i: IncidentInsert): Promise<boolean> {
    const at = i.openedAt.toISOString();
    const inserted = await this.tx.$executeRaw(Db.Prisma.sql`
      INSERT INTO incidents (id, org_id, server_id, rule_id, instance, state, summary, details, opened_at, fired_at,
                             resolved_at, severity, rule_kind, rule_name, silenced)
      SELECT ${i.id}::uuid, ${i.orgId}::uuid, ${i.serverId}::uuid, ${i.ruleId}::uuid, ${i.instance}, 'resolved',
             ${i.summary}, ${json(i.details)}::jsonb, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
             ${i.severity}, ${i.ruleKind}, ${i.ruleName}, ${i.silenced}
       WHERE EXISTS (SELECT 1 FROM alert_rules WHERE id = ${i.ruleId}::uuid)
         AND EXISTS (SELECT 1 FROM servers WHERE id = ${i.serverId}::uuid)`);
    return inserted > 0;
  }

  /**
   * One pending delivery per channel of an incident event; one already there for (incident, channel, event) is
   * kept (the de-duplication key). Answers the deliveries inserted.
   */
  insertDeliveries(d: {
    ids: readonly string[];
    channelIds: readonly string[];
    incidentId: string;
    event: string;
    orgId: string;
    message: unknown;
  }): Promise<{ id: string; channel_id: string }[]> {
    return this.tx.$queryRaw<{ id: string; channel_id: string }[]>(Db.Prisma.sql`
      INSERT INTO deliveries (id, incident_id, channel_id, event, org_id, message, status, next_attempt_at)
      SELECT d.id, ${d.incidentId}::uuid, d.channel_id, ${d.event}, ${d.orgId}::uuid, ${json(d.message)}::jsonb,
             'pending', now()
        FROM unnest(${[...d.ids]}::uuid[], ${[...d.channelIds]}::uuid[]) AS d(id, channel_id)
        JOIN notification_channels c ON c.id = d.channel_id
       WHERE EXISTS (SELECT 1 FROM incidents WHERE id = ${d.incidentId}::uuid
                        -- an acknowledged incident gets no repeats (issue 24; incidents/incident-ack.service.ts)
                        AND (${d.event} NOT LIKE 'repeat%' OR acknowledged_at IS NULL))
      ON CONFLICT (incident_id, channel_id, event) DO NOTHING RETURNING id, channel_id`);
  }

  /** Deletes the states back to normal, by (rule, server, instance). */
  async deleteStates(keys: readonly { ruleId: string; serverId: string; instance: string }[]): Promise<void> {
    if (keys.length === 0) return;
    await this.tx.$executeRaw(Db.Prisma.sql`
      DELETE FROM alert_states a
       USING unnest(${keys.map((k) => k.ruleId)}::uuid[], ${keys.map((k) => k.serverId)}::uuid[],
                    ${keys.map((k) => k.instance)}::text[]) AS g(rule_id, server_id, instance)
       WHERE a.rule_id = g.rule_id AND a.server_id = g.server_id AND a.instance = g.instance`);
  }

  /** Inserts or updates state rows in one statement (rows of a rule or server deleted meanwhile are skipped). */
  async upsertStates(rows: readonly AlertStateRow[]): Promise<void> {
    if (rows.length === 0) return;
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    await this.tx.$executeRaw(Db.Prisma.sql`
      INSERT INTO alert_states (rule_id, server_id, instance, state, since, observations, last_observed_at,
                                last_evaluated_at, incident_id, notified_at, repeats, peak)
      SELECT r.rule_id, r.server_id, r.instance, r.state::alert_state_value, r.since, r.observations,
             r.last_observed_at, now(), r.incident_id, r.notified_at, r.repeats, r.peak
        FROM unnest(${rows.map((r) => r.ruleId)}::uuid[], ${rows.map((r) => r.serverId)}::uuid[],
                    ${rows.map((r) => r.instance)}::text[], ${rows.map((r) => r.state)}::text[],
                    ${rows.map((r) => r.since.toISOString())}::text[]::timestamptz[], ${rows.map((r) => r.observations)}::int[],
                    ${rows.map((r) => iso(r.lastObservedAt))}::text[]::timestamptz[], ${rows.map((r) => r.incidentId)}::uuid[],
                    ${rows.map((r) => iso(r.notifiedAt))}::text[]::timestamptz[], ${rows.map((r) => r.repeats)}::int[],
                    ${rows.map((r) => json(r.peak))}::text[]::jsonb[])
             AS r(rule_id, server_id, instance, state, since, observations, last_observed_at, incident_id, notified_at,
                  repeats, peak)
        JOIN alert_rules ar ON ar.id = r.rule_id
        JOIN servers s ON s.id = r.server_id
      ON CONFLICT (rule_id, server_id, instance) DO UPDATE SET state = EXCLUDED.state, since = EXCLUDED.since,
             observations = EXCLUDED.observations, last_observed_at = EXCLUDED.last_observed_at,
             last_evaluated_at = EXCLUDED.last_evaluated_at, incident_id = EXCLUDED.incident_id,
             notified_at = EXCLUDED.notified_at, repeats = EXCLUDED.repeats, peak = EXCLUDED.peak`);
  }
}

/** alert_states, with the batch writes of incidents and deliveries (owner: alerting). */
@Injectable()
export class StateRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every state that is not normal. */
  async loadStates(): Promise<AlertStateRow[]> {
    const rows = await this.prisma.$queryRaw<DbStateRow[]>(Db.Prisma.sql`
      SELECT rule_id, server_id, instance, state, since, observations, last_observed_at, incident_id, notified_at,
             repeats, peak FROM alert_states WHERE state <> 'ok'`);
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
    const rows = await this.prisma.$queryRaw<{ server_id: string; names: string[] | null }[]>(Db.Prisma.sql`
      SELECT l.server_id, (SELECT array_agg(p.name ORDER BY p.name) FROM player_samples p
                            WHERE p.server_id = l.server_id AND p.time = l.time AND p.is_online) AS names
        FROM latest l WHERE l.kind = 'players'`);
    return rows.map((r) => ({ serverId: r.server_id, names: r.names ?? [] }));
  }

  /** The save each server ran at its newest stored health poll (to tell a save change after a restart). */
  async loadSessions(): Promise<{ serverId: string; name: string | null; time: Date }[]> {
    const rows = await this.prisma.$queryRaw<{ server_id: string; name: string | null; time: Date }[]>(Db.Prisma.sql`
      SELECT server_id, data->>'sessionName' AS name, time FROM latest WHERE kind = 'health'`);
    return rows.map((r) => ({ serverId: r.server_id, name: r.name, time: r.time }));
  }

  /** Runs one batch's statements in one transaction. */
  inBatch<T>(work: (batch: StateBatch) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => work(new StateBatch(tx)), { timeout: 30_000, maxWait: 10_000 });
  }
}
