import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { EmailVerificationService } from '../auth/email-verification.service';
import { newBearerToken } from '../auth/bearer-tokens';
import type { Principal, Scope } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { TokensRepository, type ApiTokenRecord } from './tokens.repository';

const DAY_MS = 86_400_000;

/** An API token as the API shows it (no secret). */
export interface TokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

function tokenView(row: ApiTokenRecord): TokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** API tokens of the public API (Pro plan and up): shown once, stored hashed, scoped, revocable. */
@Injectable()
export class TokensService {
  constructor(
    private readonly repository: TokensRepository,
    private readonly billing: BillingClient,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly verification: EmailVerificationService,
  ) {}

  /** Creates a token (the plan must include API access); the secret is in this answer only. */
  async create(
    caller: Principal,
    input: { name: string; scopes: readonly Scope[]; expires_in_days?: number },
  ): Promise<TokenView & { token: string }> {
    const plan = await this.billing.entitlements(caller.orgId);
    if (!plan.apiAccess)
      throw ApiError.notInPlan('API tokens are', plan.planId, 'pro', 'Upgrade to Pro or higher to use the public API.');
    await this.verification.require(caller, 'create an API token');
    const { token, hash, prefix } = newBearerToken('api');
    const row = await this.repository.create({
      orgId: caller.orgId,
      userId: caller.userId,
      name: input.name,
      prefix,
      tokenHash: hash,
      scopes: [...new Set(input.scopes)],
      expiresAt: input.expires_in_days ? new Date(this.clock.nowMs() + input.expires_in_days * DAY_MS) : null,
    });
    await this.audit.record(
      caller,
      'token.created',
      { type: 'api_token', id: row.id },
      { name: row.name, prefix: row.prefix, scopes: row.scopes },
    );
    return { ...tokenView(row), token };
  }

  async list(orgId: string): Promise<TokenView[]> {
    return (await this.repository.listLive(orgId)).map(tokenView);
  }

  /** Revokes a token: refused from now on, on every replica (its cached credential is dropped). */
  async revoke(caller: Principal, id: string): Promise<void> {
    if (!isUuid(id)) throw ApiError.notFound('token');
    const row = await this.repository.findLive(caller.orgId, id);
    if (!row) throw ApiError.notFound('token');
    await this.repository.revoke(row.id, this.clock.now());
    this.auth.revoked(row.tokenHash);
    await this.audit.record(caller, 'token.revoked', { type: 'api_token', id }, { name: row.name, prefix: row.prefix });
  }
}
