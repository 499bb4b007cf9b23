import { SimulatorProcess, type SimulatedServer } from '@app/testing';
import { GameTransport } from '../src/https-transport';
import { ProvisioningProbe, type ProbeTarget } from '../src/provisioning-probe';

const target = (s: SimulatedServer, password = s.admin_password): ProbeTarget => ({
  address: s.host,
  port: s.port,
  addonHttpPort: s.addon_http_port,
  adminPassword: password,
});

describe('ProvisioningProbe against the simulator', () => {
  let sim: SimulatorProcess;
  let transport: GameTransport;
  let probe: ProvisioningProbe;

  beforeAll(async () => {
    sim = await SimulatorProcess.start(['--count', '8', '--seed', '11']);
    transport = new GameTransport();
    probe = new ProvisioningProbe(transport, { timeoutMs: 1500 });
  });
  afterAll(async () => {
    await transport.close();
    await sim.stop();
  });

  it('passes every step on a healthy server, with the game version and the certificate to pin', async () => {
    const result = await probe.probe(target(sim.server(0)));
    expect(result.ok).toBe(true);
    expect(result.failure).toBeNull();
    expect(result.steps.map((s) => [s.step, s.ok])).toEqual([
      ['reachable', true],
      ['health_check', true],
      ['password_login', true],
      ['addon', true],
    ]);
    expect(result.game).toMatchObject({
      changelist: 415558,
      version: '1.1 (CL 415558)',
      state: 'playing',
      serverName: 'Simulated Server 1',
    });
    expect(result.certFingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(result.addonVia).toBe('http');
    expect(result.serverState?.isRunning).toBe(true);
  });

  it('stopped server: 502 ServerUnreachableException at "reachable", connection refused, with the firewall remedy', async () => {
    await sim.setFault(1, 'stopped');
    const result = await probe.probe(target(sim.server(1)));
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({
      code: 'ServerUnreachableException',
      status: 502,
      step: 'reachable',
      reason: 'refused',
    });
    expect(result.failure?.observed).toBe(`connection refused on TCP ${sim.server(1).port}`);
    expect(result.failure?.remedy).toContain('port 7777 is listening');
    expect(result.failure?.remedy).toContain('TCP 7777, UDP 7777, TCP 8888, TCP 8080 and TCP 8081');
    expect(result.steps).toHaveLength(1);
  });

  it('black-holed server: 502 with "timed out" and the security-group remedy', async () => {
    await sim.setFault(2, 'blackhole');
    const result = await probe.probe(target(sim.server(2)));
    expect(result.failure).toMatchObject({ code: 'ServerUnreachableException', status: 502, reason: 'timeout' });
    expect(result.failure?.step).toMatch(/reachable|health_check/);
    expect(result.failure?.remedy).toMatch(/security group/);
  });

  it('wrong admin password: 422 InvalidAdminPasswordException at "password_login" with the spec remedy', async () => {
    const result = await probe.probe(target(sim.server(3), 'not-the-password'));
    expect(result.failure).toEqual({
      code: 'InvalidAdminPasswordException',
      status: 422,
      step: 'password_login',
      reason: 'wrong_password',
      observed: 'PasswordLogin answered wrong_password',
      remedy:
        "Reset or look up the admin password in the game's server settings (Administration tab), update it here, and retry.",
    });
    expect(JSON.stringify(result)).not.toContain('not-the-password');
  });

  it('add-on missing: 500 ProvisioningFailedException at "addon", saying the port refused and the proxy is missing', async () => {
    await sim.setFault(4, 'addon_missing');
    const s = sim.server(4);
    const result = await probe.probe(target(s));
    expect(result.failure).toMatchObject({
      code: 'ProvisioningFailedException',
      status: 500,
      step: 'addon',
      reason: 'addon_unavailable',
    });
    expect(result.failure?.observed).toContain(`FRM's port ${s.addon_http_port} refused the connection`);
    expect(result.failure?.observed).toContain('bad_function');
    expect(result.failure?.remedy).toContain(
      `Open port ${s.addon_http_port} (TCP), install the Ficsit Remote Monitoring add-on`,
    );
    expect(result.steps.filter((x) => x.ok).map((x) => x.step)).toEqual([
      'reachable',
      'health_check',
      'password_login',
    ]);
  });

  it('add-on optional: the same server passes when the caller accepts no add-on', async () => {
    const lenient = new ProvisioningProbe(transport, { timeoutMs: 1500, requireAddon: false });
    const result = await lenient.probe(target(sim.server(4)));
    expect(result.ok).toBe(true);
    expect(result.steps.at(-1)).toMatchObject({ step: 'addon', ok: false });
  });

  it('add-on port closed but proxy present: passes through the proxy', async () => {
    await sim.setFault(5, 'addon_port_closed');
    const result = await probe.probe(target(sim.server(5)));
    expect(result.ok).toBe(true);
    expect(result.addonVia).toBe('proxy');
    expect(result.steps.at(-1)?.observed).toContain('via the game port proxy');
  });

  it('loading a save: 502 that says the server is loading and to retry in a minute', async () => {
    await sim.setFault(6, 'loading');
    const result = await probe.probe(target(sim.server(6)));
    expect(result.failure).toMatchObject({
      code: 'ServerUnreachableException',
      status: 502,
      step: 'reachable',
      reason: 'loading',
    });
    expect(result.failure?.observed).toContain('loading a save');
    expect(result.failure?.remedy).toContain('Wait a minute');
    expect(result.game?.state).toBe('loading');
  });

  it('a port that answers but not as the 1.0+ game API: the remedy says game version 1.0 or later is required', async () => {
    // FRM's plain-HTTP port stands in for "something else listening on the game port".
    const s = sim.server(7);
    const result = await probe.probe({ ...target(s), port: s.addon_http_port });
    expect(result.failure).toMatchObject({ code: 'ServerUnreachableException', status: 502, step: 'health_check' });
    expect(result.failure?.reason).toMatch(/tls|not_game_api/);
    expect(result.failure?.remedy).toContain('game version 1.0 or later');
  });
});
