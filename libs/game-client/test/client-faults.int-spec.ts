import { SimulatorProcess, type SimulatedServer } from '@app/testing';
import { GameClientError } from '../src/errors';
import { GameServerClient } from '../src/game-server.client';
import { GameTransport } from '../src/https-transport';
import { LightweightQueryError } from '../src/lightweight-query';
import { probeTcp } from '../src/tcp-probe';

/** The outcome a test asserts: the typed error code, or 'ok'. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (error instanceof GameClientError) return error.code;
    if (error instanceof LightweightQueryError) return `udp:${error.code}`;
    throw error;
  }
}

describe('game client against the simulator', () => {
  let sim: SimulatorProcess;
  let transport: GameTransport;
  // One simulated server per scenario, so faults never leak between tests.
  const client = (s: SimulatedServer, timeoutMs = 2000, password = s.admin_password): GameServerClient =>
    new GameServerClient(
      transport,
      { address: s.host, port: s.port, addonHttpPort: s.addon_http_port, password: () => password },
      { timeoutMs },
    );

  beforeAll(async () => {
    sim = await SimulatorProcess.start(['--count', '14', '--seed', '7', '--token-ttl', '3600']);
    transport = new GameTransport();
  });
  afterAll(async () => {
    await transport.close();
    await sim.stop();
  });

  it('reads health and server state from a healthy server over one kept-alive TLS connection', async () => {
    const c = client(sim.server(0));
    const health = await c.health();
    expect(health.health).toBe('healthy');
    expect(health.state).toMatchObject({
      isRunning: true,
      gamePhaseName: expect.any(String),
      techTier: expect.any(Number),
    });
    expect(health.state.tickRate).toBeGreaterThan(10);
    for (let i = 0; i < 5; i++) await c.health();
    expect(c.stats.logins).toBe(1);
    expect(transport.fingerprintOf(sim.server(0).host, sim.server(0).port)).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('stopped: connection refused on TCP and UDP', async () => {
    const s = sim.server(1);
    await sim.setFault(1, 'stopped');
    expect(await outcome(() => client(s).health())).toBe('refused');
    expect(await probeTcp(s.host, s.port, 1000)).toMatchObject({ ok: false, code: 'refused' });
    expect(await outcome(() => client(s).query({ timeoutMs: 300, attempts: 2 }))).toBe('udp:unreachable');
    await sim.clearFaults(1);
    expect(await outcome(() => client(s).health())).toBe('ok');
  });

  it('black-holed: the client times out instead of hanging, TCP probe and UDP query too', async () => {
    const s = sim.server(2);
    await sim.setFault(2, 'blackhole');
    const started = Date.now();
    expect(await outcome(() => client(s, 400).api.healthCheck())).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await outcome(() => client(s).query({ timeoutMs: 200, attempts: 2 }))).toBe('udp:timeout');
    await sim.clearFaults(2);
  });

  it('slow: a short deadline times out, a longer one waits for the answer', async () => {
    const s = sim.server(3);
    await sim.setFault(3, 'slow', { delayMs: 800 });
    expect(await outcome(() => client(s, 300).api.healthCheck())).toBe('timeout');
    const { latencyMs } = await client(s, 3000).api.healthCheck();
    expect(latencyMs).toBeGreaterThanOrEqual(750);
    await sim.clearFaults(3);
  });

  it('degraded: HealthCheck says slow and the state carries the low tick rate', async () => {
    await sim.setFault(4, 'degraded', { tickRate: 9 });
    const health = await client(sim.server(4)).health();
    expect(health.health).toBe('slow');
    expect(health.state.tickRate).toBe(9);
    await sim.clearFaults(4);
  });

  it('wrong admin password: a typed configuration error, not an outage', async () => {
    await sim.setFault(5, 'wrong_password');
    const c = client(sim.server(5));
    const error = await c.api.login().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GameClientError);
    expect(error).toMatchObject({
      code: 'wrong_password',
      isConfigurationError: true,
      details: { apiErrorCode: 'wrong_password' },
    });
    expect((error as Error).message).not.toContain(sim.server(5).admin_password);
    expect(await outcome(() => c.api.healthCheck())).toBe('ok');
  });

  it('expired token mid-run: exactly one re-login, then it carries on', async () => {
    const c = client(sim.server(6));
    await c.api.queryServerState();
    expect(c.stats.logins).toBe(1);
    await sim.expireTokens(6);
    await c.api.queryServerState();
    expect(c.stats.logins).toBe(2);
    for (let i = 0; i < 3; i++) await c.api.queryServerState();
    expect(c.stats.logins).toBe(2);
  });

  it('add-on port closed: FRM data comes through the proxy on the game port', async () => {
    await sim.setFault(7, 'addon_port_closed');
    const c = client(sim.server(7));
    const { via, body } = await c.frm.get('getPower');
    expect(via).toBe('proxy');
    expect(Array.isArray(body)).toBe(true);
    const power = await c.frm.power();
    expect(power.records.length).toBeGreaterThan(0);
    expect(power.records[0]).toMatchObject({ circuitGroupId: 0, fuseTriggered: expect.any(Boolean) });
    expect(await c.frm.check()).toEqual({ status: 'available', via: 'proxy', reason: null });
  });

  it('proxy missing: FRM still answers on its own port; with the port closed too the add-on is unavailable, with the reason', async () => {
    const s = sim.server(8);
    await sim.setFault(8, 'proxy_missing');
    const c = client(s);
    expect((await c.frm.get('getPlayer')).via).toBe('http');
    await sim.setFault(8, 'addon_port_closed');
    const check = await c.frm.check();
    expect(check.status).toBe('unavailable');
    expect(check.reason).toContain(`FRM's port ${s.addon_http_port} refused the connection`);
    expect(check.reason).toContain('bad_function');
    expect(c.frm.proxyAvailable).toBe(false);
  });

  it('add-on missing: port refused, proxy bad_function, add-on unavailable; the UDP query no longer flags a modded server', async () => {
    await sim.setFault(9, 'addon_missing');
    const c = client(sim.server(9));
    expect(await outcome(() => c.frm.get('getPower'))).toBe('addon_unavailable');
    expect((await c.query()).modded).toBe(false);
    expect((await client(sim.server(0)).query()).modded).toBe(true);
  });

  it('loading a save: UDP says Loading, HTTPS refuses, FRM says the world is not ready', async () => {
    await sim.setFault(10, 'loading');
    const c = client(sim.server(10));
    expect((await c.query()).state).toBe('loading');
    expect(await outcome(() => c.health())).toBe('refused');
    const error = await c.frm.get('getPower').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'world_not_ready', details: { transport: 'frm-http', status: 500 } });
    await sim.clearFaults(10);
    expect((await c.query()).state).toBe('playing');
  });

  it('malformed JSON: a typed bad_json error, never a crash', async () => {
    await sim.setFault(11, 'malformed_json', { scope: 'game' });
    expect(await outcome(() => client(sim.server(11)).api.healthCheck())).toBe('bad_json');
    await sim.setFault(11, 'malformed_json', { scope: 'frm' });
    expect(await outcome(() => client(sim.server(11)).frm.power())).toBe('bad_json');
    await sim.clearFaults(11);
  });

  it('connection reset mid-response: a typed reset error', async () => {
    await sim.setFault(12, 'reset', { scope: 'game' });
    expect(await outcome(() => client(sim.server(12)).api.healthCheck())).toBe('reset');
    await sim.clearFaults(12);
    expect(await outcome(() => client(sim.server(12)).api.healthCheck())).toBe('ok');
  });

  it('a pinned certificate that differs is refused before anything is sent', async () => {
    const s = sim.server(13);
    const pinned = new GameServerClient(
      transport,
      {
        address: s.host,
        port: s.port,
        addonHttpPort: s.addon_http_port,
        password: () => s.admin_password,
        certFingerprint: 'AA:'.repeat(31) + 'AA',
      },
      { timeoutMs: 2000 },
    );
    expect(await outcome(() => pinned.api.healthCheck())).toBe('fingerprint_mismatch');
  });

  it('an unknown function is bad_function; FRM errors are typed', async () => {
    const c = client(sim.server(0));
    expect(await outcome(() => c.api.call('NoSuchFunction', {}, { auth: false }))).toBe('bad_function');
    expect(await outcome(() => c.frm.get('getNothing'))).toBe('frm_error');
  });
});
