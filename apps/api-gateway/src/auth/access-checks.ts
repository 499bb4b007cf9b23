import type { PlanEntitlements } from '@app/contracts';
import type { QuotaState } from '../billing/quota.service';
import { ApiError } from '../http/api-error';
import { ROLE_RANK, type AccessRule, type Principal } from './principal';

/**
 * The checks of a route's access rule, shared by the request guard (ApiAuthGuard) and the metrics/latest fast path
 * (latest-fast-path.ts), so both refuse exactly the same callers.
 */

/** An API token needs a route with a scope (else it is a dashboard route) and that scope. */
export function assertTokenScope(principal: Principal, rule: AccessRule): void {
  if (!rule.scope)
    throw new ApiError('Forbidden', 'this route is for the dashboard only', 'Sign in with an account session.');
  if (!principal.scopes?.includes(rule.scope))
    throw new ApiError('Forbidden', `the API token lacks the scope ${rule.scope}`, 'Create a token with that scope.', {
      required_scope: rule.scope,
    });
}

/** API tokens work only on plans with API access. */
export function assertApiAccess(plan: PlanEntitlements): void {
  if (!plan.apiAccess)
    throw ApiError.notInPlan('the public API is', plan.planId, 'pro', 'Upgrade to Pro or higher to use API tokens.');
}

/** The route's lowest role in the organisation. */
export function assertRole(principal: Principal, rule: AccessRule): void {
  if (rule.role && ROLE_RANK[principal.role] < ROLE_RANK[rule.role])
    throw new ApiError(
      'Forbidden',
      `this needs the ${rule.role} role; you are ${principal.role}`,
      'Ask an admin of the organisation.',
      { required_role: rule.role, role: principal.role },
    );
}

/** The RateLimit-* headers of an answer that spent one request of the daily quota. */
export function quotaHeaders(state: QuotaState, nowMs: number): [string, string][] {
  const headers: [string, string][] = [];
  if (state.limit !== null) {
    headers.push(['RateLimit-Limit', String(state.limit)]);
    headers.push(['RateLimit-Remaining', String(Math.max(0, state.remaining ?? 0))]);
  }
  headers.push(['RateLimit-Reset', String(Math.max(0, Math.ceil((state.resetAt - nowMs) / 1000)))]);
  return headers;
}
