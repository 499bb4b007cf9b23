/*
 * npm run bench:poller [-- --steps 250,500,1000,2000 --warmup 20 --measure 30 --per-sim 1500]
 *
 * Starts simulator fleets in their own processes, billing-limits and ONE poller process (scheduler + worker),
 * adds servers step by step on the Pro plan's intervals, and prints for each step: servers, polls per second,
 * p50/p99 schedule lag, CPU time per poll, rows written per second, and the writer's rows per busy second next to
 * a bare COPY of the same kind of rows into the same database in the same run (the ingest baseline).
 * Needs PostgreSQL and NATS (DATABASE_URL / NATS_URL, or the local defaults); creates and drops its own database.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';
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
  type SimulatedServer,
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
    /** Write a V8 CPU profile of the poller process into this folder (stopped with SIGTERM so it is flushed). */
    profile: { type: 'string' },
    /** Only the ingest comparison (SampleWriter vs bare COPY), this many alternating rounds; no fleet, no poller. */
    'ingest-only': { type: 'string' },
  },
});
const STEPS = values.steps.split(',').map(Number);
const WARMUP_S = Number(values.warmup);
const MEASURE_S = Number(values.measure);
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

async function seed(url: string, orgId: string, sims: SimulatedServer[], messaging: Messaging): Promise<void> {
  const box = new SecretBox(SECRETS_KEY);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of sims) {
      const id = randomUUID();
      await client.query(
        `INSERT INTO servers (id, org_id, name, host, address, port, addon_http_port, addon_ws_port, admin_password_enc)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8)`,
        [
          id,
          orgId,
          `bench ${s.port}`,
          s.host,
          s.port,
          s.addon_http_port,
          s.addon_ws_port,
          box.seal(s.admin_password, id),
        ],
      );
      messaging.publish(Subjects.serverRegistered, {
        serverId: id,
        orgId,
        occurredAt: new Date().toISOString(),
        name: 'bench',
        host: s.host,
        address: s.host,
        port: s.port,
        addonHttpPort: s.addon_http_port,
        addonWsPort: s.addon_ws_port,
      });
    }
  } finally {
    await client.end();
  }
}

/** Rows per second of a bare COPY of server_metrics-shaped and power_circuits-shaped rows (the baseline). */
async function bareCopy(url: string, rows: number): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TEMP TABLE copy_metrics (LIKE server_metrics INCLUDING ALL)');
    await client.query('CREATE TEMP TABLE copy_power (LIKE power_circuits INCLUDING ALL)');
    const now = Date.now();
    const ids = Array.from({ length: 1000 }, () => randomUUID());
    const metrics = function* () {
      for (let i = 0; i < rows / 2; i++) {
        yield `${new Date(now + Math.floor(i / 1000) * 1000).toISOString()}\t${ids[i % 1000]}\tonline\t29.7\t3\t4\t6\t/Script/FactoryGame.FGGamePhase'/Game/FactoryGame/GamePhases/GP_Project_Assembly_Phase_2.GP_Project_Assembly_Phase_2'\t2\tt\tf\t96654\tSession\t1.2\n`;
      }
    };
    const power = function* () {
      for (let i = 0; i < rows / 2; i++) {
        yield `${new Date(now + Math.floor(i / 3000) * 1000).toISOString()}\t${ids[Math.floor(i / 3) % 1000]}\t${i % 3}\t3633.3\t2693.3\t4083.3\t4606.4\t2.33\t100\t100\t100\t0\t0\t3515\tf\n`;
      }
    };
    const started = performance.now();
    await pipeline(Readable.from(metrics()), client.query(copyFrom('COPY copy_metrics FROM STDIN')));
    await pipeline(Readable.from(power()), client.query(copyFrom('COPY copy_power FROM STDIN')));
    return rows / ((performance.now() - started) / 1000);
  } finally {
    await client.end();
  }
}

/** The poller's own writer, loaded from its build (the bench measures the real code, not a copy). */
interface WriterLike {
  enqueue(unit: unknown): Promise<void>;
  stop(): Promise<void>;
}
type WriterClass = new (
  pool: Pool,
  options: { flushMs: number; maxBatchRows: number; maxBufferedRows: number },
  hooks: { onDropped(): void; onFlushed(): void; onFlushFailed(): void },
) => WriterLike;

/**
 * Rows per second the poller's SampleWriter sustains when it is the bottleneck: health units (a metrics row, a
 * latest snapshot, a state upsert) and power units (three circuit rows and a snapshot), as the poller writes them.
 */
async function writerCapacity(url: string, rows: number, round = 0): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SampleWriter } = require(join(__dirname, '..', '..', 'dist', 'storage', 'sample-writer.js')) as {
    SampleWriter: WriterClass;
  };
  const pool = new Pool({ connectionString: url, max: 2 });
  const ids = (await pool.query<{ id: string }>('SELECT id FROM servers LIMIT 1000')).rows.map((r) => r.id);
  const writer = new SampleWriter(
    pool,
    { flushMs: 200, maxBatchRows: 5000, maxBufferedRows: 10_000_000 },
    {
      onDropped() {},
      onFlushed() {},
      onFlushFailed() {},
    },
  );
  const base = Date.now() + 86_400_000 * (round + 1);
  const units: unknown[] = [];
  let count = 0;
  for (let i = 0; count < rows; i++) {
    const serverId = ids[i % ids.length]!;
    const time = new Date(base + Math.floor(i / ids.length) * 1000);
    if (i % 2 === 0) {
      units.push({
        rows: {
          server_metrics: [
            [
              time,
              serverId,
              'online',
              29.7,
              3,
              4,
              6,
              'GP_Project_Assembly_Phase_2',
              2,
              true,
              false,
              96654,
              'Session',
              1.2,
            ],
          ],
        },
        latest: { serverId, kind: 'health', time, data: { tickRate: 29.7 } },
        healthState: {
          serverId,
          status: 'online',
          pendingStatus: null,
          pendingCount: 0,
          time,
          lastSeenAt: time,
          lastError: null,
        },
      });
      count += 1;
    } else {
      const power = [0, 1, 2].map((c) => [
        time,
        serverId,
        c,
        3633.3,
        2693.3,
        4083.3,
        4606.4,
        2.33,
        100,
        100,
        100,
        0,
        0,
        3515,
        false,
      ]);
      units.push({ rows: { power_circuits: power }, latest: { serverId, kind: 'power', time, data: [] } });
      count += 3;
    }
  }
  const started = performance.now();
  await Promise.all(units.map((u) => writer.enqueue(u)));
  const rate = count / ((performance.now() - started) / 1000);
  await writer.stop();
  await pool.end();
  return rate;
}

/** Writer and bare COPY alternately, `rounds` times, into a fresh database with 1,000 registered servers. */
async function ingestOnly(rounds: number): Promise<void> {
  const services = await resolveTestServices();
  await ensureTemplateDatabase(services.databaseUrl);
  const db = await createTestDatabase(services.databaseUrl);
  try {
    const { orgId } = await seedAccount(db.url, 'pro');
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       SELECT gen_random_uuid(), $1, 'bench ' || i, '127.0.0.1', '127.0.0.1', 10000 + i, '\\x00'::bytea
       FROM generate_series(1, 1000) AS i`,
      [orgId],
    );
    await client.end();
    out('ingest capacity (rows/s), alternating rounds in one run');
    out('round  SampleWriter  bare COPY  ratio');
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const writer = await writerCapacity(db.url, 100_000, round);
      const copy = await bareCopy(db.url, 100_000);
      ratios.push(writer / copy);
      out(
        `${String(round).padStart(5)}  ${String(Math.round(writer)).padStart(12)}  ${String(Math.round(copy)).padStart(9)}  ${(writer / copy).toFixed(2)}x`,
      );
    }
    ratios.sort((a, b) => a - b);
    out(`median ratio ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}x (goal >= 0.50x)`);
  } finally {
    await db.drop();
  }
}

async function main(): Promise<void> {
  if (values['ingest-only']) return ingestOnly(Number(values['ingest-only']));
  const services = await resolveTestServices();
  await ensureTemplateDatabase(services.databaseUrl);
  const db = await createTestDatabase(services.databaseUrl);
  const prefix = testNamespace();
  const messaging = await Messaging.connect({ servers: services.natsUrl, service: 'bench', prefix });
  const processes: ServiceProcess[] = [];
  const simulators: SimulatorProcess[] = [];
  try {
    const total = Math.max(...STEPS);
    for (let started = 0, i = 0; started < total; started += PER_SIM, i++) {
      simulators.push(
        await SimulatorProcess.start(
          ['--count', String(Math.min(PER_SIM, total - started)), '--seed', String(i + 1), '--token-ttl', '86400'],
          120_000,
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
    const copyRate = await bareCopy(db.url, 200_000);

    out(
      `bench:poller  one poller process, Pro plan intervals (10/15/15/30/30/30/60 s, add-on check 300 s), ${simulators.length} simulator process(es), node ${process.version}`,
    );
    out(`warm-up ${WARMUP_S}s, measured ${MEASURE_S}s per step; bare COPY baseline: ${Math.round(copyRate)} rows/s`);
    out('servers  polls/s  lag p50     lag p99     CPU ms/poll  rows/s   writer rows/busy-s  late-dropped');
    let seeded = 0;
    for (const step of STEPS) {
      await seed(db.url, orgId, fleet.slice(seeded, step), messaging);
      seeded = step;
      await sleep(WARMUP_S * 1000);
      const before = await scrape();
      await sleep(MEASURE_S * 1000);
      const after = await scrape();
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
        ].join('  '),
      );
      const failures = new Map<string, number>();
      for (const line of after.split('\n')) {
        const m = /^gsm_poller_polls_total\{.*outcome="([^"]+)".*\} (\d+)/.exec(line);
        if (m && m[1] !== 'ok') failures.set(m[1]!, (failures.get(m[1]!) ?? 0) + Number(m[2]));
      }
      if (failures.size > 0)
        out(`         failed polls so far: ${[...failures].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
    // Ingest capacity: the poller's writer flat out versus a bare COPY, same database, same run.
    await processes[1]?.stop('SIGTERM');
    const writerRate = await writerCapacity(db.url, 100_000);
    const copyAgain = await bareCopy(db.url, 100_000);
    out(
      `ingest capacity: SampleWriter ${Math.round(writerRate)} rows/s, bare COPY ${Math.round(copyAgain)} rows/s: ${(writerRate / copyAgain).toFixed(2)}x (goal >= 0.50x)`,
    );
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
