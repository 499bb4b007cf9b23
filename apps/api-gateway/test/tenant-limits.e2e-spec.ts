import { setTimeout as sleep } from 'node:timers/promises';
import {
  connectTestMessaging,
  createTestDatabase,
  SimulatorProcess,
  sql,
  ServiceStack,
  type TestDatabase,
  signUpAndIn,
  joinByInvitation,
  knownInvitationToken,
  markEmailVerified,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 21).toString('base64');

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The simulated servers of this file (one fleet, one process). */
const PARALLEL = 20;
const RACE = 20;
const DIAGNOSED = 21;
const ROTATED = 22;

/**
 * Tenant limits attacked as a tenant would, over real HTTP: two api-gateway replicas (the second with stricter
 * probe limits), billing-limits, PostgreSQL, NATS and a simulator fleet on loopback. The plan's server limit under
 * a burst of parallel registrations and under a downgrade during a probe; the owner and the plan on member changes;
 * diagnose for Operators only; the probe throttle per user and organisation, shared by the replicas; and the
 * certificate pinned at registration on the diagnose and password-change paths.
 */
describe('tenant limits: plan, owner, roles, probe throttle and certificate pins (two replicas)', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  const bases: string[] = [];
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '4000' });
  const { prefix } = stack;
  const bodies: string[] = [];

  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; org?: string; replica?: number; accept?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.org) headers['X-Org-Id'] = options.org;
    if (options.accept) headers.Accept = options.accept;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${bases[options.replica ?? 0]}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    bodies.push(text);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, headers: res.headers, text, body };
  };

  let counter = 0;
  const signUp = async (email = `tenant${++counter}-${prefix}@example.com`) => {
    const signed = await signUpAndIn(bases[0]!, email, 'correct horse battery', `Tenant ${counter}`);
    const me = await call('GET', '/api/v1/me', { token: signed.token });
    return {
      token: signed.token,
      userId: signed.user.id,
      orgId: me.body.organisation_id,
      email,
    };
  };
  /** Makes `member` a member of `admin`'s organisation: invited, and accepted as the member (issue 22). */
  const join = (
    admin: { token: string },
    member: { token: string; email: string },
    role: 'admin' | 'operator' | 'viewer',
  ) => joinByInvitation({ baseUrl: bases[0]!, databaseUrl: db.url, admin, member, role });

  const setPlan = async (token: string, plan: string) => {
    const res = await call('PUT', '/api/v1/billing/subscription', { token, body: { plan, period: 'monthly' } });
    expect(res.status).toBe(200);
  };
  const serverBody = (i: number) => {
    const s = sim.servers[i]!;
    return {
      name: `Factory ${i}`,
      host: s.host,
      port: s.port,
      admin_password: s.admin_password,
      addon_http_port: s.addon_http_port,
      addon_ws_port: s.addon_ws_port,
    };
  };
  const register = async (token: string, i: number, replica = 0) => {
    const res = await call('POST', '/api/v1/servers', { token, body: serverBody(i), replica });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const expectError = (res: Answer, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(res.body.error.remedy).toEqual(expect.any(String));
  };
  const serversOf = async (orgId: string) =>
    Number(
      (await sql<{ n: number }>(db.url, 'SELECT count(*)::int AS n FROM servers WHERE org_id = $1', [orgId]))[0]!.n,
    );
  /** The throttle counts in fixed minutes: start a counting test with at least 25 s left in the current one. */
  const roomInWindow = async () => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 25_000) await sleep(left + 500);
  };

  beforeAll(async () => {
    db = stack.db = await createTestDatabase();
    sim = stack.sim = await SimulatorProcess.start(['--count', String(ROTATED + 1), '--seed', '21']);
    stack.messaging = await connectTestMessaging(prefix, 'test');
    await stack.start('billing-limits');
    bases.push(`http://127.0.0.1:${await stack.start('api-gateway')}`);
    bases.push(
      `http://127.0.0.1:${await stack.start('api-gateway', { PROBE_LIMIT_PER_USER: '6', PROBE_LIMIT_PER_ORG: '10' })}`,
    );
  }, 120_000);

  afterAll(() => stack.close());

  it('a Free user registering 20 healthy servers at once gets exactly one: 1×201, 19×403 PlanLimitReached', async () => {
    const user = await signUp();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call('POST', '/api/v1/servers', { token: user.token, body: serverBody(i) }),
      ),
    );
    const ms = Math.round(performance.now() - started);
    const statuses = answers.map((a) => a.status);
    console.log(`20 parallel registrations (Free plan): ${JSON.stringify(countBy(statuses))} in ${ms} ms`);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(PARALLEL - 1);
    for (const res of refused) {
      expectError(res, 403, 'PlanLimitReached');
      expect(res.body.error.details).toMatchObject({ plan: 'free', limit: 1, used: 1, upgrade_plan: 'hobby' });
    }
    expect(await serversOf(user.orgId)).toBe(1);
  }, 120_000);

  it('a downgrade while a registration probes: the registration is refused (403), never both', async () => {
    const user = await signUp();
    await setPlan(user.token, 'hobby');
    await register(user.token, DIAGNOSED);
    // The probe of the second server takes seconds (every game answer waits 700 ms).
    await sim.setFault(RACE, 'slow', { delayMs: 700, scope: 'game' });
    try {
      const res = await fetch(`${bases[0]}/api/v1/servers`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${user.token}`,
          'Content-Type': 'application/json',
          Accept: 'application/x-ndjson',
        },
        body: JSON.stringify(serverBody(RACE)),
      });
      // The NDJSON answer opens when the probe starts: the allowance (2 on Hobby, 1 used) was checked already.
      expect(res.status).toBe(200);
      const downgrade = await call('PUT', '/api/v1/billing/subscription', {
        token: user.token,
        body: { plan: 'free', period: 'monthly' },
      });
      expect(downgrade.status).toBe(200);
      const lines = (await res.text())
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { type: string; status?: number; error?: { code: string } });
      const last = lines.at(-1)!;
      expect(last).toMatchObject({ type: 'error', status: 403, error: { code: 'PlanLimitReached' } });
      expect(await serversOf(user.orgId)).toBe(1);
    } finally {
      await sim.clearFaults(RACE);
    }
  }, 60_000);

  it('the owner is neither demoted nor removed (409); roles are re-checked on role change and on accepting', async () => {
    const owner = await signUp();
    const other = await signUp();
    await setPlan(owner.token, 'team');
    await join(owner, other, 'admin');
    const asOther = { token: other.token, org: owner.orgId };
    const demote = await call('PATCH', `/api/v1/org/members/${owner.userId}`, { ...asOther, body: { role: 'viewer' } });
    expectError(demote, 409, 'Conflict');
    expect(demote.body.error.message).toBe('the owner of the organisation cannot be demoted');
    expectError(await call('DELETE', `/api/v1/org/members/${owner.userId}`, asOther), 409, 'Conflict');

    const email = `late-${prefix}@example.com`;
    const invited = await call('POST', '/api/v1/org/members', {
      token: owner.token,
      body: { email, role: 'operator' },
    });
    expect(invited.status).toBe(201);
    // Down to Pro: no roles any more. Neither a role change nor the pending invitation may add a seat with a role.
    await setPlan(owner.token, 'pro');
    const change = await call('PATCH', `/api/v1/org/members/${other.userId}`, {
      token: owner.token,
      body: { role: 'viewer' },
    });
    expectError(change, 403, 'PlanLimitReached');
    const late = await signUp(email);
    await markEmailVerified(db.url, email);
    const accepted = await call('POST', '/api/v1/invitations/accept', {
      token: late.token,
      body: { token: await knownInvitationToken(db.url, invited.body.invitation.id) },
    });
    expectError(accepted, 403, 'PlanLimitReached');
    const members = await call('GET', '/api/v1/org/members', { token: owner.token });
    expect(members.body.members.map((m: { role: string }) => m.role)).toEqual(['admin', 'admin']);
  }, 60_000);

  it('diagnose needs an Operator: a Viewer gets 403 and the server is not probed', async () => {
    const admin = await signUp();
    const viewer = await signUp();
    await setPlan(admin.token, 'team');
    const id = await register(admin.token, DIAGNOSED);
    await join(admin, viewer, 'viewer');
    const logins = await sim.passwordLogins(DIAGNOSED);
    const denied = await call('POST', `/api/v1/servers/${id}/diagnose`, { token: viewer.token, org: admin.orgId });
    expectError(denied, 403, 'Forbidden');
    expect(denied.body.error.details).toEqual({ required_role: 'operator', role: 'viewer' });
    expect(await sim.passwordLogins(DIAGNOSED)).toBe(logins);
    const ran = await call('POST', `/api/v1/servers/${id}/diagnose`, { token: admin.token });
    expect(ran.status).toBe(200);
    expect(ran.body.ok).toBe(true);
  }, 60_000);

  it('probes per user per minute: 35 parallel diagnoses after a registration -> 29×200, 6×429 with Retry-After', async () => {
    await roomInWindow();
    const user = await signUp();
    const id = await register(user.token, DIAGNOSED);
    const answers = await Promise.all(
      Array.from({ length: 35 }, () => call('POST', `/api/v1/servers/${id}/diagnose`, { token: user.token })),
    );
    const statuses = answers.map((a) => a.status);
    console.log(`35 parallel diagnoses (limit 30 probes/user/min, 1 used): ${JSON.stringify(countBy(statuses))}`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(29);
    const throttled = answers.filter((a) => a.status === 429);
    expect(throttled).toHaveLength(6);
    for (const res of throttled) {
      expectError(res, 429, 'TooManyRequests');
      const after = Number(res.headers.get('retry-after'));
      expect(after).toBeGreaterThanOrEqual(1);
      expect(after).toBeLessThanOrEqual(60);
      expect(res.body.error.details.retry_after_seconds).toBe(after);
      expect(res.body.error.message).toContain('more than 30 server probes');
    }
  }, 120_000);

  it('the counts are shared by the replicas, per user and per organisation', async () => {
    await roomInWindow();
    const owner = await signUp();
    const operator = await signUp();
    await setPlan(owner.token, 'team');
    const id = await register(owner.token, DIAGNOSED, 0);
    await join(owner, operator, 'operator');
    // Replica 0 (30 per user): the owner's registration and 4 diagnoses, 5 probes of the owner and the organisation.
    for (let i = 0; i < 4; i++)
      expect((await call('POST', `/api/v1/servers/${id}/diagnose`, { token: owner.token })).status).toBe(200);
    // Replica 1 (6 per user, 10 per organisation) sees those: one more for the owner, then 429.
    expect((await call('POST', `/api/v1/servers/${id}/diagnose`, { token: owner.token, replica: 1 })).status).toBe(200);
    const user = await call('POST', `/api/v1/servers/${id}/diagnose`, { token: owner.token, replica: 1 });
    expectError(user, 429, 'TooManyRequests');
    expect(user.body.error.message).toContain('you started more than 6');
    // The organisation has 6 of its 10: the operator gets 4, then the organisation's limit answers.
    const asOperator = { token: operator.token, org: owner.orgId, replica: 1 };
    for (let i = 0; i < 4; i++)
      expect((await call('POST', `/api/v1/servers/${id}/diagnose`, asOperator)).status).toBe(200);
    const org = await call('POST', `/api/v1/servers/${id}/diagnose`, asOperator);
    expectError(org, 429, 'TooManyRequests');
    expect(org.body.error.message).toContain('this organisation started more than 10');
    expect(Number(org.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('a changed certificate is its own diagnostic step, and neither diagnose nor a password change sends a password', async () => {
    const user = await signUp();
    const id = await register(user.token, ROTATED);
    const pinned = (
      await sql<{ f: string }>(db.url, 'SELECT cert_fingerprint AS f FROM servers WHERE id = $1', [id])
    )[0]!.f;
    expect(pinned).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const before = await call('POST', `/api/v1/servers/${id}/diagnose`, { token: user.token });
    expect(before.body.ok).toBe(true);
    expect(before.body.steps.map((s: { step: string }) => s.step)).toEqual([
      'reachable',
      'certificate',
      'health_check',
      'password_login',
      'addon',
    ]);

    const rotated = await sim.rotateCertificate(ROTATED);
    expect(rotated).not.toBe(pinned);
    const logins = await sim.passwordLogins(ROTATED);
    const diagnosis = await call('POST', `/api/v1/servers/${id}/diagnose`, { token: user.token });
    expect(diagnosis.status).toBe(200);
    expect(diagnosis.body.ok).toBe(false);
    expect(diagnosis.body.steps.map((s: { step: string; ok: boolean }) => [s.step, s.ok])).toEqual([
      ['reachable', true],
      ['certificate', false],
    ]);
    expect(diagnosis.body.failure).toMatchObject({
      code: 'ServerUnreachableException',
      step: 'certificate',
      reason: 'fingerprint_mismatch',
    });
    expect(diagnosis.body.failure.observed).toContain('is not the one seen at registration');
    expect(diagnosis.body.failure.remedy).toContain('certificate changed since it was registered');

    const newPassword = `new-password-${prefix}`;
    const change = await call('PATCH', `/api/v1/servers/${id}`, {
      token: user.token,
      body: { admin_password: newPassword },
    });
    expectError(change, 502, 'ServerUnreachableException');
    expect(change.body.error.message).toContain("the server's certificate changed since registration");
    expect(change.body.error.details).toEqual({ step: 'certificate', reason: 'fingerprint_mismatch' });
    // The simulator counted no PasswordLogin: neither the stored password nor the new one reached it.
    expect(await sim.passwordLogins(ROTATED)).toBe(logins);
    expect(bodies.join('\n')).not.toContain(newPassword);
    expect(bodies.join('\n')).not.toContain(sim.servers[ROTATED]!.admin_password);
  }, 60_000);
});

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
