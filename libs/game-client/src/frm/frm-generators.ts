// getGenerators (reference 2.6.1): every power generator, with a hand-written fast path (polled every 15 s).
import { z } from 'zod';
import { checkCount } from './frm-limits';
import {
  boolOr,
  circuitGroupOf,
  expectObject,
  frmId,
  items,
  label,
  location,
  numOr,
  numOrNull,
  parseList,
  position,
  powerInfo,
  strOr,
  type Parsed,
} from './frm-common';

/** One power generator (MW; percent 0-100; clock 100 = 100 %). */
export interface GeneratorRecord {
  generatorId: string;
  name: string;
  className: string;
  /** Item class of the fuel held (the first fuel stack), null when none is held or the generator burns none. */
  fuelClass: string | null;
  fuelName: string | null;
  /** FRM's `FuelResource`: Solid, Liquid, Gas, Geothermal or Unknown. */
  fuelForm: string | null;
  /** Fuel held: items, or m³ for fluids. */
  fuelAmount: number;
  /**
   * Seconds until the fuel held is burnt at the current output: (items held + the unit being burnt) × MJ per item /
   * MW. Null when unknown: not burning, geothermal, or a fluid (FRM reports no usable energy value for fluids).
   */
  burnTimeLeftSeconds: number | null;
  /** MW delivered now (`RegulatedDemandProd`; the base production for geothermal). */
  production: number;
  /** MW at the current clock (`ProductionCapacity`). */
  capacity: number;
  loadPercent: number;
  clockPercent: number;
  canStart: boolean;
  /** Water buffer 0-100; null for a generator without supplement. */
  supplementPercent: number | null;
  /** Nuclear plants' warning (`Waste Full`…); null for "None" and every other generator. */
  nuclearWarning: string | null;
  circuitGroupId: number | null;
  posX: number;
  posY: number;
  posZ: number;
}

const fuelEnergy = z
  .array(z.looseObject({ ClassName: z.string(), Amount: numOr() }).catch({ ClassName: '', Amount: 0 }))
  .nullish()
  .transform((v) => v ?? []);

const supplement = z
  .looseObject({ ClassName: strOr(), PercentFull: numOrNull })
  .nullish()
  .transform((v) => v ?? null);

/** Geothermal output is base production, not in `RegulatedDemandProd` (reference 2.6.1). */
const GEOTHERMAL = 'Build_GeneratorGeoThermal_C';

const generatorFields = z.looseObject({
  ID: frmId,
  Name: strOr(),
  ClassName: strOr(),
  location,
  BaseProd: numOr(),
  ProductionCapacity: numOrNull,
  RegulatedDemandProd: numOr(),
  LoadPercentage: numOr(),
  CurrentPotential: numOr(100),
  CanStart: boolOr(),
  FuelAmount: numOr(),
  FuelResource: label(),
  NuclearWarning: label('None'),
  Supplement: supplement,
  AvailableFuel: fuelEnergy,
  FuelInventory: items,
  PowerInfo: powerInfo,
});
type GeneratorFields = z.output<typeof generatorFields>;

function toGenerator(g: GeneratorFields): GeneratorRecord {
  const geothermal = g.ClassName === GEOTHERMAL;
  const fuel = g.FuelInventory.find((i) => i.Amount > 0) ?? null;
  const fuelAmount = fuel
    ? g.FuelInventory.filter((i) => i.ClassName === fuel.ClassName).reduce((a, i) => a + i.Amount, 0)
    : 0;
  const production = geothermal ? g.BaseProd : g.RegulatedDemandProd;
  const energy = fuel ? (g.AvailableFuel.find((f) => f.ClassName === fuel.ClassName)?.Amount ?? 0) : 0;
  const solid = g.FuelResource === 'Solid';
  // MJ held / MW = seconds; only where FRM's energy value is real (solids) and the generator burns.
  const burn =
    !geothermal && solid && fuel && energy > 0 && production > 0
      ? Math.round(((fuelAmount + Math.min(1, Math.max(0, g.FuelAmount))) * energy) / production)
      : null;
  const hasSupplement = g.Supplement !== null && g.Supplement.ClassName !== '' && g.Supplement.ClassName !== 'None';
  return {
    generatorId: g.ID,
    name: g.Name || g.ClassName,
    className: g.ClassName,
    fuelClass: fuel?.ClassName ?? null,
    fuelName: fuel ? fuel.Name || fuel.ClassName : null,
    fuelForm: g.FuelResource,
    fuelAmount,
    burnTimeLeftSeconds: burn !== null && Number.isSafeInteger(burn) ? burn : null,
    production,
    capacity: g.ProductionCapacity ?? g.BaseProd,
    loadPercent: g.LoadPercentage,
    clockPercent: g.CurrentPotential,
    canStart: g.CanStart,
    supplementPercent: hasSupplement ? (g.Supplement?.PercentFull ?? null) : null,
    nuclearWarning: g.NuclearWarning,
    circuitGroupId: circuitGroupOf(g.PowerInfo),
    ...position(g.location),
  };
}

const generator = generatorFields.transform(toGenerator);

// The fast path of getGenerators (polled every 15 s on paid plans; ~1.6 KB and some thirty fields per generator, where
// the schema cost twice the bare request). It reads a well-formed generator by hand with the schema's meaning
// (missing or null as FRM's "none", placeholders, circuit -1) and gives up (undefined) on anything the schema would
// convert, default or reject (numeric strings, wrong types, non-finite numbers, odd list entries), which then goes
// through the schema: the records and the skipped count are always the schema's (frm-buildings.property.spec.ts).

const ODD = Symbol('odd');
type Odd = typeof ODD;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nothing = (v: unknown): v is null | undefined => v === null || v === undefined;
function fNum(v: unknown, fallback: number): number | Odd;
function fNum(v: unknown, fallback: null): number | null | Odd;
function fNum(v: unknown, fallback: number | null): number | null | Odd {
  if (nothing(v)) return fallback;
  return typeof v === 'number' && Number.isFinite(v) ? v : ODD;
}
const fInt = (v: unknown): number | null | Odd => (nothing(v) ? null : Number.isSafeInteger(v) ? (v as number) : ODD);
const fStr = (v: unknown): string | Odd => (nothing(v) ? '' : typeof v === 'string' ? v : ODD);
const fBool = (v: unknown): boolean | Odd => (nothing(v) ? false : typeof v === 'boolean' ? v : ODD);
const fLabel = (v: unknown, placeholder?: string): string | null | Odd =>
  nothing(v) || v === '' || v === placeholder ? null : typeof v === 'string' ? v : ODD;

function fastGenerator(g: unknown): GeneratorRecord | undefined {
  if (!isObject(g) || typeof g.ID !== 'string' || g.ID === '' || !isObject(g.location)) return undefined;
  const x = fNum(g.location.x, null);
  const y = fNum(g.location.y, null);
  const zc = fNum(g.location.z, null);
  if (typeof x !== 'number' || typeof y !== 'number' || typeof zc !== 'number') return undefined;
  const fields = {
    Name: fStr(g.Name),
    ClassName: fStr(g.ClassName),
    BaseProd: fNum(g.BaseProd, 0),
    ProductionCapacity: fNum(g.ProductionCapacity, null),
    RegulatedDemandProd: fNum(g.RegulatedDemandProd, 0),
    LoadPercentage: fNum(g.LoadPercentage, 0),
    CurrentPotential: fNum(g.CurrentPotential, 100),
    CanStart: fBool(g.CanStart),
    FuelAmount: fNum(g.FuelAmount, 0),
    FuelResource: fLabel(g.FuelResource),
    NuclearWarning: fLabel(g.NuclearWarning, 'None'),
  };
  for (const v of Object.values(fields)) if (v === ODD) return undefined;
  let sup: GeneratorFields['Supplement'] = null;
  if (!nothing(g.Supplement)) {
    if (!isObject(g.Supplement)) return undefined;
    const className = fStr(g.Supplement.ClassName);
    const percent = fNum(g.Supplement.PercentFull, null);
    if (className === ODD || percent === ODD) return undefined;
    sup = { ...g.Supplement, ClassName: className, PercentFull: percent };
  }
  const energy: GeneratorFields['AvailableFuel'] = [];
  if (!nothing(g.AvailableFuel)) {
    if (!Array.isArray(g.AvailableFuel)) return undefined;
    for (const f of g.AvailableFuel as unknown[]) {
      if (!isObject(f) || typeof f.ClassName !== 'string') return undefined;
      const amount = fNum(f.Amount, 0);
      if (amount === ODD) return undefined;
      energy.push({ ...f, ClassName: f.ClassName, Amount: amount });
    }
  }
  const held: GeneratorFields['FuelInventory'] = [];
  if (!nothing(g.FuelInventory)) {
    if (!Array.isArray(g.FuelInventory)) return undefined;
    for (const i of g.FuelInventory as unknown[]) {
      if (!isObject(i) || typeof i.ClassName !== 'string' || i.ClassName === '') return undefined;
      const name = fStr(i.Name);
      const amount = fNum(i.Amount, 0);
      const max = fNum(i.MaxAmount, 0);
      if (name === ODD || amount === ODD || max === ODD) return undefined;
      if (i.ClassName !== 'Desc_None')
        held.push({ ...i, Name: name, ClassName: i.ClassName, Amount: amount, MaxAmount: max });
    }
  }
  let power: GeneratorFields['PowerInfo'] = null;
  if (!nothing(g.PowerInfo)) {
    if (!isObject(g.PowerInfo)) return undefined;
    const group = fInt(g.PowerInfo.CircuitGroupID);
    const circuit = fInt(g.PowerInfo.CircuitID);
    const consumed = fNum(g.PowerInfo.PowerConsumed, null);
    if (group === ODD || circuit === ODD || consumed === ODD) return undefined;
    power = { ...g.PowerInfo, CircuitGroupID: group, CircuitID: circuit, PowerConsumed: consumed };
  }
  return toGenerator({
    ...fields,
    ID: g.ID,
    location: { ...g.location, x, y, z: zc },
    Supplement: sup,
    AvailableFuel: energy,
    FuelInventory: held,
    PowerInfo: power,
  } as GeneratorFields);
}

/**
 * Parses `getGenerators`.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseGenerators(body: unknown): Parsed<GeneratorRecord> {
  const items: unknown[] = Array.isArray(body) ? body : [expectObject('getGenerators', body)];
  checkCount('getGenerators', items);
  const records: GeneratorRecord[] = [];
  let skipped = 0;
  for (const item of items) {
    const fast = fastGenerator(item);
    if (fast) {
      records.push(fast);
      continue;
    }
    const result = generator.safeParse(item);
    if (result.success) records.push(result.data);
    else skipped += 1;
  }
  return { records, skipped };
}

/**
 * `parseGenerators` without the fast path: every generator through the schema. The reference the fast path must
 * equal (frm-buildings.property.spec.ts); not for production use.
 */
export function parseGeneratorsBySchema(body: unknown): Parsed<GeneratorRecord> {
  return parseList('getGenerators', body, generator);
}
