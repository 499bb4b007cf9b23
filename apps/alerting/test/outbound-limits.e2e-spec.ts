import {
  confirmationToken,
  confirmRecipients,
  connectTestMessaging,
  createTestDatabase,
  isConfirmationMail,
  ServiceStack,
  setPlanIntervals,
  SimulatorProcess,
  startDiscordReceiver,
  startSmtpReceiver,
  type DiscordReceiver,
  type SmtpReceiver,
  signUpVerified,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 21).toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Outbound abuse (issue 21, item 5), attacked the way an abuser would, against the real services (api-gateway,
 * alerting, billing-limits, poller on PostgreSQL and NATS), a loopback SMTP server and a loopback Discord look-alike:
 * an e-mail channel naming someone else's address (a spam relay), a burst of test messages, thirty parallel creates
 * past the caps, and a "discord" channel that points somewhere else.
 */
describe('outbound limits: confirmed recipients, test-send throttle, caps, Discord hosts only', () => {
  let base = '';
  let smtp: SmtpReceiver;
  let discord: DiscordReceiver;
  let sim: SimulatorProcess;
  let serverId = '';
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '1500' });

  const call = async (method: string, path: string, body?: unknown, token?: string): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  let accounts = 0;
  /** A new account on the Pro plan (every kind of channel); answers its session token. */
  const proAccount = async (): Promise<string> => {
    const email = `outbound${++accounts}-${stack.prefix}@example.com`;
    const { token } = await signUpVerified(base, stack.db!.url, email, 'correct horse battery', 'Ev');
    const plan = await call('PUT', '/api/v1/billing/subscription', { plan: 'pro', period: 'monthly' }, token);
    expect(plan.status).toBe(200);
    return token;
  };
  let owner = '';

  beforeAll(async () => {
    const db = (stack.db = await createTestDatabase());
    await setPlanIntervals(db.url, { health: 2, power: 2, players: 2, trains: 2 }, ['pro']);
    sim = stack.sim = await SimulatorProcess.start(['--count', '1', '--seed', '5']);
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    [smtp, discord] = await Promise.all([startSmtpReceiver(), startDiscordReceiver()]);
    await stack.start('billing-limits');
    base = `http://127.0.0.1:${await stack.start('api-gateway')}`;
    await stack.start('poller', { POLLER_LEADER_TTL_MS: '3000', POLLER_TIMEOUT_MS: '5000' });
    await stack.start('alerting', {
      SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
      SMTP_FROM: 'Alerts <alerts@example.com>',
      PUBLIC_URL: 'https://monitor.example.com',
      // Tests only: the loopback Discord look-alike is a "Discord host" here (production accepts Discord's only).
      DISCORD_WEBHOOK_EXTRA_HOSTS: '127.0.0.1',
      // The rule cap made small so that 30 parallel creates cross it (the channel cap keeps its default of 25).
      ALERTING_MAX_RULES_PER_ORG: '20',
      ALERTING_RETRY_BASE_MS: '500',
      ALERTING_RETRY_MAX_MS: '2000',
    });
    owner = await proAccount();
    const s = sim.server(0);
    const res = await call(
      'POST',
      '/api/v1/servers',
      {
        name: 'Relay base',
        host: s.host,
        port: s.port,
        admin_password: s.admin_password,
        addon_http_port: s.addon_http_port,
        addon_ws_port: s.addon_ws_port,
      },
      owner,
    );
    expect(res.status).toBe(201);
    serverId = res.body.id;
  }, 180_000);

  afterAll(async () => {
    await stack.close();
    await Promise.all([smtp, discord].map((r) => r?.close()));
  });

  it('an e-mail recipient that has not confirmed gets only the confirmation mail, never an alert; once confirmed it gets alerts', async () => {
    const victim = `victim-${stack.prefix}@example.com`;
    const friend = `friend-${stack.prefix}@example.com`;
    const created = await call(
      'POST',
      '/api/v1/notification-channels',
      { kind: 'email', name: 'Buy cheap pills at spam.example', config: { to: [victim, friend] } },
      owner,
    );
    expect(created.status).toBe(201);
    const channelId = created.body.id as string;
    expect(created.body.recipients).toEqual([
      { address: victim, confirmed: false, expires_at: expect.any(String) },
      { address: friend, confirmed: false, expires_at: expect.any(String) },
    ]);
    const expires = Date.parse(created.body.recipients[0].expires_at) - Date.now();
    expect(Math.abs(expires - 72 * 3600_000)).toBeLessThan(60_000);
    // One confirmation mail each, addressed to that address alone, with a link to the dashboard.
    const mail = await smtp.waitForMessage((m) => isConfirmationMail(m, victim), 10_000);
    expect(mail.envelope.rcptTo).toEqual([victim]);
    expect(mail.text).toContain('https://monitor.example.com/confirm-recipient#token=');
    expect(mail.text).toMatch(/No alert is sent to this address until you confirm/);

    // A test message is an outbound send too: nobody confirmed, so nothing goes out and the answer says why.
    const test = await call('POST', `/api/v1/notification-channels/${channelId}/test`, undefined, owner);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ delivered: false });
    expect(test.body.error).toMatch(/no recipient has confirmed yet/);

    // Wrong, reused or missing tokens: a clear 400, nothing confirmed.
    const forged = await call('POST', '/api/v1/alert-recipients/confirm', { token: 'A'.repeat(43) });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toMatch(/not valid/);
    expect((await call('POST', '/api/v1/alert-recipients/confirm', {})).status).toBe(400);

    // The friend confirms (the link's token, no sign-in); the victim never does.
    await confirmRecipients(smtp, base, [friend]);
    const friendMail = smtp.messages.filter((m) => isConfirmationMail(m, friend)).at(-1)!;
    const reused = await call('POST', '/api/v1/alert-recipients/confirm', { token: confirmationToken(friendMail) });
    expect(reused.status).toBe(400);
    const listed = await call('GET', `/api/v1/notification-channels/${channelId}`, undefined, owner);
    expect(listed.body.recipients).toEqual([
      { address: victim, confirmed: false, expires_at: expect.any(String) },
      { address: friend, confirmed: true, expires_at: null },
    ]);

    // An alert: the server stops; the offline notice reaches the friend only.
    const rules = (await call('GET', `/api/v1/servers/${serverId}/alert-rules`, undefined, owner)).body as {
      id: string;
      kind: string;
    }[];
    const offline = rules.find((r) => r.kind === 'server_offline')!;
    expect(
      (
        await call(
          'PATCH',
          `/api/v1/servers/${serverId}/alert-rules/${offline.id}`,
          { pending_seconds: 0, channel_ids: [channelId] },
          owner,
        )
      ).status,
    ).toBe(200);
    await sim.setFault(0, 'stopped');
    const alert = await smtp.waitForMessage((m) => !isConfirmationMail(m) && m.subject.includes('Relay base'), 60_000);
    expect(alert.envelope.rcptTo).toEqual([friend]);
    await sleep(3000);
    const toVictim = smtp.messages.filter((m) => m.envelope.rcptTo.includes(victim));
    expect(toVictim.map((m) => m.headers['x-gsm-event'])).toEqual(['recipient-confirmation']);
    const log = await call('GET', `/api/v1/alerts/deliveries?channel_id=${channelId}`, undefined, owner);
    expect(JSON.stringify(log.body)).toContain('not confirmed');

    // A new link on request (the old one stops working); the victim, now willing, confirms and gets the next alert.
    const resent = await call('POST', `/api/v1/notification-channels/${channelId}/recipients/resend`, undefined, owner);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ sent: 1, pending: [victim] });
    await smtp.waitForMessages((m) => isConfirmationMail(m, victim), 2, 10_000);
    const stale = await call('POST', '/api/v1/alert-recipients/confirm', { token: confirmationToken(mail) });
    expect(stale.status).toBe(400);
    await confirmRecipients(smtp, base, [victim]);
    await sim.clearFaults(0);
    const back = await smtp.waitForMessage(
      (m) => !isConfirmationMail(m) && m.subject.includes('Relay base') && m.envelope.rcptTo.includes(victim),
      60_000,
    );
    expect(back.envelope.rcptTo.sort()).toEqual([friend, victim].sort());
  }, 180_000);

  it('test messages are throttled per user: the 11th within 10 minutes is refused with 429 and Retry-After', async () => {
    // The windows are fixed (aligned to 10 minutes): start well inside one, so the 11 sends fall into the same.
    const toBoundary = 600_000 - (Date.now() % 600_000);
    if (toBoundary < 30_000) await sleep(toBoundary + 1000);
    const token = await proAccount();
    const channel = await call(
      'POST',
      '/api/v1/notification-channels',
      { kind: 'discord', name: 'Burst', config: { url: discord.webhookUrl } },
      token,
    );
    expect(channel.status).toBe(201);
    const statuses: number[] = [];
    let refused: Answer | undefined;
    for (let i = 0; i < 11; i++) {
      const res = await call('POST', `/api/v1/notification-channels/${channel.body.id}/test`, undefined, token);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(refused!.body.error).toMatchObject({ code: 'TooManyRequests' });
    const wait = refused!.body.error.details.retry_after_seconds as number;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(refused!.headers.get('retry-after')).toBe(String(wait));
    // A parallel burst does not walk through either (one atomic counter in PostgreSQL).
    const other = await proAccount();
    const own = await call(
      'POST',
      '/api/v1/notification-channels',
      { kind: 'discord', name: 'Burst 2', config: { url: discord.webhookUrl } },
      other,
    );
    const burst = await Promise.all(
      Array.from({ length: 25 }, () =>
        call('POST', `/api/v1/notification-channels/${own.body.id}/test`, undefined, other),
      ),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(15);
  }, 120_000);

  it('caps hold under 30 parallel creates: 25 channels and 20 rules (the configured cap), the rest 409', async () => {
    const token = await proAccount();
    const channels = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(
          'POST',
          '/api/v1/notification-channels',
          { kind: 'discord', name: `Flood ${i}`, config: { url: discord.webhookUrl } },
          token,
        ),
      ),
    );
    expect(channels.filter((r) => r.status === 201)).toHaveLength(25);
    const conflicts = channels.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(5);
    expect(conflicts[0]!.body.error).toMatchObject({ code: 'Conflict', details: { limit: 25 } });
    expect(conflicts[0]!.body.error.message).toMatch(/25 notification channels/);
    expect((await call('GET', '/api/v1/notification-channels', undefined, token)).body).toHaveLength(25);

    const rules = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(
          'POST',
          `/api/v1/servers/${serverId}/alert-rules`,
          { kind: 'player_count_above', name: `Flood ${i}`, params: { above: i + 1 } },
          owner,
        ),
      ),
    );
    expect(rules.filter((r) => r.status === 201)).toHaveLength(20);
    const ruleConflicts = rules.filter((r) => r.status === 409);
    expect(ruleConflicts).toHaveLength(10);
    expect(ruleConflicts[0]!.body.error).toMatchObject({ code: 'Conflict', details: { limit: 20 } });
  }, 120_000);

  it('a discord channel sends to Discord only: other hosts get a clear 400', async () => {
    for (const url of [
      'https://example.com/api/webhooks/123456/abcDEF',
      'https://discord.com.evil.example/api/webhooks/123456/abcDEF',
      'https://evil.example/discord.com/api/webhooks/123456/abcDEF',
      'http://discord.com/api/webhooks/123456/abcDEF',
    ]) {
      const res = await call(
        'POST',
        '/api/v1/notification-channels',
        { kind: 'discord', name: 'x', config: { url } },
        owner,
      );
      expect({ url, status: res.status, code: res.body.error?.code }).toEqual({
        url,
        status: 400,
        code: 'ValidationFailed',
      });
      expect(res.body.error.message).toMatch(/Discord/);
      expect(res.body.error.details.fields[0].field).toBe('config.url');
    }
    // The same receiver behind a webhook channel is fine: that is what webhook channels are for.
    const hook = await call(
      'POST',
      '/api/v1/notification-channels',
      { kind: 'webhook', name: 'Generic', config: { url: `http://127.0.0.1:${smtp.port}/hook` } },
      owner,
    );
    expect(hook.status).toBe(201);
  });
});
