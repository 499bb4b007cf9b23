import { createServer, type Server } from 'node:net';
import { GameClientError } from './errors';
import type { GameTransport, RawResponse } from './https-transport';
import { ProvisioningProbe, type ProbeStep, type ProbeTarget } from './provisioning-probe';

/**
 * The probe's step reporting, without a game server: the game port's TCP connect goes to a loopback listener,
 * the HTTPS and FRM exchanges to a fake transport that writes every call into the same log as the `onStep`
 * listener, so the log shows whether each step was reported before the next one started.
 */

const LOOPBACK = '127.0.0.1';
const PASSWORD = 'unit-test-admin-password';
const json = (body: unknown): RawResponse => ({
  status: 200,
  contentType: 'application/json;charset=utf-8',
  contentDisposition: null,
  text: JSON.stringify(body),
});

class FakeTransport {
  constructor(private readonly log: string[]) {}

  async send(_url: string, init: { body?: string }): Promise<RawResponse> {
    const request = JSON.parse(init.body ?? '{}') as { function: string; data?: { password?: string } };
    this.log.push(`call:${request.function}`);
    await new Promise((resolve) => setImmediate(resolve));
    switch (request.function) {
      case 'HealthCheck':
        return json({ data: { health: 'healthy', serverCustomData: '' } });
      case 'PasswordLogin':
        return request.data?.password === PASSWORD
          ? json({ data: { authenticationToken: 'unit-test-token' } })
          : { ...json({ errorCode: 'wrong_password', errorMessage: 'Wrong password' }), status: 401 };
      default:
        return json({ errorCode: 'bad_function', errorMessage: `unknown function ${request.function}` });
    }
  }

  async get(url: string): Promise<RawResponse> {
    this.log.push(`get:${url.split('/').at(-1)}`);
    await new Promise((resolve) => setImmediate(resolve));
    return json([{ CircuitGroupID: 1 }, { CircuitGroupID: 2 }]);
  }

  fingerprintOf(): string | null {
    return null;
  }
}

async function listen(): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return server;
}

const portOf = (server: Server): number => (server.address() as { port: number }).port;

describe('ProvisioningProbe step reporting (onStep)', () => {
  let game: Server;
  let closedPort: number;

  beforeAll(async () => {
    game = await listen();
    const closed = await listen();
    closedPort = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => game.close(resolve));
  });

  const run = async (target: Partial<ProbeTarget> = {}, probeOptions: { requireAddon?: boolean } = {}) => {
    const log: string[] = [];
    const reported: ProbeStep[] = [];
    const probe = new ProvisioningProbe(new FakeTransport(log) as unknown as GameTransport, {
      timeoutMs: 300,
      ...probeOptions,
    });
    const result = await probe.probe(
      { address: LOOPBACK, port: portOf(game), addonHttpPort: 8080, adminPassword: PASSWORD, ...target },
      {
        onStep: (step) => {
          reported.push(step);
          log.push(`step:${step.step}:${step.ok ? 'ok' : 'failed'}`);
        },
      },
    );
    return { result, reported, log };
  };

  it('reports each step as it finishes, in the diagnostic order, before the next step starts', async () => {
    const { result, reported, log } = await run();
    expect(result.ok).toBe(true);
    expect(reported.map((s) => s.step)).toEqual(['reachable', 'health_check', 'password_login', 'addon']);
    expect(log).toEqual([
      'step:reachable:ok',
      'call:HealthCheck',
      'step:health_check:ok',
      'call:PasswordLogin',
      'call:QueryServerState',
      'step:password_login:ok',
      'get:getPower',
      'step:addon:ok',
    ]);
    // What was reported is what the result holds.
    expect(reported).toEqual(result.steps);
    expect(reported[3]?.observed).toBe('getPower answered 2 circuit(s) via port 8080');
    for (const step of reported) expect(step.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('reports a failed step with its diagnosis and nothing after it (wrong admin password)', async () => {
    const { result, reported, log } = await run({ adminPassword: 'not-the-password' });
    expect(result.failure).toMatchObject({ code: 'InvalidAdminPasswordException', step: 'password_login' });
    expect(reported.map((s) => [s.step, s.ok])).toEqual([
      ['reachable', true],
      ['health_check', true],
      ['password_login', false],
    ]);
    expect(reported[2]?.observed).toBe('PasswordLogin answered wrong_password');
    expect(log.at(-1)).toBe('step:password_login:failed');
    expect(log).not.toContain('get:getPower');
    expect(JSON.stringify(reported)).not.toContain('not-the-password');
  });

  it('reports a refused game port as the one failed step', async () => {
    const { result, reported, log } = await run({ port: closedPort });
    expect(result.failure).toMatchObject({ code: 'ServerUnreachableException', step: 'reachable', reason: 'refused' });
    expect(reported).toEqual([
      {
        step: 'reachable',
        ok: false,
        durationMs: expect.any(Number),
        observed: `connection refused on TCP ${closedPort}`,
      },
    ]);
    expect(log).toEqual(['step:reachable:failed']);
  });

  it('still reports a failed add-on step when the caller accepts no add-on', async () => {
    const log: string[] = [];
    const transport = new FakeTransport(log);
    transport.get = () =>
      Promise.reject(
        new GameClientError('refused', 'connection refused on TCP 8080', {
          transport: 'frm-http',
        }),
      );
    const reported: ProbeStep[] = [];
    const probe = new ProvisioningProbe(transport as unknown as GameTransport, { timeoutMs: 300, requireAddon: false });
    const result = await probe.probe(
      { address: LOOPBACK, port: portOf(game), addonHttpPort: 8080, adminPassword: PASSWORD },
      { onStep: (s) => reported.push(s) },
    );
    expect(result.ok).toBe(true);
    expect(reported.map((s) => [s.step, s.ok])).toEqual([
      ['reachable', true],
      ['health_check', true],
      ['password_login', true],
      ['addon', false],
    ]);
  });

  it('a throwing listener rejects the probe instead of being reported as a failed step', async () => {
    const probe = new ProvisioningProbe(new FakeTransport([]) as unknown as GameTransport, { timeoutMs: 300 });
    const calls: string[] = [];
    await expect(
      probe.probe(
        { address: LOOPBACK, port: portOf(game), addonHttpPort: 8080, adminPassword: PASSWORD },
        {
          onStep: (s) => {
            calls.push(s.step);
            throw new Error('listener broke');
          },
        },
      ),
    ).rejects.toThrow('listener broke');
    expect(calls).toEqual(['reachable']);
  });

  it('works without a listener, as before', async () => {
    const probe = new ProvisioningProbe(new FakeTransport([]) as unknown as GameTransport, { timeoutMs: 300 });
    const result = await probe.probe({
      address: LOOPBACK,
      port: portOf(game),
      addonHttpPort: 8080,
      adminPassword: PASSWORD,
    });
    expect(result.steps.map((s) => s.step)).toEqual(['reachable', 'health_check', 'password_login', 'addon']);
  });
});
