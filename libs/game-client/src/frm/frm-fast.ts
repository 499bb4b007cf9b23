// Hand-written fast readers for FRM's records, beside their zod schemas. The schemas cost more than the JSON.parse of
// the body (bench:poller --cost), and almost every record FRM sends is well formed: each field absent, null, or of
// exactly the type the schema reads without converting. A fast reader reads such a field with the schema's meaning
// (the same defaults and placeholders) and answers ODD for anything else (a numeric string, a wrong type, a
// non-finite number), and the record then goes through the schema: the records and the skipped count are always the
// schema's (frm-fast.property.spec.ts checks each kind on random and hostile input).
import type { z } from 'zod';
import { expectObject, type Parsed } from './frm-common';
import { checkCount } from './frm-limits';

/** What a fast reader answers for a value it leaves to the schema. */
export const ODD: unique symbol = Symbol('odd');
export type Odd = typeof ODD;
/** Reads one field as its schema does, or answers ODD. */
export type FastReader<T> = (value: unknown) => T | Odd;

/** A plain object (the schemas' `looseObject` refuses arrays and null). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const absent = (v: unknown): v is null | undefined => v === null || v === undefined;
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** `frmId` and other required non-empty strings. */
export const fastId: FastReader<string> = (v) => (typeof v === 'string' && v.length > 0 ? v : ODD);
/** `strOr(fallback)`. */
export const fastStr =
  (fallback = ''): FastReader<string> =>
  (v) =>
    absent(v) ? fallback : typeof v === 'string' ? v : ODD;
/** `numOr(fallback)` for plain finite numbers (numeric strings go to the schema). */
export const fastNum =
  (fallback = 0): FastReader<number> =>
  (v) =>
    absent(v) ? fallback : finite(v) ? v : ODD;
/** `numOrNull`. */
export const fastNumOrNull: FastReader<number | null> = (v) => (absent(v) ? null : finite(v) ? v : ODD);
/** `intOrNull`: a safe integer. */
export const fastIntOrNull: FastReader<number | null> = (v) =>
  absent(v) ? null : Number.isSafeInteger(v) ? (v as number) : ODD;
/** `boolOr(fallback)`. */
export const fastBool =
  (fallback = false): FastReader<boolean> =>
  (v) =>
    absent(v) ? fallback : typeof v === 'boolean' ? v : ODD;
/** `label(...placeholders)`: empty, missing and the placeholders read as null. */
export const fastLabel =
  (...placeholders: string[]): FastReader<string | null> =>
  (v) =>
    absent(v) || v === '' ? null : typeof v !== 'string' ? ODD : placeholders.includes(v) ? null : v;
/** `z.unknown().optional()`: any value, read by the record's own code. */
export const fastAny: FastReader<unknown> = (v) => v;

/** `location`: x, y and z as plain numbers. */
export const fastLocation: FastReader<{ x: number; y: number; z: number }> = (v) =>
  isObject(v) && finite(v.x) && finite(v.y) && finite(v.z) ? { x: v.x, y: v.y, z: v.z } : ODD;

/** `powerInfo`: null when absent. */
export const fastPowerInfo: FastReader<
  {
    CircuitGroupID: number | null;
    CircuitID: number | null;
    PowerConsumed: number | null;
  } | null
> = (v) => {
  if (absent(v)) return null;
  if (!isObject(v)) return ODD;
  const group = fastIntOrNull(v.CircuitGroupID);
  const circuit = fastIntOrNull(v.CircuitID);
  const consumed = fastNumOrNull(v.PowerConsumed);
  if (group === ODD || circuit === ODD || consumed === ODD) return ODD;
  return { CircuitGroupID: group, CircuitID: circuit, PowerConsumed: consumed };
};

/** One entry of `items` as the schema's `item` reads it. */
// A type, not an interface, so that it fits the schema's loose item (which has an index signature).
export type FastItem = { Name: string; ClassName: string; Amount: number; MaxAmount: number };

/**
 * `items`: an inventory list without FRM's `Desc_None` placeholder. The schema drops a broken entry; any entry that is
 * not plainly well formed is left to it (ODD), so what is dropped is always the schema's choice.
 */
const itemName = fastStr();
const itemAmount = fastNum();
export const fastItems: FastReader<FastItem[]> = (v) => {
  if (absent(v)) return [];
  if (!Array.isArray(v)) return ODD;
  const out: FastItem[] = [];
  for (const entry of v as unknown[]) {
    if (!isObject(entry)) return ODD;
    const className = fastId(entry.ClassName);
    const name = itemName(entry.Name);
    const amount = itemAmount(entry.Amount);
    const max = itemAmount(entry.MaxAmount);
    if (className === ODD || name === ODD || amount === ODD || max === ODD) return ODD;
    if (className !== 'Desc_None') out.push({ Name: name, ClassName: className, Amount: amount, MaxAmount: max });
  }
  return out;
};

/** The readers of a record's fields, by FRM's key. */
export type FastShape = Record<string, FastReader<unknown>>;
/** What a {@link FastShape} reads: each field's value, never ODD. */
export type FastOutput<S extends FastShape> = { [K in keyof S]: Exclude<ReturnType<S[K]>, Odd> };

/**
 * A reader of one record: every field of `shape` read fast, or undefined when the item is not a plain object or any
 * field is odd (then the schema reads it).
 */
export function fastObject<S extends FastShape>(shape: S): (item: unknown) => FastOutput<S> | undefined {
  const keys = Object.keys(shape);
  const readers = keys.map((k) => shape[k]!);
  return (item) => {
    if (!isObject(item)) return undefined;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = readers[i]!(item[key]);
      if (value === ODD) return undefined;
      out[key] = value;
    }
    return out as FastOutput<S>;
  };
}

/**
 * `parseList` with a fast path: each item read by `fast` when it can (undefined: not plainly well formed), else by
 * the schema, so the records and the skipped count are the schema's. The same count cap and body errors.
 */
export function parseListFast<T>(
  endpoint: string,
  body: unknown,
  fast: (item: unknown) => T | undefined,
  schema: z.ZodType<T>,
): Parsed<T> {
  const items: unknown[] = Array.isArray(body) ? body : [expectObject(endpoint, body)];
  checkCount(endpoint, items);
  const records: T[] = [];
  let skipped = 0;
  for (const item of items) {
    const read = fast(item);
    if (read !== undefined) {
      records.push(read);
      continue;
    }
    const result = schema.safeParse(item);
    if (result.success) records.push(result.data);
    else skipped += 1;
  }
  return { records, skipped };
}
