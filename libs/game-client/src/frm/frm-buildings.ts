// Extractors, storage and the AWESOME Sink (reference 2.6.1; generators and drone ports have files of their own): FRM's
// "code" shapes of current versions, read with the lenient rules of frm-common.ts.
import { z } from 'zod';
import {
  boolOr,
  circuitGroupOf,
  expectObject,
  FrmParseError,
  frmId,
  item,
  items,
  label,
  location,
  num,
  numOr,
  parseList,
  position,
  powerInfo,
  strOr,
  type Parsed,
} from './frm-common';
import {
  fastBool,
  fastId,
  fastItems,
  fastLabel,
  fastLocation,
  fastNum,
  fastObject,
  fastPowerInfo,
  fastStr,
  ODD,
  parseListFast,
} from './frm-fast';

/** One resource extractor (per minute; m³/min for fluids). */
export interface ExtractorRecord {
  extractorId: string;
  name: string;
  className: string;
  resourceClass: string | null;
  resourceName: string | null;
  /** Impure, Normal or Pure, derived from the rate (FRM does not report it); null where it cannot be. */
  purity: string | null;
  currentProd: number;
  maxProd: number;
  /** 0-100. */
  productivity: number;
  clockPercent: number;
  isConfigured: boolean;
  isProducing: boolean;
  isPaused: boolean;
  powerConsumed: number | null;
  circuitGroupId: number | null;
  posX: number;
  posY: number;
  posZ: number;
}

/** One item in an inventory list (`getWorldInv`, `getCloudInv`, an `Inventory` array). */
export interface InventoryItemRecord {
  itemClass: string;
  itemName: string;
  amount: number;
  /** One stack (not a container's capacity). */
  stackSize: number;
}

/** One item held by one storage container (`getStorageInv`, flattened). */
export interface StorageRecord {
  containerId: string;
  containerName: string;
  className: string;
  itemClass: string;
  itemName: string;
  amount: number;
  posX: number;
  posY: number;
  posZ: number;
}

/** One AWESOME Sink track (`getResourceSink`). */
export interface ResourceSinkRecord {
  track: string;
  totalPoints: number;
  coupons: number;
  /** Progress to the next coupon, 0-1. */
  couponProgress: number;
  pointsToCoupon: number;
  /** FRM's latest points-per-minute value (the last of `GraphPoints`). */
  pointsPerMinute: number;
}

/**
 * Extraction per minute at 100 % clock on a normal node, per extractor class (game values, not from FRM); the ratio
 * of FRM's MaxProd (purity and clock included) to it tells the node's purity.
 */
const NORMAL_RATE: Readonly<Record<string, number>> = {
  Build_MinerMk1_C: 60,
  Build_MinerMk2_C: 120,
  Build_MinerMk3_C: 240,
  Build_OilPump_C: 120,
  Build_FrackingExtractor_C: 60,
};
const PURITY: readonly [number, string][] = [
  [0.5, 'Impure'],
  [1, 'Normal'],
  [2, 'Pure'],
];

/** Impure / Normal / Pure from the rate, or null (water extractors, unknown classes, a rate that fits none). */
export function purityOf(className: string, maxProd: number, clockPercent: number): string | null {
  const normal = NORMAL_RATE[className];
  if (!normal || clockPercent <= 0 || maxProd <= 0) return null;
  const ratio = maxProd / ((normal * clockPercent) / 100);
  const match = PURITY.find(([r]) => Math.abs(ratio - r) / r < 0.05);
  return match ? match[1] : null;
}

/** The rates of an extractor's one `production` entry (built once: a schema per record cost 1.5 ms a poll). */
const extractorRates = z.looseObject({ CurrentProd: numOr(), MaxProd: numOr(), ProdPercent: numOr() });

const extractorFields = z.looseObject({
  ID: frmId,
  Name: strOr(),
  ClassName: strOr(),
  location,
  Recipe: label('Desc_Null'),
  RecipeClassName: label('Desc_Null'),
  production: z
    .array(z.unknown())
    .nullish()
    .transform((v) => v ?? []),
  ManuSpeed: numOr(100),
  IsConfigured: boolOr(),
  IsProducing: boolOr(),
  IsPaused: boolOr(),
  PowerInfo: powerInfo,
});
type ExtractorRates = z.output<typeof extractorRates>;

function toExtractor(e: z.output<typeof extractorFields>, rates: ExtractorRates): ExtractorRecord {
  const { CurrentProd, MaxProd, ProdPercent } = rates;
  return {
    extractorId: e.ID,
    name: e.Name || e.ClassName,
    className: e.ClassName,
    resourceClass: e.RecipeClassName,
    resourceName: e.Recipe,
    purity: purityOf(e.ClassName, MaxProd, e.ManuSpeed),
    currentProd: CurrentProd,
    maxProd: MaxProd,
    productivity: ProdPercent,
    clockPercent: e.ManuSpeed,
    isConfigured: e.IsConfigured,
    isProducing: e.IsProducing,
    isPaused: e.IsPaused,
    powerConsumed: e.PowerInfo?.PowerConsumed ?? null,
    circuitGroupId: circuitGroupOf(e.PowerInfo),
    ...position(e.location),
  };
}

const extractor = extractorFields.transform((e, ctx): ExtractorRecord => {
  const rates = extractorRates.safeParse(e.production[0] ?? {});
  if (!rates.success) {
    ctx.issues.push({ code: 'custom', message: 'production rates of the wrong type', input: e.production });
    return z.NEVER;
  }
  return toExtractor(e, rates.data);
});

const extractorFast = fastObject({
  ID: fastId,
  Name: fastStr(),
  ClassName: fastStr(),
  location: fastLocation,
  Recipe: fastLabel('Desc_Null'),
  RecipeClassName: fastLabel('Desc_Null'),
  production: (v: unknown) => (v === null || v === undefined ? [] : Array.isArray(v) ? (v as unknown[]) : ODD),
  ManuSpeed: fastNum(100),
  IsConfigured: fastBool(),
  IsProducing: fastBool(),
  IsPaused: fastBool(),
  PowerInfo: fastPowerInfo,
});
const ratesFast = fastObject({ CurrentProd: fastNum(), MaxProd: fastNum(), ProdPercent: fastNum() });
/** getExtractor's fast path (frm-fast.ts): the schema's record, or undefined to leave the item to the schema. */
export function fastExtractor(item: unknown): ExtractorRecord | undefined {
  const e = extractorFast(item);
  if (!e) return undefined;
  const first = e.production[0];
  const rates = ratesFast(first === null || first === undefined ? {} : first);
  return rates && toExtractor(e, rates);
}

const toInventoryItem = (i: z.output<typeof item>): InventoryItemRecord => ({
  itemClass: i.ClassName,
  itemName: i.Name || i.ClassName,
  amount: i.Amount,
  stackSize: i.MaxAmount,
});
const inventoryItem = item.transform(toInventoryItem);
const inventoryItemFast = fastObject({ Name: fastStr(), ClassName: fastId, Amount: fastNum(), MaxAmount: fastNum() });
/** An inventory list entry's fast path (frm-fast.ts). */
export const fastInventoryItem = (entry: unknown): InventoryItemRecord | undefined => {
  const i = inventoryItemFast(entry);
  return i && toInventoryItem(i);
};

const container = z.looseObject({
  ID: frmId,
  Name: strOr(),
  ClassName: strOr(),
  location,
  Inventory: items,
});
type Container = z.output<typeof container>;
/** A storage container's fast path (frm-fast.ts). */
export const fastContainer: (entry: unknown) => Container | undefined = fastObject({
  ID: fastId,
  Name: fastStr(),
  ClassName: fastStr(),
  location: fastLocation,
  Inventory: fastItems,
});

const sink = z
  .looseObject({
    Name: strOr('Resource'),
    NumCoupon: numOr(),
    Percent: numOr(),
    TotalPoints: numOr(),
    PointsToCoupon: numOr(),
    GraphPoints: z
      .array(z.unknown())
      .nullish()
      .transform((v) => v ?? []),
  })
  .transform((s): ResourceSinkRecord => {
    const last = s.GraphPoints.at(-1);
    // Current FRM sends numbers; the documented (older) shape sends {Index, value} objects.
    const perMinute = num.safeParse(
      typeof last === 'object' && last !== null ? (last as { value?: unknown }).value : last,
    );
    return {
      track: s.Name,
      totalPoints: s.TotalPoints,
      coupons: Math.max(0, Math.trunc(s.NumCoupon)),
      // The old page's example sent a percentage (15.7); current FRM a fraction (0.88).
      couponProgress: s.Percent > 1 ? Math.min(1, s.Percent / 100) : Math.max(0, s.Percent),
      pointsToCoupon: s.PointsToCoupon,
      pointsPerMinute: perMinute.success ? perMinute.data : 0,
    };
  });

/**
 * Parses `getExtractor` (miners, water and oil extractors, resource well extractors).
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseExtractors(body: unknown): Parsed<ExtractorRecord> {
  return parseListFast('getExtractor', body, fastExtractor, extractor);
}

/**
 * Parses an item list endpoint (`getWorldInv`, `getCloudInv`); entries of one class are summed (FRM groups stacks
 * per item already, but a drifted version must not store a key twice).
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseInventory(endpoint: string, body: unknown): Parsed<InventoryItemRecord> {
  return summedByClass(parseListFast(endpoint, body, fastInventoryItem, inventoryItem));
}

function summedByClass(parsed: Parsed<InventoryItemRecord>): Parsed<InventoryItemRecord> {
  const byClass = new Map<string, InventoryItemRecord>();
  for (const r of parsed.records) {
    const known = byClass.get(r.itemClass);
    if (known) known.amount += r.amount;
    else byClass.set(r.itemClass, { ...r });
  }
  return { records: [...byClass.values()], skipped: parsed.skipped };
}

/**
 * Parses `getStorageInv` into one record per container and item (a container's empty inventory gives none).
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseStorage(body: unknown): Parsed<StorageRecord> {
  return flattened(parseListFast('getStorageInv', body, fastContainer, container));
}

function flattened(parsed: Parsed<Container>): Parsed<StorageRecord> {
  const records: StorageRecord[] = [];
  for (const c of parsed.records) {
    const held = new Map<string, StorageRecord>();
    for (const i of c.Inventory) {
      const known = held.get(i.ClassName);
      if (known) known.amount += i.Amount;
      else
        held.set(i.ClassName, {
          containerId: c.ID,
          containerName: c.Name || c.ClassName,
          className: c.ClassName,
          itemClass: i.ClassName,
          itemName: i.Name || i.ClassName,
          amount: i.Amount,
          ...position(c.location),
        });
    }
    records.push(...held.values());
  }
  return { records, skipped: parsed.skipped };
}

/**
 * Parses `getResourceSink` (an array with one track object; a bare object is read too).
 * @throws FrmParseError when there is no usable track.
 */
export function parseResourceSink(body: unknown): Parsed<ResourceSinkRecord> {
  const endpoint = 'getResourceSink';
  const parsed = parseList(endpoint, body, sink);
  if (parsed.records.length === 0) {
    if (Array.isArray(body) && body.length === 0) return parsed;
    expectObject(endpoint, Array.isArray(body) ? body[0] : body);
    throw new FrmParseError(endpoint, 'no usable sink track');
  }
  return parsed;
}

/** The schema-only readers, the reference the fast paths must equal (frm-fast.property.spec.ts); not for production. */
export const buildingsBySchema = {
  extractors: (body: unknown): Parsed<ExtractorRecord> => parseList('getExtractor', body, extractor),
  inventory: (endpoint: string, body: unknown): Parsed<InventoryItemRecord> =>
    summedByClass(parseList(endpoint, body, inventoryItem)),
  storage: (body: unknown): Parsed<StorageRecord> => flattened(parseList('getStorageInv', body, container)),
};
