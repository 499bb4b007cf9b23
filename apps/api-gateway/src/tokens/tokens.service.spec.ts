import type { PlanEntitlements } from '@app/contracts';
import { ManualClock } from '@app/platform';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { EmailVerificationService } from '../auth/email-verification.service';
import { hashToken } from '../auth/bearer-tokens';
import type { Principal } from '../auth/principal';
import type { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import type { ApiTokenRecord, TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';

const ORG = '00000000-0000-4000-8000-00000000000a';
const TOKEN_ID = '00000000-0000-4000-8000-00000000000b';
const admin: Principal = {
  kind: 'session',
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  emailVerified: true,
  orgId: ORG,
  role: 'admin',
  scopes: null,
  sessionId: 's',
  tokenId: null,
  tokenHash: 'h',
};

function setup(plan: Partial<PlanEntitlements> = { apiAccess: true, planId: 'pro' }) {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const repository = {
    create: jest.fn(
      async (input: {
        name: string;
        prefix: string;
        scopes: string[];
        expiresAt: Date | null;
      }): Promise<ApiTokenRecord> => ({
        id: TOKEN_ID,
        name: input.name,
        prefix: input.prefix,
        scopes: input.scopes,
        createdAt: clock.now(),
        expiresAt: input.expiresAt,
        lastUsedAt: null,
      }),
    ),
    listLive: jest.fn(async (): Promise<ApiTokenRecord[]> => []),
    findLive: jest.fn(),
    revoke: jest.fn(async () => undefined),
  };
  const billing = { entitlements: jest.fn(async () => ({ planId: 'free', apiAccess: false, ...plan })) };
  const auth = { revoked: jest.fn() };
  const audit = { record: jest.fn(async () => undefined) };
  const verification = { require: jest.fn(async () => undefined) };
  const service = new TokensService(
    repository as unknown as TokensRepository,
    billing as unknown as BillingClient,
    auth as unknown as AuthService,
    audit as unknown as AuditService,
    clock,
    verification as unknown as EmailVerificationService,
  );
  return { service, repository, auth, audit, clock, verification };
}

describe('TokensService', () => {
  it('refuses API tokens on a plan without API access (403, names Pro) and stores nothing', async () => {
    const { service, repository } = setup({ planId: 'hobby', apiAccess: false });
    const error = await service.create(admin, { name: 'ci', scopes: ['servers:read'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'PlanLimitReached', details: { required_plan: 'pro' } });
    expect(repository.create).not.toHaveBeenCalled();
  });

  it('refuses an account whose e-mail is not verified (the check decides) and stores nothing', async () => {
    const { service, repository, verification } = setup();
    verification.require.mockRejectedValueOnce(new ApiError('EmailNotVerified', 'verify your e-mail address'));
    const error = await service.create(admin, { name: 'ci', scopes: ['servers:read'] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'EmailNotVerified' });
    expect(verification.require).toHaveBeenCalledWith(admin, 'create an API token');
    expect(repository.create).not.toHaveBeenCalled();
  });

  it('shows the token once, stores only its hash, expires it N days after now and records no secret', async () => {
    const { service, repository, audit } = setup();
    const created = await service.create(admin, {
      name: 'ci',
      scopes: ['servers:read', 'servers:read', 'metrics:read'],
      expires_in_days: 30,
    });
    expect(created.token).toMatch(/^gsm_/);
    expect(created.expires_at).toBe('2026-03-31T10:00:00.000Z');
    expect(created.scopes).toEqual(['servers:read', 'metrics:read']);
    const stored = repository.create.mock.calls[0]![0] as unknown as { tokenHash: string };
    expect(stored.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(audit.record.mock.calls)).not.toContain(created.token);
    expect(audit.record).toHaveBeenCalledWith(
      admin,
      'token.created',
      { type: 'api_token', id: TOKEN_ID },
      expect.any(Object),
    );
  });

  it('a token without expires_in_days never expires', async () => {
    const { service } = setup();
    expect((await service.create(admin, { name: 'ci', scopes: ['servers:read'] })).expires_at).toBeNull();
  });

  it('revokes at the time of the clock, drops the cached credential everywhere and audits it', async () => {
    const { service, repository, auth, audit, clock } = setup();
    repository.findLive.mockResolvedValue({ id: TOKEN_ID, name: 'ci', prefix: 'gsm_a_12', tokenHash: 'hash-1' });
    await service.revoke(admin, TOKEN_ID);
    expect(repository.findLive).toHaveBeenCalledWith(ORG, TOKEN_ID);
    expect(repository.revoke).toHaveBeenCalledWith(TOKEN_ID, clock.now());
    expect(auth.revoked).toHaveBeenCalledWith('hash-1');
    expect(audit.record).toHaveBeenCalledWith(
      admin,
      'token.revoked',
      { type: 'api_token', id: TOKEN_ID },
      {
        name: 'ci',
        prefix: 'gsm_a_12',
      },
    );
  });

  it('answers 404 for an unknown, already revoked or foreign token, and for a malformed id without a query', async () => {
    const { service, repository, auth } = setup();
    repository.findLive.mockResolvedValue(null);
    await expect(service.revoke(admin, TOKEN_ID)).rejects.toMatchObject({ status: 404, code: 'NotFound' });
    await expect(service.revoke(admin, 'not-a-uuid')).rejects.toMatchObject({ status: 404 });
    expect(repository.findLive).toHaveBeenCalledTimes(1);
    expect(repository.revoke).not.toHaveBeenCalled();
    expect(auth.revoked).not.toHaveBeenCalled();
  });
});
