import { PlanId, Requests, Subjects, type BillingPeriod, type SubscriptionChange } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SubscriptionsRepository, type LockedOrganisation } from './subscriptions.repository';

/**
 * Answers `billing.subscription.change.v1`: puts an organisation on another plan or billing period (prices are
 * shown, not charged). Refuses Enterprise (not self-service) and a plan the organisation's servers do not fit in;
 * samples are left alone, retention removes what the new plan no longer keeps.
 */
@Injectable()
export class SubscriptionsResponder implements OnModuleInit {
  private readonly logger = new Logger(SubscriptionsResponder.name);

  constructor(
    private readonly messaging: Messaging,
    private readonly repository: SubscriptionsRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.messaging.reply(Requests.changeSubscription, ({ orgId, planId, period }) =>
      this.change(orgId, planId, period),
    );
  }

  async change(orgId: string, planId: PlanId, period: BillingPeriod): Promise<SubscriptionChange> {
    const now = this.clock.now();
    const answer = await this.repository.withOrganisationLocked(orgId, (org) => decide(org, planId, period, now));
    // The requester sees an error answer at once (the messaging lib replies for a handler that throws).
    if (!answer) throw new Error(`organisation ${orgId} does not exist`);
    if (answer.ok && answer.changed) this.announce(orgId, answer, now);
    return answer;
  }

  /**
   * After the commit, on core NATS as the other lifecycle events: the consumers (poller, api-gateway) subscribe
   * there, and no stream captures this subject. A lost event is late, not lost: their caches expire.
   */
  private announce(orgId: string, change: Extract<SubscriptionChange, { ok: true }>, at: Date): void {
    const { planId, previousPlanId, period } = change;
    try {
      this.messaging.publish(Subjects.planChanged, {
        orgId,
        planId,
        previousPlanId,
        period,
        occurredAt: at.toISOString(),
      });
    } catch (error) {
      this.logger.warn({ orgId, err: (error as Error).message }, 'could not announce plan.changed');
    }
    this.logger.log({ orgId, planId, previousPlanId, period }, 'subscription changed');
  }
}

/** The change, under the organisation's lock. An organisation without a subscription row is on Free, monthly. */
async function decide(
  org: LockedOrganisation,
  planId: PlanId,
  period: BillingPeriod,
  now: Date,
): Promise<SubscriptionChange> {
  const plan = await org.plan(planId);
  if (!plan) throw new Error(`plan ${planId} is not configured (were the migrations applied?)`);
  const current = await org.subscription();
  const previousPlanId = PlanId.parse(current?.planId ?? 'free');
  const planChanges = previousPlanId !== planId;
  const unchanged = { ok: true as const, planId, previousPlanId, period, changed: false };
  if (!planChanges && (current?.period ?? 'monthly') === period) {
    // Nothing to change; a missing row is written so the answer has a start.
    return { ...unchanged, startedAt: (current?.startedAt ?? (await org.save(planId, period, now))).toISOString() };
  }
  const used = await org.serverCount();
  if (!plan.selfService) {
    return { ok: false, reason: 'not_self_service', planId, limit: plan.maxServers, used, toRemove: 0 };
  }
  // Custom limits belong to the plan they were agreed for: kept on a period change, dropped on a plan change.
  const limit = planChanges ? plan.maxServers : (current?.customMaxServers ?? plan.maxServers);
  if (limit !== null && used > limit) {
    return { ok: false, reason: 'too_many_servers', planId, limit, used, toRemove: used - limit };
  }
  const startedAt = await org.save(planId, period, now);
  return { ...unchanged, changed: true, startedAt: startedAt.toISOString() };
}
