import { Requests, type BillingPeriod, type PlanId } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { PromiseCache } from '../common/promise-cache';
import { ApiError } from '../http/api-error';
import { BillingClient } from './billing.client';
import { BillingRepository, type PlanRecord } from './billing.repository';
import { planView, type PlanView } from './plan-view';

const DAY_MS = 86_400_000;

/** The plan table (public), an organisation's subscription, its change and the day's use. */
@Injectable()
export class SubscriptionService {
  private readonly plans: PromiseCache<PlanRecord[]>;

  constructor(
    private readonly repository: BillingRepository,
    private readonly messaging: Messaging,
    private readonly billing: BillingClient,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {
    this.plans = new PromiseCache<PlanRecord[]>(30_000, undefined, clock);
  }

  private allPlans(): Promise<PlanRecord[]> {
    return this.plans.get('all', () => this.repository.plans());
  }

  async planTable(): Promise<PlanView[]> {
    return (await this.allPlans()).map(planView);
  }

  async subscription(orgId: string) {
    const [entitlements, subscription, used] = await Promise.all([
      this.billing.entitlements(orgId),
      this.repository.subscription(orgId),
      this.repository.serversUsed(orgId),
    ]);
    const plan = (await this.allPlans()).find((p) => p.id === entitlements.planId);
    if (!plan) throw new ApiError('ServiceUnavailable', 'the plan table is not loaded', 'Try again in a minute.');
    return {
      plan: planView(plan),
      period: subscription?.period ?? 'monthly',
      started_at: subscription?.startedAt.toISOString() ?? null,
      limits: {
        servers: entitlements.maxServers,
        retention_hours: entitlements.retentionHours,
        api_daily_quota: entitlements.apiAccess ? entitlements.apiDailyQuota : 0,
      },
      usage: { servers: used },
    };
  }

  /** Asks billing-limits to change the plan; a refusal becomes 409 with what to do, no answer 503. */
  async change(caller: Principal, input: { plan: PlanId; period: BillingPeriod }) {
    const answer = await this.messaging
      .request(Requests.changeSubscription, { orgId: caller.orgId, planId: input.plan, period: input.period })
      .catch(() => {
        throw new ApiError(
          'ServiceUnavailable',
          'the plan could not be changed right now',
          'Try again in a few seconds; nothing was changed.',
        );
      });
    if (!answer.ok) {
      if (answer.reason === 'not_self_service')
        throw new ApiError(
          'Conflict',
          `the ${answer.planId} plan is arranged with us, not chosen here`,
          'Contact sales for custom limits; meanwhile choose another plan.',
          { plan: answer.planId },
        );
      throw new ApiError(
        'Conflict',
        `the ${answer.planId} plan allows ${answer.limit} server(s); this organisation has ${answer.used}`,
        `Remove ${answer.toRemove} server(s) first, then change the plan.`,
        { plan: answer.planId, limit: answer.limit, used: answer.used, to_remove: answer.toRemove },
      );
    }
    this.billing.forget(caller.orgId);
    if (answer.changed)
      await this.audit.record(
        caller,
        'plan.changed',
        { type: 'organisation', id: caller.orgId },
        { plan: answer.planId, previous_plan: answer.previousPlanId, period: answer.period },
      );
    return this.subscription(caller.orgId);
  }

  /** Today's API requests (the UTC day of the clock) and the servers used, against the plan. */
  async usage(orgId: string) {
    const nowMs = this.clock.nowMs();
    const day = new Date(nowMs).toISOString().slice(0, 10);
    const [entitlements, used, servers] = await Promise.all([
      this.billing.entitlements(orgId),
      this.repository.apiRequestsOn(orgId, day),
      this.repository.serversUsed(orgId),
    ]);
    const limit = entitlements.apiAccess ? entitlements.apiDailyQuota : 0;
    return {
      day,
      api_requests: {
        used,
        limit,
        remaining: limit === null ? null : Math.max(0, limit - used),
        reset_at: new Date(Math.floor(nowMs / DAY_MS) * DAY_MS + DAY_MS).toISOString(),
      },
      servers: { used: servers, limit: entitlements.maxServers },
    };
  }
}
