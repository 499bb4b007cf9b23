import { z } from 'zod';
import {
  boolOr,
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
import {
  fastBool,
  fastId,
  fastLabel,
  fastLocation,
  fastNum,
  fastObject,
  fastPowerInfo,
  fastStr,
  parseListFast,
} from './frm-fast';

/** One train (speed km/h, masses kg, position cm). */
export interface TrainRecord {
  trainId: string;
  name: string;
  /** "Parked" | "Manual Driving" | "Self-Driving" | "Derailed" | "Unknown". */
  status: string;
  /** Current or next stop, verbatim (names may carry trailing spaces); null for FRM's "No Station". */
  station: string | null;
  forwardSpeed: number;
  throttlePercent: number;
  totalMass: number;
  payloadMass: number;
  maxPayloadMass: number;
  derailed: boolean;
  pendingDerail: boolean;
  /** Raw enum, e.g. `SDLE_NoError`. */
  selfDriving: string | null;
  /** Raw enum, e.g. `TDS_Docked`. */
  docking: string | null;
  /** Raw enum, e.g. `PDE_NoError`. */
  path: string | null;
  /** MW from `PowerInfo`; null when FRM did not send it. */
  powerConsumed: number | null;
  posX: number;
  posY: number;
  posZ: number;
}

/** One drone (speed km/h, position cm). */
export interface DroneRecord {
  droneId: string;
  name: string;
  homeStation: string | null;
  /** Null for FRM's "None". */
  pairedStation: string | null;
  /** Null for FRM's "No Destination". */
  destination: string | null;
  /** "Flying" | "Travelling" | "None" | "Unknown"; older FRM sent raw enums ("DFM_Travel"), kept as-is. */
  flyingMode: string | null;
  flyingSpeed: number;
  maxSpeed: number;
  posX: number;
  posY: number;
  posZ: number;
}

const trainFields = z.looseObject({
  ID: frmId,
  Name: strOr(),
  Status: strOr('Unknown'),
  TrainStation: label('No Station'),
  ForwardSpeed: numOr(),
  ThrottlePercent: numOr(),
  TotalMass: numOr(),
  PayloadMass: numOr(),
  MaxPayloadMass: numOr(),
  Derailed: boolOr(),
  PendingDerail: boolOr(),
  SelfDriving: label(),
  Docking: label(),
  Path: label(),
  PowerInfo: powerInfo,
  location,
});
const toTrain = (t: z.output<typeof trainFields>): TrainRecord => ({
  trainId: t.ID,
  name: t.Name,
  status: t.Status,
  station: t.TrainStation,
  forwardSpeed: t.ForwardSpeed,
  throttlePercent: t.ThrottlePercent,
  totalMass: t.TotalMass,
  payloadMass: t.PayloadMass,
  maxPayloadMass: t.MaxPayloadMass,
  derailed: t.Derailed,
  pendingDerail: t.PendingDerail,
  selfDriving: t.SelfDriving,
  docking: t.Docking,
  path: t.Path,
  powerConsumed: t.PowerInfo?.PowerConsumed ?? null,
  // `location`, not `features`: FRM reports trains' GeoJSON coordinates as 0,0,0.
  ...position(t.location),
});
const train = trainFields.transform(toTrain);
const trainFast = fastObject({
  ID: fastId,
  Name: fastStr(),
  Status: fastStr('Unknown'),
  TrainStation: fastLabel('No Station'),
  ForwardSpeed: fastNum(),
  ThrottlePercent: fastNum(),
  TotalMass: fastNum(),
  PayloadMass: fastNum(),
  MaxPayloadMass: fastNum(),
  Derailed: fastBool(),
  PendingDerail: fastBool(),
  SelfDriving: fastLabel(),
  Docking: fastLabel(),
  Path: fastLabel(),
  PowerInfo: fastPowerInfo,
  location: fastLocation,
});
/** getTrains' fast path (frm-fast.ts). */
export const fastTrain = (item: unknown): TrainRecord | undefined => {
  const t = trainFast(item);
  return t && toTrain(t);
};

const droneFields = z.looseObject({
  ID: frmId,
  Name: strOr(),
  HomeStation: label(),
  PairedStation: label('None'),
  CurrentDestination: label('No Destination'),
  CurrentFlyingMode: label(),
  FlyingSpeed: numOr(),
  MaxSpeed: numOr(),
  location,
});
const toDrone = (d: z.output<typeof droneFields>): DroneRecord => ({
  droneId: d.ID,
  name: d.Name,
  homeStation: d.HomeStation,
  pairedStation: d.PairedStation,
  destination: d.CurrentDestination,
  flyingMode: d.CurrentFlyingMode,
  flyingSpeed: d.FlyingSpeed,
  maxSpeed: d.MaxSpeed,
  ...position(d.location),
});
const drone = droneFields.transform(toDrone);
const droneFast = fastObject({
  ID: fastId,
  Name: fastStr(),
  HomeStation: fastLabel(),
  PairedStation: fastLabel('None'),
  CurrentDestination: fastLabel('No Destination'),
  CurrentFlyingMode: fastLabel(),
  FlyingSpeed: fastNum(),
  MaxSpeed: fastNum(),
  location: fastLocation,
});
/** getDrone's fast path (frm-fast.ts). */
export const fastDrone = (item: unknown): DroneRecord | undefined => {
  const d = droneFast(item);
  return d && toDrone(d);
};

/**
 * Parses `getTrains`.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseTrains(body: unknown): Parsed<TrainRecord> {
  return parseListFast('getTrains', body, fastTrain, train);
}

/**
 * Parses `getDrone` (`[]` in a world without drones).
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseDrones(body: unknown): Parsed<DroneRecord> {
  return parseListFast('getDrone', body, fastDrone, drone);
}

/** The schema-only readers, the reference the fast paths must equal (frm-fast.property.spec.ts); not for production. */
export const travelBySchema = {
  trains: (body: unknown): Parsed<TrainRecord> => parseList('getTrains', body, train),
  drones: (body: unknown): Parsed<DroneRecord> => parseList('getDrone', body, drone),
};
