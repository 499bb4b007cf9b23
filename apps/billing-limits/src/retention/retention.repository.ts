import { Db, PgPools, PrismaService } from '@app/database';
import { SAMPLE_KINDS } from '@app/samples';
import { Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';

/**
 * The time-series tables retention empties (owner: poller); each has `time` and `server_id`. The sample kinds'
 * tables come from the registry; server_status_changes and player_sessions (owner: billing-limits) are not sample
 * kinds but are kept for as long.
 */
export const SAMPLE_TABLES: readonly string[] = [
  ...SAMPLE_KINDS.map((k) => k.table),
  'server_status_changes',
  'player_sessions',
];
/** The time column of the tables whose rows are not samples at `time` (a session goes with its join time). */
const TIME_COLUMN: Readonly<Record<string, string>> = { player_sessions: 'joined_at' };
/** One of SAMPLE_TABLES. */
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

  /** One connection at most: only the lock's session uses it. */
  private readonly pool: Pool;

  constructor(
    private readonly prisma: PrismaService,
    pools: PgPools,
  ) {
    this.pool = pools.pool('retention', 1);
  }

  /**
   * Runs `work` while this process holds the retention lock, a session advisory lock on one connection held from
   * lock to unlock (Prisma's pool could hand the unlock to another connection). Returns false without running when
   * another replica holds it. The lock goes with the connection, so a replica that dies mid-run frees it.
   */
  async whileLocked(work: () => Promise<void>): Promise<boolean> {
    const client = await this.pool.connect();
    // The pool listens only while a connection is idle: without this, a drop mid-run would end the process.
    const onError = (error: Error) => this.logger.warn({ err: error.message }, 'retention lock connection failed');
    client.on('error', onError);
    // A connection that may still hold the lock is closed, not returned to the pool: closing it frees the lock.
    let discard = true;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        RETENTION_LOCK_KEY,
      ]);
      if (!rows[0]?.locked) {
        discard = false;
        return false;
      }
      try {
        await work();
      } finally {
        discard = await client.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]).then(
          () => false,
          () => true,
        );
      }
      return true;
    } finally {
      client.removeListener('error', onError);
      client.release(discard);
    }
  }

  /** Every server, grouped by its organisation's retention (custom value, else the plan's; no subscription = Free). */
  retentionGroups(): Promise<RetentionGroup[]> {
    return this.prisma.$queryRaw<RetentionGroup[]>`
      SELECT coalesce(sub.custom_retention_hours, p.retention_hours, ${DEFAULT_RETENTION_HOURS}::int)
               AS "retentionHours",
             array_agg(s.id) AS "serverIds"
      FROM servers s
      LEFT JOIN subscriptions sub ON sub.org_id = s.org_id
      LEFT JOIN plans p ON p.id = coalesce(sub.plan_id, 'free')
      GROUP BY 1`;
  }

  /**
   * Server ids that have rows in `table` but no servers row (deleted servers). The distinct ids are found by
   * skipping along the primary key, which starts with server_id: one index probe per server, not a table scan.
   */
  async orphanServerIds(table: SampleTable): Promise<string[]> {
    const from = tableSql(table);
    const rows = await this.prisma.$queryRaw<{ serverId: string }[]>`
      WITH RECURSIVE ids AS (
        (SELECT server_id FROM ${from} ORDER BY server_id LIMIT 1)
        UNION ALL
        SELECT (SELECT x.server_id FROM ${from} x WHERE x.server_id > ids.server_id ORDER BY x.server_id LIMIT 1)
        FROM ids WHERE ids.server_id IS NOT NULL
      )
      SELECT server_id AS "serverId" FROM ids
      WHERE server_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM servers s WHERE s.id = ids.server_id)`;
    return rows.map((r) => r.serverId);
  }

  /**
   * Deletes up to about `limit` rows of these servers older than `before` (exclusive: a row at `before` stays), in
   * one statement (its own short transaction); returns how many went. The outer statement repeats the condition
   * because on a TimescaleDB hypertable a ctid is unique only within a chunk: a ctid picked in one chunk may name a
   * row of another, which is deleted only when it is past retention too (so a batch may then exceed `limit` a little).
   */
  deleteBatch(table: SampleTable, serverIds: string[], before: Date, limit: number): Promise<number> {
    const from = tableSql(table);
    // An ISO instant with its zone: the same cut-off whatever the session's time zone.
    const time = Db.Prisma.raw(TIME_COLUMN[table] ?? 'time');
    const due = Db.Prisma.sql`server_id = ANY(${serverIds}::uuid[]) AND ${time} < ${before.toISOString()}::timestamptz`;
    return this.prisma.$executeRaw`
      DELETE FROM ${from} WHERE ${due}
        AND ctid = ANY(ARRAY(SELECT ctid FROM ${from} WHERE ${due} LIMIT ${limit}::int))`;
  }
}

/** A table name as SQL: only one of SAMPLE_TABLES, so no name from elsewhere ever reaches the statement. */
function tableSql(table: SampleTable): Db.Prisma.Sql {
  if (!SAMPLE_TABLES.includes(table)) throw new Error(`${table} is not a sample table`);
  return Db.Prisma.raw(table);
}
