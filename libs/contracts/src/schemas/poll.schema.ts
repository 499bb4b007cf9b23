import { z } from 'zod';
import { AddonStatus, PollKind, ServerStatus, Timestamp, Uuid } from './common.schema';

/** A kind due at a job's slot, with its interval (it is dropped, not run, once its interval has passed). */
export const DueKind = z.object({ kind: PollKind, intervalSeconds: z.int().positive() });
export type DueKind = z.infer<typeof DueKind>;

/**
 * Produced by the poller's scheduler onto the work queue; consumed by poller workers. One job per server and slot:
 * `kind` is the first kind due, `together` the server's other kinds due at the same slot, polled in the same job one
 * after the other (a worker that does not know `together` polls `kind` alone).
 */
export const PollJob = z.object({
  jobId: Uuid,
  serverId: Uuid,
  orgId: Uuid,
  kind: PollKind,
  scheduledAt: Timestamp,
  intervalSeconds: z.int().positive(),
  /** A job not started by then is dropped and counted, never run late (each of `together` by its own interval). */
  expiresAt: Timestamp,
  together: z.array(DueKind).max(16).optional(),
});
export type PollJob = z.infer<typeof PollJob>;

/** Health and session metrics from HealthCheck + QueryServerState. */
export const HealthData = z.object({
  status: ServerStatus,
  tickRate: z.number().nullable(),
  playerCount: z.int().nullable(),
  playerLimit: z.int().nullable(),
  techTier: z.int().nullable(),
  /** Raw game value (long asset path or "None"). */
  gamePhase: z.string().nullable(),
  gamePhaseNumber: z.int().nullable(),
  gamePhaseName: z.string().nullable(),
  isRunning: z.boolean().nullable(),
  isPaused: z.boolean().nullable(),
  /** Seconds: the save's cumulative play time. */
  totalDuration: z.int().nullable(),
  sessionName: z.string().nullable(),
  latencyMs: z.number().nonnegative(),
});
export type HealthData = z.infer<typeof HealthData>;

/** One FRM power circuit group (MW, MWh, percent 0-100; differential positive while charging). */
export const PowerCircuit = z.object({
  circuitGroupId: z.int(),
  powerProduction: z.number(),
  powerConsumed: z.number(),
  powerCapacity: z.number(),
  powerMaxConsumed: z.number(),
  batteryPercent: z.number(),
  batteryCapacity: z.number(),
  batteryDifferential: z.number(),
  batteryInput: z.number(),
  batteryOutput: z.number(),
  batteryTimeEmptySeconds: z.int().nullable(),
  batteryTimeFullSeconds: z.int().nullable(),
  fuseTriggered: z.boolean(),
});
export type PowerCircuit = z.infer<typeof PowerCircuit>;

/** One FRM player (health 0-100, speed km/h, position in cm). */
export const Player = z.object({
  playerId: Uuid,
  frmId: z.string(),
  name: z.string(),
  isOnline: z.boolean(),
  health: z.number(),
  speed: z.number(),
  isDead: z.boolean(),
  posX: z.number(),
  posY: z.number(),
  posZ: z.number(),
});
export type Player = z.infer<typeof Player>;

/** Factory-wide production of one item, per minute. */
export const ProductionItem = z.object({
  itemClass: z.string(),
  itemName: z.string(),
  itemForm: z.string().nullable(),
  currentProd: z.number(),
  maxProd: z.number(),
  currentConsumed: z.number(),
  maxConsumed: z.number(),
  prodPercent: z.number(),
  consPercent: z.number(),
});
export type ProductionItem = z.infer<typeof ProductionItem>;

/** One train (speed km/h, masses kg). */
export const Train = z.object({
  trainId: z.string(),
  name: z.string(),
  status: z.string(),
  station: z.string().nullable(),
  forwardSpeed: z.number(),
  throttlePercent: z.number(),
  payloadMass: z.number(),
  maxPayloadMass: z.number(),
  derailed: z.boolean(),
  pendingDerail: z.boolean(),
});
export type Train = z.infer<typeof Train>;

/** One drone (speed km/h). */
export const Drone = z.object({
  droneId: z.string(),
  name: z.string(),
  homeStation: z.string().nullable(),
  pairedStation: z.string().nullable(),
  destination: z.string().nullable(),
  flyingMode: z.string().nullable(),
  flyingSpeed: z.number(),
});
export type Drone = z.infer<typeof Drone>;

/** A summary of the factory's production buildings (the per-building rows go to storage only). */
export const FactorySummary = z.object({
  buildings: z.int().nonnegative(),
  producing: z.int().nonnegative(),
  idle: z.int().nonnegative(),
  unconfigured: z.int().nonnegative(),
  paused: z.int().nonnegative(),
  /** Configured, unpaused machines that do not produce: output full or an input empty. */
  stalled: z.int().nonnegative(),
});
export type FactorySummary = z.infer<typeof FactorySummary>;

/** One power generator (MW; clock and load in percent; burn time left in seconds, null when it cannot run out). */
export const Generator = z.object({
  generatorId: z.string(),
  name: z.string(),
  className: z.string(),
  fuelClass: z.string().nullable(),
  fuelName: z.string().nullable(),
  fuelForm: z.string().nullable(),
  fuelAmount: z.number(),
  burnTimeLeftSeconds: z.int().nullable(),
  production: z.number(),
  capacity: z.number(),
  loadPercent: z.number(),
  clockPercent: z.number(),
  canStart: z.boolean(),
  supplementPercent: z.number().nullable(),
  nuclearWarning: z.string().nullable(),
  circuitGroupId: z.int().nullable(),
});
export type Generator = z.infer<typeof Generator>;

/** One resource extractor (items or m³ per minute; clock in percent). */
export const Extractor = z.object({
  extractorId: z.string(),
  name: z.string(),
  className: z.string(),
  resourceClass: z.string().nullable(),
  resourceName: z.string().nullable(),
  purity: z.string().nullable(),
  currentProd: z.number(),
  maxProd: z.number(),
  productivity: z.number(),
  clockPercent: z.number(),
  isConfigured: z.boolean(),
  isProducing: z.boolean(),
  isPaused: z.boolean(),
  circuitGroupId: z.int().nullable(),
});
export type Extractor = z.infer<typeof Extractor>;

/** One drone port (rates per minute, times in seconds). */
export const DroneStation = z.object({
  stationId: z.string(),
  name: z.string(),
  pairedStation: z.string().nullable(),
  droneStatus: z.string().nullable(),
  fuelName: z.string().nullable(),
  fuelAmount: z.number(),
  fuelRate: z.number().nullable(),
  fuelTimeLeftSeconds: z.int().nullable(),
  roundTripSeconds: z.number().nullable(),
  avgIncRate: z.number(),
  avgOutRate: z.number(),
  transportRate: z.number(),
});
export type DroneStation = z.infer<typeof DroneStation>;

/** One item's total in storage containers and the dimensional depot. */
export const InventoryItem = z.object({
  itemClass: z.string(),
  itemName: z.string(),
  amount: z.number(),
  cloudAmount: z.number(),
  stackSize: z.number(),
});
export type InventoryItem = z.infer<typeof InventoryItem>;

/** A summary of the storage containers (the per-container items go to storage and the REST search only). */
export const StorageSummary = z.object({
  containers: z.int().nonnegative(),
  entries: z.int().nonnegative(),
});
export type StorageSummary = z.infer<typeof StorageSummary>;

/** The AWESOME Sink's default track (points are 64-bit in the game: a double holds them exactly up to 2^53). */
export const ResourceSink = z.object({
  track: z.string(),
  totalPoints: z.number(),
  coupons: z.int(),
  couponProgress: z.number(),
  pointsToCoupon: z.number(),
  pointsPerMinute: z.number(),
});
export type ResourceSink = z.infer<typeof ResourceSink>;

/** The loaded save (FRM getSessionInfo). */
export const SessionInfo = z.object({
  sessionName: z.string(),
  isPaused: z.boolean(),
  passedDays: z.int().nullable(),
  dayHours: z.int().nullable(),
  dayMinutes: z.int().nullable(),
  isDay: z.boolean().nullable(),
  totalPlaySeconds: z.number(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** Add-on availability check. */
export const AddonCheck = z.object({
  status: AddonStatus,
  reason: z.string().nullable(),
  via: z.enum(['http', 'proxy']).nullable(),
});
export type AddonCheck = z.infer<typeof AddonCheck>;

/** What went wrong in a failed poll (no secrets). */
export const PollError = z.object({ code: z.string(), message: z.string() });
export type PollError = z.infer<typeof PollError>;

const resultBase = {
  serverId: Uuid,
  orgId: Uuid,
  time: Timestamp,
  durationMs: z.number().nonnegative(),
  error: PollError.nullable(),
};

/**
 * Produced by poller workers after a poll was stored (JetStream, so alerting can not miss it; realtime-gateway
 * reads the same subject on core NATS). `data` is null when the poll failed.
 */
export const PollResult = z.discriminatedUnion('kind', [
  z.object({ ...resultBase, kind: z.literal('health'), data: HealthData.nullable() }),
  z.object({ ...resultBase, kind: z.literal('power'), data: z.array(PowerCircuit).nullable() }),
  z.object({ ...resultBase, kind: z.literal('players'), data: z.array(Player).nullable() }),
  z.object({ ...resultBase, kind: z.literal('production'), data: z.array(ProductionItem).nullable() }),
  z.object({ ...resultBase, kind: z.literal('trains'), data: z.array(Train).nullable() }),
  z.object({ ...resultBase, kind: z.literal('drones'), data: z.array(Drone).nullable() }),
  z.object({ ...resultBase, kind: z.literal('factory'), data: FactorySummary.nullable() }),
  z.object({ ...resultBase, kind: z.literal('generators'), data: z.array(Generator).nullable() }),
  z.object({ ...resultBase, kind: z.literal('extractors'), data: z.array(Extractor).nullable() }),
  z.object({ ...resultBase, kind: z.literal('drone_stations'), data: z.array(DroneStation).nullable() }),
  z.object({ ...resultBase, kind: z.literal('inventory'), data: z.array(InventoryItem).nullable() }),
  z.object({ ...resultBase, kind: z.literal('storage'), data: StorageSummary.nullable() }),
  z.object({ ...resultBase, kind: z.literal('resource_sink'), data: ResourceSink.nullable() }),
  z.object({ ...resultBase, kind: z.literal('session'), data: SessionInfo.nullable() }),
  z.object({ ...resultBase, kind: z.literal('addon'), data: AddonCheck.nullable() }),
]);
export type PollResult = z.infer<typeof PollResult>;

/** Produced by the poller when a confirmed status change is stored; consumed by alerting and realtime-gateway. */
export const ServerStatusChanged = z.object({
  serverId: Uuid,
  orgId: Uuid,
  previous: ServerStatus,
  status: ServerStatus,
  /** Plain words, e.g. "connection refused on 7777" or "tick rate 9.8/s below 15/s". */
  reason: z.string().nullable(),
  time: Timestamp,
});
export type ServerStatusChanged = z.infer<typeof ServerStatusChanged>;

/** Produced by poller workers when an add-on check (or a failed FRM poll) tells the add-on's availability. */
export const AddonStatusChanged = z.object({
  serverId: Uuid,
  orgId: Uuid,
  status: AddonStatus,
  reason: z.string().nullable(),
  time: Timestamp,
});
export type AddonStatusChanged = z.infer<typeof AddonStatusChanged>;
