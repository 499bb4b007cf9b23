import { PgPools } from '@app/database';
import { apiSelectList, health, sampleKind, tableOf } from '@app/samples';
import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { ApiGatewayConfig } from '../app.config';
import { EXPOSED_KINDS, type ExposedKind, type Row } from './game-metrics';

/** The organisation's servers with their confirmed status and newest health sample (one index probe each). */
const SERVERS = `SELECT s.id AS server_id, s.name AS server_name, coalesce(st.status::text, 'unknown') AS current_status,
    to_json(h) AS health
  FROM servers s
  LEFT JOIN server_states st ON st.server_id = s.id
  LEFT JOIN LATERAL (SELECT ${apiSelectList(health)} FROM ${tableOf(health)} m
                     WHERE m.server_id = s.id ORDER BY m.time DESC LIMIT 1) h ON true
  WHERE s.org_id = $1
  ORDER BY s.name, s.id`;

const POLLS = `SELECT l.server_id, l.kind, l.time FROM latest l JOIN servers s ON s.id = l.server_id
  WHERE s.org_id = $1 ORDER BY l.server_id, l.kind`;

/** Each kind's rows of its newest poll (the registry's API columns at `latest.time`), for every server of an org. */
const LATEST_ROWS = Object.fromEntries(
  EXPOSED_KINDS.map((name) => {
    const kind = sampleKind(name);
    return [
      name,
      `SELECT l.server_id, ${apiSelectList(kind, 't')}
       FROM servers s
       JOIN latest l ON l.server_id = s.id AND l.kind = $2
       JOIN ${tableOf(kind)} t ON t.server_id = l.server_id AND t.time = l.time
       WHERE s.org_id = $1`,
    ];
  }),
) as Record<ExposedKind, string>;

export interface ServerRow {
  server_id: string;
  server_name: string;
  current_status: string;
  health: Row | null;
}

/** Reads of the samples for the Prometheus exposition (owner of the tables: poller), through the REST reads' pool. */
@Injectable()
export class PrometheusRepository {
  private readonly pool: Pool;

  constructor(pools: PgPools, @Inject(SERVICE_CONFIG) config: ApiGatewayConfig) {
    // The metrics routes' pool (same name and settings: PgPools hands out one pool per name).
    this.pool = pools.pool('reads', config.DATABASE_POOL_SIZE, { connectTimeoutMs: 0 });
  }

  async servers(orgId: string): Promise<ServerRow[]> {
    return (await this.pool.query<ServerRow>(SERVERS, [orgId])).rows;
  }

  async polls(orgId: string): Promise<{ server_id: string; kind: string; time: Date }[]> {
    return (await this.pool.query<{ server_id: string; kind: string; time: Date }>(POLLS, [orgId])).rows;
  }

  /** The newest poll's rows of one kind for every server of the organisation, each with its `server_id`. */
  async latestRows(orgId: string, kind: ExposedKind): Promise<(Row & { server_id: string })[]> {
    return (await this.pool.query<Row & { server_id: string }>(LATEST_ROWS[kind], [orgId, kind])).rows;
  }
}
