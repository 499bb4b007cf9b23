import {
  accountMailToken,
  connectTestMessaging,
  createTestDatabase,
  ServiceStack,
  signUpAndIn,
  sql,
  startSmtpReceiver,
  type ReceivedEmail,
  type SmtpReceiver,
} from '@app/testing';
import { createHash } from 'node:crypto';
import { RealtimeClient } from '../../realtime-gateway/test/realtime-client';

const SECRETS_KEY = Buffer.alloc(32, 22).toString('base64');
const PASSWORD = 'correct horse battery';
const PUBLIC_URL = 'https://monitor.example.com';
const SETTINGS = { VERIFICATION_RESEND_MAX_PER_HOUR: 2, PASSWORD_RESET_MAX_PER_EMAIL: 3, LOGIN_MAX_FAILURES: 4 };

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Items 1 and 2 of issue 22 as a user meets them, over two api-gateway replicas and a real SMTP receiver on
 * loopback: the tests read every mail and follow its link (verification, password reset), and check that
 * sessions end on both replicas at once.
 */
describe('account mails: e-mail verification, password reset and change (two api-gateway replicas, SMTP)', () => {
  const stack = new ServiceStack({ SECRETS_KEY, TRUST_PROXY: '1' });
  let smtp: SmtpReceiver;
  const replicas: string[] = [];
  let realtimePort = 0;
  let n = 0;
  const unique = (what: string) => `${what}-${++n}-${stack.prefix}@example.com`;
  /** A client address of its own for each caller (the throttles count per address). */
  const from = () => `198.18.7.${n + 1}`;

  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; replica?: number; from?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { 'X-Forwarded-For': options.from ?? from() };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${replicas[options.replica ?? 0]}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  const mailTo = (email: string, event: string, after = 0): Promise<ReceivedEmail> =>
    smtp.waitForMessage((m) => m.to.includes(email) && m.headers['x-gsm-event'] === event && m.at >= after, 15_000);
  const login = (email: string, password: string, replica = 0) =>
    call('POST', '/api/v1/auth/login', { body: { email, password }, replica });
  const auditActions = async (token: string): Promise<string[]> =>
    ((await call('GET', '/api/v1/audit?limit=100', { token })).body.items as { action: string }[]).map((i) => i.action);
  const me = (token: string, replica = 0) => call('GET', '/api/v1/me', { token, replica });

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    smtp = await startSmtpReceiver();
    await stack.start('billing-limits');
    for (let i = 0; i < 2; i++)
      replicas.push(
        `http://127.0.0.1:${await stack.start('api-gateway', {
          SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
          SMTP_FROM: 'Accounts <accounts@example.com>',
          PUBLIC_URL,
          VERIFICATION_RESEND_MAX_PER_HOUR: String(SETTINGS.VERIFICATION_RESEND_MAX_PER_HOUR),
          PASSWORD_RESET_MAX_PER_EMAIL: String(SETTINGS.PASSWORD_RESET_MAX_PER_EMAIL),
          LOGIN_MAX_FAILURES: String(SETTINGS.LOGIN_MAX_FAILURES),
        })}`,
      );
    realtimePort = await stack.start('realtime-gateway');
  }, 120_000);

  afterAll(async () => {
    await smtp?.close();
    await stack.close();
  });

  it('sign-up mails a single-use link (stored hashed, 24 h); unverified accounts get 403 EmailNotVerified for API tokens and e-mail channels until they follow it', async () => {
    const email = unique('ada');
    const started = Date.now();
    const { token: session } = await signUpAndIn(replicas[0]!, email, PASSWORD, 'Ada');
    const mail = await mailTo(email, 'email-verification', started);
    expect(mail.subject).toBe('Verify your e-mail address for Satisfactory Monitoring');
    expect(mail.from).toBe('accounts@example.com');
    const link = /https:\/\/monitor\.example\.com\/verify-email#token=[\w%-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const token = accountMailToken(mail.text);
    // Only the token's SHA-256 is stored, with a 24 h expiry.
    const [row] = await sql<{ token_hash: string; hours: number }>(
      stack.db!.url,
      `SELECT token_hash, extract(epoch FROM t.expires_at - t.created_at) / 3600 AS hours FROM account_tokens t
       JOIN users u ON u.id = t.user_id WHERE u.email = $1 AND t.purpose = 'verify_email'`,
      [email],
    );
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Math.round(Number(row!.hours))).toBe(24);

    expect((await me(session)).body.email_verified).toBe(false);
    // Pro, so only the unverified address stands between the user and an API token or an e-mail channel.
    expect(
      (await call('PUT', '/api/v1/billing/subscription', { token: session, body: { plan: 'pro', period: 'monthly' } }))
        .status,
    ).toBe(200);
    const refusedToken = await call('POST', '/api/v1/tokens', {
      token: session,
      body: { name: 'ci', scopes: ['servers:read'] },
    });
    expect(refusedToken.status).toBe(403);
    expect(refusedToken.body.error).toMatchObject({
      code: 'EmailNotVerified',
      message: 'verify your e-mail address before you create an API token',
    });
    expect(refusedToken.body.error.remedy).toContain('resend');
    const refusedChannel = await call('POST', '/api/v1/notification-channels', {
      token: session,
      body: { kind: 'email', name: 'Night shift', config: { to: ['ops@example.com'] } },
    });
    expect(refusedChannel.status).toBe(403);
    expect(refusedChannel.body.error.code).toBe('EmailNotVerified');

    // The user follows the link (the dashboard posts the fragment's token).
    const verified = await call('POST', '/api/v1/auth/verify-email', { body: { token }, replica: 1 });
    expect(verified).toMatchObject({ status: 200, body: { status: 'verified' } });
    // At once, on both replicas (the check reads the stored state, not a cached session).
    expect((await me(session, 1)).body.email_verified).toBe(true);
    const created = await call('POST', '/api/v1/tokens', {
      token: session,
      replica: 1,
      body: { name: 'ci', scopes: ['servers:read'] },
    });
    expect(created.status).toBe(201);
    // Single use.
    const again = await call('POST', '/api/v1/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'LinkInvalid' });
    expect(again.body.error.message).toContain('used already');
    const unknown = await call('POST', '/api/v1/auth/verify-email', { body: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'LinkInvalid', message: 'the verification link is not valid' });
    const empty = await call('POST', '/api/v1/auth/verify-email', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('ValidationFailed');
    // Verified already: a resend is refused, not sent.
    expect((await call('POST', '/api/v1/auth/verify-email/resend', { token: session })).status).toBe(409);
    expect(await auditActions(session)).toEqual(expect.arrayContaining(['user.email_verified', 'token.created']));

    // Signing up again with the same e-mail answers the same and mails nothing.
    const before = smtp.messages.length;
    const twice = await call('POST', '/api/v1/auth/register', { body: { email, password: PASSWORD, name: 'Eve' } });
    expect(twice).toMatchObject({ status: 202, body: { status: 'accepted' } });
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('an expired link is 410 LinkExpired; a resend replaces the older link and is throttled (429 Retry-After) across replicas', async () => {
    const email = unique('bo');
    const started = Date.now();
    const { token: session } = await signUpAndIn(replicas[0]!, email, PASSWORD, 'Bo');
    const first = accountMailToken((await mailTo(email, 'email-verification', started)).text);
    // A day later (the clock of the stored expiry moved back instead of the test waiting 24 h).
    await sql(
      stack.db!.url,
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    const expired = await call('POST', '/api/v1/auth/verify-email', { body: { token: first } });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toMatchObject({ code: 'LinkExpired', message: 'the verification link expired' });
    expect((await me(session)).body.email_verified).toBe(false);

    const resendAt = Date.now();
    const resent = await call('POST', '/api/v1/auth/verify-email/resend', { token: session, replica: 1 });
    expect(resent).toMatchObject({ status: 202, body: { status: 'accepted' } });
    const second = accountMailToken((await mailTo(email, 'email-verification', resendAt)).text);
    expect(second).not.toBe(first);
    // The second resend of the hour replaces the second link; the third is refused on the other replica.
    const thirdAt = Date.now();
    expect((await call('POST', '/api/v1/auth/verify-email/resend', { token: session })).status).toBe(202);
    const third = accountMailToken((await mailTo(email, 'email-verification', thirdAt)).text);
    const refused = await call('POST', '/api/v1/auth/verify-email/resend', { token: session, replica: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('TooManyRequests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // The replaced link no longer works; the newest does.
    expect((await call('POST', '/api/v1/auth/verify-email', { body: { token: second } })).body.error.code).toBe(
      'LinkInvalid',
    );
    expect((await call('POST', '/api/v1/auth/verify-email', { body: { token: third } })).status).toBe(200);
    expect(await auditActions(session)).toEqual(
      expect.arrayContaining(['user.verification_resent', 'user.email_verified']),
    );
  });

  it('password reset: the same answer for an unknown e-mail; the link (single use, 30 min) sets the password, signs out every session on both replicas and verifies the e-mail', async () => {
    const email = unique('cy');
    const { token: first } = await signUpAndIn(replicas[0]!, email, PASSWORD, 'Cy');
    const second = (await login(email, PASSWORD, 1)).body.token as string;
    // Both sessions are in use (and cached) on both replicas.
    for (const token of [first, second])
      for (const replica of [0, 1]) expect((await me(token, replica)).status).toBe(200);
    const liveConnections = await Promise.all(
      [first, second].map((token) => RealtimeClient.connect(realtimePort, { token })),
    );

    const askedAt = Date.now();
    const known = await call('POST', '/api/v1/auth/password-reset', { body: { email: email.toUpperCase() } });
    const stranger = unique('nobody');
    const unknown = await call('POST', '/api/v1/auth/password-reset', { body: { email: stranger } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const mail = await mailTo(email, 'password-reset', askedAt);
    expect(mail.subject).toBe('Reset your Satisfactory Monitoring password');
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password#token=`);
    const [row] = await sql<{ minutes: number }>(
      stack.db!.url,
      `SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM account_tokens
       WHERE purpose = 'reset_password' AND used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    expect(Math.round(Number(row!.minutes))).toBe(30);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.filter((m) => m.to.includes(stranger))).toEqual([]);
    const token = accountMailToken(mail.text);

    const weak = await call('POST', '/api/v1/auth/password-reset/confirm', { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('ValidationFailed');
    const NEW = 'a brand new password';
    const reset = await call('POST', '/api/v1/auth/password-reset/confirm', {
      body: { token, password: NEW },
      replica: 1,
    });
    expect(reset.status).toBe(204);
    // Every session ends at once on both replicas (their caches were dropped, not left to expire).
    for (const t of [first, second]) for (const replica of [0, 1]) expect((await me(t, replica)).status).toBe(401);
    // And so do their open live connections, with the reason the dashboard shows.
    for (const live of liveConnections) {
      expect(await live.next('session.ended.v1')).toEqual({
        reason: 'signed_out',
        message: expect.stringMatching(/signed out/),
      });
      expect(await live.disconnected()).toBe('io server disconnect');
      live.close();
    }
    expect((await login(email, PASSWORD)).status).toBe(401);
    const fresh = await login(email, NEW, 1);
    expect(fresh.status).toBe(200);
    // The link proved the address: verified.
    expect((await me(fresh.body.token)).body.email_verified).toBe(true);
    const reused = await call('POST', '/api/v1/auth/password-reset/confirm', {
      body: { token, password: 'yet another password' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('LinkInvalid');
    expect(await auditActions(fresh.body.token)).toEqual(
      expect.arrayContaining(['user.password_reset_requested', 'user.password_reset']),
    );
    // No token or password in the audit log.
    const audit = JSON.stringify((await call('GET', '/api/v1/audit', { token: fresh.body.token })).body);
    expect(audit).not.toContain(token);
    expect(audit).not.toContain(NEW);
  });

  it('password reset: a newer request replaces the older link; an expired link is 410; requests are throttled per e-mail, known or not', async () => {
    const email = unique('di');
    await signUpAndIn(replicas[0]!, email, PASSWORD, 'Di');
    const t1 = Date.now();
    await call('POST', '/api/v1/auth/password-reset', { body: { email } });
    const older = accountMailToken((await mailTo(email, 'password-reset', t1)).text);
    await call('POST', '/api/v1/auth/password-reset', { body: { email }, replica: 1 });
    // The mails go out in the background: the newer one is the one with another token.
    const newerMail = await smtp.waitForMessage(
      (m) => m.to.includes(email) && m.headers['x-gsm-event'] === 'password-reset' && !m.text.includes(older),
      15_000,
    );
    const newer = accountMailToken(newerMail.text);
    const replaced = await call('POST', '/api/v1/auth/password-reset/confirm', {
      body: { token: older, password: 'another good password' },
    });
    expect(replaced.body.error.code).toBe('LinkInvalid');
    await sql(
      stack.db!.url,
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [createHash('sha256').update(newer).digest('hex')],
    );
    const expired = await call('POST', '/api/v1/auth/password-reset/confirm', {
      body: { token: newer, password: 'another good password' },
    });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('LinkExpired');
    expect((await login(email, PASSWORD)).status).toBe(200);

    // The third request of the hour for this e-mail passes, the fourth is refused: the same for an unknown e-mail.
    const stranger = unique('ghost');
    for (const target of [email, stranger]) {
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i++)
        answers.push(
          await call('POST', '/api/v1/auth/password-reset', {
            body: { email: target },
            replica: i % 2,
            from: `198.19.${n}.${i + 1}`,
          }),
        );
      const expected = target === email ? [202, 429, 429, 429] : [202, 202, 202, 429];
      expect(answers.map((a) => a.status)).toEqual(expected);
      expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('password change: needs the current password (a wrong one counts as a failed sign-in); signs out the other sessions, this one stays; not with an API token', async () => {
    const email = unique('ed');
    const { token: current } = await signUpAndIn(replicas[0]!, email, PASSWORD, 'Ed');
    const other = (await login(email, PASSWORD, 1)).body.token as string;
    expect((await me(other, 1)).status).toBe(200);

    const wrong = await call('POST', '/api/v1/me/password', {
      token: current,
      body: { current_password: 'not my password', new_password: 'a changed password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'ValidationFailed',
      message: 'the current password is wrong',
      details: { fields: [{ field: 'current_password', problem: 'is wrong' }] },
    });
    const short = await call('POST', '/api/v1/me/password', {
      token: current,
      body: { current_password: PASSWORD, new_password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).not.toContain(PASSWORD);

    const CHANGED = 'a changed password';
    const changed = await call('POST', '/api/v1/me/password', {
      token: current,
      replica: 1,
      body: { current_password: PASSWORD, new_password: CHANGED },
    });
    expect(changed.status).toBe(204);
    expect((await me(current, 0)).status).toBe(200);
    expect((await me(current, 1)).status).toBe(200);
    expect((await me(other, 1)).status).toBe(401);
    expect((await me(other, 0)).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, CHANGED)).status).toBe(200);
    expect(await auditActions(current)).toContain('user.password_changed');

    // Wrong current passwords count against the e-mail's sign-in throttle (LOGIN_MAX_FAILURES in 15 minutes).
    const statuses: number[] = [];
    for (let i = 0; i < SETTINGS.LOGIN_MAX_FAILURES + 1; i++)
      statuses.push(
        (
          await call('POST', '/api/v1/me/password', {
            token: current,
            replica: i % 2,
            body: { current_password: `guess ${i} wrong`, new_password: 'whatever password' },
          })
        ).status,
      );
    // The right password cleared the e-mail's failures: four wrong ones are answered, the fifth is refused.
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect((await login(email, CHANGED)).status).toBe(429);
  });

  it('password change is for dashboard sessions: an API token is refused (403)', async () => {
    const email = unique('fy');
    const { token: session } = await signUpAndIn(replicas[0]!, email, PASSWORD, 'Fy');
    await call('PUT', '/api/v1/billing/subscription', { token: session, body: { plan: 'pro', period: 'monthly' } });
    await sql(stack.db!.url, 'UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    const api = await call('POST', '/api/v1/tokens', {
      token: session,
      body: { name: 'ci', scopes: ['servers:read'] },
    });
    expect(api.status).toBe(201);
    const refused = await call('POST', '/api/v1/me/password', {
      token: api.body.token,
      body: { current_password: PASSWORD, new_password: 'a changed password' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('this route is for the dashboard only');
    expect((await call('POST', '/api/v1/auth/verify-email/resend', { token: api.body.token })).status).toBe(403);
  });
});
