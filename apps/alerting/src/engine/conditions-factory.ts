import type { FieldWords } from '@app/alerts';
import type { DroneStation, Extractor, Generator, InventoryItem, ProductionItem, ResourceSink } from '@app/contracts';
import { text } from './conditions-power';
import type { Observation, RuleDef } from './model';

/** FRM names every building of a type alike ("Coal Generator"): its id tells one from another. */
const buildingLabel = (name: string, id: string): string => (name && name !== id ? `${name} (${id})` : id);

const GEOTHERMAL = 'Build_GeneratorGeoThermal_C';

const circuitField = (id: number | null): FieldWords[] =>
  id === null ? [] : [{ name: 'circuit', value: text(String(id)), inline: true }];

/** An item the factory consumes faster than it makes (rates per minute). */
export function observeDeficit(rule: RuleDef, server: string, items: readonly ProductionItem[]): Observation[] {
  const least = rule.params.min_per_minute ?? 1;
  return items.map((i) => {
    const deficit = i.currentConsumed - i.currentProd;
    return {
      instance: i.itemClass,
      label: { key: 'text', text: i.itemName || i.itemClass },
      holds: deficit > 0 && deficit >= least,
      value: deficit,
      unit: 'perMinute',
      fields: [
        { name: 'item', value: text(i.itemName || i.itemClass), inline: true },
        { name: 'produced', value: { key: 'perMinute', value: i.currentProd }, inline: true },
        { name: 'consumed', value: { key: 'perMinute', value: i.currentConsumed }, inline: true },
      ],
      summary: {
        key: 'productionDeficit',
        item: i.itemName || i.itemClass,
        server,
        produced: i.currentProd,
        consumed: i.currentConsumed,
      },
    };
  });
}

/**
 * A fuel-burning generator about to stop: fuel for less than the threshold at its current output, none held, or it
 * cannot start (no water for a coal generator). Geothermal generators burn nothing. An idle generator (no demand)
 * has no burn time: it is not running out.
 */
export function observeGenerators(rule: RuleDef, server: string, generators: readonly Generator[]): Observation[] {
  const limit = (rule.params.minutes ?? 1) * 60;
  const out: Observation[] = [];
  for (const g of generators) {
    if (g.className === GEOTHERMAL || g.fuelForm === 'Geothermal') continue;
    const label = buildingLabel(g.name, g.generatorId);
    const burn = g.burnTimeLeftSeconds;
    const why =
      g.fuelAmount <= 0 ? 'empty' : !g.canStart ? 'cannotStart' : burn !== null && burn < limit ? 'low' : null;
    const fields: FieldWords[] = [
      { name: 'generator', value: text(label), inline: true },
      { name: 'fuel', value: text(g.fuelName ?? '—'), inline: true },
      { name: 'fuelLeft', value: { key: 'number', value: g.fuelAmount }, inline: true },
    ];
    if (burn !== null) fields.push({ name: 'timeLeft', value: { key: 'duration', seconds: burn }, inline: true });
    out.push({
      instance: g.generatorId,
      label: { key: 'text', text: label },
      holds: why !== null,
      value: why === 'low' ? burn : why === null ? null : 0,
      unit: 'seconds',
      fields: [...fields, ...circuitField(g.circuitGroupId)],
      summary: {
        key: 'generatorFuel',
        generator: label,
        server,
        fuel: g.fuelName,
        why: why ?? 'low',
        seconds: why === 'low' ? burn : null,
      },
    });
  }
  return out;
}

/** A configured extractor that no player paused, producing nothing (no power, or its output is full). */
export function observeExtractors(rule: RuleDef, server: string, extractors: readonly Extractor[]): Observation[] {
  return extractors.map((e) => {
    const label = buildingLabel(e.name, e.extractorId);
    return {
      instance: e.extractorId,
      label: { key: 'text', text: label },
      holds: e.isConfigured && !e.isPaused && !e.isProducing,
      value: null,
      unit: 'none',
      fields: [
        { name: 'extractor', value: text(label), inline: true },
        { name: 'resource', value: text(e.resourceName ?? '—'), inline: true },
        ...circuitField(e.circuitGroupId),
      ],
      summary: { key: 'extractorStopped', extractor: label, server, resource: e.resourceName },
    };
  });
}

/**
 * A drone port whose drone cannot fly: FRM says "Not Enough Fuel", a paired port holds no fuel or fuel for less
 * than the threshold (at FRM's estimate for an always-busy drone), or a paired port has no drone. An unpaired
 * port without a drone only receives: nothing is wrong with it.
 */
export function observeDroneStations(rule: RuleDef, server: string, stations: readonly DroneStation[]): Observation[] {
  const limit = (rule.params.minutes ?? 0) * 60;
  return stations.map((s) => {
    const paired = s.pairedStation !== null;
    const noDrone = s.droneStatus === 'No Drone';
    const left = s.fuelTimeLeftSeconds;
    const why =
      noDrone && paired
        ? 'noDrone'
        : s.droneStatus === 'Not Enough Fuel' || (paired && !noDrone && s.fuelAmount <= 0)
          ? 'noFuel'
          : paired && !noDrone && left !== null && left < limit
            ? 'lowFuel'
            : null;
    const fields: FieldWords[] = [
      { name: 'station', value: text(s.name), inline: true },
      { name: 'droneStatus', value: text(s.droneStatus ?? '—'), inline: true },
      { name: 'fuel', value: text(s.fuelName ?? '—'), inline: true },
      { name: 'fuelLeft', value: { key: 'number', value: s.fuelAmount }, inline: true },
    ];
    if (left !== null) fields.push({ name: 'timeLeft', value: { key: 'duration', seconds: left }, inline: true });
    return {
      instance: s.stationId,
      label: { key: 'text', text: s.name || s.stationId },
      holds: why !== null,
      value: why === 'lowFuel' ? left : why === 'noFuel' ? 0 : null,
      unit: 'seconds',
      fields,
      summary: {
        key: 'droneStationStopped',
        station: s.name || s.stationId,
        server,
        why: why ?? 'lowFuel',
        seconds: why === 'lowFuel' ? left : null,
      },
    };
  });
}

/** An item's production rates per minute (FRM's production statistics). */
export interface Rates {
  produced: number;
  consumed: number;
}

export const ratesOf = (items: readonly ProductionItem[]): ReadonlyMap<string, Rates> =>
  new Map(items.map((i) => [i.itemClass, { produced: i.currentProd, consumed: i.currentConsumed }]));

/**
 * An item in stock (containers and the dimensional depot) that the factory consumes faster than it makes: empty in
 * stock / deficit. Only items in stock are observed (one that is gone vanishes: the production deficit rule tells
 * that); an item without production statistics has no known rate and is not running out.
 */
export function observeStock(
  rule: RuleDef,
  server: string,
  items: readonly InventoryItem[],
  rates: ReadonlyMap<string, Rates>,
): Observation[] {
  const limit = (rule.params.minutes ?? 60) * 60;
  const out: Observation[] = [];
  for (const i of items) {
    const amount = i.amount + i.cloudAmount;
    if (amount <= 0) continue;
    const r = rates.get(i.itemClass);
    const deficit = r ? r.consumed - r.produced : 0;
    const seconds = deficit > 0 ? Math.round((amount / deficit) * 60) : null;
    const item = i.itemName || i.itemClass;
    const fields: FieldWords[] = [
      { name: 'item', value: text(item), inline: true },
      { name: 'stock', value: { key: 'number', value: amount }, inline: true },
    ];
    if (r) {
      fields.push({ name: 'produced', value: { key: 'perMinute', value: r.produced }, inline: true });
      fields.push({ name: 'consumed', value: { key: 'perMinute', value: r.consumed }, inline: true });
    }
    if (seconds !== null) fields.push({ name: 'timeLeft', value: { key: 'duration', seconds }, inline: true });
    out.push({
      instance: i.itemClass,
      label: { key: 'text', text: item },
      holds: seconds !== null && seconds < limit,
      value: seconds,
      unit: 'seconds',
      fields,
      summary: { key: 'stockEmptySoon', item, server, amount, deficit, seconds: seconds ?? 0 },
    });
  }
  return out;
}

/** The AWESOME Sink earning fewer points per minute than the threshold. */
export function observeSink(rule: RuleDef, server: string, sink: ResourceSink): Observation[] {
  const below = rule.params.points_per_minute ?? 0;
  return [
    {
      instance: '',
      label: { key: 'text', text: server },
      holds: sink.pointsPerMinute < below,
      value: sink.pointsPerMinute,
      unit: 'perMinute',
      fields: [{ name: 'pointsPerMinute', value: { key: 'number', value: sink.pointsPerMinute }, inline: true }],
      summary: { key: 'sinkPointsLow', server, perMinute: sink.pointsPerMinute, below },
    },
  ];
}
