import { GAME_PHASE_NAMES } from '@app/game-client';
import { BUILDINGS, gamePhasePath, ITEMS, PLAYER_NAMES, schematicPath, STATIONS } from './catalog';
import { Rng } from './rng';

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

export interface SimCircuit {
  id: number;
  capacity: number;
  production: number;
  consumed: number;
  maxConsumed: number;
  batteryCapacity: number;
  batteryStored: number;
  batteryInput: number;
  batteryOutput: number;
  fuseTripped: boolean;
  tripSeconds: number;
}

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

export interface SimDrone {
  id: string;
  home: string;
  paired: string | null;
  speed: number;
  flying: boolean;
  x: number;
  y: number;
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

/**
 * The state of one simulated game: tick rate, session, players, power, production, trains, drones and buildings.
 * It moves in fixed one-second steps driven by a seeded generator, so a seed gives the same world at the same
 * age; faults and the control API can override parts of it.
 */
export class World {
  readonly players: SimPlayer[];
  readonly circuits: SimCircuit[];
  readonly trains: SimTrain[];
  readonly drones: SimDrone[];
  readonly buildings: SimBuilding[];
  readonly itemRates: Map<string, { prod: number; cons: number; max: number }>;
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
  private steps = 0;
  private readonly rng: Rng;

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
    this.circuits = Array.from({ length: r.int(1, 3) }, (_, id) => {
      const capacity = r.pick([150, 600, 1800, 4083.33349609375]);
      const hasBattery = id === 0 || r.chance(0.5);
      return {
        id,
        capacity,
        production: capacity * 0.7,
        consumed: capacity * 0.6,
        maxConsumed: capacity * r.between(0.8, 1.15),
        batteryCapacity: hasBattery ? r.pick([100, 500, 1000]) : 0,
        batteryStored: 0,
        batteryInput: 0,
        batteryOutput: 0,
        fuseTripped: false,
        tripSeconds: 0,
      };
    });
    for (const c of this.circuits) c.batteryStored = c.batteryCapacity * r.between(0.1, 0.9);
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
    this.drones = Array.from({ length: r.int(0, 2) }, (_, i) => ({
      id: `BP_DroneTransport_C_${2147415300 + i}`,
      home: r.pick(STATIONS),
      paired: r.chance(0.7) ? r.pick(STATIONS) : null,
      speed: 0,
      flying: false,
      x: r.between(-200000, 200000),
      y: r.between(-200000, 200000),
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
      ITEMS.map((item) => [item.className, { prod: item.rate, cons: item.rate * 0.9, max: item.rate * 1.4 }]),
    );
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
    for (const c of this.circuits) this.stepCircuit(c, r);
    for (const [, rate] of this.itemRates) rate.prod = Math.max(0, rate.prod + r.between(-3, 3));
    for (const t of this.trains) this.stepTrain(t, r);
    for (const d of this.drones) {
      d.flying = d.paired !== null && r.chance(0.6);
      d.speed = d.flying ? r.between(80, 105) : 0;
      d.x += d.speed * 10;
    }
    for (const b of this.buildings) if (b.configured && r.chance(0.02)) b.producing = !b.producing;
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
      p.dead = p.hp === 0;
      if (p.dead && r.chance(0.2)) p.hp = 100;
    }
    if (this.onlinePlayers !== before) this.bump(SubState.gameState);
  }

  private stepCircuit(c: SimCircuit, r: Rng): void {
    if (c.fuseTripped) {
      c.tripSeconds++;
      if (c.tripSeconds > 120) this.resetFuse(c);
      return;
    }
    c.production = Math.min(c.capacity, Math.max(0, c.production + r.between(-0.02, 0.02) * c.capacity));
    c.consumed = Math.max(0, c.consumed + r.between(-0.03, 0.03) * c.capacity);
    const surplus = c.production - c.consumed;
    c.batteryInput = c.batteryCapacity > 0 && surplus > 0 ? Math.min(surplus, 100) : 0;
    c.batteryOutput = c.batteryCapacity > 0 && surplus < 0 && c.batteryStored > 0 ? Math.min(-surplus, 100) : 0;
    c.batteryStored = Math.min(
      c.batteryCapacity,
      Math.max(0, c.batteryStored + (c.batteryInput - c.batteryOutput) / 3600),
    );
    if (c.consumed > c.production + c.batteryOutput + 1 || r.chance(0.0005)) this.tripFuse(c);
  }

  tripFuse(c: SimCircuit): void {
    c.fuseTripped = true;
    c.tripSeconds = 0;
  }

  resetFuse(c: SimCircuit): void {
    c.fuseTripped = false;
    c.consumed = c.capacity * 0.5;
  }

  private stepTrain(t: SimTrain, r: Rng): void {
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
}
