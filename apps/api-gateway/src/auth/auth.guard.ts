import { Clock } from '@app/platform';
import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Response } from 'express';
import { BillingClient } from '../billing/billing.client';
import { QuotaService } from '../billing/quota.service';
import { ApiError } from '../http/api-error';
import { AuthThrottles } from '../throttle/auth-throttles';
import { SecondFactorGate } from '../two-factor/second-factor.gate';
import { assertApiAccess, assertRole, assertTokenScope, quotaHeaders } from './access-checks';
import { ACCESS, PUBLIC, type AccessRule, type AuthedRequest, type Principal } from './principal';

/**
 * Every route but the public ones: a bearer token (passport-http-bearer), then the route's needs: an API token's
 * scope, the caller's role in the organisation, the plan's API access, and one request of the daily API quota
 * (API tokens); a dashboard session has no quota but its own per-user rate limit (SESSION_RATE_LIMIT_PER_MINUTE).
 * Both are reported in RateLimit-* headers.
 */
@Injectable()
export class ApiAuthGuard extends AuthGuard('bearer') {
  constructor(
    private readonly reflector: Reflector,
    private readonly billing: BillingClient,
    private readonly quota: QuotaService,
    private readonly throttles: AuthThrottles,
    private readonly clock: Clock,
    private readonly secondFactor: SecondFactorGate,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    // Health probes, Prometheus and the API documents are outside the API: no token. Compared without case, so a
    // differently spelled path can never pass as "outside" (routing is case-sensitive as well).
    if (!context.switchToHttp().getRequest<AuthedRequest>().path.toLowerCase().startsWith('/api/v1/')) return true;
    await super.canActivate(context);
    const req = context.switchToHttp().getRequest<AuthedRequest & { user?: Principal }>();
    const principal = req.user!;
    req.principal = principal;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS, targets) ?? {};
    if (principal.kind === 'session') {
      const allowance = await this.throttles.sessionRequest(principal.userId);
      if (allowance) {
        const res = context.switchToHttp().getResponse<Response>();
        res.setHeader('RateLimit-Limit', String(allowance.limit));
        res.setHeader('RateLimit-Remaining', String(allowance.remaining));
        res.setHeader('RateLimit-Reset', String(allowance.resetSeconds));
      }
    }
    if (principal.kind === 'api') {
      assertTokenScope(principal, rule);
      const plan = await this.billing.entitlements(principal.orgId);
      assertApiAccess(plan);
      const res = context.switchToHttp().getResponse<Response>();
      const state = await this.quota.consume(principal.orgId, plan.apiDailyQuota).catch((error: unknown) => {
        const wait = (error as ApiError).details?.retry_after_seconds;
        if (typeof wait === 'number') {
          res.setHeader('Retry-After', String(wait));
          res.setHeader('RateLimit-Remaining', '0');
          res.setHeader('RateLimit-Reset', String(wait));
        }
        throw error;
      });
      for (const [name, value] of quotaHeaders(state, this.clock.nowMs())) res.setHeader(name, value);
    }
    assertRole(principal, rule);
    // An organisation that requires two factors refuses members without one (but lets them enrol).
    await this.secondFactor.assertMayAct(principal, req.path.toLowerCase());
    return true;
  }

  override handleRequest<T>(error: unknown, user: T | false): T {
    if (error) throw error;
    if (!user)
      throw new ApiError(
        'Unauthenticated',
        'authentication required',
        'Send Authorization: Bearer <token> (a session from POST /api/v1/auth/login, or an API token).',
      );
    return user;
  }
}
