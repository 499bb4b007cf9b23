// getDroneStation (reference 2.6.1): every drone port, with a hand-written fast path (frm-fast.ts).
import { z } from 'zod';
import {
  circuitGroupOf,
  frmId,
  items,
  label,
  location,
  numOr,
  numOrNull,
  parseDuration,
  parseList,
  position,
  powerInfo,
  strOr,
  type Parsed,
} from './frm-common';
import {
  fastAny,
  fastId,
  fastItems,
  fastLabel,
  fastLocation,
  fastNum,
  fastNumOrNull,
  fastObject,
  fastPowerInfo,
  fastStr,
  isObject,
  ODD,
  parseListFast,
} from './frm-fast';

/** One drone port (items per minute, stacks per minute, seconds). */
export interface DroneStationRecord {
  stationId: string;
  name: string;
  /** Null for FRM's "None". */
  pairedStation: string | null;
  /** E.g. "Docked", "En Route", "No Drone", "Not Enough Fuel". */
  droneStatus: string | null;
  fuelName: string | null;
  /** Fuel items held. */
  fuelAmount: number;
  /** Estimated fuel items per minute of the active fuel (an always-busy drone's; real use is lower). */
  fuelRate: number | null;
  /** Seconds until the fuel held runs out at `fuelRate`; null without a rate. */
  fuelTimeLeftSeconds: number | null;
  /** The latest round trip, seconds (the average when no trip is known yet). */
  roundTripSeconds: number | null;
  avgIncRate: number;
  avgOutRate: number;
  /** Estimated stacks per minute. */
  transportRate: number;
  powerConsumed: number | null;
  circuitGroupId: number | null;
  posX: number;
  posY: number;
  posZ: number;
}

const activeFuel = z
  .looseObject({ FuelName: label(), EstimatedFuelCostRate: numOrNull })
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);

const stationFields = z.looseObject({
  ID: frmId,
  Name: strOr(),
  location,
  PairedStation: label('None'),
  DroneStatus: label(),
  FuelInventory: items,
  ActiveFuel: activeFuel,
  LatestRndTrip: numOrNull,
  AvgRndTrip: z.unknown().optional(),
  AvgIncRate: numOr(),
  AvgOutRate: numOr(),
  EstTotalTransRate: numOr(),
  PowerInfo: powerInfo,
});

function toStation(s: z.output<typeof stationFields>): DroneStationRecord {
  const fuelAmount = s.FuelInventory.reduce((a, i) => a + i.Amount, 0);
  const rate = s.ActiveFuel?.EstimatedFuelCostRate ?? null;
  const left = rate !== null && rate > 0 ? Math.round((fuelAmount / rate) * 60) : null;
  // No trip yet reads 0 and "00:00:00": unknown, not an instant round trip.
  const average = s.LatestRndTrip !== null && s.LatestRndTrip > 0 ? null : parseDuration(s.AvgRndTrip);
  const trip =
    s.LatestRndTrip !== null && s.LatestRndTrip > 0
      ? s.LatestRndTrip
      : average !== null && average > 0
        ? average
        : null;
  return {
    stationId: s.ID,
    name: s.Name,
    pairedStation: s.PairedStation,
    droneStatus: s.DroneStatus,
    fuelName: s.ActiveFuel?.FuelName ?? s.FuelInventory[0]?.Name ?? null,
    fuelAmount,
    fuelRate: rate,
    fuelTimeLeftSeconds: left !== null && Number.isSafeInteger(left) ? left : null,
    roundTripSeconds: trip,
    avgIncRate: s.AvgIncRate,
    avgOutRate: s.AvgOutRate,
    transportRate: s.EstTotalTransRate,
    powerConsumed: s.PowerInfo?.PowerConsumed ?? null,
    circuitGroupId: circuitGroupOf(s.PowerInfo),
    ...position(s.location),
  };
}

const droneStation = stationFields.transform(toStation);

const fuelName = fastLabel();
/** `activeFuel`: a plainly well-formed object or nothing; anything else (which the schema reads as null) is ODD. */
const fastActiveFuel = (v: unknown) => {
  if (v === null || v === undefined) return null;
  if (!isObject(v)) return ODD;
  const name = fuelName(v.FuelName);
  const rate = fastNumOrNull(v.EstimatedFuelCostRate);
  return name === ODD || rate === ODD ? ODD : { FuelName: name, EstimatedFuelCostRate: rate };
};
const stationFast = fastObject({
  ID: fastId,
  Name: fastStr(),
  location: fastLocation,
  PairedStation: fastLabel('None'),
  DroneStatus: fastLabel(),
  FuelInventory: fastItems,
  ActiveFuel: fastActiveFuel,
  LatestRndTrip: fastNumOrNull,
  AvgRndTrip: fastAny,
  AvgIncRate: fastNum(),
  AvgOutRate: fastNum(),
  EstTotalTransRate: fastNum(),
  PowerInfo: fastPowerInfo,
});
/** getDroneStation's fast path (frm-fast.ts). */
export const fastStation = (item: unknown): DroneStationRecord | undefined => {
  const s = stationFast(item);
  return s && toStation(s);
};

/**
 * Parses `getDroneStation`.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseDroneStations(body: unknown): Parsed<DroneStationRecord> {
  return parseListFast('getDroneStation', body, fastStation, droneStation);
}

/** `parseDroneStations` by the schema alone: the reference its fast path must equal (frm-fast.property.spec.ts). */
export const parseDroneStationsBySchema = (body: unknown): Parsed<DroneStationRecord> =>
  parseList('getDroneStation', body, droneStation);
