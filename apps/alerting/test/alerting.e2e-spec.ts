import { writeFileSync } from 'node:fs';
import {
  connectTestMessaging,
  createTestDatabase,
  ServiceProcess,
  serviceEnv,
  ServiceStack,
  SimulatorProcess,
  startDiscordReceiver,
  startSlackReceiver,
  startSmtpReceiver,
  confirmRecipients,
  isConfirmationMail,
  startTeamsReceiver,
  startTelegramReceiver,
  startWebhookReceiver,
  type DiscordReceiver,
  type DiscordWebhookPayload,
  type SlackReceiver,
  type SmtpReceiver,
  type TeamsReceiver,
  type TelegramReceiver,
  type TestDatabase,
  type WebhookReceiver,
  setPlanIntervals,
  signUpAndIn,
  signUpVerified,
  joinByInvitation,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64');
const TELEGRAM_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Alerting end to end: a simulated fleet polled by the real poller (intervals shortened to 2 s in this file's
 * database), two alerting replicas, the api-gateway and billing-limits, and receivers on loopback that check what
 * they get like Discord, Slack, Teams, a signature-checking webhook, an SMTP server and Telegram's bot API would.
 */
describe('alerting: rules, incidents and guaranteed delivery', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let base = '';
  let token = '';
  const serverIds: string[] = [];
  const channels: Record<string, string> = {};
  let discord: DiscordReceiver;
  let slack: SlackReceiver;
  let teams: TeamsReceiver;
  let hook: WebhookReceiver;
  let smtp: SmtpReceiver;
  let telegram: TelegramReceiver;
  let hookSecret = '';
  const bodies: string[] = [];
  const alerting: ServiceProcess[] = [];
  let alertingEnv: Record<string, string> = {};

  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '1500' });

  const call = async (method: string, path: string, body?: unknown, as = token, org?: string): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (org) headers['X-Org-Id'] = org;
    if (as) headers.Authorization = `Bearer ${as}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    bodies.push(text);
    return { status: res.status, text, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const setPlan = async (plan: string) => {
    const res = await call('PUT', '/api/v1/billing/subscription', { plan, period: 'monthly' });
    expect(res.status).toBe(200);
  };
  const rules = async (serverIndex: number) =>
    (await call('GET', `/api/v1/servers/${serverIds[serverIndex]}/alert-rules`)).body as { id: string; kind: string }[];
  const patchRule = async (serverIndex: number, kind: string, patch: Record<string, unknown>) => {
    const rule = (await rules(serverIndex)).find((r) => r.kind === kind)!;
    const res = await call('PATCH', `/api/v1/servers/${serverIds[serverIndex]}/alert-rules/${rule.id}`, patch);
    expect(res.status).toBe(200);
    return res.body;
  };
  const startAlerting = async () => {
    const proc = ServiceProcess.start('alerting', alertingEnv);
    alerting.push(proc);
    stack.processes.push(proc);
    await proc.ready(30_000);
    return proc;
  };
  /** Discord messages (accepted) whose embed title contains `text`. */
  const discordTitled = (text: string, receiver = discord) =>
    receiver
      .messages()
      .filter((m) => JSON.stringify((m as { embeds?: { title?: string }[] }).embeds?.[0]?.title ?? '').includes(text));

  beforeAll(async () => {
    db = stack.db = await createTestDatabase();
    // Poll every 2 s on Pro so that statuses confirm within seconds (the plan table is data).
    await setPlanIntervals(db.url, { health: 2, power: 2, players: 2, trains: 2 }, ['hobby', 'pro']);
    sim = stack.sim = await SimulatorProcess.start(['--count', '3', '--seed', '21']);
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    [discord, slack, teams, hook, smtp, telegram] = await Promise.all([
      startDiscordReceiver(),
      startSlackReceiver(),
      startTeamsReceiver(),
      startWebhookReceiver({ secret: 'unset' }),
      startSmtpReceiver(),
      startTelegramReceiver({ token: TELEGRAM_TOKEN }),
    ]);
    alertingEnv = serviceEnv(db.url, stack.prefix, {
      SECRETS_KEY,
      TARGET_ALLOW_CIDRS: '127.0.0.0/8',
      // The loopback Discord look-alike (tests only).
      DISCORD_WEBHOOK_EXTRA_HOSTS: '127.0.0.1',
      SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
      SMTP_FROM: 'Alerts <alerts@example.com>',
      TELEGRAM_API_URL: telegram.baseUrl,
      PUBLIC_URL: 'https://monitor.example.com',
      ALERTING_LEADER_TTL_MS: '3000',
      ALERTING_RETRY_BASE_MS: '500',
      ALERTING_RETRY_MAX_MS: '4000',
      ALERTING_MAX_FAILURES: '200',
      ALERTING_SWEEP_MS: '3000',
      ALERTING_ACK_WAIT_MS: '5000',
    });
    await stack.start('billing-limits');
    base = `http://127.0.0.1:${await stack.start('api-gateway')}`;
    // A stopped simulator refuses connections at once; the timeout only has to outlast a busy CI machine, where a
    // 1.5 s deadline made two slow polls in a row look like a real outage (and a second incident).
    await stack.start('poller', { POLLER_LEADER_TTL_MS: '3000', POLLER_TIMEOUT_MS: '5000' });
    await startAlerting();
    await startAlerting();
    token = (await signUpVerified(base, db.url, `alerts-${stack.prefix}@example.com`, 'correct horse battery', 'Ada'))
      .token;
    await setPlan('pro');
    for (let i = 0; i < 3; i++) {
      const s = sim.server(i);
      const res = await call('POST', '/api/v1/servers', {
        name: `Factory ${i}`,
        host: s.host,
        port: s.port,
        admin_password: s.admin_password,
        addon_http_port: s.addon_http_port,
        addon_ws_port: s.addon_ws_port,
      });
      expect(res.status).toBe(201);
      serverIds.push(res.body.id);
    }
  }, 180_000);

  afterAll(async () => {
    if (process.env.ALERTING_E2E_LOGS)
      for (const [i, p] of stack.processes.entries())
        writeFileSync(`${process.env.ALERTING_E2E_LOGS}/${i}-${p.app}.log`, p.output.join('\n'));
    await stack.close();
    await Promise.all([discord, slack, teams, hook, smtp, telegram].map((r) => r?.close()));
  });

  it('channels are plan-gated: Free has none, Hobby only Discord (403 naming the plan), Pro every kind', async () => {
    const as = (await signUpVerified(base, db.url, `free-${stack.prefix}@example.com`, 'correct horse battery', 'Bo'))
      .token;
    const free = await call(
      'POST',
      '/api/v1/notification-channels',
      { kind: 'discord', name: 'Ops', config: { url: discord.webhookUrl } },
      as,
    );
    expect(free.status).toBe(403);
    expect(free.body.error).toMatchObject({
      code: 'PlanLimitReached',
      details: { plan: 'free', required_plan: 'hobby' },
    });
    expect((await call('PUT', '/api/v1/billing/subscription', { plan: 'hobby', period: 'monthly' }, as)).status).toBe(
      200,
    );
    const slackOnHobby = await call(
      'POST',
      '/api/v1/notification-channels',
      { kind: 'slack', name: 'Ops', config: { url: slack.webhookUrl } },
      as,
    );
    expect(slackOnHobby.status).toBe(403);
    expect(slackOnHobby.body.error).toMatchObject({
      code: 'PlanLimitReached',
      details: { plan: 'hobby', required_plan: 'pro' },
    });
    expect(slackOnHobby.body.error.remedy).toMatch(/Pro/);
    const discordOnHobby = await call(
      'POST',
      '/api/v1/notification-channels',
      { kind: 'discord', name: 'Discord ops', config: { url: discord.webhookUrl } },
      as,
    );
    expect(discordOnHobby.status).toBe(201);
    const test = await call('POST', `/api/v1/notification-channels/${discordOnHobby.body.id}/test`, undefined, as);
    expect(test.body).toMatchObject({ delivered: true, receiver_status: 200 });
    discord.requests.length = 0;
  });

  it('every kind of channel: bad settings get a clear 400, secrets are masked, and a test message reaches each receiver', async () => {
    const bad = await call('POST', '/api/v1/notification-channels', {
      kind: 'discord',
      name: 'x',
      config: { url: 'https://example.com/not-a-webhook' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/Discord webhook URL/);
    const privateUrl = await call('POST', '/api/v1/notification-channels', {
      kind: 'slack',
      name: 'x',
      config: { url: 'http://10.0.0.8/hook' },
    });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body.error.code).toBe('TargetNotAllowed');

    const created = {
      discord: await call('POST', '/api/v1/notification-channels', {
        kind: 'discord',
        name: 'Discord',
        config: { url: discord.webhookUrl },
      }),
      slack: await call('POST', '/api/v1/notification-channels', {
        kind: 'slack',
        name: 'Slack',
        config: { url: slack.webhookUrl },
      }),
      teams: await call('POST', '/api/v1/notification-channels', {
        kind: 'teams',
        name: 'Teams',
        config: { url: teams.webhookUrl },
      }),
      webhook: await call('POST', '/api/v1/notification-channels', {
        kind: 'webhook',
        name: 'Hook',
        config: { url: hook.webhookUrl },
      }),
      email: await call('POST', '/api/v1/notification-channels', {
        kind: 'email',
        name: 'Mail',
        config: { to: ['ops@example.com'] },
      }),
      telegram: await call('POST', '/api/v1/notification-channels', {
        kind: 'telegram',
        name: 'Telegram',
        config: { bot_token: TELEGRAM_TOKEN, chat_id: '-100123456' },
      }),
    };
    for (const [kind, res] of Object.entries(created)) {
      expect(res.status).toBe(201);
      channels[kind] = res.body.id;
    }
    hookSecret = created.webhook.body.signing_secret;
    expect(hookSecret).toMatch(/^gsm_whsec_/);
    hook.setSecret(hookSecret);

    const list = await call('GET', '/api/v1/notification-channels');
    expect(list.body).toHaveLength(6);
    expect(list.text).not.toContain('test-token-abc');
    expect(list.text).not.toContain(TELEGRAM_TOKEN.split(':')[1]);
    expect(list.text).not.toContain(hookSecret);
    expect(list.body.find((c: { kind: string }) => c.kind === 'discord').target).toMatch(/••••/);

    // An e-mail recipient gets alerts (and test messages) only once it confirmed by the link mailed to it.
    await confirmRecipients(smtp, base, ['ops@example.com']);
    for (const kind of ['discord', 'slack', 'teams', 'webhook', 'email', 'telegram']) {
      const res = await call('POST', `/api/v1/notification-channels/${channels[kind]}/test`);
      expect({ kind, status: res.status, delivered: res.body.delivered, error: res.body.error }).toEqual({
        kind,
        status: 200,
        delivered: true,
        error: null,
      });
      expect(res.text).not.toContain(TELEGRAM_TOKEN);
    }
    expect(discord.accepted()).toHaveLength(1);
    expect(discord.requests.every((r) => r.problems.length === 0)).toBe(true);
    expect(slack.accepted()).toHaveLength(1);
    expect(teams.accepted()).toHaveLength(1);
    expect(hook.verified()).toHaveLength(1);
    const mail = await smtp.waitForMessage((m) => !isConfirmationMail(m), 5000);
    expect(mail.subject).toMatch(/TEST/);
    expect(mail.text.toLowerCase()).toContain('test');
    expect(mail.html).toContain('<');
    expect(telegram.messages()).toHaveLength(1);
  });

  it('a stopped server: exactly one "offline" message per channel after the pending period, and one "back online" with the downtime', async () => {
    await patchRule(0, 'server_offline', { pending_seconds: 4 });
    const before = Date.now();
    await sim.setFault(0, 'stopped');
    const offline = await discord.waitFor(
      (r) => r.status < 300 && r.rawBody.includes('Factory 0') && r.rawBody.includes('offline'),
      60_000,
    );
    // Confirmation by the poller (two polls) plus the rule's 4 s pending period.
    expect(offline.at - before).toBeGreaterThanOrEqual(4000);
    expect(offline.problems).toEqual([]);
    await hook.waitFor(
      (r) => r.status === 200 && r.rawBody.includes('"event":"fired"') && r.rawBody.includes('Factory 0'),
      15_000,
    );
    await smtp.waitForMessage((m) => m.subject.includes('Factory 0'), 15_000);
    await sim.clearFaults(0);
    const back = await discord.waitFor((r) => r.status < 300 && r.rawBody.includes('Back online'), 60_000);
    expect(back.rawBody).toMatch(/after \d+ s down|after \d+ min/);
    // The downtime is said once, in the summary's words: no "Downtime" field, no "Down for …" line.
    const embed = (back.json as DiscordWebhookPayload).embeds?.[0];
    expect(embed?.fields?.map((f) => f.name)).toEqual(['Server']);
    expect(embed?.description).not.toContain('Down for');
    const downtime = /after (.+) down/.exec(embed?.description ?? '')?.[1] ?? 'no downtime in the summary';
    expect(JSON.stringify(embed).split(downtime)).toHaveLength(2);
    await hook.waitFor((r) => r.status === 200 && r.rawBody.includes('"event":"resolved"'), 15_000);
    await sleep(6000); // anything doubled would have arrived by now
    expect(discordTitled('Server offline: Factory 0')).toHaveLength(1);
    expect(discordTitled('Back online: Factory 0')).toHaveLength(1);
    const hookEvents = hook
      .verified()
      .map((r) => ({
        body: r.json as {
          event: string;
          incident_id: string;
          rule: { kind: string };
          at: string;
          server: { name: string };
        },
        delivery: r.headers['x-gsm-delivery'],
        idempotency: r.headers['idempotency-key'],
      }))
      // This test is about the offline rule: the simulator's own random fuse trips (a preset rule) may alert too.
      .filter((b) => b.body.server.name === 'Factory 0' && b.body.rule.kind === 'server_offline');
    // The detail (incident, rule, delivery and idempotency key of each) shows in the diff if this ever fails.
    expect({
      events: hookEvents.map((b) => b.body.event).sort(),
      detail: hookEvents.map(
        (b) =>
          `${b.body.event} ${b.body.rule.kind} incident ${b.body.incident_id} at ${b.body.at} delivery ${b.delivery} key ${b.idempotency}`,
      ),
    }).toMatchObject({ events: ['fired', 'resolved'] });
    const incidents = await call('GET', `/api/v1/alerts/incidents?server_id=${serverIds[0]}`);
    const offlineIncidents = (incidents.body.items as { rule_kind: string; duration_seconds: number }[]).filter(
      (i) => i.rule_kind === 'server_offline',
    );
    expect(offlineIncidents).toHaveLength(1);
    expect(offlineIncidents[0]).toMatchObject({
      rule_kind: 'server_offline',
      state: 'resolved',
      severity: 'critical',
    });
    expect(offlineIncidents[0]!.duration_seconds).toBeGreaterThan(3);
  }, 150_000);

  it('a flap shorter than the pending period sends nothing', async () => {
    await patchRule(1, 'server_offline', { pending_seconds: 45 });
    const count = discord.requests.length;
    await sim.setFault(1, 'stopped');
    // Offline is confirmed after two 2 s polls; the 45 s pending period is not over when it is back.
    await sleep(12_000);
    await sim.clearFaults(1);
    await sleep(10_000);
    // Only the offline rule is under test: the simulated grids trip fuses on their own now and then (another rule).
    expect(
      discord.requests.slice(count).filter((r) => /Server offline: Factory 1|Back online: Factory 1/.test(r.rawBody)),
    ).toEqual([]);
    const incidents = await call('GET', `/api/v1/alerts/incidents?server_id=${serverIds[1]}`);
    expect((incidents.body.items as { rule_kind: string }[]).filter((i) => i.rule_kind === 'server_offline')).toEqual(
      [],
    );
  }, 60_000);

  it('a tripped fuse: one message naming the circuit', async () => {
    // The simulated grids trip on their own now and then; this test trips circuit 0 of Factory 2 itself.
    const title = 'Fuse tripped: Circuit 0 on Factory 2';
    const before = discordTitled(title).length;
    await sim.patchWorld(2, { fuseTripped: 0 });
    const msg = await discord.waitFor((r) => r.status < 300 && r.rawBody.includes(title), 30_000);
    expect(msg.problems).toEqual([]);
    expect(msg.rawBody).toMatch(/The fuse of circuit 0 on Factory 2 tripped/);
    await sleep(5000);
    expect(discordTitled(title).length).toBe(before + 1);
  }, 60_000);

  it('alerting killed (kill -9, both replicas) mid-incident and restarted: nothing lost, nothing doubled', async () => {
    await patchRule(1, 'server_offline', { pending_seconds: 0 });
    await sim.setFault(1, 'stopped');
    await discord.waitFor((r) => r.status < 300 && r.rawBody.includes('Server offline: Factory 1'), 60_000);
    for (const p of alerting.splice(0)) p.kill();
    await sim.clearFaults(1); // recovers while no alerting runs: the results wait in JetStream
    await sleep(8000);
    await startAlerting();
    await discord.waitFor((r) => r.status < 300 && r.rawBody.includes('Back online: Factory 1'), 60_000);
    await startAlerting();
    // The kill lands right after Discord got the "offline" message, before its sender recorded the answer: the
    // delivery stays claimed (2 x ALERTING_SEND_TIMEOUT_MS + 5 s), then the restarted replicas take it over. Only
    // once it is settled can a second copy be ruled out: wait for that rather than for a guessed time.
    const incidents = await call('GET', `/api/v1/alerts/incidents?server_id=${serverIds[1]}`);
    const incident = (incidents.body.items as { id: string; rule_kind: string }[]).find(
      (i) => i.rule_kind === 'server_offline',
    )!;
    const settled = Date.now() + 60_000;
    let deliveries: { channel_id: string; event: string; status: string; attempt_log: unknown[] }[];
    for (;;) {
      deliveries = (await call('GET', `/api/v1/alerts/incidents/${incident.id}`)).body.deliveries;
      const discordOnes = deliveries.filter((d) => d.channel_id === channels.discord);
      if (discordOnes.length === 2 && discordOnes.every((d) => d.status === 'sent')) break;
      if (Date.now() > settled) throw new Error(`deliveries not settled: ${JSON.stringify(deliveries)}`);
      await sleep(1000);
    }
    await sleep(4000); // a copy sent by a replica that did not record it yet would have arrived by now
    expect(discordTitled('Server offline: Factory 1')).toHaveLength(1);
    expect(discordTitled('Back online: Factory 1')).toHaveLength(1);
    // One attempt each: the "offline" one either answered 2xx or, sent by the killed replica, recorded as such.
    expect(
      deliveries.filter((d) => d.channel_id === channels.discord).map((d) => [d.event, d.attempt_log.length]),
    ).toEqual(
      expect.arrayContaining([
        ['fired', 1],
        ['resolved', 1],
      ]),
    );
  }, 180_000);

  it('the receiver answers 429, then 500, then is down for two minutes: the message arrives once it is back, exactly once', async () => {
    const flaky = await startDiscordReceiver();
    try {
      // Only the rule made here sends to this receiver: the others keep to the channels made so far.
      for (let i = 0; i < 3; i++)
        for (const r of await rules(i))
          expect(
            (
              await call('PATCH', `/api/v1/servers/${serverIds[i]}/alert-rules/${r.id}`, {
                channel_ids: Object.values(channels),
              })
            ).status,
          ).toBe(200);
      const ch = await call('POST', '/api/v1/notification-channels', {
        kind: 'discord',
        name: 'Flaky',
        config: { url: flaky.webhookUrl },
      });
      expect(ch.status).toBe(201);
      const rule = await call('POST', `/api/v1/servers/${serverIds[2]}/alert-rules`, {
        kind: 'tick_rate_below',
        params: { below: 25 },
        pending_polls: 1,
        channel_ids: [ch.body.id],
      });
      expect(rule.status).toBe(201);
      flaky.rateLimitNext(1);
      flaky.answerNext({ status: 500 });
      await sim.patchWorld(2, { tickRate: 18 }); // below the rule's 25/s, above the degraded preset's 15/s
      await flaky.waitForCount((r) => r.status === 500, 1, 30_000);
      await flaky.goDown();
      const downAt = Date.now();
      await sleep(120_000);
      await flaky.comeBack();
      const delivered = await flaky.waitFor((r) => r.status >= 200 && r.status < 300, 30_000);
      expect(delivered.at - downAt).toBeGreaterThanOrEqual(120_000);
      expect(delivered.rawBody).toContain('Tick rate low');
      await sleep(5000);
      expect(flaky.accepted()).toHaveLength(1);
      expect(flaky.requests.map((r) => r.status).slice(0, 2)).toEqual([429, 500]);
      const log = await call('GET', `/api/v1/alerts/deliveries?channel_id=${ch.body.id}`);
      expect(log.body.items).toHaveLength(1);
      const d = log.body.items[0];
      expect(d.status).toBe('sent');
      expect(d.attempt_log.map((a: { status_code: number | null }) => a.status_code).slice(0, 2)).toEqual([429, 500]);
      expect(d.attempt_log.at(-1).status_code).toBe(200);
      expect(d.attempt_log.some((a: { error: string | null }) => /refused/.test(a.error ?? ''))).toBe(true);
      await sim.patchWorld(2, { tickRate: null });
    } finally {
      await flaky.close();
    }
  }, 240_000);

  it('roles: a Viewer reads rules, channels, incidents and silences but changes nothing; an Operator changes them; a read-only token cannot write', async () => {
    const me = await call('GET', '/api/v1/me');
    const orgId = me.body.organisation_id as string;
    expect(orgId).toEqual(expect.any(String));
    await setPlan('team');
    const member = await signUpAndIn(base, `viewer-${stack.prefix}@example.com`, 'correct horse battery', 'Vi');
    // Members join by accepting an invitation (issue 22): the helper invites and accepts as the member.
    await joinByInvitation({
      baseUrl: base,
      databaseUrl: db.url,
      admin: { token },
      member: { token: member.token, email: member.user.email },
      role: 'viewer',
    });
    const viewer = member.token;
    const rulePath = `/api/v1/servers/${serverIds[0]}/alert-rules`;
    for (const path of [
      rulePath,
      '/api/v1/notification-channels',
      '/api/v1/alerts/incidents',
      '/api/v1/alerts/deliveries',
      '/api/v1/silences',
    ])
      expect({ path, status: (await call('GET', path, undefined, viewer, orgId)).status }).toEqual({
        path,
        status: 200,
      });
    const writes: [string, string, unknown][] = [
      ['POST', rulePath, { kind: 'player_joined' }],
      ['POST', '/api/v1/notification-channels', { kind: 'discord', name: 'x', config: { url: discord.webhookUrl } }],
      ['POST', `/api/v1/notification-channels/${channels.discord}/test`, undefined],
      ['DELETE', `/api/v1/notification-channels/${channels.discord}`, undefined],
      ['POST', '/api/v1/silences', { ends_at: new Date(Date.now() + 3600_000).toISOString() }],
    ];
    for (const [method, path, body] of writes)
      expect({ path, status: (await call(method, path, body, viewer, orgId)).status }).toEqual({ path, status: 403 });
    const promoted = await call('PATCH', `/api/v1/org/members/${member.user.id}`, { role: 'operator' });
    expect(promoted.status).toBe(200);
    const silence = await call(
      'POST',
      '/api/v1/silences',
      { server_id: serverIds[1], ends_at: new Date(Date.now() + 3600_000).toISOString(), reason: 'maintenance' },
      viewer,
      orgId,
    );
    expect(silence.status).toBe(201);
    expect(silence.body).toMatchObject({ server_id: serverIds[1], active_now: true, reason: 'maintenance' });
    const weekly = await call('POST', '/api/v1/silences', {
      recurrence: { days: ['sun'], start: '23:00', duration_minutes: 120, time_zone: 'Mars/Olympus' },
    });
    expect(weekly.status).toBe(400);
    expect(weekly.body.error.message).toMatch(/time zone/);
    expect((await call('DELETE', `/api/v1/silences/${silence.body.id}`, undefined, viewer, orgId)).status).toBe(204);
    const readOnly = await call('POST', '/api/v1/tokens', { name: 'reader', scopes: ['alerts:read'] });
    expect(readOnly.status).toBe(201);
    expect((await call('GET', rulePath, undefined, readOnly.body.token)).status).toBe(200);
    expect((await call('POST', rulePath, { kind: 'player_joined' }, readOnly.body.token)).status).toBe(403);
  });

  it("a channel's language: kept by the REST API, and an outage told in German to a German channel", async () => {
    const german = await startDiscordReceiver();
    try {
      const channel = { kind: 'discord', name: 'Pioniere', config: { url: german.webhookUrl } };
      const refused = await call('POST', '/api/v1/notification-channels', { ...channel, locale: 'tlh' });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain('locale: must be one of en, de, es, fr, nl');
      const created = await call('POST', '/api/v1/notification-channels', channel);
      expect([created.status, created.body.locale]).toEqual([201, 'en']);
      const id = created.body.id as string;
      const changed = await call('PATCH', `/api/v1/notification-channels/${id}`, { locale: 'de' });
      expect([changed.status, changed.body.locale]).toEqual([200, 'de']);
      expect((await call('PATCH', `/api/v1/notification-channels/${id}`, { locale: 'DE' })).status).toBe(400);
      const listed = (await call('GET', '/api/v1/notification-channels')).body as { id: string; locale: string }[];
      expect(listed.find((c) => c.id === id)?.locale).toBe('de');
      expect(listed.find((c) => c.id === channels.discord)?.locale).toBe('en');
      // The rules name their channels since the 429 test: Factory 0's offline rule tells this one and the English one.
      const offlineRule = (await rules(0)).find((r) => r.kind === 'server_offline')!;
      const ruleChannels = await call('PATCH', `/api/v1/servers/${serverIds[0]}/alert-rules/${offlineRule.id}`, {
        channel_ids: [id, channels.discord],
      });
      expect(ruleChannels.status).toBe(200);

      await sim.setFault(0, 'stopped');
      const offline = await german.waitFor(
        (r) => r.status < 300 && r.rawBody.includes('Factory 0 ist offline'),
        60_000,
      );
      expect(offline.problems).toEqual([]);
      await sim.clearFaults(0);
      const back = await german.waitFor(
        (r) => r.status < 300 && r.rawBody.includes('Wieder online: Factory 0'),
        60_000,
      );
      const embed = (back.json as DiscordWebhookPayload).embeds?.[0];
      expect(embed?.description).toMatch(/^Factory 0 ist nach .+ Ausfall wieder online\./);
      // The downtime once, in the sentence: no "Ausfallzeit" field, no "Ausgefallen für …" line.
      expect(embed?.description).not.toContain('Ausgefallen für');
      expect(embed?.fields?.map((f) => f.name)).toEqual(['Server']);
      const downtime = /nach (.+) Ausfall/.exec(embed?.description ?? '')?.[1] ?? 'keine Ausfallzeit im Satz';
      expect(JSON.stringify(embed).split(downtime)).toHaveLength(2);
      expect(embed?.footer?.text).toMatch(/^Vorfall [0-9a-f]{8} · Regel: Server offline$/);
      // The English channel was told of the same outage in English.
      await discord.waitFor(
        (r) => r.status < 300 && r.at >= back.at - 10_000 && r.rawBody.includes('Back online'),
        30_000,
      );
      expect((await call('DELETE', `/api/v1/notification-channels/${id}`)).status).toBe(204);
    } finally {
      await german.close();
    }
  }, 150_000);

  it('no response, log line or error holds a webhook URL, bot token or signing secret', () => {
    const all = bodies.join('\n');
    expect(all).not.toContain('test-token-abc');
    expect(all).not.toContain(TELEGRAM_TOKEN);
    for (const p of stack.processes) {
      const logs = p.output.join('\n');
      expect(logs).not.toContain('test-token-abc');
      expect(logs).not.toContain(TELEGRAM_TOKEN);
      if (hookSecret) expect(logs).not.toContain(hookSecret);
    }
  });
});
