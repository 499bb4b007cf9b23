import type { DataOf } from '../../../live/store';

/**
 * What the generator, extractor, drone station and sink panels work out of the live data: totals per fuel, which
 * generators and stations are about to stop, an extractor's state, when the next coupon prints. Pure, so it is
 * tested without a browser.
 */

export type Generator = DataOf<'generators'>[number];
export type Extractor = DataOf<'extractors'>[number];
export type DroneStation = DataOf<'drone_stations'>[number];
export type Sink = DataOf<'resource_sink'>;

/**
 * A generator with less burn time than this is "low on fuel". The time left is that of the fuel held, and a belt-fed
 * coal generator holds one stack, under 7 minutes at full load: a longer threshold would flag every healthy one.
 */
export const LOW_FUEL_SECONDS = 2 * 60;
/** A drone port with less fuel than this is "low on fuel" (FRM's rate is that of an always-busy drone). */
export const LOW_DRONE_FUEL_SECONDS = 10 * 60;

const fluid = (form: string | null) => form === 'Liquid' || form === 'Gas';

/**
 * Geothermal generators burn nothing: they never run out. Told by the class, not the fuel's form: FRM also says
 * "Geothermal" for a fuel burner whose fuel is gone (reference 2.6.1, FuelResource).
 */
export const burnsFuel = (g: Generator) => !/geothermal/i.test(g.className);

/** A fuel-burning generator with nothing left to burn. */
export const outOfFuel = (g: Generator) => burnsFuel(g) && g.fuelAmount <= 0;

/** A fuel-burning generator that runs out within {@link LOW_FUEL_SECONDS} at its current output. */
export const lowOnFuel = (g: Generator) =>
  !outOfFuel(g) && g.burnTimeLeftSeconds !== null && g.burnTimeLeftSeconds < LOW_FUEL_SECONDS;

export interface FuelTotal {
  /** The fuel's name; null for generators without fuel (geothermal, or an empty one). */
  fuel: string | null;
  geothermal: boolean;
  fluid: boolean;
  generators: number;
  /** MW delivered and MW possible at the current clocks. */
  production: number;
  capacity: number;
  /** Fuel held over all of them (items, or m³ for fluids). */
  amount: number;
  /** The first of them to run out (seconds), null when none can. */
  shortest: number | null;
}

/** Generators grouped by fuel, most production first. */
export function fuelTotals(generators: readonly Generator[]): FuelTotal[] {
  const byFuel = new Map<string, FuelTotal>();
  for (const g of generators) {
    const geothermal = !burnsFuel(g);
    const key = geothermal ? '\u0000geo' : (g.fuelName ?? '\u0000none');
    let total = byFuel.get(key);
    if (!total)
      byFuel.set(
        key,
        (total = {
          fuel: geothermal ? null : g.fuelName,
          geothermal,
          fluid: fluid(g.fuelForm),
          generators: 0,
          production: 0,
          capacity: 0,
          amount: 0,
          shortest: null,
        }),
      );
    total.generators++;
    total.production += g.production;
    total.capacity += g.capacity;
    total.amount += g.fuelAmount;
    if (g.burnTimeLeftSeconds !== null)
      total.shortest = Math.min(total.shortest ?? Number.POSITIVE_INFINITY, g.burnTimeLeftSeconds);
  }
  return [...byFuel.values()].sort((a, b) => b.production - a.production || (a.fuel ?? '').localeCompare(b.fuel ?? ''));
}

/** Generators in the order a reader checks them: out of fuel, then the least burn time left, then by name. */
export function byUrgency(generators: readonly Generator[]): Generator[] {
  const rank = (g: Generator) => (outOfFuel(g) ? -1 : (g.burnTimeLeftSeconds ?? Number.POSITIVE_INFINITY));
  return [...generators].sort(
    (a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name) || a.generatorId.localeCompare(b.generatorId),
  );
}

/** Fluid amounts are m³ (the game's litres converted by FRM), solids are items. */
export const isFluidFuel = (g: Generator) => fluid(g.fuelForm);

export type ExtractorState = 'producing' | 'idle' | 'paused' | 'unconfigured';

export function extractorState(e: Extractor): ExtractorState {
  if (e.isPaused) return 'paused';
  if (!e.isConfigured) return 'unconfigured';
  return e.isProducing ? 'producing' : 'idle';
}

const FLUID_RESOURCES = new Set(['Desc_Water_C', 'Desc_LiquidOil_C', 'Desc_NitrogenGas_C']);

/** Water and oil extractors and fracking extractors pump m³ per minute; miners mine items per minute. */
export const isFluidExtractor = (e: Extractor) =>
  (e.resourceClass !== null && FLUID_RESOURCES.has(e.resourceClass)) || /Pump|Fracking/.test(e.className);

export interface ResourceTotal {
  resource: string | null;
  fluid: boolean;
  extractors: number;
  producing: number;
  current: number;
  max: number;
}

/** Extractors grouped by resource, most extracted first. */
export function resourceTotals(extractors: readonly Extractor[]): ResourceTotal[] {
  const byResource = new Map<string, ResourceTotal>();
  for (const e of extractors) {
    const key = e.resourceName ?? '';
    let total = byResource.get(key);
    if (!total)
      byResource.set(
        key,
        (total = {
          resource: e.resourceName,
          fluid: isFluidExtractor(e),
          extractors: 0,
          producing: 0,
          current: 0,
          max: 0,
        }),
      );
    total.extractors++;
    if (extractorState(e) === 'producing') total.producing++;
    total.current += e.currentProd;
    total.max += e.maxProd;
  }
  return [...byResource.values()].sort(
    (a, b) => b.current - a.current || (a.resource ?? '').localeCompare(b.resource ?? ''),
  );
}

/** FRM's drone statuses (getDroneStation `DroneStatus`); the panel words each in the reader's language. */
export const DRONE_STATUSES = [
  'Cannot Unload',
  'Docked',
  'Docking',
  'En Route',
  'Loading',
  'Not Enough Fuel',
  'No Drone',
  'Taking Off',
  'Unloading',
  'Unknown',
] as const;

/** The status's translation key ("En Route" -> enRoute), null for a status this version does not know. */
export function droneStatusKey(status: string | null): string | null {
  if (status === null || !(DRONE_STATUSES as readonly string[]).includes(status)) return null;
  const [first = '', ...rest] = status.split(' ');
  return first.toLowerCase() + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
}

export type StationProblem = 'noDrone' | 'noFuel' | 'lowFuel';

/** What keeps a drone port from flying soon: no drone, no fuel, or fuel for less than half an hour. */
export function stationProblem(s: DroneStation): StationProblem | null {
  if (s.droneStatus === 'No Drone') return 'noDrone';
  if (s.droneStatus === 'Not Enough Fuel' || s.fuelAmount <= 0) return 'noFuel';
  if (s.fuelTimeLeftSeconds !== null && s.fuelTimeLeftSeconds < LOW_DRONE_FUEL_SECONDS) return 'lowFuel';
  return null;
}

/** Seconds until the next coupon at the current rate; null when no points come in. */
export function nextCouponSeconds(s: Sink): number | null {
  if (s.pointsPerMinute <= 0) return null;
  return (Math.max(0, s.pointsToCoupon) / s.pointsPerMinute) * 60;
}
