import {
  apiJsonObject,
  apiSelectList,
  factory,
  health,
  inventory,
  isoTime,
  players,
  SAMPLE_KINDS,
  sampleKind,
  snapshotJson,
  storage,
  tableOf,
  type SampleKind,
} from '@app/samples';
import { BUILDING_STATES } from './metrics.schemas';

/**
 * The SQL of the newest-sample reads, built once from the sample-kind registry. Only the registry's identifiers
 * go into the text; every request value is a bound parameter ($1 is always the server).
 */

/** Add-on kinds served whole as a JSON array of the newest poll's rows. */
export const LISTED_KINDS = [
  'power',
  'production',
  'trains',
  'drones',
  'generators',
  'extractors',
  'drone_stations',
] as const;
export type ListedKind = (typeof LISTED_KINDS)[number];
/** Add-on kinds of one row per poll, served as one object. */
export type SingleKind = 'resource_sink' | 'session';

const kindLiteral = (kind: SampleKind): string => {
  if (!/^[a-z_]+$/.test(kind.kind)) throw new Error(`not a plain kind name: ${kind.kind}`);
  return `'${kind.kind}'`;
};
/** The newest poll's time of a kind (null before its first poll). */
const newest = (kind: SampleKind) => `(SELECT time FROM latest WHERE server_id = $1 AND kind = ${kindLiteral(kind)})`;

export const HEALTH_SELECT = `SELECT ${apiSelectList(health)} FROM ${tableOf(health)}
  WHERE server_id = $1 ORDER BY time DESC LIMIT 1`;

/** Every row of the newest poll of a kind, in the registry's order. */
export const LATEST_ROWS = Object.fromEntries(
  [...LISTED_KINDS, 'resource_sink', 'session'].map((name) => {
    const kind = sampleKind(name);
    const sql = `SELECT ${apiSelectList(kind)} FROM ${tableOf(kind)}
      WHERE server_id = $1 AND time = ${newest(kind)} ORDER BY ${kind.order}`;
    return [name, sql];
  }),
) as Record<ListedKind | SingleKind, string>;

/**
 * When the player was last seen online by the platform (a row of `alias`): the newest online sample, or beyond the
 * samples' retention the end of the player's newest visit (player_last_seen); null only if never seen online.
 */
const lastSeen = (alias: string) => `GREATEST(
  (SELECT max(o.time) FROM ${tableOf(players)} o
    WHERE o.server_id = ${alias}.server_id AND o.player_id = ${alias}.player_id AND o.is_online),
  (SELECT l.last_seen_at FROM player_last_seen l
    WHERE l.server_id = ${alias}.server_id AND l.player_id = ${alias}.player_id))`;

/** $2 the last player id of the previous page (or null), $3 the rows to read. */
export const PLAYERS_PAGE = `SELECT ${apiSelectList(players, 'p')}, ${lastSeen('p')} AS last_seen_at
  FROM ${tableOf(players)} p
  WHERE p.server_id = $1 AND p.time = ${newest(players)} AND ($2::uuid IS NULL OR p.player_id > $2::uuid)
  ORDER BY p.player_id LIMIT $3`;

/** The registry's SQL condition of a machine state (the factory summary's counts). */
function stateCondition(state: (typeof BUILDING_STATES)[number]): string {
  const field = factory.latest.type === 'summary' ? factory.latest.fields.find((f) => f.field === state) : undefined;
  if (!field?.where) throw new Error(`the factory summary has no condition for ${state}`);
  return field.where;
}

/**
 * One page of the newest factory poll, by building id. $2 the last building id of the previous page (or null),
 * $3 the rows to read, $4 a class name (or null), $5 part of the recipe's name, any case (or null); one statement
 * per state filter (its condition is the registry's).
 */
export const BUILDINGS_PAGE = Object.fromEntries(
  ([undefined, ...BUILDING_STATES] as const).map((state) => [
    state ?? 'all',
    `SELECT ${apiSelectList(factory)} FROM ${tableOf(factory)}
     WHERE server_id = $1 AND time = ${newest(factory)} AND ($2::text IS NULL OR building_id > $2)
       AND ($4::text IS NULL OR class_name = $4) AND ($5::text IS NULL OR strpos(lower(recipe), lower($5)) > 0)
       ${state ? `AND (${stateCondition(state)})` : ''}
     ORDER BY building_id LIMIT $3`,
  ]),
) as Record<(typeof BUILDING_STATES)[number] | 'all', string>;

/** $2: part of an item's name or class, any case (null or '': every item). */
const matches = (alias: string) =>
  `($2::text IS NULL OR $2 = '' OR strpos(lower(${alias}.item_name), lower($2)) > 0
    OR strpos(lower(${alias}.item_class), lower($2)) > 0)`;

/**
 * The newest world inventory (items matching $2), each item with the containers of the newest storage poll that
 * hold it: largest amount first, at most 50 per item.
 */
export const INVENTORY_SEARCH = `WITH ranked AS (
    SELECT s.*, row_number() OVER (PARTITION BY s.item_class ORDER BY s.amount DESC, s.container_id) AS n
    FROM ${tableOf(storage)} s WHERE s.server_id = $1 AND s.time = ${newest(storage)} AND ${matches('s')}),
  held AS (
    SELECT item_class, json_agg(json_build_object('container_id', container_id, 'container_name', container_name,
             'class_name', class_name, 'amount', amount, 'pos_x', pos_x, 'pos_y', pos_y, 'pos_z', pos_z)
           ORDER BY amount DESC, container_id) AS containers
    FROM ranked WHERE n <= 50 GROUP BY item_class)
  SELECT ${apiSelectList(inventory, 'i')}, coalesce(held.containers, '[]'::json) AS containers
  FROM ${tableOf(inventory)} i LEFT JOIN held ON held.item_class = i.item_class
  WHERE i.server_id = $1 AND i.time = ${newest(inventory)} AND ${matches('i')}
  ORDER BY i.item_class`;

/** The dashboard's value of a kind: its rows (or []), its one row (or null), its summary (or null). */
function dashboardValue(kind: SampleKind): string {
  const from = `FROM ${tableOf(kind)} k WHERE k.server_id = $1 AND k.time = ${newest(kind)}`;
  if (kind === health)
    return `(SELECT ${apiJsonObject(health, 'k')} FROM ${tableOf(health)} k
             WHERE k.server_id = $1 ORDER BY k.time DESC LIMIT 1)`;
  if (kind.latest.type === 'summary')
    return `CASE WHEN ${newest(kind)} IS NOT NULL THEN ${snapshotJson(kind, '$1', newest(kind))} END`;
  const row =
    kind === players ? apiJsonObject(players, 'k', { last_seen_at: isoTime(lastSeen('k')) }) : apiJsonObject(kind, 'k');
  if (kind.latest.type === 'one') return `(SELECT ${row} ${from} LIMIT 1)`;
  const order = kind.order
    .split(',')
    .map((c) => `k.${c.trim()}`)
    .join(', ');
  return `(SELECT coalesce(json_agg(${row} ORDER BY ${order}), '[]'::json) ${from})`;
}

/** The dashboard's field of each kind (health's is `metrics`). */
export const DASHBOARD_FIELD: Record<string, string> = { health: 'metrics' };

/** Every latest kind of a server and its states in one JSON object (one statement: one connection per answer). */
export const DASHBOARD = `SELECT json_build_object(
    'status', (SELECT status::text FROM server_states WHERE server_id = $1),
    'addon_status', (SELECT addon_status::text FROM server_states WHERE server_id = $1),
    'addon_reason', (SELECT addon_reason FROM server_states WHERE server_id = $1),
    ${SAMPLE_KINDS.map((k) => `'${DASHBOARD_FIELD[k.kind] ?? k.kind}', ${dashboardValue(k)}`).join(',\n    ')}
  ) AS dashboard`;
