import { parseGamePhase } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import type { ApiGatewayConfig } from '../app.config';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { PromiseCache } from '../common/promise-cache';

/** How long a server's owner and add-on state, and a read of its newest samples, are reused. */
const OWNER_CACHE_MS = 5_000;
const READ_CACHE_MS = 1_000;

export type AddonKind = 'power' | 'players' | 'production' | 'trains' | 'drones' | 'factory';

interface Owner {
  orgId: string;
  addonStatus: string;
  addonReason: string | null;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

const COLUMNS = {
  power: `circuit_group_id, power_production, power_consumed, power_capacity, power_max_consumed, battery_percent,
          battery_capacity, battery_differential, battery_input, battery_output, battery_time_empty_s,
          battery_time_full_s, fuse_triggered`,
  production: `item_class, item_name, item_form, current_prod, max_prod, current_consumed, max_consumed, prod_percent,
               cons_percent`,
  trains: `train_id, name, status, station, forward_speed, throttle_percent, total_mass, payload_mass,
           max_payload_mass, derailed, pending_derail, self_driving, docking, path, power_consumed, pos_x, pos_y, pos_z`,
  drones: `drone_id, name, home_station, paired_station, destination, flying_mode, flying_speed, max_speed, pos_x,
           pos_y, pos_z`,
} as const;
const TABLE = {
  power: 'power_circuits',
  production: 'production_samples',
  trains: 'train_samples',
  drones: 'drone_samples',
} as const;
const ORDER = { power: 'circuit_group_id', production: 'item_class', trains: 'train_id', drones: 'drone_id' } as const;

/**
 * Reads of the time series for the REST API, in the spec's field names. Reads go through their own small pool
 * (plain SQL: these are the hot routes); newest-sample reads are reused for a second, owner checks for five.
 */
@Injectable()
export class MetricsService implements OnModuleDestroy {
  private readonly pool: Pool;
  private readonly owners = new PromiseCache<Owner | null>(OWNER_CACHE_MS);
  private readonly reads = new PromiseCache<unknown>(READ_CACHE_MS);

  constructor(
    private readonly billing: BillingClient,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_SIZE,
      application_name: 'api-gateway-reads',
    });
    this.pool.on('error', () => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }

  /** Forgets a server (after it was deleted or changed here). */
  forget(serverId: string): void {
    this.owners.delete(serverId);
    this.reads.deletePrefix(serverId);
  }

  /** The server if it belongs to the organisation; else 404 (unknown and not-yours look the same). */
  async owned(orgId: string, serverId: string): Promise<Owner> {
    if (!isUuid(serverId)) throw ApiError.notFound('server');
    const owner = await this.owners.get(serverId, () =>
      this.pool
        .query<{ org_id: string; addon_status: string | null; addon_reason: string | null }>(
          `SELECT s.org_id, st.addon_status, st.addon_reason FROM servers s
           LEFT JOIN server_states st ON st.server_id = s.id WHERE s.id = $1`,
          [serverId],
        )
        .then(({ rows: [row] }) =>
          row ? { orgId: row.org_id, addonStatus: row.addon_status ?? 'unknown', addonReason: row.addon_reason } : null,
        ),
    );
    if (!owner || owner.orgId !== orgId) throw ApiError.notFound('server');
    return owner;
  }

  private cached<T>(key: string, read: () => Promise<T>): Promise<T> {
    return this.reads.get(key, read) as Promise<T>;
  }

  async latest(orgId: string, serverId: string) {
    await this.owned(orgId, serverId);
    const row = await this.cached(`${serverId}:metrics`, async () => {
      const { rows } = await this.pool.query(
        `SELECT time, status, tick_rate, player_count, player_limit, tech_tier, game_phase, game_phase_number,
                is_running, is_paused, total_duration::float8 AS total_duration, session_name, latency_ms
         FROM server_metrics WHERE server_id = $1 ORDER BY time DESC LIMIT 1`,
        [serverId],
      );
      return rows[0] ?? null;
    });
    if (!row) throw noData('metrics');
    return { ...row, game_phase_name: parseGamePhase(row.game_phase).name };
  }

  /** The newest sample set of an add-on kind (all rows of that poll). */
  async addonLatest(orgId: string, serverId: string, kind: keyof typeof TABLE) {
    const owner = await this.owned(orgId, serverId);
    addonAvailable(owner, kind);
    const rows = await this.cached(`${serverId}:${kind}`, async () => {
      const { rows } = await this.pool.query(
        `SELECT time, ${COLUMNS[kind]} FROM ${TABLE[kind]}
         WHERE server_id = $1 AND time = (SELECT time FROM latest WHERE server_id = $1 AND kind = $2)
         ORDER BY ${ORDER[kind]}`,
        [serverId, kind],
      );
      return rows;
    });
    if (rows.length === 0) await this.assertAddonData(serverId, kind);
    return rows;
  }

  /** Players of the newest sample, with when each was last seen online; paged by player id. */
  async players(orgId: string, serverId: string, limit: number, cursor: string | null): Promise<Page<unknown>> {
    const owner = await this.owned(orgId, serverId);
    addonAvailable(owner, 'players');
    const { rows } = await this.pool.query(
      `WITH newest AS (SELECT time FROM latest WHERE server_id = $1 AND kind = 'players')
       SELECT p.time, p.player_id, p.name, p.is_online, p.health, p.speed, p.is_dead, p.pos_x, p.pos_y, p.pos_z,
              (SELECT max(o.time) FROM player_samples o
               WHERE o.server_id = p.server_id AND o.player_id = p.player_id AND o.is_online) AS last_seen_at
       FROM player_samples p, newest
       WHERE p.server_id = $1 AND p.time = newest.time AND ($2::uuid IS NULL OR p.player_id > $2::uuid)
       ORDER BY p.player_id LIMIT $3`,
      [serverId, cursor, limit + 1],
    );
    if (rows.length === 0 && cursor === null) await this.assertAddonData(serverId, 'players');
    return page(rows, limit, (r) => String(r.player_id));
  }

  async buildings(orgId: string, serverId: string, limit: number, cursor: string | null): Promise<Page<unknown>> {
    const owner = await this.owned(orgId, serverId);
    addonAvailable(owner, 'factory');
    const { rows } = await this.pool.query(
      `SELECT time, building_id, class_name, name, recipe, is_configured, is_producing, is_paused, productivity,
              manu_speed, somersloops, power_shards, circuit_group_id, power_consumed, pos_x, pos_y, pos_z
       FROM factory_building_samples
       WHERE server_id = $1 AND time = (SELECT time FROM latest WHERE server_id = $1 AND kind = 'factory')
         AND ($2::text IS NULL OR building_id > $2) ORDER BY building_id LIMIT $3`,
      [serverId, cursor, limit + 1],
    );
    if (rows.length === 0 && cursor === null) await this.assertAddonData(serverId, 'factory');
    return page(rows, limit, (r) => String(r.building_id));
  }

  /** An empty add-on kind: no poll yet (409 NoDataYet), or truly empty ([]: a factory without trains). */
  private async assertAddonData(serverId: string, kind: AddonKind): Promise<void> {
    const { rows } = await this.pool.query('SELECT 1 FROM latest WHERE server_id = $1 AND kind = $2', [serverId, kind]);
    if (rows.length === 0) throw noData(kind);
  }

  /** Bucketed history, never older than the plan's retention. */
  async history(
    orgId: string,
    serverId: string,
    what: 'metrics' | 'power' | 'players',
    range: { from: Date; to: Date; stepSeconds: number },
  ) {
    const owner = await this.owned(orgId, serverId);
    if (what !== 'metrics') addonAvailable(owner, what);
    const plan = await this.billing.entitlements(orgId);
    const oldest = new Date(Date.now() - plan.retentionHours * 3_600_000);
    const from = range.from < oldest ? oldest : range.from;
    const step = `${range.stepSeconds} seconds`;
    const params = [serverId, from, range.to, step];
    let sql: string;
    if (what === 'metrics') {
      sql =
        range.stepSeconds % 3600 === 0
          ? // Whole hours: from the hourly aggregate (a TimescaleDB continuous aggregate where it is installed).
            `SELECT date_bin($4::interval, bucket, TIMESTAMPTZ 'epoch') AS time,
                    (sum(tick_rate_avg * samples) / sum(samples))::float8 AS tick_rate_avg, min(tick_rate_min) AS tick_rate_min,
                    max(tick_rate_max) AS tick_rate_max,
                    (sum(player_count_avg * samples) / sum(samples))::float8 AS player_count_avg,
                    max(player_count_max) AS player_count_max, sum(samples)::int AS samples
             FROM server_metrics_1h WHERE server_id = $1 AND bucket >= $2 AND bucket < $3 GROUP BY 1 ORDER BY 1`
          : `SELECT date_bin($4::interval, time, TIMESTAMPTZ 'epoch') AS time, avg(tick_rate)::float8 AS tick_rate_avg,
                    min(tick_rate) AS tick_rate_min, max(tick_rate) AS tick_rate_max,
                    avg(player_count)::float8 AS player_count_avg, max(player_count) AS player_count_max,
                    count(*)::int AS samples
             FROM server_metrics WHERE server_id = $1 AND time >= $2 AND time < $3 GROUP BY 1 ORDER BY 1`;
    } else if (what === 'power') {
      sql = `SELECT date_bin($4::interval, time, TIMESTAMPTZ 'epoch') AS time, circuit_group_id,
                    avg(power_production) AS power_production_avg, avg(power_consumed) AS power_consumed_avg,
                    max(power_capacity) AS power_capacity_max, avg(battery_percent) AS battery_percent_avg,
                    min(battery_percent) AS battery_percent_min, bool_or(fuse_triggered) AS fuse_triggered,
                    count(*)::int AS samples
             FROM power_circuits WHERE server_id = $1 AND time >= $2 AND time < $3 GROUP BY 1, 2 ORDER BY 1, 2`;
    } else {
      sql = `SELECT date_bin($4::interval, time, TIMESTAMPTZ 'epoch') AS time,
                    count(DISTINCT player_id) FILTER (WHERE is_online)::int AS players_online,
                    count(DISTINCT player_id)::int AS players_known, count(DISTINCT time)::int AS samples
             FROM player_samples WHERE server_id = $1 AND time >= $2 AND time < $3 GROUP BY 1 ORDER BY 1`;
    }
    const { rows } = await this.pool.query(sql, params);
    return {
      from: from.toISOString(),
      to: range.to.toISOString(),
      step_seconds: range.stepSeconds,
      retention_hours: plan.retentionHours,
      buckets: rows,
    };
  }
}

/**
 * Add-on kinds of a server whose add-on is unavailable answer 409 with the reason and the remedy, even when older
 * samples exist: an empty list would look like a factory without power, and old data like current data.
 */
function addonAvailable(owner: Owner, kind: AddonKind): void {
  if (owner.addonStatus !== 'unavailable') return;
  throw new ApiError(
    'AddonUnavailable',
    `the Ficsit Remote Monitoring add-on is not available on this server${owner.addonReason ? `: ${owner.addonReason}` : ''}`,
    'Install Ficsit Remote Monitoring on the server and open its HTTP port (default 8080, TCP), or enable its ' +
      'proxy on the game port; the platform re-checks every few minutes.',
    { kind },
  );
}

function noData(kind: string): ApiError {
  return new ApiError(
    'NoDataYet',
    `no ${kind} sample has been stored for this server yet`,
    'The first poll runs within seconds of registration; try again shortly. GET /api/v1/servers/{id} shows the status.',
    { kind },
  );
}

function page<T>(rows: T[], limit: number, key: (row: T) => string): Page<T> {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, next_cursor: more ? key(items[items.length - 1]!) : null };
}
