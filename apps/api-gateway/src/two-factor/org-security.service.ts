import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { SecondFactorGate } from './second-factor.gate';
import { TwoFactorRepository } from './two-factor.repository';

/** An organisation's security policy "two factors required" (Team and Enterprise), set by an Admin. */
@Injectable()
export class OrgSecurityService {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly gate: SecondFactorGate,
    private readonly billing: BillingClient,
    private readonly audit: AuditService,
  ) {}

  async view(caller: Principal) {
    const [required, plan] = await Promise.all([
      this.repository.requireTwoFactor(caller.orgId),
      this.billing.entitlements(caller.orgId),
    ]);
    return { require_two_factor: required, available: plan.roles, plan: plan.planId };
  }

  async change(caller: Principal, requireTwoFactor: boolean) {
    const plan = await this.billing.entitlements(caller.orgId);
    if (!plan.roles)
      throw ApiError.notInPlan(
        'the policy "two factors required" is',
        plan.planId,
        'team',
        'Upgrade to Team or Enterprise to require two factors of every member.',
      );
    if (requireTwoFactor && !(await this.gate.hasSecondFactor(caller.userId)))
      throw new ApiError(
        'Conflict',
        'you have no second factor yourself: requiring one would lock you out',
        'Enrol an authenticator app or a passkey at Settings -> Security first.',
      );
    const before = await this.repository.requireTwoFactor(caller.orgId);
    if (before !== requireTwoFactor) {
      await this.repository.setRequireTwoFactor(caller.orgId, requireTwoFactor);
      await this.gate.policyChanged();
      await this.audit.record(
        caller,
        'org.two_factor_policy_changed',
        { type: 'organisation', id: caller.orgId },
        {
          require_two_factor: requireTwoFactor,
        },
      );
    }
    return { require_two_factor: requireTwoFactor, available: true, plan: plan.planId };
  }
}
