import { DRONE_FUELS, DRONE_STACKS_PER_TRIP, VEHICLE_TYPES } from './catalog-logistics';
import { droneStatus, tripFuelCost, type SimDroneStation } from './drone-ports';
import { isProducing, maxProd, type SimExtractor } from './extractors';
import { buildable, features, hhmmss, inventoryItem, NO_INVENTORY, powerInfo, type Json } from './frm-shapes';
import { dockedAt, type SimTrainStation, type SimVehicle } from './transport';
import type { World } from './world';

/** getExtractor, getDroneStation, getTrainStation and getVehicles as the FRM code sends them (reference 2.6.1). */

function extractor(e: SimExtractor, w: World): Json {
  const producing = isProducing(e, w.circuits);
  const max = maxProd(e);
  const current = producing ? max : 0;
  const fluid = e.resource.form !== 'Solid';
  const power = (e.type.power * e.clock) / 100;
  return {
    ...buildable(e.id, e.type.name, e.type.className, e, 600, 1800),
    Recipe: e.resource.name,
    RecipeClassName: e.resource.className,
    production: [
      {
        ...inventoryItem(e.resource, fluid ? e.buffer : Math.floor(e.buffer)),
        CurrentProd: current,
        MaxProd: max,
        ProdPercent: max > 0 ? (100 * current) / max : 0,
      },
    ],
    ManuSpeed: e.clock,
    Somersloops: 0,
    PowerShards: e.clock > 100 ? Math.ceil((e.clock - 100) / 50) : 0,
    IsConfigured: true,
    IsProducing: producing,
    IsPaused: e.paused,
    PowerInfo: powerInfo(w.circuits, e.circuit, producing ? power : 0, power),
    features: features(e.type.name, e.type.name, e.x, e.y, e.z),
  };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

function fuelInfo(s: SimDroneStation, fuel: (typeof DRONE_FUELS)[number]): Json {
  const cost = tripFuelCost(s, fuel.energy);
  return {
    FuelName: fuel.name,
    SingleTripFuelCost: cost,
    EstimatedTransportRate: (DRONE_STACKS_PER_TRIP * 60) / s.estimatedTrip,
    EstimatedRoundTripTime: s.estimatedTrip,
    EstimatedFuelCostRate: (cost * 60) / s.estimatedTrip,
  };
}

function droneStation(s: SimDroneStation, w: World): Json {
  const trips = s.trips;
  const latest = trips[trips.length - 1] ?? 0;
  const average = trips.reduce((a, b) => a + b, 0) / Math.max(1, trips.length);
  const flying = s.drone.present && s.paired !== null;
  const perMinute = (amount: number, seconds: number): number => (flying && seconds > 0 ? (amount * 60) / seconds : 0);
  const stack = s.cargo.stack;
  const outRate = perMinute(s.outPerTrip, average);
  const incRate = perMinute(s.incPerTrip, average);
  const latestOut = perMinute(s.outPerTrip, latest) / stack;
  const latestInc = perMinute(s.incPerTrip, latest) / stack;
  const heldFuel = Math.floor(s.fuel);
  return {
    ...buildable(s.id, s.name, 'Build_DroneStation_C', s, 1200, 1500),
    InputInventory: s.input >= 1 ? [inventoryItem(s.cargo, Math.floor(s.input))] : [],
    OutputInventory: s.output >= 1 ? [inventoryItem(s.cargo, Math.floor(s.output))] : [],
    FuelInventory: heldFuel > 0 ? [inventoryItem(s.fuelType, heldFuel)] : [],
    PairedStation: s.paired?.name ?? 'None',
    DroneStatus: droneStatus(s),
    AvgIncRate: incRate,
    AvgIncStack: incRate / stack,
    AvgOutRate: outRate,
    AvgOutStack: outRate / stack,
    AvgRndTrip: hhmmss(flying ? average : 0),
    AvgTotalIncRate: incRate,
    AvgTotalIncStack: incRate / stack,
    AvgTotalOutRate: outRate,
    AvgTotalOutStack: outRate / stack,
    AvgTripIncAmt: flying ? s.incPerTrip : 0,
    AvgTripOutAmt: flying ? s.outPerTrip : 0,
    EstTotalTransRate: flying ? (DRONE_STACKS_PER_TRIP * 60) / s.estimatedTrip : 0,
    EstLatestTotalIncStack: latestInc,
    EstLatestTotalOutStack: latestOut,
    LatestIncStack: latestInc,
    LatestOutStack: latestOut,
    LatestRndTrip: flying ? latest : 0,
    LatestTripIncAmt: flying ? s.incPerTrip : 0,
    LatestTripOutAmt: flying ? s.outPerTrip : 0,
    MedianRndTrip: hhmmss(flying ? median(trips) : 0),
    MedianTripIncAmt: flying ? s.incPerTrip : 0,
    MedianTripOutAmt: flying ? s.outPerTrip : 0,
    ActiveFuel: fuelInfo(s, s.fuelType),
    FuelInfo: DRONE_FUELS.map((f) => fuelInfo(s, f)),
    PowerInfo: powerInfo(w.circuits, s.circuit, 100, 100),
    features: features('Drone Port', 'Drone Station', s.x, s.y, s.z),
  };
}

function trainStation(s: SimTrainStation, w: World): Json {
  const docked = w.trains.some((t) => dockedAt(t) === s.name);
  const platforms = s.platforms.map((p) => {
    const rate = docked ? p.item.stack / 120 : 0;
    return {
      ...buildable(p.id, 'Freight Platform', 'Build_TrainDockingStation_C', { x: p.x, y: p.y, z: s.z, rotation: 90 }),
      PowerInfo: powerInfo(w.circuits, 0, docked ? 50 : 0.1, 50),
      TransferRate: rate,
      InflowRate: 0,
      OutflowRate: 0,
      LoadingMode: p.mode,
      LoadingStatus: docked ? p.mode : 'Idle',
      DockingStatus: docked ? p.mode : 'None',
      Inventory: p.amount > 0 ? [inventoryItem(p.item, p.amount)] : [],
    };
  });
  return {
    ...buildable(s.id, s.name, 'Build_TrainStation_C', { ...s, rotation: 90 }, 800, 1500),
    TransferRate: platforms.reduce((sum, p) => sum + p.TransferRate, 0),
    InflowRate: 0,
    OutflowRate: 0,
    CargoInventory: platforms,
    // FRM takes the coordinates from the station identifier, not the building: always 0,0,0.
    features: features(s.name, 'Train Station', 0, 0, 0),
    PowerInfo: powerInfo(w.circuits, 0, 0.1, 50),
  };
}

function vehicle(v: SimVehicle, w: World): Json {
  const moving = v.speed > 0;
  const fuel = v.type.fuel;
  const driver = w.players[v.driver];
  return {
    ID: v.id,
    Name: v.type.name,
    ClassName: v.type.className,
    location: { x: v.x, y: v.y, z: v.z, rotation: v.rotation, pitch: 0 },
    PathName: 'PathName',
    AutoPilotStatus: 'None',
    Driver: !v.autopilot && driver?.online ? driver.name : '',
    CurrentGear: moving ? 2 : 0,
    ForwardSpeed: v.speed,
    EngineRPM: moving ? v.speed * 40 : 0,
    ThrottlePercent: moving ? 0.6 : 0,
    Airborne: false,
    FollowingPath: v.autopilot && moving,
    Autopilot: v.autopilot,
    HasFuel: fuel === null || v.fuel > 0,
    FuelConsumption: moving ? v.type.power : 0,
    Inventory: v.type.name === 'Factory Cart' ? NO_INVENTORY : [],
    FuelInventory: fuel ? [inventoryItem(fuel, Math.ceil(v.fuel))] : NO_INVENTORY,
    features: features(v.type.name, v.type.name, v.x, v.y, v.z),
  };
}

export const LOGISTICS_ENDPOINTS: Record<string, (w: World) => unknown> = {
  getExtractor: (w) => w.extractors.map((e) => extractor(e, w)),
  getDroneStation: (w) => w.droneStations.map((s) => droneStation(s, w)),
  getTrainStation: (w) => w.trainStations.map((s) => trainStation(s, w)),
  getVehicles: (w) => w.vehicles.map((v) => vehicle(v, w)),
  ...Object.fromEntries(
    VEHICLE_TYPES.map((type) => [
      type.endpoint,
      (w: World) => w.vehicles.filter((v) => v.type === type).map((v) => vehicle(v, w)),
    ]),
  ),
};
