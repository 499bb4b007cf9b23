import type { PlanEntitlements } from '@app/contracts';
import { ManualClock } from '@app/platform';
import type { AuditService } from '../audit/audit.service';
import { hashToken } from '../auth/bearer-tokens';
import type { Principal, Role } from '../auth/principal';
import type { BillingClient } from '../billing/billing.client';
import type { AccountMailer, Mail } from '../mail/account-mailer';
import type { SecondFactorGate } from '../two-factor/second-factor.gate';
import { InvitationsService } from './invitations.service';
import type { InvitationGrant, MembersRepository, PendingInvitation } from './members.repository';

const ORG = '00000000-0000-4000-8000-00000000000a';
const ADMIN = '00000000-0000-4000-8000-000000000001';
const MEMBER = '00000000-0000-4000-8000-000000000002';
const INVITATION = '00000000-0000-4000-8000-0000000000f1';
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

function setup(plan: Partial<PlanEntitlements> = { planId: 'team', roles: true }) {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const repository = {
    invitee: jest.fn(async () => null as { locale: 'de' | null; role: Role | null } | null),
    inviteContext: jest.fn(async () => ({ organisationName: 'Team "Alpha"', inviterName: 'Ada' })),
    replaceInvitation: jest.fn(async (input: { email: string; role: Role; expiresAt: Date }) => ({
      id: INVITATION,
      email: input.email,
      role: input.role,
      createdAt: clock.now(),
      expiresAt: input.expiresAt,
    })),
    pendingInvitation: jest.fn(async () => null as PendingInvitation | null),
    renewInvitation: jest.fn(async () => true),
    revokeInvitation: jest.fn(async () => true),
    invitationByToken: jest.fn(async () => null as InvitationGrant | null),
    acceptInvitation: jest.fn(async () => true),
    emailVerified: jest.fn(async () => false),
  };
  const billing = { entitlements: jest.fn(async () => ({ planId: 'free', roles: false, ...plan })) };
  const mails: Mail[] = [];
  const mailer = {
    link: (path: string, token: string) => `https://gsm.example${path}#token=${token}`,
    deliver: jest.fn(async (mail: Mail) => (mails.push(mail), true)),
  };
  const audit = { record: jest.fn(async () => undefined) };
  const service = new InvitationsService(
    repository as unknown as MembersRepository,
    billing as unknown as BillingClient,
    mailer as unknown as AccountMailer,
    audit as unknown as AuditService,
    clock,
    { assertMayJoin: async () => undefined } as unknown as SecondFactorGate,
  );
  return { service, repository, audit, clock, mails };
}

const grant = (clock: ManualClock, over: Partial<InvitationGrant> = {}): InvitationGrant => ({
  id: INVITATION,
  orgId: ORG,
  organisationName: 'Team',
  email: 'new@example.com',
  role: 'viewer',
  createdAt: clock.now(),
  expiresAt: new Date('2026-03-08T10:00:00Z'),
  acceptedAt: null,
  revokedAt: null,
  ...over,
});

const tokenIn = (mail: Mail) => /#token=(gsm_i_[\w-]+)/.exec(mail.text)![1]!;

describe('InvitationsService invite and resend', () => {
  it('members with roles need Team or Enterprise: 403 naming Team, nothing stored or mailed', async () => {
    const { service, repository, mails } = setup({ planId: 'pro', roles: false });
    await expect(service.invite(admin, { email: 'new@example.com', role: 'viewer' })).rejects.toMatchObject({
      status: 403,
      code: 'PlanLimitReached',
      details: { plan: 'pro', required_plan: 'team' },
    });
    expect(repository.replaceInvitation).not.toHaveBeenCalled();
    expect(mails).toHaveLength(0);
  });

  it('the token is only in the mail; the stored hash is its hash; valid 7 days; names in quotes', async () => {
    const { service, repository, audit, mails } = setup();
    const answer = await service.invite(admin, { email: 'New@Example.com', role: 'operator' });
    expect(answer).toMatchObject({
      status: 'invited',
      mail_sent: true,
      invitation: { email: 'new@example.com', role: 'operator', expires_at: '2026-03-08T10:00:00.000Z' },
    });
    expect(JSON.stringify(answer)).not.toContain('gsm_i_');
    const token = tokenIn(mails[0]!);
    expect(repository.replaceInvitation).toHaveBeenCalledWith(
      expect.objectContaining({ tokenHash: hashToken(token), invitedBy: ADMIN }),
    );
    expect(mails[0]!.to).toEqual(['new@example.com']);
    expect(mails[0]!.text).toContain('"Ada" invited new@example.com to join the organisation "Team "Alpha""');
    expect(mails[0]!.text).toContain('https://gsm.example/invitations/accept#token=gsm_i_');
    expect(mails[0]!.html).not.toContain('"Alpha"');
    expect(JSON.stringify(audit.record.mock.calls)).not.toContain(token);
  });

  it('an existing account gets the same answer (its language in the mail); an existing member is a 409', async () => {
    const { service, repository, mails } = setup();
    const unknown = await service.invite(admin, { email: 'a@example.com', role: 'viewer' });
    repository.invitee.mockResolvedValue({ locale: 'de', role: null });
    const known = await service.invite(admin, { email: 'b@example.com', role: 'viewer' });
    expect(Object.keys(known).sort()).toEqual(Object.keys(unknown).sort());
    expect(known.status).toBe(unknown.status);
    expect(mails[0]!.subject).toMatch(/^Invitation/);
    expect(mails[1]!.subject).toMatch(/^Einladung/);
    repository.invitee.mockResolvedValue({ locale: null, role: 'viewer' });
    await expect(service.invite(admin, { email: 'm@example.com', role: 'admin' })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('a resend within a minute of the last mail is a 429; after it a new token replaces the old', async () => {
    const { service, repository, audit, clock, mails } = setup();
    const pending: PendingInvitation = {
      id: INVITATION,
      email: 'new@example.com',
      role: 'viewer',
      createdAt: clock.now(),
      expiresAt: new Date('2026-03-08T10:00:00Z'),
      sentAt: clock.now(),
    };
    repository.pendingInvitation.mockResolvedValue(pending);
    clock.advance(30_000);
    await expect(service.resend(admin, INVITATION)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 });
    clock.advance(30_000);
    const answer = await service.resend(admin, INVITATION);
    expect(answer.invitation.expires_at).toBe('2026-03-08T10:01:00.000Z');
    expect(repository.renewInvitation).toHaveBeenCalledWith(INVITATION, pending.sentAt, {
      tokenHash: hashToken(tokenIn(mails[0]!)),
      expiresAt: new Date('2026-03-08T10:01:00Z'),
      sentAt: clock.now(),
    });
    expect(audit.record).toHaveBeenCalledWith(
      admin,
      'invitation.resent',
      { type: 'invitation', id: INVITATION },
      {
        email: 'new@example.com',
      },
    );
    repository.pendingInvitation.mockResolvedValue(null);
    await expect(service.resend(admin, INVITATION)).rejects.toMatchObject({ status: 404 });
  });

  it('withdrawing an unknown invitation is a 404', async () => {
    const { service, repository } = setup();
    repository.revokeInvitation.mockResolvedValue(false);
    await expect(service.revoke(admin, INVITATION)).rejects.toMatchObject({ status: 404 });
  });
});

describe('InvitationsService accept', () => {
  it('an invitation past its expiry (by the clock) is refused with 404 expired', async () => {
    const { service, repository, clock } = setup();
    const invitation = grant(clock);
    repository.invitationByToken.mockResolvedValue(invitation);
    const caller = { ...admin, userId: MEMBER, email: 'new@example.com' };
    clock.set(Date.parse('2026-03-08T10:00:00Z'));
    await expect(service.accept(caller, 'gsm_i_x')).rejects.toMatchObject({
      status: 404,
      details: { reason: 'expired' },
    });
    clock.advance(-1);
    await expect(service.accept(caller, 'gsm_i_x')).resolves.toEqual({
      organisation: { id: ORG, name: 'Team' },
      role: 'viewer',
    });
    expect(repository.acceptInvitation).toHaveBeenCalledWith(invitation, MEMBER, clock.now());
  });

  it('used and withdrawn invitations say so; another e-mail or an unverified one is a 403 with its reason', async () => {
    const { service, repository, clock } = setup();
    const caller = { ...admin, email: 'new@example.com' };
    repository.invitationByToken.mockResolvedValueOnce(grant(clock, { acceptedAt: clock.now() }));
    await expect(service.accept(caller, 'gsm_i_x')).rejects.toMatchObject({ details: { reason: 'used' } });
    repository.invitationByToken.mockResolvedValueOnce(grant(clock, { revokedAt: clock.now() }));
    await expect(service.accept(caller, 'gsm_i_x')).rejects.toMatchObject({ details: { reason: 'revoked' } });
    repository.invitationByToken.mockResolvedValue(grant(clock));
    await expect(service.accept({ ...caller, email: 'other@example.com' }, 'gsm_i_x')).rejects.toMatchObject({
      status: 403,
      details: { reason: 'other_email' },
    });
    await expect(service.accept({ ...caller, emailVerified: false }, 'gsm_i_x')).rejects.toMatchObject({
      status: 403,
      details: { reason: 'email_unverified' },
    });
    expect(repository.acceptInvitation).not.toHaveBeenCalled();
    // Verified since the session's principal was cached: the database says so, and the invitation is accepted.
    repository.emailVerified.mockResolvedValue(true);
    await expect(service.accept({ ...caller, emailVerified: false }, 'gsm_i_x')).resolves.toMatchObject({
      role: 'viewer',
    });
    repository.acceptInvitation.mockResolvedValue(false);
    await expect(service.accept(caller, 'gsm_i_x')).rejects.toMatchObject({ status: 409 });
  });

  it('accepting is re-checked against the plan: after a downgrade below Team it is 403, nothing joined', async () => {
    const { service, repository, clock } = setup({ planId: 'pro', roles: false });
    repository.invitationByToken.mockResolvedValue(grant(clock, { role: 'operator' }));
    await expect(service.accept({ ...admin, email: 'new@example.com' }, 'gsm_i_x')).rejects.toMatchObject({
      status: 403,
      code: 'PlanLimitReached',
    });
    expect(repository.acceptInvitation).not.toHaveBeenCalled();
  });
});
