import { SessionIdleRule } from '@app/contracts';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import type { Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { SessionsRepository, type SessionRecord } from './sessions.repository';

/** How much of a user agent the list shows (the stored one is at most 300 characters). */
export const USER_AGENT_SHOWN = 200;

/** A session as its user sees it in the list (never its token). */
export interface SessionView {
  id: string;
  created_at: string;
  /** The last recorded use (written at most once a minute); the sign-in until then. */
  last_used_at: string;
  ip: string | null;
  user_agent: string | null;
  /** The end of its absolute lifetime (it ends earlier when left unused for SESSION_IDLE_TIMEOUT_MINUTES). */
  expires_at: string;
  /** Whether this is the session of the request. */
  current: boolean;
}

/**
 * A user's own dashboard sessions: the list, "sign out" of one, "sign out everywhere". A revocation is immediate on
 * every replica (AuthService.revoked drops the cached credential here and, over NATS, everywhere else). Revocations
 * are audited in the user's personal organisation: a session belongs to the account, not to a team.
 */
@Injectable()
export class SessionsService {
  private readonly idle: SessionIdleRule;

  constructor(
    private readonly repository: SessionsRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.idle = new SessionIdleRule(config.SESSION_IDLE_TIMEOUT_MINUTES);
  }

  /** Every session of the caller that still works (not revoked, expired or idle), newest first. */
  async list(caller: Principal): Promise<SessionView[]> {
    const now = this.clock.now();
    const rows = await this.repository.live(caller.userId, now);
    return rows.filter((row) => !this.idle.isIdle(row, now)).map((row) => view(row, caller.sessionId));
  }

  /** Signs one of the caller's sessions out (404 for an id that is not one of theirs). */
  async revoke(caller: Principal, id: string): Promise<void> {
    if (!isUuid(id)) throw ApiError.notFound('session');
    const now = this.clock.now();
    const row = await this.repository.findLive(caller.userId, id, now);
    if (!row || !(await this.repository.revoke(row.id, now))) throw ApiError.notFound('session');
    this.auth.revoked(row.tokenHash);
    await this.audit.record(
      await this.auditedAs(caller),
      'session.revoked',
      { type: 'session', id: row.id },
      { current: row.id === caller.sessionId, ip: row.ip },
    );
  }

  /** Signs the caller out everywhere: every session of theirs, this one included. */
  async revokeAll(caller: Principal): Promise<void> {
    const hashes = await this.repository.revokeAll(caller.userId, this.clock.now());
    for (const hash of hashes) this.auth.revoked(hash);
    await this.audit.record(await this.auditedAs(caller), 'session.revoked_all', null, { sessions: hashes.length });
  }

  private async auditedAs(caller: Principal): Promise<{ userId: string; orgId: string }> {
    return { userId: caller.userId, orgId: (await this.repository.personalOrgId(caller.userId)) ?? caller.orgId };
  }
}

function view(row: SessionRecord, currentSessionId: string | null): SessionView {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: (row.lastUsedAt ?? row.createdAt).toISOString(),
    ip: row.ip,
    user_agent: row.userAgent === null ? null : row.userAgent.slice(0, USER_AGENT_SHOWN),
    expires_at: row.expiresAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
