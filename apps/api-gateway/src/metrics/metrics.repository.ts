import { PgPools } from '@app/database';
import { apiSelectList, health, SAMPLE_KINDS, sampleKind, tableOf, type AddonKind } from '@app/samples';
import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { ApiGatewayConfig } from '../app.config';

/** A server's organisation and add-on state, as the metrics routes check them. */
export interface MetricsOwner {
  orgId: string;
  addonStatus: string;
  addonReason: string | null;
}

/** Which history a route reads. */
export type HistoryKind = 'metrics' | 'power' | 'players';

/** One row of a REST answer, snake_case as the columns are named. */
export type ApiRow = Record<string, unknown>;

const HEALTH_SELECT = `SELECT ${apiSelectList(health)} FROM ${tableOf(health)}
  WHERE server_id = $1 ORDER BY time DESC LIMIT 1`;

/** The newest poll's rows of each add-on kind listed whole (not paged), in the registry's order. */
const LATEST_ROWS = Object.fromEntries(
  (['power', 'production', 'trains', 'drones'] as const).map((name) => {
    const kind = sampleKind(name);
    return [
      name,
      `SELECT ${apiSelectList(kind)} FROM ${tableOf(kind)}
       WHERE server_id = $1 AND time = (SELECT time FROM latest WHERE server_id = $1 AND kind = $2)
       ORDER BY ${kind.order}`,
    ];
  }),
) as Record<'power' | 'production' | 'trains' | 'drones', string>;

const players = sampleKind('players');
const PLAYERS_PAGE = `WITH newest AS (SELECT time FROM latest WHERE server_id = $1 AND kind = 'players')
  SELECT ${apiSelectList(players, 'p')},
         (SELECT max(o.time) FROM ${tableOf(players)} o
          WHERE o.server_id = p.server_id AND o.player_id = p.player_id AND o.is_online) AS last_seen_at
  FROM ${tableOf(players)} p, newest
  WHERE p.server_id = $1 AND p.time = newest.time AND ($2::uuid IS NULL OR p.player_id > $2::uuid)
  ORDER BY p.player_id LIMIT $3`;

const factory = sampleKind('factory');
const BUILDINGS_PAGE = `SELECT ${apiSelectList(factory)} FROM ${tableOf(factory)}
  WHERE server_id = $1 AND time = (SELECT time FROM latest WHERE server_id = $1 AND kind = 'factory')
    AND ($2::text IS NULL OR building_id > $2) ORDER BY building_id LIMIT $3`;

/** The REST history of each kind that has one (`history` in the registry); $1 server, $2 from, $3 to, $4 step. */
const HISTORY: Record<HistoryKind | 'metricsHourly', string> = {
  // Whole hours: from the hourly aggregate (a TimescaleDB continuous aggregate where it is installed).
  metricsHourly: `SELECT date_bin($4::interval, bucket, TIMESTAMPTZ 'epoch') AS time,
      (sum(tick_rate_avg * samples) / sum(samples))::float8 AS tick_rate_avg, min(tick_rate_min) AS tick_rate_min,
      max(tick_rate_max) AS tick_rate_max,
      (sum(player_count_avg * samples) / sum(samples))::float8 AS player_count_avg,
      max(player_count_max) AS player_count_max, sum(samples)::int AS samples
    FROM server_metrics_1h WHERE server_id = $1 AND bucket >= $2 AND bucket < $3 GROUP BY 1 ORDER BY 1`,
  metrics: `SELECT date_bin($4::interval, time, TIMESTAMPTZ 'epoch') AS time, avg(tick_rate)::float8 AS tick_rate_avg,
      min(tick_rate) AS tick_rate_min, max(tick_rate) AS tick_rate_max,
      avg(player_count)::float8 AS player_count_avg, max(player_count) AS player_count_max,
      count(*)::int AS samples
    FROM server_metrics WHERE server_id = $1 AND time >= $2 AND time < $3 GROUP BY 1 ORDER BY 1`,
  power: `SELECT date_bin($4::interval, time, TIMESTAMPTZ 'epoch') AS time, circuit_group_id,
      avg(power_production) AS power_production_avg, avg(power_consumed) AS power_consumed_avg,
      max(power_capacity) AS power_capacity_max, avg(battery_percent) AS battery_percent_avg,
      min(battery_percent) AS battery_percent_min, bool_or(fuse_triggered) AS fuse_triggered,
      count(*)::int AS samples
    FROM power_circuits WHERE server_id = $1 AND time >= $2 AND time < $3 GROUP BY 1, 2 ORDER BY 1, 2`,
  players: `SELECT date_bin($4::interval, time, TIMESTAMPTZ 'epoch') AS time,
      count(DISTINCT player_id) FILTER (WHERE is_online)::int AS players_online,
      count(DISTINCT player_id)::int AS players_known, count(DISTINCT time)::int AS samples
    FROM player_samples WHERE server_id = $1 AND time >= $2 AND time < $3 GROUP BY 1 ORDER BY 1`,
};

/** The history route of each kind with `history` in the registry (health's is `metrics`). */
const HISTORY_OF: Record<string, HistoryKind> = { health: 'metrics', power: 'power', players: 'players' };
for (const kind of SAMPLE_KINDS)
  if (kind.history !== (HISTORY_OF[kind.kind] !== undefined))
    throw new Error(`the REST history of sample kind ${kind.kind} does not match its registry entry`);

/**
 * Reads of the time series for the REST API (owner of the tables: poller), columns and order from the sample-kind
 * registry. Through their own small `pg` pool: these are the hot routes, and plain parameterised SQL is the
 * cheapest way to them.
 */
@Injectable()
export class MetricsRepository {
  private readonly pool: Pool;

  constructor(pools: PgPools, @Inject(SERVICE_CONFIG) config: ApiGatewayConfig) {
    // No connect timeout, as before: under load a read waits for a connection rather than failing with a 503.
    this.pool = pools.pool('reads', config.DATABASE_POOL_SIZE, { connectTimeoutMs: 0 });
  }

  async owner(serverId: string): Promise<MetricsOwner | null> {
    const { rows } = await this.pool.query<{
      org_id: string;
      addon_status: string | null;
      addon_reason: string | null;
    }>(
      `SELECT s.org_id, st.addon_status, st.addon_reason FROM servers s
       LEFT JOIN server_states st ON st.server_id = s.id WHERE s.id = $1`,
      [serverId],
    );
    const row = rows[0];
    return row
      ? { orgId: row.org_id, addonStatus: row.addon_status ?? 'unknown', addonReason: row.addon_reason }
      : null;
  }

  /** The newest health sample, or null. */
  async latestHealth(serverId: string): Promise<ApiRow | null> {
    const { rows } = await this.pool.query<ApiRow>(HEALTH_SELECT, [serverId]);
    return rows[0] ?? null;
  }

  /** Every row of the newest poll of an add-on kind listed whole. */
  async latestRows(serverId: string, kind: keyof typeof LATEST_ROWS): Promise<ApiRow[]> {
    return (await this.pool.query<ApiRow>(LATEST_ROWS[kind], [serverId, kind])).rows;
  }

  /** One page (limit + 1 rows, to tell whether more follow) of the newest poll's players, by player id. */
  async playersPage(serverId: string, after: string | null, limit: number): Promise<ApiRow[]> {
    return (await this.pool.query<ApiRow>(PLAYERS_PAGE, [serverId, after, limit])).rows;
  }

  /** One page (limit + 1 rows) of the newest poll's factory buildings, by building id. */
  async buildingsPage(serverId: string, after: string | null, limit: number): Promise<ApiRow[]> {
    return (await this.pool.query<ApiRow>(BUILDINGS_PAGE, [serverId, after, limit])).rows;
  }

  /** Whether the kind was polled at all (its `latest` row exists). */
  async polled(serverId: string, kind: AddonKind): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM latest WHERE server_id = $1 AND kind = $2', [serverId, kind]);
    return rows.length > 0;
  }

  /** Bucketed history of a server from `from` to `to` in steps of `stepSeconds`. */
  async history(
    serverId: string,
    what: HistoryKind,
    range: { from: Date; to: Date; stepSeconds: number },
  ): Promise<ApiRow[]> {
    // Whole hours of health read its hourly aggregate, which the registry says it has.
    const hourly = what === 'metrics' && health.aggregates && range.stepSeconds % 3600 === 0;
    const sql = hourly ? HISTORY.metricsHourly : HISTORY[what];
    const params = [serverId, range.from, range.to, `${range.stepSeconds} seconds`];
    return (await this.pool.query<ApiRow>(sql, params)).rows;
  }
}
