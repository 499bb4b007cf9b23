import { PlanId, Requests, type PlanEntitlements } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntitlementsRepository } from './entitlements.repository';
import { DEFAULT_RETENTION_HOURS } from '../retention/retention.repository';

/** How often the add-on's availability is re-checked, whatever the plan. */
export const ADDON_RECHECK_SECONDS = 300;

/** Answers `billing.entitlements.get.v1`: what an organisation's plan allows, with its polling intervals. */
@Injectable()
export class EntitlementsResponder implements OnModuleInit {
  private readonly logger = new Logger(EntitlementsResponder.name);

  constructor(
    private readonly messaging: Messaging,
    private readonly repository: EntitlementsRepository,
  ) {}

  onModuleInit(): void {
    this.messaging.reply(Requests.entitlements, ({ orgId }) => this.entitlementsOf(orgId));
  }

  async entitlementsOf(orgId: string): Promise<PlanEntitlements> {
    const plan = await this.repository.planOf(orgId);
    if (!plan) {
      this.logger.error({ orgId }, 'no plan rows: the plans table is empty (were the migrations applied?)');
      throw new Error('plans are not configured');
    }
    return {
      orgId,
      planId: PlanId.parse(plan.planId),
      maxServers: plan.maxServers,
      retentionHours: plan.retentionHours ?? DEFAULT_RETENTION_HOURS,
      intervals: { ...plan.intervals, addon: ADDON_RECHECK_SECONDS },
      discordAlerts: plan.discordAlerts,
      multiChannelAlerts: plan.multiChannelAlerts,
      apiAccess: plan.apiAccess,
      apiDailyQuota: plan.apiDailyQuota,
      shareLinks: plan.shareLinks,
      statusPages: plan.statusPages,
      roles: plan.roles,
    };
  }
}
