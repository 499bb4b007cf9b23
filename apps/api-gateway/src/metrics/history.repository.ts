import { PgPools } from '@app/database';
import { SERVICE_CONFIG } from '@app/platform';
import { SAMPLE_KINDS, sampleKind } from '@app/samples';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { ApiGatewayConfig } from '../app.config';
import type { HistoryRange } from './history-range';
import { aggregateFrom, aggregateTo, sourceOf, type Source } from './history-source';

/** Which history a route reads (health's is `metrics`). */
export type HistoryKind = 'metrics' | 'power' | 'players' | 'trails' | 'production' | 'generators' | 'resource_sink';

/** The optional filters of the history routes. */
export interface HistoryFilters {
  circuit?: number;
  item?: string;
  session?: string;
}

/** One bucket of a history answer, snake_case. */
export type HistoryRow = Record<string, unknown>;

/** The sample kind each history reads. */
const KIND_OF: Record<HistoryKind, string> = {
  metrics: 'health',
  power: 'power',
  players: 'players',
  trails: 'players',
  production: 'production',
  generators: 'generators',
  resource_sink: 'resource_sink',
};
for (const kind of SAMPLE_KINDS)
  if (kind.history !== Object.values(KIND_OF).includes(kind.kind))
    throw new Error(`the REST history of sample kind ${kind.kind} does not match its registry entry`);

// $1 server, $2 from, $3 to, $4 step; the filters follow. Aggregate rows are re-binned to the step, their averages
// weighted by their sample counts.
const bin = (column: string) => `date_bin($4::interval, ${column}, TIMESTAMPTZ 'epoch') AS time`;
const within = (column: string) => `server_id = $1 AND ${column} >= $2 AND ${column} < $3`;
const weighted = (avg: string) => `(sum(${avg} * samples) / sum(samples)::float8)::float8 AS ${avg}`;

export interface HistorySql {
  sql: string;
  params: unknown[];
}
type Builder = (source: Source, filters: HistoryFilters) => HistorySql;

const BUILDERS: Record<HistoryKind, Builder> = {
  metrics: (source) => ({
    params: [],
    sql:
      source === 'raw'
        ? `SELECT ${bin('time')}, avg(tick_rate)::float8 AS tick_rate_avg, min(tick_rate) AS tick_rate_min,
             max(tick_rate) AS tick_rate_max, avg(player_count)::float8 AS player_count_avg,
             max(player_count) AS player_count_max, count(*)::int AS samples
           FROM server_metrics WHERE ${within('time')} GROUP BY 1 ORDER BY 1`
        : `SELECT ${bin('bucket')}, ${weighted('tick_rate_avg')}, min(tick_rate_min) AS tick_rate_min,
             max(tick_rate_max) AS tick_rate_max, ${weighted('player_count_avg')},
             max(player_count_max) AS player_count_max, sum(samples)::int AS samples
           FROM server_metrics_${source} WHERE ${within('bucket')} GROUP BY 1 ORDER BY 1`,
  }),
  // The power aggregates carry no session: a session filter reads the samples, and each aggregate bucket is labelled
  // with the save of the server's last health sample in it (one index probe per bucket), so a chart still breaks
  // its lines where another save was loaded.
  power: (source, f) =>
    source === 'raw' || f.session !== undefined
      ? {
          params: [f.circuit ?? null, f.session ?? null],
          sql: `SELECT ${bin('time')}, circuit_group_id, session_name, avg(power_production) AS power_production_avg,
              avg(power_consumed) AS power_consumed_avg, max(power_capacity) AS power_capacity_max,
              avg(battery_percent) AS battery_percent_avg, min(battery_percent) AS battery_percent_min,
              bool_or(fuse_triggered) AS fuse_triggered, count(*)::int AS samples
            FROM power_circuits WHERE ${within('time')} AND ($5::int IS NULL OR circuit_group_id = $5)
              AND ($6::text IS NULL OR session_name = $6)
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        }
      : {
          params: [f.circuit ?? null],
          sql: `SELECT b.time, b.circuit_group_id,
              (SELECT m.session_name FROM server_metrics m
                WHERE m.server_id = $1 AND m.time >= b.time AND m.time < b.time + $4::interval
                ORDER BY m.time DESC LIMIT 1) AS session_name,
              b.power_production_avg, b.power_consumed_avg, b.power_capacity_max, b.battery_percent_avg,
              b.battery_percent_min, b.fuse_triggered, b.samples
            FROM (SELECT ${bin('bucket')}, circuit_group_id, ${weighted('power_production_avg')},
              ${weighted('power_consumed_avg')}, max(power_capacity_max) AS power_capacity_max,
              ${weighted('battery_percent_avg')}, min(battery_percent_min) AS battery_percent_min,
              bool_or(fuse_triggered) AS fuse_triggered, sum(samples)::int AS samples
            FROM power_circuits_${source} WHERE ${within('bucket')} AND ($5::int IS NULL OR circuit_group_id = $5)
            GROUP BY 1, 2) b ORDER BY 1, 2`,
        },
  players: (_source, f) => ({
    params: [f.session ?? null],
    sql: `SELECT ${bin('time')}, session_name,
        count(DISTINCT player_id) FILTER (WHERE is_online)::int AS players_online,
        count(DISTINCT player_id)::int AS players_known, count(DISTINCT time)::int AS samples
      FROM player_samples WHERE ${within('time')} AND ($5::text IS NULL OR session_name = $5)
      GROUP BY 1, 2 ORDER BY 1, 2`,
  }),
  // Where each online player was: the average position per bucket (a trail on the map), per save.
  trails: (_source, f) => ({
    params: [f.session ?? null],
    sql: `SELECT ${bin('time')}, player_id AS id, session_name, max(name) AS name,
        avg(pos_x)::float8 AS pos_x, avg(pos_y)::float8 AS pos_y, count(*)::int AS samples
      FROM player_samples WHERE ${within('time')} AND is_online AND NOT is_dead
        AND ($5::text IS NULL OR session_name = $5)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  }),
  production: (source, f) => ({
    params: [f.item ?? null, f.session ?? null],
    sql:
      (source === 'raw'
        ? `SELECT ${bin('time')}, item_class, session_name, avg(current_prod) AS current_prod_avg,
             avg(current_consumed) AS current_consumed_avg, max(max_prod) AS max_prod_max, count(*)::int AS samples
           FROM production_samples WHERE ${within('time')}`
        : `SELECT ${bin('bucket')}, item_class, session_name, ${weighted('current_prod_avg')},
             ${weighted('current_consumed_avg')}, max(max_prod_max) AS max_prod_max, sum(samples)::int AS samples
           FROM production_samples_${source} WHERE ${within('bucket')}`) +
      ` AND ($5::text IS NULL OR item_class = $5) AND ($6::text IS NULL OR session_name = $6)
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  }),
  // Per generator first (its average over the bucket), then summed per fuel.
  generators: (source, f) => ({
    params: [f.session ?? null],
    sql: `SELECT time, fuel_name, session_name, count(*)::int AS generators,
        sum(production_avg)::float8 AS production_sum, sum(capacity_max)::float8 AS capacity_sum
      FROM (${
        source === 'raw'
          ? `SELECT ${bin('time')}, generator_id, fuel_name, session_name, avg(production) AS production_avg,
               max(capacity) AS capacity_max
             FROM generator_samples WHERE ${within('time')}`
          : `SELECT ${bin('bucket')}, generator_id, fuel_name, session_name, ${weighted('production_avg')},
               max(capacity_max) AS capacity_max
             FROM generator_samples_${source} WHERE ${within('bucket')}`
      } AND ($5::text IS NULL OR session_name = $5) GROUP BY 1, 2, 3, 4) per_generator
      GROUP BY 1, 2, 3 ORDER BY 1, 2 NULLS LAST, 3`,
  }),
  resource_sink: (source, f) => ({
    params: [f.session ?? null],
    sql:
      (source === 'raw'
        ? `SELECT ${bin('time')}, track, session_name, max(total_points)::float8 AS total_points_max,
             avg(points_per_minute)::float8 AS points_per_minute_avg, max(coupons) AS coupons_max,
             count(*)::int AS samples
           FROM resource_sink_samples WHERE ${within('time')}`
        : `SELECT ${bin('bucket')}, track, session_name, max(total_points_max)::float8 AS total_points_max,
             ${weighted('points_per_minute_avg')}, max(coupons_max) AS coupons_max, sum(samples)::int AS samples
           FROM resource_sink_samples_${source} WHERE ${within('bucket')}`) +
      ` AND ($5::text IS NULL OR session_name = $5) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  }),
};

/**
 * The statement of one history read. `aggregatesMaterialized` is false without TimescaleDB: there the `_1m` / `_1h`
 * "aggregates" are plain views, and a range on a view's bucket cannot use the samples' (server_id, time) index (it
 * becomes a filter on `date_bin(time)` after reading every sample of the server), so the samples are read directly
 * over the same whole minutes or hours: the same buckets, through the index.
 */
export function historyStatement(
  serverId: string,
  what: HistoryKind,
  range: HistoryRange,
  filters: HistoryFilters,
  aggregatesMaterialized: boolean,
): HistorySql {
  const aggregate = sourceOf(sampleKind(KIND_OF[what]), range.stepSeconds);
  const source: Source = aggregatesMaterialized ? aggregate : 'raw';
  const { sql, params } = BUILDERS[what](source, filters);
  const to = aggregatesMaterialized ? range.to : aggregateTo(aggregate, range.to);
  return {
    sql,
    params: [serverId, aggregateFrom(aggregate, range.from), to, `${range.stepSeconds} seconds`, ...params],
  };
}

/** The bucketed history reads of the REST API (owner of the tables and aggregates: poller's migrations). */
@Injectable()
export class HistoryRepository {
  private readonly pool: Pool;
  private materialized?: Promise<boolean>;

  constructor(pools: PgPools, @Inject(SERVICE_CONFIG) config: ApiGatewayConfig) {
    // The same pool as the newest-sample reads (PgPools hands out one pool per name).
    this.pool = pools.pool('reads', config.DATABASE_POOL_SIZE, { connectTimeoutMs: 0 });
  }

  /** Buckets of a server from `from` to `to` in steps of `stepSeconds`, oldest first. */
  async history(serverId: string, what: HistoryKind, range: HistoryRange, filters: HistoryFilters = {}) {
    const { sql, params } = historyStatement(serverId, what, range, filters, await this.aggregatesMaterialized());
    return (await this.pool.query<HistoryRow>(sql, params)).rows;
  }

  /** Whether the aggregates are TimescaleDB continuous aggregates (asked once; a failed ask is asked again). */
  private aggregatesMaterialized(): Promise<boolean> {
    this.materialized ??= this.pool
      .query<{ installed: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb') AS installed`,
      )
      .then((r) => r.rows[0]!.installed)
      .catch((error: unknown) => {
        this.materialized = undefined;
        throw error;
      });
    return this.materialized;
  }
}
