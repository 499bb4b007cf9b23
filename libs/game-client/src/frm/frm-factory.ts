import { z } from 'zod';
import { checkCount } from './frm-limits';
import {
  boolOr,
  boolOrNull,
  circuitGroupOf,
  expectObject,
  frmId,
  label,
  location,
  numOr,
  parseList,
  position,
  powerInfo,
  strOr,
  type Parsed,
} from './frm-common';

/** One production building from `getFactory` (or a per-type endpoint such as `getAssembler`). */
export interface FactoryBuildingRecord {
  buildingId: string;
  className: string;
  name: string;
  /** Null for an unconfigured machine (FRM's "Unassigned"). */
  recipe: string | null;
  isConfigured: boolean;
  /** Instantaneous: false while the output slot is full, even if the machine normally runs. */
  isProducing: boolean;
  isPaused: boolean;
  productivity: number;
  /** Clock speed in percent (above 100 with power shards). */
  manuSpeed: number;
  somersloops: number;
  powerShards: number;
  /** Null when not connected (FRM's -1). */
  circuitGroupId: number | null;
  powerConsumed: number | null;
  /**
   * Why a configured, running machine does not produce: `output_full` (an output slot is full, which stops it) or
   * `input_starved` (an ingredient's input slot is empty); null when it produces, is paused or unconfigured.
   */
  stall: 'output_full' | 'input_starved' | null;
  posX: number;
  posY: number;
  posZ: number;
}

const slots = z
  .array(z.looseObject({ Amount: numOr(), MaxAmount: numOr() }).catch({ Amount: 0, MaxAmount: 0 }))
  .nullish()
  .catch(null)
  .transform((v) => v ?? []);

const building = z
  .looseObject({
    ID: frmId,
    ClassName: strOr(),
    Name: strOr(),
    Recipe: label('Unassigned'),
    IsConfigured: boolOrNull,
    IsProducing: boolOr(),
    IsPaused: boolOr(),
    Productivity: numOr(),
    ManuSpeed: numOr(),
    Somersloops: numOr(),
    PowerShards: numOr(),
    PowerInfo: powerInfo,
    production: slots,
    ingredients: slots,
    location,
  })
  .transform((b): FactoryBuildingRecord => ({
    buildingId: b.ID,
    className: b.ClassName,
    name: b.Name,
    recipe: b.Recipe,
    // A version without IsConfigured still tells us through the recipe.
    isConfigured: b.IsConfigured ?? b.Recipe !== null,
    isProducing: b.IsProducing,
    isPaused: b.IsPaused,
    productivity: b.Productivity,
    manuSpeed: b.ManuSpeed,
    somersloops: b.Somersloops,
    powerShards: b.PowerShards,
    circuitGroupId: circuitGroupOf(b.PowerInfo),
    powerConsumed: b.PowerInfo?.PowerConsumed ?? null,
    stall: stallOf(b),
    ...position(b.location),
  }));

function stallOf(b: {
  Recipe: string | null;
  IsConfigured: boolean | null;
  IsProducing: boolean;
  IsPaused: boolean;
  production: { Amount: number; MaxAmount: number }[];
  ingredients: { Amount: number; MaxAmount: number }[];
}): FactoryBuildingRecord['stall'] {
  const configured = b.IsConfigured ?? b.Recipe !== null;
  if (!configured || b.IsProducing || b.IsPaused) return null;
  if (b.production.some((p) => p.MaxAmount > 0 && p.Amount >= p.MaxAmount)) return 'output_full';
  if (b.ingredients.some((i) => i.Amount <= 0)) return 'input_starved';
  return null;
}

// The fast path. A large factory's getFactory is ~460 KB (338 buildings) every minute per server, and the zod schema
// above cost three times the JSON.parse of the body (bench:factory). Almost every building FRM sends is well formed:
// each field either absent, null, or of exactly the type the schema reads without converting. `fastBuilding` reads
// such a building by hand, with the same meaning as the schema (defaults, placeholders, stall), and answers
// undefined for anything else (a numeric string, a wrong type, a non-finite number, an odd slot), which then goes
// through the schema as before: same records, same skips.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A finite number, or undefined for anything the fast path does not read. */
const fastNum = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const absent = (v: unknown): v is null | undefined => v === null || v === undefined;
/** Marks a field the fast path leaves to the schema. */
const ODD = Symbol('odd');

function numOrFast(v: unknown, fallback: number | null): number | null | typeof ODD {
  if (absent(v)) return fallback;
  return fastNum(v) ?? ODD;
}

function boolOrFast(v: unknown, fallback: boolean | null): boolean | null | typeof ODD {
  if (absent(v)) return fallback;
  return typeof v === 'boolean' ? v : ODD;
}

function strOrFast(v: unknown): string | typeof ODD {
  if (absent(v)) return '';
  return typeof v === 'string' ? v : ODD;
}

/** Slots (`production`, `ingredients`) whose amounts are plain numbers; ODD for anything the schema would repair. */
function slotsFast(v: unknown): { Amount: number; MaxAmount: number }[] | typeof ODD {
  if (absent(v)) return [];
  if (!Array.isArray(v)) return ODD;
  const out: { Amount: number; MaxAmount: number }[] = new Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const slot: unknown = v[i];
    if (!isObj(slot)) return ODD;
    const amount = numOrFast(slot.Amount, 0);
    const max = numOrFast(slot.MaxAmount, 0);
    if (amount === ODD || max === ODD) return ODD;
    out[i] = { Amount: amount!, MaxAmount: max! };
  }
  return out;
}

/** A circuit id the schema reads as is: a safe integer, or absent (null). */
function intOrNullFast(v: unknown): number | null | typeof ODD {
  if (absent(v)) return null;
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : ODD;
}

function fastBuilding(item: unknown): FactoryBuildingRecord | undefined {
  if (!isObj(item)) return undefined;
  const id = item.ID;
  if (typeof id !== 'string' || id.length === 0) return undefined;
  const className = strOrFast(item.ClassName);
  const name = strOrFast(item.Name);
  const rawRecipe = item.Recipe;
  if (!absent(rawRecipe) && typeof rawRecipe !== 'string') return undefined;
  const recipe = absent(rawRecipe) || rawRecipe === '' || rawRecipe === 'Unassigned' ? null : rawRecipe;
  const isConfiguredRaw = boolOrFast(item.IsConfigured, null);
  const isProducing = boolOrFast(item.IsProducing, false);
  const isPaused = boolOrFast(item.IsPaused, false);
  const productivity = numOrFast(item.Productivity, 0);
  const manuSpeed = numOrFast(item.ManuSpeed, 0);
  const somersloops = numOrFast(item.Somersloops, 0);
  const powerShards = numOrFast(item.PowerShards, 0);
  if (
    className === ODD ||
    name === ODD ||
    isConfiguredRaw === ODD ||
    isProducing === ODD ||
    isPaused === ODD ||
    productivity === ODD ||
    manuSpeed === ODD ||
    somersloops === ODD ||
    powerShards === ODD
  )
    return undefined;
  let circuitGroupId: number | null = null;
  let powerConsumed: number | null = null;
  const info = item.PowerInfo;
  if (!absent(info)) {
    if (!isObj(info)) return undefined;
    const group = intOrNullFast(info.CircuitGroupID);
    const circuit = intOrNullFast(info.CircuitID);
    const consumed = numOrFast(info.PowerConsumed, null);
    if (group === ODD || circuit === ODD || consumed === ODD) return undefined;
    circuitGroupId = circuitGroupOf({ CircuitGroupID: group, CircuitID: circuit, PowerConsumed: consumed });
    powerConsumed = consumed;
  }
  const location = item.location;
  if (!isObj(location)) return undefined;
  const x = fastNum(location.x);
  const y = fastNum(location.y);
  const z = fastNum(location.z);
  if (x === undefined || y === undefined || z === undefined) return undefined;
  const production = slotsFast(item.production);
  const ingredients = slotsFast(item.ingredients);
  if (production === ODD || ingredients === ODD) return undefined;
  const isConfigured = isConfiguredRaw ?? recipe !== null;
  return {
    buildingId: id,
    className,
    name,
    recipe,
    isConfigured,
    isProducing: isProducing!,
    isPaused: isPaused!,
    productivity: productivity!,
    manuSpeed: manuSpeed!,
    somersloops: somersloops!,
    powerShards: powerShards!,
    circuitGroupId,
    powerConsumed,
    stall: stallOf({
      Recipe: recipe,
      IsConfigured: isConfiguredRaw,
      IsProducing: isProducing!,
      IsPaused: isPaused!,
      production,
      ingredients,
    }),
    posX: x,
    posY: y,
    posZ: z,
  };
}

/**
 * Parses `getFactory`. The per-type endpoints (`getAssembler`, `getSmelter`, …) share the shape; pass their
 * name as `endpoint` so errors name the call that was made. Well-formed buildings are read by a hand-written fast
 * path; any other goes through the schema, so the records and the skipped count are the schema's.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseFactory(body: unknown, endpoint = 'getFactory'): Parsed<FactoryBuildingRecord> {
  const items: unknown[] = Array.isArray(body) ? body : [expectObject(endpoint, body)];
  checkCount(endpoint, items);
  const records: FactoryBuildingRecord[] = [];
  let skipped = 0;
  for (const item of items) {
    const fast = fastBuilding(item);
    if (fast) {
      records.push(fast);
      continue;
    }
    const result = building.safeParse(item);
    if (result.success) records.push(result.data);
    else skipped += 1;
  }
  return { records, skipped };
}

/**
 * `parseFactory` without the fast path: every building through the schema. The reference the fast path must equal
 * (frm-factory.property.spec.ts); not for production use.
 */
export function parseFactoryBySchema(body: unknown, endpoint = 'getFactory'): Parsed<FactoryBuildingRecord> {
  return parseList(endpoint, body, building);
}
