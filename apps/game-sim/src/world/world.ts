import { GAME_PHASE_NAMES } from '@app/game-client';
import { BUILDINGS, gamePhasePath, ITEMS, PLAYER_NAMES, schematicPath, STATIONS } from './catalog';
import { createDronePorts, stepDronePort, type SimDrone, type SimDroneStation } from './drone-ports';
import { createExtractors, stepExtractor, type SimExtractor } from './extractors';
import { createCircuits, createGenerators, PowerGrid, type SimCircuit, type SimGenerator } from './power-grid';
import { Rng } from './rng';
import {
  createContainers,
  createDepot,
  createSinkBuildings,
  createSinkTrack,
  stepSinkTrack,
  stepStorage,
  type SimContainer,
  type SimSinkBuilding,
  type SimStack,
  type SinkTrack,
} from './stores';
import {
  createTrainStations,
  createVehicles,
  stepTrain,
  stepVehicle,
  type SimTrain,
  type SimTrainStation,
  type SimVehicle,
} from './transport';

export type { SimCircuit, SimDrone, SimGenerator, SimTrain };

export interface SimPlayer {
  id: string;
  name: string;
  online: boolean;
  hp: number;
  dead: boolean;
  speed: number;
  x: number;
  y: number;
  z: number;
  rotation: number;
}

export interface SimBuilding {
  id: string;
  kind: (typeof BUILDINGS)[number];
  configured: boolean;
  producing: boolean;
  paused: boolean;
  clock: number;
  circuit: number;
  x: number;
  y: number;
  z: number;
}

/** Sub-state ids of the lightweight query, bumped when the matching HTTPS data changes. */
export const SubState = { gameState: 0, options: 1, advancedSettings: 2, saves: 3 } as const;

/** A getProdStats item: rates per minute; `fixed*` hold the control API's figures until cleared. */
export interface SimItemRate {
  prod: number;
  cons: number;
  max: number;
  naturalCons: number;
  fixedProd: number | null;
  fixedCons: number | null;
}

/** The save's settings getSessionInfo reports besides the clock. */
export interface SessionSettings {
  seed: number;
  nodeRando: string;
  nodePurity: string;
  spaceElevatorCost: number;
  recipeCost: number;
  powerCost: number;
}

/**
 * The state of one simulated game: tick rate, session, players, power (circuits and their generators),
 * production, extractors, trains, drones and their ports, storage, the resource sink, vehicles and buildings.
 * It moves in fixed one-second steps driven by a seeded generator, so a seed gives the same world at the same
 * age; faults and the control API can override parts of it. A step only updates numbers in place: JSON is
 * rendered when an endpoint is asked (frm-view.ts).
 */
export class World {
  readonly players: SimPlayer[];
  readonly circuits: SimCircuit[];
  readonly generators: SimGenerator[];
  readonly power: PowerGrid;
  readonly trains: SimTrain[];
  readonly trainStations: SimTrainStation[];
  readonly drones: SimDrone[];
  readonly droneStations: SimDroneStation[];
  readonly extractors: SimExtractor[];
  readonly containers: SimContainer[];
  /** The dimensional depot (getCloudInv). */
  readonly depot: SimStack[];
  readonly sink: { resource: SinkTrack; exploration: SinkTrack };
  readonly sinkBuildings: SimSinkBuilding[];
  readonly vehicles: SimVehicle[];
  readonly buildings: SimBuilding[];
  readonly itemRates: Map<string, SimItemRate>;
  readonly settings: SessionSettings;
  readonly subStates = new Map<number, number>([
    [0, 1],
    [1, 1],
    [3, 1],
    [2, 1],
  ]);
  sessionName: string;
  playerLimit = 4;
  techTier: number;
  phase: number;
  tickRate = 30;
  /** A forced tick rate (the "degraded" fault or the control API); null lets the world decide. */
  tickRateOverride: number | null = null;
  autoPause = true;
  totalDuration: number;
  passedDays: number;
  dayMinutes = 8 * 60;
  lastDeathDay: number;
  /** Coupons ready to be printed at the sinks (both tracks earn them). */
  coupons: number;
  /** Belts bring fuel to generators and drone ports; the control API can cut them. */
  fuelSupply = true;
  private steps = 0;
  private readonly rng: Rng;
  /** Drives the parts added after the first worlds (generators, extractors, ports, storage, sink, vehicles). */
  private readonly life: Rng;

  constructor(
    seed: number,
    private readonly startedAt: number,
  ) {
    this.rng = new Rng(seed);
    const r = this.rng.fork(1);
    this.sessionName = `${r.pick(['Northern Forest', 'Grass Fields', 'Rocky Desert', 'Dune Desert'])} ${r.int(1, 99)}`;
    this.techTier = r.int(2, 8);
    this.phase = Math.min(this.techTier >> 1, GAME_PHASE_NAMES.length - 2);
    this.totalDuration = r.int(3_600, 400_000);
    this.passedDays = Math.floor(this.totalDuration / 3600);
    this.players = PLAYER_NAMES.slice(0, r.int(2, 6)).map((name, i) => ({
      id: `Char_Player_C_${2147400000 + r.int(0, 99999) + i}`,
      name,
      online: i === 0 || r.chance(0.4),
      hp: 100,
      dead: false,
      speed: 0,
      x: r.between(-200000, 200000),
      y: r.between(-200000, 200000),
      z: r.between(0, 20000),
      rotation: r.between(0, 360),
    }));
    this.circuits = createCircuits(r);
    this.trains = Array.from({ length: r.int(0, 3) }, (_, i) => ({
      id: `BP_Train_C_${2146471700 + i}`,
      name: `${r.pick(STATIONS)} Express`,
      route: [r.pick(STATIONS), r.pick(STATIONS)],
      index: 0,
      progress: r.next(),
      speed: 0,
      payload: 0,
      maxPayload: 140000,
      derailed: false,
      x: r.between(-150000, 150000),
      y: r.between(-150000, 150000),
    }));
    this.buildings = Array.from({ length: r.int(12, 40) }, (_, i) => ({
      id: `Build_${i}_C_${2146597300 + i}`,
      kind: r.pick(BUILDINGS),
      configured: r.chance(0.95),
      producing: true,
      paused: false,
      clock: r.pick([100, 100, 100, 150, 250]),
      circuit: r.int(0, Math.max(0, this.circuits.length - 1)),
      x: r.between(-100000, 100000),
      y: r.between(-100000, 100000),
      z: r.between(0, 15000),
    }));
    this.itemRates = new Map(
      ITEMS.map((item) => [
        item.className,
        {
          prod: item.rate,
          cons: item.rate * 0.9,
          max: item.rate * 1.4,
          naturalCons: item.rate * 0.9,
          fixedProd: null,
          fixedCons: null,
        },
      ]),
    );
    const g = r.fork(2);
    this.life = r.fork(3);
    this.generators = createGenerators(this.circuits, g);
    this.power = new PowerGrid(this.circuits, this.generators);
    this.extractors = createExtractors(g, this.circuits.length);
    this.droneStations = createDronePorts(g);
    for (const s of this.droneStations) s.circuit = g.int(0, this.circuits.length - 1);
    this.drones = this.droneStations.map((s) => s.drone);
    this.trainStations = createTrainStations(this.trains, g);
    this.containers = createContainers(g);
    this.depot = createDepot(g);
    this.sink = {
      resource: createSinkTrack('Resource', g, g.between(500, 3000 * this.techTier), g.int(5, 20 * this.techTier)),
      exploration: createSinkTrack('Exploration', g, g.pick([0, 0, 120, 600]), g.int(0, 10)),
    };
    this.coupons = g.int(0, 40);
    this.sinkBuildings = createSinkBuildings(g, this.circuits.length);
    this.vehicles = createVehicles(g, this.players.length);
    const rando = g.pick(['Default', 'Default', 'Default', 'Random', 'Basic Rich', 'Fossil Fuel Rich']);
    this.settings = {
      seed: rando === 'Default' ? 0 : g.int(1, 2 ** 31 - 1),
      nodeRando: rando,
      nodePurity: g.pick(['Default', 'Default', 'Default', 'Mostly Pure', 'Random']),
      spaceElevatorCost: 1,
      recipeCost: g.pick([1, 1, 1, 0.5, 2]),
      powerCost: 1,
    };
    this.lastDeathDay = Math.max(0, this.passedDays - g.int(0, 60));
  }

  get onlinePlayers(): number {
    return this.players.filter((p) => p.online).length;
  }

  /** Paused while nobody is online and auto-pause is on, as the dedicated server does. */
  get paused(): boolean {
    return this.autoPause && this.onlinePlayers === 0;
  }

  get effectiveTickRate(): number {
    return this.tickRateOverride ?? this.tickRate;
  }

  get gamePhase(): string {
    return gamePhasePath(this.phase);
  }

  get activeSchematic(): string {
    return this.techTier >= 2 ? schematicPath(this.techTier, 1) : 'None';
  }

  bump(subState: number): void {
    this.subStates.set(subState, (this.subStates.get(subState) ?? 0) + 1);
  }

  /** Another save is loaded: a new session name, which the game API's state and the query's counters show. */
  loadSession(name: string): void {
    this.sessionName = name;
    this.bump(SubState.gameState);
    this.bump(SubState.saves);
  }

  /** Advances the world in one-second steps up to `now`. */
  advanceTo(now: number): void {
    const target = Math.floor((now - this.startedAt) / 1000);
    // A long gap (a suspended process) is not replayed second by second.
    if (target - this.steps > 3600) this.steps = target - 3600;
    while (this.steps < target) {
      this.step();
      this.steps++;
    }
  }

  private step(): void {
    const r = this.rng;
    // Tick rate: a random walk near 30 with rare dips (autosaves, big factories).
    this.tickRate = Math.min(30, Math.max(8, this.tickRate + r.between(-0.6, 0.6) + (30 - this.tickRate) * 0.2));
    if (r.chance(0.01)) this.tickRate = r.between(12, 20);
    this.stepPlayers(r);
    if (this.paused) return; // FRM values freeze while the session is paused.
    this.totalDuration += 1;
    this.dayMinutes = (this.dayMinutes + 1) % (24 * 60);
    if (this.dayMinutes === 0) this.passedDays++;
    this.power.step(r, this.fuelSupply);
    for (const [, rate] of this.itemRates) {
      const drift = r.between(-3, 3);
      rate.prod = rate.fixedProd ?? Math.max(0, rate.prod + drift);
      rate.cons = rate.fixedCons ?? rate.naturalCons;
    }
    for (const t of this.trains) stepTrain(t, r);
    for (const b of this.buildings) if (b.configured && r.chance(0.02)) b.producing = !b.producing;
    this.stepLogistics(this.life);
  }

  private stepLogistics(g: Rng): void {
    for (const e of this.extractors) stepExtractor(e, g, this.circuits);
    for (const s of this.droneStations) stepDronePort(s, g, this.fuelSupply);
    stepStorage(this.containers, this.depot, g);
    const newMinute = this.totalDuration % 60 === 0;
    this.coupons +=
      stepSinkTrack(this.sink.resource, g, newMinute) + stepSinkTrack(this.sink.exploration, g, newMinute);
    if (g.chance(0.0005)) this.coupons = 0; // someone printed them
    for (const v of this.vehicles) stepVehicle(v, g);
  }

  private stepPlayers(r: Rng): void {
    const before = this.onlinePlayers;
    for (const p of this.players) {
      if (r.chance(0.004)) p.online = !p.online;
      if (!p.online) {
        p.speed = 0;
        continue;
      }
      p.speed = r.chance(0.5) ? r.between(0, 50) : 0;
      p.x += p.speed * 27.8;
      p.y += r.between(-200, 200);
      p.hp = Math.min(100, Math.max(0, p.hp + (r.chance(0.02) ? -r.between(5, 40) : 2)));
      if (p.hp === 0 && !p.dead) this.lastDeathDay = this.passedDays;
      p.dead = p.hp === 0;
      if (p.dead && r.chance(0.2)) p.hp = 100;
    }
    if (this.onlinePlayers !== before) this.bump(SubState.gameState);
  }
}
