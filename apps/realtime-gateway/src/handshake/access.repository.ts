import type { SessionActivity } from '@app/contracts';
import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A dashboard session as the handshake needs it. */
export interface SessionRow {
  id: string;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  userDisabledAt: Date | null;
}

/** A share / overlay link as the handshake needs it. */
export interface ShareRow {
  id: string;
  orgId: string;
  serverId: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Reads sessions, memberships and share links (owner: api-gateway; the gateway only reads). */
@Injectable()
export class AccessRepository {
  constructor(private readonly prisma: PrismaService) {}

  async sessionByHash(tokenHash: string): Promise<SessionRow | null> {
    const row = await this.prisma.session.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        userId: true,
        createdAt: true,
        lastUsedAt: true,
        expiresAt: true,
        revokedAt: true,
        user: { select: { disabledAt: true } },
      },
    });
    if (!row) return null;
    return {
      id: row.id,
      userId: row.userId,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
      userDisabledAt: row.user.disabledAt,
    };
  }

  async isMember(orgId: string, userId: string): Promise<boolean> {
    const row = await this.prisma.membership.findUnique({
      where: { orgId_userId: { orgId, userId } },
      select: { orgId: true },
    });
    return row !== null;
  }

  /** The user's personal organisation (the one created with the account), as the api-gateway resolves it. */
  async personalOrganisation(userId: string): Promise<string | null> {
    const row = await this.prisma.membership.findFirst({
      where: { userId, organisation: { personal: true, ownerUserId: userId } },
      select: { orgId: true },
    });
    return row?.orgId ?? null;
  }

  async shareByHash(tokenHash: string): Promise<ShareRow | null> {
    return this.prisma.shareLink.findUnique({
      where: { tokenHash },
      select: { id: true, orgId: true, serverId: true, expiresAt: true, revokedAt: true },
    });
  }

  /**
   * Of these session token hashes, those that still grant access now (not revoked or expired, user enabled), with
   * the organisations each user is still a member of. For the re-check after a NATS outage.
   */
  async validSessions(tokenHashes: string[], now: Date): Promise<Map<string, Set<string>>> {
    if (tokenHashes.length === 0) return new Map();
    const rows = await this.prisma.session.findMany({
      where: { tokenHash: { in: tokenHashes }, revokedAt: null, expiresAt: { gt: now }, user: { disabledAt: null } },
      select: { tokenHash: true, user: { select: { memberships: { select: { orgId: true } } } } },
    });
    return new Map(rows.map((r) => [r.tokenHash, new Set(r.user.memberships.map((m) => m.orgId))]));
  }

  /** When each of these sessions was created and last used by the API (for the idle rule). */
  async sessionActivity(tokenHashes: string[]): Promise<Map<string, SessionActivity>> {
    if (tokenHashes.length === 0) return new Map();
    const rows = await this.prisma.session.findMany({
      where: { tokenHash: { in: tokenHashes } },
      select: { tokenHash: true, createdAt: true, lastUsedAt: true },
    });
    return new Map(rows.map((r) => [r.tokenHash, { createdAt: r.createdAt, lastUsedAt: r.lastUsedAt }]));
  }

  /** Of these share token hashes, those not revoked or expired now. */
  async validShares(tokenHashes: string[], now: Date): Promise<Set<string>> {
    if (tokenHashes.length === 0) return new Set();
    const rows = await this.prisma.shareLink.findMany({
      where: {
        tokenHash: { in: tokenHashes },
        revokedAt: null,
        OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
      },
      select: { tokenHash: true },
    });
    return new Set(rows.map((r) => r.tokenHash));
  }
}
