import type { BillingPeriod } from '@app/contracts';
import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** What a plan change is checked against. */
export interface PlanTerms {
  /** false when the plan has no monthly price (Enterprise: arranged with us, not chosen in the app). */
  selfService: boolean;
  /** null = unlimited. */
  maxServers: number | null;
}

/** An organisation's subscription row. */
export interface SubscriptionRow {
  planId: string;
  period: BillingPeriod;
  customMaxServers: number | null;
  startedAt: Date;
}

/** The reads and the write of one change, inside the transaction that holds the organisation's row lock. */
export interface LockedOrganisation {
  subscription(): Promise<SubscriptionRow | null>;
  plan(planId: string): Promise<PlanTerms | null>;
  /** Servers of the organisation; a host and port pair counts once, as in the server allowance. */
  serverCount(): Promise<number>;
  /** Upserts the subscription as of `at` and returns its started_at (see saveStatement). */
  save(planId: string, period: BillingPeriod, at: Date): Promise<Date>;
}

type RawQuery = Pick<Db.Prisma.TransactionClient, '$queryRaw'>;

/**
 * A plan change restarts the subscription and clears its custom_* overrides (they were agreed for the old plan);
 * a period change alone keeps both.
 */
const saveStatement = (orgId: string, planId: string, period: BillingPeriod, at: string): Db.Prisma.Sql => Db.Prisma
  .sql`
INSERT INTO subscriptions AS s (org_id, plan_id, period, started_at, updated_at)
VALUES (${orgId}::uuid, ${planId}, ${period}::billing_period, ${at}::timestamptz, ${at}::timestamptz)
ON CONFLICT (org_id) DO UPDATE SET
  plan_id = EXCLUDED.plan_id,
  period = EXCLUDED.period,
  started_at = CASE WHEN s.plan_id = EXCLUDED.plan_id THEN s.started_at ELSE EXCLUDED.started_at END,
  custom_max_servers = CASE WHEN s.plan_id = EXCLUDED.plan_id THEN s.custom_max_servers END,
  custom_retention_hours = CASE WHEN s.plan_id = EXCLUDED.plan_id THEN s.custom_retention_hours END,
  custom_api_daily_quota = CASE WHEN s.plan_id = EXCLUDED.plan_id THEN s.custom_api_daily_quota END,
  updated_at = EXCLUDED.updated_at
RETURNING s.started_at AS "startedAt"`;

/** Writes subscriptions (owner: billing-limits); reads plans and servers (owner: api-gateway). */
@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Runs `work` in one transaction that holds the organisation's row lock (FOR UPDATE): two changes of one
   * organisation run one after the other, and a server cannot be added meanwhile (its foreign key check waits
   * for the lock), so the count `work` reads stays true until the commit. Null when the organisation does not exist.
   */
  withOrganisationLocked<T>(orgId: string, work: (org: LockedOrganisation) => Promise<T>): Promise<T | null> {
    return this.prisma.$transaction(async (tx) => {
      const [found] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM organisations WHERE id = ${orgId}::uuid FOR UPDATE`;
      return found ? work(locked(tx, orgId)) : null;
    });
  }
}

function locked(tx: RawQuery, orgId: string): LockedOrganisation {
  return {
    subscription: async () => {
      const [row] = await tx.$queryRaw<SubscriptionRow[]>`
        SELECT plan_id AS "planId", period::text AS period, custom_max_servers AS "customMaxServers",
               started_at AS "startedAt"
        FROM subscriptions WHERE org_id = ${orgId}::uuid`;
      return row ?? null;
    },
    plan: async (planId) => {
      const [row] = await tx.$queryRaw<PlanTerms[]>`
        SELECT price_monthly_cents IS NOT NULL AS "selfService", max_servers AS "maxServers"
        FROM plans WHERE id = ${planId}`;
      return row ?? null;
    },
    serverCount: async () => {
      const [row] = await tx.$queryRaw<{ used: number }[]>`
        SELECT count(DISTINCT (host, port))::int AS used FROM servers WHERE org_id = ${orgId}::uuid`;
      return row?.used ?? 0;
    },
    save: async (planId, period, at) => {
      const [row] = await tx.$queryRaw<{ startedAt: Date }[]>(saveStatement(orgId, planId, period, at.toISOString()));
      if (!row) throw new Error(`subscription of ${orgId} was not saved`);
      return row.startedAt;
    },
  };
}
