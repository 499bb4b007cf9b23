import { ServerStatus } from '@app/contracts';
import { apiNameOf, health, sampleKind, type SampleKind } from '@app/samples';
import { Exposition, type Labels } from './exposition';

/** The sample kinds the exposition reads besides health, by their registry name. */
export const EXPOSED_KINDS = ['power', 'production', 'generators', 'extractors', 'resource_sink', 'session'] as const;
export type ExposedKind = (typeof EXPOSED_KINDS)[number];

/** One row as the REST reads select it (`apiSelectList`): the registry's API columns by REST name, plus `time`. */
export type Row = Readonly<Record<string, unknown>>;

/** What the organisation's servers last reported: the input of {@link renderGameMetrics}. */
export interface ServerSnapshot {
  id: string;
  name: string;
  /** The confirmed status (server_states), `unknown` before the first health poll. */
  status: string;
  /** The newest health sample, or null before the first. */
  health: Row | null;
  /** When each kind was last polled (the `latest` table). */
  polls: readonly { kind: string; time: Date }[];
  /** The rows of each kind's newest poll. */
  rows: Partial<Record<ExposedKind, readonly Row[]>>;
}

/** One gauge read from a field of a row: `column` is one of the kind's REST fields (checked at load). */
interface ColumnGauge {
  name: string;
  column: string;
  help: string;
  /** Multiplies the stored value (e.g. milliseconds to seconds). */
  scale?: number;
}

const HEALTH: ColumnGauge[] = [
  { name: 'satisfactory_tick_rate', column: 'tick_rate', help: 'Average server ticks per second (30 is full speed).' },
  { name: 'satisfactory_players_connected', column: 'player_count', help: 'Players connected.' },
  { name: 'satisfactory_player_limit', column: 'player_limit', help: 'Most players the server admits.' },
  { name: 'satisfactory_tech_tier', column: 'tech_tier', help: 'Highest unlocked tech tier.' },
  { name: 'satisfactory_game_paused', column: 'is_paused', help: '1 while the game is paused.' },
  {
    name: 'satisfactory_poll_latency_seconds',
    column: 'latency_ms',
    help: 'Round trip of the last health poll.',
    scale: 0.001,
  },
];

const POWER: ColumnGauge[] = [
  { name: 'satisfactory_power_production_megawatts', column: 'power_production', help: 'Power produced (MW).' },
  { name: 'satisfactory_power_consumed_megawatts', column: 'power_consumed', help: 'Power consumed (MW).' },
  { name: 'satisfactory_power_capacity_megawatts', column: 'power_capacity', help: 'Power capacity (MW).' },
  {
    name: 'satisfactory_power_max_consumed_megawatts',
    column: 'power_max_consumed',
    help: 'Most power the connected buildings can consume (MW).',
  },
  { name: 'satisfactory_battery_percent', column: 'battery_percent', help: 'Battery charge, 0-100.' },
  {
    // Prometheus' base unit (promtool refuses hours): 1 MWh = 3.6e9 J.
    name: 'satisfactory_battery_capacity_joules',
    column: 'battery_capacity',
    help: 'Battery capacity in joules (the game shows MWh: 1 MWh = 3.6e9 J).',
    scale: 3.6e9,
  },
  {
    name: 'satisfactory_battery_differential_megawatts',
    column: 'battery_differential',
    help: 'Battery input minus output (MW, positive while charging).',
  },
  {
    name: 'satisfactory_battery_time_empty_seconds',
    column: 'battery_time_empty_s',
    help: 'Time until the batteries are empty at the current drain (absent when not draining).',
  },
  {
    name: 'satisfactory_battery_time_full_seconds',
    column: 'battery_time_full_s',
    help: 'Time until the batteries are full at the current charge (absent when not charging).',
  },
  { name: 'satisfactory_fuse_triggered', column: 'fuse_triggered', help: '1 while the circuit fuse is blown.' },
];

const PRODUCTION: ColumnGauge[] = [
  { name: 'satisfactory_item_produced_per_minute', column: 'current_prod', help: 'Items produced per minute.' },
  { name: 'satisfactory_item_consumed_per_minute', column: 'current_consumed', help: 'Items consumed per minute.' },
  {
    name: 'satisfactory_item_production_capacity_per_minute',
    column: 'max_prod',
    help: 'Items per minute the factory can produce at the current clocks.',
  },
  {
    name: 'satisfactory_item_consumption_capacity_per_minute',
    column: 'max_consumed',
    help: 'Items per minute the factory can consume at the current clocks.',
  },
];

const RESOURCE_SINK: ColumnGauge[] = [
  {
    name: 'satisfactory_resource_sink_points',
    column: 'total_points',
    help: 'AWESOME Sink points earned in the save (default track).',
  },
  { name: 'satisfactory_resource_sink_coupons', column: 'coupons', help: 'Coupons ready to print.' },
  {
    name: 'satisfactory_resource_sink_points_per_minute',
    column: 'points_per_minute',
    help: 'AWESOME Sink points per minute.',
  },
  {
    name: 'satisfactory_resource_sink_points_to_coupon',
    column: 'points_to_coupon',
    help: 'Points still needed for the next coupon.',
  },
];

const SESSION: ColumnGauge[] = [
  { name: 'satisfactory_session_play_seconds', column: 'total_play_s', help: "The save's play time." },
  { name: 'satisfactory_session_day', column: 'passed_days', help: 'In-game days since the save began.' },
  { name: 'satisfactory_session_is_day', column: 'is_day', help: '1 during the in-game day, 0 at night.' },
];

/** The gauges read straight from columns, with their kind; checked against the registry when this file loads. */
const COLUMN_GAUGES: [SampleKind, ColumnGauge[]][] = [
  [health, HEALTH],
  [sampleKind('power'), POWER],
  [sampleKind('production'), PRODUCTION],
  [sampleKind('resource_sink'), RESOURCE_SINK],
  [sampleKind('session'), SESSION],
];
const AGGREGATED_COLUMNS: [string, string[]][] = [
  ['generators', ['fuel_name', 'fuel_form', 'production', 'capacity', 'session_name']],
  ['extractors', ['resource_name', 'is_producing', 'current_prod', 'session_name']],
  ['power', ['circuit_group_id', 'session_name']],
  ['production', ['item_class', 'item_name', 'session_name']],
  ['resource_sink', ['session_name']],
  ['session', ['session_name']],
];
for (const [kind, gauges] of COLUMN_GAUGES)
  for (const g of gauges)
    if (!kind.columns.some((c) => c.api && apiNameOf(c) === g.column))
      throw new Error(`metric ${g.name} reads ${kind.kind}.${g.column}, which is not a REST field`);
for (const [name, columns] of AGGREGATED_COLUMNS)
  for (const column of columns)
    if (!sampleKind(name).columns.some((c) => c.api && apiNameOf(c) === column))
      throw new Error(`the exposition reads ${name}.${column}, which is not a REST field`);

/** A stored value as a sample value: numbers, numeric text (node-postgres' numerics), booleans; else no sample. */
function valueOf(raw: unknown, scale = 1): number | boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw * scale;
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw) * scale;
  return null;
}

const text = (raw: unknown): string => (typeof raw === 'string' ? raw : '');

function declareAll(out: Exposition): void {
  out.declare('satisfactory_servers', 'gauge', "Servers of the organisation the token's scrape covers.");
  out.declare('satisfactory_up', 'gauge', 'Whether the server answers: 1 when online or degraded (tick rate low).');
  out.declare(
    'satisfactory_server_status',
    'gauge',
    'The confirmed status: 1 for the current one of unknown, online, degraded, offline, loading.',
  );
  out.declare(
    'satisfactory_last_poll_timestamp_seconds',
    'gauge',
    'When the platform last stored a poll of each kind (Unix time).',
  );
  for (const [, gauges] of COLUMN_GAUGES) for (const g of gauges) out.declare(g.name, 'gauge', g.help);
  out.declare('satisfactory_generators', 'gauge', 'Power generators, per fuel.');
  out.declare('satisfactory_generator_production_megawatts', 'gauge', 'Power the generators deliver, per fuel (MW).');
  out.declare(
    'satisfactory_generator_capacity_megawatts',
    'gauge',
    'Capacity of the generators at their clocks, per fuel (MW).',
  );
  out.declare('satisfactory_extractors', 'gauge', 'Miners and extractors, per resource.');
  out.declare('satisfactory_extractors_producing', 'gauge', 'Miners and extractors producing now, per resource.');
  out.declare(
    'satisfactory_extractor_production_per_minute',
    'gauge',
    'Resource extracted per minute (m³ for fluids), per resource.',
  );
}

function columnGauges(out: Exposition, gauges: readonly ColumnGauge[], labels: Labels, row: Row): void {
  for (const g of gauges) out.add(g.name, labels, valueOf(row[g.column], g.scale));
}

/** Sums per group (fuel, resource) of the rows of one poll, in the group's first-seen order. */
function grouped(rows: readonly Row[], key: (r: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const k = key(r);
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  return groups;
}

const sum = (rows: readonly Row[], column: string): number =>
  rows.reduce((n, r) => n + (Number(valueOf(r[column])) || 0), 0);

function renderServer(out: Exposition, s: ServerSnapshot): void {
  const server = { server_id: s.id, server: s.name };
  const withSession = (row: Row | null | undefined, extra: Labels = {}): Labels => ({
    ...server,
    session: text(row?.session_name),
    ...extra,
  });
  const up = s.status === 'online' || s.status === 'degraded';
  out.add('satisfactory_up', withSession(s.health), up);
  for (const status of ServerStatus.options)
    out.add('satisfactory_server_status', { ...server, status }, s.status === status);
  for (const p of s.polls)
    out.add('satisfactory_last_poll_timestamp_seconds', { ...server, kind: p.kind }, p.time.getTime() / 1000);
  if (s.health) columnGauges(out, HEALTH, withSession(s.health), s.health);
  for (const row of s.rows.power ?? [])
    columnGauges(out, POWER, withSession(row, { circuit: String(row.circuit_group_id) }), row);
  for (const row of s.rows.production ?? [])
    columnGauges(
      out,
      PRODUCTION,
      withSession(row, { item: text(row.item_name), item_class: text(row.item_class) }),
      row,
    );
  for (const row of s.rows.resource_sink ?? []) columnGauges(out, RESOURCE_SINK, withSession(row), row);
  for (const row of s.rows.session ?? []) columnGauges(out, SESSION, withSession(row), row);

  const fuelOf = (r: Row) => text(r.fuel_name) || (r.fuel_form === 'Geothermal' ? 'Geothermal' : 'none');
  for (const [fuel, rows] of grouped(s.rows.generators ?? [], fuelOf)) {
    const labels = withSession(rows[0], { fuel });
    out.add('satisfactory_generators', labels, rows.length);
    out.add('satisfactory_generator_production_megawatts', labels, sum(rows, 'production'));
    out.add('satisfactory_generator_capacity_megawatts', labels, sum(rows, 'capacity'));
  }
  for (const [item, rows] of grouped(s.rows.extractors ?? [], (r) => text(r.resource_name) || 'none')) {
    const labels = withSession(rows[0], { item });
    out.add('satisfactory_extractors', labels, rows.length);
    out.add('satisfactory_extractors_producing', labels, rows.filter((r) => r.is_producing === true).length);
    out.add('satisfactory_extractor_production_per_minute', labels, sum(rows, 'current_prod'));
  }
}

/**
 * The organisation's latest game metrics as a Prometheus exposition: health, power per circuit, production per
 * item, generators per fuel, extractors per resource, the resource sink and the session, labelled `server_id`,
 * `server` (its name), `session` (the save) and `circuit`, `item`, `fuel` where they apply.
 */
export function renderGameMetrics(servers: readonly ServerSnapshot[]): string {
  const out = new Exposition();
  declareAll(out);
  out.add('satisfactory_servers', {}, servers.length);
  for (const s of servers) renderServer(out, s);
  return out.text();
}
