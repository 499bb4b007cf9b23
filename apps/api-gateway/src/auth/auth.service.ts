import { SessionIdleRule, Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { DuplicateKeyError } from '../common/duplicate-key';
import { OncePer } from '../common/once-per';
import { PromiseCache } from '../common/promise-cache';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { AuthThrottles } from '../throttle/auth-throttles';
import { ThrottleMetrics } from '../throttle/throttle.metrics';
import { SecondFactorGate } from '../two-factor/second-factor.gate';
import { AuthRepository, type MembershipRecord, type SessionGrant } from './auth.repository';
import { hashToken, kindOf, newBearerToken } from './bearer-tokens';
import { EmailVerificationService } from './email-verification.service';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';
import type { Principal, Scope } from './principal';

const CACHE_MS = 10_000;

const invalidToken = () =>
  new ApiError(
    'Unauthenticated',
    'the bearer token is invalid, expired or revoked',
    'Sign in again (POST /api/v1/auth/login) or create a new API token.',
  );

const ssoRequired = () =>
  new ApiError(
    'SsoRequired',
    'this organisation requires single sign-on: a session signed in otherwise cannot act in it',
    'Sign out and sign in with "Sign in with SSO" using your organisation e-mail address.',
  );

/** Where a sign-in comes from (recorded with the session). */
export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

/** How a session was made: by password, or by the SSO of an organisation. */
export interface SessionOrigin {
  method: 'password' | 'sso';
  ssoOrgId: string | null;
  /** The provider asserted a multi-factor sign-in the organisation trusts (its two-factor policy accepts it). */
  idpMfa?: boolean;
}

/** Accounts, dashboard sessions and the resolution of a bearer token into a {@link Principal}. */
@Injectable()
export class AuthService implements OnModuleInit {
  /** `<token hash>|<X-Org-Id>` -> principal: a request costs no query while its entry is fresh. */
  private readonly cache: PromiseCache<Principal>;
  private readonly lastUsedWrites = new OncePer(60_000);
  private readonly idle: SessionIdleRule;

  constructor(
    private readonly repository: AuthRepository,
    private readonly messaging: Messaging,
    private readonly throttles: AuthThrottles,
    private readonly metrics: ThrottleMetrics,
    private readonly clock: Clock,
    private readonly verification: EmailVerificationService,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
    private readonly secondFactor: SecondFactorGate,
  ) {
    this.cache = new PromiseCache<Principal>(CACHE_MS, 50_000, clock);
    // Checked on each resolution, i.e. at most CACHE_MS late (SessionIdleRule says why that bound holds).
    this.idle = new SessionIdleRule(config.SESSION_IDLE_TIMEOUT_MINUTES);
  }

  /**
   * Creates an account (with its personal organisation), or does nothing when the e-mail already has one: both
   * answer the same (202 accepted) after the same work (an argon2 hash), so registration does not tell whether an
   * e-mail has an account. The client signs in next. Counted per client address first (REGISTER_MAX_PER_HOUR).
   */
  async register(input: { email: string; password: string; name: string }, meta: ClientMeta) {
    await this.throttles.beforeSignUp(meta.ip);
    const email = input.email.toLowerCase();
    const passwordHash = await hashPassword(input.password);
    if (!(await this.repository.emailTaken(email))) {
      const user = await this.repository
        .createAccount({ email, name: input.name, passwordHash })
        .catch((error: unknown) => {
          // A concurrent sign-up of the same e-mail won: the same answer as for any existing account.
          if (!(error instanceof DuplicateKeyError)) throw error;
          return null;
        });
      // The verification mail goes out in the background: the answer comes as fast as for an existing e-mail.
      if (user) this.verification.startFor(user.id);
    }
    return { status: 'accepted' as const };
  }

  /**
   * Signs in. The attempt is checked and counted (per e-mail, per client address, in Redis) before the password is
   * hashed, so a parallel burst on any number of replicas reaches argon2 at most LOGIN_MAX_FAILURES times.
   */
  async login(input: { email: string; password: string }, meta: ClientMeta) {
    const email = input.email.toLowerCase();
    await this.throttles.beforeSignIn(email, meta.ip);
    const user = await this.repository.credentials(email);
    // An unknown e-mail costs the same hashing time as a wrong password: no account enumeration by timing.
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    this.metrics.passwordVerifications.inc({ outcome: ok && user ? 'match' : 'mismatch' });
    if (!user || !ok || user.disabledAt)
      throw new ApiError('Unauthenticated', 'the e-mail or the password is wrong', 'Check both and try again.');
    // A second factor: no session yet, and the failures are forgotten only once it is right too.
    const secondStep = await this.secondFactor.stepFor(user.id);
    if (secondStep) return secondStep;
    await this.throttles.signedIn(email, meta.ip);
    return this.createSession(user.id, meta);
  }

  /** A dashboard session; `via` records how it was made (an SSO sign-in names the organisation whose provider). */
  async createSession(userId: string, meta: ClientMeta, via: SessionOrigin = { method: 'password', ssoOrgId: null }) {
    const { token, hash } = newBearerToken('session');
    const expiresAt = new Date(this.clock.nowMs() + this.config.SESSION_TTL_HOURS * 3_600_000);
    await this.repository.createSession({
      userId,
      tokenHash: hash,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      authMethod: via.method,
      ssoOrgId: via.ssoOrgId,
      idpMfa: via.idpMfa ?? false,
    });
    return { token, expires_at: expiresAt.toISOString() };
  }

  onModuleInit(): void {
    // Every replica listens (no queue group): a revoked token stops working everywhere at once, not after the
    // cache entry expires.
    this.messaging.subscribe(Subjects.credentialRevoked, ({ tokenHash }) => {
      this.cache.deletePrefix(`${tokenHash}|`);
    });
    this.messaging.subscribe(Subjects.membershipChanged, ({ orgId, userId }) => this.membershipChanged(orgId, userId));
  }

  /** A member was removed or got another role: their cached access to that organisation goes, here and now. */
  membershipChanged(orgId: string, userId: string): Promise<void> {
    return this.cache.deleteWhere((p) => p.userId === userId && p.orgId === orgId);
  }

  async logout(principal: Principal): Promise<void> {
    if (principal.sessionId) await this.repository.revokeSession(principal.sessionId, this.clock.now());
    this.revoked(principal.tokenHash);
  }

  /** Drops a revoked token's cached principals here and in every other replica. */
  revoked(tokenHash: string): void {
    this.cache.deletePrefix(`${tokenHash}|`);
    try {
      this.messaging.publish(Subjects.credentialRevoked, { tokenHash, occurredAt: this.clock.now().toISOString() });
    } catch {
      // NATS away: other replicas drop it when their entry expires (10 s).
    }
  }

  /** Resolves a bearer token and the requested organisation; throws 401 (or 403/404 for the organisation). */
  authenticate(token: string, orgHeader: string | undefined): Promise<Principal> {
    const hash = hashToken(token);
    return this.cache.get(`${hash}|${orgHeader ?? ''}`, () => this.resolve(token, hash, orgHeader));
  }

  /**
   * The cached resolution of the token (with that X-Org-Id), or undefined: the fast path of metrics/latest runs only
   * on a cached one (a failed resolution is never cached, so a bad token always goes the Nest way and its errors).
   */
  cachedPrincipal(token: string, orgHeader: string | undefined): Promise<Principal> | undefined {
    return this.cache.peek(`${hashToken(token)}|${orgHeader ?? ''}`);
  }

  private async resolve(token: string, hash: string, orgHeader: string | undefined): Promise<Principal> {
    const kind = kindOf(token);
    if (!kind) throw invalidToken();
    return kind === 'api' ? this.resolveApiToken(hash, orgHeader) : this.resolveSession(hash, orgHeader);
  }

  private async resolveApiToken(hash: string, orgHeader: string | undefined): Promise<Principal> {
    const now = this.clock.now();
    const row = await this.repository.apiToken(hash);
    if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now) || row.user.disabledAt) throw invalidToken();
    if (orgHeader && orgHeader !== row.orgId)
      throw new ApiError('Forbidden', 'an API token acts only in its own organisation', 'Drop the X-Org-Id header.');
    const membership = await this.repository.membership(row.orgId, row.userId);
    if (!membership) throw invalidToken();
    this.touchToken(row.id);
    return {
      kind: 'api',
      userId: row.userId,
      email: row.user.email,
      emailVerified: row.user.emailVerifiedAt !== null,
      orgId: row.orgId,
      role: membership.role,
      scopes: row.scopes as Scope[],
      sessionId: null,
      tokenId: row.id,
      tokenHash: hash,
    };
  }

  private async resolveSession(hash: string, orgHeader: string | undefined): Promise<Principal> {
    const now = this.clock.now();
    const session = await this.repository.session(hash);
    if (!session || session.revokedAt || session.expiresAt <= now || session.user.disabledAt) throw invalidToken();
    if (this.idle.isIdle(session, now)) throw invalidToken();
    let membership: MembershipRecord | null;
    if (orgHeader) {
      if (!isUuid(orgHeader)) throw ApiError.notFound('organisation');
      membership = await this.repository.membership(orgHeader, session.userId);
      if (!membership) throw ApiError.notFound('organisation');
    } else {
      membership = await this.repository.personalMembership(session.userId);
      if (!membership) throw invalidToken();
    }
    if (session.ssoOrgId !== membership.orgId && (await this.repository.ssoRequired(membership.orgId, session.userId)))
      throw ssoRequired();
    this.touchSession(session, now);
    return {
      kind: 'session',
      userId: session.userId,
      email: session.user.email,
      emailVerified: session.user.emailVerifiedAt !== null,
      orgId: membership.orgId,
      role: membership.role,
      scopes: null,
      sessionId: session.id,
      tokenId: null,
      tokenHash: hash,
      idpMfaOrgId: session.idpMfa ? (session.ssoOrgId ?? null) : null,
    };
  }

  /** Records a session's last use when the stored one is older than the idle rule's touch interval. */
  private touchSession(session: SessionGrant, now: Date): void {
    if (!this.idle.touchDue(session, now)) return;
    const staleBefore = new Date(now.getTime() - this.idle.touchIntervalMs);
    void this.repository.touchSession(session.id, now, staleBefore).catch(() => undefined);
  }

  /** Records an API token's last use, at most once a minute per token (not a write per request). */
  private touchToken(tokenId: string): void {
    const now = this.clock.nowMs();
    if (!this.lastUsedWrites.due(tokenId, now)) return;
    void this.repository.touchApiToken(tokenId, new Date(now)).catch(() => undefined);
  }
}
