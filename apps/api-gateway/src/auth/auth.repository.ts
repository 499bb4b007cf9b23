import type { Locale } from '@app/contracts';
import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import { refusingDuplicates } from '../common/duplicate-key';
import type { Role } from './principal';

/** A user as sign-in needs it. */
export interface Credentials {
  id: string;
  passwordHash: string;
  disabledAt: Date | null;
}

/** A newly created account's user. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
}

/** The holder of a credential, as the check of a bearer token needs them. */
interface Holder {
  email: string;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
}

/** A stored API token, found by its hash. */
export interface ApiTokenGrant {
  id: string;
  orgId: string;
  userId: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  user: Holder;
}

/** A stored dashboard session, found by its hash. */
export interface SessionGrant {
  id: string;
  /** The organisation whose single sign-on made the session; null for a password sign-in. */
  ssoOrgId?: string | null;
  /** Its provider asserted a multi-factor sign-in (for ssoOrgId's two-factor policy). */
  idpMfa?: boolean;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  user: Holder;
}

/** A user's role in one organisation. */
export interface MembershipRecord {
  orgId: string;
  role: Role;
}

/** A user and every organisation they belong to. */
export interface UserWithOrganisations extends UserRecord {
  /** The dashboard's language they chose; null until they choose one. */
  locale: Locale | null;
  emailVerified: boolean;
  organisations: { id: string; name: string; personal: boolean; role: Role }[];
}

const HOLDER = { select: { email: true, emailVerifiedAt: true, disabledAt: true } } as const;

/** Users, personal organisations, sessions and the credential lookups of authentication (owner: api-gateway). */
@Injectable()
export class AuthRepository {
  constructor(private readonly prisma: PrismaService) {}

  async emailTaken(email: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { email } })) > 0;
  }

  /**
   * Creates a user with their personal organisation, in which they are admin: one transaction. Throws
   * DuplicateKeyError when the e-mail was taken meanwhile.
   */
  createAccount(input: { email: string; name: string; passwordHash: string }): Promise<UserRecord> {
    return refusingDuplicates(() =>
      this.prisma.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: input,
          select: { id: true, email: true, name: true, createdAt: true },
        });
        const org = await tx.organisation.create({
          data: { name: `${input.name}'s organisation`, personal: true, ownerUserId: user.id },
          select: { id: true },
        });
        await tx.membership.create({ data: { orgId: org.id, userId: user.id, role: 'admin' } });
        return user;
      }),
    );
  }

  credentials(email: string): Promise<Credentials | null> {
    return this.prisma.user.findUnique({
      where: { email },
      select: { id: true, passwordHash: true, disabledAt: true },
    });
  }

  async createSession(input: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | undefined;
    authMethod?: 'password' | 'sso';
    ssoOrgId?: string | null;
    idpMfa?: boolean;
  }): Promise<void> {
    await this.prisma.session.create({ data: input, select: { id: true } });
  }

  async revokeSession(sessionId: string, at: Date): Promise<void> {
    await this.prisma.session.update({ where: { id: sessionId }, data: { revokedAt: at }, select: { id: true } });
  }

  async apiToken(tokenHash: string): Promise<ApiTokenGrant | null> {
    return this.prisma.apiToken.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        orgId: true,
        userId: true,
        scopes: true,
        expiresAt: true,
        revokedAt: true,
        user: HOLDER,
      },
    });
  }

  async touchApiToken(tokenId: string, at: Date): Promise<void> {
    await this.prisma.apiToken.update({ where: { id: tokenId }, data: { lastUsedAt: at }, select: { id: true } });
  }

  session(tokenHash: string): Promise<SessionGrant | null> {
    return this.prisma.session.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        userId: true,
        createdAt: true,
        lastUsedAt: true,
        expiresAt: true,
        revokedAt: true,
        ssoOrgId: true,
        idpMfa: true,
        user: HOLDER,
      },
    });
  }

  /**
   * Records a session's use unless another replica recorded one since `staleBefore` (a conditional update, so the
   * replicas together write at most once per interval).
   */
  async touchSession(sessionId: string, at: Date, staleBefore: Date): Promise<void> {
    await this.prisma.session.updateMany({
      where: { id: sessionId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
      data: { lastUsedAt: at },
    });
  }

  membership(orgId: string, userId: string): Promise<MembershipRecord | null> {
    return this.prisma.membership.findUnique({
      where: { orgId_userId: { orgId, userId } },
      select: { orgId: true, role: true },
    });
  }

  /** Whether the organisation requires its SSO of this member (never of its owner: break-glass password access). */
  async ssoRequired(orgId: string, userId: string): Promise<boolean> {
    const n = await this.prisma.ssoConfig.count({
      where: { orgId, requireSso: true, organisation: { ownerUserId: { not: userId } } },
    });
    return n > 0;
  }

  /** The user's membership of the personal organisation they own. */
  personalMembership(userId: string): Promise<MembershipRecord | null> {
    return this.prisma.membership.findFirst({
      where: { userId, organisation: { personal: true, ownerUserId: userId } },
      select: { orgId: true, role: true },
    });
  }

  async userWithOrganisations(userId: string): Promise<UserWithOrganisations | null> {
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        email: true,
        name: true,
        createdAt: true,
        locale: true,
        emailVerifiedAt: true,
        memberships: { select: { orgId: true, role: true, organisation: { select: { name: true, personal: true } } } },
      },
    });
    if (!user) return null;
    const { memberships, emailVerifiedAt, ...rest } = user;
    return {
      ...rest,
      emailVerified: emailVerifiedAt !== null,
      organisations: memberships.map((m) => ({
        id: m.orgId,
        name: m.organisation.name,
        personal: m.organisation.personal,
        role: m.role,
      })),
    };
  }

  /** Sets (or, with null, clears) the user's language; false when there is no such user. */
  async setLocale(userId: string, locale: Locale | null): Promise<boolean> {
    const { count } = await this.prisma.user.updateMany({ where: { id: userId }, data: { locale } });
    return count === 1;
  }
}
