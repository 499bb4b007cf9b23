import type { PlanEntitlements } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { ManualClock } from '@app/platform';
import type { AuditService } from '../audit/audit.service';
import { hashToken, newBearerToken } from '../auth/bearer-tokens';
import type { Principal } from '../auth/principal';
import type { BillingClient } from '../billing/billing.client';
import type { ShareGrant, ShareRecord, SharesRepository } from './shares.repository';
import { SharesService } from './shares.service';

const ORG = '00000000-0000-4000-8000-00000000000a';
const SERVER = '00000000-0000-4000-8000-0000000000c1';
const SHARE = '00000000-0000-4000-8000-0000000000d1';
const operator: Principal = {
  kind: 'session',
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'op@example.com',
  emailVerified: true,
  orgId: ORG,
  role: 'operator',
  scopes: null,
  sessionId: 's',
  tokenId: null,
  tokenHash: 'h',
};

function setup(plan: Partial<PlanEntitlements> = { planId: 'pro', shareLinks: true }) {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const repository = {
    ownedServer: jest.fn(async () => ({ id: SERVER, name: 'Factory' }) as { id: string; name: string } | null),
    create: jest.fn(async (input: { kind: 'dashboard' | 'overlay'; expiresAt: Date | null }): Promise<ShareRecord> => ({
      id: SHARE,
      serverId: SERVER,
      kind: input.kind,
      createdAt: clock.now(),
      expiresAt: input.expiresAt,
      lastUsedAt: null,
    })),
    listLive: jest.fn(async () => []),
    findUnrevoked: jest.fn(async () => null as { id: string; tokenHash: string } | null),
    revoke: jest.fn(async () => undefined),
    byTokenHash: jest.fn(async () => null as ShareGrant | null),
    touch: jest.fn(async () => undefined),
    sharedServer: jest.fn(),
  };
  const messaging = { publish: jest.fn(), subscribe: jest.fn() };
  const billing = { entitlements: jest.fn(async () => ({ planId: 'free', shareLinks: false, ...plan })) };
  const audit = { record: jest.fn(async () => undefined) };
  const service = new SharesService(
    repository as unknown as SharesRepository,
    messaging as unknown as Messaging,
    billing as unknown as BillingClient,
    audit as unknown as AuditService,
    clock,
  );
  return { service, repository, messaging, billing, audit, clock };
}

const grant = (over: Partial<ShareGrant> = {}): ShareGrant => ({
  id: SHARE,
  orgId: ORG,
  serverId: SERVER,
  kind: 'dashboard',
  expiresAt: null,
  revokedAt: null,
  ...over,
});

describe('SharesService links', () => {
  it('share links need Pro or higher: 403 naming Pro, nothing stored', async () => {
    const { service, repository } = setup({ planId: 'hobby', shareLinks: false });
    await expect(service.create(operator, SERVER, { kind: 'dashboard' })).rejects.toMatchObject({
      status: 403,
      code: 'PlanLimitReached',
      details: { required_plan: 'pro' },
    });
    expect(repository.create).not.toHaveBeenCalled();
  });

  it('refuses an expiry that is not after now (by the clock) with a field error', async () => {
    const { service } = setup();
    await expect(
      service.create(operator, SERVER, { kind: 'dashboard', expires_at: '2026-03-01T10:00:00Z' }),
    ).rejects.toMatchObject({
      code: 'ValidationFailed',
      details: { fields: [{ field: 'expires_at', problem: 'must be in the future' }] },
    });
  });

  it('creates a link: the token once, its hash stored, the overlay URL for an overlay', async () => {
    const { service, repository, audit } = setup();
    const created = await service.create(operator, SERVER, { kind: 'overlay', expires_at: '2026-03-02T00:00:00Z' });
    expect(created.token).toMatch(/^gsm_p_/);
    expect(created.url).toBe(`/overlay/${created.token}`);
    expect(created.api).toBe(`/api/v1/public/${created.token}`);
    expect(created.expires_at).toBe('2026-03-02T00:00:00.000Z');
    expect(repository.create).toHaveBeenCalledWith(expect.objectContaining({ tokenHash: hashToken(created.token) }));
    expect(JSON.stringify(audit.record.mock.calls)).not.toContain(created.token);
  });

  it("another organisation's server (or a malformed id) is a 404", async () => {
    const { service, repository } = setup();
    repository.ownedServer.mockResolvedValue(null);
    await expect(service.list(ORG, SERVER)).rejects.toMatchObject({ status: 404 });
    await expect(service.list(ORG, 'x')).rejects.toMatchObject({ status: 404 });
    expect(repository.ownedServer).toHaveBeenCalledTimes(1);
  });
});

describe('SharesService token resolution', () => {
  it('grants one server while valid, and refuses it (404) from the moment it expires, even while cached', async () => {
    const { service, repository, clock } = setup();
    const { token } = newBearerToken('share');
    repository.byTokenHash.mockResolvedValue(grant({ expiresAt: new Date('2026-03-01T10:00:03Z') }));
    await expect(service.resolve(token)).resolves.toMatchObject({ serverId: SERVER, orgId: ORG });
    clock.advance(3_000);
    await expect(service.resolve(token)).rejects.toMatchObject({ status: 404, code: 'NotFound' });
    expect(repository.byTokenHash).toHaveBeenCalledTimes(1);
  });

  it('refuses a revoked link, a link of an organisation whose plan lost share links, and a malformed token', async () => {
    const { service, repository, billing } = setup();
    repository.byTokenHash.mockResolvedValue(grant({ revokedAt: new Date() }));
    await expect(service.resolve(newBearerToken('share').token)).rejects.toMatchObject({ status: 404 });
    repository.byTokenHash.mockResolvedValue(grant());
    billing.entitlements.mockResolvedValue({ planId: 'free', shareLinks: false });
    await expect(service.resolve(newBearerToken('share').token)).rejects.toMatchObject({ status: 404 });
    await expect(service.resolve(newBearerToken('session').token)).rejects.toMatchObject({ status: 404 });
    expect(repository.byTokenHash).toHaveBeenCalledTimes(2);
  });

  it('revoking stops the link at once here (cache dropped) and tells the other replicas', async () => {
    const { service, repository, messaging, clock } = setup();
    const { token } = newBearerToken('share');
    repository.byTokenHash.mockResolvedValue(grant());
    await service.resolve(token);
    repository.findUnrevoked.mockResolvedValue({ id: SHARE, tokenHash: hashToken(token) });
    await service.revoke(operator, SERVER, SHARE);
    expect(repository.revoke).toHaveBeenCalledWith(SHARE, clock.now());
    expect(messaging.publish).toHaveBeenCalledWith(expect.anything(), {
      tokenHash: hashToken(token),
      serverId: SERVER,
      occurredAt: '2026-03-01T10:00:00.000Z',
    });
    repository.byTokenHash.mockResolvedValue(grant({ revokedAt: clock.now() }));
    await expect(service.resolve(token)).rejects.toMatchObject({ status: 404 });
  });

  it('records the last use at most once a minute', async () => {
    const { service, repository, clock } = setup();
    const { token } = newBearerToken('share');
    repository.byTokenHash.mockResolvedValue(grant());
    await service.resolve(token);
    clock.advance(30_000);
    await service.resolve(token);
    expect(repository.touch).toHaveBeenCalledTimes(1);
    clock.advance(30_000);
    await service.resolve(token);
    expect(repository.touch).toHaveBeenCalledTimes(2);
  });

  it("the public view shows the server's name and state, never its address", async () => {
    const { service, repository } = setup();
    repository.byTokenHash.mockResolvedValue(grant());
    repository.sharedServer.mockResolvedValue({
      name: 'Factory',
      state: { status: 'online', addonStatus: 'available', lastSeenAt: null },
    });
    expect(await service.sharedServer(newBearerToken('share').token)).toEqual({
      server: { name: 'Factory', status: 'online', addon_status: 'available', last_seen_at: null },
      kind: 'dashboard',
      expires_at: null,
    });
  });
});
