import { isUniqueViolation } from '@app/database';
import { outsideContext } from '@app/messaging';
import { Logger } from '@nestjs/common';
import type { SamplesRepository } from './samples.repository';
import type { Confirmation, WriteUnit } from './write-unit';

export type { Confirmation, HealthObservation, WriteUnit } from './write-unit';

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
  /** Settles the caller with the unit's confirmation (health units) once it is committed. */
  resolve: (confirmation: Confirmation | null) => void;
  reject: (error: Error) => void;
}

/** Rows a unit holds in the buffer (its health unit's metrics row is built at write time: counted here). */
const rowsOf = (unit: WriteUnit): number =>
  Object.values(unit.rows).reduce((n, r) => n + (r?.length ?? 0), unit.health ? 2 : 1);

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
    private readonly samples: SamplesRepository,
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
  enqueue(unit: WriteUnit, seq: number): Promise<Confirmation | null> {
    return new Promise<Confirmation | null>((resolve, reject) => {
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
    // trace or log context (each job publishes its events in its own).
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
      let confirmations: Map<WriteUnit, Confirmation>;
      try {
        confirmations = await this.writeUnits(batch.map((p) => p.unit));
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
      this.settle(batch, rows, started, confirmations);
    }
  }

  /**
   * After a commit: the lane is healthy again; the units' callers are settled in commit order, health units with
   * their confirmation (callers publish the poll's events from there, so they go out in commit order too).
   */
  private settle(
    batch: Pending[],
    rows: number,
    started: number,
    confirmations: ReadonlyMap<WriteUnit, Confirmation>,
  ): void {
    this.failures = 0;
    this.onCommitted();
    this.buffered -= rows;
    this.hooks.onFlushed(rows, performance.now() - started);
    for (const p of batch) p.resolve(confirmations.get(p.unit) ?? null);
  }

  /**
   * Fast path: samples COPied straight into their tables. A redelivered job's rows are already there: the COPY then
   * fails as a whole and the batch goes through staging with ON CONFLICT DO NOTHING instead.
   */
  private async writeUnits(units: WriteUnit[]): Promise<Map<WriteUnit, Confirmation>> {
    return this.samples.write(units, false).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      this.hooks.onDuplicateBatch?.();
      return this.samples.write(units, true);
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
      let confirmations: Map<WriteUnit, Confirmation>;
      try {
        confirmations = await this.writeUnits([p.unit]);
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
      this.settle([p], p.rows, started, confirmations);
    }
    return [];
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
 * `latest` snapshots and server states, then settles the units' callers in commit order. While PostgreSQL is away the units
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
    samples: SamplesRepository,
    private readonly options: WriterOptions,
    private readonly hooks: WriterHooks,
  ) {
    const count = Math.max(1, options.connections ?? 1);
    this.lanes = Array.from(
      { length: count },
      (_, i) => new WriterLane(samples, options, hooks, i, () => this.lanes.forEach((lane) => lane.retryNow())),
    );
  }

  /** Rows waiting to be written. */
  get depth(): number {
    return this.lanes.reduce((n, lane) => n + lane.depth, 0);
  }

  /**
   * Queues a unit; resolves once it is committed (with its confirmation, for a health unit; null otherwise), in
   * commit order; rejects only when it was dropped from a full buffer or refused by PostgreSQL.
   */
  enqueue(unit: WriteUnit): Promise<Confirmation | null> {
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
