import { STORED_ITEMS, VEHICLE_TYPES, type Item } from './catalog-logistics';
import type { Rng } from './rng';

export interface SimTrain {
  id: string;
  name: string;
  route: string[];
  index: number;
  progress: number;
  speed: number;
  payload: number;
  maxPayload: number;
  derailed: boolean;
  x: number;
  y: number;
}

export interface SimPlatform {
  id: string;
  mode: 'Loading' | 'Unloading';
  item: Item;
  amount: number;
  x: number;
  y: number;
}

export interface SimTrainStation {
  id: string;
  /** The name trains' TimeTable and TrainStation use. */
  name: string;
  x: number;
  y: number;
  z: number;
  platforms: SimPlatform[];
}

export interface SimVehicle {
  id: string;
  type: (typeof VEHICLE_TYPES)[number];
  x: number;
  y: number;
  z: number;
  rotation: number;
  /** km/h. */
  speed: number;
  autopilot: boolean;
  /** Fuel items held. */
  fuel: number;
  /** Index of the player who drives it when it is not on autopilot (shown while that player is online). */
  driver: number;
}

/** A train is docked at a station while it stands still at the stop it is heading for. */
export const dockedAt = (t: SimTrain): string | null =>
  !t.derailed && t.speed === 0 ? (t.route[t.index] ?? null) : null;

/** One station per name on the trains' timetables, with one or two freight platforms. */
export function createTrainStations(trains: readonly SimTrain[], r: Rng): SimTrainStation[] {
  const names = [...new Set(trains.flatMap((t) => t.route))];
  return names.map((name, i) => {
    const x = r.between(-200000, 200000);
    const y = r.between(-200000, 200000);
    return {
      id: `Build_TrainStation_C_${2147412400 + i * 19}`,
      name,
      x,
      y,
      z: r.between(0, 8000),
      platforms: Array.from({ length: r.int(1, 2) }, (_, p) => {
        const item = r.pick(STORED_ITEMS);
        return {
          id: `Build_TrainDockingStation_C_${2147408900 + i * 19 + p}`,
          mode: r.chance(0.5) ? ('Loading' as const) : ('Unloading' as const),
          item,
          amount: r.int(0, item.stack * 48),
          x: x + 1600 * (p + 1),
          y,
        };
      }),
    };
  });
}

export function createVehicles(r: Rng, players: number): SimVehicle[] {
  return Array.from({ length: r.int(0, 3) }, (_, i) => {
    const type = r.pick(VEHICLE_TYPES);
    return {
      id: `${type.className}_${2147354300 + i * 23}`,
      type,
      x: r.between(-200000, 200000),
      y: r.between(-200000, 200000),
      z: r.between(-1000, 5000),
      rotation: r.between(0, 360),
      speed: 0,
      autopilot: r.chance(0.6),
      fuel: type.fuel ? r.int(10, type.fuel.stack) : 0,
      driver: r.int(0, Math.max(0, players - 1)),
    };
  });
}

/** One second of a self-driving vehicle: it drives (now and then stopping), burns fuel and refuels at its stops. */
export function stepVehicle(v: SimVehicle, r: Rng): void {
  const moving = v.autopilot && r.chance(0.85);
  v.speed = moving ? r.between(30, 70) : 0;
  v.x += v.speed * 27.8 * Math.cos((v.rotation * Math.PI) / 180);
  v.y += v.speed * 27.8 * Math.sin((v.rotation * Math.PI) / 180);
  if (Math.abs(v.x) > 300000 || Math.abs(v.y) > 300000) v.rotation = (v.rotation + 180) % 360;
  const fuel = v.type.fuel;
  if (!fuel || !moving) return;
  v.fuel = Math.max(0, v.fuel - 0.05);
  if (v.fuel < 2) v.fuel = fuel.stack;
}

/** One second of a train: it runs its timetable, stands 10 s at each stop and, rarely, derails. */
export function stepTrain(t: SimTrain, r: Rng): void {
  if (t.derailed) return;
  if (r.chance(0.0002)) {
    t.derailed = true;
    t.speed = 0;
    return;
  }
  t.progress += 0.01;
  t.speed = t.progress % 1 < 0.1 ? 0 : r.between(60, 120);
  t.x += t.speed * 27.8;
  if (t.progress >= 1) {
    t.progress = 0;
    t.index = (t.index + 1) % t.route.length;
    t.payload = t.payload > 0 ? 0 : t.maxPayload * r.between(0.5, 1);
  }
}
