import { readFileSync } from 'node:fs';
import { Subjects, type PollResult } from '@app/contracts';
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
  SimulatorProcess,
  sql,
  testNamespace,
  type TestDatabase,
  setPlanIntervals,
} from '@app/testing';

// Issue 21 item 2: one hostile game server (a 500 MB answer, a million buildings) in a fleet of healthy ones. The
// poller's memory must stay bounded, the healthy servers' polls on schedule, and the hostile one must show why its
// polls are dropped.

const SECRETS_KEY = Buffer.alloc(32, 44).toString('base64');
const HEALTHY = 6;
/** Peak RSS the poller may add over its own baseline while the hostile server is polled. */
const RSS_BOUND_MIB = 120;
/**
 * Latest a healthy server's health result may arrive after its slot. CI runs two test files at once on two cores,
 * next to a simulator streaming 500 MB as fast as it can: single results were seen 2.3 s late there (p50 176 ms).
 * A poller that read or parsed a hostile answer whole blocks for far longer (and misses slots, checked below).
 */
const LAG_BOUND_MS = 5000;
/** The typical (median) lag: on schedule, not merely eventually. */
const LAG_P50_BOUND_MS = 1000;
const HOSTILE_WINDOW_MS = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VmRSS / VmHWM (peak) of a process, in MiB, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

describe('poller against a hostile game server in a healthy fleet', () => {
  let db: TestDatabase;
  let fleet: SimulatorProcess;
  let hostileSim: SimulatorProcess;
  let messaging: Messaging;
  let poller: ServiceProcess;
  const processes: ServiceProcess[] = [];
  const prefix = testNamespace();
  let orgId = '';
  const healthy: string[] = [];
  let hostile = '';
  /** Poll results as they arrive, with their arrival time. */
  const results: { at: number; result: PollResult }[] = [];

  const env = (extra: Record<string, string> = {}) =>
    serviceEnv(db.url, prefix, { SECRETS_KEY, POLLER_FLUSH_MS: '50', POLLER_TIMEOUT_MS: '5000', ...extra });

  /** Samples the poller's RSS every 100 ms for `ms`; answers the peak seen and the kernel's high-water mark. */
  async function watchRss(ms: number): Promise<{ maxRss: number; hwm: number }> {
    let maxRss = 0;
    const until = Date.now() + ms;
    while (Date.now() < until) {
      maxRss = Math.max(maxRss, memoryOf(poller.child.pid!).rss);
      await sleep(100);
    }
    return { maxRss, hwm: memoryOf(poller.child.pid!).peak };
  }

  /** Lag (arrival after slot) of the healthy servers' health results since `from`, and the health rows stored. */
  async function healthyLag(from: number, to: number) {
    const lags = results
      .filter((r) => r.result.kind === 'health' && healthy.includes(r.result.serverId))
      .filter((r) => Date.parse(r.result.time) >= from && Date.parse(r.result.time) <= to)
      .map((r) => r.at - Date.parse(r.result.time));
    const rows = await sql<{ server_id: string; n: string }>(
      db.url,
      `SELECT server_id, count(*) AS n FROM server_metrics WHERE server_id = ANY($1::uuid[]) AND time >= $2 AND time < $3
        GROUP BY server_id`,
      [healthy, new Date(from), new Date(to)],
    );
    return { lags, rows: new Map(rows.map((r) => [r.server_id, Number(r.n)])) };
  }

  const hostileErrors = () =>
    results.filter((r) => r.result.serverId === hostile && r.result.error?.code === 'answer_too_large');

  beforeAll(async () => {
    db = await createTestDatabase();
    await setPlanIntervals(db.url, 2, ['pro']);
    await setPlanIntervals(db.url, { health: 1 }, ['pro']);
    fleet = await SimulatorProcess.start(['--count', String(HEALTHY), '--seed', '21']);
    // The hostile server runs in its own simulator: the healthy servers' answers do not wait behind its streaming.
    hostileSim = await SimulatorProcess.start(['--count', '1', '--seed', '66']);
    messaging = await connectTestMessaging(prefix, 'test');
    messaging.subscribe(Subjects.pollResult, (result) => {
      results.push({ at: Date.now(), result });
    });
    processes.push(ServiceProcess.start('billing-limits', env()));
    await processes[0]!.ready();
    poller = ServiceProcess.start('poller', env());
    processes.push(poller);
    await poller.ready();
    ({ orgId } = await seedAccount(db.url, 'pro'));
    for (let i = 0; i < HEALTHY; i++) {
      const id = await seedServer(db.url, orgId, fleet.server(i), SECRETS_KEY);
      announceServer(messaging, id, orgId, fleet.server(i));
      healthy.push(id);
    }
    hostile = await seedServer(db.url, orgId, hostileSim.server(0), SECRETS_KEY);
    announceServer(messaging, hostile, orgId, hostileSim.server(0));
    // Its add-on is found while it still behaves (the add-on kinds are polled only then).
    await eventually(async () => {
      const [s] = await sql<{ addon_status: string }>(
        db.url,
        'SELECT addon_status FROM server_states WHERE server_id = $1',
        [hostile],
      );
      return s?.addon_status === 'available';
    }, 20_000);
    await eventually(async () => (await healthyLag(0, Date.now())).rows.size === HEALTHY, 10_000);
    await sleep(3000);
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) p.kill();
    await fleet?.stop();
    await hostileSim?.stop();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  it.each([
    ['huge_body', { bytes: 500_000_000, scope: 'frm' }, 'getFactory sent more than 8 MiB'],
    ['many_records', { count: 1_000_000 }, 'getFactory sent more than 8 MiB'],
  ])(
    '%s: memory bounded, healthy servers on schedule, the hostile server told why',
    async (fault, params, says) => {
      const baseline = memoryOf(poller.child.pid!);
      /** The hostile server's factory rows of polls made in [from, to] (polls before the fault or after it is cleared
       * store rows, as they should). */
      const factoryRowsIn = async (from: number, to: number) =>
        Number(
          (
            await sql<{ n: string }>(
              db.url,
              'SELECT count(*) AS n FROM factory_building_samples WHERE server_id = $1 AND time >= $2 AND time <= $3',
              [hostile, new Date(from), new Date(to)],
            )
          )[0]!.n,
        );
      const errorsAtStart = hostileErrors().length;
      await hostileSim.setFault(0, fault, params);
      const from = Date.now();
      const { maxRss, hwm } = await watchRss(HOSTILE_WINDOW_MS);
      const to = Date.now() - 1500;
      await hostileSim.clearFaults(0);

      const { lags, rows } = await healthyLag(from, to);
      const errors = hostileErrors().slice(errorsAtStart);
      const factoryErrors = errors.filter((e) => e.result.kind === 'factory');
      const figures = {
        fault,
        params,
        window_s: HOSTILE_WINDOW_MS / 1000,
        rss_baseline_mib: Math.round(baseline.rss),
        rss_max_mib: Math.round(maxRss),
        rss_hwm_mib: Math.round(hwm),
        rss_bound_mib: Math.round(baseline.rss + RSS_BOUND_MIB),
        healthy_results: lags.length,
        lag_p50_ms: Math.round(percentile(lags, 50)),
        lag_p99_ms: Math.round(percentile(lags, 99)),
        lag_max_ms: Math.round(Math.max(...lags)),
        lag_bound_ms: LAG_BOUND_MS,
        lag_p50_bound_ms: LAG_P50_BOUND_MS,
        healthy_rows_per_server: [...rows.values()],
        hostile_answer_too_large: errors.length,
        hostile_factory_polls_dropped: factoryErrors.length,
      };
      console.log(`hostile ${fault}: ${JSON.stringify(figures)}`);

      // Memory: the poller read at most the cap of each answer, not the answer.
      expect(maxRss).toBeLessThan(baseline.rss + RSS_BOUND_MIB);
      // The healthy servers: every 1 s health slot of the window polled, stored and published on time.
      const slots = Math.floor((to - from) / 1000);
      for (const id of healthy) expect([id, rows.get(id) ?? 0]).toEqual([id, expect.any(Number)]);
      for (const n of rows.values()) expect(n).toBeGreaterThanOrEqual(slots - 1);
      expect(lags.length).toBeGreaterThanOrEqual(HEALTHY * (slots - 1));
      expect(percentile(lags, 50)).toBeLessThan(LAG_P50_BOUND_MS);
      expect(Math.max(...lags)).toBeLessThan(LAG_BOUND_MS);
      // The hostile server: its getFactory polls are dropped with the clear reason, nothing of them stored.
      expect(factoryErrors.length).toBeGreaterThan(0);
      expect(factoryErrors[0]!.result.error!.message).toContain(`answer too large: ${says}`);
      expect(factoryErrors.every((e) => e.result.data === null)).toBe(true);
      await sleep(500);
      expect(await factoryRowsIn(from, to)).toBe(0);
      // Not a missing add-on: its status stays available.
      const [state] = await sql<{ addon_status: string }>(
        db.url,
        'SELECT addon_status FROM server_states WHERE server_id = $1',
        [hostile],
      );
      expect(state?.addon_status).toBe('available');
    },
    60_000,
  );

  it("a hostile game API (HealthCheck streaming 500 MB): the server's status says why", async () => {
    await hostileSim.setFault(0, 'huge_body', { bytes: 500_000_000, scope: 'game' });
    try {
      const lastError = await eventually(async () => {
        const [s] = await sql<{ last_error: string | null; status: string }>(
          db.url,
          'SELECT last_error, status FROM server_states WHERE server_id = $1',
          [hostile],
        );
        return s?.last_error?.startsWith('answer too large') ? s : null;
      }, 15_000);
      console.log(`hostile game API: status ${lastError.status}, last_error "${lastError.last_error}"`);
      expect(lastError.last_error).toContain('answer too large: HealthCheck sent more than 1 MiB');
    } finally {
      await hostileSim.clearFaults(0);
    }
  }, 30_000);

  it('a server without a checked address is never polled by its host name: its status says to re-register it', async () => {
    // As the migration leaves a server registered by name before addresses were pinned: host a name (here one that
    // resolves to a live simulated server), address ''. The poller used to fall back to the host and poll it.
    const target = fleet.server(0);
    const [{ id }] = (await sql<{ id: string }>(
      db.url,
      `INSERT INTO servers (org_id, name, host, address, port, addon_http_port, addon_ws_port, admin_password_enc)
       SELECT org_id, 'Old', 'localhost', '', port, addon_http_port, addon_ws_port, admin_password_enc
         FROM servers WHERE id = $1 RETURNING id`,
      [healthy[0]],
    )) as [{ id: string }];
    announceServer(messaging, id, orgId, { ...target, host: 'localhost' });
    const state = await eventually(async () => {
      const [s] = await sql<{ status: string; last_error: string | null }>(
        db.url,
        'SELECT status, last_error FROM server_states WHERE server_id = $1',
        [id],
      );
      return s?.last_error ? s : null;
    }, 10_000);
    expect(state.status).toBe('offline');
    expect(state.last_error).toContain('localhost has no checked address');
    expect(state.last_error).toContain('re-register the server');
    const answered = await sql(db.url, 'SELECT 1 FROM server_metrics WHERE server_id = $1 AND tick_rate IS NOT NULL', [
      id,
    ]);
    expect(answered).toHaveLength(0);
  });
});
