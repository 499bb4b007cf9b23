import { DRONE_FUELS, DRONE_PORT_NAMES, DRONE_STACKS_PER_TRIP, STORED_ITEMS, type Item } from './catalog-logistics';
import type { Rng } from './rng';

export interface SimDrone {
  id: string;
  /** The name of its port (getDrone `HomeStation`). */
  home: string;
  paired: string | null;
  speed: number;
  flying: boolean;
  /** False once the control API took the drone away: the port then says "No Drone" and getDrone omits it. */
  present: boolean;
  x: number;
  y: number;
}

export interface SimDroneStation {
  id: string;
  /** The port's name, which getDrone's HomeStation and PairedStation use. */
  name: string;
  circuit: number;
  x: number;
  y: number;
  z: number;
  drone: SimDrone;
  paired: SimDroneStation | null;
  fuelType: (typeof DRONE_FUELS)[number];
  /** Fuel items held. */
  fuel: number;
  /** MJ one round trip to the paired port costs. */
  tripEnergy: number;
  /** The game's estimate of a round trip, seconds. */
  estimatedTrip: number;
  /** Seconds into the current round trip; -1 while docked at home. */
  t: number;
  tripLength: number;
  /** The last round trips, seconds (oldest first). */
  trips: number[];
  cargo: Item;
  outPerTrip: number;
  incPerTrip: number;
  input: number;
  output: number;
}

/** What one round trip of this port's drone burns, in items of its fuel. */
export const tripFuelCost = (s: SimDroneStation, energy = s.fuelType.energy): number => s.tripEnergy / energy;

const PHASES: readonly (readonly [number, string])[] = [
  [0.06, 'Loading'],
  [0.1, 'Taking Off'],
  [0.42, 'En Route'],
  [0.46, 'Docking'],
  [0.54, 'Unloading'],
  [0.58, 'Taking Off'],
  [0.9, 'En Route'],
  [0.94, 'Docking'],
  [1, 'Unloading'],
];
const FLYING = new Set(['Taking Off', 'En Route', 'Docking']);

/** FRM's DroneStatus of the port. */
export function droneStatus(s: SimDroneStation): string {
  if (!s.drone.present) return 'No Drone';
  if (!s.paired) return 'Docked';
  if (s.t < 0) return s.fuel < tripFuelCost(s) ? 'Not Enough Fuel' : 'Docked';
  const p = s.t / s.tripLength;
  for (const [end, status] of PHASES) if (p < end) return status;
  return 'Docked';
}

/** Two or three ports, each with its drone, paired in a ring (now and then one is left unpaired). */
export function createDronePorts(r: Rng): SimDroneStation[] {
  const count = r.int(2, 3);
  const stations: SimDroneStation[] = Array.from({ length: count }, (_, i) => {
    const name = DRONE_PORT_NAMES[i] ?? `Port ${i + 1}`;
    const x = r.between(-200000, 200000);
    const y = r.between(-200000, 200000);
    const cargo = r.pick(STORED_ITEMS);
    const estimatedTrip = r.between(90, 240);
    return {
      id: `Build_DroneStation_C_${2147447200 + i * 11}`,
      name,
      circuit: 0,
      x,
      y,
      z: r.between(-4000, 8000),
      drone: {
        id: `BP_DroneTransport_C_${2147415300 + i}`,
        home: name,
        paired: null,
        speed: 0,
        flying: false,
        present: true,
        x,
        y,
      },
      paired: null,
      fuelType: r.pick(DRONE_FUELS),
      fuel: 0,
      tripEnergy: r.between(15000, 30000),
      estimatedTrip,
      t: -1,
      tripLength: estimatedTrip,
      trips: Array.from({ length: 5 }, () => estimatedTrip * r.between(0.95, 1.1)),
      cargo,
      outPerTrip: Math.round(DRONE_STACKS_PER_TRIP * cargo.stack * r.between(0.5, 1)),
      incPerTrip: r.chance(0.4) ? Math.round(DRONE_STACKS_PER_TRIP * cargo.stack * r.between(0.2, 1)) : 0,
      input: Math.round(cargo.stack * r.between(5, 30)),
      output: Math.round(cargo.stack * r.between(0, 10)),
    };
  });
  stations.forEach((s, i) => {
    const next = stations[(i + 1) % stations.length];
    if (next && next !== s && r.chance(0.85)) s.paired = next;
    s.drone.paired = s.paired?.name ?? null;
    s.fuel = Math.min(s.fuelType.stack, Math.ceil(tripFuelCost(s) * r.between(3, 20)));
    if (s.paired) {
      s.tripLength = s.trips[4] ?? s.estimatedTrip;
      s.t = Math.floor(r.between(0, s.tripLength));
    }
  });
  return stations;
}

/** One second of a port: its belt brings fuel (unless the supply is cut) and its drone flies its round trip. */
export function stepDronePort(s: SimDroneStation, r: Rng, fuelSupply: boolean): void {
  const cost = tripFuelCost(s);
  if (fuelSupply) s.fuel = Math.min(s.fuelType.stack, s.fuel + (1.5 * cost) / s.estimatedTrip);
  // Belts fill the outgoing cargo and empty the incoming one at about the drone's pace.
  s.input = Math.min(s.cargo.stack * 48, s.input + s.outPerTrip / s.estimatedTrip);
  s.output = Math.max(0, s.output - s.incPerTrip / s.estimatedTrip);
  const d = s.drone;
  if (!d.present || !s.paired) {
    d.flying = false;
    d.speed = 0;
    return;
  }
  if (s.t < 0) {
    if (s.fuel < cost) return;
    s.fuel -= cost;
    s.t = 0;
    s.tripLength = s.estimatedTrip * r.between(0.95, 1.1);
    s.input = Math.max(0, s.input - s.outPerTrip);
  }
  s.t++;
  const p = Math.min(1, s.t / s.tripLength);
  d.flying = FLYING.has(droneStatus(s));
  d.speed = d.flying ? r.between(80, 105) : 0;
  // Out and back: 0 at home, 1 at the paired port half way through.
  const reach = p < 0.5 ? p * 2 : (1 - p) * 2;
  d.x = s.x + (s.paired.x - s.x) * reach;
  d.y = s.y + (s.paired.y - s.y) * reach;
  if (s.t >= s.tripLength) {
    s.trips.shift();
    s.trips.push(s.tripLength);
    s.output = Math.min(s.cargo.stack * 48, s.output + s.incPerTrip);
    s.t = -1;
  }
}
