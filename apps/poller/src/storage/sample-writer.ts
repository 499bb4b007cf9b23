import type { ServerStatus } from '@app/contracts';
import { outsideContext } from '@app/messaging';
import { observe, type StatusState } from '../status/status-machine';
import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { TABLES, type SampleTable, type TableRows } from './sample-rows';
import { copyInto, forgetStaging, insertViaCopy, isUniqueViolation } from './copy-insert';

/** What a health poll saw, before confirmation. */
export interface HealthObservation {
  serverId: string;
  time: Date;
  /** The status this poll alone says (statusOf). */
  observed: ServerStatus;
  lastSeenAt: Date | null;
  lastError: string | null;
  /** Why the status is `observed` (an error, a low tick rate): recorded with a change this observation confirms. */
  reason: string | null;
}

/** The confirmed status after an observation, and the change it confirmed (if any). */
export interface Confirmation {
  status: ServerStatus;
  changed: { previous: ServerStatus; status: ServerStatus; reason: string | null } | null;
}

/** Everything one poll writes; committed together with other polls' units in one transaction. */
export interface WriteUnit {
  /** The server polled: it picks the unit's lane, so each server's units are written and settled in order. */
  serverId: string;
  rows: TableRows;
  latest?: { serverId: string; kind: string; time: Date; data: unknown };
  /**
   * A health observation: confirmed inside the write transaction, with the server's state row locked, in
   * observation order, so replicas, redeliveries and a backlog written after an outage never confirm twice or go
   * back in time. `onConfirmed` is called (before anything is written, again if the transaction is retried) so
   * that the unit can complete its rows, `latest` and events with the confirmed status.
   */
  health?: HealthObservation;
  onConfirmed?: (confirmation: Confirmation) => void;
  addonState?: { serverId: string; addonStatus: string; addonReason: string | null; time: Date };
  /** Runs after the commit (publishing the poll's events: data first, then the news). */
  afterCommit?: () => Promise<void>;
}

export interface WriterOptions {
  flushMs: number;
  /** Rows per transaction. */
  maxBatchRows: number;
  /** Rows held while PostgreSQL is away; beyond it the oldest units are dropped (and counted). */
  maxBufferedRows: number;
  /**
   * Write transactions in flight at once, each on its own connection (default 1): the servers are split into this
   * many lanes, each written in order by its own transaction loop (see {@link SampleWriter}).
   */
  connections?: number;
}

export interface WriterHooks {
  onDropped(units: number, rows: number): void;
  onFlushed(rows: number, durationMs: number): void;
  onFlushFailed(error: Error): void;
  /** A batch held rows already stored (a redelivered job) and was written again through de-duplication. */
  onDuplicateBatch?(): void;
  /** PostgreSQL refused the values of one poll (out of range, invalid text): its rows were dropped. */
  onRefused?(rows: number): void;
}

/**
 * PostgreSQL's data exceptions (class 22: out of range, invalid text, ...) and integrity violations other than a
 * duplicate key (class 23: a NULL in a NOT NULL column, a check): the same values fail the same way on every retry.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || (code.startsWith('23') && code !== '23505'));
}

interface Pending {
  /** Enqueue order across all lanes (the oldest is dropped first when the buffer is full). */
  seq: number;
  unit: WriteUnit;
  rows: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

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
  changes: { serverId: string; time: Date; previous: ServerStatus; status: ServerStatus; reason: string | null }[];
}

const rowsOf = (unit: WriteUnit): number => Object.values(unit.rows).reduce((n, r) => n + (r?.length ?? 0), 1);

/**
 * One lane of the {@link SampleWriter}: batches its servers' writes, every `flushMs` or when a batch is full, and
 * commits them one transaction at a time on one connection.
 */
class WriterLane {
  private readonly logger = new Logger('SampleWriter');
  private readonly queue: Pending[] = [];
  private buffered = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly pool: Pool,
    private readonly options: WriterOptions,
    private readonly hooks: WriterHooks,
    private readonly lane: number,
    /** Called after each commit: PostgreSQL answers, so lanes backing off after a failure need not wait. */
    private readonly onCommitted: () => void = () => undefined,
  ) {}

  /** While backing off after a failure, retries at once (another lane just committed: PostgreSQL is back). */
  retryNow(): void {
    if (this.failures === 0 || this.flushing || this.queue.length === 0 || this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void outsideContext(() => this.flush());
  }

  /** Rows waiting to be written. */
  get depth(): number {
    return this.buffered;
  }

  /** Queues a unit; resolves once it is committed, rejects only when it was dropped from a full buffer. */
  enqueue(unit: WriteUnit, seq: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const rows = rowsOf(unit);
      this.queue.push({ seq, unit, rows, resolve, reject });
      this.buffered += rows;
      if (this.buffered >= this.options.maxBatchRows && this.failures === 0) void outsideContext(() => this.flush());
      else this.arm(this.options.flushMs);
    });
  }

  private arm(delayMs: number): void {
    if (this.timer || this.stopped) return;
    // Armed by whichever job enqueued first, but the flush serves every job of the batch: it runs in no job's
    // trace or log context (each job's own afterCommit restores its own).
    this.timer = outsideContext(() =>
      setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, delayMs),
    );
  }

  /** Enqueue order of the oldest unit waiting (not in flight), if any. */
  get oldestQueued(): number | undefined {
    return this.queue[0]?.seq;
  }

  /** Drops the oldest unit waiting (the buffer is full); returns its rows. */
  dropOldest(): number {
    const oldest = this.queue.shift()!;
    this.buffered -= oldest.rows;
    oldest.reject(new Error('dropped: the write buffer is full while PostgreSQL is unavailable'));
    return oldest.rows;
  }

  /** Writes what is queued (one batch at a time); safe to call concurrently. */
  flush(): Promise<void> {
    this.flushing ??= this.flushLoop().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length > 0) {
      // Taken with one splice: shift() per unit is quadratic on a long queue (a backlog after an outage).
      let take = 0;
      let rows = 0;
      while (take < this.queue.length && (take === 0 || rows + this.queue[take]!.rows <= this.options.maxBatchRows))
        rows += this.queue[take++]!.rows;
      const batch = this.queue.splice(0, take);
      const started = performance.now();
      try {
        await this.writeUnits(batch.map((p) => p.unit));
      } catch (error) {
        // A value PostgreSQL refuses (out of range, invalid text) fails the whole batch, every time: written poll by
        // poll instead, only the polls it refuses are dropped, and the lane goes on.
        if (isDataError(error)) batch.splice(0, batch.length, ...(await this.isolate(batch)));
        if (batch.length === 0) continue;
        this.queue.unshift(...batch);
        this.failures++;
        this.hooks.onFlushFailed(error as Error);
        const backoff = Math.min(5000, 100 * 2 ** Math.min(this.failures, 6));
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.logger.warn(
            { lane: this.lane, err: (error as Error).message, buffered: this.buffered, retryInMs: backoff },
            'writing samples failed; holding them and retrying',
          );
        }
        this.arm(backoff);
        return;
      }
      this.settle(batch, rows, started);
    }
  }

  /** After a commit: the lane is healthy again; the units are resolved and their after-commit work runs. */
  private settle(batch: Pending[], rows: number, started: number): void {
    this.failures = 0;
    this.onCommitted();
    this.buffered -= rows;
    this.hooks.onFlushed(rows, performance.now() - started);
    for (const p of batch) {
      p.resolve();
      if (p.unit.afterCommit)
        void p.unit
          .afterCommit()
          .catch((e: unknown) => this.logger.error({ err: (e as Error).message }, 'after-commit work failed'));
    }
  }

  /**
   * Fast path: samples COPied straight into their tables. A redelivered job's rows are already there: the COPY then
   * fails as a whole and the batch goes through staging with ON CONFLICT DO NOTHING instead.
   */
  private async writeUnits(units: WriteUnit[]): Promise<void> {
    await this.write(units, false).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      this.hooks.onDuplicateBatch?.();
      return this.write(units, true);
    });
  }

  /**
   * Writes a batch that PostgreSQL refused for its data one poll per transaction, in order: each poll written is
   * settled, each refused one is dropped (logged with the server and PostgreSQL's reason, counted, its caller
   * rejected). Returns what is left when another error (PostgreSQL gone) stops it: retried like any failed batch.
   */
  private async isolate(batch: Pending[]): Promise<Pending[]> {
    for (let i = 0; i < batch.length; i++) {
      const p = batch[i]!;
      const started = performance.now();
      try {
        await this.writeUnits([p.unit]);
      } catch (error) {
        if (!isDataError(error)) return batch.slice(i);
        const { code, message } = error as { code: string; message: string };
        this.logger.error(
          { lane: this.lane, serverId: p.unit.serverId, code, err: message, rows: p.rows },
          'PostgreSQL refused the values of one poll: it is dropped, the others are written',
        );
        this.buffered -= p.rows;
        this.hooks.onRefused?.(p.rows);
        p.reject(new Error(`refused by PostgreSQL: ${message}`));
        continue;
      }
      this.settle([p], p.rows, started);
    }
    return [];
  }

  private async write(units: WriteUnit[], dedupe: boolean): Promise<void> {
    const client: PoolClient = await this.pool.connect();
    // A checked-out client whose connection drops emits 'error' on itself (the pool only listens on idle ones):
    // without a listener that would take the process down in the middle of a PostgreSQL outage.
    if (client.listenerCount('error') === 0) client.on('error', () => undefined);
    try {
      await client.query('BEGIN');
      const states = await this.confirmStatuses(client, units);
      for (const table of Object.keys(TABLES) as SampleTable[]) {
        const rows = units.flatMap((u) => u.rows[table] ?? []);
        if (dedupe) await insertViaCopy(client, table, TABLES[table], rows);
        else await copyInto(client, table, TABLES[table], rows);
      }
      await this.writeStates(client, units, states);
      await client.query('COMMIT');
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
  private async confirmStatuses(client: PoolClient, units: WriteUnit[]): Promise<ConfirmedStates> {
    const observing = units.filter((u) => u.health);
    const result: ConfirmedStates = { rows: [], changes: [] };
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
        unit.onConfirmed?.({ status: h.observed, changed: null });
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
        unit.onConfirmed?.({ status: state.state.status, changed: null });
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
      unit.onConfirmed?.({ status: step.next.status, changed });
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
        unit.onConfirmed?.({
          status,
          changed: r ? { previous: r.previous, status: r.status, reason: r.reason } : null,
        });
      }
    }
    result.rows = [...current.values()].filter((r) => r.touched);
    return result;
  }

  private async writeStates(client: PoolClient, units: WriteUnit[], confirmed: ConfirmedStates): Promise<void> {
    // One row per key and batch (ON CONFLICT DO UPDATE may touch a row only once per statement): the newest wins.
    const newest = <T extends { time: Date }>(items: (T | undefined)[], key: (t: T) => string): T[] => {
      const map = new Map<string, T>();
      for (const item of items) if (item && (map.get(key(item))?.time ?? 0) <= item.time) map.set(key(item), item);
      return [...map.values()];
    };
    const latest = newest(
      units.map((u) => u.latest),
      (l) => `${l.serverId}:${l.kind}`,
    );
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

  /** Flushes what is left (bounded by the caller's shutdown deadline) and stops the timer. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.failures === 0) await this.flush().catch(() => undefined);
  }
}

/**
 * The poller's writer. The servers are split into `connections` lanes by their id; each lane batches its servers'
 * writes and commits them one transaction at a time, in order, on its own connection: every flush inserts the
 * pending samples through COPY (idempotent on each table's key, so a redelivered job adds nothing), upserts the
 * `latest` snapshots and server states, then runs the units' after-commit work. While PostgreSQL is away the units
 * wait in a bounded buffer (shared by the lanes: the oldest unit of any lane is dropped first) and the flush is
 * retried with backoff; a commit in any lane wakes the lanes backing off. Nothing throws into the caller but a
 * dropped unit.
 *
 * Lanes never touch the same rows (every key the writer writes starts with the server), so two transactions in
 * flight neither wait on nor deadlock with each other, and each server's writes (its status confirmations, its
 * redelivered jobs) stay in one lane, in queue order.
 */
export class SampleWriter {
  private readonly logger = new Logger(SampleWriter.name);
  private readonly lanes: WriterLane[];
  private seq = 0;

  constructor(
    pool: Pool,
    private readonly options: WriterOptions,
    private readonly hooks: WriterHooks,
  ) {
    const count = Math.max(1, options.connections ?? 1);
    this.lanes = Array.from(
      { length: count },
      (_, i) => new WriterLane(pool, options, hooks, i, () => this.lanes.forEach((lane) => lane.retryNow())),
    );
  }

  /** Rows waiting to be written. */
  get depth(): number {
    return this.lanes.reduce((n, lane) => n + lane.depth, 0);
  }

  /** Queues a unit; resolves once it is committed, rejects only when it was dropped from a full buffer. */
  enqueue(unit: WriteUnit): Promise<void> {
    const lane = Number.parseInt(unit.serverId.replaceAll('-', '').slice(-8), 16) % this.lanes.length;
    const seq = this.seq++;
    const committed = this.lanes[Number.isNaN(lane) ? 0 : lane]!.enqueue(unit, seq);
    this.shed(seq);
    return committed;
  }

  /** While the buffer holds more than allowed, drops the oldest waiting unit of any lane (never the newest). */
  private shed(newest: number): void {
    let total = this.depth;
    let units = 0;
    let rows = 0;
    while (total > this.options.maxBufferedRows) {
      let pick: WriterLane | undefined;
      let oldest = newest;
      for (const lane of this.lanes) {
        const seq = lane.oldestQueued;
        if (seq !== undefined && seq < oldest) [pick, oldest] = [lane, seq];
      }
      if (!pick) break;
      const dropped = pick.dropOldest();
      total -= dropped;
      rows += dropped;
      units++;
    }
    if (units === 0) return;
    this.logger.warn({ units, rows }, 'write buffer full: dropped the oldest samples');
    this.hooks.onDropped(units, rows);
  }

  /** Writes what is queued in every lane; safe to call concurrently. */
  async flush(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.flush()));
  }

  /** Flushes what is left (bounded by the caller's shutdown deadline) and stops the timers. */
  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
  }
}
