/*
 * npm run bench:api [-- --duration 10 --connections 50 --rounds 3 --warmup 3 --only latest --profile DIR]
 *
 * Starts billing-limits and ONE api-gateway process (LOG_LEVEL=info, as deployed: each API request is logged),
 * seeds a Pro organisation with one server, a few health samples and an API token (scopes servers:read and
 * metrics:read), gives the Pro plan a daily quota large enough for the run, and loads, alternately round by round
 * with autocannon from this process: (a) `GET /health/live` (no auth, no logging: the baseline of the HTTP stack) and
 * (b) `GET /api/v1/servers/:id/metrics/latest` with the API token (token check, scope, plan, one request of the
 * daily quota from leases of billing-limits, the owner check and the newest sample). Prints per round: requests/s,
 * latency p50/p99, non-2xx answers, the CPU seconds and resident memory of the api-gateway process and the CPU
 * seconds of this process (the load generator); then the medians per route and checks that the quota counted the
 * requests. While /health/live wants a bearer token (the api-gateway's global guard), the baseline sends a dashboard
 * session and is labelled `live+session`. `--only latest` skips the baseline (for a profile of that route alone).
 * Needs PostgreSQL and NATS (DATABASE_URL / NATS_URL, or the local defaults); creates and drops its own database.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Messaging } from '@app/messaging';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  ensureTemplateDatabase,
  resolveTestServices,
  seedAccount,
  ServiceProcess,
  serviceEnv,
  sql,
  testNamespace,
} from '@app/testing';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    /** Seconds per measured round and route. */
    duration: { type: 'string', default: '10' },
    /** Concurrent clients, each with one request in flight. */
    connections: { type: 'string', default: '20' },
    /**
     * Requests per second offered over all connections (autocannon overallRate); unset = flat out. The goal is a
     * latency at a rate: `--rate 5000` measures p99 while 5,000 requests per second are served.
     */
    rate: { type: 'string' },
    /** NODE_OPTIONS of the api-gateway process (e.g. `--max-semi-space-size=32`). */
    'node-options': { type: 'string' },
    /** Rounds per route; the routes alternate (a, b, a, b, ...). */
    rounds: { type: 'string', default: '3' },
    /** Seconds of unreported load per route before the first round (JIT, caches, the first quota lease). */
    warmup: { type: 'string', default: '3' },
    /** `latest`: load only metrics/latest (no baseline rounds), e.g. for a profile of that route alone. */
    only: { type: 'string' },
    /** Write a V8 CPU profile of the api-gateway process into this folder (stopped with SIGTERM so it is flushed). */
    profile: { type: 'string' },
  },
});
const DURATION_S = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const WARMUP_S = Number(values.warmup);
if (values.only !== undefined && values.only !== 'latest') throw new Error('--only takes `latest`');
const DAILY_QUOTA = 100_000_000;
/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat (100 on every Linux architecture Node supports). */
const CLOCK_TICKS = 100;
const GOAL = 'goal: >= 5,000 req/s and p99 < 20 ms on metrics/latest with auth and quota on';
const out = (line: string) => process.stdout.write(`${line}\n`);

/** User + system CPU seconds a process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * A service's log lines are no longer kept in memory (a line per request) and cost this process (the load generator)
 * little: bytes and lines are counted on the raw buffers; only chunks holding a warning or an error are decoded.
 */
function quiet(proc: ServiceProcess): { bytes: number; lines: number; problems: string[] } {
  const log = { bytes: 0, lines: 0, problems: [] as string[] };
  const keep = (text: string) => {
    for (const line of text.split('\n')) {
      if (line === '' || line.includes('"level":30')) continue;
      log.problems.push(line);
      if (log.problems.length > 50) log.problems.shift();
    }
  };
  proc.child.stdout?.removeAllListeners('data');
  proc.child.stdout?.on('data', (chunk: Buffer) => {
    log.bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) log.lines++;
    if (chunk.includes('"level":40') || chunk.includes('"level":50') || chunk.includes('"level":60'))
      keep(chunk.toString('utf8'));
  });
  proc.child.stderr?.removeAllListeners('data');
  proc.child.stderr?.on('data', (chunk: Buffer) => keep(chunk.toString('utf8')));
  return log;
}

/** Resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

interface Seeded {
  serverId: string;
  token: string;
  session: string;
  orgId: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A Pro organisation with one server, five health samples, its `latest` health row and an API token. */
async function seed(url: string): Promise<Seeded> {
  await sql(url, `UPDATE plans SET api_daily_quota = $1 WHERE id = 'pro'`, [DAILY_QUOTA]);
  const { userId, orgId } = await seedAccount(url, 'pro');
  const serverId = randomUUID();
  await sql(
    url,
    `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
     VALUES ($1, $2, 'bench', '127.0.0.1', '127.0.0.1', 7777, '\\x00'::bytea)`,
    [serverId, orgId],
  );
  await sql(
    url,
    `INSERT INTO server_states (server_id, status, addon_status, last_seen_at) VALUES ($1, 'online', 'available', now())`,
    [serverId],
  );
  await sql(
    url,
    `INSERT INTO server_metrics (time, server_id, status, tick_rate, player_count, player_limit, tech_tier, game_phase,
                                 game_phase_number, is_running, is_paused, total_duration, session_name, latency_ms)
     SELECT now() - make_interval(secs => 10 * i), $1, 'online', 29.7 - i * 0.1, 3, 4, 6,
            '/Script/FactoryGame.FGGamePhase''/Game/FactoryGame/GamePhases/GP_Project_Assembly_Phase_2.GP_Project_Assembly_Phase_2''',
            2, true, false, 96654 - 10 * i, 'Session', 1.2
     FROM generate_series(0, 4) AS i`,
    [serverId],
  );
  await sql(
    url,
    `INSERT INTO latest (server_id, kind, time, data) SELECT server_id, 'health', time, $2::jsonb
     FROM server_metrics WHERE server_id = $1 ORDER BY time DESC LIMIT 1`,
    [serverId, JSON.stringify({ tickRate: 29.7, playerCount: 3, techTier: 6 })],
  );
  // As POST /api/v1/tokens stores one (bearer-tokens.ts): the SHA-256 of `gsm_t_<base64url of 32 random bytes>`.
  const token = `gsm_t_${randomBytes(32).toString('base64url')}`;
  await sql(
    url,
    `INSERT INTO api_tokens (org_id, user_id, name, prefix, token_hash, scopes)
     VALUES ($1, $2, 'bench', $3, $4, ARRAY['servers:read', 'metrics:read'])`,
    [orgId, userId, token.slice(0, 12), sha256(token)],
  );
  // A dashboard session of the same user: the baseline's fallback while /health/live wants a bearer token.
  const session = `gsm_s_${randomBytes(32).toString('base64url')}`;
  await sql(url, `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    userId,
    sha256(session),
  ]);
  return { serverId, token, session, orgId };
}

interface Route {
  name: string;
  path: string;
  headers: Record<string, string>;
}

interface Round {
  route: string;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  gatewayCpu: number;
  benchCpu: number;
  rss: number;
  seconds: number;
}

async function load(base: string, route: Route, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${base}${route.path}`,
    headers: route.headers,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    ...(values.rate ? { overallRate: Number(values.rate) } : {}),
  });
}

async function main(): Promise<void> {
  const services = await resolveTestServices();
  await ensureTemplateDatabase(services.databaseUrl);
  const db = await createTestDatabase(services.databaseUrl);
  const prefix = testNamespace();
  const messaging = await Messaging.connect({ servers: services.natsUrl, service: 'bench', prefix });
  const processes: ServiceProcess[] = [];
  let gatewayLog: ReturnType<typeof quiet> | undefined;
  try {
    const { serverId, token, session, orgId } = await seed(db.url);
    // LOG_LEVEL info (serviceEnv's): the level ServiceProcess needs for "ready", and the deployed one.
    const env = serviceEnv(
      db.url,
      prefix,
      { SECRETS_KEY: randomBytes(32).toString('base64'), TARGET_ALLOW_CIDRS: '127.0.0.0/8' },
      services.natsUrl,
    );
    const billing = ServiceProcess.start('billing-limits', env);
    processes.push(billing);
    const profile: Record<string, string> = values.profile
      ? { NODE_OPTIONS: `${values['node-options'] ?? ''} --cpu-prof --cpu-prof-dir=${values.profile}` }
      : values['node-options']
        ? { NODE_OPTIONS: values['node-options'] }
        : {};
    const gateway = ServiceProcess.start('api-gateway', { ...env, ...profile });
    processes.push(gateway);
    await billing.ready(30_000);
    const port = await gateway.ready(30_000);
    quiet(billing);
    gatewayLog = quiet(gateway);
    const gatewayPid = gateway.child.pid!;
    const base = `http://127.0.0.1:${port}`;
    const routes: Route[] = [
      { name: 'health/live', path: '/health/live', headers: {} },
      {
        name: 'metrics/latest',
        path: `/api/v1/servers/${serverId}/metrics/latest`,
        headers: { authorization: `Bearer ${token}` },
      },
    ];
    const authed = routes[1]!;

    // Before measuring: the authenticated route answers what a client expects, and the quota is counted.
    const probe = async () => {
      const res = await fetch(`${base}${authed.path}`, { headers: authed.headers });
      const text = await res.text();
      const remaining = res.headers.get('ratelimit-remaining');
      let body: { tick_rate?: unknown } = {};
      try {
        body = JSON.parse(text) as { tick_rate?: unknown };
      } catch {
        // reported below
      }
      if (res.status !== 200 || remaining === null || typeof body.tick_rate !== 'number')
        throw new Error(
          `GET ${authed.name} answered ${res.status}, RateLimit-Remaining ${remaining ?? 'missing'}: ${text.slice(0, 300)}`,
        );
      return Number(remaining);
    };
    const baseline = routes[0]!;
    const live = await fetch(`${base}${baseline.path}`);
    await live.text();
    if (live.status !== 200) {
      // The api-gateway's global guard then also stands in front of the platform's health routes. The baseline stays
      // the same route, with a dashboard session: the guard's token check (cached), no scope, plan or quota.
      out(
        `WARNING: GET /health/live without a token answered ${live.status} (liveness probes of this api-gateway fail); ` +
          'the baseline sends a dashboard session token instead',
      );
      baseline.name = 'live+session';
      baseline.headers = { authorization: `Bearer ${session}` };
      const retry = await fetch(`${base}${baseline.path}`, { headers: baseline.headers });
      const text = await retry.text();
      if (retry.status !== 200)
        throw new Error(`GET /health/live with a session answered ${retry.status}: ${text.slice(0, 300)}`);
    }
    const remainingBefore = await probe();
    const loaded = values.only === 'latest' ? [authed] : routes;

    out(
      `bench:api  one api-gateway process (LOG_LEVEL=info), billing-limits, autocannon in this process; node ${process.version}`,
    );
    out(
      `${CONNECTIONS} connections, pipelining 1, ${values.rate ? `offered ${values.rate} req/s` : 'flat out'}, ${ROUNDS} alternating rounds of ${DURATION_S} s per route after a ${WARMUP_S} s warm-up each`,
    );
    let answered = 0;
    if (WARMUP_S > 0)
      for (const route of loaded) {
        const r = await load(base, route, WARMUP_S);
        if (route === authed) answered += r['2xx'];
      }

    out(
      'round  route           req/s   p50 ms  p99 ms  requests  non-2xx  errors  gateway CPU s (cores)  RSS MB  bench CPU s',
    );
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of loaded) {
        const gatewayBefore = cpuSeconds(gatewayPid);
        const benchBefore = process.cpuUsage();
        const r = await load(base, route, DURATION_S);
        const bench = process.cpuUsage(benchBefore);
        const row: Round = {
          route: route.name,
          round,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          requests: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
          gatewayCpu: cpuSeconds(gatewayPid) - gatewayBefore,
          benchCpu: (bench.user + bench.system) / 1e6,
          rss: rssMb(gatewayPid),
          seconds: r.duration,
        };
        if (route === authed) answered += r['2xx'];
        rounds.push(row);
        out(
          [
            String(round).padStart(5),
            row.route.padEnd(14),
            row.rps.toFixed(0).padStart(6),
            String(row.p50).padStart(7),
            String(row.p99).padStart(7),
            String(row.requests).padStart(9),
            String(row.non2xx).padStart(8),
            String(row.errors).padStart(7),
            `${row.gatewayCpu.toFixed(2)} (${(row.gatewayCpu / row.seconds).toFixed(2)})`.padStart(22),
            row.rss.toFixed(0).padStart(6),
            row.benchCpu.toFixed(2).padStart(11),
          ].join('  '),
        );
      }
    }

    // After measuring: every answer was a 2xx, and the quota counted every answered request.
    const remainingAfter = await probe();
    const [usage] = await sql<{ requests: number }>(
      db.url,
      'SELECT requests FROM api_usage_daily WHERE org_id = $1 ORDER BY day DESC LIMIT 1',
      [orgId],
    );
    const nonOk = rounds.reduce((sum, r) => sum + r.non2xx, 0);
    const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
    out('');
    out('route           median req/s  median p50 ms  median p99 ms  worst p99 ms  gateway CPU µs/req');
    const medians = new Map<string, { rps: number; p99: number }>();
    for (const route of loaded) {
      const mine = rounds.filter((r) => r.route === route.name);
      const m = { rps: median(mine.map((r) => r.rps)), p99: median(mine.map((r) => r.p99)) };
      medians.set(route.name, m);
      const cpuPerReq =
        mine.reduce((sum, r) => sum + r.gatewayCpu, 0) /
        Math.max(
          1,
          mine.reduce((sum, r) => sum + r.requests, 0),
        );
      out(
        [
          route.name.padEnd(14),
          m.rps.toFixed(0).padStart(12),
          String(median(mine.map((r) => r.p50))).padStart(13),
          String(m.p99).padStart(13),
          String(Math.max(...mine.map((r) => r.p99))).padStart(12),
          (cpuPerReq * 1e6).toFixed(0).padStart(18),
        ].join('  '),
      );
    }
    const latest = medians.get(authed.name)!;
    const base0 = medians.get(baseline.name);
    if (base0) out(`ratio metrics/latest / ${baseline.name} (median req/s): ${(latest.rps / base0.rps).toFixed(2)}x`);
    out(`non-2xx answers: ${nonOk}, connection errors: ${errors} (all measured rounds)`);
    // Requests still in flight when autocannon stops are answered (and counted) but not reported by it.
    out(
      `quota on: RateLimit-Remaining ${remainingBefore} -> ${remainingAfter}, ${remainingBefore - remainingAfter} ` +
        `requests counted for ${answered} 2xx reported by autocannon + 1 probe (+ up to ${CONNECTIONS} in flight at ` +
        `each of ${ROUNDS + (WARMUP_S > 0 ? 1 : 0)} stops); api_usage_daily: ${usage?.requests ?? 0} leased`,
    );
    out(
      `api-gateway log: ${gatewayLog.lines} lines, ${(gatewayLog.bytes / 1e6).toFixed(1)} MB on its stdout during the ` +
        `run (${(gatewayLog.bytes / Math.max(1, gatewayLog.lines)).toFixed(0)} bytes a line: a line per API request)`,
    );
    out(GOAL);
    const met = latest.rps >= 5000 && latest.p99 < 20;
    out(
      `result: ${latest.rps.toFixed(0)} req/s, p99 ${latest.p99} ms (medians of ${ROUNDS} rounds): goal ${met ? 'met' : 'NOT met'}`,
    );
    if (nonOk > 0 || errors > 0) {
      out(`FAILED: ${nonOk} non-2xx answers and ${errors} connection errors during the measured rounds`);
      process.exitCode = 1;
    }
  } catch (error) {
    for (const p of processes) {
      const tail =
        p.app === 'api-gateway' && gatewayLog
          ? gatewayLog.problems.slice(-15)
          : p.output.filter((line) => !line.includes('"level":30')).slice(-15);
      if (tail.length > 0) process.stderr.write(`last warnings and errors of ${p.app}:\n${tail.join('\n')}\n`);
    }
    throw error;
  } finally {
    const gateway = processes.find((p) => p.app === 'api-gateway');
    if (gateway) {
      const { code } = await gateway.stop('SIGTERM');
      if (values.profile) out(`api-gateway exited with ${code}; CPU profile in ${values.profile}`);
    }
    for (const p of processes) p.kill();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
    await services.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:api failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
