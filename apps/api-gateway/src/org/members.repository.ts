import { PrismaService, type Db } from '@app/database';
import { Injectable } from '@nestjs/common';
import type { Locale } from '@app/contracts';
import type { Role } from '../auth/principal';

/** A member of an organisation. */
export interface MemberRecord {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: Date;
  /** The organisation's owner: never demoted, never removed. */
  owner: boolean;
}

/** An invitation as listed (never its token). */
export interface InvitationRecord {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
}

/** A pending invitation as a resend needs it. */
export interface PendingInvitation extends InvitationRecord {
  sentAt: Date;
}

/** An invitation found by its token, with what accepting it needs. */
export interface InvitationGrant extends InvitationRecord {
  orgId: string;
  organisationName: string;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/** A membership as the removal checks see it. */
export interface MembershipDetail {
  role: Role;
  email: string;
  /** The organisation is personal and this member owns it. */
  ownsPersonalOrganisation: boolean;
  /** This member owns the organisation (personal or not): never demoted, never removed. */
  owner: boolean;
}

const INVITATION = { id: true, email: true, role: true, createdAt: true, expiresAt: true } as const;

/**
 * Changes of memberships inside one transaction in which the organisation's admin memberships are locked, so
 * the last-admin checks of concurrent requests see each other's results.
 */
export class LockedMemberships {
  constructor(
    private readonly tx: Db.Prisma.TransactionClient,
    private readonly orgId: string,
    /** The organisation's admins when the lock was taken. */
    readonly adminCount: number,
  ) {}

  member(userId: string): Promise<MembershipDetail | null> {
    return this.tx.membership
      .findUnique({
        where: { orgId_userId: { orgId: this.orgId, userId } },
        select: {
          role: true,
          user: { select: { email: true } },
          organisation: { select: { personal: true, ownerUserId: true } },
        },
      })
      .then(
        (m) =>
          m && {
            role: m.role,
            email: m.user.email,
            ownsPersonalOrganisation: m.organisation.personal && m.organisation.ownerUserId === userId,
            owner: m.organisation.ownerUserId === userId,
          },
      );
  }

  async setRole(userId: string, role: Role): Promise<void> {
    await this.tx.membership.update({
      where: { orgId_userId: { orgId: this.orgId, userId } },
      data: { role },
      select: { role: true },
    });
  }

  async remove(userId: string): Promise<void> {
    await this.tx.membership.delete({ where: { orgId_userId: { orgId: this.orgId, userId } }, select: { role: true } });
  }

  /** Revokes the user's live API tokens of this organisation. */
  async revokeTokens(userId: string, at: Date): Promise<void> {
    await this.tx.apiToken.updateMany({
      where: { orgId: this.orgId, userId, revokedAt: null },
      data: { revokedAt: at },
    });
  }
}

/** Memberships and invitations (owner: api-gateway). */
@Injectable()
export class MembersRepository {
  constructor(private readonly prisma: PrismaService) {}

  async members(orgId: string): Promise<MemberRecord[]> {
    const rows = await this.prisma.membership.findMany({
      where: { orgId },
      select: {
        userId: true,
        role: true,
        createdAt: true,
        user: { select: { email: true, name: true } },
        organisation: { select: { ownerUserId: true } },
      },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((m) => ({
      userId: m.userId,
      email: m.user.email,
      name: m.user.name,
      role: m.role,
      joinedAt: m.createdAt,
      owner: m.organisation.ownerUserId === m.userId,
    }));
  }

  /** Invitations neither accepted, withdrawn nor expired at `now`, oldest first. */
  pendingInvitations(orgId: string, now: Date): Promise<InvitationRecord[]> {
    return this.prisma.invitation.findMany({
      where: { orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'asc' },
      select: INVITATION,
    });
  }

  /**
   * What inviting an e-mail needs to know of its account, in one query whether or not there is one: the account's
   * language (for the mail) and its role here if it is a member already.
   */
  async invitee(orgId: string, email: string): Promise<{ locale: Locale | null; role: Role | null } | null> {
    const user = await this.prisma.user.findUnique({
      where: { email },
      select: { locale: true, memberships: { where: { orgId }, select: { role: true } } },
    });
    return user && { locale: user.locale, role: user.memberships[0]?.role ?? null };
  }

  /** Whether the user has verified their e-mail address (read now, not from a cached principal). */
  async emailVerified(userId: string): Promise<boolean> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
    return Boolean(user?.emailVerifiedAt);
  }

  /** What an invitation mail names: the organisation and the inviter (null when either is gone). */
  async inviteContext(orgId: string, inviterId: string): Promise<{ organisationName: string; inviterName: string }> {
    const [org, inviter] = await Promise.all([
      this.prisma.organisation.findUnique({ where: { id: orgId }, select: { name: true } }),
      this.prisma.user.findUnique({ where: { id: inviterId }, select: { name: true } }),
    ]);
    return { organisationName: org?.name ?? '', inviterName: inviter?.name ?? '' };
  }

  /** Makes an invitation and withdraws the pending ones of the same e-mail in this organisation (a re-invite). */
  replaceInvitation(input: {
    orgId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
    sentAt: Date;
  }): Promise<InvitationRecord> {
    return this.prisma.$transaction(async (tx) => {
      await tx.invitation.updateMany({
        where: { orgId: input.orgId, email: input.email, acceptedAt: null, revokedAt: null },
        data: { revokedAt: input.sentAt },
      });
      return tx.invitation.create({ data: input, select: INVITATION });
    });
  }

  /** A pending invitation of the organisation (neither accepted, withdrawn nor expired at `now`). */
  pendingInvitation(orgId: string, id: string, now: Date): Promise<PendingInvitation | null> {
    return this.prisma.invitation.findFirst({
      where: { id, orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { ...INVITATION, sentAt: true },
    });
  }

  /**
   * Gives a pending invitation a new token and expiry (the old link stops working) if its mail was last sent at
   * `notSentAfter` or before: the check and the write are one statement, so two resends at once send one mail.
   * False when it was accepted, withdrawn or sent since.
   */
  async renewInvitation(
    id: string,
    notSentAfter: Date,
    renewal: { tokenHash: string; expiresAt: Date; sentAt: Date },
  ): Promise<boolean> {
    const { count } = await this.prisma.invitation.updateMany({
      where: { id, acceptedAt: null, revokedAt: null, sentAt: { lte: notSentAfter } },
      data: renewal,
    });
    return count > 0;
  }

  createInvitation(input: {
    orgId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  }): Promise<InvitationRecord> {
    return this.prisma.invitation.create({ data: input, select: INVITATION });
  }

  /** Withdraws a pending invitation of the organisation; false when there is none with this id. */
  async revokeInvitation(orgId: string, id: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.invitation.updateMany({
      where: { id, orgId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: at },
    });
    return count > 0;
  }

  async invitationByToken(tokenHash: string): Promise<InvitationGrant | null> {
    const row = await this.prisma.invitation.findUnique({
      where: { tokenHash },
      select: {
        ...INVITATION,
        orgId: true,
        acceptedAt: true,
        revokedAt: true,
        organisation: { select: { name: true } },
      },
    });
    if (!row) return null;
    const { organisation, ...rest } = row;
    return { ...rest, organisationName: organisation.name };
  }

  /**
   * Claims the invitation and makes the user a member with its role, in one transaction. False (and nothing
   * written) when another request claimed it first; an existing membership is kept as it is.
   */
  acceptInvitation(invitation: { id: string; orgId: string; role: Role }, userId: string, at: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.invitation.updateMany({
        where: { id: invitation.id, acceptedAt: null },
        data: { acceptedAt: at },
      });
      if (claimed.count === 0) return false;
      await tx.membership.upsert({
        where: { orgId_userId: { orgId: invitation.orgId, userId } },
        create: { orgId: invitation.orgId, userId, role: invitation.role },
        update: {},
        select: { role: true },
      });
      return true;
    });
  }

  /** Runs `work` in one transaction with the organisation's admin memberships locked (FOR UPDATE). */
  withLockedAdmins<T>(orgId: string, work: (locked: LockedMemberships) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      const admins = await tx.$queryRaw<{ user_id: string }[]>`
        SELECT user_id FROM memberships WHERE org_id = ${orgId}::uuid AND role = 'admin' FOR UPDATE`;
      return work(new LockedMemberships(tx, orgId, admins.length));
    });
  }
}
