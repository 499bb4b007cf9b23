import { newBearerToken } from '@app/secrets';
import { connectTestMessaging, createTestDatabase, ServiceStack, signUpAndIn, sql } from '@app/testing';
import { Secret, TOTP } from 'otpauth';

const SECRETS_KEY = Buffer.alloc(32, 22).toString('base64');
const PASSWORD = 'correct horse battery';

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  retryAfter?: string | null;
}

/** What an authenticator app shows for `secret` at `atMs` (RFC 6238: SHA-1, 30 s, 6 digits). */
const codeAt = (secret: string, atMs: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: atMs,
  });

/** Waits out the last seconds of a 30 s step, so the codes a test computes now are still valid when they arrive. */
async function awayFromStepEdge(): Promise<number> {
  const into = Date.now() % 30_000;
  if (into > 26_000) await new Promise((r) => setTimeout(r, 30_500 - into));
  return Date.now();
}

/**
 * Two factors over real HTTP against the api-gateway (and billing-limits for the plan gate) on a real database:
 * an authenticator app enrolled with the secret the API answers and codes computed with otpauth at the right time,
 * the second step of a sign-in (wrong, replayed, expired, too many attempts), recovery codes, and the organisation
 * policy "two factors required" (plan gate, enforcement, joining). Passkeys: apps/web/test/security.e2e-spec.ts.
 */
describe('two factors: TOTP, recovery codes, the second sign-in step and the organisation policy', () => {
  const stack = new ServiceStack({
    SECRETS_KEY,
    // Every request of this file comes from 127.0.0.1: the per-address limits must not be what a test meets.
    LOGIN_MAX_FAILURES: '20',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
    REGISTER_MAX_PER_HOUR: '10000',
  });
  let base = '';
  /** A second api-gateway replica: the factor-code counter is shared through Redis. */
  let replica2 = '';
  let n = 0;
  const responses: string[] = [];

  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; org?: string; replica?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.org) headers['X-Org-Id'] = options.org;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${options.replica ?? base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    responses.push(text);
    return {
      status: res.status,
      text,
      body: text ? JSON.parse(text) : null,
      retryAfter: res.headers.get('retry-after'),
    };
  };

  /** A new verified account, signed in. */
  const account = async (name: string) => {
    const email = `${name}-${++n}-${stack.prefix}@example.com`.toLowerCase();
    const signed = await signUpAndIn(base, email, PASSWORD, name);
    await sql(stack.db!.url, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [signed.user.id]);
    return { email, id: signed.user.id, token: signed.token };
  };

  /** Enrols an authenticator app: the secret from the API, confirmed with the code of the previous step. */
  const enrol = async (token: string) => {
    const start = await call('POST', '/api/v1/me/two-factor/totp', { token });
    expect(start.status).toBe(201);
    const now = await awayFromStepEdge();
    const confirmed = await call('POST', '/api/v1/me/two-factor/totp/confirm', {
      token,
      body: { code: codeAt(start.body.secret, now - 30_000) },
    });
    expect(confirmed.status).toBe(200);
    return { secret: start.body.secret as string, recoveryCodes: confirmed.body.recovery_codes as string[] };
  };

  const login = (email: string) => call('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } });

  const auditActions = async (token: string): Promise<string[]> => {
    const log = await call('GET', '/api/v1/audit?limit=100', { token });
    expect(log.status).toBe(200);
    return (log.body.entries ?? log.body.items ?? log.body).map((e: { action: string }) => e.action);
  };

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    await stack.start('billing-limits');
    base = `http://127.0.0.1:${await stack.start('api-gateway')}`;
    replica2 = `http://127.0.0.1:${await stack.start('api-gateway')}`;
  }, 120_000);

  afterAll(async () => {
    await stack.close();
  });

  it('a user without a second factor signs in exactly as before: a session, nothing else', async () => {
    const user = await account('plain');
    const res = await login(user.email);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'token']);
  });

  it('enrols an authenticator app: secret, otpauth URI and QR; a wrong code is refused; ten recovery codes once', async () => {
    const user = await account('enrol');
    const start = await call('POST', '/api/v1/me/two-factor/totp', { token: user.token });
    expect(start.status).toBe(201);
    const { secret, otpauth_uri: uri, qr_code: qr } = start.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(uri)).toContain(user.email);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // Stored sealed: the database never holds the secret in the clear.
    const [row] = await sql<{ secret_enc: Buffer; confirmed_at: Date | null }>(
      stack.db!.url,
      'SELECT secret_enc, confirmed_at FROM totp_factors WHERE user_id = $1',
      [user.id],
    );
    expect(row!.confirmed_at).toBeNull();
    expect(row!.secret_enc.toString('latin1')).not.toContain(secret);
    // Pending: not a second factor yet, the sign-in is unchanged.
    expect((await login(user.email)).body.token).toBeDefined();
    expect((await call('GET', '/api/v1/me/two-factor', { token: user.token })).body).toMatchObject({
      totp_enabled: false,
      totp_pending: true,
    });

    const now = await awayFromStepEdge();
    const wrong = await call('POST', '/api/v1/me/two-factor/totp/confirm', {
      token: user.token,
      body: { code: codeAt(secret, now + 120_000) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('ValidationFailed');
    const ok = await call('POST', '/api/v1/me/two-factor/totp/confirm', {
      token: user.token,
      body: { code: codeAt(secret, now) },
    });
    expect(ok.status).toBe(200);
    const codes: string[] = ok.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await sql<{ code_hash: string }>(
      stack.db!.url,
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [user.id],
    );
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(codes).not.toContain(code_hash);
    expect(
      (await call('POST', '/api/v1/me/two-factor/totp/confirm', { token: user.token, body: { code: '123456' } }))
        .status,
    ).toBe(409);
    const status = await call('GET', '/api/v1/me/two-factor', { token: user.token });
    expect(status.body).toMatchObject({ totp_enabled: true, totp_pending: false, recovery_codes_remaining: 10 });
    expect(status.text).not.toContain(secret);
    expect(await auditActions(user.token)).toContain('two_factor.totp_enabled');
  });

  it('the sign-in needs the second factor: no session after the password; a wrong code refused; a code works once', async () => {
    const user = await account('signin');
    const { secret } = await enrol(user.token);
    const first = await login(user.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    expect(first.body.token).toBeUndefined();
    expect(first.body.passkey_options).toBeNull();
    const challenge: string = first.body.challenge;

    const now = await awayFromStepEdge();
    const wrong = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge, totp: codeAt(secret, now + 300_000) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.details.attempts_left).toBe(4);
    const code = codeAt(secret, now);
    const ok = await call('POST', '/api/v1/auth/login/second-factor', { body: { challenge, totp: code } });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['expires_at', 'token']);
    expect((await call('GET', '/api/v1/me', { token: ok.body.token })).status).toBe(200);
    // The challenge is used up, and the same code does not work again (a new challenge, a replayed code).
    expect((await call('POST', '/api/v1/auth/login/second-factor', { body: { challenge, totp: code } })).status).toBe(
      401,
    );
    const again = (await login(user.email)).body.challenge;
    const replay = await call('POST', '/api/v1/auth/login/second-factor', { body: { challenge: again, totp: code } });
    expect(replay.status).toBe(401);
    // An earlier code than the one used is refused too; the next step's code works.
    expect(
      (
        await call('POST', '/api/v1/auth/login/second-factor', {
          body: { challenge: again, totp: codeAt(secret, now - 30_000) },
        })
      ).status,
    ).toBe(401);
    const next = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge: again, totp: codeAt(secret, now + 30_000) },
    });
    expect(next.status).toBe(200);
    expect(await auditActions(ok.body.token)).toContain('sign_in.second_factor');
  });

  it('a recovery code signs in once; regenerating needs a code and retires the old ones', async () => {
    const user = await account('recovery');
    const { secret, recoveryCodes } = await enrol(user.token);
    const [code, other] = recoveryCodes;
    const challenge = (await login(user.email)).body.challenge;
    const ok = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge, recovery_code: code!.toUpperCase() },
    });
    expect(ok.status).toBe(200);
    const reuse = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge: (await login(user.email)).body.challenge, recovery_code: code },
    });
    expect(reuse.status).toBe(401);
    expect((await call('GET', '/api/v1/me/two-factor', { token: user.token })).body.recovery_codes_remaining).toBe(9);

    expect(
      (await call('POST', '/api/v1/me/two-factor/recovery-codes', { token: user.token, body: { code: '000000' } }))
        .status,
    ).toBe(400);
    const now = await awayFromStepEdge();
    const fresh = await call('POST', '/api/v1/me/two-factor/recovery-codes', {
      token: user.token,
      body: { code: codeAt(secret, now) },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    const old = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge: (await login(user.email)).body.challenge, recovery_code: other },
    });
    expect(old.status).toBe(401);
    const actions = await auditActions(user.token);
    expect(actions).toEqual(
      expect.arrayContaining(['two_factor.recovery_code_used', 'two_factor.recovery_codes_regenerated']),
    );
    // Neither the codes nor the secret appear in any audit entry.
    const log = (await call('GET', '/api/v1/audit?limit=100', { token: user.token })).text;
    for (const secretText of [secret, code!, ...fresh.body.recovery_codes]) expect(log).not.toContain(secretText);
  });

  it('a challenge dies after five wrong answers and when it expires; a made-up one means nothing', async () => {
    const user = await account('attempts');
    const { secret } = await enrol(user.token);
    const challenge = (await login(user.email)).body.challenge;
    for (let i = 4; i >= 0; i--) {
      const wrong = await call('POST', '/api/v1/auth/login/second-factor', {
        body: { challenge, recovery_code: `wrong-${i}` },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.details.attempts_left).toBe(i);
    }
    const now = await awayFromStepEdge();
    const dead = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge, totp: codeAt(secret, now) },
    });
    expect(dead.status).toBe(401);
    expect(dead.body.error.message).toMatch(/invalid, expired or used up/);

    const expiring = (await login(user.email)).body.challenge;
    await sql(stack.db!.url, "UPDATE sign_in_challenges SET expires_at = now() - interval '1 second'", []);
    const late = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge: expiring, totp: codeAt(secret, now) },
    });
    expect(late.status).toBe(401);
    const made = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge: 'made-up', totp: codeAt(secret, now) },
    });
    expect(made.status).toBe(401);
    const both = await call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge: 'x', totp: '123456', recovery_code: 'abcde-fghjk' },
    });
    expect(both.status).toBe(400);
  });

  it('turning the authenticator off needs the password or a code; then the sign-in is one step again', async () => {
    const user = await account('disable');
    await enrol(user.token);
    const wrong = await call('DELETE', '/api/v1/me/two-factor/totp', {
      token: user.token,
      body: { password: 'not my password' },
    });
    expect(wrong.status).toBe(403);
    expect((await call('DELETE', '/api/v1/me/two-factor/totp', { token: user.token, body: {} })).status).toBe(400);
    const ok = await call('DELETE', '/api/v1/me/two-factor/totp', { token: user.token, body: { password: PASSWORD } });
    expect(ok.status).toBe(204);
    expect((await login(user.email)).body.token).toBeDefined();
    expect(await auditActions(user.token)).toContain('two_factor.totp_disabled');
  });

  it('codes to turn the app off or regenerate recovery codes have their own counter (5 per 15 min, both replicas): 429 with Retry-After, even for a right code', async () => {
    const user = await account('guesser');
    const { secret } = await enrol(user.token);
    // A parallel burst of wrong codes over both replicas: exactly five are checked, the rest refused unchecked.
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('DELETE', '/api/v1/me/two-factor/totp', {
          token: user.token,
          body: { code: '000000' },
          replica: i % 2 ? replica2 : base,
        }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([403, 403, 403, 403, 403, 429, 429, 429]);
    const now = await awayFromStepEdge();
    for (const [method, path, replica] of [
      ['DELETE', '/api/v1/me/two-factor/totp', base],
      ['POST', '/api/v1/me/two-factor/recovery-codes', replica2],
    ] as const) {
      const refused = await call(method, path, { token: user.token, body: { code: codeAt(secret, now) }, replica });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({
        code: 'TooManyRequests',
        message: 'too many wrong codes for the authenticator app',
      });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(15 * 60);
      expect(refused.body.error.remedy).toMatch(/^Wait \d+ s/);
    }
    // Still on: the sign-in asks for the second step; another user is not affected.
    expect((await login(user.email)).body.challenge).toBeDefined();
    const bystander = await account('bystander');
    await enrol(bystander.token);
    const ok = await call('DELETE', '/api/v1/me/two-factor/totp', {
      token: bystander.token,
      body: { password: PASSWORD },
      replica: replica2,
    });
    expect(ok.status).toBe(204);
  });

  it('the organisation policy: Team and up, enforced for members without a second factor, and at joining', async () => {
    const admin = await account('admin');
    const member = await account('member');
    const [org] = await sql<{ id: string }>(
      stack.db!.url,
      'SELECT id FROM organisations WHERE owner_user_id = $1 AND personal',
      [admin.id],
    );
    const orgId = org!.id;
    // The plan gate: below Team, 403 naming the plan that has it.
    const gated = await call('PATCH', '/api/v1/org/security', {
      token: admin.token,
      body: { require_two_factor: true },
    });
    expect(gated.status).toBe(403);
    expect(gated.body.error).toMatchObject({ code: 'PlanLimitReached', details: { required_plan: 'team' } });
    expect(
      (await call('PUT', '/api/v1/billing/subscription', { token: admin.token, body: { plan: 'team' } })).status,
    ).toBe(200);
    // Requiring it without a second factor of one's own would lock the admin out.
    const self = await call('PATCH', '/api/v1/org/security', {
      token: admin.token,
      body: { require_two_factor: true },
    });
    expect(self.status).toBe(409);
    await enrol(admin.token);
    const on = await call('PATCH', '/api/v1/org/security', { token: admin.token, body: { require_two_factor: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ require_two_factor: true, available: true, plan: 'team' });
    expect((await call('GET', '/api/v1/org/security', { token: admin.token })).body.require_two_factor).toBe(true);
    expect(await auditActions(admin.token)).toContain('org.two_factor_policy_changed');

    // A member without a second factor acting in the organisation: 403 TwoFactorRequired, but may enrol.
    await sql(stack.db!.url, "INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'viewer')", [
      orgId,
      member.id,
    ]);
    const refused = await call('GET', '/api/v1/servers', { token: member.token, org: orgId });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('TwoFactorRequired');
    expect(refused.body.error.remedy).toMatch(/Settings -> Security/);
    const status = await call('GET', '/api/v1/me/two-factor', { token: member.token, org: orgId });
    expect(status.status).toBe(200);
    expect(status.body.required_by).toEqual([expect.objectContaining({ id: orgId })]);
    // Their own organisation does not require it.
    expect((await call('GET', '/api/v1/servers', { token: member.token })).status).toBe(200);
    await enrol(member.token);
    expect((await call('GET', '/api/v1/servers', { token: member.token, org: orgId })).status).toBe(200);

    // Joining: an invitation cannot be accepted before the invitee has a second factor.
    const newcomer = await account('newcomer');
    const invitation = newBearerToken('invitation');
    await sql(
      stack.db!.url,
      `INSERT INTO invitations (org_id, email, role, token_hash, invited_by, expires_at)
       VALUES ($1, $2, 'viewer', $3, $4, now() + interval '1 day')`,
      [orgId, newcomer.email, invitation.hash, admin.id],
    );
    const early = await call('POST', '/api/v1/invitations/accept', {
      token: newcomer.token,
      body: { token: invitation.token },
    });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('TwoFactorRequired');
    await enrol(newcomer.token);
    const joined = await call('POST', '/api/v1/invitations/accept', {
      token: newcomer.token,
      body: { token: invitation.token },
    });
    expect(joined.status).toBe(200);

    // Turning it off lets everyone act again; below Team the policy cannot be changed at all.
    expect(
      (await call('PATCH', '/api/v1/org/security', { token: admin.token, body: { require_two_factor: false } })).status,
    ).toBe(200);
  });

  it('no answer but the enrolment itself carries a TOTP secret', () => {
    // Checked over everything this file received: secrets appear only where they are made.
    const enrolments = responses.filter((r) => r.includes('otpauth://'));
    for (const r of responses.filter((x) => !enrolments.includes(x))) expect(r).not.toMatch(/"secret"/);
  });
});
