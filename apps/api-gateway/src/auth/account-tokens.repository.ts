import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import type { AccountTokenPurpose, AccountTokenState } from './account-tokens';

/** A stored account token with its user, found by the token's hash. */
export interface AccountTokenRecord extends AccountTokenState {
  id: string;
  userId: string;
  user: { email: string; locale: string | null };
}

/** The account user an account mail goes to. */
export interface MailUser {
  id: string;
  email: string;
  name: string;
  locale: string | null;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
}

const MAIL_USER = {
  id: true,
  email: true,
  name: true,
  locale: true,
  emailVerifiedAt: true,
  disabledAt: true,
} as const;

/** account_tokens (the one-time tokens of account mails) and the user changes they make (owner: api-gateway). */
@Injectable()
export class AccountTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  userById(userId: string): Promise<MailUser | null> {
    return this.prisma.user.findUnique({ where: { id: userId }, select: MAIL_USER });
  }

  userByEmail(email: string): Promise<MailUser | null> {
    return this.prisma.user.findUnique({ where: { email }, select: MAIL_USER });
  }

  /** Stores a new token of `purpose` for the user; the user's older unused tokens of that purpose stop working. */
  async issue(userId: string, purpose: AccountTokenPurpose, tokenHash: string, expiresAt: Date, now: Date) {
    await this.prisma.$transaction([
      this.prisma.accountToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } }),
      this.prisma.accountToken.create({ data: { userId, purpose, tokenHash, expiresAt }, select: { id: true } }),
    ]);
  }

  find(tokenHash: string): Promise<AccountTokenRecord | null> {
    return this.prisma.accountToken.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        userId: true,
        purpose: true,
        expiresAt: true,
        usedAt: true,
        user: { select: { email: true, locale: true } },
      },
    });
  }

  /**
   * Marks a token used, only if nobody did before (two parallel clicks: one wins); false when it was used meanwhile.
   */
  async consume(id: string, now: Date): Promise<boolean> {
    const { count } = await this.prisma.accountToken.updateMany({
      where: { id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    return count === 1;
  }

  /** Sets users.email_verified_at (keeps an earlier date). */
  async markVerified(userId: string, at: Date): Promise<void> {
    await this.prisma.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: at } });
  }

  async emailVerified(userId: string): Promise<boolean> {
    const row = await this.prisma.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
    return row?.emailVerifiedAt != null;
  }

  passwordHash(userId: string): Promise<{ passwordHash: string } | null> {
    return this.prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.prisma.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true } });
  }

  /**
   * Revokes the user's live sessions (all, or all but `keepSessionId`) and answers their token hashes, so that
   * every replica drops them from its cache at once.
   */
  async revokeSessions(userId: string, now: Date, keepSessionId: string | null = null): Promise<string[]> {
    const where = {
      userId,
      revokedAt: null,
      expiresAt: { gt: now },
      ...(keepSessionId ? { id: { not: keepSessionId } } : {}),
    };
    return this.prisma.$transaction(async (tx) => {
      const live = await tx.session.findMany({ where, select: { tokenHash: true } });
      await tx.session.updateMany({ where, data: { revokedAt: now } });
      return live.map((s) => s.tokenHash);
    });
  }

  /** The user's personal organisation (where their own account events are audited). */
  async personalOrgId(userId: string): Promise<string | null> {
    const org = await this.prisma.organisation.findFirst({
      where: { ownerUserId: userId, personal: true },
      select: { id: true },
    });
    return org?.id ?? null;
  }
}
