import type { ServerStatus } from '@app/contracts';
import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { TABLES, type SampleTable, type TableRows } from './sample-rows';
import { copyInto, forgetStaging, insertViaCopy, isUniqueViolation } from './copy-insert';

/** Everything one poll writes; committed together with other polls' units in one transaction. */
export interface WriteUnit {
  rows: TableRows;
  latest?: { serverId: string; kind: string; time: Date; data: unknown };
  healthState?: {
    serverId: string;
    status: ServerStatus;
    pendingStatus: ServerStatus | null;
    pendingCount: number;
    time: Date;
    lastSeenAt: Date | null;
    lastError: string | null;
  };
  addonState?: { serverId: string; addonStatus: string; addonReason: string | null; time: Date };
  statusChange?: { serverId: string; time: Date; previous: ServerStatus; status: ServerStatus; reason: string | null };
  /** Runs after the commit (publishing the poll's events: data first, then the news). */
  afterCommit?: () => Promise<void>;
}

export interface WriterOptions {
  flushMs: number;
  /** Rows per transaction. */
  maxBatchRows: number;
  /** Rows held while PostgreSQL is away; beyond it the oldest units are dropped (and counted). */
  maxBufferedRows: number;
}

export interface WriterHooks {
  onDropped(units: number, rows: number): void;
  onFlushed(rows: number, durationMs: number): void;
  onFlushFailed(error: Error): void;
  /** A batch held rows already stored (a redelivered job) and was written again through de-duplication. */
  onDuplicateBatch?(): void;
}

interface Pending {
  unit: WriteUnit;
  rows: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

const rowsOf = (unit: WriteUnit): number => Object.values(unit.rows).reduce((n, r) => n + (r?.length ?? 0), 1);

/**
 * Batches the poller's writes: every `flushMs` (or when a batch is full) one transaction inserts all pending
 * samples through COPY (idempotent on each table's key, so a redelivered job adds nothing), upserts the `latest`
 * snapshots and server states, then runs the units' after-commit work. While PostgreSQL is away the units wait in
 * a bounded buffer and the flush is retried with backoff; nothing throws into the caller but a dropped unit.
 */
export class SampleWriter {
  private readonly logger = new Logger(SampleWriter.name);
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
  ) {}

  /** Rows waiting to be written. */
  get depth(): number {
    return this.buffered;
  }

  /** Queues a unit; resolves once it is committed, rejects only when it was dropped from a full buffer. */
  enqueue(unit: WriteUnit): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const rows = rowsOf(unit);
      this.queue.push({ unit, rows, resolve, reject });
      this.buffered += rows;
      this.shed();
      if (this.buffered >= this.options.maxBatchRows && this.failures === 0) void this.flush();
      else this.arm(this.options.flushMs);
    });
  }

  private arm(delayMs: number): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
  }

  private shed(): void {
    let dropped = 0;
    let droppedRows = 0;
    while (this.buffered - droppedRows > this.options.maxBufferedRows && dropped < this.queue.length - 1)
      droppedRows += this.queue[dropped++]!.rows;
    if (dropped === 0) return;
    this.buffered -= droppedRows;
    for (const oldest of this.queue.splice(0, dropped))
      oldest.reject(new Error('dropped: the write buffer is full while PostgreSQL is unavailable'));
    this.logger.warn({ units: dropped, rows: droppedRows }, 'write buffer full: dropped the oldest samples');
    this.hooks.onDropped(dropped, droppedRows);
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
        const units = batch.map((p) => p.unit);
        // Fast path: samples COPied straight into their tables. A redelivered job's rows are already there: the
        // COPY then fails as a whole and the batch goes through staging with ON CONFLICT DO NOTHING instead.
        await this.write(units, false).catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          this.hooks.onDuplicateBatch?.();
          return this.write(units, true);
        });
      } catch (error) {
        this.queue.unshift(...batch);
        this.failures++;
        this.hooks.onFlushFailed(error as Error);
        const backoff = Math.min(5000, 100 * 2 ** Math.min(this.failures, 6));
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.logger.warn(
            { err: (error as Error).message, buffered: this.buffered, retryInMs: backoff },
            'writing samples failed; holding them and retrying',
          );
        }
        this.arm(backoff);
        return;
      }
      this.failures = 0;
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
  }

  private async write(units: WriteUnit[], dedupe: boolean): Promise<void> {
    const client: PoolClient = await this.pool.connect();
    // A checked-out client whose connection drops emits 'error' on itself (the pool only listens on idle ones):
    // without a listener that would take the process down in the middle of a PostgreSQL outage.
    if (client.listenerCount('error') === 0) client.on('error', () => undefined);
    try {
      await client.query('BEGIN');
      for (const table of Object.keys(TABLES) as SampleTable[]) {
        const rows = units.flatMap((u) => u.rows[table] ?? []);
        if (dedupe) await insertViaCopy(client, table, TABLES[table], rows);
        else await copyInto(client, table, TABLES[table], rows);
      }
      await this.writeStates(client, units);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      forgetStaging(client);
      throw error;
    } finally {
      client.release();
    }
  }

  private async writeStates(client: PoolClient, units: WriteUnit[]): Promise<void> {
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
    const health = newest(
      units.map((u) => u.healthState),
      (h) => h.serverId,
    );
    await insertViaCopy(
      client,
      'server_states',
      [
        ['server_id', 'uuid'],
        ['status', 'server_status'],
        ['status_since', 'timestamptz'],
        ['pending_status', 'server_status'],
        ['pending_count', 'int'],
        ['last_seen_at', 'timestamptz'],
        ['last_error', 'text'],
      ],
      health.map((h) => [h.serverId, h.status, h.time, h.pendingStatus, h.pendingCount, h.lastSeenAt, h.lastError]),
      {
        tail: `ON CONFLICT (server_id) DO UPDATE SET
         status_since = CASE WHEN server_states.status <> EXCLUDED.status THEN EXCLUDED.status_since ELSE server_states.status_since END,
         status = EXCLUDED.status, pending_status = EXCLUDED.pending_status, pending_count = EXCLUDED.pending_count,
         last_seen_at = GREATEST(server_states.last_seen_at, EXCLUDED.last_seen_at), last_error = EXCLUDED.last_error,
         updated_at = now()`,
        join: 'JOIN servers s ON s.id = u.server_id',
        stage: 'stage_health_states',
      },
    );
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
    const changes = units.flatMap((u) => (u.statusChange ? [u.statusChange] : []));
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
