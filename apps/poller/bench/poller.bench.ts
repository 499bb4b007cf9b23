/*
 * npm run bench:poller [-- --steps 250,500,1000,2000 --warmup 20 --measure 30 --per-sim 1500 --rounds 3]
 * npm run bench:poller -- --ingest-only 3     (500 servers for 40 s, then 3 rounds of the ingest comparison)
 * npm run bench:poller -- --cost [--servers 500 --rounds 3 --warmup 20 --measure 30 --kind-servers 20 --kind-seconds 1.5
 *                                 --model-only]
 *                                              (issue 20: every kind against the old kind set, see cost.ts)
 *
 * Starts simulator fleets in their own processes, billing-limits and ONE poller process (scheduler + worker),
 * adds servers step by step on the Pro plan's intervals (every kind, the registry's interval classes), and prints for each step: servers, polls per second,
 * p50/p99 schedule lag, CPU time per poll, rows written per second, the writer's rows per busy second, and the
 * CPU (in cores) of the poller, the simulators, NATS and PostgreSQL. Then the ingest comparison: the rows the
 * poller stored in the run are replayed through its SampleWriter (as polls: samples, `latest`, server state) and,
 * alternately, through a bare COPY of the same rows (the ingest baseline).
 * Needs PostgreSQL and NATS (DATABASE_URL / NATS_URL, or the local defaults); creates and drops its own database.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { copyText } from '@app/database';
import { Messaging } from '@app/messaging';
import { health, SAMPLE_KINDS, SAMPLE_TABLES } from '@app/samples';
import { costRun, cpuSeconds, seed } from './cost';
import { ALL_KINDS, proIntervals } from './kind-costs';
import { SecretBox } from '@app/secrets';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  ensureTemplateDatabase,
  metricValue,
  resolveTestServices,
  seedAccount,
  ServiceProcess,
  serviceEnv,
  SimulatorProcess,
  testNamespace,
} from '@app/testing';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

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
  },
});
const INGEST_ONLY = values['ingest-only'] !== undefined;
const STEPS = INGEST_ONLY ? [500] : values.steps.split(',').map(Number);
const WARMUP_S = INGEST_ONLY ? 10 : Number(values.warmup);
const MEASURE_S = INGEST_ONLY ? 30 : Number(values.measure);
const ROUNDS = Number(values['ingest-only'] ?? values.rounds);
const PER_SIM = Number(values['per-sim']);
const SECRETS_KEY = SecretBox.generateKey();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const out = (line: string) => process.stdout.write(`${line}\n`);

/** p-quantile upper bound from the delta of a Prometheus histogram (all label sets summed per bucket). */
function quantile(before: string, after: string, name: string, q: number): string {
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
  if (total <= 0) return 'n/a';
  const hit = sorted.find(([, count]) => count >= q * total);
  return hit ? (hit[0] === '+Inf' ? '> 30 s' : `<= ${hit[0]} s`) : 'n/a';
}

/** The poller's own code, loaded from its build (the bench measures the real writer, not a copy). */
interface WriterLike {
  enqueue(unit: unknown): Promise<void>;
  stop(): Promise<void>;
}
type WriterClass = new (
  samples: unknown,
  options: { flushMs: number; maxBatchRows: number; maxBufferedRows: number; connections?: number },
  hooks: { onDropped(): void; onFlushed(): void; onFlushFailed(): void },
) => WriterLike;
const dist = (file: string): unknown =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(join(__dirname, '..', '..', 'dist', 'storage', file));
const { SampleWriter } = dist('sample-writer.js') as { SampleWriter: WriterClass };
const { SamplesRepository } = dist('samples.repository.js') as { SamplesRepository: new (pool: Pool) => unknown };
const TABLES = Object.fromEntries(SAMPLE_TABLES);

/** The poll kind whose poll writes each sample table (its `latest` snapshot has that kind). */
const KIND_OF: Record<string, string> = Object.fromEntries(SAMPLE_KINDS.map((k) => [k.table, k.kind]));

/** One poll's worth of stored rows, as the worker hands it to the writer. */
interface Capture {
  table: string;
  serverId: string;
  time: number;
  rows: unknown[][];
  latest: unknown;
}

/**
 * Reads back what the poller stored during the run, grouped into polls (table, server, time) with each server's
 * `latest` snapshot of that kind: the ingest comparison replays exactly these rows, in time order.
 */
async function capturePolls(url: string): Promise<Capture[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const latest = new Map<string, unknown>();
    for (const r of (await client.query<{ server_id: string; kind: string; data: unknown }>('SELECT * FROM latest'))
      .rows)
      latest.set(`${r.server_id}:${r.kind}`, r.data);
    const polls = new Map<string, Capture>();
    for (const [table, columns] of Object.entries(TABLES)) {
      const names = columns.map(([name]) => `"${name}"`).join(', ');
      const result = await client.query({ text: `SELECT ${names} FROM "${table}"`, rowMode: 'array' });
      for (const row of result.rows as unknown[][]) {
        const time = (row[0] as Date).getTime();
        const serverId = row[1] as string;
        const key = `${table}:${serverId}:${time}`;
        let poll = polls.get(key);
        if (!poll) {
          poll = { table, serverId, time, rows: [], latest: latest.get(`${serverId}:${KIND_OF[table]}`) ?? null };
          polls.set(key, poll);
        }
        poll.rows.push(row);
      }
    }
    // The newest polls, up to 200,000 rows: enough for a steady rate, and a long run stays quick to replay.
    const sorted = [...polls.values()].sort((a, b) => a.time - b.time);
    let first = sorted.length;
    for (let rows = 0; first > 0 && rows < 200_000;) rows += sorted[--first]!.rows.length;
    return sorted.slice(first);
  } finally {
    await client.end();
  }
}

/** The captured polls moved `shiftMs` later (each round writes new keys), with their rows' time replaced. */
function shifted(polls: Capture[], shiftMs: number): Capture[] {
  return polls.map((p) => {
    const time = new Date(p.time + shiftMs);
    return { ...p, time: time.getTime(), rows: p.rows.map((r) => [time, ...r.slice(1)]) };
  });
}

const rowCount = (polls: Capture[]) => polls.reduce((n, p) => n + p.rows.length, 0);

/**
 * Rows per second of the poller's SampleWriter writing the polls as the worker does: each poll one unit with its
 * samples, its `latest` snapshot and (health) its server state, batched and committed by the writer's own rules.
 */
async function writerRate(url: string, polls: Capture[]): Promise<number> {
  // The poller's defaults: POLLER_BATCH_ROWS 5000, POLLER_WRITE_CONNECTIONS 2.
  const pool = new Pool({ connectionString: url, max: 2 });
  const writer = new SampleWriter(
    new SamplesRepository(pool),
    { flushMs: 200, maxBatchRows: 5000, maxBufferedRows: 10_000_000, connections: 2 },
    { onDropped() {}, onFlushed() {}, onFlushFailed() {} },
  );
  // A health poll hands the writer its data (the writer builds the metrics row with the confirmed status): read
  // back from the stored row through the registry's columns.
  const healthData = (row: unknown[]) => Object.fromEntries(health.columns.map((c, i) => [c.field, row[i + 2]]));
  const units = polls.map((p) => {
    const time = new Date(p.time);
    const kind = KIND_OF[p.table]!;
    if (kind === 'health')
      return {
        serverId: p.serverId,
        rows: {},
        health: {
          serverId: p.serverId,
          time,
          observed: 'online' as const,
          lastSeenAt: time,
          lastError: null,
          reason: null,
          data: healthData(p.rows[0]!),
        },
      };
    return {
      serverId: p.serverId,
      rows: { [p.table]: p.rows },
      latest: { serverId: p.serverId, kind, time, data: p.latest },
    };
  });
  const started = performance.now();
  await Promise.all(units.map((u) => writer.enqueue(u)));
  const rate = rowCount(polls) / ((performance.now() - started) / 1000);
  await writer.stop();
  await pool.end();
  return rate;
}

/**
 * Rows per second of a bare COPY of the same rows (the baseline): one COPY per table, straight into a table made
 * LIKE the real one (same columns, keys and indexes, WAL-logged like it), without batches, staging or upserts.
 * With `connections` 2, each table's rows are split in two halves COPied at once on two connections (the writer
 * also uses two).
 */
async function bareCopyRate(url: string, polls: Capture[], connections = 1): Promise<number> {
  const clients = Array.from({ length: connections }, () => new Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  try {
    const byTable = new Map<string, unknown[][]>();
    for (const p of polls) {
      const rows = byTable.get(p.table) ?? [];
      for (const r of p.rows) rows.push(r);
      byTable.set(p.table, rows);
    }
    for (const table of byTable.keys())
      await clients[0]!.query(`CREATE TABLE IF NOT EXISTS "bare_${table}" (LIKE "${table}" INCLUDING ALL)`);
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, i) => {
        for (const [table, all] of byTable) {
          const share = Math.ceil(all.length / connections);
          const rows = all.slice(i * share, (i + 1) * share);
          if (rows.length === 0) continue;
          const names = TABLES[table]!.map(([name]) => `"${name}"`).join(', ');
          await pipeline(
            Readable.from([copyText(rows)]),
            client.query(copyFrom(`COPY "bare_${table}" (${names}) FROM STDIN`)),
          );
        }
      }),
    );
    return rowCount(polls) / ((performance.now() - started) / 1000);
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/**
 * Writer and bare COPY alternately, `rounds` times, on the rows the run stored; prints a line per round. The ratio
 * (the goal) is against one bare COPY stream; the ratio against two streams at once is printed beside it.
 */
async function ingestComparison(url: string, rounds: number): Promise<void> {
  const polls = await capturePolls(url);
  const counts = new Map<string, number>();
  for (const p of polls) counts.set(p.table, (counts.get(p.table) ?? 0) + p.rows.length);
  out(
    `ingest capacity on the ${rowCount(polls)} rows of ${polls.length} polls this run stored (${[...counts].map(([t, n]) => `${t} ${n}`).join(', ')}), replayed ${rounds} times:`,
  );
  out('round  SampleWriter rows/s  bare COPY rows/s  ratio  bare COPY x2 rows/s  ratio');
  const ratios: number[] = [];
  const ratios2: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const writer = await writerRate(url, shifted(polls, 86_400_000 * (3 * round)));
    const copy = await bareCopyRate(url, shifted(polls, 86_400_000 * (3 * round + 1)));
    const copy2 = await bareCopyRate(url, shifted(polls, 86_400_000 * (3 * round + 2)), 2);
    ratios.push(writer / copy);
    ratios2.push(writer / copy2);
    out(
      `${String(round).padStart(5)}  ${String(Math.round(writer)).padStart(19)}  ${String(Math.round(copy)).padStart(16)}  ${(writer / copy).toFixed(2)}x  ${String(Math.round(copy2)).padStart(19)}  ${(writer / copy2).toFixed(2)}x`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  out(
    `median ratio ${median(ratios).toFixed(2)}x (goal >= 0.50x); against two bare COPY streams ${median(ratios2).toFixed(2)}x`,
  );
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
    const env = serviceEnv(
      db.url,
      prefix,
      { SECRETS_KEY, POLLER_CONCURRENCY: '512', POLLER_TIMEOUT_MS: '5000' },
      services.natsUrl,
    );
    processes.push(ServiceProcess.start('billing-limits', env));
    const profile: Record<string, string> = values.profile
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${values.profile}` }
      : {};
    processes.push(ServiceProcess.start('poller', { ...env, ...profile }));
    await processes[0]!.ready();
    const pollerPort = await processes[1]!.ready(60_000);
    const { orgId } = await seedAccount(db.url, 'pro');
    const scrape = async () => (await fetch(`http://127.0.0.1:${pollerPort}/metrics`)).text();

    const pro = proIntervals();
    out(
      `bench:poller  one poller process, Pro plan intervals (${ALL_KINDS.map((k) => `${k} ${pro[k]} s`).join(', ')}), ${simulators.length} simulator process(es), node ${process.version}`,
    );
    out(`warm-up ${WARMUP_S}s, measured ${MEASURE_S}s per step`);
    out(
      'servers  polls/s  lag p50     lag p99     CPU ms/poll  rows/s   writer rows/busy-s  late-dropped  cores: poller  sims  nats  pg',
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
    for (const step of STEPS) {
      await seed(db.url, orgId, fleet.slice(seeded, step), messaging, SECRETS_KEY);
      seeded = step;
      await sleep(WARMUP_S * 1000);
      const before = await scrape();
      const cpuBefore = cores();
      await sleep(MEASURE_S * 1000);
      const after = await scrape();
      const cpuAfter = cores();
      const share = (k: keyof typeof cpuAfter) => ((cpuAfter[k] - cpuBefore[k]) / MEASURE_S).toFixed(2);
      const delta = (name: string) => metricValue(after, name) - metricValue(before, name);
      const polls = delta('gsm_poller_polls_total');
      const cpu = delta('gsm_process_cpu_user_seconds_total') + delta('gsm_process_cpu_system_seconds_total');
      const rows = delta('gsm_poller_rows_written_total');
      const busy = delta('gsm_poller_flush_duration_seconds_sum');
      const writerRate = busy > 0 ? rows / busy : 0;
      out(
        [
          String(step).padStart(7),
          (polls / MEASURE_S).toFixed(0).padStart(8),
          quantile(before, after, 'gsm_poller_schedule_lag_seconds', 0.5).padEnd(11),
          quantile(before, after, 'gsm_poller_schedule_lag_seconds', 0.99).padEnd(11),
          (polls > 0 ? (cpu * 1000) / polls : 0).toFixed(3).padStart(11),
          (rows / MEASURE_S).toFixed(0).padStart(7),
          writerRate.toFixed(0).padStart(19),
          String(delta('gsm_poller_jobs_dropped_late_total')).padStart(13),
          `       ${share('poller')}  ${share('sims')}  ${share('nats')}  ${share('pg')}`,
        ].join('  '),
      );
      // Per kind: what the scheduler emitted and what the worker polled, per second (a worker that polls more than
      // was scheduled polls something twice; a scheduler that emits more than the plan asks over-schedules).
      const kinds = ALL_KINDS;
      const perKind = (name: string, kind: string) =>
        ((metricValue(after, name, { kind }) - metricValue(before, name, { kind })) / MEASURE_S).toFixed(0);
      out(
        `         per kind, scheduled/polled per s: ${kinds
          .map((k) => `${k} ${perKind('gsm_poller_jobs_scheduled_total', k)}/${perKind('gsm_poller_polls_total', k)}`)
          .join(', ')}`,
      );
      const failures = new Map<string, number>();
      for (const line of after.split('\n')) {
        const m = /^gsm_poller_polls_total\{.*outcome="([^"]+)".*\} (\d+)/.exec(line);
        if (m && m[1] !== 'ok') failures.set(m[1]!, (failures.get(m[1]!) ?? 0) + Number(m[2]));
      }
      if (failures.size > 0)
        out(`         failed polls so far: ${[...failures].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
    // Ingest capacity: the poller's writer flat out versus a bare COPY of the same rows, same database, same run.
    await processes[1]?.stop('SIGTERM');
    for (const s of simulators) await s.stop();
    await ingestComparison(db.url, ROUNDS);
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
