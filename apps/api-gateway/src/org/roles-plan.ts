import type { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';

/** Members beyond the owner (roles) are a Team / Enterprise feature: 403 PlanLimitReached naming Team otherwise. */
export async function requireRolesPlan(
  billing: BillingClient,
  orgId: string,
  remedy = 'Upgrade to Team or Enterprise to invite members.',
): Promise<void> {
  const plan = await billing.entitlements(orgId);
  if (!plan.roles) throw ApiError.notInPlan('members with roles are', plan.planId, 'team', remedy);
}
