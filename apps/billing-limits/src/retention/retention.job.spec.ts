import { ManualClock, type LifecycleService } from '@app/platform';
import { Logger } from '@nestjs/common';
import type { BillingLimitsConfig } from '../app.config';
import { RetentionJob } from './retention.job';
import type { RetentionMetrics } from './retention.metrics';
import { SAMPLE_TABLES, type RetentionGroup, type RetentionRepository } from './retention.repository';

const HOUR_MS = 3_600_000;
const metrics = () =>
  ({
    rowsDeleted: { inc: jest.fn() },
    runs: { inc: jest.fn() },
    lastRunDuration: { set: jest.fn() },
  }) as unknown as RetentionMetrics;

/** A repository that holds the lock, has these groups (and orphans in server_metrics) and records each delete. */
function repositoryWith(groups: RetentionGroup[], orphans: string[] = []) {
  const deletes: { table: string; serverIds: string[]; before: string }[] = [];
  const repository = {
    whileLocked: async (work: () => Promise<void>) => {
      await work();
      return true;
    },
    retentionGroups: async () => groups,
    orphanServerIds: async (table: string) => (table === 'server_metrics' ? orphans : []),
    deleteBatch: jest.fn(async (table: string, serverIds: string[], before: Date) => {
      deletes.push({ table, serverIds, before: before.toISOString() });
      return 0;
    }),
  } as unknown as RetentionRepository;
  return { repository, deletes };
}

const config = { RETENTION_INTERVAL_MS: 60_000, RETENTION_BATCH_ROWS: 100 } as BillingLimitsConfig;

describe('RetentionJob, on the injected clock', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it("deletes what is older than each plan's hours before the clock's now, and a deleted server's after a day", async () => {
    const clock = new ManualClock(new Date('2026-05-10T12:00:00.000Z'));
    const { repository, deletes } = repositoryWith(
      [
        { retentionHours: 24, serverIds: ['free'] },
        { retentionHours: 720, serverIds: ['pro'] },
      ],
      ['gone'],
    );
    const job = new RetentionJob(repository, metrics(), {} as LifecycleService, config, clock);
    await job.run();
    const metricsDeletes = deletes.filter((d) => d.table === 'server_metrics');
    expect(metricsDeletes).toEqual([
      { table: 'server_metrics', serverIds: ['free'], before: '2026-05-09T12:00:00.000Z' },
      { table: 'server_metrics', serverIds: ['pro'], before: '2026-04-10T12:00:00.000Z' },
      { table: 'server_metrics', serverIds: ['gone'], before: '2026-05-09T12:00:00.000Z' },
    ]);
    // Every table, with the same cut-offs.
    expect(deletes).toHaveLength(SAMPLE_TABLES.length * 2 + 1);
    expect(new Set(deletes.map((d) => d.before))).toEqual(
      new Set(['2026-05-09T12:00:00.000Z', '2026-04-10T12:00:00.000Z']),
    );
  });

  it('moves the cut-off with the clock: a later run deletes up to exactly its own now minus the hours', async () => {
    const clock = new ManualClock(new Date('2026-05-10T12:00:00.000Z'));
    const { repository, deletes } = repositoryWith([{ retentionHours: 7 * 24, serverIds: ['hobby'] }]);
    const job = new RetentionJob(repository, metrics(), {} as LifecycleService, config, clock);
    await job.run();
    clock.advance(HOUR_MS + 1);
    await job.run();
    const cutOffs = [...new Set(deletes.map((d) => d.before))];
    expect(cutOffs).toEqual(['2026-05-03T12:00:00.000Z', '2026-05-03T13:00:00.001Z']);
  });
});
