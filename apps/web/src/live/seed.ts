import { api, ApiFailure } from '../api';
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
const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const nn = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const s = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const b = (v: unknown): boolean => v === true || v === 't' || v === 'true';

function healthOf(r: Row): DataOf<'health'> {
  return {
    status: (s(r.status) ?? 'unknown') as DataOf<'health'>['status'],
    tickRate: nn(r.tick_rate),
    playerCount: nn(r.player_count),
    playerLimit: nn(r.player_limit),
    techTier: nn(r.tech_tier),
    gamePhase: s(r.game_phase),
    gamePhaseNumber: nn(r.game_phase_number),
    gamePhaseName: s(r.game_phase_name),
    isRunning: r.is_running === null || r.is_running === undefined ? null : b(r.is_running),
    isPaused: r.is_paused === null || r.is_paused === undefined ? null : b(r.is_paused),
    totalDuration: nn(r.total_duration),
    sessionName: s(r.session_name),
    latencyMs: n(r.latency_ms),
  };
}

const circuitOf = (r: Row): DataOf<'power'>[number] => ({
  circuitGroupId: n(r.circuit_group_id),
  powerProduction: n(r.power_production),
  powerConsumed: n(r.power_consumed),
  powerCapacity: n(r.power_capacity),
  powerMaxConsumed: n(r.power_max_consumed),
  batteryPercent: n(r.battery_percent),
  batteryCapacity: n(r.battery_capacity),
  batteryDifferential: n(r.battery_differential),
  batteryInput: n(r.battery_input),
  batteryOutput: n(r.battery_output),
  batteryTimeEmptySeconds: nn(r.battery_time_empty_s),
  batteryTimeFullSeconds: nn(r.battery_time_full_s),
  fuseTriggered: b(r.fuse_triggered),
});

const playerOf = (r: Row): DataOf<'players'>[number] => ({
  playerId: String(r.player_id),
  frmId: String(r.player_id),
  name: String(r.name ?? ''),
  isOnline: b(r.is_online),
  health: n(r.health),
  speed: n(r.speed),
  isDead: b(r.is_dead),
  posX: n(r.pos_x),
  posY: n(r.pos_y),
  posZ: n(r.pos_z),
});

const itemOf = (r: Row): DataOf<'production'>[number] => ({
  itemClass: String(r.item_class ?? ''),
  itemName: String(r.item_name ?? r.item_class ?? ''),
  itemForm: s(r.item_form),
  currentProd: n(r.current_prod),
  maxProd: n(r.max_prod),
  currentConsumed: n(r.current_consumed),
  maxConsumed: n(r.max_consumed),
  prodPercent: n(r.prod_percent),
  consPercent: n(r.cons_percent),
});

const trainOf = (r: Row): DataOf<'trains'>[number] => ({
  trainId: String(r.train_id ?? ''),
  name: String(r.name ?? ''),
  status: String(r.status ?? ''),
  station: s(r.station),
  forwardSpeed: n(r.forward_speed),
  throttlePercent: n(r.throttle_percent),
  payloadMass: n(r.payload_mass),
  maxPayloadMass: n(r.max_payload_mass),
  derailed: b(r.derailed),
  pendingDerail: b(r.pending_derail),
});

const droneOf = (r: Row): DataOf<'drones'>[number] => ({
  droneId: String(r.drone_id ?? ''),
  name: String(r.name ?? ''),
  homeStation: s(r.home_station),
  pairedStation: s(r.paired_station),
  destination: s(r.destination),
  flyingMode: s(r.flying_mode),
  flyingSpeed: n(r.flying_speed),
});

/** Seeds one add-on list kind; an empty list is left to the socket (its time is unknown here). */
function seedList<K extends Kind>(src: DataSource, kind: K, rows: Row[], map: (r: Row) => unknown): void {
  const time = ms(s(rows[0]?.time));
  if (time === null) return;
  liveStore.seedKind(src.key, kind, time, rows.map(map) as DataOf<K>);
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
  const time = ms(s(rows[0]?.time));
  if (time === null) return;
  liveStore.seedKind(src.key, 'factory', time, {
    buildings: rows.length,
    producing: rows.filter((r) => b(r.is_producing)).length,
    idle: rows.filter((r) => b(r.is_configured) && !b(r.is_producing) && !b(r.is_paused)).length,
    unconfigured: rows.filter((r) => !b(r.is_configured)).length,
    paused: rows.filter((r) => b(r.is_paused)).length,
  });
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
      run('power', async () => seedList(src, 'power', await get<Row[]>(src, '/power/latest'), circuitOf)),
      run('players', async () => {
        const page = await get<{ items: Row[] }>(src, '/players?limit=500');
        seedList(src, 'players', page.items, playerOf);
        const seen: Record<string, number> = {};
        for (const p of page.items) {
          const t = ms(s(p.last_seen_at));
          if (t !== null) seen[String(p.player_id)] = t;
        }
        liveStore.seedLastOnline(src.key, seen);
      }),
      run('production', async () => seedList(src, 'production', await get<Row[]>(src, '/production/latest'), itemOf)),
      run('trains', async () => seedList(src, 'trains', await get<Row[]>(src, '/trains'), trainOf)),
      run('drones', async () => seedList(src, 'drones', await get<Row[]>(src, '/drones'), droneOf)),
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
