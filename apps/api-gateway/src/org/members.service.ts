import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { announceMembershipChange } from '../auth/membership-change';
import { AuthService } from '../auth/auth.service';
import type { Principal, Role } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { invitationView, type InvitationView } from './invitations.service';
import { MembersRepository, type MemberRecord } from './members.repository';
import { requireRolesPlan } from './roles-plan';

/** A member as the API shows it. */
export interface MemberView {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: string;
  /** The organisation's owner: the dashboard shows a badge and no role or remove controls. */
  owner: boolean;
}

const memberView = (m: MemberRecord): MemberView => ({
  user_id: m.userId,
  email: m.email,
  name: m.name,
  role: m.role,
  joined_at: m.joinedAt.toISOString(),
  owner: m.owner,
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
  ) {}

  /** The members; admins also see the pending invitations. */
  async list(caller: Principal): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
    const [members, invitations] = await Promise.all([
      this.repository.members(caller.orgId),
      caller.role === 'admin' ? this.repository.pendingInvitations(caller.orgId, this.clock.now()) : [],
    ]);
    return { members: members.map(memberView), invitations: invitations.map(invitationView) };
  }

  /**
   * Changes a member's role; neither the owner nor the last admin can be demoted. A role below Admin is a Team /
   * Enterprise feature, checked again here (the plan may have changed since the member joined); making someone
   * Admin is always allowed (it is what an organisation without roles has).
   */
  async changeRole(caller: Principal, userId: string, role: Role): Promise<{ user_id: string; role: Role }> {
    if (!isUuid(userId)) throw ApiError.notFound('member');
    if (role !== 'admin')
      await requireRolesPlan(this.billing, caller.orgId, 'Make them admin, or upgrade to Team or Enterprise.');
    const previous = await this.auditOwnerRefusal(caller, userId, { attempted: 'role_change', role }, () =>
      this.repository.withLockedAdmins(caller.orgId, async (locked) => {
        const member = await locked.member(userId);
        if (!member) throw ApiError.notFound('member');
        if (member.owner && role !== 'admin') throw ownerStays('demoted');
        if (member.role === 'admin' && role !== 'admin' && locked.adminCount <= 1) throw lastAdmin();
        await locked.setRole(userId, role);
        return member.role;
      }),
    );
    if (previous !== role) {
      await announceMembershipChange(
        { auth: this.auth, messaging: this.messaging, clock: this.clock },
        { orgId: caller.orgId, userId, role },
      );
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
    const removed = await this.auditOwnerRefusal(caller, userId, { attempted: 'removal' }, () =>
      this.repository.withLockedAdmins(caller.orgId, async (locked) => {
        const member = await locked.member(userId);
        if (!member) throw ApiError.notFound('member');
        if (member.ownsPersonalOrganisation)
          throw new ApiError(
            'Conflict',
            'the owner of a personal organisation cannot be removed from it',
            'Remove other members instead.',
            { reason: 'owner' },
          );
        if (member.owner) throw ownerStays('removed');
        if (member.role === 'admin' && locked.adminCount <= 1) throw lastAdmin();
        await locked.remove(userId);
        // API tokens act in one organisation: a removed member's tokens for it stop with the membership.
        await locked.revokeTokens(userId, this.clock.now());
        return member;
      }),
    );
    await announceMembershipChange(
      { auth: this.auth, messaging: this.messaging, clock: this.clock },
      { orgId: caller.orgId, userId, role: null },
    );
    await this.audit.record(
      caller,
      'member.removed',
      { type: 'user', id: userId },
      { email: removed.email, role: removed.role },
    );
  }

  /**
   * Runs a role change or removal; when it is refused because the member owns the organisation, the attempt is
   * audited (`member.owner_change_refused`: who tried what) before the 409 goes back.
   */
  private async auditOwnerRefusal<T>(
    caller: Principal,
    userId: string,
    details: Record<string, unknown>,
    change: () => Promise<T>,
  ): Promise<T> {
    try {
      return await change();
    } catch (error) {
      if (error instanceof ApiError && error.details?.reason === 'owner')
        await this.audit.record(caller, 'member.owner_change_refused', { type: 'user', id: userId }, details);
      throw error;
    }
  }
}
