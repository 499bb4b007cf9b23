import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

export type ShareKind = 'dashboard' | 'overlay';

/** A share link as listed (never its token). */
export interface ShareRecord {
  id: string;
  serverId: string;
  kind: ShareKind;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** A share link found by its token, with what deciding on access needs. */
export interface ShareGrant {
  id: string;
  orgId: string;
  serverId: string;
  kind: ShareKind;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** What a share link shows of its server: name and polled state, never the address or ports. */
export interface SharedServer {
  name: string;
  state: { status: string; addonStatus: string; lastSeenAt: Date | null } | null;
}

const LISTED = { id: true, serverId: true, kind: true, createdAt: true, expiresAt: true, lastUsedAt: true } as const;

/** The share_links table (owner: api-gateway), and the server a link shows. */
@Injectable()
export class SharesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A server of the organisation (id and name), or null. */
  ownedServer(orgId: string, serverId: string): Promise<{ id: string; name: string } | null> {
    return this.prisma.server.findFirst({ where: { id: serverId, orgId }, select: { id: true, name: true } });
  }

  create(input: {
    orgId: string;
    serverId: string;
    kind: ShareKind;
    tokenHash: string;
    createdBy: string;
    expiresAt: Date | null;
  }): Promise<ShareRecord> {
    return this.prisma.shareLink.create({ data: input, select: LISTED });
  }

  /** The server's links neither revoked nor expired at `now`, oldest first. */
  listLive(orgId: string, serverId: string, now: Date): Promise<ShareRecord[]> {
    return this.prisma.shareLink.findMany({
      where: { orgId, serverId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      orderBy: { createdAt: 'asc' },
      select: LISTED,
    });
  }

  /** A link of the server not revoked yet (expired or not), with its token hash; or null. */
  findUnrevoked(orgId: string, serverId: string, id: string): Promise<{ id: string; tokenHash: string } | null> {
    return this.prisma.shareLink.findFirst({
      where: { id, orgId, serverId, revokedAt: null },
      select: { id: true, tokenHash: true },
    });
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.prisma.shareLink.update({ where: { id }, data: { revokedAt: at }, select: { id: true } });
  }

  byTokenHash(tokenHash: string): Promise<ShareGrant | null> {
    return this.prisma.shareLink.findUnique({
      where: { tokenHash },
      select: { id: true, orgId: true, serverId: true, kind: true, expiresAt: true, revokedAt: true },
    });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.shareLink.update({ where: { id }, data: { lastUsedAt: at }, select: { id: true } });
  }

  /** The shared server's name and state; null when it is gone. */
  sharedServer(serverId: string): Promise<SharedServer | null> {
    return this.prisma.server.findUnique({
      where: { id: serverId },
      select: { name: true, state: { select: { status: true, addonStatus: true, lastSeenAt: true } } },
    });
  }
}
