import { SessionIdleRule, Uuid } from '@app/contracts';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { bearerKindOf, hashToken } from '@app/secrets';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { RealtimeGatewayConfig } from '../app.config';
import type { Principal, SessionPrincipal, SharePrincipal } from '../socket/realtime-socket';
import { AccessRepository } from './access.repository';
import { EntitlementsClient, EntitlementsUnavailableError } from './entitlements.client';
import { HandshakeRefusal, Refusals } from './handshake-refusal';

/** What the handshake middleware sees of a connection attempt. */
export interface HandshakeInput {
  auth: unknown;
  headers: IncomingHttpHeaders;
}

/** The token of a handshake: `auth.token`, else an `Authorization: Bearer` header (non-browser clients). */
export function tokenOf(handshake: HandshakeInput): string | null {
  const auth = handshake.auth as { token?: unknown } | null | undefined;
  if (typeof auth?.token === 'string' && auth.token !== '') return auth.token;
  const header = handshake.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Decides who a connection is, once, in the Socket.IO handshake: a dashboard session acting in one of its user's
 * organisations, or a share / overlay link of one server. Refuses with a {@link HandshakeRefusal} otherwise.
 */
@Injectable()
export class HandshakeAuthenticator {
  private readonly logger = new Logger(HandshakeAuthenticator.name);
  private readonly idle: SessionIdleRule;

  constructor(
    private readonly access: AccessRepository,
    private readonly entitlements: EntitlementsClient,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: Pick<RealtimeGatewayConfig, 'SESSION_IDLE_TIMEOUT_MINUTES'>,
  ) {
    this.idle = new SessionIdleRule(config.SESSION_IDLE_TIMEOUT_MINUTES);
  }

  async authenticate(handshake: HandshakeInput): Promise<Principal> {
    const now = this.clock.now();
    const token = tokenOf(handshake);
    if (!token) throw Refusals.missingToken();
    const kind = bearerKindOf(token);
    if (kind !== 'session' && kind !== 'share') throw Refusals.invalidToken();
    const tokenHash = hashToken(token);
    try {
      return kind === 'session' ? await this.session(tokenHash, handshake.auth, now) : await this.share(tokenHash, now);
    } catch (error) {
      if (error instanceof HandshakeRefusal) throw error;
      // PostgreSQL away or billing-limits silent: say so rather than "invalid token".
      if (!(error instanceof EntitlementsUnavailableError))
        this.logger.warn({ err: (error as Error).message }, 'could not check a realtime handshake');
      throw Refusals.unavailable();
    }
  }

  private async session(tokenHash: string, auth: unknown, now: Date): Promise<SessionPrincipal> {
    const session = await this.access.sessionByHash(tokenHash);
    if (!session) throw Refusals.unknownSession();
    if (session.revokedAt) throw Refusals.revokedSession();
    if (session.expiresAt <= now || this.idle.isIdle(session, now)) throw Refusals.expiredSession();
    if (session.userDisabledAt) throw Refusals.disabledUser();
    const requested = (auth as { orgId?: unknown } | null | undefined)?.orgId;
    let orgId: string | null;
    if (requested !== undefined && requested !== null && requested !== '') {
      // Same rule as the api-gateway's X-Org-Id: a membership, else "not found" (no hint whether it exists).
      if (!Uuid.safeParse(requested).success) throw Refusals.unknownOrganisation();
      orgId = requested as string;
      if (!(await this.access.isMember(orgId, session.userId))) throw Refusals.unknownOrganisation();
    } else {
      orgId = await this.access.personalOrganisation(session.userId);
      if (!orgId) throw Refusals.noPersonalOrganisation();
    }
    return {
      kind: 'session',
      tokenHash,
      sessionId: session.id,
      userId: session.userId,
      orgId,
      expiresAt: session.expiresAt,
    };
  }

  private async share(tokenHash: string, now: Date): Promise<SharePrincipal> {
    const share = await this.access.shareByHash(tokenHash);
    if (!share) throw Refusals.unknownShare();
    if (share.revokedAt) throw Refusals.revokedShare();
    if (share.expiresAt && share.expiresAt <= now) throw Refusals.expiredShare();
    if (!(await this.entitlements.shareLinksAllowed(share.orgId))) throw Refusals.shareNotInPlan();
    return {
      kind: 'share',
      tokenHash,
      shareId: share.id,
      orgId: share.orgId,
      serverId: share.serverId,
      expiresAt: share.expiresAt,
    };
  }
}
