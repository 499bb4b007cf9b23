import { Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AccessRepository } from '../handshake/access.repository';
import { EntitlementsClient } from '../handshake/entitlements.client';
import { ConnectionRegistry } from './connection-registry';

/** Token hashes checked per query in a re-check of every connection. */
const RECHECK_BATCH = 500;

/**
 * Ends connections the moment their access ends, from the platform's events (every replica listens, no queue
 * group): a session signed out or revoked, a member removed from an organisation (a role change keeps them: every
 * role can read), a share link revoked, a plan without share links. After a NATS outage, when such events may have
 * been missed, every connection is checked again against the database.
 */
@Injectable()
export class RevocationListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(RevocationListener.name);
  private rechecking: Promise<void> | undefined;

  constructor(
    private readonly messaging: Messaging,
    private readonly registry: ConnectionRegistry,
    private readonly entitlements: EntitlementsClient,
    private readonly access: AccessRepository,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.messaging.subscribe(Subjects.credentialRevoked, ({ tokenHash }) => {
      const ended = this.registry.revokeToken(tokenHash);
      if (ended > 0) this.logger.log({ sockets: ended }, 'session revoked; its connections ended');
    });
    this.messaging.subscribe(Subjects.membershipChanged, ({ orgId, userId, role }) => {
      if (role !== null) return;
      const ended = this.registry.revokeMember(userId, orgId);
      if (ended > 0) this.logger.log({ orgId, userId, sockets: ended }, 'member removed; their connections ended');
    });
    this.messaging.subscribe(Subjects.shareRevoked, ({ tokenHash, serverId }) => {
      const ended = this.registry.revokeToken(tokenHash);
      if (ended > 0) this.logger.log({ serverId, sockets: ended }, 'share link revoked; its connections ended');
    });
    this.messaging.subscribe(Subjects.planChanged, ({ orgId }) => this.planChanged(orgId));
    this.watchReconnects();
  }

  /** The organisation's plan changed: its share / overlay connections end if share links are no longer in it. */
  async planChanged(orgId: string): Promise<void> {
    this.entitlements.forget(orgId);
    const sockets = this.registry.shareSocketsOfOrg(orgId);
    if (sockets.length === 0) return;
    let allowed: boolean;
    try {
      allowed = await this.entitlements.shareLinksAllowed(orgId, { fresh: true });
    } catch {
      // Kept for now: billing-limits is away, and the next plan event or reconnect re-check decides.
      return;
    }
    if (allowed) return;
    for (const socket of this.registry.shareSocketsOfOrg(orgId)) this.registry.end(socket, 'plan_changed');
    this.logger.log({ orgId, sockets: sockets.length }, 'plan without share links; share connections ended');
  }

  /** Checks every connection of this replica against the database (and share links against their plans). */
  recheckAll(): Promise<void> {
    this.rechecking ??= this.recheck().finally(() => (this.rechecking = undefined));
    return this.rechecking;
  }

  private async recheck(): Promise<void> {
    const now = this.clock.now();
    const tokens = this.registry.tokens();
    let ended = 0;
    for (let i = 0; i < tokens.length; i += RECHECK_BATCH) {
      const batch = tokens.slice(i, i + RECHECK_BATCH);
      const sockets = batch.flatMap((hash) => this.registry.socketsOfToken(hash));
      const sessions = sockets.filter((s) => s.data.principal.kind === 'session');
      const shares = sockets.filter((s) => s.data.principal.kind === 'share');
      const [validSessions, validShares] = await Promise.all([
        this.access.validSessions([...new Set(sessions.map((s) => s.data.principal.tokenHash))], now),
        this.access.validShares([...new Set(shares.map((s) => s.data.principal.tokenHash))], now),
      ]);
      for (const socket of sessions) {
        const principal = socket.data.principal;
        const orgs = validSessions.get(principal.tokenHash);
        if (orgs?.has(principal.orgId)) continue;
        this.registry.end(
          socket,
          !orgs ? (principal.expiresAt && principal.expiresAt <= now ? 'expired' : 'signed_out') : 'membership_removed',
        );
        ended++;
      }
      for (const socket of shares) {
        if (validShares.has(socket.data.principal.tokenHash)) continue;
        this.registry.end(socket, 'share_revoked');
        ended++;
      }
    }
    const orgs = new Set(
      tokens
        .flatMap((hash) => this.registry.socketsOfToken(hash))
        .filter((s) => s.data.principal.kind === 'share')
        .map((s) => s.data.principal.orgId),
    );
    for (const orgId of orgs) await this.planChanged(orgId);
    this.logger.log({ tokens: tokens.length, ended }, 'connections re-checked after a NATS reconnect');
  }

  private watchReconnects(): void {
    this.messaging.onReconnect(() => {
      this.recheckAll().catch((error: unknown) =>
        this.logger.warn({ err: (error as Error).message }, 'could not re-check connections after a NATS reconnect'),
      );
    });
  }
}
