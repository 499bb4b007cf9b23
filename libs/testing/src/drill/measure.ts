import { Client } from 'pg';

/**
 * One query on a fresh connection with short deadlines: during a PostgreSQL outage or pause it fails fast instead
 * of hanging (the drills observe the database while they break it).
 */
export async function query<T extends object = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
  timeoutMs = 3000,
): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Every samples table with its natural key: one row per key is what "no sample stored twice" means. */
export const SAMPLE_TABLES: { table: string; key: string[] }[] = [
  { table: 'server_metrics', key: ['server_id', 'time'] },
  { table: 'power_circuits', key: ['server_id', 'circuit_group_id', 'time'] },
  { table: 'player_samples', key: ['server_id', 'player_id', 'time'] },
  { table: 'production_samples', key: ['server_id', 'item_class', 'time'] },
  { table: 'train_samples', key: ['server_id', 'train_id', 'time'] },
  { table: 'drone_samples', key: ['server_id', 'drone_id', 'time'] },
  { table: 'factory_building_samples', key: ['server_id', 'building_id', 'time'] },
  { table: 'server_status_changes', key: ['server_id', 'time'] },
];

/** Duplicates found by one check. */
export interface DuplicateCount {
  what: string;
  rows: number;
  /** A few of them, for the report. */
  examples?: string[];
}

/**
 * Rows stored twice since `since`: per samples table, keys with more than one row; health samples of one server
 * closer together than half its interval (a second schedule of the same server: the same poll stored under another
 * time); status changes to the status a server already had (a transition recorded twice); open incidents of one
 * rule and server more than one; deliveries of one incident, channel and event more than one.
 */
export async function duplicates(url: string, since: Date, intervalMs: number): Promise<DuplicateCount[]> {
  const out: DuplicateCount[] = [];
  for (const { table, key } of SAMPLE_TABLES) {
    const cols = key.join(', ');
    const rows = await query<{ n: string }>(
      url,
      `SELECT coalesce(sum(c - 1), 0) AS n FROM (SELECT count(*) AS c FROM ${table} WHERE time >= $1 GROUP BY ${cols} HAVING count(*) > 1) d`,
      [since],
      15_000,
    );
    out.push({ what: table, rows: Number(rows[0]?.n ?? 0) });
  }
  const near = await query<{ n: string }>(
    url,
    `SELECT count(*) AS n FROM (
       SELECT time - lag(time) OVER (PARTITION BY server_id ORDER BY time) AS gap FROM server_metrics WHERE time >= $1
     ) g WHERE gap < make_interval(secs => $2::float / 2000)`,
    [since, intervalMs],
    15_000,
  );
  out.push({ what: 'server_metrics closer than half an interval', rows: Number(near[0]?.n ?? 0) });
  const repeated = await query<{ name: string; time: Date; before: string; previous: string; status: string }>(
    url,
    `SELECT v.name, s.time, s.before::text, s.previous::text, s.status::text FROM (
       SELECT server_id, time, previous, status, lag(status) OVER (PARTITION BY server_id ORDER BY time) AS before
         FROM server_status_changes
     ) s JOIN servers v ON v.id = s.server_id WHERE s.status = s.before AND s.time >= $1 ORDER BY s.time`,
    [since],
    15_000,
  );
  out.push({
    what: 'server_status_changes repeating a transition',
    rows: repeated.length,
    examples: repeated
      .slice(0, 5)
      .map((r) => `${r.name} ${r.previous}->${r.status} at ${r.time.toISOString()} (already ${r.before})`),
  });
  const incidents = await query<{ n: string }>(
    url,
    `SELECT coalesce(sum(c - 1), 0) AS n FROM (SELECT count(*) AS c FROM incidents WHERE state = 'open'
       GROUP BY rule_id, server_id, instance HAVING count(*) > 1) d`,
    [],
    15_000,
  );
  out.push({ what: 'incidents open twice', rows: Number(incidents[0]?.n ?? 0) });
  const deliveries = await query<{ n: string }>(
    url,
    `SELECT coalesce(sum(c - 1), 0) AS n FROM (SELECT count(*) AS c FROM deliveries WHERE created_at >= $1
       GROUP BY incident_id, channel_id, event HAVING count(*) > 1) d`,
    [since],
    15_000,
  );
  out.push({ what: 'deliveries of one incident event', rows: Number(deliveries[0]?.n ?? 0) });
  return out;
}

/** Slot times (ms) of each server's health samples within [from, to]. */
export async function healthSlots(url: string, from: number, to: number): Promise<Map<string, number[]>> {
  return sampleTimes(url, 'server_metrics', from, to);
}

/** Distinct sample times (ms) per server of one samples table within [from, to]. */
export async function sampleTimes(
  url: string,
  table: string,
  from: number,
  to: number,
): Promise<Map<string, number[]>> {
  const rows = await query<{ server_id: string; time: Date }>(
    url,
    `SELECT DISTINCT server_id, time FROM ${table} WHERE time >= $1 AND time <= $2 ORDER BY server_id, time`,
    [new Date(from), new Date(to)],
    15_000,
  );
  const out = new Map<string, number[]>();
  for (const r of rows) {
    let list = out.get(r.server_id);
    if (!list) out.set(r.server_id, (list = []));
    list.push(r.time.getTime());
  }
  return out;
}

/** The newest health sample time (ms) of each server. */
export async function newestSamples(url: string, timeoutMs = 1500): Promise<Map<string, number>> {
  const rows = await query<{ server_id: string; newest: Date }>(
    url,
    "SELECT server_id, max(time) AS newest FROM server_metrics WHERE time > now() - interval '10 minutes' GROUP BY server_id",
    [],
    timeoutMs,
  );
  return new Map(rows.map((r) => [r.server_id, r.newest.getTime()]));
}

/**
 * Slots missing within [from, to]: the slots of a (server, kind) are a fixed phase plus whole intervals, so the
 * stored times show which slots of the window have no sample (at the window's ends too). A server without any sample
 * in the window misses all of its slots.
 */
export function missingSlots(times: number[], intervalMs: number, from: number, to: number): number[] {
  const first = times[0];
  if (first === undefined) {
    const missing: number[] = [];
    for (let t = from; t <= to; t += intervalMs) missing.push(t);
    return missing;
  }
  const missing: number[] = [];
  let i = 0;
  for (let t = first - Math.floor((first - from) / intervalMs) * intervalMs; t <= to; t += intervalMs) {
    while (i < times.length && times[i]! < t - intervalMs / 2) i++;
    const present = i < times.length && Math.abs(times[i]! - t) <= intervalMs / 2;
    if (!present) missing.push(t);
  }
  return missing;
}
