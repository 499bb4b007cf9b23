import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** What one lease took from a day's counter. */
export interface LeaseResult {
  granted: number;
  /** The day's counter after the grant. */
  used: number;
}

/**
 * One lease in one statement. The day's row is locked first (FOR UPDATE returns its latest committed value
 * even when a concurrent lease changed it after this statement's snapshot), so `used` is exact and the grant is
 * min(count, limit - used). The upsert only writes when the row still holds `used`: that guards the one case the
 * lock cannot cover, two first leases of the day both finding no row to lock; the loser writes nothing and
 * returns no row, and is tried again (the row then exists and is locked). An unlimited quota (`limit` null) grants
 * `count` and still counts it. A RETURNING clause sees only the new row, hence `granted` from the CTE.
 */
const leaseStatement = (orgId: string, day: string, count: number, limit: number | null): Db.Prisma.Sql => Db.Prisma
  .sql`
WITH locked AS (
  SELECT requests FROM api_usage_daily WHERE org_id = ${orgId}::uuid AND day = ${day}::date FOR UPDATE
), lease AS (
  SELECT used,
         CASE WHEN ${limit}::bigint IS NULL THEN ${count}::bigint
              ELSE LEAST(${count}::bigint, GREATEST(${limit}::bigint - used, 0)) END AS granted
  FROM (SELECT coalesce((SELECT requests FROM locked), 0) AS used) AS before
)
INSERT INTO api_usage_daily AS usage (org_id, day, requests)
SELECT ${orgId}::uuid, ${day}::date, used + granted FROM lease
ON CONFLICT (org_id, day) DO UPDATE SET requests = EXCLUDED.requests
  WHERE usage.requests = (SELECT used FROM lease)
RETURNING usage.requests AS used, (SELECT granted FROM lease) AS granted`;

/** Only the first leases of a day can lose the race above, and the retry then holds the lock: 3 is plenty. */
const MAX_ATTEMPTS = 3;

/** The daily API usage counters (`api_usage_daily`, owner: billing-limits). */
@Injectable()
export class ApiQuotaRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Takes up to `count` requests of `day`'s quota (`limit` null = unlimited) and counts what was granted. */
  async lease(orgId: string, day: string, count: number, limit: number | null): Promise<LeaseResult> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const [row] = await this.prisma.$queryRaw<{ used: bigint; granted: bigint }[]>(
        leaseStatement(orgId, day, count, limit),
      );
      if (row) return { granted: Number(row.granted), used: Number(row.used) };
    }
    throw new Error(`quota lease for ${orgId} lost the race ${MAX_ATTEMPTS} times`);
  }
}
