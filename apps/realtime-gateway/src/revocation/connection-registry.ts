import type { SessionEndReason } from '@app/contracts';
import { Clock } from '@app/platform';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { RealtimeMetrics } from '../metrics/realtime.metrics';
import type { RealtimeSocket } from '../socket/realtime-socket';
import { SESSION_END_MESSAGES } from './session-end';

/** setTimeout's longest delay (about 24.8 days); a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long a revocation is remembered for sockets whose handshake was still running when it arrived. */
const REMEMBER_REVOCATIONS_MS = 120_000;

/** A multimap from a key to the live sockets under it. */
class SocketIndex {
  private readonly map = new Map<string, Set<RealtimeSocket>>();

  add(key: string, socket: RealtimeSocket): boolean {
    let set = this.map.get(key);
    const first = !set;
    if (!set) this.map.set(key, (set = new Set()));
    set.add(socket);
    return first;
  }

  /** Returns true when the key has no socket left. */
  delete(key: string, socket: RealtimeSocket): boolean {
    const set = this.map.get(key);
    if (!set) return true;
    set.delete(socket);
    if (set.size > 0) return false;
    this.map.delete(key);
    return true;
  }

  has(key: string, socket: RealtimeSocket): boolean {
    return this.map.get(key)?.has(socket) ?? false;
  }

  get(key: string): RealtimeSocket[] {
    return [...(this.map.get(key) ?? [])];
  }

  keys(): string[] {
    return [...this.map.keys()];
  }
}

/**
 * The live connections of this replica indexed by what can revoke them: the token's hash (sign-out, share link
 * revoked), the user in an organisation (membership removed), the organisation of share links (plan changed) and
 * the shared server (deleted). Ends a connection with `session.ended.v1` then a disconnect, and at the expiry of its
 * session or share link (one timer per token).
 */
@Injectable()
export class ConnectionRegistry implements OnModuleDestroy {
  private readonly logger = new Logger(ConnectionRegistry.name);
  private readonly byToken = new SocketIndex();
  private readonly byMember = new SocketIndex();
  private readonly sharesByOrg = new SocketIndex();
  private readonly sharesByServer = new SocketIndex();
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  /** `token:<hash>` / `member:<userId>|<orgId>` -> when the revocation arrived. */
  private readonly revokedAt = new Map<string, number>();

  constructor(
    private readonly metrics: RealtimeMetrics,
    private readonly clock: Clock,
  ) {}

  /**
   * Registers an authenticated socket. Returns false (and ends it) when its access was revoked while its handshake
   * was being checked.
   */
  add(socket: RealtimeSocket): boolean {
    const { principal, authenticatedAt } = socket.data;
    const tokenRevoked = this.revokedSince(`token:${principal.tokenHash}`, authenticatedAt);
    if (tokenRevoked) {
      this.end(socket, principal.kind === 'share' ? 'share_revoked' : 'signed_out');
      return false;
    }
    if (
      principal.kind === 'session' &&
      this.revokedSince(`member:${principal.userId}|${principal.orgId}`, authenticatedAt)
    ) {
      this.end(socket, 'membership_removed');
      return false;
    }
    if (this.byToken.add(principal.tokenHash, socket)) this.armExpiry(principal.tokenHash, principal.expiresAt);
    if (principal.kind === 'session') {
      this.byMember.add(`${principal.userId}|${principal.orgId}`, socket);
    } else {
      this.sharesByOrg.add(principal.orgId, socket);
      this.sharesByServer.add(principal.serverId, socket);
    }
    this.metrics.connectedClients.inc({ kind: principal.kind });
    return true;
  }

  /** Forgets a disconnected socket (idempotent). */
  remove(socket: RealtimeSocket): void {
    const { principal } = socket.data;
    if (!this.byToken.has(principal.tokenHash, socket)) return;
    if (this.byToken.delete(principal.tokenHash, socket)) {
      clearTimeout(this.expiryTimers.get(principal.tokenHash));
      this.expiryTimers.delete(principal.tokenHash);
    }
    if (principal.kind === 'session') {
      this.byMember.delete(`${principal.userId}|${principal.orgId}`, socket);
    } else {
      this.sharesByOrg.delete(principal.orgId, socket);
      this.sharesByServer.delete(principal.serverId, socket);
    }
    this.metrics.connectedClients.dec({ kind: principal.kind });
  }

  /** A token was revoked (sign-out, share link revoked): its sockets end now, and any still in their handshake. */
  revokeToken(tokenHash: string): number {
    this.remember(`token:${tokenHash}`);
    const sockets = this.byToken.get(tokenHash);
    for (const socket of sockets)
      this.end(socket, socket.data.principal.kind === 'share' ? 'share_revoked' : 'signed_out');
    return sockets.length;
  }

  /** A member left (or was removed from) an organisation: their sockets acting in it end. */
  revokeMember(userId: string, orgId: string): number {
    this.remember(`member:${userId}|${orgId}`);
    const sockets = this.byMember.get(`${userId}|${orgId}`);
    for (const socket of sockets) this.end(socket, 'membership_removed');
    return sockets.length;
  }

  /** Share / overlay sockets of an organisation (to re-check its plan). */
  shareSocketsOfOrg(orgId: string): RealtimeSocket[] {
    return this.sharesByOrg.get(orgId);
  }

  /** Share / overlay sockets of one server. */
  shareSocketsOfServer(serverId: string): RealtimeSocket[] {
    return this.sharesByServer.get(serverId);
  }

  /** Every token hash with a live socket (for a re-check of all of them). */
  tokens(): string[] {
    return this.byToken.keys();
  }

  socketsOfToken(tokenHash: string): RealtimeSocket[] {
    return this.byToken.get(tokenHash);
  }

  /** Tells the client why (`session.ended.v1`, reliable) and disconnects it; the client does not reconnect by itself. */
  end(socket: RealtimeSocket, reason: SessionEndReason): void {
    if (socket.disconnected) return;
    socket.emit('session.ended.v1', { reason, message: SESSION_END_MESSAGES[reason] });
    this.metrics.eventsEmitted.inc({ event: 'session.ended.v1' });
    this.metrics.sessionsEnded.inc({ reason });
    // Closes the connection once the event is written (engine.io flushes its buffer before closing).
    socket.disconnect(true);
  }

  onModuleDestroy(): void {
    for (const timer of this.expiryTimers.values()) clearTimeout(timer);
    this.expiryTimers.clear();
  }

  private armExpiry(tokenHash: string, expiresAt: Date | null): void {
    if (!expiresAt) return;
    const delay = Math.max(0, expiresAt.getTime() - this.clock.nowMs());
    const timer = setTimeout(
      () => {
        this.expiryTimers.delete(tokenHash);
        if (this.clock.nowMs() < expiresAt.getTime()) return this.armExpiry(tokenHash, expiresAt);
        const sockets = this.byToken.get(tokenHash);
        if (sockets.length > 0) this.logger.log({ sockets: sockets.length }, 'access expired; ending its connections');
        for (const socket of sockets)
          this.end(socket, socket.data.principal.kind === 'share' ? 'share_expired' : 'expired');
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    timer.unref();
    this.expiryTimers.set(tokenHash, timer);
  }

  private remember(key: string): void {
    const now = this.clock.nowMs();
    this.revokedAt.set(key, now);
    if (this.revokedAt.size > 1000) {
      for (const [k, at] of this.revokedAt) if (now - at > REMEMBER_REVOCATIONS_MS) this.revokedAt.delete(k);
    }
  }

  private revokedSince(key: string, since: number): boolean {
    const at = this.revokedAt.get(key);
    return at !== undefined && at >= since && this.clock.nowMs() - at <= REMEMBER_REVOCATIONS_MS;
  }
}
