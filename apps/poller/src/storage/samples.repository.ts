import type { ServerStatus } from '@app/contracts';
import { copyInto, forgetStaging, insertViaCopy } from '@app/database';
import { health as healthKind, SAMPLE_TABLES } from '@app/samples';
import type { Pool, PoolClient } from 'pg';
import { observe, type StatusState } from '../status/status-machine';
import { healthWrites, type Confirmation, type LatestRow, type WriteUnit } from './write-unit';

interface ConfirmedRow {
  serverId: string;
  state: StatusState;
  observedAt: Date | null;
  /** Set when this batch changed the status: the time of the confirming observation. */
  statusSince: Date | null;
  lastSeenAt: Date | null;
  lastError: string | null;
  touched: boolean;
}

interface ConfirmedStates {
  rows: ConfirmedRow[];
  /** Each health unit's confirmation (the status its metrics row, `latest` and events carry). */
  confirmations: Map<WriteUnit, Confirmation>;
  changes: { serverId: string; time: Date; previous: ServerStatus; status: ServerStatus; reason: string | null }[];
}

/**
 * The poller's write transaction (owner: poller of the sample tables, `latest`, `server_states` and
 * `server_status_changes`): one batch of polls per transaction, on a connection of the writer's own pool.
 */
export class SamplesRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Writes a batch in one transaction: confirms its health observations, COPies its sample rows (the health units'
   * metrics rows with their confirmed status), upserts `latest` and the server states. With `dedupe`, rows already
   * stored (a redelivered job's) are skipped through staging instead of failing the COPY. Answers each health
   * unit's confirmation.
   */
  async write(units: readonly WriteUnit[], dedupe: boolean): Promise<Map<WriteUnit, Confirmation>> {
    const client: PoolClient = await this.pool.connect();
    // A checked-out client whose connection drops emits 'error' on itself (the pool only listens on idle ones):
    // without a listener that would take the process down in the middle of a PostgreSQL outage.
    if (client.listenerCount('error') === 0) client.on('error', () => undefined);
    try {
      await client.query('BEGIN');
      const states = await this.confirmStatuses(client, units);
      const latest: LatestRow[] = [];
      const metrics: unknown[][] = [];
      for (const unit of units) {
        if (unit.latest) latest.push(unit.latest);
        const confirmation = unit.health && states.confirmations.get(unit);
        if (!confirmation) continue;
        const health = healthWrites(unit.health!, confirmation.status);
        metrics.push(health.row);
        if (health.latest) latest.push(health.latest);
      }
      for (const [table, columns] of SAMPLE_TABLES) {
        const rows = units.flatMap((u) => u.rows[table] ?? []);
        if (table === healthKind.table) rows.push(...metrics);
        if (dedupe) await insertViaCopy(client, table, columns, rows);
        else await copyInto(client, table, columns, rows);
      }
      await this.writeStates(client, units, latest, states);
      await client.query('COMMIT');
      return states.confirmations;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      forgetStaging(client);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Confirms the batch's health observations against the locked state rows (created first for new servers). Every
   * state row the batch will write (health and add-on) is locked here, in id order, so concurrent writers cannot
   * deadlock. Per server, observations apply in time order; one older than the row's `observed_at` changes
   * nothing; one equal to it is this very observation again (a redelivered job, or a retry of a transaction whose
   * COMMIT succeeded unseen): the change it confirmed is read back, so that its event is published after all
   * (the message id makes a second copy a duplicate NATS drops). Returns the rows to write back and the changes.
   */
  private async confirmStatuses(client: PoolClient, units: readonly WriteUnit[]): Promise<ConfirmedStates> {
    const observing = units.filter((u) => u.health);
    const result: ConfirmedStates = { rows: [], changes: [], confirmations: new Map() };
    const confirm = (unit: WriteUnit, c: Confirmation) => result.confirmations.set(unit, c);
    const ids = [
      ...new Set([
        ...observing.map((u) => u.health!.serverId),
        ...units.flatMap((u) => (u.addonState ? [u.addonState.serverId] : [])),
      ]),
    ].sort();
    if (ids.length === 0) return result;
    await client.query(
      `INSERT INTO server_states (server_id)
       SELECT id FROM servers WHERE id = ANY($1::uuid[]) ORDER BY id ON CONFLICT (server_id) DO NOTHING`,
      [ids],
    );
    const { rows } = await client.query<{
      server_id: string;
      status: ServerStatus;
      pending_status: ServerStatus | null;
      pending_count: number;
      observed_at: Date | null;
    }>(
      `SELECT server_id, status, pending_status, pending_count, observed_at FROM server_states
        WHERE server_id = ANY($1::uuid[]) ORDER BY server_id FOR UPDATE`,
      [ids],
    );
    const stored = new Map(rows.map((r) => [r.server_id, r]));
    observing.sort((a, b) => a.health!.time.getTime() - b.health!.time.getTime());
    const current = new Map<string, ConfirmedRow>();
    const again: { unit: WriteUnit; status: ServerStatus }[] = [];
    for (const unit of observing) {
      const h = unit.health!;
      const row = stored.get(h.serverId);
      if (!row) {
        // The server was deleted: nothing of this poll is stored (its samples join `servers`).
        confirm(unit, { status: h.observed, changed: null });
        continue;
      }
      let state = current.get(h.serverId);
      if (!state) {
        state = {
          serverId: h.serverId,
          state: { status: row.status, pendingStatus: row.pending_status, pendingCount: row.pending_count },
          observedAt: row.observed_at,
          statusSince: null,
          lastSeenAt: null,
          lastError: null,
          touched: false,
        };
        current.set(h.serverId, state);
      }
      if (state.observedAt && h.time.getTime() < state.observedAt.getTime()) {
        confirm(unit, { status: state.state.status, changed: null });
        continue;
      }
      if (state.observedAt && h.time.getTime() === state.observedAt.getTime()) {
        again.push({ unit, status: state.state.status });
        continue;
      }
      const step = observe(state.state, h.observed);
      state.state = step.next;
      state.observedAt = h.time;
      state.lastError = h.lastError;
      if (h.lastSeenAt) state.lastSeenAt = h.lastSeenAt;
      state.touched = true;
      const changed = step.changed ? { ...step.changed, reason: h.reason } : null;
      if (changed) {
        state.statusSince = h.time;
        result.changes.push({ serverId: h.serverId, time: h.time, ...changed });
      }
      confirm(unit, { status: step.next.status, changed });
    }
    if (again.length > 0) {
      const { rows: recorded } = await client.query<{
        server_id: string;
        time: Date;
        previous: ServerStatus;
        status: ServerStatus;
        reason: string | null;
      }>(
        `SELECT c.server_id, c.time, c.previous, c.status, c.reason FROM server_status_changes c
           JOIN unnest($1::uuid[], $2::timestamptz[]) AS k(server_id, time)
             ON c.server_id = k.server_id AND c.time = k.time`,
        [again.map((a) => a.unit.health!.serverId), again.map((a) => a.unit.health!.time)],
      );
      const byKey = new Map(recorded.map((r) => [`${r.server_id}:${r.time.getTime()}`, r]));
      for (const { unit, status } of again) {
        const r = byKey.get(`${unit.health!.serverId}:${unit.health!.time.getTime()}`);
        confirm(unit, { status, changed: r ? { previous: r.previous, status: r.status, reason: r.reason } : null });
      }
    }
    result.rows = [...current.values()].filter((r) => r.touched);
    return result;
  }

  private async writeStates(
    client: PoolClient,
    units: readonly WriteUnit[],
    latestRows: readonly LatestRow[],
    confirmed: ConfirmedStates,
  ): Promise<void> {
    // One row per key and batch (ON CONFLICT DO UPDATE may touch a row only once per statement): the newest wins.
    const newest = <T extends { time: Date }>(items: readonly (T | undefined)[], key: (t: T) => string): T[] => {
      const map = new Map<string, T>();
      for (const item of items) if (item && (map.get(key(item))?.time ?? 0) <= item.time) map.set(key(item), item);
      return [...map.values()];
    };
    const latest = newest(latestRows, (l) => `${l.serverId}:${l.kind}`);
    await insertViaCopy(
      client,
      'latest',
      [
        ['server_id', 'uuid'],
        ['kind', 'text'],
        ['time', 'timestamptz'],
        ['data', 'jsonb'],
      ],
      latest.map((l) => [l.serverId, l.kind, l.time, JSON.stringify(l.data)]),
      {
        tail: 'ON CONFLICT (server_id, kind) DO UPDATE SET time = EXCLUDED.time, data = EXCLUDED.data WHERE latest.time <= EXCLUDED.time',
        join: 'JOIN servers s ON s.id = u.server_id',
      },
    );
    const health = confirmed.rows;
    if (health.length > 0) {
      await client.query(
        `UPDATE server_states s SET
           status = u.status,
           status_since = COALESCE(u.status_since, s.status_since),
           pending_status = u.pending_status,
           pending_count = u.pending_count,
           observed_at = u.observed_at,
           last_seen_at = GREATEST(s.last_seen_at, u.last_seen_at),
           last_error = u.last_error,
           updated_at = now()
         FROM unnest($1::uuid[], $2::server_status[], $3::timestamptz[], $4::server_status[], $5::int[],
                     $6::timestamptz[], $7::timestamptz[], $8::text[])
           AS u(server_id, status, status_since, pending_status, pending_count, observed_at, last_seen_at, last_error)
         WHERE s.server_id = u.server_id`,
        [
          health.map((h) => h.serverId),
          health.map((h) => h.state.status),
          health.map((h) => h.statusSince),
          health.map((h) => h.state.pendingStatus),
          health.map((h) => h.state.pendingCount),
          health.map((h) => h.observedAt),
          health.map((h) => h.lastSeenAt),
          health.map((h) => h.lastError),
        ],
      );
    }
    const addon = newest(
      units.map((u) => u.addonState),
      (a) => a.serverId,
    );
    await insertViaCopy(
      client,
      'server_states',
      [
        ['server_id', 'uuid'],
        ['addon_status', 'addon_status'],
        ['addon_reason', 'text'],
        ['addon_checked_at', 'timestamptz'],
      ],
      addon.map((a) => [a.serverId, a.addonStatus, a.addonReason, a.time]),
      {
        tail: `ON CONFLICT (server_id) DO UPDATE SET addon_status = EXCLUDED.addon_status, addon_reason = EXCLUDED.addon_reason,
         addon_checked_at = EXCLUDED.addon_checked_at, updated_at = now()`,
        join: 'JOIN servers s ON s.id = u.server_id',
        stage: 'stage_addon_states',
      },
    );
    const changes = confirmed.changes;
    await insertViaCopy(
      client,
      'server_status_changes',
      [
        ['time', 'timestamptz'],
        ['server_id', 'uuid'],
        ['previous', 'server_status'],
        ['status', 'server_status'],
        ['reason', 'text'],
      ],
      changes.map((c) => [c.time, c.serverId, c.previous, c.status, c.reason]),
    );
  }
}
