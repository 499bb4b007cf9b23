import { ITEMS } from './world/catalog';
import { fuelBuffer } from './world/power-grid';
import type { World } from './world/world';

type Json = Record<string, unknown>;

/** What `PATCH /servers/:id/world` answers: 200 with the world's summary, or 400 with one sentence. */
export interface PatchOutcome {
  status: number;
  body: unknown;
}

export const PATCH_FIELDS = [
  'tickRate',
  'fuseTripped',
  'playersOnline',
  'generatorFuel',
  'fuelSupply',
  'extractorPaused',
  'droneStation',
  'item',
  'circuit',
  'derailTrain',
  'sessionName',
  'sinkPointsPerMinute',
] as const;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const LIST_HINT = 'GET /servers/:id lists them';

/** The ids and names tests address the world by (GET /servers/:id and every PATCH answer). */
export function worldSummary(w: World): Json {
  return {
    tickRate: w.effectiveTickRate,
    playersOnline: w.onlinePlayers,
    paused: w.paused,
    circuits: w.circuits.length,
    sessionName: w.sessionName,
    fuelSupply: w.fuelSupply,
    generators: w.generators.map((g) => ({ id: g.id, className: g.type.className, circuit: g.circuit })),
    extractors: w.extractors.map((e) => ({ id: e.id, className: e.type.className, resource: e.resource.name })),
    droneStations: w.droneStations.map((s) => ({ id: s.id, name: s.name, drone: s.drone.present })),
    containers: w.containers.map((c) => ({ id: c.id, name: c.type.name })),
    trains: w.trains.map((t) => ({ id: t.id, name: t.name, derailed: t.derailed })),
  };
}

/** Checks every field of the body; the first problem, or null. Nothing is applied unless all fields are valid. */
function problemOf(w: World, body: Json): string | null {
  const unknown = Object.keys(body).find((k) => !(PATCH_FIELDS as readonly string[]).includes(k));
  if (unknown !== undefined) return `unknown field "${unknown}"; the fields are ${PATCH_FIELDS.join(', ')}`;
  const { tickRate, fuseTripped, playersOnline, fuelSupply, derailTrain, sessionName, sinkPointsPerMinute } = body;
  if (tickRate !== undefined && tickRate !== null && (typeof tickRate !== 'number' || tickRate < 0 || tickRate > 60)) {
    return 'tickRate must be a number between 0 and 60, or null';
  }
  if (fuseTripped !== undefined && (typeof fuseTripped !== 'number' || !w.circuits[fuseTripped])) {
    return `fuseTripped must be a circuit id between 0 and ${w.circuits.length - 1}`;
  }
  if (
    playersOnline !== undefined &&
    (typeof playersOnline !== 'number' || playersOnline < 0 || playersOnline > w.players.length)
  ) {
    return `playersOnline must be between 0 and ${w.players.length}`;
  }
  if (fuelSupply !== undefined && typeof fuelSupply !== 'boolean') return 'fuelSupply must be true or false';
  if (derailTrain !== undefined && typeof derailTrain !== 'boolean') {
    if (typeof derailTrain !== 'string') return 'derailTrain must be a train id, true (every train) or false (rerail)';
    if (!w.trains.some((t) => t.id === derailTrain)) return `derailTrain: no train "${derailTrain}"; ${LIST_HINT}`;
  }
  if (derailTrain === true && w.trains.length === 0) return 'derailTrain: this world has no trains';
  if (sessionName !== undefined && (typeof sessionName !== 'string' || !/^\S(.{0,98}\S)?$/.test(sessionName))) {
    return 'sessionName must be a string of 1 to 100 characters, not starting or ending with a space';
  }
  if (sinkPointsPerMinute !== undefined && !isAmount(sinkPointsPerMinute)) {
    return 'sinkPointsPerMinute must be a number of at least 0';
  }
  return (
    generatorFuelProblem(w, body.generatorFuel) ??
    extractorProblem(w, body.extractorPaused) ??
    droneStationProblem(w, body.droneStation) ??
    itemProblem(body.item) ??
    circuitProblem(w, body.circuit)
  );
}

function generatorFuelProblem(w: World, value: unknown): string | null {
  if (value === undefined) return null;
  if (!isObject(value)) return 'generatorFuel must be an object {"generator"?: id, "amount": number}';
  if (!isAmount(value.amount)) return 'generatorFuel.amount must be a number of at least 0 (items; m³ for fluids)';
  if (value.generator === undefined) return null;
  const g = w.generators.find((x) => x.id === value.generator);
  if (!g) return `generatorFuel.generator: no generator "${String(value.generator)}"; ${LIST_HINT}`;
  if (g.geyser) return `generatorFuel.generator: ${g.id} is geothermal and burns no fuel`;
  const max = fuelBuffer(g);
  if (value.amount > max) {
    return `generatorFuel.amount must be at most ${max} for ${g.id} (what it holds of ${g.type.fuels[0]?.name})`;
  }
  return null;
}

function extractorProblem(w: World, value: unknown): string | null {
  if (value === undefined) return null;
  if (!isObject(value) || typeof value.paused !== 'boolean') {
    return 'extractorPaused must be an object {"extractor"?: id, "paused": true|false}';
  }
  if (value.extractor !== undefined && !w.extractors.some((e) => e.id === value.extractor)) {
    return `extractorPaused.extractor: no extractor "${String(value.extractor)}"; ${LIST_HINT}`;
  }
  return null;
}

function droneStationProblem(w: World, value: unknown): string | null {
  if (value === undefined) return null;
  if (!isObject(value)) return 'droneStation must be an object {"station": name, "fuel"?: number, "drone"?: boolean}';
  const s = w.droneStations.find((x) => x.name === value.station);
  if (!s) return `droneStation.station: no drone station named "${String(value.station)}"; ${LIST_HINT}`;
  if (value.fuel === undefined && value.drone === undefined) return 'droneStation needs "fuel" or "drone"';
  if (value.fuel !== undefined && (!isAmount(value.fuel) || value.fuel > s.fuelType.stack)) {
    return `droneStation.fuel must be a number between 0 and ${s.fuelType.stack} (items of ${s.fuelType.name})`;
  }
  if (value.drone !== undefined && typeof value.drone !== 'boolean') return 'droneStation.drone must be true or false';
  return null;
}

function itemProblem(value: unknown): string | null {
  if (value === undefined) return null;
  if (!isObject(value)) return 'item must be an object {"className": item class, "prod"?: number|null, "cons"?: …}';
  if (!ITEMS.some((i) => i.className === value.className)) {
    return `item.className must be one of ${ITEMS.map((i) => i.className).join(', ')}`;
  }
  if (value.prod === undefined && value.cons === undefined) return 'item needs "prod" or "cons" (null clears)';
  for (const key of ['prod', 'cons'] as const) {
    const v = value[key];
    if (v !== undefined && v !== null && !isAmount(v)) return `item.${key} must be a number of at least 0, or null`;
  }
  return null;
}

function circuitProblem(w: World, value: unknown): string | null {
  if (value === undefined) return null;
  if (!isObject(value)) return 'circuit must be an object {"id": circuit id, "capacity"?, "consumed"?, …}';
  const c = typeof value.id === 'number' ? w.circuits[value.id] : undefined;
  if (!c) return `circuit.id must be a circuit id between 0 and ${w.circuits.length - 1}`;
  const keys = ['capacity', 'consumed', 'batteryStored', 'batteryOutput'];
  if (!keys.some((k) => value[k] !== undefined)) return `circuit needs one of ${keys.join(', ')}`;
  const { capacity, consumed, batteryStored, batteryOutput } = value;
  if (capacity !== undefined && capacity !== null) {
    const range = w.power.capacityRange(c);
    const [min, max] = [Math.ceil(range.min), Math.floor(range.max)];
    if (!isAmount(capacity) || capacity < min || capacity > max) {
      return `circuit.capacity must be between ${min} and ${max} MW for circuit ${c.id} (its generators' clocks), or null`;
    }
  }
  if (consumed !== undefined && consumed !== null && !isAmount(consumed)) {
    return 'circuit.consumed must be a number of at least 0 (MW), or null';
  }
  if (batteryStored !== undefined && (!isAmount(batteryStored) || batteryStored > c.batteryCapacity)) {
    return `circuit.batteryStored must be between 0 and ${c.batteryCapacity} MWh for circuit ${c.id}`;
  }
  if (batteryOutput !== undefined && batteryOutput !== null) {
    if (!isAmount(batteryOutput)) return 'circuit.batteryOutput must be a number of at least 0 (MW), or null';
    if (batteryOutput > 0 && c.batteryCapacity === 0) return `circuit.batteryOutput: circuit ${c.id} has no batteries`;
  }
  return null;
}

/**
 * Applies `PATCH /servers/:id/world` (fields in the README): validates every field first, so a bad body changes
 * nothing, then applies them and recomputes the power figures so every endpoint agrees at once.
 */
export function patchWorld(w: World, body: Json | null): PatchOutcome {
  if (body === null) return { status: 400, body: { error: 'body must be a JSON object' } };
  const problem = problemOf(w, body);
  if (problem) return { status: 400, body: { error: problem } };
  w.advanceTo(Date.now());
  const { tickRate, fuseTripped, playersOnline, fuelSupply, derailTrain, sessionName, sinkPointsPerMinute } = body;
  if (tickRate !== undefined) w.tickRateOverride = tickRate as number | null;
  if (typeof fuseTripped === 'number') w.power.tripFuse(w.circuits[fuseTripped]!);
  if (typeof playersOnline === 'number') {
    w.players.forEach((p, i) => (p.online = i < playersOnline));
    w.bump(0);
  }
  if (typeof fuelSupply === 'boolean') w.fuelSupply = fuelSupply;
  if (isObject(body.generatorFuel)) applyGeneratorFuel(w, body.generatorFuel);
  if (isObject(body.extractorPaused)) {
    const { extractor, paused } = body.extractorPaused;
    for (const e of w.extractors) if (extractor === undefined || e.id === extractor) e.paused = paused === true;
  }
  if (isObject(body.droneStation)) applyDroneStation(w, body.droneStation);
  if (isObject(body.item)) applyItem(w, body.item);
  if (isObject(body.circuit)) applyCircuit(w, body.circuit);
  if (derailTrain !== undefined) {
    for (const t of w.trains) {
      if (derailTrain === false) t.derailed = false;
      else if (derailTrain === true || t.id === derailTrain) [t.derailed, t.speed] = [true, 0];
    }
  }
  if (typeof sessionName === 'string') w.loadSession(sessionName);
  if (typeof sinkPointsPerMinute === 'number') {
    const track = w.sink.resource;
    track.rate = sinkPointsPerMinute;
    // The new rate is this minute's value at once: TotalPoints grows by it from now on.
    track.graph.shift();
    track.graph.push(Math.round(sinkPointsPerMinute));
  }
  w.power.sync();
  return { status: 200, body: worldSummary(w) };
}

function applyGeneratorFuel(w: World, value: Json): void {
  const amount = value.amount as number;
  for (const g of w.generators) {
    if (g.geyser || (value.generator !== undefined && g.id !== value.generator)) continue;
    g.fuel = Math.min(amount, fuelBuffer(g));
  }
}

function applyDroneStation(w: World, value: Json): void {
  const s = w.droneStations.find((x) => x.name === value.station)!;
  if (typeof value.fuel === 'number') s.fuel = value.fuel;
  if (typeof value.drone === 'boolean' && value.drone !== s.drone.present) {
    // The drone is taken away (or a new one is docked at home): any trip in progress ends.
    s.drone.present = value.drone;
    s.drone.flying = false;
    s.drone.speed = 0;
    s.t = -1;
  }
}

function applyItem(w: World, value: Json): void {
  const rate = w.itemRates.get(value.className as string)!;
  if (value.prod !== undefined) rate.fixedProd = value.prod as number | null;
  if (value.cons !== undefined) rate.fixedCons = value.cons as number | null;
  rate.prod = rate.fixedProd ?? rate.prod;
  rate.cons = rate.fixedCons ?? rate.naturalCons;
  rate.max = Math.max(rate.max, rate.prod, rate.cons);
}

function applyCircuit(w: World, value: Json): void {
  const c = w.circuits[value.id as number]!;
  if (value.capacity !== undefined) c.pins.capacity = value.capacity as number | null;
  if (value.consumed !== undefined) c.pins.consumed = value.consumed as number | null;
  if (typeof c.pins.consumed === 'number') c.maxConsumed = Math.max(c.maxConsumed, c.pins.consumed);
  if (typeof value.batteryStored === 'number') c.batteryStored = value.batteryStored;
  if (value.batteryOutput !== undefined) c.pins.batteryOutput = value.batteryOutput as number | null;
}
