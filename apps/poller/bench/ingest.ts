/**
 * bench:poller, the ingest comparison: the rows the poller stored in the run are replayed through its SampleWriter
 * (as polls: samples, `latest`, server state) and, alternately, through a bare COPY of the same rows (the ingest
 * baseline). Verdict: every round >= 0.5x.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { copyText } from '@app/database';
import { health, SAMPLE_KINDS, SAMPLE_TABLES } from '@app/samples';
import { Client, Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const out = (line: string) => process.stdout.write(`${line}\n`);

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
export async function ingestComparison(url: string, rounds: number): Promise<boolean> {
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
    // The baselines alternate with the writer: odd rounds write first, even rounds copy first.
    const measureWriter = () => writerRate(url, shifted(polls, 86_400_000 * (3 * round)));
    const bareFirst = round % 2 === 0;
    const before = bareFirst ? undefined : await measureWriter();
    const copy = await bareCopyRate(url, shifted(polls, 86_400_000 * (3 * round + 1)));
    const copy2 = await bareCopyRate(url, shifted(polls, 86_400_000 * (3 * round + 2)), 2);
    const writer = before ?? (await measureWriter());
    ratios.push(writer / copy);
    ratios2.push(writer / copy2);
    out(
      `${String(round).padStart(5)}  ${String(Math.round(writer)).padStart(19)}  ${String(Math.round(copy)).padStart(16)}  ${(writer / copy).toFixed(2)}x  ${String(Math.round(copy2)).padStart(19)}  ${(writer / copy2).toFixed(2)}x`,
    );
  }
  const worst = Math.min(...ratios);
  out(
    `ingest verdict (goal >= 0.50x in every round): ${ratios.filter((r) => r >= 0.5).length} of ${ratios.length} rounds met, worst ${worst.toFixed(2)}x (${worst >= 0.5 ? 'met' : 'NOT met'}); against two bare COPY streams worst ${Math.min(...ratios2).toFixed(2)}x`,
  );
  return worst >= 0.5;
}
