import type { PlanEntitlements } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { ManualClock } from '@app/platform';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { hashToken } from '../auth/bearer-tokens';
import type { Principal, Role } from '../auth/principal';
import type { BillingClient } from '../billing/billing.client';
import type { InvitationGrant, LockedMemberships, MembersRepository, MembershipDetail } from './members.repository';
import { MembersService } from './members.service';
import type { SecondFactorGate } from '../two-factor/second-factor.gate';

const ORG = '00000000-0000-4000-8000-00000000000a';
const ADMIN = '00000000-0000-4000-8000-000000000001';
const MEMBER = '00000000-0000-4000-8000-000000000002';
const admin: Principal = {
  kind: 'session',
  userId: ADMIN,
  email: 'admin@example.com',
  emailVerified: true,
  orgId: ORG,
  role: 'admin',
  scopes: null,
  sessionId: 's',
  tokenId: null,
  tokenHash: 'h',
};

/** The locked unit of work: a member (or none) among `adminCount` admins. */
function locked(member: MembershipDetail | null, adminCount: number) {
  return {
    adminCount,
    member: jest.fn(async () => member),
    setRole: jest.fn(async () => undefined),
    remove: jest.fn(async () => undefined),
    revokeTokens: jest.fn(async () => undefined),
  };
}

function setup(plan: Partial<PlanEntitlements> = { planId: 'team', roles: true }) {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  let unit = locked(null, 1);
  const repository = {
    members: jest.fn(async () => []),
    pendingInvitations: jest.fn(async () => []),
    userByEmail: jest.fn(async () => null as { id: string; name: string } | null),
    roleOf: jest.fn(async () => null as Role | null),
    addMember: jest.fn(async (_o: string, _u: string, role: Role) => ({ role, createdAt: clock.now() })),
    createInvitation: jest.fn(async (input: { email: string; role: Role; expiresAt: Date }) => ({
      id: 'inv-1',
      email: input.email,
      role: input.role,
      createdAt: clock.now(),
      expiresAt: input.expiresAt,
    })),
    revokeInvitation: jest.fn(async () => true),
    invitationByToken: jest.fn(async () => null as InvitationGrant | null),
    acceptInvitation: jest.fn(async () => true),
    withLockedAdmins: jest.fn((_orgId: string, work: (l: LockedMemberships) => Promise<unknown>) =>
      work(unit as unknown as LockedMemberships),
    ),
  };
  const messaging = { publish: jest.fn() };
  const billing = { entitlements: jest.fn(async () => ({ planId: 'free', roles: false, ...plan })) };
  const auth = { membershipChanged: jest.fn(async () => undefined) };
  const audit = { record: jest.fn(async () => undefined) };
  const service = new MembersService(
    repository as unknown as MembersRepository,
    messaging as unknown as Messaging,
    billing as unknown as BillingClient,
    auth as unknown as AuthService,
    audit as unknown as AuditService,
    clock,
    { assertMayJoin: async () => undefined } as unknown as SecondFactorGate,
  );
  const lock = (member: MembershipDetail | null, adminCount: number) => (unit = locked(member, adminCount));
  return { service, repository, messaging, auth, audit, clock, lock };
}

describe('MembersService invitations', () => {
  it('members with roles need Team or Enterprise: 403 naming Team, nothing stored', async () => {
    const { service, repository } = setup({ planId: 'pro', roles: false });
    await expect(service.invite(admin, { email: 'new@example.com', role: 'viewer' })).rejects.toMatchObject({
      status: 403,
      code: 'PlanLimitReached',
      details: { plan: 'pro', required_plan: 'team' },
    });
    expect(repository.createInvitation).not.toHaveBeenCalled();
    expect(repository.addMember).not.toHaveBeenCalled();
  });

  it('an unknown e-mail gets an invitation valid 7 days from now; only its hash is stored', async () => {
    const { service, repository, audit } = setup();
    const answer = await service.invite(admin, { email: 'New@Example.com', role: 'operator' });
    expect(answer.status).toBe('invited');
    if (answer.status !== 'invited') throw new Error('unreachable');
    expect(answer.invitation).toMatchObject({
      email: 'new@example.com',
      role: 'operator',
      expires_at: '2026-03-08T10:00:00.000Z',
    });
    expect(answer.invitation.token).toMatch(/^gsm_i_/);
    expect(repository.createInvitation).toHaveBeenCalledWith(
      expect.objectContaining({ tokenHash: hashToken(answer.invitation.token), invitedBy: ADMIN }),
    );
    expect(JSON.stringify(audit.record.mock.calls)).not.toContain(answer.invitation.token);
  });

  it('an existing account is added at once; an existing member is a 409', async () => {
    const { service, repository } = setup();
    repository.userByEmail.mockResolvedValue({ id: MEMBER, name: 'M' });
    const added = await service.invite(admin, { email: 'm@example.com', role: 'viewer' });
    expect(added).toMatchObject({ status: 'added', member: { user_id: MEMBER, role: 'viewer' } });
    repository.roleOf.mockResolvedValue('viewer');
    await expect(service.invite(admin, { email: 'm@example.com', role: 'admin' })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('an invitation past its expiry (by the clock) is refused with 404', async () => {
    const { service, repository, clock } = setup();
    const invitation: InvitationGrant = {
      id: 'inv-1',
      orgId: ORG,
      organisationName: 'Team',
      email: 'new@example.com',
      role: 'viewer',
      createdAt: clock.now(),
      expiresAt: new Date('2026-03-08T10:00:00Z'),
      acceptedAt: null,
      revokedAt: null,
    };
    repository.invitationByToken.mockResolvedValue(invitation);
    const caller = { ...admin, userId: MEMBER, email: 'new@example.com' };
    clock.set(Date.parse('2026-03-08T10:00:00Z'));
    await expect(service.accept(caller, 'gsm_i_x')).rejects.toMatchObject({ status: 404, code: 'NotFound' });
    clock.advance(-1);
    await expect(service.accept(caller, 'gsm_i_x')).resolves.toEqual({
      organisation: { id: ORG, name: 'Team' },
      role: 'viewer',
    });
    expect(repository.acceptInvitation).toHaveBeenCalledWith(invitation, MEMBER, clock.now());
  });

  it('an invitation is accepted only by its e-mail (403) and only once (409 when another request won)', async () => {
    const { service, repository, clock } = setup();
    repository.invitationByToken.mockResolvedValue({
      id: 'inv-1',
      orgId: ORG,
      organisationName: 'Team',
      email: 'new@example.com',
      role: 'viewer',
      createdAt: clock.now(),
      expiresAt: new Date('2026-03-08T10:00:00Z'),
      acceptedAt: null,
      revokedAt: null,
    });
    await expect(service.accept({ ...admin, email: 'other@example.com' }, 'gsm_i_x')).rejects.toMatchObject({
      status: 403,
    });
    repository.acceptInvitation.mockResolvedValue(false);
    await expect(service.accept({ ...admin, email: 'new@example.com' }, 'gsm_i_x')).rejects.toMatchObject({
      status: 409,
    });
  });

  it('accepting is re-checked against the plan: after a downgrade below Team it is 403, nothing joined', async () => {
    const { service, repository, clock } = setup({ planId: 'pro', roles: false });
    repository.invitationByToken.mockResolvedValue({
      id: 'inv-1',
      orgId: ORG,
      organisationName: 'Team',
      email: 'new@example.com',
      role: 'operator',
      createdAt: clock.now(),
      expiresAt: new Date('2026-03-08T10:00:00Z'),
      acceptedAt: null,
      revokedAt: null,
    });
    await expect(service.accept({ ...admin, email: 'new@example.com' }, 'gsm_i_x')).rejects.toMatchObject({
      status: 403,
      code: 'PlanLimitReached',
    });
    expect(repository.acceptInvitation).not.toHaveBeenCalled();
  });

  it('withdrawing an unknown invitation is a 404', async () => {
    const { service, repository } = setup();
    repository.revokeInvitation.mockResolvedValue(false);
    await expect(service.revokeInvitation(admin, '00000000-0000-4000-8000-0000000000ff')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('only admins see pending invitations', async () => {
    const { service, repository } = setup();
    await service.list({ ...admin, role: 'viewer' });
    expect(repository.pendingInvitations).not.toHaveBeenCalled();
    await service.list(admin);
    expect(repository.pendingInvitations).toHaveBeenCalledWith(ORG, new Date('2026-03-01T10:00:00Z'));
  });
});

describe('MembersService roles and removal', () => {
  const member = (
    role: Role,
    ownsPersonalOrganisation = false,
    owner = ownsPersonalOrganisation,
  ): MembershipDetail => ({
    role,
    email: 'm@example.com',
    ownsPersonalOrganisation,
    owner,
  });

  it('the owner of an organisation is neither demoted nor removed (409), even with other admins', async () => {
    const { service, lock } = setup();
    const unit = lock(member('admin', false, true), 3);
    await expect(service.changeRole(admin, MEMBER, 'operator')).rejects.toMatchObject({
      status: 409,
      code: 'Conflict',
      message: 'the owner of the organisation cannot be demoted',
    });
    await expect(service.remove(admin, MEMBER)).rejects.toMatchObject({
      status: 409,
      message: 'the owner of the organisation cannot be removed',
    });
    expect(unit.setRole).not.toHaveBeenCalled();
    expect(unit.remove).not.toHaveBeenCalled();
  });

  it('a role below Admin is re-checked against the plan (403 after a downgrade); making someone Admin is not', async () => {
    const { service, lock } = setup({ planId: 'pro', roles: false });
    const unit = lock(member('admin'), 2);
    await expect(service.changeRole(admin, MEMBER, 'viewer')).rejects.toMatchObject({
      status: 403,
      code: 'PlanLimitReached',
    });
    expect(unit.setRole).not.toHaveBeenCalled();
    lock(member('viewer'), 1);
    await expect(service.changeRole(admin, MEMBER, 'admin')).resolves.toEqual({ user_id: MEMBER, role: 'admin' });
  });

  it('the last admin cannot be demoted (409); with two admins one can', async () => {
    const { service, lock, messaging, audit } = setup();
    const alone = lock(member('admin'), 1);
    await expect(service.changeRole(admin, MEMBER, 'viewer')).rejects.toMatchObject({ status: 409, code: 'Conflict' });
    expect(alone.setRole).not.toHaveBeenCalled();
    const two = lock(member('admin'), 2);
    await expect(service.changeRole(admin, MEMBER, 'viewer')).resolves.toEqual({ user_id: MEMBER, role: 'viewer' });
    expect(two.setRole).toHaveBeenCalledWith(MEMBER, 'viewer');
    expect(messaging.publish).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ orgId: ORG, userId: MEMBER, role: 'viewer' }),
    );
    expect(audit.record).toHaveBeenCalledWith(
      admin,
      'member.role_changed',
      { type: 'user', id: MEMBER },
      {
        role: 'viewer',
        previous_role: 'admin',
      },
    );
  });

  it('setting the role a member already has changes nothing visible (no event, no audit entry)', async () => {
    const { service, lock, messaging, audit } = setup();
    lock(member('operator'), 1);
    await service.changeRole(admin, MEMBER, 'operator');
    expect(messaging.publish).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('the owner cannot be removed from their personal organisation (409)', async () => {
    const { service, lock } = setup();
    const unit = lock(member('admin', true), 2);
    await expect(service.remove(admin, MEMBER)).rejects.toMatchObject({
      status: 409,
      message: 'the owner of a personal organisation cannot be removed from it',
    });
    expect(unit.remove).not.toHaveBeenCalled();
  });

  it('the last admin cannot be removed (409); an unknown member is a 404', async () => {
    const { service, lock } = setup();
    lock(member('admin'), 1);
    await expect(service.remove(admin, MEMBER)).rejects.toMatchObject({ status: 409 });
    lock(null, 1);
    await expect(service.remove(admin, MEMBER)).rejects.toMatchObject({ status: 404 });
    await expect(service.remove(admin, 'nope')).rejects.toMatchObject({ status: 404 });
  });

  it("a removed member's API tokens of the organisation are revoked, and their cached access dropped at once", async () => {
    const { service, lock, auth, audit, clock } = setup();
    const unit = lock(member('operator'), 1);
    await service.remove(admin, MEMBER);
    expect(unit.remove).toHaveBeenCalledWith(MEMBER);
    expect(unit.revokeTokens).toHaveBeenCalledWith(MEMBER, clock.now());
    expect(auth.membershipChanged).toHaveBeenCalledWith(ORG, MEMBER);
    expect(audit.record).toHaveBeenCalledWith(
      admin,
      'member.removed',
      { type: 'user', id: MEMBER },
      {
        email: 'm@example.com',
        role: 'operator',
      },
    );
  });
});
