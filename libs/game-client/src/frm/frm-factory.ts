import { z } from 'zod';
import {
  boolOr,
  boolOrNull,
  circuitGroupOf,
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
  posX: number;
  posY: number;
  posZ: number;
}

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
    ...position(b.location),
  }));

/**
 * Parses `getFactory`. The per-type endpoints (`getAssembler`, `getSmelter`, …) share the shape; pass their
 * name as `endpoint` so errors name the call that was made.
 * @throws FrmParseError when the body is not JSON-like or is FRM's error object.
 */
export function parseFactory(body: unknown, endpoint = 'getFactory'): Parsed<FactoryBuildingRecord> {
  return parseList(endpoint, body, building);
}
