import type { PlanEntitlements } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { ManualClock } from '@app/platform';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { Principal, Role } from '../auth/principal';
import type { BillingClient } from '../billing/billing.client';
import type { LockedMemberships, MembersRepository, MembershipDetail } from './members.repository';
import { MembersService } from './members.service';

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
  );
  const lock = (member: MembershipDetail | null, adminCount: number) => (unit = locked(member, adminCount));
  return { service, repository, messaging, auth, audit, clock, lock };
}

describe('MembersService list', () => {
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
