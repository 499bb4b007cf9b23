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
  setPlanIntervals,
  SimulatorProcess,
  sql,
  testNamespace,
  type TestDatabase,
} from '@app/testing';

// Issue 21: many hostile servers at once. Each answer has its cap (8 MiB getFactory, 1 MiB the others), but HOSTILE
// servers streaming huge bodies together could hold HOSTILE × 8 MiB; the poller's budget across answers in flight
// bounds the sum and drops what would go over it, saying so. The budget here (2 MiB) is below getFactory's own cap,
// so that every hostile factory answer, and any three of the others read at once, reach it whatever the timing (at
// 16 MiB whether ten servers' answers overlapped enough depended on the machine's speed: a CI run saw none).

const SECRETS_KEY = Buffer.alloc(32, 45).toString('base64');
const HOSTILE = 10;
const BUDGET_MIB = 2;
/** Peak RSS the poller may add over its baseline: the budget, and room for the rest of its work. */
const RSS_BOUND_MIB = 100;
const WINDOW_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssOf = (pid: number): number =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

describe('poller: a total byte budget across answers in flight', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let messaging: Messaging;
  let poller: ServiceProcess;
  const processes: ServiceProcess[] = [];
  const prefix = testNamespace();
  const servers: string[] = [];
  const results: PollResult[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await setPlanIntervals(db.url, 2, ['pro']);
    sim = await SimulatorProcess.start(['--count', String(HOSTILE), '--seed', '67']);
    messaging = await connectTestMessaging(prefix, 'test');
    messaging.subscribe(Subjects.pollResult, (result) => void results.push(result));
    const env = serviceEnv(db.url, prefix, {
      SECRETS_KEY,
      POLLER_FLUSH_MS: '50',
      POLLER_TIMEOUT_MS: '5000',
      POLLER_ANSWER_BUDGET_BYTES: String(BUDGET_MIB * 1024 * 1024),
    });
    processes.push(ServiceProcess.start('billing-limits', env));
    await processes[0]!.ready();
    poller = ServiceProcess.start('poller', env);
    processes.push(poller);
    await poller.ready();
    const { orgId } = await seedAccount(db.url, 'pro');
    for (let i = 0; i < HOSTILE; i++) {
      const id = await seedServer(db.url, orgId, sim.server(i), SECRETS_KEY);
      announceServer(messaging, id, orgId, sim.server(i));
      servers.push(id);
    }
    // Their add-ons are found while they still behave (the add-on kinds are polled only then).
    await eventually(async () => {
      const rows = await sql(
        db.url,
        `SELECT 1 FROM server_states WHERE server_id = ANY($1::uuid[]) AND addon_status = 'available'`,
        [servers],
      );
      return rows.length === HOSTILE;
    }, 30_000);
  }, 90_000);

  afterAll(async () => {
    for (const p of processes) p.kill();
    await sim?.stop();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  it('huge bodies from every server at once: RSS bounded, the answers over the budget dropped and told why', async () => {
    expect(poller.output.join('\n')).toContain(`${BUDGET_MIB} MiB across all answers in flight`);
    await sleep(2000);
    const baseline = rssOf(poller.child.pid!);
    const seen = results.length;
    for (let i = 0; i < HOSTILE; i++) await sim.setFault(i, 'huge_body', { bytes: 50_000_000, scope: 'frm' });
    let maxRss = 0;
    const until = Date.now() + WINDOW_MS;
    while (Date.now() < until) {
      maxRss = Math.max(maxRss, rssOf(poller.child.pid!));
      await sleep(100);
    }
    for (let i = 0; i < HOSTILE; i++) await sim.clearFaults(i);
    const errors = results.slice(seen).filter((r) => r.error?.code === 'answer_too_large');
    const budget = errors.filter((r) => r.error!.message.includes("the poller's budget for answers in flight"));
    console.log(
      `answer budget: ${JSON.stringify({
        servers: HOSTILE,
        budget_mib: BUDGET_MIB,
        window_s: WINDOW_MS / 1000,
        rss_baseline_mib: Math.round(baseline),
        rss_max_mib: Math.round(maxRss),
        rss_bound_mib: Math.round(baseline + RSS_BOUND_MIB),
        answer_too_large: errors.length,
        over_budget: budget.length,
        servers_over_budget: new Set(budget.map((r) => r.serverId)).size,
      })}`,
    );
    expect(maxRss).toBeLessThan(baseline + RSS_BOUND_MIB);
    // Without a budget every answer reads up to its own cap: none is dropped for the total.
    expect(budget.length).toBeGreaterThan(0);
    expect(budget[0]!.error!.message).toMatch(
      new RegExp(
        `^answer dropped: \\w+ had sent .+ when the poller's budget for answers in flight \\(${BUDGET_MIB} MiB`,
      ),
    );
    expect(budget.every((r) => r.data === null)).toBe(true);
  }, 60_000);
});
