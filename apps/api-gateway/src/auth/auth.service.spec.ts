import type { Messaging } from '@app/messaging';
import { MetricsService } from '@app/observability';
import { ManualClock } from '@app/platform';
import type { ApiGatewayConfig } from '../app.config';
import { DuplicateKeyError } from '../common/duplicate-key';
import { ApiError } from '../http/api-error';
import type { AuthThrottles } from '../throttle/auth-throttles';
import { ThrottleMetrics } from '../throttle/throttle.metrics';
import type { SecondFactorGate } from '../two-factor/second-factor.gate';
import type { ApiTokenGrant, AuthRepository, SessionGrant } from './auth.repository';
import type { EmailVerificationService } from './email-verification.service';
import { AuthService } from './auth.service';
import { hashToken, newBearerToken } from './bearer-tokens';
import { hashPassword } from './passwords';

const ORG = '00000000-0000-4000-8000-00000000000a';
const OTHER_ORG = '00000000-0000-4000-8000-00000000000b';
const USER = '00000000-0000-4000-8000-000000000001';
const holder = { email: 'pioneer@example.com', emailVerifiedAt: new Date('2026-01-01T00:00:00Z'), disabledAt: null };

function setup() {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const repository = {
    emailTaken: jest.fn(async () => false),
    createAccount: jest.fn(async (_input: unknown): Promise<unknown> => ({ id: USER })),
    credentials: jest.fn(),
    createSession: jest.fn(async () => undefined),
    revokeSession: jest.fn(async () => undefined),
    apiToken: jest.fn<Promise<ApiTokenGrant | null>, [string]>(async () => null),
    touchApiToken: jest.fn(async () => undefined),
    touchSession: jest.fn(async (_id: string, _at: Date, _staleBefore: Date) => undefined),
    session: jest.fn<Promise<SessionGrant | null>, [string]>(async () => null),
    membership: jest.fn(async () => ({ orgId: ORG, role: 'operator' as const })),
    personalMembership: jest.fn(async () => ({ orgId: ORG, role: 'admin' as const })),
    ssoRequired: jest.fn(async (_orgId: string, _userId: string) => false),
    userWithOrganisations: jest.fn(),
  };
  const messaging = { publish: jest.fn(), subscribe: jest.fn() };
  const config = { SESSION_TTL_HOURS: 24, SESSION_IDLE_TIMEOUT_MINUTES: 60 } as ApiGatewayConfig;
  // The throttles' own behaviour (atomic, shared, in Redis) is attempt-counter.int-spec's and throttles.e2e-spec's.
  const throttles = {
    beforeSignIn: jest.fn(async () => undefined),
    signedIn: jest.fn(async () => undefined),
    beforeSignUp: jest.fn(async () => undefined),
  };
  const metrics = new ThrottleMetrics(new MetricsService({ service: 'api-gateway' }));
  // The verification mail itself is account-mail.e2e-spec's: here only that a new account asks for it.
  const verification = { startFor: jest.fn() };
  const secondFactor = { stepFor: jest.fn(async (_userId: string): Promise<unknown> => null) };
  const service = new AuthService(
    repository as unknown as AuthRepository,
    messaging as unknown as Messaging,
    throttles as unknown as AuthThrottles,
    metrics,
    clock,
    verification as unknown as EmailVerificationService,
    config,
    secondFactor as unknown as SecondFactorGate,
  );
  return { service, repository, messaging, clock, throttles, metrics, verification, secondFactor };
}

const apiToken = (over: Partial<ApiTokenGrant> = {}): ApiTokenGrant => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  orgId: ORG,
  userId: USER,
  scopes: ['servers:read'],
  expiresAt: null,
  revokedAt: null,
  user: holder,
  ...over,
});

describe('AuthService accounts and sign-in', () => {
  it('answers a new and an existing e-mail alike (accepted), hashing the password in both; the account stays', async () => {
    const { service, repository, throttles, verification } = setup();
    const meta = { ip: '203.0.113.1' };
    const input = { email: 'Pioneer@Example.com', password: 'correct horse battery', name: 'P' };
    expect(await service.register(input, meta)).toEqual({ status: 'accepted' });
    expect(repository.createAccount).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'pioneer@example.com', passwordHash: expect.stringMatching(/^\$argon2id\$/) }),
    );
    repository.emailTaken.mockResolvedValueOnce(true);
    expect(await service.register(input, meta)).toEqual({ status: 'accepted' });
    expect(repository.createAccount).toHaveBeenCalledTimes(1);
    // A concurrent sign-up of the same e-mail won the unique key: the same answer.
    repository.createAccount.mockRejectedValueOnce(new DuplicateKeyError(new Error('P2002')));
    expect(await service.register(input, meta)).toEqual({ status: 'accepted' });
    expect(throttles.beforeSignUp).toHaveBeenCalledTimes(3);
    expect(throttles.beforeSignUp).toHaveBeenCalledWith('203.0.113.1');
    expect(repository.createSession).not.toHaveBeenCalled();
    // Only the account created now gets a verification mail; the existing one gets nothing.
    expect(verification.startFor).toHaveBeenCalledTimes(1);
    expect(verification.startFor).toHaveBeenCalledWith(USER);
  });

  it('a refused sign-up (429) hashes nothing and writes nothing', async () => {
    const { service, repository, throttles } = setup();
    throttles.beforeSignUp.mockRejectedValueOnce(
      new ApiError('TooManyRequests', 'too many sign-ups from this address'),
    );
    await expect(
      service.register({ email: 'a@example.com', password: 'correct horse battery', name: 'A' }, { ip: 'x' }),
    ).rejects.toMatchObject({ status: 429 });
    expect(repository.emailTaken).not.toHaveBeenCalled();
    expect(repository.createAccount).not.toHaveBeenCalled();
  });

  it('signs in with a session that expires SESSION_TTL_HOURS after now, storing only the token hash', async () => {
    const { service, repository } = setup();
    repository.credentials.mockResolvedValue({
      id: USER,
      passwordHash: await hashPassword('right password'),
      disabledAt: null,
    });
    const session = (await service.login(
      { email: 'pioneer@example.com', password: 'right password' },
      { ip: '203.0.113.1' },
    )) as { token: string; expires_at: string };
    expect(session.expires_at).toBe('2026-03-02T10:00:00.000Z');
    expect(repository.createSession).toHaveBeenCalledWith(
      expect.objectContaining({
        userId: USER,
        tokenHash: hashToken(session.token),
        expiresAt: new Date('2026-03-02T10:00:00Z'),
      }),
    );
  });

  it('a right password of a user with a second factor answers the second step: no session, failures kept', async () => {
    const { service, repository, throttles, secondFactor } = setup();
    repository.credentials.mockResolvedValue({
      id: USER,
      passwordHash: await hashPassword('right password'),
      disabledAt: null,
    });
    const step = { second_factor_required: true, challenge: 'c', methods: ['totp'], expires_at: 'x' };
    secondFactor.stepFor.mockResolvedValue(step);
    const answer = await service.login(
      { email: 'pioneer@example.com', password: 'right password' },
      { ip: '203.0.113.1' },
    );
    expect(answer).toBe(step);
    expect(secondFactor.stepFor).toHaveBeenCalledWith(USER);
    expect(repository.createSession).not.toHaveBeenCalled();
    expect(throttles.signedIn).not.toHaveBeenCalled();
  });

  it('counts the attempt before the password is checked: a refused one never reaches argon2', async () => {
    const { service, repository, throttles, metrics } = setup();
    repository.credentials.mockResolvedValue({
      id: USER,
      passwordHash: await hashPassword('right password'),
      disabledAt: null,
    });
    const meta = { ip: '203.0.113.9' };
    await expect(service.login({ email: 'Pioneer@example.com', password: 'wrong' }, meta)).rejects.toMatchObject({
      status: 401,
      code: 'Unauthenticated',
    });
    expect(throttles.beforeSignIn).toHaveBeenCalledWith('pioneer@example.com', '203.0.113.9');
    expect(throttles.signedIn).not.toHaveBeenCalled();
    throttles.beforeSignIn.mockRejectedValueOnce(
      new ApiError('TooManyRequests', 'too many failed sign-in attempts', 'Wait.', { retry_after_seconds: 720 }),
    );
    const refused = await service
      .login({ email: 'pioneer@example.com', password: 'right password' }, meta)
      .catch((e: unknown) => e as ApiError);
    expect(refused).toMatchObject({ status: 429, code: 'TooManyRequests', retryAfterSeconds: 720 });
    expect(repository.credentials).toHaveBeenCalledTimes(1);
    expect((await metrics.passwordVerifications.get()).values.map((v) => [v.labels.outcome, v.value])).toEqual([
      ['mismatch', 1],
    ]);
    expect(await service.login({ email: 'pioneer@example.com', password: 'right password' }, meta)).toMatchObject({
      token: expect.stringMatching(/^gsm_/),
    });
    expect(throttles.signedIn).toHaveBeenCalledWith('pioneer@example.com', '203.0.113.9');
  });

  it('refuses a disabled account like a wrong password', async () => {
    const { service, repository } = setup();
    repository.credentials.mockResolvedValue({
      id: USER,
      passwordHash: await hashPassword('pw-pw-pw-pw'),
      disabledAt: new Date(),
    });
    await expect(service.login({ email: 'a@example.com', password: 'pw-pw-pw-pw' }, { ip: 'x' })).rejects.toMatchObject(
      {
        status: 401,
      },
    );
  });
});

describe('AuthService bearer tokens', () => {
  it('resolves an API token into its organisation, role and scopes', async () => {
    const { service, repository } = setup();
    const { token } = newBearerToken('api');
    repository.apiToken.mockResolvedValue(apiToken());
    const principal = await service.authenticate(token, undefined);
    expect(principal).toMatchObject({
      kind: 'api',
      orgId: ORG,
      role: 'operator',
      scopes: ['servers:read'],
      sessionId: null,
    });
    expect(repository.apiToken).toHaveBeenCalledWith(hashToken(token));
  });

  it('refuses a revoked API token (401)', async () => {
    const { service, repository } = setup();
    repository.apiToken.mockResolvedValue(apiToken({ revokedAt: new Date('2026-02-01T00:00:00Z') }));
    await expect(service.authenticate(newBearerToken('api').token, undefined)).rejects.toMatchObject({
      status: 401,
      code: 'Unauthenticated',
    });
  });

  it('refuses an API token from the moment it expires (by the clock)', async () => {
    const { service, repository, clock } = setup();
    const { token } = newBearerToken('api');
    repository.apiToken.mockResolvedValue(apiToken({ expiresAt: new Date('2026-03-01T10:00:05Z') }));
    await expect(service.authenticate(token, undefined)).resolves.toMatchObject({ kind: 'api' });
    // Past both the expiry and the 10 s cache.
    clock.advance(11_000);
    await expect(service.authenticate(token, undefined)).rejects.toMatchObject({ status: 401 });
  });

  it('an API token acts only in its own organisation (403), and not without the membership (401)', async () => {
    const { service, repository } = setup();
    repository.apiToken.mockResolvedValue(apiToken());
    await expect(service.authenticate(newBearerToken('api').token, OTHER_ORG)).rejects.toMatchObject({ status: 403 });
    repository.membership.mockResolvedValueOnce(null as never);
    await expect(service.authenticate(newBearerToken('api').token, undefined)).rejects.toMatchObject({ status: 401 });
  });

  it('a revocation drops the cached principal at once: the next request is checked again and refused', async () => {
    const { service, repository, messaging } = setup();
    const { token } = newBearerToken('api');
    repository.apiToken.mockResolvedValue(apiToken());
    await service.authenticate(token, undefined);
    await service.authenticate(token, undefined);
    expect(repository.apiToken).toHaveBeenCalledTimes(1);
    repository.apiToken.mockResolvedValue(apiToken({ revokedAt: new Date() }));
    service.revoked(hashToken(token));
    await expect(service.authenticate(token, undefined)).rejects.toMatchObject({ status: 401 });
    expect(messaging.publish).toHaveBeenCalledWith(expect.objectContaining({}), {
      tokenHash: hashToken(token),
      occurredAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it('records an API token last use at most once a minute', async () => {
    const { service, repository, clock } = setup();
    repository.apiToken.mockResolvedValue(apiToken());
    for (let i = 0; i < 3; i++) {
      await service.authenticate(newBearerToken('api').token, undefined);
      clock.advance(20_000);
    }
    expect(repository.touchApiToken).toHaveBeenCalledTimes(1);
    await service.authenticate(newBearerToken('api').token, undefined);
    expect(repository.touchApiToken).toHaveBeenCalledTimes(2);
  });

  const session = (over: Partial<SessionGrant> = {}): SessionGrant => ({
    id: 'sess-1',
    userId: USER,
    createdAt: new Date('2026-03-01T09:30:00Z'),
    lastUsedAt: null,
    expiresAt: new Date('2026-03-02T10:00:00Z'),
    revokedAt: null,
    user: holder,
    ...over,
  });

  it('a session acts in the personal organisation, or in X-Org-Id when a member (404 otherwise)', async () => {
    const { service, repository } = setup();
    repository.session.mockResolvedValue(session());
    await expect(service.authenticate(newBearerToken('session').token, undefined)).resolves.toMatchObject({
      kind: 'session',
      orgId: ORG,
      role: 'admin',
      sessionId: 'sess-1',
    });
    repository.membership.mockResolvedValueOnce(null as never);
    await expect(service.authenticate(newBearerToken('session').token, OTHER_ORG)).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.authenticate(newBearerToken('session').token, 'not-a-uuid')).rejects.toMatchObject({
      status: 404,
    });
  });

  it("a password session cannot act in an organisation that requires SSO (403 SsoRequired); that SSO's session can", async () => {
    const { service, repository } = setup();
    repository.ssoRequired.mockImplementation(async (orgId) => orgId === OTHER_ORG);
    repository.membership.mockResolvedValue({ orgId: OTHER_ORG, role: 'operator' });
    repository.session.mockResolvedValue(session());
    await expect(service.authenticate(newBearerToken('session').token, OTHER_ORG)).rejects.toMatchObject({
      status: 403,
      code: 'SsoRequired',
    });
    await expect(service.authenticate(newBearerToken('session').token, undefined)).resolves.toMatchObject({
      orgId: ORG,
    });
    repository.session.mockResolvedValue(session({ ssoOrgId: OTHER_ORG }));
    await expect(service.authenticate(newBearerToken('session').token, OTHER_ORG)).resolves.toMatchObject({
      orgId: OTHER_ORG,
    });
  });

  it('refuses an expired or signed-out session (401)', async () => {
    const { service, repository, clock } = setup();
    repository.session.mockResolvedValue(session({ expiresAt: new Date('2026-03-01T10:00:00Z') }));
    await expect(service.authenticate(newBearerToken('session').token, undefined)).rejects.toMatchObject({
      status: 401,
    });
    repository.session.mockResolvedValue(session({ revokedAt: clock.now() }));
    await expect(service.authenticate(newBearerToken('session').token, undefined)).rejects.toMatchObject({
      status: 401,
    });
  });

  it('refuses a session idle for SESSION_IDLE_TIMEOUT_MINUTES (401), counting from its last recorded use', async () => {
    const { service, repository, clock } = setup();
    // Signed in 30 min ago, never used since: alive for another 30 min, then refused.
    repository.session.mockResolvedValue(session());
    await expect(service.authenticate(newBearerToken('session').token, undefined)).resolves.toMatchObject({
      sessionId: 'sess-1',
    });
    repository.session.mockResolvedValue(session({ createdAt: new Date('2026-03-01T09:00:00Z') }));
    await expect(service.authenticate(newBearerToken('session').token, undefined)).rejects.toMatchObject({
      status: 401,
    });
    // Signed in long ago, used 59 min 55 s ago: alive (its deadline is 5 s away).
    const usedAt = new Date(clock.nowMs() - 59 * 60_000 - 55_000);
    repository.session.mockResolvedValue(session({ createdAt: new Date('2026-02-28T12:00:00Z'), lastUsedAt: usedAt }));
    const token = newBearerToken('session').token;
    await expect(service.authenticate(token, undefined)).resolves.toMatchObject({ sessionId: 'sess-1' });
    // The cached principal outlives the deadline by less than the cache's 10 s; then the session is looked up again.
    clock.advance(9_000);
    await expect(service.authenticate(token, undefined)).resolves.toMatchObject({ sessionId: 'sess-1' });
    clock.advance(2_000);
    await expect(service.authenticate(token, undefined)).rejects.toMatchObject({ status: 401 });
  });

  it('records a session use only when the stored one is a touch interval old, conditionally for every replica', async () => {
    const { service, repository, clock } = setup();
    repository.session.mockResolvedValue(session({ lastUsedAt: new Date(clock.nowMs() - 30_000) }));
    await service.authenticate(newBearerToken('session').token, undefined);
    expect(repository.touchSession).not.toHaveBeenCalled();
    repository.session.mockResolvedValue(session({ lastUsedAt: new Date(clock.nowMs() - 60_000) }));
    await service.authenticate(newBearerToken('session').token, undefined);
    expect(repository.touchSession).toHaveBeenCalledWith('sess-1', clock.now(), new Date(clock.nowMs() - 60_000));
  });

  it('refuses a token of another kind (share, invitation) without a lookup', async () => {
    const { service, repository } = setup();
    await expect(service.authenticate(newBearerToken('share').token, undefined)).rejects.toMatchObject({ status: 401 });
    expect(repository.apiToken).not.toHaveBeenCalled();
    expect(repository.session).not.toHaveBeenCalled();
  });

  it('sign-out revokes the session at the time of the clock', async () => {
    const { service, repository, clock } = setup();
    await service.logout({
      kind: 'session',
      userId: USER,
      email: holder.email,
      emailVerified: true,
      orgId: ORG,
      role: 'admin',
      scopes: null,
      sessionId: 'sess-1',
      tokenId: null,
      tokenHash: 'h',
    });
    expect(repository.revokeSession).toHaveBeenCalledWith('sess-1', clock.now());
  });
});
