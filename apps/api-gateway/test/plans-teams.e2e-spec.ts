import {
  connectTestMessaging,
  createTestDatabase,
  markEmailVerified,
  eventually,
  SimulatorProcess,
  sql,
  ServiceStack,
  type TestDatabase,
  joinByInvitation,
  knownInvitationToken,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64');

interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Plans, subscriptions, teams and roles, share links and the audit log over real HTTP: two api-gateway replicas,
 * billing-limits, PostgreSQL, NATS and a simulator (server registration runs the real provisioning probe).
 */
describe('plans, subscriptions, members, share links and audit (two api-gateway replicas)', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  const bases: string[] = [];
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '1500' });
  const { prefix } = stack;
  const bodies: string[] = [];

  const start = (app: string): Promise<number> => stack.start(app);

  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; org?: string; replica?: number } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.org) headers['X-Org-Id'] = options.org;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${bases[options.replica ?? 0]}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    bodies.push(text);
    return { status: res.status, text, body: text ? (JSON.parse(text) as unknown) : null };
  };

  let counter = 0;
  const signUp = async (email = `member${++counter}-${prefix}@example.com`) => {
    const res = await call('POST', '/api/v1/auth/register', {
      body: { email, password: 'correct horse battery', name: `Member ${counter}` },
    });
    expect(res.status).toBe(202);
    // Not a test of verification (account-mail.e2e-spec is): these accounts may create API tokens.
    await markEmailVerified(db.url, email);
    const login = await call('POST', '/api/v1/auth/login', { body: { email, password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    const me = await call('GET', '/api/v1/me', { token: login.body.token });
    return {
      token: login.body.token as string,
      userId: me.body.id as string,
      orgId: me.body.organisation_id,
      email,
    };
  };
  const setPlan = async (token: string, plan: string, period = 'monthly') => {
    const res = await call('PUT', '/api/v1/billing/subscription', { token, body: { plan, period } });
    expect(res.status).toBe(200);
    expect(res.body.plan.id).toBe(plan);
    return res;
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
  const expectError = (res: Answer, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toEqual(expect.any(String));
  };

  beforeAll(async () => {
    db = stack.db = await createTestDatabase();
    sim = stack.sim = await SimulatorProcess.start(['--count', '4', '--seed', '11']);
    stack.messaging = await connectTestMessaging(prefix, 'test');
    await start('billing-limits');
    bases.push(`http://127.0.0.1:${await start('api-gateway')}`);
    bases.push(`http://127.0.0.1:${await start('api-gateway')}`);
  }, 120_000);

  afterAll(() => stack.close());

  it('GET /plans answers the plan table of the spec, row by row, without sign-in', async () => {
    const res = await call('GET', '/api/v1/plans');
    expect(res.status).toBe(200);
    const row = (id: string) => res.body.find((p: { id: string }) => p.id === id);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(['free', 'hobby', 'pro', 'team', 'enterprise']);
    // [monthly, yearly, servers, retention h, polling s, discord, multi-channel, api, quota, shares, roles, sla]
    const spec = {
      free: [0, 0, 1, 24, 30, false, false, false, null, false, false, null],
      hobby: [6, 58, 2, 168, 15, true, false, false, null, false, false, null],
      pro: [19, 182, 5, 720, 10, true, true, true, 10_000, true, false, null],
      team: [49, 470, 15, 2160, 10, true, true, true, 100_000, true, true, '99.9%'],
      enterprise: [null, null, null, null, 10, true, true, true, null, true, true, '99.99%'],
    };
    for (const [id, values] of Object.entries(spec)) {
      const p = row(id);
      expect([
        p.price.monthly,
        p.price.yearly,
        p.servers,
        p.retention_hours,
        p.polling_intervals_seconds.health,
        p.discord_alerts,
        p.multi_channel_alerts,
        p.api_access,
        p.api_daily_quota,
        p.share_links,
        p.roles,
        p.sla,
      ]).toEqual(values);
      expect(p.price.currency).toBe('EUR');
    }
    // Status pages are their own entitlement (issue 24), Pro and up.
    expect(res.body.map((p: { status_pages: boolean }) => p.status_pages)).toEqual([false, false, true, true, true]);
    // Paid plans poll per metric (spec: 10 s health, 15 s power and players, 30 s production, 60 s buildings).
    expect(row('pro').polling_intervals_seconds).toMatchObject({
      health: 10,
      player_count: 10,
      power: 15,
      players: 15,
      production: 30,
      trains: 30,
      drones: 30,
      factory_buildings: 60,
    });
  });

  it('server limits: Free holds one, Hobby two (same host, other port = a new server); a downgrade over the limit is refused', async () => {
    const a = await signUp();
    expect((await call('GET', '/api/v1/billing/subscription', { token: a.token })).body).toMatchObject({
      plan: { id: 'free' },
      limits: { servers: 1, retention_hours: 24 },
      usage: { servers: 0 },
    });
    expect((await call('POST', '/api/v1/servers', { token: a.token, body: serverBody(0) })).status).toBe(201);
    const second = await call('POST', '/api/v1/servers', { token: a.token, body: serverBody(1) });
    expectError(second, 403, 'PlanLimitReached');
    expect(second.text).toMatch(/hobby/i);

    await setPlan(a.token, 'hobby');
    // Same host (127.0.0.1), another port: a second server.
    expect(sim.servers[1]!.host).toBe(sim.servers[0]!.host);
    expect((await call('POST', '/api/v1/servers', { token: a.token, body: serverBody(1) })).status).toBe(201);
    const third = await call('POST', '/api/v1/servers', { token: a.token, body: serverBody(2) });
    expectError(third, 403, 'PlanLimitReached');
    expect(third.text).toMatch(/pro/i);

    const downgrade = await call('PUT', '/api/v1/billing/subscription', { token: a.token, body: { plan: 'free' } });
    expectError(downgrade, 409, 'Conflict');
    expect(downgrade.body.error.details).toEqual({ plan: 'free', limit: 1, used: 2, to_remove: 1 });
    expect(downgrade.body.error.remedy).toMatch(/Remove 1 server/);
    const after = await call('GET', '/api/v1/billing/subscription', { token: a.token });
    expect(after.body).toMatchObject({ plan: { id: 'hobby' }, usage: { servers: 2 } });

    expectError(
      await call('PUT', '/api/v1/billing/subscription', { token: a.token, body: { plan: 'enterprise' } }),
      409,
      'Conflict',
    );
    expectError(
      await call('PUT', '/api/v1/billing/subscription', { token: a.token, body: { plan: 'platinum' } }),
      400,
      'ValidationFailed',
    );
  });

  it("usage shows today's API requests of API tokens (not of sessions) within the lease block", async () => {
    const a = await signUp();
    await setPlan(a.token, 'pro', 'yearly');
    const created = await call('POST', '/api/v1/tokens', {
      token: a.token,
      body: { name: 'usage', scopes: ['servers:read'] },
    });
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${bases[i % 2]}/api/v1/servers`, {
        headers: { Authorization: `Bearer ${created.body.token}` },
      });
      expect(res.status).toBe(200);
    }
    const usage = await call('GET', '/api/v1/billing/usage', { token: a.token });
    expect(usage.status).toBe(200);
    expect(usage.body.day).toBe(new Date().toISOString().slice(0, 10));
    expect(usage.body.api_requests.limit).toBe(10_000);
    // Each replica leases 1 % of the quota at a time: what is counted is within one block per replica of the truth.
    expect(usage.body.api_requests.used).toBeGreaterThanOrEqual(5);
    expect(usage.body.api_requests.used).toBeLessThanOrEqual(5 + 2 * 100);
    expect(usage.body.api_requests.remaining).toBe(10_000 - usage.body.api_requests.used);
    expect(Date.parse(usage.body.api_requests.reset_at) - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect((await call('GET', '/api/v1/billing/subscription', { token: a.token })).body.period).toBe('yearly');
  });

  it('roles: Viewer reads only, Operator cannot manage members or the plan, the last Admin stays, a removed member is out at once on every replica', async () => {
    const admin = await signUp();
    const freeInvite = await call('POST', '/api/v1/org/members', {
      token: admin.token,
      body: { email: 'someone@example.com', role: 'viewer' },
    });
    expectError(freeInvite, 403, 'PlanLimitReached');
    expect(freeInvite.text).toMatch(/team/i);
    await setPlan(admin.token, 'team');
    const server = await call('POST', '/api/v1/servers', { token: admin.token, body: serverBody(3) });
    expect(server.status).toBe(201);

    const member = await signUp();
    // A member joins by accepting the invitation (issue 22); the e-mail is matched without regard to case.
    await joinByInvitation({
      baseUrl: bases[0]!,
      databaseUrl: db.url,
      admin,
      member: { token: member.token, email: member.email.toUpperCase() },
      role: 'viewer',
    });
    const as = (replica = 0) => ({ token: member.token, org: admin.orgId, replica });

    // Viewer: reads, changes nothing.
    expect((await call('GET', '/api/v1/servers', as())).body).toHaveLength(1);
    expect((await call('GET', '/api/v1/servers', as(1))).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/v1/servers', serverBody(2)],
      ['PATCH', `/api/v1/servers/${server.body.id}`, { name: 'x' }],
      ['DELETE', `/api/v1/servers/${server.body.id}`, undefined],
      ['POST', `/api/v1/servers/${server.body.id}/shares`, {}],
    ] as const) {
      const res = await call(method, path, { ...as(), body });
      expectError(res, 403, 'Forbidden');
      expect(res.body.error.details).toEqual({ required_role: 'operator', role: 'viewer' });
    }
    for (const [method, path, body] of [
      ['PUT', '/api/v1/billing/subscription', { plan: 'pro' }],
      ['POST', '/api/v1/org/members', { email: 'x@example.com', role: 'viewer' }],
      ['GET', '/api/v1/audit', undefined],
      ['POST', '/api/v1/tokens', { name: 't', scopes: ['servers:read'] }],
    ] as const)
      expectError(await call(method, path, { ...as(), body }), 403, 'Forbidden');

    // Operator: servers and share links, not members or the plan.
    const promote = await call('PATCH', `/api/v1/org/members/${member.userId}`, {
      token: admin.token,
      body: { role: 'operator' },
    });
    expect(promote.body).toEqual({ user_id: member.userId, role: 'operator' });
    // The other replica learns the new role from auth.membership.changed.v1: within milliseconds, more under CI load.
    const share = await eventually(async () => {
      const res = await call('POST', `/api/v1/servers/${server.body.id}/shares`, { ...as(1), body: {} });
      return res.status === 201 ? res : null;
    }, 3000);
    expect(share.status).toBe(201);
    const noMembers = await call('PATCH', `/api/v1/org/members/${admin.userId}`, { ...as(), body: { role: 'viewer' } });
    expectError(noMembers, 403, 'Forbidden');
    expect(noMembers.body.error.details).toEqual({ required_role: 'admin', role: 'operator' });
    expectError(
      await call('PUT', '/api/v1/billing/subscription', { ...as(), body: { plan: 'pro' } }),
      403,
      'Forbidden',
    );

    // The last admin can be neither demoted nor removed.
    expectError(
      await call('PATCH', `/api/v1/org/members/${admin.userId}`, { token: admin.token, body: { role: 'operator' } }),
      409,
      'Conflict',
    );
    const list = await call('GET', '/api/v1/org/members', { token: admin.token });
    expect(list.body.members.map((m: { role: string }) => m.role).sort()).toEqual(['admin', 'operator']);

    // Removal: out at once, on the replica that did it and on the other one (whose cache knew the member).
    const removed = await call('DELETE', `/api/v1/org/members/${member.userId}`, { token: admin.token, replica: 0 });
    expect(removed.status).toBe(204);
    expectError(await call('GET', '/api/v1/servers', as(0)), 404, 'NotFound');
    expectError(await call('GET', '/api/v1/servers', as(1)), 404, 'NotFound');
    // Their own account still works in their own organisation.
    expect((await call('GET', '/api/v1/servers', { token: member.token })).status).toBe(200);
  });

  it('invitations: mailed to an e-mail without an account, accepted after sign-up by that e-mail only', async () => {
    const admin = await signUp();
    await setPlan(admin.token, 'team');
    const email = `newcomer-${prefix}@example.com`;
    const invited = await call('POST', '/api/v1/org/members', {
      token: admin.token,
      body: { email, role: 'operator' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.status).toBe('invited');
    expect(invited.text).not.toContain('gsm_i_');
    // The token is only in the mail (invitations.e2e-spec.ts reads it); here the test sets one it knows.
    const token = await knownInvitationToken(db.url, invited.body.invitation.id);
    const pending = await call('GET', '/api/v1/org/members', { token: admin.token });
    expect(pending.body.invitations).toEqual([expect.objectContaining({ email, role: 'operator' })]);
    expect(pending.text).not.toContain(token);

    const stranger = await signUp();
    expectError(
      await call('POST', '/api/v1/invitations/accept', { token: stranger.token, body: { token } }),
      403,
      'Forbidden',
    );
    const newcomer = await signUp(email);
    await markEmailVerified(db.url, email);
    const accepted = await call('POST', '/api/v1/invitations/accept', { token: newcomer.token, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ organisation: { id: admin.orgId }, role: 'operator' });
    expect((await call('GET', '/api/v1/servers', { token: newcomer.token, org: admin.orgId })).status).toBe(200);
    expectError(
      await call('POST', '/api/v1/invitations/accept', { token: newcomer.token, body: { token } }),
      404,
      'NotFound',
    );
  });

  it('share links: read that one server without sign-in, nothing else, until revoked (on every replica)', async () => {
    const owner = await signUp();
    const freeShare = await call('POST', '/api/v1/servers/00000000-0000-4000-8000-000000000000/shares', {
      token: owner.token,
      body: {},
    });
    expectError(freeShare, 404, 'NotFound');
    await setPlan(owner.token, 'pro');
    const server = await call('POST', '/api/v1/servers', { token: owner.token, body: serverBody(2) });
    expect(server.status).toBe(201);
    await sql(
      db.url,
      `INSERT INTO server_metrics (time, server_id, status, tick_rate, player_count, player_limit, tech_tier, game_phase,
         game_phase_number, is_running, is_paused, total_duration, session_name, latency_ms)
       VALUES (now(), $1, 'online', 28.5, 3, 4, 5, 'GP_Project_Assembly_Phase_2', 2, true, false, 1000, 'Shared', 4)`,
      [server.body.id],
    );
    const created = await call('POST', `/api/v1/servers/${server.body.id}/shares`, {
      token: owner.token,
      body: { kind: 'overlay' },
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect(token).toMatch(/^gsm_p_[\w-]{40,}$/);
    expect(created.body).toMatchObject({ kind: 'overlay', api: `/api/v1/public/${token}`, url: `/overlay/${token}` });

    const summary = await call('GET', `/api/v1/public/${token}`, { replica: 1 });
    expect(summary.status).toBe(200);
    expect(summary.body.server).toMatchObject({ name: 'Factory 2' });
    expect(summary.text).not.toContain(String(sim.servers[2]!.port));
    const latest = await call('GET', `/api/v1/public/${token}/metrics/latest`);
    expect(latest.body).toMatchObject({ tick_rate: 28.5, player_count: 3, session_name: 'Shared' });
    const history = await call('GET', `/api/v1/public/${token}/metrics/history`, { replica: 1 });
    expect(history.status).toBe(200);

    // Nothing else: no writes, no other routes, the token is no bearer credential.
    expect((await call('POST', `/api/v1/public/${token}/metrics/latest`, { body: {} })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/public/${token}`)).status).toBe(404);
    expectError(await call('GET', '/api/v1/servers', { token }), 401, 'Unauthenticated');
    expectError(
      await call('GET', `/api/v1/servers/${server.body.id}/metrics/latest`, { token }),
      401,
      'Unauthenticated',
    );
    expectError(await call('GET', '/api/v1/public/gsm_p_unknown/metrics/latest'), 404, 'NotFound');

    const listed = await call('GET', `/api/v1/servers/${server.body.id}/shares`, { token: owner.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, kind: 'overlay' })]);
    expect(listed.text).not.toContain(token);

    // Revoked: both replicas refuse it at once (replica 1 had it cached).
    const revoke = await call('DELETE', `/api/v1/servers/${server.body.id}/shares/${created.body.id}`, {
      token: owner.token,
    });
    expect(revoke.status).toBe(204);
    expectError(await call('GET', `/api/v1/public/${token}`, { replica: 0 }), 404, 'NotFound');
    let other = await call('GET', `/api/v1/public/${token}`, { replica: 1 });
    for (let i = 0; i < 20 && other.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      other = await call('GET', `/api/v1/public/${token}`, { replica: 1 });
    }
    expectError(other, 404, 'NotFound');

    // Expiry.
    const shortLived = await call('POST', `/api/v1/servers/${server.body.id}/shares`, {
      token: owner.token,
      body: { expires_at: new Date(Date.now() + 1500).toISOString() },
    });
    expect((await call('GET', `/api/v1/public/${shortLived.body.token}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    expectError(await call('GET', `/api/v1/public/${shortLived.body.token}`), 404, 'NotFound');
    expectError(
      await call('POST', `/api/v1/servers/${server.body.id}/shares`, {
        token: owner.token,
        body: { expires_at: '2020-01-01T00:00:00Z' },
      }),
      400,
      'ValidationFailed',
    );
  });

  it('the audit log lists changes newest first, paged, for admins, without secrets', async () => {
    const admin = await signUp();
    await setPlan(admin.token, 'team');
    const server = await call('POST', '/api/v1/servers', { token: admin.token, body: serverBody(0) });
    expect(server.status).toBe(201);
    const renamed = await call('PATCH', `/api/v1/servers/${server.body.id}`, {
      token: admin.token,
      body: { name: 'Renamed', admin_password: sim.servers[0]!.admin_password },
    });
    expect(renamed.status).toBe(200);
    const apiToken = await call('POST', '/api/v1/tokens', {
      token: admin.token,
      body: { name: 'ci', scopes: ['servers:read'] },
    });
    await call('DELETE', `/api/v1/tokens/${apiToken.body.id}`, { token: admin.token });
    const share = await call('POST', `/api/v1/servers/${server.body.id}/shares`, { token: admin.token, body: {} });
    await call('DELETE', `/api/v1/servers/${server.body.id}/shares/${share.body.id}`, { token: admin.token });
    await call('DELETE', `/api/v1/servers/${server.body.id}`, { token: admin.token });

    const all = await call('GET', '/api/v1/audit?limit=200', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.items.map((e: { action: string }) => e.action)).toEqual([
      'server.deleted',
      'share.revoked',
      'share.created',
      'token.revoked',
      'token.created',
      'server.password_changed',
      'server.updated',
      'server.created',
      'plan.changed',
    ]);
    expect(all.body.items[8]).toMatchObject({
      actor: { user_id: admin.userId, email: admin.email },
      target: { type: 'organisation', id: admin.orgId },
      details: { plan: 'team', previous_plan: 'free' },
      request_id: expect.any(String),
    });
    expect(all.body.items[6].details).toEqual({ name: 'Renamed', fields: ['name'] });
    const first = await call('GET', '/api/v1/audit?limit=4', { token: admin.token });
    const next = await call('GET', `/api/v1/audit?limit=4&cursor=${first.body.next_cursor}`, { token: admin.token });
    expect([...first.body.items, ...next.body.items].map((e: { id: string }) => e.id)).toEqual(
      all.body.items.slice(0, 8).map((e: { id: string }) => e.id),
    );
    expect(all.text).not.toContain(sim.servers[0]!.admin_password);
    // A token's display prefix (gsm_t_ and 6 characters, as GET /tokens shows it) may appear; never a token.
    expect(all.text).not.toMatch(/gsm_[stpi]_[\w-]{12,}/);
    expect(all.text).not.toContain(apiToken.body.token);
    expect(all.text).not.toContain(share.body.token);
    expectError(await call('GET', '/api/v1/audit?cursor=abc', { token: admin.token }), 400, 'ValidationFailed');
  });

  it('no answer of the suite carried an admin password', () => {
    for (const s of sim.servers) for (const body of bodies) expect(body).not.toContain(s.admin_password);
  });
});
