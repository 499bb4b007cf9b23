import { z } from 'zod';
import {
  boolOr,
  boolOrNull,
  expectObject,
  FrmParseError,
  frmId,
  intOrNull,
  label,
  location,
  numOr,
  numOrNull,
  parseDuration,
  parseList,
  position,
  strOr,
  type Parsed,
} from './frm-common';
import { fastBool, fastId, fastLabel, fastLocation, fastNum, fastObject, fastStr, parseListFast } from './frm-fast';

/** One player FRM knows (players who ever joined stay listed with `isOnline: false`). */
export interface PlayerRecord {
  frmId: string;
  /** May be "" for offline players: FRM cannot read their name. */
  name: string;
  isOnline: boolean;
  /** `PlayerHP`, 0–100 as FRM sends it (100 = full). */
  health: number;
  /** km/h. */
  speed: number;
  isDead: boolean;
  posX: number;
  posY: number;
  posZ: number;
}

/** Factory-wide production of one item, per minute (fluids in m³/min). */
export interface ProductionRecord {
  itemClass: string;
  itemName: string;
  /** FRM's `Type`: "Solid" | "Liquid" | "Gas" | "Invalid" | "Unknown" on current versions. */
  itemForm: string | null;
  currentProd: number;
  maxProd: number;
  currentConsumed: number;
  maxConsumed: number;
  prodPercent: number;
  consPercent: number;
}

/** The loaded save (`getSessionInfo`). */
export interface SessionInfoRecord {
  sessionName: string;
  isPaused: boolean;
  totalPlaySeconds: number;
  passedDays: number | null;
  isDay: boolean | null;
  dayHours: number | null;
  dayMinutes: number | null;
}

/** One installed mod; includes the game itself (`SMRName` "FactoryGame") and SML. */
export interface ModRecord {
  name: string;
  smrName: string;
  version: string;
}

const playerFields = z.looseObject({
  ID: frmId,
  Name: strOr(),
  Online: boolOr(),
  PlayerHP: numOr(),
  Speed: numOr(),
  Dead: boolOr(),
  location,
});
const toPlayer = (p: z.output<typeof playerFields>): PlayerRecord => ({
  frmId: p.ID,
  name: p.Name,
  isOnline: p.Online,
  health: p.PlayerHP,
  speed: p.Speed,
  isDead: p.Dead,
  ...position(p.location),
});
const player = playerFields.transform(toPlayer);
const playerFast = fastObject({
  ID: fastId,
  Name: fastStr(),
  Online: fastBool(),
  PlayerHP: fastNum(),
  Speed: fastNum(),
  Dead: fastBool(),
  location: fastLocation,
});
/** getPlayer's fast path (frm-fast.ts). */
export const fastPlayer = (item: unknown): PlayerRecord | undefined => {
  const p = playerFast(item);
  return p && toPlayer(p);
};

// `ProdPerMin` is a display string whose format changed between versions, so only the numeric fields are read.
const productionFields = z.looseObject({
  ClassName: z.string().min(1),
  Name: strOr(),
  Type: label(),
  CurrentProd: numOr(),
  MaxProd: numOr(),
  CurrentConsumed: numOr(),
  MaxConsumed: numOr(),
  ProdPercent: numOr(),
  ConsPercent: numOr(),
});
const toProduction = (p: z.output<typeof productionFields>): ProductionRecord => ({
  itemClass: p.ClassName,
  itemName: p.Name || p.ClassName,
  itemForm: p.Type,
  currentProd: p.CurrentProd,
  maxProd: p.MaxProd,
  currentConsumed: p.CurrentConsumed,
  maxConsumed: p.MaxConsumed,
  prodPercent: p.ProdPercent,
  consPercent: p.ConsPercent,
});
const production = productionFields.transform(toProduction);
const productionFast = fastObject({
  ClassName: fastId,
  Name: fastStr(),
  Type: fastLabel(),
  CurrentProd: fastNum(),
  MaxProd: fastNum(),
  CurrentConsumed: fastNum(),
  MaxConsumed: fastNum(),
  ProdPercent: fastNum(),
  ConsPercent: fastNum(),
});
/** getProdStats' fast path (frm-fast.ts). */
export const fastProduction = (item: unknown): ProductionRecord | undefined => {
  const p = productionFast(item);
  return p && toProduction(p);
};

const session = z
  .looseObject({
    SessionName: z.string(),
    IsPaused: boolOr(),
    TotalPlayDuration: numOrNull,
    TotalPlayDurationText: z.unknown().optional(),
    PassedDays: intOrNull,
    IsDay: boolOrNull,
    Hours: intOrNull,
    Minutes: intOrNull,
  })
  .transform((s): SessionInfoRecord => ({
    sessionName: s.SessionName,
    isPaused: s.IsPaused,
    // The text form ("76:41:36") is the fallback for a version that only sends that one.
    totalPlaySeconds:
      s.TotalPlayDuration !== null ? Math.floor(s.TotalPlayDuration) : (parseDuration(s.TotalPlayDurationText) ?? 0),
    passedDays: s.PassedDays,
    isDay: s.IsDay,
    dayHours: s.Hours,
    dayMinutes: s.Minutes,
  }));

const mod = z
  .looseObject({ SMRName: z.string().min(1), Name: strOr(), Version: strOr() })
  .transform((m): ModRecord => ({ name: m.Name || m.SMRName, smrName: m.SMRName, version: m.Version }));

/**
 * Parses `getPlayer`. Health stays 0–100 as FRM sends it.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parsePlayers(body: unknown): Parsed<PlayerRecord> {
  return parseListFast('getPlayer', body, fastPlayer, player);
}

/**
 * Parses `getProdStats` (factory-wide totals per item).
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseProduction(body: unknown): Parsed<ProductionRecord> {
  return parseListFast('getProdStats', body, fastProduction, production);
}

/**
 * Parses `getModList`, e.g. to read the game changelist and FRM version.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseModList(body: unknown): Parsed<ModRecord> {
  return parseList('getModList', body, mod);
}

/**
 * Parses `getSessionInfo`, which FRM sends as a single object; an array is read as its first element (FRM's
 * own `UseFirstObject` rule), so both shapes work.
 * @throws FrmParseError when there is no object (including `[]`), FRM's error object, or no `SessionName`.
 */
export function parseSessionInfo(body: unknown): SessionInfoRecord {
  const endpoint = 'getSessionInfo';
  if (Array.isArray(body) && body.length === 0) throw new FrmParseError(endpoint, 'no session (empty array)');
  const candidate: unknown = Array.isArray(body) ? body[0] : body;
  const result = session.safeParse(expectObject(endpoint, candidate));
  if (!result.success) throw new FrmParseError(endpoint, `unusable session info: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** The schema-only readers, the reference the fast paths must equal (frm-fast.property.spec.ts); not for production. */
export const worldBySchema = {
  players: (body: unknown): Parsed<PlayerRecord> => parseList('getPlayer', body, player),
  production: (body: unknown): Parsed<ProductionRecord> => parseList('getProdStats', body, production),
};
