import { sampleKind } from '@app/samples/registry';
import { recordOfApiRow } from '@app/samples/rows';

/**
 * The factory view's rows: one per production building of the newest getFactory poll (GET /servers/{id}/buildings),
 * with the one state a reader sorts and filters by, and the pure sort / filter / facet logic the table runs on up to
 * tens of thousands of rows.
 */

/** What a machine is doing. `stalled` is an idle machine the poller knows the reason of (output full, input empty). */
export type BuildingState = 'producing' | 'idle' | 'stalled' | 'paused' | 'unconfigured';
export const BUILDING_STATES: readonly BuildingState[] = ['producing', 'idle', 'stalled', 'paused', 'unconfigured'];

/** The registry's stall reasons (libs/samples kinds/factory.ts `stall`). */
export type StallReason = 'output_full' | 'input_starved';
export const STALL_REASONS: readonly StallReason[] = ['output_full', 'input_starved'];

export interface Building {
  id: string;
  /** Display name of the building type ("Assembler"). */
  type: string;
  /** Its class ("Build_AssemblerMk1_C"): what the type filter matches. */
  className: string;
  /** null for an unconfigured machine. */
  recipe: string | null;
  /** Clock speed, percent. */
  clock: number;
  shards: number;
  somersloops: number;
  /** 0-100. */
  productivity: number;
  state: BuildingState;
  /** Why a stalled machine stands (a reason this version does not know stays as the API words it). */
  stall: string | null;
  /** MW; null when the API does not know. */
  powerMw: number | null;
  /** Power circuit group; null when not connected. */
  circuit: number | null;
}

/** paused and unconfigured first (they say why nothing happens), then producing, then why a machine stands. */
export function stateOf(r: {
  isPaused: boolean;
  isConfigured: boolean;
  isProducing: boolean;
  stall: string | null;
}): BuildingState {
  if (r.isPaused) return 'paused';
  if (!r.isConfigured) return 'unconfigured';
  if (r.isProducing) return 'producing';
  return r.stall ? 'stalled' : 'idle';
}

const factoryKind = sampleKind('factory');

/** A REST row (snake_case, the registry's columns) as a table row. */
export function buildingOf(row: Record<string, unknown>): Building {
  const r = recordOfApiRow(factoryKind, row) as {
    buildingId: string;
    className: string;
    name: string;
    recipe: string | null;
    isConfigured: boolean;
    isProducing: boolean;
    isPaused: boolean;
    productivity: number;
    manuSpeed: number;
    somersloops: number;
    powerShards: number;
    circuitGroupId: number | null;
    powerConsumed: number | null;
    stall: string | null;
  };
  return {
    id: r.buildingId,
    type: r.name || r.className,
    className: r.className,
    recipe: r.recipe || null,
    clock: r.manuSpeed,
    shards: r.powerShards,
    somersloops: r.somersloops,
    productivity: r.productivity,
    state: stateOf(r),
    stall: r.stall || null,
    powerMw: r.powerConsumed,
    circuit: r.circuitGroupId,
  };
}

export type SortColumn =
  'type' | 'recipe' | 'clock' | 'shards' | 'somersloops' | 'productivity' | 'state' | 'power' | 'circuit';

export interface Sort {
  column: SortColumn;
  desc: boolean;
}

type Key = string | number | null;
const STATE_ORDER: Record<BuildingState, number> = { stalled: 0, idle: 1, paused: 2, unconfigured: 3, producing: 4 };

/** What each column sorts by; text columns compare case-insensitively. */
const SORT_KEYS: Record<SortColumn, (b: Building) => Key> = {
  type: (b) => b.type.toLowerCase(),
  recipe: (b) => b.recipe?.toLowerCase() ?? null,
  clock: (b) => b.clock,
  shards: (b) => b.shards,
  somersloops: (b) => b.somersloops,
  productivity: (b) => b.productivity,
  // Stalled machines first (output full before input starved), producing last: what needs a look comes first.
  state: (b) => STATE_ORDER[b.state] * 10 + (b.stall === 'output_full' ? 0 : b.stall ? 1 : 2),
  power: (b) => b.powerMw,
  circuit: (b) => b.circuit,
};

/** Columns whose first click sorts from the largest (numbers people look for the top of). */
export const DESC_FIRST: ReadonlySet<SortColumn> = new Set(['clock', 'shards', 'somersloops', 'power']);

/** A new array sorted by the column; rows without a value go last either way, ties keep the building id order. */
export function sortBuildings(rows: readonly Building[], sort: Sort): Building[] {
  const key = SORT_KEYS[sort.column];
  const dir = sort.desc ? -1 : 1;
  const keyed = rows.map((b) => ({ b, k: key(b) }));
  keyed.sort((x, y) => {
    if (x.k === null || y.k === null) {
      if (x.k !== y.k) return x.k === null ? 1 : -1;
    } else if (x.k !== y.k) {
      const c = typeof x.k === 'string' ? x.k.localeCompare(y.k as string) : x.k - (y.k as number);
      if (c !== 0) return c * dir;
    }
    return x.b.id < y.b.id ? -1 : x.b.id > y.b.id ? 1 : 0;
  });
  return keyed.map((x) => x.b);
}

export interface Filters {
  /** A building class, '' for every type. */
  type: string;
  /** One state, '' for every state. */
  state: BuildingState | '';
  /** Part of the recipe's name (case-insensitive), '' for any. */
  recipe: string;
}

export const NO_FILTERS: Filters = { type: '', state: '', recipe: '' };

export function filterBuildings(rows: readonly Building[], f: Filters): Building[] {
  const q = f.recipe.trim().toLowerCase();
  if (!f.type && !f.state && !q) return rows.slice();
  return rows.filter(
    (b) =>
      (!f.type || b.className === f.type) &&
      (!f.state || b.state === f.state) &&
      (!q || (b.recipe !== null && b.recipe.toLowerCase().includes(q))),
  );
}

export interface Facets {
  /** Building types by name, with how many of each. */
  types: { className: string; type: string; count: number }[];
  /** Recipe names in use, sorted. */
  recipes: string[];
  /** Buildings per state. */
  states: Record<BuildingState, number>;
  /** Stalled buildings per reason. */
  stalls: Record<string, number>;
}

/** What the filters offer, counted over every building. */
export function facetsOf(rows: readonly Building[]): Facets {
  const types = new Map<string, { className: string; type: string; count: number }>();
  const recipes = new Set<string>();
  const states: Record<BuildingState, number> = { producing: 0, idle: 0, stalled: 0, paused: 0, unconfigured: 0 };
  const stalls: Record<string, number> = { output_full: 0, input_starved: 0 };
  for (const b of rows) {
    const t = types.get(b.className);
    if (t) t.count++;
    else types.set(b.className, { className: b.className, type: b.type, count: 1 });
    if (b.recipe) recipes.add(b.recipe);
    states[b.state]++;
    if (b.state === 'stalled' && b.stall) stalls[b.stall] = (stalls[b.stall] ?? 0) + 1;
  }
  return {
    types: [...types.values()].sort((a, b) => a.type.localeCompare(b.type) || a.className.localeCompare(b.className)),
    recipes: [...recipes].sort((a, b) => a.localeCompare(b)),
    states,
    stalls,
  };
}
