import { Subjects } from '@app/contracts';
import { PrismaService } from '@app/database';
import { Messaging } from '@app/messaging';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { hashToken, newBearerToken } from '../auth/bearer-tokens';
import { AuditService } from '../audit/audit.service';
import { BillingClient } from '../billing/billing.client';
import { PromiseCache } from '../common/promise-cache';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { OncePer } from '../common/once-per';

const CACHE_MS = 10_000;

/** What a valid share token grants: read-only access to one server. */
export interface Share {
  id: string;
  orgId: string;
  serverId: string;
  kind: 'dashboard' | 'overlay';
  expiresAt: Date | null;
}

interface ShareRow {
  id: string;
  serverId: string;
  kind: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export function shareView(row: ShareRow) {
  return {
    id: row.id,
    server_id: row.serverId,
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

const invalidShare = () =>
  new ApiError(
    'NotFound',
    'this share link is not valid (unknown, revoked or expired)',
    'Ask the owner of the server for a new link.',
  );

/**
 * Share links (Pro and up): an unguessable token, stored as its SHA-256, that reads one server's dashboard data
 * and nothing else until it is revoked or expires. The streaming overlay uses the same mechanism (kind overlay).
 */
@Injectable()
export class SharesService implements OnModuleInit {
  /** token hash -> share; revocations clear it on every replica through NATS. */
  private readonly cache = new PromiseCache<Share>(CACHE_MS, 20_000);
  private readonly lastUsedWrites = new OncePer(60_000);

  constructor(
    private readonly prisma: PrismaService,
    private readonly messaging: Messaging,
    private readonly billing: BillingClient,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    this.messaging.subscribe(Subjects.shareRevoked, ({ tokenHash }) => this.cache.delete(tokenHash));
    // A plan without share links ends them at once (the check below runs again on the next read).
    this.messaging.subscribe(Subjects.planChanged, ({ orgId }) => this.cache.deleteWhere((s) => s.orgId === orgId));
  }

  async create(caller: Principal, serverId: string, input: { expires_at?: string; kind: 'dashboard' | 'overlay' }) {
    const server = await this.ownedServer(caller.orgId, serverId);
    const plan = await this.billing.entitlements(caller.orgId);
    if (!plan.shareLinks)
      throw ApiError.notInPlan(
        'share links are',
        plan.planId,
        'pro',
        'Upgrade to Pro or higher to share read-only dashboards.',
      );
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw new ApiError('ValidationFailed', 'expires_at is in the past', 'Give a future time, or none.', {
        fields: [{ field: 'expires_at', problem: 'must be in the future' }],
      });
    const { token, hash } = newBearerToken('share');
    const row = await this.prisma.shareLink.create({
      data: {
        orgId: caller.orgId,
        serverId: server.id,
        kind: input.kind,
        tokenHash: hash,
        createdBy: caller.userId,
        expiresAt,
      },
    });
    await this.audit.record(
      caller,
      'share.created',
      { type: 'share_link', id: row.id },
      {
        server_id: server.id,
        server_name: server.name,
        kind: row.kind,
        expires_at: row.expiresAt?.toISOString() ?? null,
      },
    );
    return {
      ...shareView(row),
      token,
      url: `/${row.kind === 'overlay' ? 'overlay' : 'share'}/${token}`,
      api: `/api/v1/public/${token}`,
    };
  }

  async list(orgId: string, serverId: string) {
    await this.ownedServer(orgId, serverId);
    const rows = await this.prisma.shareLink.findMany({
      where: { orgId, serverId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map(shareView);
  }

  async revoke(caller: Principal, serverId: string, shareId: string): Promise<void> {
    await this.ownedServer(caller.orgId, serverId);
    if (!isUuid(shareId)) throw ApiError.notFound('share link');
    const row = await this.prisma.shareLink.findFirst({
      where: { id: shareId, orgId: caller.orgId, serverId, revokedAt: null },
    });
    if (!row) throw ApiError.notFound('share link');
    await this.prisma.shareLink.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    this.cache.delete(row.tokenHash);
    try {
      this.messaging.publish(Subjects.shareRevoked, {
        tokenHash: row.tokenHash,
        serverId,
        occurredAt: new Date().toISOString(),
      });
    } catch {
      // NATS away: other replicas stop honouring it when their entry expires (10 s).
    }
    await this.audit.record(caller, 'share.revoked', { type: 'share_link', id: row.id }, { server_id: serverId });
  }

  /** The share a token grants, or 404 (unknown, revoked, expired, server gone or plan without share links). */
  async resolve(token: string): Promise<Share> {
    if (!token.startsWith('gsm_p_') || token.length > 100) throw invalidShare();
    const hash = hashToken(token);
    const share = await this.cache.get(hash, async () => {
      const row = await this.prisma.shareLink.findUnique({ where: { tokenHash: hash } });
      if (!row || row.revokedAt) throw invalidShare();
      const plan = await this.billing.entitlements(row.orgId);
      if (!plan.shareLinks) throw invalidShare();
      return {
        id: row.id,
        orgId: row.orgId,
        serverId: row.serverId,
        kind: row.kind as Share['kind'],
        expiresAt: row.expiresAt,
      };
    });
    if (share.expiresAt && share.expiresAt.getTime() <= Date.now()) throw invalidShare();
    this.touch(share.id);
    return share;
  }

  private async ownedServer(orgId: string, serverId: string) {
    if (!isUuid(serverId)) throw ApiError.notFound('server');
    const server = await this.prisma.server.findFirst({
      where: { id: serverId, orgId },
      select: { id: true, name: true },
    });
    if (!server) throw ApiError.notFound('server');
    return server;
  }

  /** Records a link's last use at most once a minute (not a write per request). */
  private touch(shareId: string): void {
    const now = Date.now();
    if (!this.lastUsedWrites.due(shareId, now)) return;
    void this.prisma.shareLink
      .update({ where: { id: shareId }, data: { lastUsedAt: new Date(now) } })
      .catch(() => undefined);
  }
}
