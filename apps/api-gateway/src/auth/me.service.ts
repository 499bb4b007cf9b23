import { Injectable } from '@nestjs/common';
import { BillingClient } from '../billing/billing.client';
import { AuthRepository } from './auth.repository';
import type { MeChanges, MeView } from './me.schemas';
import type { Principal } from './principal';

/**
 * The signed-in user's own account: who they are, where they act and on which plan, and the settings they change
 * for themselves. A user's language is theirs, not an organisation's, so changing it is not an entry of the
 * organisation's audit log (no other change of one's own account is either).
 */
@Injectable()
export class MeService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly billing: BillingClient,
  ) {}

  async view(caller: Principal): Promise<MeView> {
    const [user, plan] = await Promise.all([
      this.repository.userWithOrganisations(caller.userId),
      this.billing.entitlements(caller.orgId),
    ]);
    // Only when the user was deleted between authentication and now: a 500, as before.
    if (!user) throw new Error(`user ${caller.userId} not found`);
    return {
      id: user.id,
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
      created_at: user.createdAt.toISOString(),
      locale: user.locale,
      organisations: user.organisations,
      organisation_id: caller.orgId,
      role: caller.role,
      plan: {
        id: plan.planId,
        max_servers: plan.maxServers,
        retention_hours: plan.retentionHours,
        api_access: plan.apiAccess,
        api_daily_quota: plan.apiDailyQuota,
        intervals_seconds: plan.intervals,
      },
    };
  }

  /** Applies the user's changes to their own account and answers the account as it is now. */
  async update(caller: Principal, changes: MeChanges): Promise<MeView> {
    if (!(await this.repository.setLocale(caller.userId, changes.locale)))
      throw new Error(`user ${caller.userId} not found`);
    return this.view(caller);
  }
}
