import type { PollJob, PollKind } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { MetricsService } from '@app/observability';
import { LifecycleService, ReadinessRegistry, SystemClock } from '@app/platform';
import type { PollerConfig } from '../app.config';
import { PollerMetrics } from '../metrics/poller.metrics';
import type { ServerRegistry } from '../registry/server-registry';
import type { ServerRecord } from '../registry/servers.repository';
import type { SampleWriter } from '../storage/sample-writer';
import type { PollExecutor } from './poll-executor';
import type { PollOutcome } from './poll-outcome';
import type { PollPublisher } from './poll-publisher';
import { PollWorkerService } from './poll-worker.service';

const SERVER: ServerRecord = {
  id: '6f1d3c1e-3f47-4d2a-9b7e-2f1c5d9a8e10',
  orgId: '7a1d3c1e-3f47-4d2a-9b7e-2f1c5d9a8e10',
  name: 'Base',
  host: '203.0.113.7',
  address: '203.0.113.7',
  port: 7777,
  addonHttpPort: 8080,
  addonWsPort: 8081,
  adminPasswordEnc: new Uint8Array([0]),
  certFingerprint: null,
  addonStatus: 'available',
  status: 'online',
};

const job = (lagMs: number, kinds: [PollKind, number][]): PollJob => {
  const slot = Date.now() - lagMs;
  const [[kind, intervalSeconds], ...rest] = kinds as [[PollKind, number], ...[PollKind, number][]];
  return {
    jobId: '8b1d3c1e-3f47-4d2a-9b7e-2f1c5d9a8e10',
    serverId: SERVER.id,
    orgId: SERVER.orgId,
    kind,
    intervalSeconds,
    scheduledAt: new Date(slot).toISOString(),
    expiresAt: new Date(slot + intervalSeconds * 1000).toISOString(),
    together: rest.map(([k, i]) => ({ kind: k, intervalSeconds: i })),
  };
};

/**
 * A worker with a scripted executor (records the order of polls; `hold(kind)` keeps a poll of that kind open until
 * released) and a writer that commits at once: what the worker decides to poll, in which order, is all that runs.
 */
function harness(errors: Partial<Record<PollKind, string>> = {}, ackWaitMs = 30_000) {
  const ran: string[] = [];
  const held = new Map<string, () => void>();
  const holding = new Set<string>();
  const executor = {
    forget: () => undefined,
    run: async (_server: ServerRecord, j: PollJob): Promise<PollOutcome> => {
      ran.push(j.kind);
      if (holding.has(j.kind)) await new Promise<void>((resolve) => held.set(j.kind, resolve));
      const code = errors[j.kind];
      const base = {
        job: j,
        time: new Date(j.scheduledAt),
        durationMs: 1,
        error: code ? { code, message: code } : null,
        data: null,
      };
      if (j.kind === 'health')
        return {
          ...base,
          kind: 'health',
          observation: { reachable: !code, loading: false, tickRate: 30, health: 'healthy' },
        };
      if (j.kind === 'addon') return { ...base, kind: 'addon' };
      return { ...base, kind: j.kind, records: [], session: null };
    },
  } as unknown as PollExecutor;
  const writer = { enqueue: () => Promise.resolve(null), stop: () => Promise.resolve() } as unknown as SampleWriter;
  const publisher = { publish: () => Promise.resolve() } as unknown as PollPublisher;
  const registry = { fetch: () => Promise.resolve(SERVER), onChange: () => undefined } as unknown as ServerRegistry;
  const metrics = new PollerMetrics(new MetricsService({ service: 'poller' }));
  const worker = new PollWorkerService(
    {} as Messaging,
    registry,
    metrics,
    new LifecycleService(),
    publisher,
    new SystemClock(),
    new ReadinessRegistry(),
    executor,
    writer,
    { POLLER_ROLE: 'worker', POLLER_ACK_WAIT_MS: ackWaitMs } as PollerConfig,
  );
  const handle = (j: PollJob) => (worker as unknown as { handleJob(j: PollJob): Promise<void> }).handleJob(j);
  const skipped = async (reason: string) =>
    (await metrics.skipped.get()).values
      .filter((v) => v.labels.reason === reason)
      .map((v) => v.labels.kind)
      .sort();
  const droppedLate = async () =>
    (await metrics.droppedLate.get()).values
      .filter((v) => v.value > 0)
      .map((v) => v.labels.kind)
      .sort();
  return {
    ran,
    handle,
    skipped,
    droppedLate,
    hold: (kind: string) => holding.add(kind),
    release: (kind: string) => held.get(kind)?.(),
  };
}

describe('PollWorkerService: what a job polls, and in which order', () => {
  it('polls every kind of a job on time', async () => {
    const h = harness();
    await h.handle(
      job(100, [
        ['health', 10],
        ['power', 15],
        ['players', 15],
      ]),
    );
    expect(h.ran).toEqual(['health', 'power', 'players']);
  });

  it('a job that starts behind schedule sheds its add-on polls and keeps health and the add-on check', async () => {
    const h = harness();
    await h.handle(
      job(6000, [
        ['health', 10],
        ['addon', 300],
        ['power', 15],
        ['players', 15],
      ]),
    );
    expect(h.ran).toEqual(['health', 'addon']);
    expect(await h.skipped('behind')).toEqual(['players', 'power']);
  });

  it('drops (and counts) each kind whose own interval has passed, and polls the others', async () => {
    const h = harness();
    await h.handle(
      job(1500, [
        ['health', 1],
        ['power', 2],
      ]),
    );
    expect(h.ran).toEqual(['power']);
    expect(await h.droppedLate()).toEqual(['health']);
  });

  it('after a poll timed out, the rest of the job skips its add-on polls instead of waiting out the same timeout', async () => {
    const h = harness({ health: 'timeout' });
    await h.handle(
      job(100, [
        ['health', 10],
        ['power', 15],
        ['players', 15],
      ]),
    );
    expect(h.ran).toEqual(['health']);
    expect(await h.skipped('unreachable')).toEqual(['players', 'power']);
  });

  it('a poll still waiting when most of the ack wait has passed is dropped: the job settles before redelivery', async () => {
    const h = harness({}, 1000);
    h.hold('power');
    const settled = h.handle(
      job(0, [
        ['power', 15],
        ['players', 15],
      ]),
    );
    await new Promise((r) => setTimeout(r, 1000)); // past 0.8 of the 1 s ack wait
    h.release('power');
    await settled;
    expect(h.ran).toEqual(['power']);
    expect(await h.droppedLate()).toEqual(['players']);
  });

  it("a server's next health poll goes before the add-on polls still waiting from its previous job", async () => {
    const h = harness();
    h.hold('power');
    const first = h.handle(
      job(100, [
        ['health', 10],
        ['power', 15],
        ['players', 15],
      ]),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(h.ran).toEqual(['health', 'power']); // power in progress (one poll of a server at a time)
    const second = h.handle(job(50, [['health', 10]]));
    await new Promise((r) => setTimeout(r, 20));
    expect(h.ran).toEqual(['health', 'power']); // nothing runs beside the open poll
    h.release('power');
    await Promise.all([first, second]);
    expect(h.ran).toEqual(['health', 'power', 'health', 'players']);
  });
});
