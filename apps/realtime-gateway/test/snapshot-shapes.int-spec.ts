import { Subjects, type PollResult } from '@app/contracts';
import { PrismaService } from '@app/database';
import type { Messaging } from '@app/messaging';
import {
  announceServer,
  connectTestMessaging,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  seedAccount,
  seedServer,
  ServiceProcess,
  serviceEnv,
  setPlanIntervals,
  SimulatorProcess,
  sql,
  testNamespace,
  type TestDatabase,
} from '@app/testing';
import { SAMPLE_KINDS } from '@app/samples';
import { buildSnapshot } from '../src/rooms/snapshot.builder';
import { SnapshotRepository } from '../src/rooms/snapshot.repository';

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
/** Kept only as sample rows (`latest` holds their time): every kind of the registry that says so, issue 20's too. */
const SAMPLED = SAMPLE_KINDS.filter((k) => k.sampled).map((k) => k.kind);
/** Kept whole in `latest` (health, session, the sink): the snapshot must carry them as published too. */
const IN_LATEST = SAMPLE_KINDS.filter((k) => !k.sampled).map((k) => k.kind);

/** A poll's data with its records in a stable order (the snapshot orders rows by key, FRM by its own order). */
function canonical(data: unknown): unknown {
  if (!Array.isArray(data)) return data;
  return [...data].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/**
 * The poller keeps only the time of the sampled kinds in `latest`; a dashboard joining a room gets their data from the
 * sample rows. This checks, against the real poller and simulator, that every sampled kind's snapshot entry is the
 * data of the poll result the poller published for that same poll: same fields, same values, nothing left out.
 */
describe('realtime snapshot of every kind equals the published poll results (simulator, poller, PostgreSQL)', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let messaging: Messaging;
  let prisma: PrismaService;
  const prefix = testNamespace();
  const processes: ServiceProcess[] = [];
  const results: PollResult[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await setPlanIntervals(db.url, 2, ['pro']);
    sim = await SimulatorProcess.start(['--count', '1', '--seed', '5']);
    messaging = await connectTestMessaging(prefix, 'test');
    messaging.subscribe(Subjects.pollResult, (r) => {
      results.push(r);
    });
    const env = serviceEnv(db.url, prefix, { SECRETS_KEY, POLLER_TIMEOUT_MS: '1500', POLLER_FLUSH_MS: '50' });
    for (const app of ['billing-limits', 'poller']) {
      const proc = ServiceProcess.start(app, env);
      processes.push(proc);
      await proc.ready();
    }
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'realtime-test' });
    await prisma.$connect();
  });

  afterAll(async () => {
    for (const p of processes) p.kill();
    await sim?.stop();
    await prisma?.$disconnect();
    if (messaging) {
      await deleteNamespaceStreams(messaging);
      await messaging.close();
    }
    await db?.drop();
  });

  it('every kind of the registry: the snapshot holds the data of the newest poll, as the poll result carried it', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await seedServer(db.url, orgId, sim.server(0), SECRETS_KEY);
    announceServer(messaging, serverId, orgId, sim.server(0));
    const ok = (kind: string) => results.some((r) => r.serverId === serverId && r.kind === kind && !r.error);
    await eventually(() => [...SAMPLED, ...IN_LATEST].every(ok), 30_000);

    const rows = await new SnapshotRepository(prisma).read(serverId, orgId);
    const { snapshot, skipped } = buildSnapshot(rows!, new Date());
    expect(skipped).toEqual([]);
    // Results are published after their commit: the one of each snapshot entry arrives at most a moment later.
    const publishedFor = (kind: string, time: string) =>
      results.find((r) => r.serverId === serverId && r.kind === kind && r.time === time);
    await eventually(() => snapshot.latest.every((l) => publishedFor(l.kind, l.time) !== undefined), 5000);
    const latest = await sql<{ kind: string; data: unknown }>(
      db.url,
      'SELECT kind, data FROM latest WHERE server_id = $1',
      [serverId],
    );
    for (const kind of SAMPLED) {
      // What `latest` stores for this kind: only the time.
      expect([kind, latest.find((l) => l.kind === kind)?.data]).toEqual([kind, null]);
      const entry = snapshot.latest.find((l) => l.kind === kind);
      expect(entry).toBeDefined();
      const published = publishedFor(kind, entry!.time);
      expect([kind, published?.error]).toEqual([kind, null]);
      expect([kind, canonical(entry!.data)]).toEqual([kind, canonical(published!.data)]);
    }
    for (const kind of IN_LATEST) {
      expect([kind, latest.find((l) => l.kind === kind)?.data]).not.toEqual([kind, null]);
      const entry = snapshot.latest.find((l) => l.kind === kind);
      expect([kind, entry === undefined]).toEqual([kind, false]);
      expect([kind, canonical(entry!.data)]).toEqual([kind, canonical(publishedFor(kind, entry!.time)?.data)]);
    }
    // The simulator's world has something of each: the comparison compared rows, not empty lists.
    for (const kind of ['power', 'players', 'production', 'generators', 'extractors', 'drone_stations'] as const) {
      const entry = snapshot.latest.find((l) => l.kind === kind)!;
      expect([kind, (entry.data as unknown[]).length > 0]).toEqual([kind, true]);
    }
    expect(
      (snapshot.latest.find((l) => l.kind === 'factory')!.data as { buildings: number }).buildings,
    ).toBeGreaterThan(0);
  });
});
