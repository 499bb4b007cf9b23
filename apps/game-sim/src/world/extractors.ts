import { EXTRACTOR_TYPES, PURITIES, type ExtractorType, type Item } from './catalog-logistics';
import type { SimCircuit } from './power-grid';
import type { Rng } from './rng';

export interface SimExtractor {
  id: string;
  type: ExtractorType;
  resource: Item;
  purity: (typeof PURITIES)[number];
  /** Clock in % (100 = 100 %). */
  clock: number;
  /** Circuit id; -1 = not connected (the resource well extractor, powered by its pressurizer). */
  circuit: number;
  /** Paused by a player (or the control API). */
  paused: boolean;
  /** Its output belt is backed up: the buffer fills and extraction stops when it is full. */
  blocked: boolean;
  /** Resource waiting in the output buffer (items; m³ for fluids). */
  buffer: number;
  x: number;
  y: number;
  z: number;
  rotation: number;
}

/** Per minute at the current clock on its node: the tier's rate × purity × clock (FRM's MaxProd). */
export function maxProd(e: SimExtractor): number {
  return e.type.rate * (e.type.purityMatters ? e.purity.factor : 1) * (e.clock / 100);
}

/** Extracting now: not paused, room in the output buffer, and power (a tripped fuse stops it). */
export function isProducing(e: SimExtractor, circuits: readonly SimCircuit[]): boolean {
  const circuit = circuits[e.circuit];
  const powered = e.circuit < 0 || (circuit !== undefined && !circuit.fuseTripped);
  return !e.paused && powered && e.buffer < e.resource.stack;
}

const KINDS: readonly ExtractorType[] = [
  EXTRACTOR_TYPES.minerMk1,
  EXTRACTOR_TYPES.minerMk2,
  EXTRACTOR_TYPES.minerMk2,
  EXTRACTOR_TYPES.minerMk3,
  EXTRACTOR_TYPES.water,
  EXTRACTOR_TYPES.oil,
  EXTRACTOR_TYPES.well,
];

/** Miners of every tier on impure, normal and pure nodes, water and oil extractors and resource well extractors. */
export function createExtractors(r: Rng, circuitCount: number): SimExtractor[] {
  return Array.from({ length: r.int(5, 14) }, (_, i) => {
    const type = i === 0 ? EXTRACTOR_TYPES.minerMk1 : r.pick(KINDS);
    const well = type === EXTRACTOR_TYPES.well;
    return {
      id: `${type.className}_${2147453700 + i * 13}`,
      type,
      resource: r.pick(type.resources),
      purity: r.pick(PURITIES),
      clock: r.pick([100, 100, 100, 150, 250]),
      circuit: well ? -1 : r.int(0, Math.max(0, circuitCount - 1)),
      paused: false,
      blocked: false,
      buffer: 0,
      x: r.between(-250000, 250000),
      y: r.between(-250000, 250000),
      z: r.between(-4000, 10000),
      rotation: r.between(0, 360),
    };
  });
}

/** One second: the extractor fills its buffer, its belt empties it unless it is backed up (which comes and goes). */
export function stepExtractor(e: SimExtractor, r: Rng, circuits: readonly SimCircuit[]): void {
  const jam = r.next();
  if (e.blocked ? jam < 0.01 : jam < 0.0002) e.blocked = !e.blocked;
  const perSecond = maxProd(e) / 60;
  if (isProducing(e, circuits)) e.buffer = Math.min(e.resource.stack, e.buffer + perSecond);
  // A moving belt takes half the buffer every second: it settles at one second's worth.
  if (!e.blocked) e.buffer *= 0.5;
}
