import { GENERATOR_TYPES, NUCLEAR_WASTE } from './catalog-power';
import { buildable, features, inventoryItem, type Json } from './frm-shapes';
import { canStart, wasteFull, type SimGenerator } from './power-grid';
import type { World } from './world';

/**
 * getGenerators as the FRM code sends it (reference 2.6.1). Per circuit the generators' RegulatedDemandProd add up
 * to getPower's PowerProduction and their ProductionCapacity to its PowerCapacity; both read 0 while the fuse is
 * tripped. Unlike the game, a geyser's output counts as regulated production too, so the sums hold for every type.
 */
function generator(g: SimGenerator, w: World): Json {
  const circuit = w.circuits[g.circuit];
  const tripped = circuit?.fuseTripped ?? false;
  const type = g.type;
  const capacity = tripped ? 0 : g.capacity;
  const potential = g.geyser ? type.capacity : (type.capacity * g.clock) / 100;
  const load = capacity > 0 ? g.output / capacity : 0;
  const fuel = type.fuels[0];
  // The inventory holds what is not being burnt yet.
  const held = fuel?.form === 'Solid' ? Math.max(0, Math.ceil(g.fuel) - 1) : g.fuel;
  const supplement = type.supplement;
  return {
    ...buildable(g.id, type.name, type.className, g, 1000, 2000),
    BaseProd: capacity,
    DynamicProdCapacity: capacity,
    DynamicProdDemandFactor: load * 100,
    RegulatedDemandProd: g.output,
    IsFullSpeed: capacity > 0 && load >= 0.999,
    CanStart: canStart(g),
    LoadPercentage: load * 100,
    ProdPowerConsumption: 0,
    CurrentPotential: g.clock,
    ProductionCapacity: capacity,
    DefaultProductionCapacity: type.capacity,
    PowerProductionPotential: potential,
    Somersloops: 0,
    PowerShards: g.clock > 100 ? Math.ceil((g.clock - 100) / 50) : 0,
    // What is left of the unit being burnt.
    FuelAmount: g.fuel > 0 ? g.fuel - Math.ceil(g.fuel) + 1 : 0,
    Supplement: g.geyser
      ? {}
      : {
          Name: supplement?.name ?? '',
          ClassName: supplement?.className ?? 'None',
          CurrentConsumed: supplement ? (supplement.perMinute * g.output) / type.capacity : 0,
          MaxConsumed: supplement ? (supplement.perMinute * g.output) / type.capacity : 0,
          PercentFull: supplement ? 100 : 0,
        },
    NuclearWarning: type.nuclear ? (wasteFull(g) ? 'Waste Full' : 'None') : '',
    FuelResource: fuel?.form ?? 'Geothermal',
    GeoMinPower: g.geyser?.min ?? 0,
    GeoMaxPower: g.geyser?.max ?? 0,
    AvailableFuel: type.fuels.map((f) => ({ Name: f.name, ClassName: f.className, Amount: f.reported })),
    WasteInventory: type.nuclear && g.waste >= 1 ? [inventoryItem(wasteItem, Math.floor(g.waste))] : [],
    FuelInventory: fuel && held > 0 ? [inventoryItem(fuel, held)] : [],
    PowerInfo: {
      CircuitGroupID: circuit?.id ?? -1,
      CircuitID: circuit?.id ?? -1,
      FuseTriggered: tripped,
      PowerConsumed: 0,
      MaxPowerConsumed: 0,
    },
    features: features(type.name, type.name, g.x, g.y, g.z),
  };
}

const wasteItem = { name: NUCLEAR_WASTE.name, className: NUCLEAR_WASTE.className, stack: NUCLEAR_WASTE.max };

/** getGenerators and its per-type variants (getCoalGenerator, …): the same objects restricted to one class. */
export const GENERATOR_ENDPOINTS: Record<string, (w: World) => unknown> = {
  getGenerators: (w) => w.generators.map((g) => generator(g, w)),
  ...Object.fromEntries(
    Object.values(GENERATOR_TYPES).map((type) => [
      type.endpoint,
      (w: World) => w.generators.filter((g) => g.type === type).map((g) => generator(g, w)),
    ]),
  ),
};
