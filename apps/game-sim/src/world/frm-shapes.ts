import type { SimCircuit } from './power-grid';

/** The sub-objects FRM repeats across endpoints (reference 2.6 and the conventions of 2.6.1). */

export type Json = Record<string, unknown>;

/** The game's `SecondsToTimeString`: `HH:MM:SS`, hours not wrapped. */
export function hhmmss(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export const location = (x: number, y: number, z: number, rotation = 0) => ({ x, y, z, rotation, pitch: 0 });

export const features = (name: string, type: string, x: number, y: number, z: number) => ({
  properties: { name, type },
  geometry: { coordinates: { x, y, z }, type: 'Point' },
});

/** Where a building stands and how big it is (cm). */
export interface Placed {
  x: number;
  y: number;
  z: number;
  rotation?: number;
}

/**
 * FRM's buildable base (`CreateBuildableBaseJsonObject`): `ID, Name, ClassName, location, BoundingBox, ColorSlot`.
 * `half` is half the building's footprint and `height` its height, for the bounding box.
 */
export function buildable(id: string, name: string, className: string, at: Placed, half = 500, height = 1000): Json {
  return {
    ID: id,
    Name: name,
    ClassName: className,
    location: location(at.x, at.y, at.z, at.rotation ?? 0),
    BoundingBox: {
      min: { x: at.x - half, y: at.y - half, z: at.z },
      max: { x: at.x + half, y: at.y + half, z: at.z + height },
    },
    ColorSlot: { PrimaryColor: 'FA954900', SecondaryColor: '5F668C00' },
  };
}

/** `PowerInfo`: the circuit a building hangs on (ids -1 when not connected) and what it draws (MW). */
export function powerInfo(circuits: readonly SimCircuit[], circuit: number, consumed: number, max: number): Json {
  const c = circuits[circuit];
  return {
    CircuitGroupID: c ? c.id : -1,
    CircuitID: c ? c.id : -1,
    FuseTriggered: c?.fuseTripped ?? false,
    PowerConsumed: c?.fuseTripped ? 0 : consumed,
    MaxPowerConsumed: max,
  };
}

/** An inventory entry: `Amount` over all stacks of the item, `MaxAmount` one stack. */
export const inventoryItem = (item: { name: string; className: string; stack: number }, amount: number): Json => ({
  Name: item.name,
  ClassName: item.className,
  Amount: amount,
  MaxAmount: item.stack,
});

/** FRM's entry for a vehicle without such an inventory (no `MaxAmount`). */
export const NO_INVENTORY = [{ Name: 'None', ClassName: 'Desc_None', Amount: 0 }];
