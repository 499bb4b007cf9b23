import { Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { hashToken, newBearerToken } from '../auth/bearer-tokens';
import type { Principal, Role } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { SecondFactorGate } from '../two-factor/second-factor.gate';
import { MembersRepository, type InvitationRecord, type MemberRecord } from './members.repository';

export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

/** A member as the API shows it. */
export interface MemberView {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: string;
}

/** A pending invitation as the API shows it (the token only in the answer that made it). */
export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  expires_at: string;
}

const memberView = (m: MemberRecord): MemberView => ({
  user_id: m.userId,
  email: m.email,
  name: m.name,
  role: m.role,
  joined_at: m.joinedAt.toISOString(),
});

const invitationView = (i: InvitationRecord): InvitationView => ({
  id: i.id,
  email: i.email,
  role: i.role,
  created_at: i.createdAt.toISOString(),
  expires_at: i.expiresAt.toISOString(),
});

const lastAdmin = () =>
  new ApiError(
    'Conflict',
    'an organisation needs at least one admin: this is the last one',
    'Make another member admin first.',
  );

const ownerStays = (what: 'demoted' | 'removed') =>
  new ApiError(
    'Conflict',
    `the owner of the organisation cannot be ${what}`,
    'The owner stays an admin of the organisation; change or remove other members instead.',
    { reason: 'owner' },
  );

const invalidInvitation = () =>
  new ApiError(
    'NotFound',
    'this invitation is not valid (unknown, used, withdrawn or expired)',
    'Ask an admin of the organisation for a new invitation.',
  );

/**
 * Members of an organisation and their roles (Team and Enterprise plans). Admin: everything; Operator: servers,
 * alerts, share links; Viewer: read only. A change of role or a removal takes effect at once on every replica.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly repository: MembersRepository,
    private readonly messaging: Messaging,
    private readonly billing: BillingClient,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly twoFactor: SecondFactorGate,
  ) {}

  /** The members; admins also see the pending invitations. */
  async list(caller: Principal): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
    const [members, invitations] = await Promise.all([
      this.repository.members(caller.orgId),
      caller.role === 'admin' ? this.repository.pendingInvitations(caller.orgId, this.clock.now()) : [],
    ]);
    return { members: members.map(memberView), invitations: invitations.map(invitationView) };
  }

  /** Adds an existing account at once; otherwise makes an invitation whose token is shown only in this answer. */
  async invite(caller: Principal, input: { email: string; role: Role }) {
    const email = input.email.toLowerCase();
    await this.requireRolesPlan(caller.orgId);
    const user = await this.repository.userByEmail(email);
    if (user) {
      const existing = await this.repository.roleOf(caller.orgId, user.id);
      if (existing)
        throw new ApiError('Conflict', `${email} is already a member (${existing})`, 'Change the role instead.');
      const membership = await this.repository.addMember(caller.orgId, user.id, input.role);
      await this.audit.record(caller, 'member.joined', { type: 'user', id: user.id }, { email, role: input.role });
      return {
        status: 'added' as const,
        member: memberView({
          userId: user.id,
          email,
          name: user.name,
          role: membership.role,
          joinedAt: membership.createdAt,
        }),
      };
    }
    const { token, hash } = newBearerToken('invitation');
    const invitation = await this.repository.createInvitation({
      orgId: caller.orgId,
      email,
      role: input.role,
      tokenHash: hash,
      invitedBy: caller.userId,
      expiresAt: new Date(this.clock.nowMs() + INVITATION_DAYS * DAY_MS),
    });
    await this.audit.record(
      caller,
      'member.invited',
      { type: 'invitation', id: invitation.id },
      { email, role: input.role },
    );
    return {
      status: 'invited' as const,
      invitation: { ...invitationView(invitation), token },
      remedy: `Send the token to ${email}: after signing up with that e-mail they accept it with POST /api/v1/invitations/accept within ${INVITATION_DAYS} days.`,
    };
  }

  /**
   * Changes a member's role; neither the owner nor the last admin can be demoted. A role below Admin is a Team /
   * Enterprise feature, checked again here (the plan may have changed since the member joined); making someone
   * Admin is always allowed (it is what an organisation without roles has).
   */
  async changeRole(caller: Principal, userId: string, role: Role): Promise<{ user_id: string; role: Role }> {
    if (!isUuid(userId)) throw ApiError.notFound('member');
    if (role !== 'admin')
      await this.requireRolesPlan(caller.orgId, 'Make them admin, or upgrade to Team or Enterprise.');
    const previous = await this.repository.withLockedAdmins(caller.orgId, async (locked) => {
      const member = await locked.member(userId);
      if (!member) throw ApiError.notFound('member');
      if (member.owner && role !== 'admin') throw ownerStays('demoted');
      if (member.role === 'admin' && role !== 'admin' && locked.adminCount <= 1) throw lastAdmin();
      await locked.setRole(userId, role);
      return member.role;
    });
    if (previous !== role) {
      await this.changed(caller.orgId, userId, role);
      await this.audit.record(
        caller,
        'member.role_changed',
        { type: 'user', id: userId },
        { role, previous_role: previous },
      );
    }
    return { user_id: userId, role };
  }

  /** Removes a member and their API tokens of this organisation; neither the personal owner nor the last admin. */
  async remove(caller: Principal, userId: string): Promise<void> {
    if (!isUuid(userId)) throw ApiError.notFound('member');
    const removed = await this.repository.withLockedAdmins(caller.orgId, async (locked) => {
      const member = await locked.member(userId);
      if (!member) throw ApiError.notFound('member');
      if (member.ownsPersonalOrganisation)
        throw new ApiError(
          'Conflict',
          'the owner of a personal organisation cannot be removed from it',
          'Remove other members instead.',
        );
      if (member.owner) throw ownerStays('removed');
      if (member.role === 'admin' && locked.adminCount <= 1) throw lastAdmin();
      await locked.remove(userId);
      // API tokens act in one organisation: a removed member's tokens for it stop with the membership.
      await locked.revokeTokens(userId, this.clock.now());
      return member;
    });
    await this.changed(caller.orgId, userId, null);
    await this.audit.record(
      caller,
      'member.removed',
      { type: 'user', id: userId },
      { email: removed.email, role: removed.role },
    );
  }

  async revokeInvitation(caller: Principal, id: string): Promise<void> {
    if (!isUuid(id)) throw ApiError.notFound('invitation');
    if (!(await this.repository.revokeInvitation(caller.orgId, id, this.clock.now())))
      throw ApiError.notFound('invitation');
    await this.audit.record(caller, 'invitation.revoked', { type: 'invitation', id });
  }

  /** Joins the organisation of an invitation (the caller must be signed in with the invited e-mail). */
  async accept(caller: Principal, token: string) {
    const invitation = await this.repository.invitationByToken(hashToken(token));
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= this.clock.now())
      throw invalidInvitation();
    if (invitation.email !== caller.email)
      throw new ApiError(
        'Forbidden',
        'this invitation is for another e-mail address',
        'Sign in with the invited e-mail address to accept it.',
      );
    // The plan may have changed since the invitation was made (a downgrade below Team): no seat with a role then.
    await this.requireRolesPlan(
      invitation.orgId,
      'Ask an admin of the organisation to upgrade to Team or Enterprise, then accept the invitation again.',
    );
    await this.twoFactor.assertMayJoin(caller.userId, invitation.orgId);
    if (!(await this.repository.acceptInvitation(invitation, caller.userId, this.clock.now())))
      throw new ApiError('Conflict', 'this invitation was just used', 'Reload your organisations.');
    await this.audit.record(
      { userId: caller.userId, orgId: invitation.orgId },
      'member.joined',
      { type: 'user', id: caller.userId },
      { email: caller.email, role: invitation.role, invitation_id: invitation.id },
    );
    return { organisation: { id: invitation.orgId, name: invitation.organisationName }, role: invitation.role };
  }

  /** Members beyond the owner are a Team / Enterprise feature. */
  private async requireRolesPlan(
    orgId: string,
    remedy = 'Upgrade to Team or Enterprise to invite members.',
  ): Promise<void> {
    const plan = await this.billing.entitlements(orgId);
    if (!plan.roles) throw ApiError.notInPlan('members with roles are', plan.planId, 'team', remedy);
  }

  /** Drops the member's cached access here at once, and on every other replica through NATS. */
  private async changed(orgId: string, userId: string, role: Role | null): Promise<void> {
    await this.auth.membershipChanged(orgId, userId);
    try {
      this.messaging.publish(Subjects.membershipChanged, {
        orgId,
        userId,
        role,
        occurredAt: this.clock.now().toISOString(),
      });
    } catch {
      // NATS away: other replicas drop it when their cache entry expires (10 s).
    }
  }
}
