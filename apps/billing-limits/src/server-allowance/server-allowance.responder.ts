import { PlanId, Requests, type ServerAllowance } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntitlementsRepository } from '../entitlements/entitlements.repository';
import { ServerAllowanceRepository } from './server-allowance.repository';

/**
 * Answers `billing.server-allowance.check.v1`: may an organisation add host:port under its plan's server limit.
 * A check, not a reservation: api-gateway asks before saving, and the (org_id, host, port) key keeps one
 * host:port from being saved twice.
 */
@Injectable()
export class ServerAllowanceResponder implements OnModuleInit {
  constructor(
    private readonly messaging: Messaging,
    private readonly plans: EntitlementsRepository,
    private readonly repository: ServerAllowanceRepository,
  ) {}

  onModuleInit(): void {
    this.messaging.reply(Requests.serverAllowance, ({ orgId, host, port }) => this.check(orgId, host, port));
  }

  async check(orgId: string, host: string, port: number): Promise<ServerAllowance> {
    const plan = await this.plans.planOf(orgId);
    if (!plan) throw new Error('plans are not configured');
    const planId = PlanId.parse(plan.planId);
    const limit = plan.maxServers;
    const { used, registered } = await this.repository.usageOf(orgId, host, port);
    // A host:port the organisation already has is the same server: it takes no new place, whatever the count.
    const allowed = registered || limit === null || used < limit;
    const upgrade = allowed ? null : await this.repository.upgradeFor(planId, used);
    return { allowed, planId, limit, used, upgradePlanId: upgrade === null ? null : PlanId.parse(upgrade) };
  }
}
