import {
  connectTestMessaging,
  createTestDatabase,
  ServiceStack,
  sql,
  startSmtpReceiver,
  type ReceivedEmail,
  type SmtpReceiver,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64');
const PUBLIC_URL = 'https://monitor.example.com';
const PASSWORD = 'correct horse battery';

interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Membership only by consent (issue 22, item 4) over real HTTP: the api-gateway and billing-limits as processes,
 * PostgreSQL, NATS, and a loopback SMTP server that receives the invitation mails; the tests follow their links.
 */
describe('invitations: a member joins only by accepting the mailed invitation', () => {
  let smtp: SmtpReceiver;
  let base = '';
  const stack = new ServiceStack({ SECRETS_KEY });
  const { prefix } = stack;
  const bodies: string[] = [];

  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; org?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.org) headers['X-Org-Id'] = options.org;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    bodies.push(text);
    return { status: res.status, text, body: text ? (JSON.parse(text) as unknown) : null };
  };

  let counter = 0;
  /** A new account, signed in; verified unless asked (new sign-ups start unverified). */
  const signUp = async (email = `user${++counter}-${prefix}@example.com`, verified = true) => {
    expect(
      (await call('POST', '/api/v1/auth/register', { body: { email, password: PASSWORD, name: `User ${counter}` } }))
        .status,
    ).toBe(202);
    if (verified) await sql(stack.db!.url, 'UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    const login = await call('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const me = await call('GET', '/api/v1/me', { token: login.body.token });
    return { token: login.body.token as string, userId: me.body.id as string, orgId: me.body.organisation_id, email };
  };
  /** An admin of an organisation on the Team plan (members with roles). */
  const teamAdmin = async () => {
    const admin = await signUp();
    const plan = await call('PUT', '/api/v1/billing/subscription', {
      token: admin.token,
      body: { plan: 'team', period: 'monthly' },
    });
    expect(plan.status).toBe(200);
    return admin;
  };
  const invite = (admin: { token: string }, email: string, role = 'operator') =>
    call('POST', '/api/v1/org/members', { token: admin.token, body: { email, role } });
  /** The newest invitation mail to `email` received after `since`. */
  const mailTo = (email: string, since: number): Promise<ReceivedEmail> =>
    smtp.waitForMessage((m) => m.to.includes(email) && m.at >= since && m.headers['x-gsm-event'] === 'invitation');
  /** Follows the mail's link as the dashboard does: the token is the fragment of `<PUBLIC_URL>/invitations/accept`. */
  const tokenOf = (mail: ReceivedEmail): string => {
    const link = /https:\/\/\S+/.exec(mail.text)![0];
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/invitations/accept`);
    expect(url.search).toBe('');
    return new URLSearchParams(url.hash.slice(1)).get('token')!;
  };
  const accept = (who: { token: string }, token: string) =>
    call('POST', '/api/v1/invitations/accept', { token: who.token, body: { token } });
  const memberEmails = async (admin: { token: string }) =>
    ((await call('GET', '/api/v1/org/members', { token: admin.token })).body.members as { email: string }[]).map(
      (m) => m.email,
    );
  const expectError = (res: Answer, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(res.body.error.remedy).toEqual(expect.any(String));
  };

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    smtp = await startSmtpReceiver();
    stack.messaging = await connectTestMessaging(prefix, 'test');
    await stack.start('billing-limits');
    await stack.start('alerting', { SMTP_URL: `smtp://${smtp.host}:${smtp.port}`, PUBLIC_URL });
    const port = await stack.start('api-gateway', {
      SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
      SMTP_FROM: 'Monitoring <accounts@example.com>',
      PUBLIC_URL,
    });
    base = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    await smtp?.close();
    await stack.close();
  });

  it('an existing account is not a member until it accepts the link of the mail; the mail names who and where in quotes', async () => {
    const admin = await teamAdmin();
    const invitee = await signUp();
    const since = Date.now();
    const invited = await invite(admin, invitee.email.toUpperCase());
    expect(invited.status).toBe(201);
    expect(invited.text).not.toContain('gsm_i_');
    expect(await memberEmails(admin)).toEqual([admin.email]);
    // The invitee's own organisations: only the personal one.
    expect((await call('GET', '/api/v1/me', { token: invitee.token })).body.organisations).toHaveLength(1);

    const mail = await mailTo(invitee.email, since);
    const inviter = `User ${counter - 1}`;
    expect(mail.subject).toBe(`Invitation to join "${inviter}'s organisation" on Satisfactory Monitoring`);
    expect(mail.text).toContain(
      `"${inviter}" invited ${invitee.email} to join the organisation "${inviter}'s organisation" on Satisfactory Monitoring as Operator.`,
    );
    expect(mail.text).toContain('If you have an account with this address, sign in with it, then accept.');
    const token = tokenOf(mail);
    expect(token).toMatch(/^gsm_i_/);
    const [stored] = await sql<{ token_hash: string }>(
      stack.db!.url,
      'SELECT token_hash FROM invitations WHERE id = $1',
      [invited.body.invitation.id],
    );
    expect(stored!.token_hash).not.toContain(token);

    const accepted = await accept(invitee, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ organisation: { id: admin.orgId }, role: 'operator' });
    expect(await memberEmails(admin)).toEqual([admin.email, invitee.email]);
    expect((await call('GET', '/api/v1/servers', { token: invitee.token, org: admin.orgId })).status).toBe(200);

    // Used twice: refused, and the audit log has the invitation and the joining.
    const again = await accept(invitee, token);
    expectError(again, 404, 'NotFound');
    expect(again.body.error.details).toEqual({ reason: 'used' });
    const audit = await call('GET', '/api/v1/audit', { token: admin.token });
    const actions = audit.body.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['member.invited', 'member.joined']));
  }, 60_000);

  it('the answers for an e-mail with and without an account are the same: status, keys, no token', async () => {
    const admin = await teamAdmin();
    const existing = await signUp();
    const nobody = `nobody-${prefix}@example.com`;
    const a = await invite(admin, existing.email, 'viewer');
    const b = await invite(admin, nobody, 'viewer');
    expect(a.status).toBe(201);
    expect(b.status).toBe(a.status);
    const shape = (body: Record<string, unknown>) => ({
      keys: Object.keys(body).sort(),
      invitation: Object.keys(body.invitation as object).sort(),
      status: body.status,
      mail_sent: body.mail_sent,
    });
    expect(shape(a.body)).toEqual(shape(b.body));
    expect(a.body.mail_sent).toBe(true);
    expect(a.body.remedy.replace(existing.email, 'X')).toBe(b.body.remedy.replace(nobody, 'X'));
    for (const res of [a, b]) expect(res.text).not.toMatch(/gsm_i_|token/);

    // Without an account: sign up with the address, verify it, then the mail's link works.
    const mail = await mailTo(nobody, 0);
    expect(mail.text).toContain('If you have none, sign up with this address and verify it first');
    const newcomer = await signUp(nobody);
    expect((await accept(newcomer, tokenOf(mail))).status).toBe(200);
  }, 60_000);

  it('accepting needs the invited address (403 other_email) and that address verified (403 email_unverified)', async () => {
    const admin = await teamAdmin();
    const email = `late-${prefix}@example.com`;
    const since = Date.now();
    expect((await invite(admin, email)).status).toBe(201);
    const token = tokenOf(await mailTo(email, since));

    const stranger = await signUp();
    const other = await accept(stranger, token);
    expectError(other, 403, 'Forbidden');
    expect(other.body.error.details).toEqual({ reason: 'other_email' });

    const unverified = await signUp(email, false);
    const refused = await accept(unverified, token);
    expectError(refused, 403, 'Forbidden');
    expect(refused.body.error.details).toEqual({ reason: 'email_unverified' });
    expect(refused.body.error.remedy).toMatch(/verif/);
    expect(await memberEmails(admin)).toEqual([admin.email]);

    await sql(stack.db!.url, 'UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    const verified = await call('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } });
    expect((await accept({ token: verified.body.token }, token)).status).toBe(200);
  }, 60_000);

  it('expired, withdrawn and replaced invitations are refused; a resend mails a new link, at most once a minute', async () => {
    const admin = await teamAdmin();
    const invitee = await signUp();

    // Expired.
    let since = Date.now();
    const first = await invite(admin, invitee.email);
    const expiredToken = tokenOf(await mailTo(invitee.email, since));
    await sql(stack.db!.url, `UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      first.body.invitation.id,
    ]);
    const expired = await accept(invitee, expiredToken);
    expectError(expired, 404, 'NotFound');
    expect(expired.body.error.details).toEqual({ reason: 'expired' });

    // Withdrawn: DELETE /org/invitations/{id}, then the link is refused.
    since = Date.now();
    const second = await invite(admin, invitee.email);
    const revokedToken = tokenOf(await mailTo(invitee.email, since));
    expect(
      (await call('DELETE', `/api/v1/org/invitations/${second.body.invitation.id}`, { token: admin.token })).status,
    ).toBe(204);
    const revoked = await accept(invitee, revokedToken);
    expectError(revoked, 404, 'NotFound');
    expect(revoked.body.error.details).toEqual({ reason: 'revoked' });

    // Re-inviting a pending address replaces its invitation: one pending, the older link withdrawn.
    since = Date.now();
    const third = await invite(admin, invitee.email, 'viewer');
    const replacedToken = tokenOf(await mailTo(invitee.email, since));
    since = Date.now();
    const fourth = await invite(admin, invitee.email, 'viewer');
    const list = await call('GET', '/api/v1/org/members', { token: admin.token });
    expect(list.body.invitations.map((i: { id: string }) => i.id)).toEqual([fourth.body.invitation.id]);
    expect((await accept(invitee, replacedToken)).body.error.details).toEqual({ reason: 'revoked' });
    expect(third.body.invitation.id).not.toBe(fourth.body.invitation.id);
    const fourthToken = tokenOf(await mailTo(invitee.email, since));

    // Resend: too soon is a 429 with Retry-After; a minute later a new link, and the previous one stops working.
    const soon = await call('POST', `/api/v1/org/invitations/${fourth.body.invitation.id}/resend`, {
      token: admin.token,
    });
    expectError(soon, 429, 'TooManyRequests');
    expect(Number(soon.body.error.details.retry_after_seconds)).toBeGreaterThan(0);
    await sql(stack.db!.url, `UPDATE invitations SET sent_at = now() - interval '61 seconds' WHERE id = $1`, [
      fourth.body.invitation.id,
    ]);
    since = Date.now();
    const resent = await call('POST', `/api/v1/org/invitations/${fourth.body.invitation.id}/resend`, {
      token: admin.token,
    });
    expect(resent.status).toBe(200);
    expect(resent.text).not.toContain('gsm_i_');
    const resentToken = tokenOf(await mailTo(invitee.email, since));
    expect(resentToken).not.toBe(fourthToken);
    expect((await accept(invitee, fourthToken)).status).toBe(404);
    expect((await accept(invitee, resentToken)).body).toMatchObject({ role: 'viewer' });
    expect(await memberEmails(admin)).toEqual([admin.email, invitee.email]);
    const [audit] = await sql<{ n: string }>(
      stack.db!.url,
      `SELECT count(*) AS n FROM audit_log WHERE org_id = $1 AND action IN ('invitation.revoked', 'invitation.resent')`,
      [admin.orgId],
    );
    expect(Number(audit!.n)).toBe(2);
  }, 60_000);

  it('the owner cannot be demoted or removed (409), not even by another admin', async () => {
    const owner = await teamAdmin();
    const other = await signUp();
    const since = Date.now();
    await invite(owner, other.email, 'admin');
    expect((await accept(other, tokenOf(await mailTo(other.email, since)))).status).toBe(200);
    const asOther = { token: other.token, org: owner.orgId };
    const demote = await call('PATCH', `/api/v1/org/members/${owner.userId}`, { ...asOther, body: { role: 'viewer' } });
    expectError(demote, 409, 'Conflict');
    expect(demote.body.error.message).toBe('the owner of the organisation cannot be demoted');
    const remove = await call('DELETE', `/api/v1/org/members/${owner.userId}`, asOther);
    expectError(remove, 409, 'Conflict');
    expect(remove.body.error.message).toMatch(/^the owner of (the|a personal) organisation cannot be removed/);
    const members = (await call('GET', '/api/v1/org/members', asOther)).body.members;
    expect(members.map((m: { email: string; owner: boolean }) => [m.email, m.owner])).toEqual([
      [owner.email, true],
      [other.email, false],
    ]);
    // Both refusals are in the organisation's audit log: who tried what, against the owner.
    const log = await call('GET', '/api/v1/audit?limit=50', { token: owner.token });
    const refusals = (log.body.items as { action: string }[]).filter((e) => e.action === 'member.owner_change_refused');
    expect(refusals).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ user_id: other.userId, email: other.email }),
        target: { type: 'user', id: owner.userId },
        details: { attempted: 'removal' },
      }),
      expect.objectContaining({
        actor: expect.objectContaining({ user_id: other.userId }),
        target: { type: 'user', id: owner.userId },
        details: { attempted: 'role_change', role: 'viewer' },
      }),
    ]);
  }, 60_000);

  it('an unverified account cannot switch on, test or re-send an e-mail channel (403 EmailNotVerified); it stays off', async () => {
    // An unverified owner on Team invites a verified admin, who makes an e-mail channel and switches it off.
    const owner = await signUp(undefined, false);
    expect(
      (
        await call('PUT', '/api/v1/billing/subscription', {
          token: owner.token,
          body: { plan: 'team', period: 'monthly' },
        })
      ).status,
    ).toBe(200);
    const admin = await signUp();
    const since = Date.now();
    expect((await invite(owner, admin.email, 'admin')).status).toBe(201);
    expect((await accept(admin, tokenOf(await mailTo(admin.email, since)))).status).toBe(200);
    const asAdmin = { token: admin.token, org: owner.orgId };
    const created = await call('POST', '/api/v1/notification-channels', {
      ...asAdmin,
      body: { kind: 'email', name: 'Night shift', config: { to: [admin.email] } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(
      (await call('PATCH', `/api/v1/notification-channels/${id}`, { ...asAdmin, body: { enabled: false } })).status,
    ).toBe(200);

    for (const [method, path, body] of [
      ['PATCH', `/api/v1/notification-channels/${id}`, { enabled: true }],
      ['POST', `/api/v1/notification-channels/${id}/test`, undefined],
      ['POST', `/api/v1/notification-channels/${id}/recipients/resend`, undefined],
    ] as const) {
      const refused = await call(method, path, { token: owner.token, body });
      expectError(refused, 403, 'EmailNotVerified');
      expect(refused.body.error.message).toBe('verify your e-mail address before you send alerts by e-mail');
      expect(refused.body.error.remedy).toMatch(/resend/);
    }
    expect((await call('GET', `/api/v1/notification-channels/${id}`, { token: owner.token })).body.enabled).toBe(false);
    // The verified admin may switch it on again.
    const enabled = await call('PATCH', `/api/v1/notification-channels/${id}`, { ...asAdmin, body: { enabled: true } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.enabled).toBe(true);
  }, 60_000);

  afterAll(() => {
    // No answer of this file carried an invitation token: they are only ever in the mails.
    expect(bodies.join('\n')).not.toMatch(/gsm_i_/);
  });
});
