// The registry's browser-safe modules (apps/web/vite.config.mts): the same columns and shapes as the poller's.
import { sampleKind } from '@app/samples/registry';
import { eventDataOf, recordOfApiRow } from '@app/samples/rows';
import { api, ApiFailure } from '../lib/api';
import { ms } from '../lib/format';
import { liveStore, type DataOf, type Kind, type LivePoint } from './store';

/**
 * Where a dashboard reads its REST data: a server of the organisation (`/api/v1/servers/<id>`, signed in) or a
 * share link (`/api/v1/public/<token>`, no sign-in). `key` is the live store's key for it.
 */
export interface DataSource {
  key: string;
  base: string;
  auth: boolean;
}

export function get<T>(src: DataSource, path: string): Promise<T> {
  return api<T>('GET', `${src.base}${path}`, undefined, { auth: src.auth });
}

type Row = Record<string, unknown>;
const nn = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const s = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * A kind's REST rows in the shape the socket sends (its poll result's data), through the sample-kind registry: the
 * same fields, order of columns and summary (the factory's counts) as the poller publishes.
 */
const dataOf = (name: Kind, rows: Row[]): unknown => {
  const kind = sampleKind(name);
  return eventDataOf(
    kind,
    rows.map((r) => recordOfApiRow(kind, r)),
  );
};

function healthOf(r: Row): DataOf<'health'> {
  const data = dataOf('health', [r]) as DataOf<'health'>;
  // The REST row adds the phase's name (parsed by the API); the status of a row is never empty.
  return {
    ...data,
    status: data.status || 'unknown',
    gamePhaseName: s(r.game_phase_name),
    latencyMs: data.latencyMs ?? 0,
  };
}

/** Players: the REST API does not serve FRM's own id; the dashboard keys players by their stable id. */
const playersOf = (rows: Row[]): DataOf<'players'> =>
  (dataOf('players', rows) as DataOf<'players'>).map((p) => ({ ...p, frmId: p.playerId }));

/** Seeds one add-on list kind; an empty list is left to the socket (its time is unknown here). */
function seedList<K extends Kind>(src: DataSource, kind: K, rows: Row[], data: unknown = dataOf(kind, rows)): void {
  const time = ms(s(rows[0]?.time));
  if (time === null) return;
  liveStore.seedKind(src.key, kind, time, data as DataOf<K>);
}

async function seedFactory(src: DataSource): Promise<void> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  // At most 5 pages (5,000 buildings) for the summary; the live summary covers the rest.
  for (let page = 0; page < 5; page++) {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res: { items: Row[]; next_cursor: string | null } = await get(src, `/buildings?limit=1000${q}`);
    rows.push(...res.items);
    cursor = res.next_cursor;
    if (!cursor) break;
  }
  seedList(src, 'factory', rows);
}

/** Failures of a seed per kind (other than "no data yet" and "add-on unavailable", which the panels explain). */
export type SeedErrors = Partial<Record<Kind, ApiFailure>>;

/**
 * Loads the newest values over REST so the dashboard shows data even before (or without) the socket's snapshot.
 * Anything the socket already delivered that is as new or newer wins.
 */
export async function seedLatest(src: DataSource, withAddon: boolean): Promise<SeedErrors> {
  const errors: SeedErrors = {};
  const run = async (kind: Kind, load: () => Promise<void>) => {
    try {
      await load();
    } catch (e) {
      if (!(e instanceof ApiFailure)) return;
      if (e.code === 'NoDataYet') return;
      if (e.code === 'AddonUnavailable') {
        liveStore.seedAddonUnavailable(src.key, e.message);
        return;
      }
      errors[kind] = e;
    }
  };
  const jobs = [
    run('health', async () => {
      const r = await get<Row>(src, '/metrics/latest');
      const t = ms(s(r.time));
      if (t !== null) liveStore.seedKind(src.key, 'health', t, healthOf(r));
    }),
  ];
  if (withAddon)
    jobs.push(
      run('power', async () => seedList(src, 'power', await get<Row[]>(src, '/power/latest'))),
      run('players', async () => {
        const page = await get<{ items: Row[] }>(src, '/players?limit=500');
        seedList(src, 'players', page.items, playersOf(page.items));
        const seen: Record<string, number> = {};
        for (const p of page.items) {
          const t = ms(s(p.last_seen_at));
          if (t !== null) seen[String(p.player_id)] = t;
        }
        liveStore.seedLastOnline(src.key, seen);
      }),
      run('production', async () => seedList(src, 'production', await get<Row[]>(src, '/production/latest'))),
      run('trains', async () => seedList(src, 'trains', await get<Row[]>(src, '/trains'))),
      run('drones', async () => seedList(src, 'drones', await get<Row[]>(src, '/drones'))),
      run('factory', () => seedFactory(src)),
    );
  await Promise.all(jobs);
  return errors;
}

/** One bucket of GET .../metrics/history. */
export interface HistoryBucket {
  t: number;
  tick: number | null;
  tickMin: number | null;
  tickMax: number | null;
  players: number | null;
  playersMax: number | null;
}

export interface History {
  from: number;
  to: number;
  stepSeconds: number;
  retentionHours: number;
  buckets: HistoryBucket[];
}

export async function loadHistory(src: DataSource, from: number, to: number, stepSeconds: number): Promise<History> {
  const q = `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}&step=${stepSeconds}s`;
  const res = await get<{ from: string; to: string; step_seconds: number; retention_hours: number; buckets: Row[] }>(
    src,
    `/metrics/history?${q}`,
  );
  return {
    from: ms(res.from) ?? from,
    to: ms(res.to) ?? to,
    stepSeconds: res.step_seconds,
    retentionHours: res.retention_hours,
    buckets: res.buckets
      .map((r) => ({
        t: ms(s(r.time)) ?? 0,
        tick: nn(r.tick_rate_avg),
        tickMin: nn(r.tick_rate_min),
        tickMax: nn(r.tick_rate_max),
        players: nn(r.player_count_avg),
        playersMax: nn(r.player_count_max),
      }))
      .filter((x) => x.t > 0),
  };
}

/** Seeds the live series (the servers list's sparklines) from the last minutes of history. */
export async function seedRecentPoints(src: DataSource, intervalSeconds: number, count = 20): Promise<void> {
  const to = Date.now();
  const from = to - intervalSeconds * count * 1000;
  const h = await loadHistory(src, from, to, intervalSeconds);
  const points: LivePoint[] = h.buckets.map((x) => ({ t: x.t, tick: x.tick, players: x.players }));
  liveStore.seedPoints(src.key, points);
}
