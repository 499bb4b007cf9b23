import { Subjects } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import {
  announceServer,
  connectTestMessaging,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  metricValue,
  requireEnv,
  seedAccount,
  seedServer,
  ServiceProcess,
  serviceEnv,
  SimulatorProcess,
  sql,
  TcpProxy,
  testNamespace,
  type TestDatabase,
  setPlanIntervals,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 43).toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Slot times of a server's health rows between two instants. */
async function slots(url: string, serverId: string, from: number, to: number): Promise<number[]> {
  const rows = await sql<{ time: Date }>(
    url,
    'SELECT time FROM server_metrics WHERE server_id = $1 AND time >= $2 AND time <= $3 ORDER BY time',
    [serverId, new Date(from), new Date(to)],
  );
  return rows.map((r) => r.time.getTime());
}

/** True when consecutive slots are exactly one interval apart (nothing lost). */
const gapFree = (times: number[], intervalMs: number): boolean =>
  times.every((t, i) => i === 0 || t - times[i - 1]! === intervalMs);

describe('poller resilience: several workers, leader failover, crashes, PostgreSQL outage', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let messaging: Messaging;
  const prefix = testNamespace();
  const all: ServiceProcess[] = [];
  const pollers: { proc: ServiceProcess; port: number }[] = [];
  let orgId = '';
  const servers: string[] = [];

  const env = (extra: Record<string, string> = {}): Record<string, string> =>
    serviceEnv(db.url, prefix, {
      SECRETS_KEY,
      POLLER_TIMEOUT_MS: '3000',
      POLLER_FLUSH_MS: '50',
      POLLER_ACK_WAIT_MS: '2000',
      POLLER_LEADER_TTL_MS: '4000',
      POLLER_LEADER_RETRY_MS: '500',
      ...extra,
    });
  const start = async (app: string, extra: Record<string, string> = {}) => {
    const proc = ServiceProcess.start(app, env(extra));
    all.push(proc);
    const started = { proc, port: await proc.ready() };
    if (app === 'poller') pollers.push(started);
    return started;
  };
  const metrics = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const alive = () => pollers.filter((p) => p.proc.child.exitCode === null && p.proc.child.signalCode === null);

  beforeAll(async () => {
    db = await createTestDatabase();
    await setPlanIntervals(db.url, 60, ['pro']);
    await setPlanIntervals(db.url, { health: 1 }, ['pro']);
    await setPlanIntervals(db.url, { health: 4 }, ['free']);
    sim = await SimulatorProcess.start(['--count', '4', '--seed', '99']);
    messaging = await connectTestMessaging(prefix, 'test');
    await start('billing-limits');
    ({ orgId } = await seedAccount(db.url, 'pro'));
    for (let i = 0; i < 4; i++) servers.push(await seedServer(db.url, orgId, sim.server(i), SECRETS_KEY));
  });

  afterAll(async () => {
    for (const p of all) p.kill();
    await sim.stop();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  it('two workers share the jobs, and no job is polled twice', async () => {
    const [a, b] = [await start('poller'), await start('poller')];
    await eventually(async () => (await slots(db.url, servers[0]!, 0, Date.now())).length >= 6, 20_000);
    await sleep(3000);
    // Stop polling (delete the servers) and let the last jobs settle, then compare polls with stored rows.
    await sql(db.url, 'DELETE FROM servers WHERE id = ANY($1::uuid[])', [servers]);
    for (const serverId of servers)
      messaging.publish(Subjects.serverDeleted, { serverId, orgId, occurredAt: new Date().toISOString() });
    await sleep(2500);
    const polls = await Promise.all(
      [a, b].map(async (p) => metricValue(await metrics(p.port), 'gsm_poller_polls_total', { kind: 'health' })),
    );
    const rows = Number(
      (
        await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM server_metrics WHERE server_id = ANY($1::uuid[])', [
          servers,
        ])
      )[0]!.n,
    );
    expect(polls[0]).toBeGreaterThan(0);
    expect(polls[1]).toBeGreaterThan(0);
    expect(polls[0]! + polls[1]!).toBe(rows);
    // Register them again for the next tests (same ids: the rows keep their history).
    servers.length = 0;
    for (let i = 0; i < 4; i++) servers.push(await seedServer(db.url, orgId, sim.server(i), SECRETS_KEY));
    servers.forEach((serverId, i) => announceServer(messaging, serverId, orgId, sim.server(i)));
  });

  it('when the leader dies, the standby schedules within 15 s', async () => {
    const current = await Promise.all(
      alive().map(async (p) => ({ p, leader: metricValue(await metrics(p.port), 'gsm_poller_scheduler_leader') })),
    );
    // Exactly one of the two is the leader.
    expect(current.map((c) => c.leader).sort()).toEqual([0, 1]);
    const dying = current.find((c) => c.leader === 1)!.p;
    const killedAt = Date.now();
    dying.proc.child.kill('SIGKILL');
    await dying.proc.exited();
    const standby = alive()[0]!;
    await eventually(
      async () => metricValue(await metrics(standby.port), 'gsm_poller_scheduler_leader') === 1,
      15_000,
      200,
    );
    const tookOver = Date.now() - killedAt;
    expect(tookOver).toBeLessThan(15_000);
    await eventually(
      async () => (await slots(db.url, servers[1]!, Date.now() - 1000, Date.now() + 1000)).length > 0,
      5000,
    );
  });

  it('a worker killed mid-job: its job is redelivered, polled once more, stored once', async () => {
    await start('poller');
    // Slow answers keep jobs in flight on both workers; the Free plan's 4 s interval leaves room for redelivery.
    await sql(db.url, "UPDATE subscriptions SET plan_id = 'free' WHERE org_id = $1", [orgId]);
    messaging.publish(Subjects.planChanged, {
      orgId,
      planId: 'free',
      previousPlanId: 'pro',
      period: 'monthly',
      occurredAt: new Date().toISOString(),
    });
    for (let i = 0; i < 4; i++) await sim.setFault(i, 'slow', { delayMs: 1200, scope: 'game' });
    await sleep(6000);
    const from = Date.now();
    const victim = alive().at(-1)!;
    // Kill it while it is in the middle of a poll (its job unacked), not between jobs.
    await eventually(async () => metricValue(await metrics(victim.port), 'gsm_poller_jobs_in_flight') >= 1, 10_000, 20);
    victim.proc.child.kill('SIGKILL');
    await sleep(10_000);
    for (const serverId of servers) {
      const times = await slots(db.url, serverId, from - 4000, Date.now() - 3000);
      expect(times.length).toBeGreaterThanOrEqual(2);
      expect([serverId, gapFree(times, 4000)]).toEqual([serverId, true]);
    }
    for (let i = 0; i < 4; i++) await sim.clearFaults(i);
  });

  it('PostgreSQL unavailable for a while: samples are held and written when it returns, none lost', async () => {
    for (const p of alive()) {
      p.proc.child.kill('SIGKILL');
      await p.proc.exited();
    }
    await sql(db.url, "UPDATE subscriptions SET plan_id = 'pro' WHERE org_id = $1", [orgId]);
    const proxy = await TcpProxy.start('127.0.0.1', Number(new URL(db.url).port || 5432));
    try {
      const url = new URL(db.url);
      url.host = `127.0.0.1:${proxy.port}`;
      const startedAt = Date.now();
      const poller = await start('poller', { DATABASE_URL: url.toString() });
      messaging.publish(Subjects.planChanged, {
        orgId,
        planId: 'pro',
        previousPlanId: 'free',
        period: 'monthly',
        occurredAt: new Date().toISOString(),
      });
      // Rows of this poller (not of the ones killed above) before the cut.
      await eventually(async () => (await slots(db.url, servers[2]!, startedAt, Date.now())).length >= 2, 20_000);
      await sleep(2000);
      const cutAt = Date.now();
      proxy.cut();
      await sleep(1500);
      const during = await metrics(poller.port);
      expect(metricValue(during, 'gsm_poller_write_buffer_rows')).toBeGreaterThan(0);
      await sleep(3500);
      proxy.restore();
      const restoredAt = Date.now();
      await eventually(
        async () => metricValue(await metrics(poller.port), 'gsm_poller_write_buffer_rows') === 0,
        15_000,
        200,
      );
      await sleep(2000);
      expect(metricValue(await metrics(poller.port), 'gsm_poller_flush_failures_total')).toBeGreaterThan(0);
      expect(metricValue(await metrics(poller.port), 'gsm_poller_write_buffer_dropped_rows_total')).toBe(0);
      for (const serverId of servers) {
        // Continuous coverage: a row before the cut, rows after the restore, and every slot in between.
        const times = await slots(db.url, serverId, cutAt - 2000, restoredAt + 1000);
        expect(times[0]).toBeLessThanOrEqual(cutAt);
        expect(times.at(-1)).toBeGreaterThanOrEqual(restoredAt - 1000);
        expect([serverId, gapFree(times, 1000)]).toEqual([serverId, true]);
      }
    } finally {
      await proxy.stop();
    }
  });

  it('NATS away for a while: the poller reconnects by itself and polling resumes', async () => {
    for (const p of alive()) {
      p.proc.child.kill('SIGKILL');
      await p.proc.exited();
    }
    const nats = new URL(requireEnv('GSM_TEST_NATS_URL'));
    const proxy = await TcpProxy.start(nats.hostname, Number(nats.port || 4222));
    try {
      const startedAt = Date.now();
      const poller = await start('poller', { NATS_URL: `nats://127.0.0.1:${proxy.port}` });
      await eventually(async () => (await slots(db.url, servers[0]!, startedAt, Date.now())).length >= 1, 20_000);
      proxy.cut();
      await eventually(
        async () => (await fetch(`http://127.0.0.1:${poller.port}/health/ready`)).status === 503,
        10_000,
        200,
      );
      await sleep(1500);
      proxy.restore();
      const restoredAt = Date.now();
      await eventually(
        async () => (await fetch(`http://127.0.0.1:${poller.port}/health/ready`)).status === 200,
        30_000,
        200,
      );
      await eventually(async () => (await slots(db.url, servers[0]!, restoredAt, Date.now())).length >= 2, 30_000);
      expect(poller.proc.child.exitCode).toBeNull();
    } finally {
      await proxy.stop();
    }
  });

  it('readiness fails while polling lags by more than one interval', async () => {
    for (const p of alive()) {
      p.proc.child.kill('SIGKILL');
      await p.proc.exited();
    }
    // One job at a time, four servers due every second, each poll taking over a second: the queue falls behind.
    for (let i = 0; i < 4; i++) await sim.setFault(i, 'slow', { delayMs: 1200, scope: 'game' });
    const poller = await start('poller', { POLLER_CONCURRENCY: '1' });
    await eventually(
      async () => {
        const res = await fetch(`http://127.0.0.1:${poller.port}/health/ready`);
        const body = (await res.json()) as { checks?: { polling?: { ok: boolean; error?: string } } };
        return res.status === 503 && body.checks?.polling?.error?.includes('polling lags');
      },
      30_000,
      250,
    );
    expect(metricValue(await metrics(poller.port), 'gsm_poller_jobs_dropped_late_total')).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) await sim.clearFaults(i);
  });
});
