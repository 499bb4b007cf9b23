import { z } from 'zod';
import { checkCount } from './frm-limits';

/** What a list parser returns: the records it could read and how many it had to drop as broken. */
export interface Parsed<T> {
  records: T[];
  /** Items that were not usable records (no id, wrong field types…); counted so the poller can report drift. */
  skipped: number;
}

/** The body as a whole was unusable: not JSON-like, or FRM's own `{"error": …}` answer. */
export class FrmParseError extends Error {
  constructor(
    /** FRM endpoint name, e.g. `getPower`. */
    readonly endpoint: string,
    message: string,
    /** FRM's own error text when it answered `{"error": …}` (e.g. "Blocked API call: World not ready."), else null. */
    readonly frmError: string | null = null,
  ) {
    super(`${endpoint}: ${message}`);
    this.name = 'FrmParseError';
  }
}

/**
 * Converts FRM's `HH:MM:SS` durations (e.g. `BatteryTimeFull`) to whole seconds. Hours are not capped at 24
 * ("76:41:36" is a valid play time). Anything else, including numbers, gives null.
 */
export function parseDuration(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d+):(\d{1,2}):(\d{1,2})$/.exec(value.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = match.slice(1).map(Number);
  if (hours === undefined || minutes === undefined || seconds === undefined) return null;
  if (minutes > 59 || seconds > 59) return null;
  // A digit run too long for an exact number of seconds (e.g. 400 nines) is not a duration: never Infinity.
  const total = hours * 3600 + minutes * 60 + seconds;
  return Number.isSafeInteger(total) ? total : null;
}

// Field readers. The rule for every record: identity and position must be present and well-typed (else the
// record is skipped); other fields may be missing or null and then read as FRM's own "none" value (0, false)
// or null; a field that is present with the wrong type marks the record broken, because that means the shape
// drifted and guessing would store wrong numbers.

const NUMERIC_STRING = /^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A finite number; old FRM versions sent some numbers as strings ("12.5"), so those are accepted too. */
export const num = z.union([z.number(), z.string().regex(NUMERIC_STRING).transform(Number).pipe(z.number())]);
export const int = num.pipe(z.int());
export const numOr = (fallback = 0) => num.nullish().transform((v) => v ?? fallback);
export const numOrNull = num.nullish().transform((v) => v ?? null);
export const intOrNull = int.nullish().transform((v) => v ?? null);
// Booleans are real JSON booleans in every FRM version, so "true" is not accepted.
export const boolOr = (fallback = false) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);
export const boolOrNull = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null);
export const strOr = (fallback = '') =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? fallback);
/** FRM's object name (`ID`), the key the platform joins on. */
export const frmId = z.string().min(1);

/** A text field where empty, missing or one of FRM's placeholders ("No Station", "None"…) means "none". */
export const label = (...placeholders: string[]) =>
  z
    .string()
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' || placeholders.includes(v) ? null : v));

/** `location` in UE centimetres; the GeoJSON `features` copy is ignored because trains report it as 0,0,0. */
export const location = z.looseObject({ x: num, y: num, z: num });
export function position(l: z.output<typeof location>): { posX: number; posY: number; posZ: number } {
  return { posX: l.x, posY: l.y, posZ: l.z };
}

/** A building's or train's `PowerInfo`; optional because not every FRM version sends it. */
export const powerInfo = z
  .looseObject({ CircuitGroupID: intOrNull, CircuitID: intOrNull, PowerConsumed: numOrNull })
  .nullish()
  .transform((v) => v ?? null);

/** The circuit group a building is on; -1 (FRM's "not connected") and absence give null. */
export function circuitGroupOf(info: z.output<typeof powerInfo>): number | null {
  // Before Oct 2024 FRM only had CircuitID; `??` falls back to it only when CircuitGroupID is absent, not -1.
  const id = info?.CircuitGroupID ?? info?.CircuitID ?? null;
  return id !== null && id >= 0 ? id : null;
}

/** Marks the record being transformed as broken, with the reason (visible in zod's error, not stored). */
export function reject(ctx: z.core.$RefinementCtx, input: unknown, message: string): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.slice(0, 60))})`;
  return `a ${typeof value} (${String(value).slice(0, 60)})`;
}

/**
 * Returns `body` as a plain object, or throws: with FRM's own text when it answered `{"error": …}` (its
 * errors are a single object with only that key), otherwise naming what arrived instead.
 */
export function expectObject(endpoint: string, body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FrmParseError(endpoint, `expected a JSON array or object, got ${describeValue(body)}`);
  }
  const error = (body as Record<string, unknown>)['error'];
  if (typeof error === 'string') throw new FrmParseError(endpoint, `FRM answered: ${error}`, error);
  return body as Record<string, unknown>;
}

/**
 * Reads an array endpoint. A single object is taken as a one-element array (shapes have drifted between FRM
 * versions); each broken item is skipped and counted so one odd building never loses the whole poll.
 */
export function parseList<T>(endpoint: string, body: unknown, record: z.ZodType<T>): Parsed<T> {
  const items: unknown[] = Array.isArray(body) ? body : [expectObject(endpoint, body)];
  checkCount(endpoint, items);
  const records: T[] = [];
  let skipped = 0;
  for (const item of items) {
    const result = record.safeParse(item);
    if (result.success) records.push(result.data);
    else skipped += 1;
  }
  return { records, skipped };
}

/** One inventory entry `{Name, ClassName, Amount, MaxAmount}` (Amount sums the stacks; MaxAmount is one stack). */
export const item = z.looseObject({ Name: strOr(), ClassName: z.string().min(1), Amount: numOr(), MaxAmount: numOr() });
/** An inventory list: broken entries and FRM's `Desc_None` placeholder are dropped, not the whole record. */
export const items = z
  .array(z.unknown())
  .nullish()
  .transform((list) => {
    // A broken entry (or FRM's `{"ClassName":"Desc_None"}` placeholder) is dropped, not the whole building.
    const out: z.output<typeof item>[] = [];
    for (const entry of list ?? []) {
      const parsed = item.safeParse(entry);
      if (parsed.success && parsed.data.ClassName !== 'Desc_None') out.push(parsed.data);
    }
    return out;
  });
