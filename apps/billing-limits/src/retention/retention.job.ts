import { Clock, LifecycleService, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { BillingLimitsConfig } from '../app.config';
import { RetentionMetrics } from './retention.metrics';
import { RetentionRepository, SAMPLE_TABLES, type RetentionGroup, type SampleTable } from './retention.repository';

/** The first run comes this soon after start (or after one interval when that is shorter). */
const FIRST_RUN_DELAY_MS = 5000;
/**
 * Samples of a deleted server go after a day: deleting a server stops its polling, and its samples stay for a
 * day (a mistaken deletion can still be looked into) instead of until the organisation's retention, which no
 * longer applies to a server without an organisation.
 */
const DELETED_SERVER_RETENTION_HOURS = 24;
const HOUR_MS = 3_600_000;

/**
 * Deletes every organisation's samples older than its plan keeps, every RETENTION_INTERVAL_MS, on one replica at a
 * time (PostgreSQL advisory lock; the others skip the run). Deletes go in batches of RETENTION_BATCH_ROWS rows,
 * each its own short transaction, so a large backlog (after a downgrade) never holds long locks or blocks
 * ingestion. A failed run is logged and the next interval tries again.
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetentionJob.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly repository: RetentionRepository,
    private readonly metrics: RetentionMetrics,
    private readonly lifecycle: LifecycleService,
    @Inject(SERVICE_CONFIG) private readonly config: BillingLimitsConfig,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.lifecycle.onDrain('retention', () => this.stop());
    this.schedule(Math.min(FIRST_RUN_DELAY_MS, this.config.RETENTION_INTERVAL_MS));
  }

  /** Stops scheduling and lets a run in progress end after its current batch. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    // The next run is timed from the end of this one, so runs never overlap in one replica.
    this.timer = setTimeout(() => {
      this.running = this.run().finally(() => this.schedule(this.config.RETENTION_INTERVAL_MS));
    }, delayMs);
  }

  /** One run; never throws. */
  async run(): Promise<void> {
    const started = Date.now();
    const deleted = Object.fromEntries(SAMPLE_TABLES.map((t) => [t, 0])) as Record<SampleTable, number>;
    try {
      const ran = await this.repository.whileLocked(() => this.sweep(deleted));
      if (!ran) {
        this.metrics.runs.inc({ outcome: 'skipped' });
        this.logger.debug('retention skipped: another replica is running it');
        return;
      }
      const durationMs = Date.now() - started;
      this.metrics.runs.inc({ outcome: 'completed' });
      this.metrics.lastRunDuration.set(durationMs / 1000);
      const total = Object.values(deleted).reduce((a, b) => a + b, 0);
      this.logger.log({ deleted: total, tables: deleted, durationMs }, 'retention run completed');
    } catch (error) {
      this.metrics.runs.inc({ outcome: 'failed' });
      this.logger.error(
        // Prisma's messages start with the call site; the last line is the database's reason.
        { err: (error as Error).message.trim().split('\n').pop(), deleted, durationMs: Date.now() - started },
        'retention run failed; trying again next interval',
      );
    }
  }

  private async sweep(deleted: Record<SampleTable, number>): Promise<void> {
    // One instant for the whole run: every cut-off is measured from it, and a run's batches all agree.
    const now = this.clock.nowMs();
    const groups = await this.repository.retentionGroups();
    for (const table of SAMPLE_TABLES) {
      const orphans = await this.repository.orphanServerIds(table);
      const targets: RetentionGroup[] = orphans.length
        ? [...groups, { serverIds: orphans, retentionHours: DELETED_SERVER_RETENTION_HOURS }]
        : groups;
      for (const { serverIds, retentionHours } of targets) {
        const rows = await this.deleteAll(table, serverIds, new Date(now - retentionHours * HOUR_MS));
        deleted[table] = (deleted[table] ?? 0) + rows;
      }
    }
  }

  /** Batch after batch until one deletes less than a full batch (or the service stops). */
  private async deleteAll(table: SampleTable, serverIds: string[], before: Date): Promise<number> {
    const limit = this.config.RETENTION_BATCH_ROWS;
    let total = 0;
    while (!this.stopping) {
      const rows = await this.repository.deleteBatch(table, serverIds, before, limit);
      total += rows;
      this.metrics.rowsDeleted.inc({ table }, rows);
      if (rows < limit) break;
    }
    return total;
  }
}
