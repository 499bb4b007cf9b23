import { GENERATOR_TYPES, GEYSER_RANGES, NUCLEAR_WASTE, type GeneratorType } from './catalog-power';
import type { Rng } from './rng';

export interface SimCircuit {
  id: number;
  /** MW the circuit's generators can deliver now: the sum of their capacities (those with fuel). */
  capacity: number;
  /** MW delivered: what is consumed plus what charges the batteries, at most the capacity. */
  production: number;
  consumed: number;
  maxConsumed: number;
  batteryCapacity: number;
  batteryStored: number;
  batteryInput: number;
  batteryOutput: number;
  fuseTripped: boolean;
  tripSeconds: number;
  /** The factory's own draw, a random walk around `nominal` (what `consumed` is unless pinned). */
  demand: number;
  /** The generators' capacity at their clocks with fuel: the scale of the demand's walk. */
  nominal: number;
  /** production / capacity: the share of its capacity every generator of the circuit delivers. */
  load: number;
  /** Figures the control API holds until cleared (null: the world decides). */
  pins: { capacity: number | null; consumed: number | null; batteryOutput: number | null };
}

export interface SimGenerator {
  id: string;
  type: GeneratorType;
  circuit: number;
  /** Clock in % (100 = 100 %). */
  clock: number;
  /** Fuel held, counting the unit being burnt (items; m³ for fluids). */
  fuel: number;
  /** Nuclear waste held. */
  waste: number;
  /** Geothermal output range (MW), null for fuel burners. */
  geyser: { min: number; max: number } | null;
  /** Geothermal: offset into the geyser's cycle, seconds. */
  phase: number;
  /** MW it can deliver now (0 without fuel), recomputed every step. */
  capacity: number;
  /** MW it delivers now (its RegulatedDemandProd). */
  output: number;
  x: number;
  y: number;
  z: number;
  rotation: number;
}

/** Seconds of a geyser's output cycle between its minimum and maximum. */
const GEYSER_PERIOD = 120;
/** A supply belt brings this much more fuel than the generator burns at full load. */
const SUPPLY_MARGIN = 1.1;
export const MIN_CLOCK = 1;
export const MAX_CLOCK = 250;

export const fuelBuffer = (g: SimGenerator): number => g.type.fuels[0]?.stack ?? 0;
export const wasteFull = (g: SimGenerator): boolean => g.type.nuclear && g.waste >= NUCLEAR_WASTE.max;

/** Fuel (and room for the waste) present: `CanStartPowerProduction()`. */
export function canStart(g: SimGenerator): boolean {
  return g.type.geothermal || (g.fuel > 0 && !wasteFull(g));
}

function capacityNow(g: SimGenerator, time: number): number {
  if (g.geyser) {
    const wave = 0.5 + 0.5 * Math.sin(((time + g.phase) * 2 * Math.PI) / GEYSER_PERIOD);
    return g.geyser.min + (g.geyser.max - g.geyser.min) * wave;
  }
  return canStart(g) ? (g.type.capacity * g.clock) / 100 : 0;
}

/** One to three circuits; `capacity` is a size for createGenerators, which replaces it by its generators' sum. */
export function createCircuits(r: Rng): SimCircuit[] {
  const circuits = Array.from({ length: r.int(1, 3) }, (_, id): SimCircuit => {
    // createGenerators builds generators close to this capacity; the circuit's figures are then their sums.
    const capacity = r.pick([150, 600, 1800, 4083.33349609375]);
    const hasBattery = id === 0 || r.chance(0.5);
    return {
      id,
      capacity,
      production: 0,
      consumed: 0,
      maxConsumed: capacity * r.between(0.8, 1.15),
      batteryCapacity: hasBattery ? r.pick([100, 500, 1000]) : 0,
      batteryStored: 0,
      batteryInput: 0,
      batteryOutput: 0,
      fuseTripped: false,
      tripSeconds: 0,
      demand: 0,
      nominal: capacity,
      load: 0,
      pins: { capacity: null, consumed: null, batteryOutput: null },
    };
  });
  for (const c of circuits) c.batteryStored = c.batteryCapacity * r.between(0.1, 0.9);
  return circuits;
}

/**
 * Builds generators for circuits sized by `circuits[].capacity` (a target), then sets each circuit's capacity to
 * what its generators give. Every circuit gets at least one coal generator; the rest is a mix of nuclear,
 * geothermal, fuel, coal and biomass.
 */
export function createGenerators(circuits: SimCircuit[], r: Rng): SimGenerator[] {
  const generators: SimGenerator[] = [];
  const add = (type: GeneratorType, circuit: number, clock = 100): number => {
    const geyser = type.geothermal ? r.pick(GEYSER_RANGES) : null;
    const buffer = type.fuels[0]?.stack ?? 0;
    generators.push({
      id: `${type.className}_${2147300000 + generators.length * 7}`,
      type,
      circuit,
      clock,
      fuel: Math.round(buffer * r.between(0.3, 1)),
      waste: type.nuclear ? r.int(0, 100) : 0,
      geyser: geyser ? { ...geyser } : null,
      phase: r.between(0, GEYSER_PERIOD),
      capacity: 0,
      output: 0,
      x: r.between(-200000, 200000),
      y: r.between(-200000, 200000),
      z: r.between(-1000, 10000),
      rotation: r.pick([0, 90, 180, 270]),
    });
    return geyser ? (geyser.min + geyser.max) / 2 : (type.capacity * clock) / 100;
  };
  for (const c of circuits) {
    const target = c.capacity;
    let left = target - add(GENERATOR_TYPES.coal, c.id, r.pick([100, 100, 150]));
    if (left >= 2500 && r.chance(0.5)) left -= add(GENERATOR_TYPES.nuclear, c.id);
    if (left >= 300 && r.chance(0.4)) left -= add(GENERATOR_TYPES.geothermal, c.id);
    for (let n = 0; left >= 250 && n < 8 && r.chance(0.75); n++) left -= add(GENERATOR_TYPES.fuel, c.id);
    for (let n = 0; left >= 75 && n < 12; n++) left -= add(GENERATOR_TYPES.coal, c.id, r.pick([100, 100, 100, 250]));
    for (let n = 0; left >= 30 && n < 3; n++) left -= add(GENERATOR_TYPES.biomass, c.id);
    const ratio = c.maxConsumed / target;
    c.nominal = target - left;
    c.maxConsumed = c.nominal * ratio;
  }
  return generators;
}

/** The circuits and their generators, stepped together so the grid's figures are the sums of its generators'. */
export class PowerGrid {
  /** Seconds of running time (drives the geysers' cycles). */
  private time = 0;

  constructor(
    readonly circuits: SimCircuit[],
    readonly generators: SimGenerator[],
  ) {
    for (const c of circuits) {
      c.demand = c.nominal * 0.6;
      c.consumed = c.demand;
    }
    this.sync();
  }

  /**
   * One second: every generator burns its share of the last second's output (the supply belt refilling it), then
   * capacities follow the fuel held, demand and batteries settle, and the production is shared out again.
   */
  step(r: Rng, fuelSupply: boolean): void {
    this.time++;
    for (const g of this.generators) burn(g, fuelSupply);
    this.sumCapacities();
    for (const c of this.circuits) this.stepCircuit(c, r);
    this.distribute();
  }

  /** Recomputes the figures after the control API changed fuel, pins or fuses (no time passes). */
  sync(): void {
    this.sumCapacities();
    for (const c of this.circuits) {
      if (c.fuseTripped) c.load = 0;
      else this.settle(c);
    }
    this.distribute();
  }

  tripFuse(c: SimCircuit): void {
    c.fuseTripped = true;
    c.tripSeconds = 0;
    c.load = 0;
  }

  private distribute(): void {
    for (const g of this.generators) {
      const c = this.circuits[g.circuit];
      g.output = c && !c.fuseTripped ? g.capacity * c.load : 0;
    }
  }

  resetFuse(c: SimCircuit): void {
    c.fuseTripped = false;
    c.demand = c.nominal * 0.5;
  }

  /**
   * The capacities a circuit can be held at: its shard-taking generators between 1 % and 250 % whatever its geysers
   * give; where no value can absorb the geysers' whole swing, the range around their output now (the held capacity
   * then follows a geyser where the clocks cannot make up for it).
   */
  capacityRange(c: SimCircuit): { min: number; max: number } {
    const p = this.parts(c);
    const [low, high] = [(p.clockable * MIN_CLOCK) / 100, (p.clockable * MAX_CLOCK) / 100];
    const strict = { min: p.geoMax + p.fixed + low, max: p.geoMin + p.fixed + high };
    return strict.min <= strict.max ? strict : { min: p.geoNow + p.fixed + low, max: p.geoNow + p.fixed + high };
  }

  private parts(c: SimCircuit): { geoMin: number; geoMax: number; geoNow: number; fixed: number; clockable: number } {
    const parts = { geoMin: 0, geoMax: 0, geoNow: 0, fixed: 0, clockable: 0 };
    for (const g of this.generators) {
      if (g.circuit !== c.id) continue;
      if (g.geyser) {
        parts.geoMin += g.geyser.min;
        parts.geoMax += g.geyser.max;
        parts.geoNow += capacityNow(g, this.time);
      } else if (g.type.clockable) parts.clockable += g.type.capacity;
      else parts.fixed += (g.type.capacity * g.clock) / 100;
    }
    return parts;
  }

  private applyCapacityPin(c: SimCircuit): void {
    const target = c.pins.capacity;
    if (target === null) return;
    const parts = this.parts(c);
    const clock = ((target - parts.geoNow - parts.fixed) / parts.clockable) * 100;
    const bounded = Math.min(MAX_CLOCK, Math.max(MIN_CLOCK, clock));
    for (const g of this.generators) if (g.circuit === c.id && g.type.clockable) g.clock = bounded;
    c.nominal = target;
  }

  private sumCapacities(): void {
    for (const c of this.circuits) {
      // A geyser's output moves, so a pinned capacity is re-applied to the clocks every step.
      if (c.pins.capacity !== null) this.applyCapacityPin(c);
      c.capacity = 0;
    }
    for (const g of this.generators) {
      g.capacity = capacityNow(g, this.time);
      const c = this.circuits[g.circuit];
      if (c) c.capacity += g.capacity;
    }
  }

  private stepCircuit(c: SimCircuit, r: Rng): void {
    const walk = r.between(-0.03, 0.03);
    const randomTrip = r.chance(0.0005);
    if (c.fuseTripped) {
      c.tripSeconds++;
      if (c.tripSeconds > 120) this.resetFuse(c);
      return;
    }
    c.demand = Math.min(c.maxConsumed, Math.max(0, c.demand + walk * c.nominal + (0.6 * c.nominal - c.demand) * 0.002));
    const deficit = this.settle(c);
    c.batteryStored = Math.min(
      c.batteryCapacity,
      Math.max(0, c.batteryStored + (c.batteryInput - c.batteryOutput) / 3600),
    );
    const pinned = c.pins.capacity !== null || c.pins.consumed !== null || c.pins.batteryOutput !== null;
    if (deficit > 1 || (randomTrip && !pinned)) this.tripFuse(c);
  }

  /** Production, batteries and load from capacity and consumption; returns the MW nothing covers (trips the fuse). */
  private settle(c: SimCircuit): number {
    c.consumed = c.pins.consumed ?? c.demand;
    const hasBattery = c.batteryCapacity > 0;
    let deficit = 0;
    if (c.pins.batteryOutput !== null) {
      c.batteryInput = 0;
      c.batteryOutput = c.batteryStored > 0 ? c.pins.batteryOutput : 0;
      const needed = Math.max(0, c.consumed - c.batteryOutput);
      c.production = Math.min(c.capacity, needed);
      deficit = needed - c.production;
    } else if (c.capacity >= c.consumed) {
      c.batteryOutput = 0;
      c.batteryInput = hasBattery && c.batteryStored < c.batteryCapacity ? Math.min(c.capacity - c.consumed, 100) : 0;
      c.production = c.consumed + c.batteryInput;
    } else {
      c.batteryInput = 0;
      c.batteryOutput = hasBattery && c.batteryStored > 0 ? Math.min(c.consumed - c.capacity, 100) : 0;
      c.production = c.capacity;
      deficit = c.consumed - c.capacity - c.batteryOutput;
    }
    c.load = c.capacity > 0 ? c.production / c.capacity : 0;
    return deficit;
  }
}

/** Burns one second of fuel at the generator's output; the supply belt refills it (and takes the waste away). */
function burn(g: SimGenerator, supplied: boolean): void {
  const fuel = g.type.fuels[0];
  if (!fuel) return;
  const used = g.output / fuel.energy;
  g.fuel = Math.max(0, g.fuel - used);
  if (g.type.nuclear) g.waste = Math.min(NUCLEAR_WASTE.max, g.waste + used * NUCLEAR_WASTE.perRod);
  if (!supplied) return;
  const fullLoad = (SUPPLY_MARGIN * g.type.capacity * g.clock) / 100 / fuel.energy;
  g.fuel = Math.min(fuel.stack, g.fuel + fullLoad);
  if (g.type.nuclear) g.waste = Math.max(0, g.waste - fullLoad * NUCLEAR_WASTE.perRod);
}
