import { PgPools } from '@app/database';
import { SERVICE_CONFIG } from '@app/platform';
import type { AddonKind } from '@app/samples';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { ApiGatewayConfig } from '../app.config';
import {
  BUILDINGS_PAGE,
  DASHBOARD,
  HEALTH_SELECT,
  INVENTORY_SEARCH,
  LATEST_ROWS,
  PLAYERS_PAGE,
  type ListedKind,
  type SingleKind,
} from './latest.sql';
import type { BUILDING_STATES } from './metrics.schemas';

/** A server's organisation and add-on state, as the metrics routes check them. */
export interface MetricsOwner {
  orgId: string;
  addonStatus: string;
  addonReason: string | null;
}

/** One row of a REST answer, snake_case as the columns are named. */
export type ApiRow = Record<string, unknown>;

/** The filters of the buildings list. */
export interface BuildingsFilter {
  state?: (typeof BUILDING_STATES)[number];
  type?: string;
  recipe?: string;
}

/**
 * Reads of the newest samples for the REST API (owner of the tables: poller), columns and order from the
 * sample-kind registry (latest.sql.ts). Through their own small `pg` pool: these are the hot routes, and plain
 * parameterised SQL is the cheapest way to them.
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

  /** Every row of the newest poll of an add-on kind listed whole (one row for the single kinds). */
  async latestRows(serverId: string, kind: ListedKind | SingleKind): Promise<ApiRow[]> {
    return (await this.pool.query<ApiRow>(LATEST_ROWS[kind], [serverId])).rows;
  }

  /** One page (limit + 1 rows, to tell whether more follow) of the newest poll's players, by player id. */
  async playersPage(serverId: string, after: string | null, limit: number): Promise<ApiRow[]> {
    return (await this.pool.query<ApiRow>(PLAYERS_PAGE, [serverId, after, limit])).rows;
  }

  /** One page (limit + 1 rows) of the newest poll's factory buildings that pass the filter, by building id. */
  async buildingsPage(
    serverId: string,
    after: string | null,
    limit: number,
    filter: BuildingsFilter = {},
  ): Promise<ApiRow[]> {
    const sql = BUILDINGS_PAGE[filter.state ?? 'all'];
    const params = [serverId, after, limit, filter.type ?? null, filter.recipe ?? null];
    return (await this.pool.query<ApiRow>(sql, params)).rows;
  }

  /** The newest world inventory's items matching `q` (all when null), each with the containers holding it. */
  async inventory(serverId: string, q: string | null): Promise<ApiRow[]> {
    return (await this.pool.query<ApiRow>(INVENTORY_SEARCH, [serverId, q])).rows;
  }

  /** Every latest kind and the server's states, as one JSON object (see latest.sql.ts DASHBOARD). */
  async dashboard(serverId: string): Promise<ApiRow> {
    const { rows } = await this.pool.query<{ dashboard: ApiRow }>(DASHBOARD, [serverId]);
    return rows[0]!.dashboard;
  }

  /** Whether the kind was polled at all (its `latest` row exists). */
  async polled(serverId: string, kind: AddonKind): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM latest WHERE server_id = $1 AND kind = $2', [serverId, kind]);
    return rows.length > 0;
  }
}
