import { z } from 'zod';
import { boolOr, intOrNull, numOr, parseDuration, parseList, reject, type Parsed } from './frm-common';

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
const circuit = z
  .looseObject({
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
  })
  .transform((c, ctx): PowerCircuitRecord => {
    // FRM before Oct 2024 named the group id `CircuitID`.
    const circuitGroupId = c.CircuitGroupID ?? c.CircuitID;
    if (circuitGroupId === null) return reject(ctx, c, 'circuit without CircuitGroupID or CircuitID');
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
  });

/**
 * Parses `getPower` (one object per circuit group). A tripped fuse reads as production 0 with
 * `PowerMaxConsumed` kept, exactly as FRM reports it.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parsePower(body: unknown): Parsed<PowerCircuitRecord> {
  return parseList('getPower', body, circuit);
}
