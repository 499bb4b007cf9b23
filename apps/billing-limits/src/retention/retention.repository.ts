import { PrismaService } from '@app/database';
import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { BillingLimitsConfig } from '../app.config';

/** The time-series tables retention empties (owner: poller); each has `time` and `server_id`. */
export const SAMPLE_TABLES = [
  'server_metrics',
  'server_status_changes',
  'power_circuits',
  'player_samples',
  'production_samples',
  'train_samples',
  'drone_samples',
  'factory_building_samples',
] as const;
export type SampleTable = (typeof SAMPLE_TABLES)[number];

/** Enterprise without a custom value: 366 days, the drop-chunks policy of the TimescaleDB migration. */
export const DEFAULT_RETENTION_HOURS = 366 * 24;

/** Servers whose samples are kept for the same number of hours. */
export interface RetentionGroup {
  retentionHours: number;
  serverIds: string[];
}

/** Key of the session advisory lock that lets one replica run retention at a time (the migrator uses ...369). */
const RETENTION_LOCK_KEY = 72_707_371;

/** Deletes samples past their retention; reads servers, subscriptions and plans. */
@Injectable()
export class RetentionRepository {
  private readonly logger = new Logger(RetentionRepository.name);

  constructor(
    private readonly prisma: PrismaService,
    @Inject(SERVICE_CONFIG) private readonly config: BillingLimitsConfig,
  ) {}

  /**
   * Runs `work` while this process holds the retention lock, a session advisory lock on a connection of its own
   * (a pooled connection could be another one at unlock). Returns false without running when another replica
   * holds it. The lock goes with the connection, so a replica that dies mid-run frees it.
   */
  async whileLocked(work: () => Promise<void>): Promise<boolean> {
    const client = new Client({
      connectionString: this.config.DATABASE_URL,
      application_name: 'billing-limits-retention',
      connectionTimeoutMillis: 5000,
    });
    // Without a listener a dropped connection would be an uncaught 'error' and end the process.
    client.on('error', (error) => this.logger.warn({ err: error.message }, 'retention lock connection failed'));
    await client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        RETENTION_LOCK_KEY,
      ]);
      if (!rows[0]?.locked) return false;
      try {
        await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]).catch(() => undefined);
      }
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Every server, grouped by its organisation's retention (custom value, else the plan's; no subscription = Free). */
  retentionGroups(): Promise<RetentionGroup[]> {
    return this.prisma.$queryRawUnsafe<RetentionGroup[]>(
      `SELECT coalesce(sub.custom_retention_hours, p.retention_hours, $1::int) AS "retentionHours",
              array_agg(s.id) AS "serverIds"
       FROM servers s
       LEFT JOIN subscriptions sub ON sub.org_id = s.org_id
       LEFT JOIN plans p ON p.id = coalesce(sub.plan_id, 'free')
       GROUP BY 1`,
      DEFAULT_RETENTION_HOURS,
    );
  }

  /**
   * Server ids that have rows in `table` but no servers row (deleted servers). The distinct ids are found by
   * skipping along the primary key, which starts with server_id: one index probe per server, not a table scan.
   */
  async orphanServerIds(table: SampleTable): Promise<string[]> {
    const rows = await this.prisma.$queryRawUnsafe<{ serverId: string }[]>(
      `WITH RECURSIVE ids AS (
         (SELECT server_id FROM ${table} ORDER BY server_id LIMIT 1)
         UNION ALL
         SELECT (SELECT x.server_id FROM ${table} x WHERE x.server_id > ids.server_id ORDER BY x.server_id LIMIT 1)
         FROM ids WHERE ids.server_id IS NOT NULL
       )
       SELECT server_id AS "serverId" FROM ids
       WHERE server_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM servers s WHERE s.id = ids.server_id)`,
    );
    return rows.map((r) => r.serverId);
  }

  /**
   * Deletes up to about `limit` rows of these servers older than `before` (exclusive: a row at `before` stays), in
   * one statement (its own short transaction); returns how many went. The outer statement repeats the condition because on a TimescaleDB
   * hypertable a ctid is unique only within a chunk: a ctid picked in one chunk may name a row of another, which
   * is deleted only when it is past retention too (so a batch may then exceed `limit` a little).
   */
  deleteBatch(table: SampleTable, serverIds: string[], before: Date, limit: number): Promise<number> {
    const due = `server_id = ANY($1::uuid[]) AND time < $2::timestamptz`;
    return this.prisma.$executeRawUnsafe(
      `DELETE FROM ${table} WHERE ${due} AND ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${due} LIMIT $3::int))`,
      serverIds,
      // An ISO instant with its zone: the same cut-off whatever the session's time zone.
      before.toISOString(),
      limit,
    );
  }
}
