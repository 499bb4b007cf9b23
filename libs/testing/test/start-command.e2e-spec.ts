import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  freePortRange,
  PlatformProcess,
  REPO_ROOT,
  testNamespace,
  type TestDatabase,
} from '../src';

/**
 * `npm start` (scripts/start.mjs) as a user meets it: a production-like start without a fleet, and the exact words
 * it says when PostgreSQL or NATS cannot be found. (The full start with a fleet is driven by the browser tests.)
 */
describe('npm start', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const exitOf = async (p: PlatformProcess): Promise<{ code: number | null; text: string }> => {
    const code = await new Promise<number | null>((r) =>
      p.child.exitCode !== null ? r(p.child.exitCode) : p.child.once('exit', (c) => r(c)),
    );
    return { code, text: p.output.join('\n') };
  };

  test('SIM_COUNT=0 starts no fleet and lets no private address past the target guard', async () => {
    const port = await freePortRange();
    const platform = PlatformProcess.start({
      PORT: String(port),
      SIM_COUNT: '0',
      DATABASE_URL: db.url,
      NATS_URL: process.env.GSM_TEST_NATS_URL!,
      NATS_PREFIX: testNamespace(),
      DEMO_EMAIL: 'solo@example.com',
    });
    try {
      const base = await platform.ready();
      expect(base).toBe(`http://127.0.0.1:${port}`);
      expect(platform.output.join('\n')).not.toMatch(/sim {2}/);
      expect(platform.describe().fleet).toEqual([]);
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'solo@example.com', password: 'ficsit-demo-password' }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      expect(await (await fetch(`${base}/api/v1/servers`, { headers: auth })).json()).toEqual([]);
      const refused = await fetch(`${base}/api/v1/servers`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'local', host: '127.0.0.1', port: 7777, admin_password: 'whatever-it-is' }),
      });
      const body = (await refused.json()) as { error: { code: string } };
      expect(body.error.code).toBe('TargetNotAllowed');
      // The dashboard is served from the same address, deep links included.
      const page = await fetch(`${base}/servers/123`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      const stopped = await platform.stop();
      expect(stopped.code).toBe(0);
    }
  }, 180_000);

  test('says exactly what is missing when the given PostgreSQL does not answer', async () => {
    const port = await freePortRange();
    const p = PlatformProcess.start({
      PORT: String(port),
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${port + 3}/nowhere`,
      NATS_URL: process.env.GSM_TEST_NATS_URL!,
    });
    const { code, text } = await exitOf(p);
    expect(code).toBe(1);
    expect(text).toContain('DATABASE_URL is set but PostgreSQL there does not answer');
    expect(text).toContain('unset DATABASE_URL to use a local or embedded PostgreSQL');
    expect(text).not.toContain('READY');
  }, 120_000);

  test('says exactly what is missing when the given NATS does not answer', async () => {
    const port = await freePortRange();
    const p = PlatformProcess.start({
      PORT: String(port),
      DATABASE_URL: db.url,
      NATS_URL: `nats://127.0.0.1:${port + 3}`,
    });
    const { code, text } = await exitOf(p);
    expect(code).toBe(1);
    expect(text).toContain('NATS_URL is set but NATS with JetStream does not answer there');
    expect(text).not.toContain('READY');
  }, 120_000);

  test('refuses a bad PORT or SIM_COUNT with the allowed range', async () => {
    const p = PlatformProcess.start({ PORT: 'eighty', DATABASE_URL: db.url });
    const { code, text } = await exitOf(p);
    expect(code).toBe(1);
    expect(text).toContain('PORT=eighty is not valid: expected a whole number from 1 to 65530');
    const q = PlatformProcess.start({ SIM_COUNT: '-3', DATABASE_URL: db.url });
    const second = await exitOf(q);
    expect(second.text).toContain('SIM_COUNT=-3 is not valid');
  }, 60_000);

  test('with no PostgreSQL and no NATS reachable, it starts an embedded PostgreSQL and nats-server from the PATH', async () => {
    // A network namespace of its own (root and unshare, as on these machines): 127.0.0.1:5432 and :4222 answer
    // nothing in it, so the last resort of each resolution runs for real. Nothing inside can reach outside.
    const stateDir = mkdtempSync(join(tmpdir(), 'gsm-embedded-'));
    const child = spawn(
      'unshare',
      ['-n', 'sh', '-c', `ip link set lo up && exec "${process.execPath}" scripts/start.mjs`],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: `${process.env.PATH ?? ''}:/usr/sbin`,
          HOME: process.env.HOME ?? '',
          STATE_DIR: stateDir,
          SIM_COUNT: '1',
          SIM_BASE_PORT: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    const collect = (c: Buffer) => output.push(...c.toString('utf8').split('\n'));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const deadline = Date.now() + 150_000;
    while (!output.some((l) => l.startsWith('READY ')) && child.exitCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const text = output.join('\n');
    child.kill('SIGINT');
    const code = await exited;
    if (!text.includes('READY ')) throw new Error(`npm start did not get ready (exit ${code}):\n${text}`);
    expect(text).toMatch(/PostgreSQL: embedded PostgreSQL on port \d+/);
    expect(text).toMatch(/NATS: nats-server on port \d+ \(.*nats-server\)/);
    expect(text).toContain('READY http://127.0.0.1:3000');
    expect(code).toBe(0);
    // Nothing it started is left: no process runs from its state directory (embedded postgres, nats-server).
    const leftovers = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(stateDir);
        } catch {
          return false;
        }
      });
    expect(leftovers).toEqual([]);
    rmSync(stateDir, { recursive: true, force: true });
  }, 200_000);
});
