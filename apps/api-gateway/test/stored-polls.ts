import { randomUUID } from 'node:crypto';
import type { PollJob } from '@app/contracts';
import { PgPools } from '@app/database';
import { eventDataOf, SAMPLE_KINDS } from '@app/samples';
import { HEALTH, RECORDS, SESSION } from '../../../libs/samples/test/frm-records';
import { SampleWriter } from '../../poller/src/storage/sample-writer';
import { SamplesRepository } from '../../poller/src/storage/samples.repository';
import { unitOf } from '../../poller/src/storage/write-unit';
import type { PollOutcome } from '../../poller/src/worker/poll-outcome';

/**
 * Stores one poll of each add-on kind (the shared FRM records, or `records`) for a server at `time`, through the
 * poller's own write unit and transaction: the sample rows and `latest`; with `health`, a health poll too (the
 * server is then observed online). For routes whose kinds a test's simulator does not serve, and for times a test
 * chooses.
 */
export async function storePolls(
  databaseUrl: string,
  serverId: string,
  orgId: string,
  time: Date,
  options: { kinds?: readonly string[]; records?: Record<string, object[]>; session?: string; health?: boolean } = {},
): Promise<void> {
  const pools = new PgPools({ url: databaseUrl, poolSize: 1, applicationName: 'stored-polls' });
  const writer = new SampleWriter(
    new SamplesRepository(pools.pool('writer', 1)),
    { flushMs: 5, maxBatchRows: 10_000, maxBufferedRows: 100_000 },
    { onDropped() {}, onFlushed() {}, onFlushFailed() {} },
  );
  try {
    const records = { ...RECORDS, ...options.records };
    const kinds = SAMPLE_KINDS.filter((k) => k.addon && (!options.kinds || options.kinds.includes(k.kind)));
    const job = (kind: PollJob['kind']): PollJob => ({
      jobId: randomUUID(),
      serverId,
      orgId,
      kind,
      scheduledAt: time.toISOString(),
      intervalSeconds: 30,
      expiresAt: new Date(time.getTime() + 30_000).toISOString(),
    });
    const base = { time, durationMs: 1, error: null };
    if (options.health)
      await writer.enqueue(
        unitOf(serverId, {
          ...base,
          job: job('health'),
          kind: 'health',
          data: HEALTH,
          observation: { reachable: true, loading: false, tickRate: HEALTH.tickRate, health: 'healthy' },
        }),
      );
    await Promise.all(
      kinds.map((kind) => {
        const list = records[kind.kind] ?? [];
        const outcome: PollOutcome = {
          ...base,
          job: job(kind.kind),
          kind: kind.kind as 'power',
          records: list,
          data: eventDataOf(kind, list),
          session: options.session ?? SESSION,
        };
        return writer.enqueue(unitOf(serverId, outcome));
      }),
    );
  } finally {
    await writer.stop();
    await pools.onApplicationShutdown();
  }
}
