import { apiRowSchema, factory, health, sampleKind } from '@app/samples';
import { z } from 'zod';

/**
 * The time-series routes' query parameters and answers, as zod schemas: the controllers validate with them and the
 * OpenAPI document is generated from them. Row shapes come from the sample-kind registry (snake_case, `time`).
 */

const text = (what: string) =>
  z.string().min(1, `must not be empty`).max(200, `must be at most 200 characters`).describe(what);

/** Players: the spec's bare array, paged by player id; the next page is named in the `Link: <…>; rel="next"` header. */
export const PlayersPage = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.uuid('must be the cursor of the previous answer\'s Link rel="next" header').optional(),
});

/** The machine states the buildings route filters by: the factory summary's counts (the registry's conditions). */
export const BUILDING_STATES = ['producing', 'idle', 'paused', 'unconfigured', 'stalled'] as const;
for (const state of BUILDING_STATES)
  if (factory.latest.type !== 'summary' || !factory.latest.fields.some((f) => f.field === state && f.where))
    throw new Error(`the factory summary has no condition for the buildings filter state=${state}`);

export const BuildingsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  cursor: z.string().min(1).max(200).optional(),
  state: z.enum(BUILDING_STATES).optional(),
  type: text('class name of the machine, e.g. Build_SmelterMk1_C').optional(),
  recipe: text("part of the recipe's name, any case").optional(),
});

export const InventoryQuery = z.strictObject({
  q: z
    .string()
    .max(100, 'must be at most 100 characters')
    .describe("part of the item's name or class, any case (all items when absent or empty)")
    .optional(),
});

export const History = z.strictObject({
  from: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-11-22T10:00:00Z' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-11-22T11:00:00Z' }).optional(),
  step: z
    .string()
    .regex(/^\d+(s|m|h|d)?$/, 'must be a duration such as 30s, 5m, 1h or 1d (seconds when no unit)')
    .optional(),
});
const session = text('only samples of this save (its session name)').optional();
export const SessionHistory = History.extend({ session });
export const PowerHistory = History.extend({
  circuit: z.coerce.number().int().min(0).max(2_147_483_647).describe('only this circuit group id').optional(),
  session,
});
export const ProductionHistory = History.extend({
  item: text('only this item class, e.g. Desc_IronIngot_C').optional(),
  session,
});

/** The REST shapes of the sample kinds, from the registry (the OpenAPI document's schemas). */
export const LatestMetrics = apiRowSchema(health, {
  game_phase_name: z
    .string()
    .nullable()
    .describe('the phase\'s name (e.g. "Construction Dock"), parsed from game_phase'),
});
export const PageOf = (item: z.ZodType) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });
export const Player = apiRowSchema(sampleKind('players'), {
  last_seen_at: z.string().nullable().describe('the last time the platform saw the player online (null only if never)'),
});
export const Circuit = apiRowSchema(sampleKind('power'));
export const ProductionItem = apiRowSchema(sampleKind('production'));
export const Train = apiRowSchema(sampleKind('trains'));
export const Drone = apiRowSchema(sampleKind('drones'));
export const Building = apiRowSchema(sampleKind('factory'));
export const Generator = apiRowSchema(sampleKind('generators'));
export const Extractor = apiRowSchema(sampleKind('extractors'));
export const DroneStation = apiRowSchema(sampleKind('drone_stations'));
export const InventoryItem = apiRowSchema(sampleKind('inventory'));
export const Container = z.object({
  container_id: z.string(),
  container_name: z.string(),
  class_name: z.string(),
  amount: z.number(),
  pos_x: z.number().describe('cm'),
  pos_y: z.number().describe('cm'),
  pos_z: z.number().describe('cm'),
});
export const InventorySearchItem = InventoryItem.extend({
  containers: z
    .array(Container)
    .describe('the storage containers holding the item (newest storage poll), largest amount first, at most 50'),
});
export const ResourceSink = apiRowSchema(sampleKind('resource_sink'));
export const Session = apiRowSchema(sampleKind('session'));

const counts = (kind: string) => {
  const shape = sampleKind(kind).latest;
  if (shape.type !== 'summary') throw new Error(`${kind} has no summary`);
  return z.object(Object.fromEntries(shape.fields.map((f) => [f.field, z.int()])));
};

/** Every latest kind of a server in one answer (a kind never polled: [] or null). */
export const Dashboard = z.object({
  server_id: z.uuid(),
  status: z.string().describe('online, degraded, offline or unknown'),
  addon: z.object({
    status: z.string().describe('available, unavailable or unknown'),
    reason: z.string().nullable(),
  }),
  metrics: LatestMetrics.nullable(),
  session: Session.nullable(),
  power: z.array(Circuit),
  players: z.array(Player),
  production: z.array(ProductionItem),
  trains: z.array(Train),
  drones: z.array(Drone),
  factory: counts('factory').nullable().describe('counts of the newest factory poll; GET …/buildings lists them'),
  generators: z.array(Generator),
  extractors: z.array(Extractor),
  drone_stations: z.array(DroneStation),
  inventory: z.array(InventoryItem),
  storage: counts('storage')
    .nullable()
    .describe('counts of the newest storage poll; GET …/world-inventory searches it'),
  resource_sink: ResourceSink.nullable(),
});

const bucketTime = z.string().describe('start of the bucket (ISO 8601)');
const samples = z.int().describe('samples in the bucket');
const sessionName = z.string().nullable().describe('the save the samples were taken in');
const HistoryOf = (bucket: z.ZodRawShape) =>
  z.object({
    from: z.string(),
    to: z.string(),
    step_seconds: z.int(),
    retention_hours: z.int(),
    buckets: z.array(z.object({ time: bucketTime, ...bucket })),
  });

export const MetricsHistoryAnswer = HistoryOf({
  tick_rate_avg: z.number().nullable(),
  tick_rate_min: z.number().nullable(),
  tick_rate_max: z.number().nullable(),
  player_count_avg: z.number().nullable(),
  player_count_max: z.int().nullable(),
  samples,
});
export const PowerHistoryAnswer = HistoryOf({
  circuit_group_id: z.int(),
  power_production_avg: z.number().describe('MW'),
  power_consumed_avg: z.number().describe('MW'),
  power_capacity_max: z.number().describe('MW'),
  battery_percent_avg: z.number(),
  battery_percent_min: z.number(),
  fuse_triggered: z.boolean().describe('the fuse blew in the bucket'),
  samples,
});
export const PlayersHistoryAnswer = HistoryOf({
  session_name: sessionName,
  players_online: z.int(),
  players_known: z.int(),
  samples: z.int().describe('polls in the bucket'),
});
export const TrailsAnswer = HistoryOf({
  id: z.uuid().describe("the player's id (as in /players)"),
  session_name: sessionName,
  name: z.string(),
  pos_x: z.number().describe('cm, the average position of the bucket'),
  pos_y: z.number().describe('cm'),
  samples: z.int().describe('polls in the bucket that saw the player online'),
});
export const ProductionHistoryAnswer = HistoryOf({
  item_class: z.string(),
  session_name: sessionName,
  current_prod_avg: z.number().describe('per minute'),
  current_consumed_avg: z.number().describe('per minute'),
  max_prod_max: z.number().describe('per minute'),
  samples,
});
export const GeneratorsHistoryAnswer = HistoryOf({
  fuel_name: z.string().nullable().describe('null: no fuel held (and geothermal)'),
  session_name: sessionName,
  generators: z.int().describe('generators of this fuel in the bucket'),
  production_sum: z.number().describe('MW: the sum of each generator’s average production'),
  capacity_sum: z.number().describe('MW: the sum of each generator’s highest capacity'),
});
export const ResourceSinkHistoryAnswer = HistoryOf({
  track: z.string(),
  session_name: sessionName,
  total_points_max: z.number(),
  points_per_minute_avg: z.number(),
  coupons_max: z.int(),
  samples,
});

/** Add-on kinds answer 404 (not this organisation's server) and 409 (AddonUnavailable, NoDataYet). */
export const ADDON_ERRORS = [404, 409];
