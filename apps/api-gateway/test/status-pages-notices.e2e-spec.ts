import { signWebhook, WEBHOOK_HEADERS } from '@app/alerts';
import {
  connectTestMessaging,
  createTestDatabase,
  HttpReceiver,
  ServiceStack,
  signUpVerified,
  sql,
  startSmtpReceiver,
  type ReceivedRequest,
  type SmtpReceiver,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 42).toString('base64');
const PUBLIC_URL = 'https://status.example.com';
const GATEWAY_ENV = {
  PUBLIC_URL,
  STATUS_OUTBOX_TICK_MS: '100',
  STATUS_OUTBOX_RETRY_MS: '300',
  STATUS_NOTICE_TICK_MS: '300',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Issue 24 §2's maintenance notices and webhook delivery, over real processes (billing-limits, alerting, TWO
 * api-gateway replicas), PostgreSQL, NATS, an SMTP receiver and webhook receivers on loopback: weekly windows made
 * through the API and windows written straight into the table are announced, each window's start is noticed, every
 * notice exactly once across the replicas and a restart; webhooks are signed like the alerting webhooks and retried
 * with backoff from the outbox; a slow receiver and one answering a huge body delay nobody else.
 */
describe('status page maintenance notices and webhook delivery (issue 24 §2)', () => {
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', TRUST_PROXY: '1' });
  let smtp: SmtpReceiver;
  let hook: HttpReceiver;
  let bases: string[] = [];
  let token = '';
  let orgId = '';
  let flakyCalls = 0;
  const secrets: Record<string, string> = {};
  const slug = `notices-${Date.now().toString(36)}`;
  const email = `notices-${Date.now().toString(36)}@example.com`;

  const call = async (method: string, path: string, body?: unknown, base = bases[0]!): Promise<Json> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const startGateway = async () =>
    `http://127.0.0.1:${await stack.start('api-gateway', {
      SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
      SMTP_FROM: 'Status <status@example.com>',
      ...GATEWAY_ENV,
    })}`;
  const of = (path: string, event: string) => (r: ReceivedRequest) =>
    r.path === path && r.headers[WEBHOOK_HEADERS.event] === event;
  const count = (path: string, event: string) => hook.requests.filter(of(path, event)).length;
  const verify = (r: ReceivedRequest, secret: string) =>
    r.headers[WEBHOOK_HEADERS.signature] ===
    signWebhook(secret, Number(r.headers[WEBHOOK_HEADERS.timestamp]), r.rawBody);

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    smtp = await startSmtpReceiver();
    hook = await HttpReceiver.start({
      name: 'status webhooks',
      handler: (r) => {
        if (r.path === '/flaky') return { status: ++flakyCalls <= 2 ? 500 : 200, body: { n: flakyCalls } };
        if (r.path === '/slow') return { status: 200, delayMs: 8_000 };
        if (r.path === '/huge') return { status: 200, body: Buffer.alloc(16 * 1024 * 1024, 120) };
        return { status: 200, body: { received: true } };
      },
    });
    await stack.start('billing-limits');
    await stack.start('alerting');
    bases = [await startGateway(), await startGateway()];
    const account = await signUpVerified(
      bases[0]!,
      stack.db.url,
      `owner-${stack.prefix}@example.com`,
      'correct horse battery',
      'Ada',
    );
    token = account.token;
    expect((await call('PUT', '/api/v1/billing/subscription', { plan: 'pro', period: 'monthly' })).status).toBe(200);
    const created = await call('POST', '/api/v1/status-pages', { slug, title: 'Notices', server_ids: [] });
    expect(created.status).toBe(201);
    orgId = (await sql<{ id: string }>(stack.db.url, 'SELECT org_id::text AS id FROM status_pages'))[0]!.id;
    for (const path of ['/good', '/flaky', '/slow', '/huge']) {
      const res = await call('POST', `/api/v1/status/${slug}/subscriptions`, {
        webhook_url: `http://127.0.0.1:${hook.port}${path}`,
      });
      expect(res.status).toBe(202);
      expect(res.body.signing_secret).toMatch(/^[\w-]{40,}$/);
      secrets[path] = res.body.signing_secret;
    }
    const subscribed = Date.now();
    const form = await fetch(`${bases[1]}/api/v1/status/${slug}/subscriptions?lang=de`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(form.status).toBe(202);
    const mail = await smtp.waitForMessage((m) => m.to.includes(email) && m.at >= subscribed, 20_000);
    const link = /\/status\/[\w-]+\/confirm\/[\w-]+\?lang=de/.exec(mail.text)?.[0];
    expect((await fetch(`${bases[0]}${link}`)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await stack.close();
    await Promise.all([smtp?.close(), hook?.close()]);
  });

  it('a weekly window made through the API is announced and its start noticed, once each across two replicas, signed', async () => {
    const now = new Date();
    // The window starts at the next full minute (the one after, when this one is nearly over), UTC, every day.
    const start = new Date(Math.ceil((now.getTime() + (now.getUTCSeconds() > 40 ? 60_000 : 1)) / 60_000) * 60_000);
    const hhmm = start.toISOString().slice(11, 16);
    const created = Date.now();
    const silence = await call('POST', '/api/v1/silences', {
      reason: 'Weekly backup',
      recurrence: {
        days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        start: hhmm,
        duration_minutes: 5,
        time_zone: 'UTC',
      },
    });
    expect(silence.status).toBe(201);

    const announced = await hook.waitFor(of('/good', 'maintenance'), 20_000);
    // Not held up by the receiver that never answers (the deadline is 5 s) nor by the one answering 16 MB.
    expect(announced.at - created).toBeLessThan(4_500);
    expect(verify(announced, secrets['/good']!)).toBe(true);
    expect(verify(announced, secrets['/flaky']!)).toBe(false);
    expect(announced.json).toMatchObject({
      page: { slug, title: 'Notices' },
      maintenance: {
        reason: 'Weekly backup',
        recurrence: { days: [1, 2, 3, 4, 5, 6, 7], start: hhmm, duration_minutes: 5, time_zone: 'UTC' },
      },
    });
    expect((announced.json as Json).maintenance.recurrence.next_start).toBe(start.toISOString());
    const mail = await smtp.waitForMessage((m) => m.to.includes(email) && /Geplante Wartung/.test(m.subject), 20_000);
    expect(mail.subject).toBe('[Notices] Geplante Wartung: Weekly backup');
    expect(mail.text).toContain(`Jede Woche`);

    // The failing receiver: 500, 500, then 200, the same notification (idempotency key) with backoff between.
    const flaky = await hook.waitForCount(of('/flaky', 'maintenance'), 3, 20_000);
    expect(flaky.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(new Set(flaky.map((r) => r.headers[WEBHOOK_HEADERS.idempotency])).size).toBe(1);
    expect(new Set(flaky.map((r) => r.headers[WEBHOOK_HEADERS.delivery])).size).toBe(3);
    expect(flaky[2]!.at - flaky[1]!.at).toBeGreaterThanOrEqual(flaky[1]!.at - flaky[0]!.at - 100);
    expect(verify(flaky[2]!, secrets['/flaky']!)).toBe(true);

    const started = await hook.waitFor(of('/good', 'maintenance_started'), 150_000);
    expect(started.json).toEqual({
      page: { slug, title: 'Notices' },
      maintenance_started: {
        reason: 'Weekly backup',
        started_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 5 * 60_000).toISOString(),
      },
    });
    expect(started.at).toBeGreaterThanOrEqual(start.getTime());
    await smtp.waitForMessage(
      (m) => m.to.includes(email) && /^\[Notices\] Die Wartung hat begonnen: Weekly backup$/.test(m.subject),
      20_000,
    );

    // Both replicas keep looking (every 300 ms): still exactly one of each per receiver.
    await new Promise((r) => setTimeout(r, 3_000));
    expect([count('/good', 'maintenance'), count('/good', 'maintenance_started')]).toEqual([1, 1]);
    expect(count('/huge', 'maintenance')).toBe(1);
    expect(smtp.messages.filter((m) => m.to.includes(email) && /Wartung/.test(m.subject))).toHaveLength(2);
    const [slow] = await sql<{ attempts: number; last_error: string; sent_at: Date | null }>(
      stack.db!.url,
      `SELECT o.attempts, o.last_error, o.sent_at FROM status_outbox o JOIN status_subscribers s ON s.id = o.subscriber_id
       WHERE o.payload->>'event' = 'maintenance' AND s.kind = 'webhook' ORDER BY o.attempts DESC LIMIT 1`,
    );
    expect(slow).toMatchObject({ sent_at: null, last_error: 'no answer within 5000 ms' });
    expect(slow!.attempts).toBeGreaterThanOrEqual(1);
    // Webhook URLs are secrets: no log line of either replica names a receiver.
    const logs = stack.processes.filter((p) => p.app === 'api-gateway').flatMap((p) => p.output);
    expect(logs.some((line) => line.includes('status notification failed'))).toBe(true);
    expect(logs.filter((line) => line.includes(`:${hook.port}`))).toEqual([]);
    const notices = await sql<{ kind: string }>(
      stack.db!.url,
      'SELECT kind FROM status_maintenance_notices ORDER BY kind',
    );
    expect(notices.map((n) => n.kind)).toEqual(['announce', 'start']);
  }, 240_000);

  it('a window written straight into the table while every replica was down is announced after the restart, and its start noticed', async () => {
    for (const p of stack.processes.filter((p) => p.app === 'api-gateway')) p.kill();
    const startsAt = new Date(Date.now() + 15_000);
    await sql(
      stack.db!.url,
      `INSERT INTO silences (org_id, reason, starts_at, ends_at, days) VALUES ($1, 'Disk swap', $2, $3, '{}')`,
      [orgId, startsAt, new Date(startsAt.getTime() + 3_600_000)],
    );
    const restarted = Date.now();
    bases = [await startGateway()];
    const announced = await hook.waitFor((r) => of('/good', 'maintenance')(r) && r.at >= restarted, 20_000);
    expect(announced.json).toEqual({
      page: { slug, title: 'Notices' },
      maintenance: {
        reason: 'Disk swap',
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      },
    });
    const started = await hook.waitFor((r) => of('/good', 'maintenance_started')(r) && r.at >= restarted, 40_000);
    expect((started.json as Json).maintenance_started).toMatchObject({
      reason: 'Disk swap',
      started_at: startsAt.toISOString(),
    });
    expect(started.at).toBeGreaterThanOrEqual(startsAt.getTime());
  }, 120_000);

  it("the public HTML routes answer errors as small pages in the page's language; old ?token= links still work", async () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${bases[0]}${path}`, { headers: { Accept: 'text/html', ...headers }, redirect: 'manual' });
    const missing = await get('/status/no-such-page?lang=fr');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(missing.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await missing.text()).toContain('Cette page de statut n’existe pas.');
    const unknown = await get(`/status/${slug}/confirm/not-a-real-token`, { 'Accept-Language': 'nl' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('data-message');
    // An unsubscribe link that is not (or no longer) valid does not offer a button that cannot work.
    const unknownForm = await get(`/status/${slug}/unsubscribe/not-a-real-token`);
    expect(unknownForm.status).toBe(404);
    expect(await unknownForm.text()).not.toContain('<form');
    // An old link of a page that does not exist is not redirected to one.
    expect((await get('/status/no-such-page/unsubscribe?token=abc_DEF-123')).status).toBe(404);
    const badForm = await fetch(`${bases[0]}/status/${slug}/subscribe?lang=de`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-address',
    });
    expect(badForm.status).toBe(400);
    expect(badForm.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await badForm.text()).toContain('Diese Anfrage ist ungültig');

    // A link mailed before the token moved into the path: redirected to the path form (a browser follows it) ...
    const old = await get(`/status/${slug}/unsubscribe?token=abc_DEF-123&lang=es`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/status/${slug}/unsubscribe/abc_DEF-123?lang=es`);
    // ... and a mail client's one-click POST to the old form is answered in place (unknown token: 404, a page).
    const oneClick = await fetch(`${bases[0]}/status/${slug}/unsubscribe?token=abc_DEF-123&lang=es`, {
      method: 'POST',
    });
    expect(oneClick.status).toBe(404);
    expect(oneClick.headers.get('content-type')).toMatch(/^text\/html/);
  });

  // Last: the gateway started here keeps the plan it read (cached 30 s), so nothing after it needs the page.
  it("status pages are the plan's own entitlement: a plan with share links but without status pages gets none", async () => {
    for (const p of stack.processes.filter((p) => p.app === 'api-gateway')) p.kill();
    await sql(stack.db!.url, "UPDATE plans SET status_pages = false WHERE id = 'pro'");
    try {
      bases = [await startGateway()];
      const refused = await call('POST', '/api/v1/status-pages', { slug: `${slug}-2`, title: 'Two', server_ids: [] });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'PlanLimitReached', details: { plan: 'pro' } });
      expect((await fetch(`${bases[0]}/api/v1/status/${slug}`)).status).toBe(404);
      const plans = await call('GET', '/api/v1/plans');
      expect(plans.body.find((p: Json) => p.id === 'pro')).toMatchObject({ share_links: true, status_pages: false });
    } finally {
      await sql(stack.db!.url, "UPDATE plans SET status_pages = true WHERE id = 'pro'");
    }
  }, 60_000);
});
