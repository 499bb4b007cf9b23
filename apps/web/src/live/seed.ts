// The registry's browser-safe modules (apps/web/vite.config.mts): the same columns and shapes as the poller's.
import { sampleKind } from '@app/samples/registry';
import { eventDataOf, recordOfApiRow } from '@app/samples/rows';
import { ApiFailure } from '../lib/api';
import type { GetAnswer } from '../lib/api/client';
import { ms } from '../lib/format';
import { queryClient } from '../lib/query';
import { startInTurns } from '../lib/tasks';
import { loadHistory } from './history';
import { get, liveKeys, type DataSource } from './source';
import { liveStore, type DataOf, type Kind, type LivePoint } from './store';

export { get, type DataSource } from './source';
export { loadHistory, type History, type HistoryBucket } from './history';

type Row = Record<string, unknown>;
type HealthRow = GetAnswer<'/api/v1/servers/{id}/metrics/latest'>;
type Players = GetAnswer<'/api/v1/servers/{id}/players'>;
type BuildingsPage = GetAnswer<'/api/v1/servers/{id}/buildings'>;

/** The newest data of one kind in the live store's shape, and its poll time (null: nothing stored yet). */
export interface Seed<K extends Kind = Kind> {
  time: number | null;
  data: DataOf<K>;
}

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

const timeOf = (rows: Row[]): number | null => ms(typeof rows[0]?.time === 'string' ? rows[0].time : null);

function healthOf(r: HealthRow): DataOf<'health'> {
  const data = dataOf('health', [r]) as DataOf<'health'>;
  // The REST row adds the phase's name (parsed by the API); the status of a row is never empty.
  return {
    ...data,
    status: data.status || 'unknown',
    gamePhaseName: r.game_phase_name,
    latencyMs: data.latencyMs ?? 0,
  };
}

/** Players: the REST API does not serve FRM's own id; the dashboard keys players by their stable id. */
const playersOf = (rows: Row[]): DataOf<'players'> =>
  (dataOf('players', rows) as DataOf<'players'>).map((p) => ({ ...p, frmId: p.playerId }));

const list =
  <K extends Kind>(kind: K, path: string) =>
  async (src: DataSource): Promise<Seed<K>> => {
    const rows = await get<Row[]>(src, path);
    return { time: timeOf(rows), data: dataOf(kind, rows) as DataOf<K> };
  };

async function factory(src: DataSource): Promise<Seed<'factory'>> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  // At most 5 pages (5,000 buildings) for the summary; the live summary covers the rest.
  for (let page = 0; page < 5; page++) {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res: BuildingsPage = await get<BuildingsPage>(src, `/buildings?limit=1000${q}`);
    rows.push(...res.items);
    cursor = res.next_cursor;
    if (!cursor) break;
  }
  return { time: timeOf(rows), data: dataOf('factory', rows) as DataOf<'factory'> };
}

/** The REST read of each kind the dashboard seeds (players also bring when each was last online). */
const READS = {
  health: async (src: DataSource): Promise<Seed<'health'>> => {
    const r = await get<HealthRow>(src, '/metrics/latest');
    return { time: ms(r.time), data: healthOf(r) };
  },
  power: list('power', '/power/latest'),
  players: async (src: DataSource): Promise<Seed<'players'> & { lastOnline: Record<string, number> }> => {
    // The spec's bare array (a Link header would name a next page; 500 is the most a page holds).
    const players = await get<Players>(src, '/players?limit=500');
    const lastOnline: Record<string, number> = {};
    for (const p of players) {
      const t = ms(p.last_seen_at);
      if (t !== null) lastOnline[p.id] = t;
    }
    return { time: timeOf(players), data: playersOf(players), lastOnline };
  },
  production: list('production', '/production/latest'),
  trains: list('trains', '/trains'),
  drones: list('drones', '/drones'),
  factory,
} satisfies Partial<{ [K in Kind]: (src: DataSource) => Promise<Seed<K>> }>;

/** The kinds `seedLatest` reads. */
export type SeededKind = keyof typeof READS;
const ADDON_KINDS: SeededKind[] = ['power', 'players', 'production', 'trains', 'drones', 'factory'];
/** Every kind `seedLatest` reads, in the order it reads them. */
export const SEEDED_KINDS: readonly SeededKind[] = ['health', ...ADDON_KINDS];

/** The kinds the first screen of a dashboard shows (read first, already while the page's code loads). */
export const FIRST_SCREEN_KINDS: readonly SeededKind[] = ['health', 'power', 'players'];

/** Failures of a seed per kind (other than "no data yet" and "add-on unavailable", which the panels explain). */
export type SeedErrors = Partial<Record<Kind, ApiFailure>>;

/**
 * Loads the newest values over REST so the dashboard shows data even before (or without) the socket's snapshot.
 * Each read is a query (`fetchQuery`, fresh for 10 s): the servers list and a dashboard opened right after share
 * one request. Anything the socket already delivered that is as new or newer wins (the store compares times).
 * `only`: just these kinds (a dashboard reads what its first screen shows first).
 */
export async function seedLatest(
  src: DataSource,
  withAddon: boolean,
  only?: readonly SeededKind[],
): Promise<SeedErrors> {
  const errors: SeedErrors = {};
  const run = async (kind: SeededKind) => {
    try {
      const seed = await queryClient.fetchQuery({
        queryKey: liveKeys.latest(src, kind),
        queryFn: () => READS[kind](src) as Promise<Seed>,
        staleTime: 10_000,
      });
      if (seed.time !== null) liveStore.seedKind(src.key, kind, seed.time, seed.data);
      if ('lastOnline' in seed) liveStore.seedLastOnline(src.key, seed.lastOnline as Record<string, number>);
    } catch (e) {
      if (!(e instanceof ApiFailure) || e.code === 'NoDataYet') return;
      if (e.code === 'AddonUnavailable') liveStore.seedAddonUnavailable(src.key, e.message);
      else errors[kind] = e;
    }
  };
  // One request started per task (each costs the page a few ms; thirteen at once were a long task).
  const kinds: readonly SeededKind[] = withAddon ? SEEDED_KINDS : ['health'];
  await startInTurns(only ? kinds.filter((k) => only.includes(k)) : kinds, run);
  return errors;
}

/** Seeds the live series (the servers list's sparklines) from the last minutes of history. */
export async function seedRecentPoints(src: DataSource, intervalSeconds: number, count = 20): Promise<void> {
  const h = await queryClient.fetchQuery({
    queryKey: liveKeys.recent(src, intervalSeconds, count),
    queryFn: () => {
      const to = Date.now();
      return loadHistory(src, to - intervalSeconds * count * 1000, to, intervalSeconds);
    },
    staleTime: 30_000,
  });
  const points: LivePoint[] = h.buckets.map((x) => ({ t: x.t, tick: x.tick, players: x.players }));
  liveStore.seedPoints(src.key, points);
}
