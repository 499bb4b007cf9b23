import { Subjects } from '@app/contracts';
import { PrismaService } from '@app/database';
import { Messaging } from '@app/messaging';
import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { hashToken, newBearerToken } from '../auth/bearer-tokens';
import { Access, Caller, type Principal, type Role } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { ApiRoute } from '../http/api-doc';
import { isUuid } from '../http/ids';
import { parseInput } from '../http/zod-input';

const INVITATION_DAYS = 7;
const RoleInput = z.enum(['admin', 'operator', 'viewer']);
const Invite = z.strictObject({ email: z.email('must be an e-mail address').max(254), role: RoleInput });
const ChangeRole = z.strictObject({ role: RoleInput });
const Accept = z.strictObject({ token: z.string().startsWith('gsm_i_', 'must be an invitation token (gsm_i_...)') });
const Member = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleInput,
  joined_at: z.string(),
});
const InvitationView = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleInput,
  created_at: z.string(),
  expires_at: z.string(),
});

const lastAdmin = () =>
  new ApiError(
    'Conflict',
    'an organisation needs at least one admin: this is the last one',
    'Make another member admin first.',
  );

/**
 * Members of an organisation and their roles (Team and Enterprise plans). Admin: everything; Operator: servers,
 * alerts, share links; Viewer: read only. A change of role or a removal takes effect at once on every replica.
 */
@ApiTags('organisation')
@Controller('api/v1')
export class MembersController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly messaging: Messaging,
    private readonly billing: BillingClient,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  @Get('org/members')
  @Access({ role: 'viewer' })
  @ApiRoute({
    summary: 'The members and their roles; admins also see pending invitations',
    response: z.object({ members: z.array(Member), invitations: z.array(InvitationView) }),
  })
  async list(@Caller() caller: Principal) {
    const [members, invitations] = await Promise.all([
      this.prisma.membership.findMany({
        where: { orgId: caller.orgId },
        include: { user: true },
        orderBy: { createdAt: 'asc' },
      }),
      caller.role === 'admin'
        ? this.prisma.invitation.findMany({
            where: { orgId: caller.orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
            orderBy: { createdAt: 'asc' },
          })
        : [],
    ]);
    return {
      members: members.map((m) => ({
        user_id: m.userId,
        email: m.user.email,
        name: m.user.name,
        role: m.role,
        joined_at: m.createdAt.toISOString(),
      })),
      invitations: invitations.map(invitationView),
    };
  }

  @Post('org/members')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary:
      'Add a member by e-mail with a role. An existing account is added at once; otherwise an invitation is made ' +
      'whose token (shown only here) the person accepts after signing up: POST /api/v1/invitations/accept',
    body: Invite,
    status: 201,
    errors: [403, 409],
  })
  async invite(@Caller() caller: Principal, @Body() body: unknown) {
    const input = parseInput(Invite, body, 'body');
    const email = input.email.toLowerCase();
    await this.requireRolesPlan(caller.orgId);
    const user = await this.prisma.user.findUnique({ where: { email } });
    if (user) {
      const existing = await this.prisma.membership.findUnique({
        where: { orgId_userId: { orgId: caller.orgId, userId: user.id } },
      });
      if (existing)
        throw new ApiError('Conflict', `${email} is already a member (${existing.role})`, 'Change the role instead.');
      const membership = await this.prisma.membership.create({
        data: { orgId: caller.orgId, userId: user.id, role: input.role },
      });
      await this.audit.record(caller, 'member.joined', { type: 'user', id: user.id }, { email, role: input.role });
      return {
        status: 'added',
        member: {
          user_id: user.id,
          email,
          name: user.name,
          role: membership.role,
          joined_at: membership.createdAt.toISOString(),
        },
      };
    }
    const { token, hash } = newBearerToken('invitation');
    const invitation = await this.prisma.invitation.create({
      data: {
        orgId: caller.orgId,
        email,
        role: input.role,
        tokenHash: hash,
        invitedBy: caller.userId,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      },
    });
    await this.audit.record(
      caller,
      'member.invited',
      { type: 'invitation', id: invitation.id },
      { email, role: input.role },
    );
    return {
      status: 'invited',
      invitation: { ...invitationView(invitation), token },
      remedy: `Send the token to ${email}: after signing up with that e-mail they accept it with POST /api/v1/invitations/accept within ${INVITATION_DAYS} days.`,
    };
  }

  @Patch('org/members/:userId')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: "Change a member's role (the last admin cannot be demoted)",
    body: ChangeRole,
    errors: [404, 409],
  })
  async changeRole(@Caller() caller: Principal, @Param('userId') userId: string, @Body() body: unknown) {
    const { role } = parseInput(ChangeRole, body, 'body');
    if (!isUuid(userId)) throw ApiError.notFound('member');
    const previous = await this.prisma.$transaction(async (tx) => {
      const admins = await lockAdmins(tx, caller.orgId);
      const member = await tx.membership.findUnique({ where: { orgId_userId: { orgId: caller.orgId, userId } } });
      if (!member) throw ApiError.notFound('member');
      if (member.role === 'admin' && role !== 'admin' && admins.length <= 1) throw lastAdmin();
      await tx.membership.update({ where: { orgId_userId: { orgId: caller.orgId, userId } }, data: { role } });
      return member.role as Role;
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

  @Delete('org/members/:userId')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: 'Remove a member: their sessions stop reaching this organisation at once (the last admin stays)',
    status: 204,
    errors: [404, 409],
  })
  async remove(@Caller() caller: Principal, @Param('userId') userId: string): Promise<void> {
    if (!isUuid(userId)) throw ApiError.notFound('member');
    const removed = await this.prisma.$transaction(async (tx) => {
      const admins = await lockAdmins(tx, caller.orgId);
      const member = await tx.membership.findUnique({
        where: { orgId_userId: { orgId: caller.orgId, userId } },
        include: { user: true, organisation: true },
      });
      if (!member) throw ApiError.notFound('member');
      if (member.organisation.personal && member.organisation.ownerUserId === userId)
        throw new ApiError(
          'Conflict',
          'the owner of a personal organisation cannot be removed from it',
          'Remove other members instead.',
        );
      if (member.role === 'admin' && admins.length <= 1) throw lastAdmin();
      await tx.membership.delete({ where: { orgId_userId: { orgId: caller.orgId, userId } } });
      // API tokens act in one organisation: a removed member's tokens for it stop with the membership.
      await tx.apiToken.updateMany({
        where: { orgId: caller.orgId, userId, revokedAt: null },
        data: { revokedAt: new Date() },
      });
      return member;
    });
    await this.changed(caller.orgId, userId, null);
    await this.audit.record(
      caller,
      'member.removed',
      { type: 'user', id: userId },
      { email: removed.user.email, role: removed.role },
    );
  }

  @Delete('org/invitations/:id')
  @Access({ role: 'admin' })
  @ApiRoute({ summary: 'Withdraw a pending invitation', status: 204, errors: [404] })
  async revokeInvitation(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    if (!isUuid(id)) throw ApiError.notFound('invitation');
    const { count } = await this.prisma.invitation.updateMany({
      where: { id, orgId: caller.orgId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (count === 0) throw ApiError.notFound('invitation');
    await this.audit.record(caller, 'invitation.revoked', { type: 'invitation', id });
  }

  @Post('invitations/accept')
  @Access({})
  @ApiRoute({
    summary: 'Join the organisation of an invitation (signed in with the invited e-mail); then act in it with X-Org-Id',
    body: Accept,
    errors: [403, 404, 409],
  })
  async accept(@Caller() caller: Principal, @Body() body: unknown) {
    const { token } = parseInput(Accept, body, 'body');
    const invitation = await this.prisma.invitation.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { organisation: true },
    });
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= new Date())
      throw new ApiError(
        'NotFound',
        'this invitation is not valid (unknown, used, withdrawn or expired)',
        'Ask an admin of the organisation for a new invitation.',
      );
    if (invitation.email !== caller.email)
      throw new ApiError(
        'Forbidden',
        'this invitation is for another e-mail address',
        'Sign in with the invited e-mail address to accept it.',
      );
    await this.prisma.$transaction(async (tx) => {
      const claimed = await tx.invitation.updateMany({
        where: { id: invitation.id, acceptedAt: null },
        data: { acceptedAt: new Date() },
      });
      if (claimed.count === 0)
        throw new ApiError('Conflict', 'this invitation was just used', 'Reload your organisations.');
      await tx.membership.upsert({
        where: { orgId_userId: { orgId: invitation.orgId, userId: caller.userId } },
        create: { orgId: invitation.orgId, userId: caller.userId, role: invitation.role },
        update: {},
      });
    });
    await this.audit.record(
      { userId: caller.userId, orgId: invitation.orgId },
      'member.joined',
      { type: 'user', id: caller.userId },
      { email: caller.email, role: invitation.role, invitation_id: invitation.id },
    );
    return { organisation: { id: invitation.orgId, name: invitation.organisation.name }, role: invitation.role };
  }

  /** Members beyond the owner are a Team / Enterprise feature. */
  private async requireRolesPlan(orgId: string): Promise<void> {
    const plan = await this.billing.entitlements(orgId);
    if (!plan.roles)
      throw ApiError.notInPlan(
        'members with roles are',
        plan.planId,
        'team',
        'Upgrade to Team or Enterprise to invite members.',
      );
  }

  /** Drops the member's cached access here at once, and on every other replica through NATS. */
  private async changed(orgId: string, userId: string, role: Role | null): Promise<void> {
    await this.auth.membershipChanged(orgId, userId);
    try {
      this.messaging.publish(Subjects.membershipChanged, { orgId, userId, role, occurredAt: new Date().toISOString() });
    } catch {
      // NATS away: other replicas drop it when their cache entry expires (10 s).
    }
  }
}

/** Locks the organisation's admin memberships (last-admin checks of concurrent requests serialise on them). */
async function lockAdmins(tx: Parameters<Parameters<PrismaService['$transaction']>[0]>[0], orgId: string) {
  return tx.$queryRaw<{ user_id: string }[]>`
    SELECT user_id FROM memberships WHERE org_id = ${orgId}::uuid AND role = 'admin' FOR UPDATE`;
}

function invitationView(i: { id: string; email: string; role: string; createdAt: Date; expiresAt: Date }) {
  return {
    id: i.id,
    email: i.email,
    role: i.role as Role,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  };
}
