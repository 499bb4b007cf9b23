import { Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { hashToken, newBearerToken } from '../auth/bearer-tokens';
import type { Principal } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { OncePer } from '../common/once-per';
import { PromiseCache } from '../common/promise-cache';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { SharesRepository, type ShareKind, type ShareRecord } from './shares.repository';

const CACHE_MS = 10_000;

/** What a valid share token grants: read-only access to one server. */
export interface Share {
  id: string;
  orgId: string;
  serverId: string;
  kind: ShareKind;
  expiresAt: Date | null;
}

export function shareView(row: ShareRecord) {
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
  private readonly cache: PromiseCache<Share>;
  private readonly lastUsedWrites = new OncePer(60_000);

  constructor(
    private readonly repository: SharesRepository,
    private readonly messaging: Messaging,
    private readonly billing: BillingClient,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {
    this.cache = new PromiseCache<Share>(CACHE_MS, 20_000, clock);
  }

  onModuleInit(): void {
    this.messaging.subscribe(Subjects.shareRevoked, ({ tokenHash }) => this.cache.delete(tokenHash));
    // A plan without share links ends them at once (the check below runs again on the next read).
    this.messaging.subscribe(Subjects.planChanged, ({ orgId }) => this.cache.deleteWhere((s) => s.orgId === orgId));
  }

  async create(caller: Principal, serverId: string, input: { expires_at?: string; kind: ShareKind }) {
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
    if (expiresAt && expiresAt.getTime() <= this.clock.nowMs())
      throw new ApiError('ValidationFailed', 'expires_at is in the past', 'Give a future time, or none.', {
        fields: [{ field: 'expires_at', problem: 'must be in the future' }],
      });
    const { token, hash } = newBearerToken('share');
    const row = await this.repository.create({
      orgId: caller.orgId,
      serverId: server.id,
      kind: input.kind,
      tokenHash: hash,
      createdBy: caller.userId,
      expiresAt,
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
    return (await this.repository.listLive(orgId, serverId, this.clock.now())).map(shareView);
  }

  async revoke(caller: Principal, serverId: string, shareId: string): Promise<void> {
    await this.ownedServer(caller.orgId, serverId);
    if (!isUuid(shareId)) throw ApiError.notFound('share link');
    const row = await this.repository.findUnrevoked(caller.orgId, serverId, shareId);
    if (!row) throw ApiError.notFound('share link');
    await this.repository.revoke(row.id, this.clock.now());
    this.cache.delete(row.tokenHash);
    try {
      this.messaging.publish(Subjects.shareRevoked, {
        tokenHash: row.tokenHash,
        serverId,
        occurredAt: this.clock.now().toISOString(),
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
      const row = await this.repository.byTokenHash(hash);
      if (!row || row.revokedAt) throw invalidShare();
      const plan = await this.billing.entitlements(row.orgId);
      if (!plan.shareLinks) throw invalidShare();
      return { id: row.id, orgId: row.orgId, serverId: row.serverId, kind: row.kind, expiresAt: row.expiresAt };
    });
    if (share.expiresAt && share.expiresAt.getTime() <= this.clock.nowMs()) throw invalidShare();
    this.touch(share.id);
    return share;
  }

  /** Whether the token's share is in the cache (resolving it asks PostgreSQL nothing). */
  cached(token: string): boolean {
    return this.cache.has(hashToken(token));
  }

  /** Throws the 404 of an invalid link (one known to be invalid without a lookup). */
  invalid(): never {
    throw invalidShare();
  }

  /** The shared server's name and status, what the link grants, until when. */
  async sharedServer(token: string) {
    const share = await this.resolve(token);
    const server = await this.repository.sharedServer(share.serverId);
    // The link's server cascades away with its links; gone between the two reads is a 500, as before.
    if (!server) throw new Error(`server ${share.serverId} of share ${share.id} not found`);
    return {
      server: {
        name: server.name,
        status: server.state?.status ?? 'unknown',
        addon_status: server.state?.addonStatus ?? 'unknown',
        last_seen_at: server.state?.lastSeenAt?.toISOString() ?? null,
      },
      kind: share.kind,
      expires_at: share.expiresAt?.toISOString() ?? null,
    };
  }

  private async ownedServer(orgId: string, serverId: string) {
    if (!isUuid(serverId)) throw ApiError.notFound('server');
    const server = await this.repository.ownedServer(orgId, serverId);
    if (!server) throw ApiError.notFound('server');
    return server;
  }

  /** Records a link's last use at most once a minute (not a write per request). */
  private touch(shareId: string): void {
    const now = this.clock.nowMs();
    if (!this.lastUsedWrites.due(shareId, now)) return;
    void this.repository.touch(shareId, new Date(now)).catch(() => undefined);
  }
}
