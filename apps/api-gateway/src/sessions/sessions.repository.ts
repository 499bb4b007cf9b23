import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A live dashboard session of a user, as the session list and its revocation need it. */
export interface SessionRecord {
  id: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  tokenHash: string;
}

const RECORD = {
  id: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  ip: true,
  userAgent: true,
  tokenHash: true,
} as const;

/** A user's own dashboard sessions: list and revoke (owner: api-gateway; sign-in creates them in AuthRepository). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The user's sessions neither revoked nor past their lifetime, newest first (idleness is the service's rule). */
  live(userId: string, now: Date): Promise<SessionRecord[]> {
    return this.prisma.session.findMany({
      where: { userId, revokedAt: null, expiresAt: { gt: now } },
      select: RECORD,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    });
  }

  /** One live session of the user; null for another user's, a revoked or an expired one. */
  findLive(userId: string, id: string, now: Date): Promise<SessionRecord | null> {
    return this.prisma.session.findFirst({
      where: { id, userId, revokedAt: null, expiresAt: { gt: now } },
      select: RECORD,
    });
  }

  /** Revokes one session; false when it was revoked meanwhile. */
  async revoke(id: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.session.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: at } });
    return count === 1;
  }

  /** Revokes every session of the user not revoked yet; the token hashes of those it revoked. */
  revokeAll(userId: string, at: Date): Promise<string[]> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.session.findMany({
        where: { userId, revokedAt: null, expiresAt: { gt: at } },
        select: { id: true, tokenHash: true },
      });
      await tx.session.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { revokedAt: at } });
      return rows.map((r) => r.tokenHash);
    });
  }

  /** The personal organisation the user owns (where their own account's events are audited). */
  async personalOrgId(userId: string): Promise<string | null> {
    const org = await this.prisma.organisation.findFirst({
      where: { personal: true, ownerUserId: userId },
      select: { id: true },
    });
    return org?.id ?? null;
  }
}
