import { PrismaService } from '@app/database';
import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { newBearerToken } from '../auth/bearer-tokens';
import { Access, Caller, SCOPES, type Principal } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { isUuid } from '../http/ids';

const CreateToken = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(100),
  scopes: z.array(z.enum(SCOPES)).min(1, 'name at least one scope').max(SCOPES.length),
  expires_in_days: z.int().min(1).max(3650).optional(),
});
const TokenView = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

/** API tokens of the public API (Pro plan and up): shown once, stored hashed, scoped, revocable. */
@ApiTags('api tokens')
@Controller('api/v1/tokens')
export class TokensController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly billing: BillingClient,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  @Post()
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: 'Create an API token; the token is shown only in this answer',
    body: CreateToken,
    response: TokenView.extend({ token: z.string() }),
    status: 201,
    errors: [403],
  })
  async create(@Caller() caller: Principal, @Body() body: unknown) {
    const input = parseInput(CreateToken, body, 'body');
    const plan = await this.billing.entitlements(caller.orgId);
    if (!plan.apiAccess)
      throw ApiError.notInPlan('API tokens are', plan.planId, 'pro', 'Upgrade to Pro or higher to use the public API.');
    const { token, hash, prefix } = newBearerToken('api');
    const row = await this.prisma.apiToken.create({
      data: {
        orgId: caller.orgId,
        userId: caller.userId,
        name: input.name,
        prefix,
        tokenHash: hash,
        scopes: [...new Set(input.scopes)],
        expiresAt: input.expires_in_days ? new Date(Date.now() + input.expires_in_days * 86_400_000) : null,
      },
    });
    await this.audit.record(
      caller,
      'token.created',
      { type: 'api_token', id: row.id },
      { name: row.name, prefix: row.prefix, scopes: row.scopes },
    );
    return { ...view(row), token };
  }

  @Get()
  @Access({ role: 'admin' })
  @ApiRoute({ summary: 'The API tokens of the organisation (no secrets)', response: z.array(TokenView) })
  async list(@Caller() caller: Principal) {
    const rows = await this.prisma.apiToken.findMany({
      where: { orgId: caller.orgId, revokedAt: null },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map(view);
  }

  @Delete(':id')
  @Access({ role: 'admin' })
  @ApiRoute({ summary: 'Revoke an API token: it is refused from now on', status: 204, errors: [404] })
  async revoke(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    if (!isUuid(id)) throw ApiError.notFound('token');
    const row = await this.prisma.apiToken.findFirst({ where: { id, orgId: caller.orgId, revokedAt: null } });
    if (!row) throw ApiError.notFound('token');
    await this.prisma.apiToken.update({ where: { id }, data: { revokedAt: new Date() } });
    this.auth.revoked(row.tokenHash);
    await this.audit.record(caller, 'token.revoked', { type: 'api_token', id }, { name: row.name, prefix: row.prefix });
  }
}

function view(row: {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}) {
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
