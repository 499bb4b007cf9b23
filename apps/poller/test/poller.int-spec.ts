import { Subjects, type ServerStatusChanged } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import { ADDON_KINDS } from '@app/samples';
import {
  announceServer,
  connectTestMessaging,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  metricValue,
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

const SECRETS_KEY = Buffer.alloc(32, 42).toString('base64');

describe('poller against the simulator, PostgreSQL and NATS', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let messaging: Messaging;
  const prefix = testNamespace();
  const processes: ServiceProcess[] = [];
  const statusEvents: ServerStatusChanged[] = [];
  let pollerPort = 0;

  const env = (extra: Record<string, string> = {}): Record<string, string> =>
    serviceEnv(db.url, prefix, {
      SECRETS_KEY,
      POLLER_TIMEOUT_MS: '1500',
      POLLER_FLUSH_MS: '50',
      POLLER_ACK_WAIT_MS: '3000',
      POLLER_LEADER_TTL_MS: '4000',
      POLLER_LEADER_RETRY_MS: '500',
      ...extra,
    });
  const start = async (
    app: string,
    extra: Record<string, string> = {},
  ): Promise<{ proc: ServiceProcess; port: number }> => {
    const proc = ServiceProcess.start(app, env(extra));
    processes.push(proc);
    return { proc, port: await proc.ready() };
  };
  const metrics = async (port: number): Promise<string> => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const register = async (orgId: string, index: number): Promise<string> => {
    const serverId = await seedServer(db.url, orgId, sim.server(index), SECRETS_KEY);
    announceServer(messaging, serverId, orgId, sim.server(index), `Server ${index}`);
    return serverId;
  };
  /** Deletes a server and announces it, as the api-gateway does: no poll of it afterwards. */
  const unregister = async (orgId: string, serverId: string): Promise<void> => {
    await sql(db.url, 'DELETE FROM servers WHERE id = $1', [serverId]);
    messaging.publish(Subjects.serverDeleted, { serverId, orgId, occurredAt: new Date().toISOString() });
  };
  const count = async (table: string, serverId: string): Promise<number> =>
    Number(
      (await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM ${table} WHERE server_id = $1`, [serverId]))[0]!.n,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    // Plans are data: this database's plans poll fast, so the tests see many intervals in a few seconds.
    await setPlanIntervals(db.url, 2, ['pro']);
    await setPlanIntervals(db.url, { health: 1 }, ['pro']);
    await setPlanIntervals(db.url, 6, ['free']);
    sim = await SimulatorProcess.start(['--count', '8', '--seed', '77']);
    messaging = await connectTestMessaging(prefix, 'test');
    messaging.subscribe(Subjects.serverStatus, (e) => {
      statusEvents.push(e);
    });
    await start('billing-limits');
    pollerPort = (await start('poller')).port;
  });

  afterAll(async () => {
    for (const p of processes) p.kill();
    await sim.stop();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  it('polls a new server within 2 s and stores every kind with the simulator values, plus latest rows', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const registeredAt = Date.now();
    const serverId = await register(orgId, 0);
    await eventually(async () => (await count('server_metrics', serverId)) > 0, 5000, 50);
    expect(Date.now() - registeredAt).toBeLessThan(2500);
    await eventually(async () => {
      for (const t of ['power_circuits', 'player_samples', 'production_samples', 'factory_building_samples']) {
        if ((await count(t, serverId)) === 0) return false;
      }
      return true;
    }, 15_000);
    // A server's kinds share its phase: after the first poll (at once, on registration) health is back on the phase,
    // and a power poll goes out in the same job as the health poll of its slot (one job per server and slot). A job
    // that starts late may drop its health poll and still run power, hence "most", not "all".
    const times = async (query: string) =>
      (await sql<{ time: Date }>(db.url, query, [serverId])).map((r) => r.time.getTime());
    await eventually(
      async () => (await times('SELECT DISTINCT time FROM power_circuits WHERE server_id = $1')).length >= 3,
      10_000,
    );
    const healthTimes = new Set(await times('SELECT time FROM server_metrics WHERE server_id = $1'));
    const powerTimes = await times('SELECT DISTINCT time FROM power_circuits WHERE server_id = $1');
    expect(powerTimes.filter((t) => healthTimes.has(t)).length).toBeGreaterThan(powerTimes.length / 2);
    const [state] = await sql<{ status: string; addon_status: string; last_seen_at: Date }>(
      db.url,
      'SELECT status, addon_status, last_seen_at FROM server_states WHERE server_id = $1',
      [serverId],
    );
    expect(state).toMatchObject({ status: 'online', addon_status: 'available' });
    expect(Date.now() - state!.last_seen_at.getTime()).toBeLessThan(5000);

    const simPower = (await (await fetch(`http://127.0.0.1:${sim.server(0).addon_http_port}/getPower`)).json()) as {
      CircuitGroupID: number;
    }[];
    const circuits = await sql<{ circuit_group_id: number }>(
      db.url,
      'SELECT DISTINCT circuit_group_id FROM power_circuits WHERE server_id = $1 ORDER BY 1',
      [serverId],
    );
    expect(circuits.map((c) => c.circuit_group_id)).toEqual(simPower.map((c) => c.CircuitGroupID).sort());
    const [metric] = await sql<{ tick_rate: number; tech_tier: number; game_phase: string; is_running: boolean }>(
      db.url,
      'SELECT tick_rate, tech_tier, game_phase, is_running FROM server_metrics WHERE server_id = $1 ORDER BY time DESC LIMIT 1',
      [serverId],
    );
    const world = (await sim.describe(0)).world as { tickRate: number };
    expect(metric!.tick_rate).toBeGreaterThan(8);
    expect(Math.abs(metric!.tick_rate - world.tickRate)).toBeLessThan(5);
    expect(metric!.game_phase).toMatch(/GP_Project_Assembly_Phase_\d/);
    expect(metric!.is_running).toBe(true);
    const latest = await sql<{ kind: string; time: Date; data: unknown }>(
      db.url,
      'SELECT kind, time, data FROM latest WHERE server_id = $1 ORDER BY kind',
      [serverId],
    );
    expect(latest.map((l) => l.kind)).toEqual(
      expect.arrayContaining(['addon', 'factory', 'health', 'players', 'power', 'production']),
    );
    // Health and the add-on check keep their data in `latest`; the sampled kinds keep only the time of their newest
    // poll, whose rows are stored at exactly that time.
    const byKind = new Map(latest.map((l) => [l.kind, l]));
    expect(byKind.get('health')!.data).toMatchObject({ tickRate: expect.any(Number), isRunning: true });
    expect(byKind.get('addon')!.data).toMatchObject({ status: 'available' });
    for (const [kind, table] of [
      ['power', 'power_circuits'],
      ['players', 'player_samples'],
      ['production', 'production_samples'],
      ['factory', 'factory_building_samples'],
    ] as const) {
      expect(byKind.get(kind)!.data).toBeNull();
      const [rows] = await sql<{ n: string }>(
        db.url,
        `SELECT count(*) AS n FROM ${table} WHERE server_id = $1 AND time = $2`,
        [serverId, byKind.get(kind)!.time],
      );
      expect(Number(rows!.n)).toBeGreaterThan(0);
    }
    expect(
      metricValue(await metrics(pollerPort), 'gsm_poller_polls_total', { kind: 'health', outcome: 'ok' }),
    ).toBeGreaterThan(0);
    await unregister(orgId, serverId);
  });

  it("polls issue 20's kinds, stores the simulator's values tagged with the save, and a new save starts new series", async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await register(orgId, 7);
    const frm = async <T>(endpoint: string): Promise<T> =>
      (await (await fetch(`http://127.0.0.1:${sim.server(7).addon_http_port}/${endpoint}`)).json()) as T;
    const tables = [
      'generator_samples',
      'extractor_samples',
      'drone_station_samples',
      'inventory_samples',
      'storage_samples',
      'resource_sink_samples',
      'session_samples',
    ];
    await eventually(async () => {
      for (const t of tables) if ((await count(t, serverId)) === 0) return false;
      return true;
    }, 20_000);
    const ids = async (query: string) => (await sql<{ id: string }>(db.url, query, [serverId])).map((r) => r.id).sort();
    const simIds = (list: { ID: string }[]) => list.map((g) => g.ID).sort();
    expect(await ids('SELECT DISTINCT generator_id AS id FROM generator_samples WHERE server_id = $1')).toEqual(
      simIds(await frm('getGenerators')),
    );
    expect(await ids('SELECT DISTINCT extractor_id AS id FROM extractor_samples WHERE server_id = $1')).toEqual(
      simIds(await frm('getExtractor')),
    );
    expect(await ids('SELECT DISTINCT station_id AS id FROM drone_station_samples WHERE server_id = $1')).toEqual(
      simIds(await frm('getDroneStation')),
    );
    const world = await frm<{ ClassName: string }[]>('getWorldInv');
    expect(
      await ids('SELECT DISTINCT item_class AS id FROM inventory_samples WHERE server_id = $1 AND amount > 0'),
    ).toEqual(world.map((i) => i.ClassName).sort());
    const { SessionName: save } = await frm<{ SessionName: string }>('getSessionInfo');
    // Every add-on row is tagged with the save (the first polls of a fresh poller may precede the first health poll).
    await eventually(async () => {
      const [row] = await sql<{ session_name: string | null }>(
        db.url,
        'SELECT session_name FROM generator_samples WHERE server_id = $1 ORDER BY time DESC LIMIT 1',
        [serverId],
      );
      return row?.session_name === save;
    }, 10_000);
    // Another save is loaded: the next rows carry its name, the old rows keep theirs.
    await sim.patchWorld(7, { sessionName: 'Second save' });
    for (const table of ['generator_samples', 'power_circuits', 'session_samples']) {
      await eventually(async () => {
        const [row] = await sql<{ session_name: string | null }>(
          db.url,
          `SELECT session_name FROM ${table} WHERE server_id = $1 ORDER BY time DESC LIMIT 1`,
          [serverId],
        );
        return row?.session_name === 'Second save';
      }, 10_000);
    }
    const saves = await sql<{ session_name: string }>(
      db.url,
      'SELECT DISTINCT session_name FROM generator_samples WHERE server_id = $1 AND session_name IS NOT NULL',
      [serverId],
    );
    expect(saves.map((r) => r.session_name).sort()).toEqual(['Second save', save].sort());
    await unregister(orgId, serverId);
  });

  it('an add-on-less server: only the vanilla kinds, and the add-on is marked absent with the reason', async () => {
    await sim.setFault(1, 'addon_missing');
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await register(orgId, 1);
    await eventually(
      async () =>
        (
          await sql(db.url, "SELECT 1 FROM server_states WHERE server_id = $1 AND addon_status = 'unavailable'", [
            serverId,
          ])
        ).length > 0,
      10_000,
    );
    await new Promise((r) => setTimeout(r, 3000));
    const [state] = await sql<{ addon_reason: string }>(
      db.url,
      'SELECT addon_reason FROM server_states WHERE server_id = $1',
      [serverId],
    );
    expect(state!.addon_reason).toContain('bad_function');
    expect(await count('server_metrics', serverId)).toBeGreaterThan(1);
    for (const t of [
      'power_circuits',
      'player_samples',
      'production_samples',
      'train_samples',
      'drone_samples',
      'factory_building_samples',
    ]) {
      expect([t, await count(t, serverId)]).toEqual([t, 0]);
    }
    await unregister(orgId, serverId);
  });

  it('status: online -> degraded -> online -> offline -> online, each confirmed and published once', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await register(orgId, 2);
    const current = async () =>
      (await sql<{ status: string }>(db.url, 'SELECT status FROM server_states WHERE server_id = $1', [serverId]))[0]
        ?.status;
    await eventually(async () => (await current()) === 'online', 10_000);
    for (const [fault, expected] of [
      ['degraded', 'degraded'],
      [null, 'online'],
      ['stopped', 'offline'],
      [null, 'online'],
    ] as const) {
      if (fault) await sim.setFault(2, fault, fault === 'degraded' ? { tickRate: 9 } : {});
      else await sim.clearFaults(2);
      await eventually(async () => (await current()) === expected, 15_000);
    }
    await eventually(() => statusEvents.filter((e) => e.serverId === serverId).length === 5, 5000);
    const published = statusEvents.filter((e) => e.serverId === serverId).map((e) => `${e.previous}->${e.status}`);
    expect(published).toEqual([
      'unknown->online',
      'online->degraded',
      'degraded->online',
      'online->offline',
      'offline->online',
    ]);
    const stored = await sql<{ previous: string; status: string }>(
      db.url,
      'SELECT previous, status FROM server_status_changes WHERE server_id = $1 ORDER BY time',
      [serverId],
    );
    expect(stored.map((c) => `${c.previous}->${c.status}`)).toEqual(published);
    expect(statusEvents.find((e) => e.serverId === serverId && e.status === 'degraded')?.reason).toContain(
      'below 15/s',
    );
    await unregister(orgId, serverId);
  });

  it('a server that hangs: its health polls time out and the add-on polls due with them are skipped, not waited out', async () => {
    // The Free plan here polls every kind each 6 s: each job carries health and every add-on kind.
    const { orgId } = await seedAccount(db.url, 'free');
    const serverId = await register(orgId, 5);
    await eventually(async () => (await count('power_circuits', serverId)) > 0, 20_000);
    const addonPolls = ['addon', ...ADDON_KINDS];
    const read = async () => {
      const text = await metrics(pollerPort);
      return {
        skipped: metricValue(text, 'gsm_poller_polls_skipped_total', { reason: 'unreachable' }),
        healthTimeouts: metricValue(text, 'gsm_poller_polls_total', { kind: 'health', outcome: 'timeout' }),
        addonTimeouts: addonPolls.reduce(
          (n, kind) => n + metricValue(text, 'gsm_poller_polls_total', { kind, outcome: 'timeout' }),
          0,
        ),
      };
    };
    const before = await read();
    // Hung: every answer, on kept-alive connections too, comes long after the 1.5 s timeout.
    await sim.setFault(5, 'slow', { delayMs: 30_000, scope: 'all' });
    // Two health polls time out (two observations confirm offline), each job's add-on polls skipped.
    const state = async () =>
      (
        await sql<{ status: string; addon_status: string }>(
          db.url,
          'SELECT status, addon_status FROM server_states WHERE server_id = $1',
          [serverId],
        )
      )[0];
    await eventually(async () => (await state())?.status === 'offline', 25_000);
    const after = await read();
    await sim.clearFaults(5);
    // Each job waits out one timeout (1.5 s), not one per kind: six add-on kinds would hold the server's turn for 9 s
    // more, and its next job would start late.
    expect(after.healthTimeouts - before.healthTimeouts).toBeGreaterThanOrEqual(2);
    expect(after.skipped - before.skipped).toBeGreaterThanOrEqual(6);
    expect(after.addonTimeouts - before.addonTimeouts).toBeLessThan(after.skipped - before.skipped);
    // The add-on is not declared missing while the whole server is unreachable.
    expect(await state()).toEqual({ status: 'offline', addon_status: 'available' });
    await unregister(orgId, serverId);
  });

  it("a slow add-on does not hold up its server's health polls: health goes before the add-on polls waiting", async () => {
    // Pro here: health every 1 s, the add-on kinds every 2 s, so each 2 s job carries health and six add-on polls.
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await register(orgId, 6);
    await eventually(async () => (await count('power_circuits', serverId)) > 0, 15_000);
    // Every add-on answer now takes 400 ms (under the 1.5 s timeout): six of them are 2.4 s of the server's turns
    // every 2 s. Were they run before the health polls queued behind them, most health polls would expire (1 s).
    await sim.setFault(6, 'slow', { delayMs: 400, scope: 'frm' });
    const from = Date.now() + 2000;
    await new Promise((r) => setTimeout(r, 12_000));
    const to = Date.now() - 2000;
    await sim.clearFaults(6);
    const health = await sql<{ n: string }>(
      db.url,
      'SELECT count(*) AS n FROM server_metrics WHERE server_id = $1 AND time >= $2 AND time < $3',
      [serverId, new Date(from), new Date(to)],
    );
    const slots = Math.floor((to - from) / 1000);
    expect(Number(health[0]!.n)).toBeGreaterThanOrEqual(Math.floor(slots * 0.8));
    // The add-on was polled meanwhile (slowly), not starved.
    const power = await sql<{ n: string }>(
      db.url,
      'SELECT count(DISTINCT time) AS n FROM power_circuits WHERE server_id = $1 AND time >= $2 AND time < $3',
      [serverId, new Date(from), new Date(to)],
    );
    expect(Number(power[0]!.n)).toBeGreaterThanOrEqual(1);
    await unregister(orgId, serverId);
  });

  it('a plan change Free -> Pro shrinks the interval within one interval', async () => {
    const { orgId } = await seedAccount(db.url, 'free');
    const serverId = await register(orgId, 3);
    const times = async () =>
      (
        await sql<{ time: Date }>(db.url, 'SELECT time FROM server_metrics WHERE server_id = $1 ORDER BY time', [
          serverId,
        ])
      ).map((r) => r.time.getTime());
    await eventually(async () => (await times()).length >= 3, 20_000);
    const before = await times();
    expect(before.at(-1)! - before.at(-2)!).toBe(6000);
    await sql(db.url, "UPDATE subscriptions SET plan_id = 'pro' WHERE org_id = $1", [orgId]);
    const changedAt = Date.now();
    messaging.publish(Subjects.planChanged, {
      orgId,
      planId: 'pro',
      previousPlanId: 'free',
      period: 'monthly',
      occurredAt: new Date().toISOString(),
    });
    await eventually(async () => {
      const t = (await times()).filter((x) => x > changedAt);
      return t.length >= 3 && t.at(-1)! - t.at(-2)! === 1000;
    }, 10_000);
    const firstFast = (await times()).filter((x) => x > changedAt)[0]!;
    expect(firstFast - changedAt).toBeLessThan(6000);
    await unregister(orgId, serverId);
  });

  it('changing a password makes a new login; deleting a server stops its polls', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await register(orgId, 4);
    await eventually(async () => (await count('server_metrics', serverId)) >= 2, 10_000);
    const lastError = async () =>
      (
        await sql<{ last_error: string | null }>(db.url, 'SELECT last_error FROM server_states WHERE server_id = $1', [
          serverId,
        ])
      )[0]?.last_error;
    const setPassword = async (password: string) => {
      await sql(db.url, 'UPDATE servers SET admin_password_enc = $2 WHERE id = $1', [
        serverId,
        new SecretBox(SECRETS_KEY).seal(password, serverId),
      ]);
      const s = sim.server(4);
      messaging.publish(Subjects.serverUpdated, {
        serverId,
        orgId,
        occurredAt: new Date().toISOString(),
        name: 'Server 4',
        host: s.host,
        address: s.host,
        port: s.port,
        addonHttpPort: s.addon_http_port,
        addonWsPort: s.addon_ws_port,
        passwordChanged: true,
        changedFields: ['admin_password'],
      });
    };
    // A wrong new password is only noticed if the poller logs in again instead of reusing its cached token.
    await setPassword('not-the-password');
    await eventually(async () => (await lastError())?.includes('wrong_password'), 10_000);
    const [state] = await sql<{ status: string }>(db.url, 'SELECT status FROM server_states WHERE server_id = $1', [
      serverId,
    ]);
    expect(state!.status).toBe('online');
    await setPassword(sim.server(4).admin_password);
    await eventually(async () => (await lastError()) === null, 10_000);
    await unregister(orgId, serverId);
    await new Promise((r) => setTimeout(r, 1500));
    const after = await count('server_metrics', serverId);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await count('server_metrics', serverId)).toBe(after);
  });
});
