import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  connectTestMessaging,
  createTestDatabase,
  eventually,
  REPO_ROOT,
  ServiceStack,
  SimulatorProcess,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 29).toString('base64');
const MAIN = join(REPO_ROOT, 'apps', 'game-sim', 'dist', 'main.js');
const SEED = join(REPO_ROOT, 'apps', 'game-sim', 'dist', 'seed.js');
const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'ficsit-demo-password';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a node program to its end with a minimal environment (PATH, HOME and `env`). */
function run(file: string, args: string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        timeout: timeoutMs,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A loopback port nothing listens on (bound, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The compose "fleet" profile on loopback: the simulator in container mode (--listen-any on 0.0.0.0, advertised as
 * 127.0.0.1 here, as `fleet` in compose), the platform's api-gateway, billing-limits and poller, and the one-shot
 * seeder (`dist/seed.js`) that registers the fleet with the demo account through the REST API only.
 */
describe('compose fleet profile: --listen-any simulator and the seeder', () => {
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '1500' });
  let sim: SimulatorProcess;
  let apiUrl = '';
  let controlUrl = '';
  const seed = (env: Record<string, string> = {}) =>
    run(SEED, [], { API_URL: apiUrl, SIM_CONTROL_URL: controlUrl, SEED_TIMEOUT_S: '30', ...env });

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as any };
  };
  const signIn = async (): Promise<string> => {
    const res = await call('POST', '/api/v1/auth/login', undefined, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    sim = stack.sim = await SimulatorProcess.start([
      '--listen-any',
      '--host',
      '0.0.0.0',
      '--advertise-host',
      '127.0.0.1',
      '--count',
      '2',
    ]);
    controlUrl = new URL(sim.server(0).control_url).origin;
    await stack.start('billing-limits');
    apiUrl = `http://127.0.0.1:${await stack.start('api-gateway')}`;
    await stack.start('poller', { POLLER_TIMEOUT_MS: '1500' });
  }, 90_000);

  afterAll(() => stack.close());

  it('--listen-any listens on every interface, warns once on stderr and advertises --advertise-host', async () => {
    expect(sim.servers).toHaveLength(2);
    for (const s of sim.servers) {
      expect(s.host).toBe('127.0.0.1');
      expect(new URL(s.control_url).hostname).toBe('127.0.0.1');
    }
    const warning = sim.stderr.join('').trim().split('\n');
    expect(warning).toHaveLength(1);
    expect(warning[0]).toContain('--listen-any');
    expect(warning[0]).toContain('for an isolated container network only');
    // Bound to 0.0.0.0: another loopback address reaches the control API and the game port too (a 127.0.0.1
    // listener would refuse these).
    const port = new URL(controlUrl).port;
    const listed = await fetch(`http://127.0.0.2:${port}/servers`);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { host: string }[]).map((s) => s.host)).toEqual(['127.0.0.1', '127.0.0.1']);
    const frm = await fetch(`http://127.0.0.3:${sim.server(0).addon_http_port}/getSessionInfo`);
    expect(frm.status).toBe(200);
  });

  it('without --listen-any, --host 0.0.0.0 is refused with the reason and the way out', async () => {
    const res = await run(MAIN, ['--host', '0.0.0.0', '--count', '1', '--json'], {}, 20_000);
    expect(res.code).not.toBe(0);
    expect(res.code).not.toBeNull();
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('--host 0.0.0.0 is not a loopback address');
    expect(res.stderr).toContain('--listen-any');
  });

  it('the seeder creates the demo account on Team with both servers, which the poller brings online', async () => {
    const first = await seed();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`seeded 2 servers for ${DEMO_EMAIL} (2 new, 0 already registered)`);
    expect(first.stdout).toContain(`sign in at ${apiUrl}`);
    for (const secret of [DEMO_PASSWORD, ...sim.servers.map((s) => s.admin_password)])
      expect(first.stdout).not.toContain(secret);
    expect(first.stdout).not.toMatch(/Bearer|"token"/);

    const token = await signIn();
    const sub = await call('GET', '/api/v1/billing/subscription', token);
    expect(sub.body.plan.id).toBe('team');
    const list = await call('GET', '/api/v1/servers', token);
    expect(list.status).toBe(200);
    expect(
      (list.body as { name: string; host: string; port: number }[])
        .map((s) => [s.name, s.host, s.port])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(sim.servers.map((s, i) => [`Factory ${i + 1}`, '127.0.0.1', s.port]));

    await eventually(
      async () => {
        const now = await call('GET', '/api/v1/servers', token);
        return (now.body as { status: string }[]).every((s) => s.status === 'online');
      },
      30_000,
      500,
    );
  }, 60_000);

  it('a second run exits 0 and registers nothing twice', async () => {
    const again = await seed({ PUBLIC_URL: 'http://127.0.0.1:8080' });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      `seeded 2 servers for ${DEMO_EMAIL} (0 new, 2 already registered); sign in at http://127.0.0.1:8080`,
    );
    expect(again.stdout).toContain(`signed in as ${DEMO_EMAIL}`);
    expect(again.stdout).not.toContain('registered Factory');
    const list = await call('GET', '/api/v1/servers', await signIn());
    expect(list.body).toHaveLength(2);
  });

  it('a wrong DEMO_PASSWORD for the existing account exits 1 with a sentence naming DEMO_PASSWORD', async () => {
    const wrong = 'not-the-demo-password';
    const res = await seed({ DEMO_PASSWORD: wrong });
    expect(res.code).toBe(1);
    const last = res.stderr.trim();
    expect(last.split('\n')).toHaveLength(1);
    expect(last).toMatch(/^fleet-seed: the demo account demo@example\.com exists but DEMO_PASSWORD does not open it/);
    expect(last).toContain('set DEMO_PASSWORD to its password');
    expect(`${res.stdout}${res.stderr}`).not.toContain(wrong);
    expect(`${res.stdout}${res.stderr}`).not.toContain(DEMO_PASSWORD);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('gives up with a sentence when the API does not answer within SEED_TIMEOUT_S', async () => {
    const res = await seed({ API_URL: `http://127.0.0.1:${await closedPort()}`, SEED_TIMEOUT_S: '2' });
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('waiting for the API to be ready: cannot reach');
    expect(res.stdout).toContain('(connection refused)');
    expect(res.stderr.trim()).toMatch(/^fleet-seed: gave up after 2 s \(SEED_TIMEOUT_S\) waiting for the API/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });
});
