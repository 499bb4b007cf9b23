/*
 * npm run bench:poller [-- --steps 250,500,1000,2000 --warmup 20 --measure 30 --windows 2 --per-sim 1500 --rounds 3
 *                          --without-index --poller-root DIR --profile DIR]
 * npm run bench:poller -- --ingest-only 3     (500 servers for 40 s, then 3 rounds of the ingest comparison)
 * npm run bench:poller -- --cost [--servers 500 --rounds 3 --warmup 20 --measure 30 --kind-servers 20 --kind-seconds 1.5
 *                                 --model-only]
 *                                              (issue 20: every kind against the old kind set, see cost.ts)
 *
 * Starts simulator fleets in their own processes, billing-limits and ONE poller process (scheduler + worker),
 * adds servers step by step on the Pro plan's intervals (every kind, the registry's interval classes), and prints for
 * each measured window of a step: polls per second, p50/p99 schedule lag, CPU time per poll beside two bare baselines
 * measured in this process beside the same window (bare.ts): a bare undici keep-alive request (the issue's baseline)
 * and a bare poll of the Pro mix (the same requests with undici, FRM's connecting anew as FRM closes), each with
 * its ratio, rows written per second, the writer's rows per busy second, polls shed and dropped, and the CPU (in cores) of the poller, the
 * simulators, NATS and PostgreSQL. Verdicts use every window: the largest step held (p99 <= 1 s, nothing shed) and
 * the worst ratio against each baseline in the held steps. Then the ingest comparison (ingest.ts). `--without-index` drops the sample
 * tables' (server_id, time) B-trees first; `--poller-root` runs another checkout's poller build (old vs new commit in
 * one session: `git worktree add /tmp/old <commit>`, link node_modules, `npx tsc -b tsconfig.build.json` there).
 * Needs PostgreSQL and NATS (DATABASE_URL / NATS_URL, or the local defaults); creates and drops its own database.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Messaging } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  ensureTemplateDatabase,
  metricValue,
  REPO_ROOT,
  resolveTestServices,
  seedAccount,
  ServiceProcess,
  serviceEnv,
  SimulatorProcess,
  testNamespace,
} from '@app/testing';
import { Client } from 'pg';
import { BARE_SETTINGS, BareRequests, proMixCycle } from './bare';
import { costRun, cpuPressure, cpuSeconds, seed } from './cost';
import { ingestComparison } from './ingest';
import { ALL_KINDS, proIntervals } from './kind-costs';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '250,500,1000,2000' },
    warmup: { type: 'string', default: '20' },
    measure: { type: 'string', default: '30' },
    'per-sim': { type: 'string', default: '1500' },
    /** Write V8 CPU profiles of the poller and the simulator processes into this folder (flushed on SIGTERM). */
    profile: { type: 'string' },
    /** Rounds of the ingest comparison (SampleWriter vs bare COPY of the rows the run stored), alternating. */
    rounds: { type: 'string', default: '3' },
    /** Only a short run (500 servers, 40 s) to collect rows, then this many rounds of the ingest comparison. */
    'ingest-only': { type: 'string' },
    /** Issue 20's cost comparison (cost.ts) instead of the steps. */
    cost: { type: 'boolean', default: false },
    /** --cost: servers of the fleet. */
    servers: { type: 'string', default: '500' },
    /** --cost: servers and seconds per kind and mode of the per-kind part. */
    'kind-servers': { type: 'string', default: '20' },
    'kind-seconds': { type: 'string', default: '1.5' },
    /** --cost: the per-kind part only (no poller process, no fleet). */
    'model-only': { type: 'boolean', default: false },
    /** Measured windows per step, each beside its own bare baseline (the order alternates window by window). */
    windows: { type: 'string', default: '2' },
    /** Drop the sample tables' (server_id, time) B-trees (migration 20261125010000) before the run. */
    'without-index': { type: 'boolean', default: false },
    /** Another checkout whose poller build runs (e.g. a temporary worktree of an older commit, built). */
    'poller-root': { type: 'string' },
  },
});
const WINDOWS = Number(values.windows);
const POLLER_ROOT = values['poller-root'] ? resolve(values['poller-root']) : REPO_ROOT;
/** The poller's settings in this bench (its environment; everything else is its defaults). */
const POLLER_ENV = { POLLER_CONCURRENCY: '512', POLLER_TIMEOUT_MS: '5000' };
/** A step is held when, in every window, the lag's p99 bucket is <= this and no poll was shed or dropped. */
const HELD_P99_S = 1;
/**
 * The goal: CPU per poll <= this multiple of a bare undici keep-alive request's, in every window of a held step (the
 * exit code). The ratio to a bare poll of the same Pro mix is printed and judged beside it, against the same factor.
 */
const RATIO_GOAL = 3;
const INGEST_ONLY = values['ingest-only'] !== undefined;
const STEPS = INGEST_ONLY ? [500] : values.steps.split(',').map(Number);
const WARMUP_S = INGEST_ONLY ? 10 : Number(values.warmup);
const MEASURE_S = INGEST_ONLY ? 30 : Number(values.measure);
const ROUNDS = Number(values['ingest-only'] ?? values.rounds);
const PER_SIM = Number(values['per-sim']);
const SECRETS_KEY = SecretBox.generateKey();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const out = (line: string) => process.stdout.write(`${line}\n`);

/** p-quantile upper bound (seconds; Infinity past the last bucket, NaN without data) from the delta of a Prometheus
 * histogram (all label sets summed per bucket). */
function quantile(before: string, after: string, name: string, q: number): number {
  const buckets = new Map<string, number>();
  for (const [text, sign] of [
    [after, 1],
    [before, -1],
  ] as const) {
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}_bucket{`)) continue;
      const le = /le="([^"]+)"/.exec(line)?.[1] ?? '';
      buckets.set(le, (buckets.get(le) ?? 0) + sign * Number(line.slice(line.lastIndexOf(' ') + 1)));
    }
  }
  const sorted = [...buckets].sort((a, b) =>
    a[0] === '+Inf' ? 1 : b[0] === '+Inf' ? -1 : Number(a[0]) - Number(b[0]),
  );
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total <= 0) return NaN;
  const hit = sorted.find(([, count]) => count >= q * total);
  return !hit || hit[0] === '+Inf' ? Infinity : Number(hit[0]);
}
const bucket = (s: number) => (Number.isNaN(s) ? 'n/a' : s === Infinity ? '> 30 s' : `<= ${s} s`);

/** Drops the sample tables' (server_id, time) B-trees (the bench's own database): the "without index" variant. */
async function dropServerTimeIndexes(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%\\_server\\_id\\_time\\_idx'",
    );
    for (const r of rows) await client.query(`DROP INDEX "${r.name}"`);
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const services = await resolveTestServices();
  await ensureTemplateDatabase(services.databaseUrl);
  const db = await createTestDatabase(services.databaseUrl);
  const prefix = testNamespace();
  const messaging = await Messaging.connect({ servers: services.natsUrl, service: 'bench', prefix });
  const processes: ServiceProcess[] = [];
  const simulators: SimulatorProcess[] = [];
  try {
    if (values.cost) {
      const held = await costRun(
        db.url,
        services.natsUrl,
        prefix,
        messaging,
        {
          servers: Number(values.servers),
          perSim: PER_SIM,
          rounds: ROUNDS,
          warmupS: WARMUP_S,
          measureS: MEASURE_S,
          kindServers: Number(values['kind-servers']),
          kindSeconds: Number(values['kind-seconds']),
          secretsKey: SECRETS_KEY,
          modelOnly: values['model-only'],
        },
        processes,
        simulators,
      );
      if (!held) process.exitCode = 1;
      return;
    }
    const dropped = values['without-index'] ? await dropServerTimeIndexes(db.url) : [];
    const total = Math.max(...STEPS);
    for (let started = 0, i = 0; started < total; started += PER_SIM, i++) {
      simulators.push(
        await SimulatorProcess.start(
          ['--count', String(Math.min(PER_SIM, total - started)), '--seed', String(i + 1), '--token-ttl', '86400'],
          120_000,
          values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [],
        ),
      );
    }
    const fleet = simulators.flatMap((s) => s.servers);
    const env = serviceEnv(db.url, prefix, { SECRETS_KEY, ...POLLER_ENV }, services.natsUrl);
    processes.push(ServiceProcess.start('billing-limits', env));
    const profile: Record<string, string> = values.profile
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${values.profile}` }
      : {};
    processes.push(ServiceProcess.start('poller', { ...env, ...profile }, POLLER_ROOT));
    await processes[0]!.ready();
    const pollerPort = await processes[1]!.ready(60_000);
    const { orgId } = await seedAccount(db.url, 'pro');
    const scrape = async () => (await fetch(`http://127.0.0.1:${pollerPort}/metrics`)).text();
    const bare = await BareRequests.start(fleet);

    const pro = proIntervals();
    out(
      `bench:poller  one poller process (build: ${POLLER_ROOT}), Pro plan intervals (${ALL_KINDS.map((k) => `${k} ${pro[k]} s`).join(', ')}), ${simulators.length} simulator process(es) of up to ${PER_SIM} servers, node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    out(
      `poller environment: ${Object.entries(POLLER_ENV)
        .map(([k, v]) => `${k}=${v}`)
        .join(
          ' ',
        )} (the rest its defaults); (server_id, time) indexes: ${values['without-index'] ? `dropped (${dropped.length}: ${dropped.join(', ')})` : 'present (the migrations)'}`,
    );
    out(
      `warm-up ${WARMUP_S} s per step, then ${WINDOWS} measured window(s) of ${MEASURE_S} s, each beside two bare baselines, ${BARE_SETTINGS.seconds} s each, ${BARE_SETTINGS.servers} servers, one request in flight each, this process's CPU, odd windows measuring them first, even ones after: (1) bare undici keep-alive QueryServerState, ${BARE_SETTINGS.connectionsPerOrigin} connections per server; (2) a bare poll of the Pro mix, undici, the same requests per kind (health: HealthCheck + QueryServerState kept alive; add-on kinds: their FRM GETs + JSON.parse, a new connection each as FRM closes), kinds in the Pro intervals' proportion (${proMixCycle().length} polls per server per cycle)`,
    );
    out(
      `held: every window's lag p99 bucket <= ${HELD_P99_S} s and nothing shed or dropped late; goal CPU per poll <= ${RATIO_GOAL}x the bare request's in every window of a held step (the exit code); the same factor against the bare Pro-mix poll printed beside it; mix/req = the bare Pro-mix poll's CPU over the bare keep-alive request's (the same requests made bare, before any work of the poller's)`,
    );
    out(
      'servers  window  polls/s  lag p50     lag p99     CPU ms/poll  bare ms/req  ratio   bare mix ms/poll  ratio   mix/req  rows/s   writer rows/busy-s  shed  late-dropped  cores: poller  sims  nats  pg  CPU pressure',
    );
    const simPids = new Set(simulators.map((s) => s.child.pid));
    const pollerPid = processes[1]!.child.pid;
    const cores = () => ({
      poller: cpuSeconds((pid) => pid === pollerPid),
      sims: cpuSeconds((pid) => simPids.has(pid)),
      nats: cpuSeconds((_pid, comm) => comm === 'nats-server'),
      pg: cpuSeconds((_pid, comm) => comm === 'postgres'),
    });
    let seeded = 0;
    const summary: { step: number; held: boolean; ratios: number[]; mixRatios: number[] }[] = [];
    const mixOverSingle: number[] = [];
    let windowNo = 0;
    const baselines = async () => ({ single: await bare.measure(), mix: await bare.measureMix() });
    for (const step of STEPS) {
      await seed(db.url, orgId, fleet.slice(seeded, step), messaging, SECRETS_KEY);
      seeded = step;
      await sleep(WARMUP_S * 1000);
      const result = { step, held: true, ratios: [] as number[], mixRatios: [] as number[] };
      for (let w = 1; w <= WINDOWS; w++) {
        const bareFirst = windowNo++ % 2 === 0;
        const baseline = bareFirst ? await baselines() : undefined;
        const before = await scrape();
        const cpuBefore = cores();
        await sleep(MEASURE_S * 1000);
        const after = await scrape();
        const cpuAfter = cores();
        const measured = baseline ?? (await baselines());
        const bareUs = measured.single.cpuUs;
        const mixUs = measured.mix.cpuUs;
        const share = (k: keyof typeof cpuAfter) => ((cpuAfter[k] - cpuBefore[k]) / MEASURE_S).toFixed(2);
        const delta = (name: string, labels: Record<string, string> = {}) =>
          metricValue(after, name, labels) - metricValue(before, name, labels);
        const polls = delta('gsm_poller_polls_total');
        const cpu = delta('gsm_process_cpu_user_seconds_total') + delta('gsm_process_cpu_system_seconds_total');
        const rows = delta('gsm_poller_rows_written_total');
        const busy = delta('gsm_poller_flush_duration_seconds_sum');
        const shed = delta('gsm_poller_polls_skipped_total', { reason: 'behind' });
        const late = delta('gsm_poller_jobs_dropped_late_total');
        const p99 = quantile(before, after, 'gsm_poller_schedule_lag_seconds', 0.99);
        const msPerPoll = polls > 0 ? (cpu * 1000) / polls : NaN;
        const ratio = msPerPoll / (bareUs / 1000);
        const mixRatio = msPerPoll / (mixUs / 1000);
        result.ratios.push(ratio);
        result.mixRatios.push(mixRatio);
        mixOverSingle.push(mixUs / bareUs);
        if (!(p99 <= HELD_P99_S) || shed > 0 || late > 0) result.held = false;
        out(
          [
            String(step).padStart(7),
            String(w).padStart(6),
            (polls / MEASURE_S).toFixed(0).padStart(7),
            bucket(quantile(before, after, 'gsm_poller_schedule_lag_seconds', 0.5)).padEnd(11),
            bucket(p99).padEnd(11),
            msPerPoll.toFixed(3).padStart(11),
            (bareUs / 1000).toFixed(3).padStart(11),
            `${ratio.toFixed(2)}x`.padStart(6),
            (mixUs / 1000).toFixed(3).padStart(16),
            `${mixRatio.toFixed(2)}x`.padStart(6),
            `${(mixUs / bareUs).toFixed(2)}x`.padStart(7),
            (rows / MEASURE_S).toFixed(0).padStart(7),
            (busy > 0 ? rows / busy : 0).toFixed(0).padStart(19),
            String(shed).padStart(4),
            String(late).padStart(12),
            `       ${share('poller')}  ${share('sims')}  ${share('nats')}  ${share('pg')}  ${cpuPressure()}`,
          ].join('  '),
        );
        // Per kind: what the scheduler emitted and what the worker polled, per second (a worker that polls more than
        // was scheduled polls something twice; a scheduler that emits more than the plan asks over-schedules).
        const perKind = (name: string, kind: string) => (delta(name, { kind }) / MEASURE_S).toFixed(0);
        out(
          `         per kind, scheduled/polled per s: ${ALL_KINDS.map(
            (k) => `${k} ${perKind('gsm_poller_jobs_scheduled_total', k)}/${perKind('gsm_poller_polls_total', k)}`,
          ).join(', ')}`,
        );
        const failures = new Map<string, number>();
        for (const line of after.split('\n')) {
          const m = /^gsm_poller_polls_total\{.*outcome="([^"]+)".*\} (\d+)/.exec(line);
          if (m && m[1] !== 'ok') failures.set(m[1]!, (failures.get(m[1]!) ?? 0) + Number(m[2]));
        }
        if (failures.size > 0)
          out(`         failed polls so far: ${[...failures].map(([k, v]) => `${k} ${v}`).join(', ')}`);
      }
      summary.push(result);
    }
    await bare.close();
    const held = summary.filter((s) => s.held);
    const largest = held.length > 0 ? Math.max(...held.map((s) => s.step)) : 0;
    out(
      `verdict: servers held (p99 <= ${HELD_P99_S} s, nothing shed, every window): ${largest > 0 ? `up to ${largest}` : 'none'}; not held: ${
        summary
          .filter((s) => !s.held)
          .map((s) => s.step)
          .join(', ') || 'none'
      }`,
    );
    const ratios = held.flatMap((s) => s.ratios);
    const worst = ratios.length > 0 ? Math.max(...ratios) : NaN;
    out(
      `verdict: CPU per poll / bare keep-alive request in the held steps' windows: ${ratios.map((r) => `${r.toFixed(2)}x`).join(', ') || 'n/a'}; worst ${worst.toFixed(2)}x (goal <= ${RATIO_GOAL}x in every window: ${worst <= RATIO_GOAL ? 'met' : 'NOT met'})`,
    );
    const mixRatios = held.flatMap((s) => s.mixRatios);
    const worstMix = mixRatios.length > 0 ? Math.max(...mixRatios) : NaN;
    out(
      `verdict: CPU per poll / bare Pro-mix poll in the held steps' windows: ${mixRatios.map((r) => `${r.toFixed(2)}x`).join(', ') || 'n/a'}; worst ${worstMix.toFixed(2)}x (<= ${RATIO_GOAL}x in every window: ${worstMix <= RATIO_GOAL ? 'yes' : 'no'})`,
    );
    out(
      `the bare Pro-mix poll alone cost ${Math.min(...mixOverSingle).toFixed(2)}-${Math.max(...mixOverSingle).toFixed(2)}x the bare keep-alive request in these windows (FRM closes every connection: most of a Pro server's polls connect anew)`,
    );
    // Ingest capacity: the poller's writer flat out versus a bare COPY of the same rows, same database, same run.
    await processes[1]?.stop('SIGTERM');
    for (const s of simulators) await s.stop();
    const ingestHeld = await ingestComparison(db.url, ROUNDS);
    if (!ingestHeld || !(worst <= RATIO_GOAL)) process.exitCode = 1;
  } catch (error) {
    for (const p of processes) {
      const tail = p.output.filter((line) => !line.includes('"level":30')).slice(-15);
      if (tail.length > 0) process.stderr.write(`last warnings and errors of ${p.app}:\n${tail.join('\n')}\n`);
    }
    throw error;
  } finally {
    await processes[1]?.stop('SIGTERM');
    for (const p of processes) p.kill();
    for (const s of simulators) await s.stop();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:poller failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
