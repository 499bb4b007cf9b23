import { Subjects } from '@app/contracts';
import { PrismaService } from '@app/database';
import { Messaging } from '@app/messaging';
import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { hashToken, kindOf, newBearerToken } from './bearer-tokens';
import { LoginThrottle } from './login-throttle';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';
import type { Principal, Role, Scope } from './principal';
import { isUuid } from '../http/ids';
import { PromiseCache } from '../common/promise-cache';
import { OncePer } from '../common/once-per';

const CACHE_MS = 10_000;

const invalidToken = () =>
  new ApiError(
    'Unauthenticated',
    'the bearer token is invalid, expired or revoked',
    'Sign in again (POST /api/v1/auth/login) or create a new API token.',
  );

/** Accounts, dashboard sessions and the resolution of a bearer token into a {@link Principal}. */
@Injectable()
export class AuthService implements OnModuleInit {
  private readonly throttle: LoginThrottle;
  /** `<token hash>|<X-Org-Id>` -> principal: a request costs no query while its entry is fresh. */
  private readonly cache = new PromiseCache<Principal>(CACHE_MS, 50_000);
  private readonly lastUsedWrites = new OncePer(60_000);

  constructor(
    private readonly prisma: PrismaService,
    private readonly messaging: Messaging,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {
    this.throttle = new LoginThrottle(config.LOGIN_MAX_FAILURES);
  }

  async register(input: { email: string; password: string; name: string }, meta: { ip: string; userAgent?: string }) {
    const email = input.email.toLowerCase();
    if (await this.prisma.user.findUnique({ where: { email }, select: { id: true } }))
      throw new ApiError(
        'Conflict',
        'an account with this e-mail already exists',
        'Sign in instead, or use another e-mail.',
      );
    const passwordHash = await hashPassword(input.password);
    const user = await this.prisma
      .$transaction(async (tx) => {
        const created = await tx.user.create({ data: { email, name: input.name, passwordHash } });
        const org = await tx.organisation.create({
          data: { name: `${input.name}'s organisation`, personal: true, ownerUserId: created.id },
        });
        await tx.membership.create({ data: { orgId: org.id, userId: created.id, role: 'admin' } });
        return created;
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === 'P2002')
          throw new ApiError('Conflict', 'an account with this e-mail already exists', 'Sign in instead.');
        throw error;
      });
    const session = await this.createSession(user.id, meta);
    return { user: { id: user.id, email: user.email, name: user.name, created_at: user.createdAt }, ...session };
  }

  async login(input: { email: string; password: string }, meta: { ip: string; userAgent?: string }) {
    const email = input.email.toLowerCase();
    const keys = [`ip:${meta.ip}`, `email:${email}`];
    const wait = this.throttle.retryAfter(keys);
    if (wait > 0)
      throw new ApiError(
        'TooManyRequests',
        'too many failed sign-in attempts',
        `Wait ${wait} s before trying again, or reset your password.`,
        { retry_after_seconds: wait },
      );
    const user = await this.prisma.user.findUnique({ where: { email } });
    // An unknown e-mail costs the same hashing time as a wrong password: no account enumeration by timing.
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !ok || user.disabledAt) {
      this.throttle.fail(keys);
      throw new ApiError('Unauthenticated', 'the e-mail or the password is wrong', 'Check both and try again.');
    }
    this.throttle.succeed(`email:${email}`);
    return this.createSession(user.id, meta);
  }

  private async createSession(userId: string, meta: { ip: string; userAgent?: string }) {
    const { token, hash } = newBearerToken('session');
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3_600_000);
    await this.prisma.session.create({
      data: { userId, tokenHash: hash, expiresAt, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) },
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
    if (principal.sessionId)
      await this.prisma.session.update({ where: { id: principal.sessionId }, data: { revokedAt: new Date() } });
    this.revoked(principal.tokenHash);
  }

  /** Drops a revoked token's cached principals here and in every other replica. */
  revoked(tokenHash: string): void {
    this.cache.deletePrefix(`${tokenHash}|`);
    try {
      this.messaging.publish(Subjects.credentialRevoked, { tokenHash, occurredAt: new Date().toISOString() });
    } catch {
      // NATS away: other replicas drop it when their entry expires (10 s).
    }
  }

  /** Resolves a bearer token and the requested organisation; throws 401 (or 403/404 for the organisation). */
  authenticate(token: string, orgHeader: string | undefined): Promise<Principal> {
    const hash = hashToken(token);
    return this.cache.get(`${hash}|${orgHeader ?? ''}`, () => this.resolve(token, hash, orgHeader));
  }

  private async resolve(token: string, hash: string, orgHeader: string | undefined): Promise<Principal> {
    const kind = kindOf(token);
    if (!kind) throw invalidToken();
    const now = new Date();
    if (kind === 'api') {
      const row = await this.prisma.apiToken.findUnique({ where: { tokenHash: hash }, include: { user: true } });
      if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now) || row.user.disabledAt) throw invalidToken();
      if (orgHeader && orgHeader !== row.orgId)
        throw new ApiError('Forbidden', 'an API token acts only in its own organisation', 'Drop the X-Org-Id header.');
      const membership = await this.prisma.membership.findUnique({
        where: { orgId_userId: { orgId: row.orgId, userId: row.userId } },
      });
      if (!membership) throw invalidToken();
      this.touchToken(row.id);
      return {
        kind: 'api',
        userId: row.userId,
        email: row.user.email,
        orgId: row.orgId,
        role: membership.role as Role,
        scopes: row.scopes as Scope[],
        sessionId: null,
        tokenId: row.id,
        tokenHash: hash,
      };
    }
    const session = await this.prisma.session.findUnique({ where: { tokenHash: hash }, include: { user: true } });
    if (!session || session.revokedAt || session.expiresAt <= now || session.user.disabledAt) throw invalidToken();
    let membership;
    if (orgHeader) {
      if (!isUuid(orgHeader)) throw ApiError.notFound('organisation');
      membership = await this.prisma.membership.findUnique({
        where: { orgId_userId: { orgId: orgHeader, userId: session.userId } },
      });
      if (!membership) throw ApiError.notFound('organisation');
    } else {
      membership = await this.prisma.membership.findFirst({
        where: { userId: session.userId, organisation: { personal: true, ownerUserId: session.userId } },
      });
      if (!membership) throw invalidToken();
    }
    return {
      kind: 'session',
      userId: session.userId,
      email: session.user.email,
      orgId: membership.orgId,
      role: membership.role as Role,
      scopes: null,
      sessionId: session.id,
      tokenId: null,
      tokenHash: hash,
    };
  }

  /** Records an API token's last use, at most once a minute per token (not a write per request). */
  private touchToken(tokenId: string): void {
    const now = Date.now();
    if (!this.lastUsedWrites.due(tokenId, now)) return;
    void this.prisma.apiToken
      .update({ where: { id: tokenId }, data: { lastUsedAt: new Date(now) } })
      .catch(() => undefined);
  }

  async me(principal: Principal) {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: principal.userId },
      include: { memberships: { include: { organisation: true } } },
    });
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      created_at: user.createdAt,
      organisations: user.memberships.map((m) => ({
        id: m.orgId,
        name: m.organisation.name,
        personal: m.organisation.personal,
        role: m.role,
      })),
    };
  }
}
