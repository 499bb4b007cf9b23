import { z } from 'zod';
import { boolOr, intOrNull, numOr, parseDuration, parseList, reject, type Parsed } from './frm-common';
import { fastAny, fastBool, fastIntOrNull, fastNum, fastObject, parseListFast } from './frm-fast';

/** The longest battery time kept: 2^31 - 1 s (68 years), the range of a 32-bit integer column. */
const MAX_BATTERY_SECONDS = 2_147_483_647;

/**
 * A battery's time to empty or full. FRM divides the missing charge by the current rate, so a trickle gives hundreds
 * of years ("2394330:26:57"); beyond 68 years it reads as null (no meaningful time), like an unreadable one.
 */
function batteryTime(value: unknown): number | null {
  const seconds = parseDuration(value);
  return seconds !== null && seconds <= MAX_BATTERY_SECONDS ? seconds : null;
}

/** One FRM power circuit group (MW, MWh, percent 0–100; the differential is positive while charging). */
export interface PowerCircuitRecord {
  circuitGroupId: number;
  powerProduction: number;
  powerConsumed: number;
  powerCapacity: number;
  powerMaxConsumed: number;
  batteryPercent: number;
  batteryCapacity: number;
  batteryDifferential: number;
  batteryInput: number;
  batteryOutput: number;
  batteryTimeEmptySeconds: number | null;
  batteryTimeFullSeconds: number | null;
  fuseTriggered: boolean;
}

// Battery fields default to 0, not null: FRM itself reports a grid without batteries as all zeros.
const circuitFields = z.looseObject({
  CircuitGroupID: intOrNull,
  CircuitID: intOrNull,
  PowerProduction: numOr(),
  PowerConsumed: numOr(),
  PowerCapacity: numOr(),
  PowerMaxConsumed: numOr(),
  BatteryPercent: numOr(),
  BatteryCapacity: numOr(),
  BatteryDifferential: numOr(),
  BatteryInput: numOr(),
  BatteryOutput: numOr(),
  BatteryTimeEmpty: z.unknown().optional(),
  BatteryTimeFull: z.unknown().optional(),
  FuseTriggered: boolOr(false),
});

/** The record of a circuit, or null for one without a group id (a broken record). */
function toCircuit(c: z.output<typeof circuitFields>): PowerCircuitRecord | null {
  // FRM before Oct 2024 named the group id `CircuitID`.
  const circuitGroupId = c.CircuitGroupID ?? c.CircuitID;
  if (circuitGroupId === null) return null;
  return {
    circuitGroupId,
    powerProduction: c.PowerProduction,
    powerConsumed: c.PowerConsumed,
    powerCapacity: c.PowerCapacity,
    powerMaxConsumed: c.PowerMaxConsumed,
    batteryPercent: c.BatteryPercent,
    batteryCapacity: c.BatteryCapacity,
    batteryDifferential: c.BatteryDifferential,
    batteryInput: c.BatteryInput,
    batteryOutput: c.BatteryOutput,
    batteryTimeEmptySeconds: batteryTime(c.BatteryTimeEmpty),
    batteryTimeFullSeconds: batteryTime(c.BatteryTimeFull),
    fuseTriggered: c.FuseTriggered,
  };
}

const circuit = circuitFields.transform(
  (c, ctx): PowerCircuitRecord => toCircuit(c) ?? reject(ctx, c, 'circuit without CircuitGroupID or CircuitID'),
);
const circuitFast = fastObject({
  CircuitGroupID: fastIntOrNull,
  CircuitID: fastIntOrNull,
  PowerProduction: fastNum(),
  PowerConsumed: fastNum(),
  PowerCapacity: fastNum(),
  PowerMaxConsumed: fastNum(),
  BatteryPercent: fastNum(),
  BatteryCapacity: fastNum(),
  BatteryDifferential: fastNum(),
  BatteryInput: fastNum(),
  BatteryOutput: fastNum(),
  BatteryTimeEmpty: fastAny,
  BatteryTimeFull: fastAny,
  FuseTriggered: fastBool(),
});
/** A circuit without a group id is left to the schema, which skips it. */
export const fastCircuit = (item: unknown): PowerCircuitRecord | undefined => {
  const c = circuitFast(item);
  return (c && toCircuit(c)) ?? undefined;
};

/**
 * Parses `getPower` (one object per circuit group). A tripped fuse reads as production 0 with
 * `PowerMaxConsumed` kept, exactly as FRM reports it.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parsePower(body: unknown): Parsed<PowerCircuitRecord> {
  return parseListFast('getPower', body, fastCircuit, circuit);
}

/** `parsePower` by the schema alone: the reference its fast path must equal (frm-fast.property.spec.ts). */
export const parsePowerBySchema = (body: unknown): Parsed<PowerCircuitRecord> => parseList('getPower', body, circuit);
