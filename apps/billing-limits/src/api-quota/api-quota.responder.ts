import { Requests, type QuotaLease } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntitlementsRepository, type PlanRow } from '../entitlements/entitlements.repository';
import { ApiQuotaRepository } from './api-quota.repository';
import { nextUtcMidnight, utcDay } from './utc-day';

/** An organisation's daily API quota: none without API access, else the plan's or its override (null = unlimited). */
export function dailyQuotaOf(plan: PlanRow): number | null {
  return plan.apiAccess ? plan.apiDailyQuota : 0;
}

/** Answers `billing.api-quota.lease.v1`: api-gateway leases batches of an organisation's daily API quota. */
@Injectable()
export class ApiQuotaResponder implements OnModuleInit {
  constructor(
    private readonly messaging: Messaging,
    private readonly plans: EntitlementsRepository,
    private readonly repository: ApiQuotaRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.messaging.reply(Requests.quotaLease, ({ orgId, count }) => this.lease(orgId, count));
  }

  async lease(orgId: string, count: number): Promise<QuotaLease> {
    const now = this.clock.now();
    const plan = await this.plans.planOf(orgId);
    if (!plan) throw new Error('plans are not configured');
    const limit = dailyQuotaOf(plan);
    // Day and reset from the same instant, so a lease at 23:59:59.999 is never counted on a day it does not name.
    const resetAt = nextUtcMidnight(now).toISOString();
    // Nothing to grant: no row is written, so plans without API access leave no counters behind.
    if (limit === 0) return { granted: 0, limit, remaining: 0, resetAt };
    const { granted, used } = await this.repository.lease(orgId, utcDay(now), count, limit);
    // A quota lowered during the day (a downgrade) can leave `used` above it: nothing remains, never a negative.
    return { granted, limit, remaining: limit === null ? null : Math.max(limit - used, 0), resetAt };
  }
}
