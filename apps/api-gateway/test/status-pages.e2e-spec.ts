import {
  connectTestMessaging,
  createTestDatabase,
  HttpReceiver,
  ServiceStack,
  setPlanIntervals,
  signUpVerified,
  SimulatorProcess,
  sql,
  startSmtpReceiver,
  type ReceivedEmail,
  type SmtpReceiver,
} from '@app/testing';
import { JSDOM } from 'jsdom';

const SECRETS_KEY = Buffer.alloc(32, 24).toString('base64');
const PUBLIC_URL = 'https://status.example.com';
const PASSWORD = 'correct horse battery';
/** The share API's limits the status pages reuse, low enough to reach in a test. */
const READS_PER_MINUTE = 40;
const SUBSCRIPTIONS_PER_MINUTE = 4;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Json;
}

/**
 * Issue 24 §2 as a visitor and an owner meet it, over real processes (billing-limits, api-gateway, poller), the
 * simulator, PostgreSQL, NATS, an SMTP receiver and a webhook receiver on loopback: a Pro organisation publishes a
 * status page; the page, its badges and JSON follow the server going down and coming back; subscribers confirm by
 * mail (double opt-in), get the incident updates by mail (one-click unsubscribe) and webhook; the Atom feed parses;
 * the public routes are rate limited per address (429 with Retry-After). Every page is fetched without a browser:
 * the essentials work without JavaScript.
 */
describe('public status pages (issue 24 §2)', () => {
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', TRUST_PROXY: '1' });
  let sim: SimulatorProcess;
  let smtp: SmtpReceiver;
  let hook: HttpReceiver;
  let base = '';
  let token = '';
  let serverId = '';
  let pageId = '';
  let address = 0;
  const slug = `factory-${Date.now().toString(36)}`;
  /** A client address of its own for each step (the limits count per address). */
  const fresh = () => `198.18.24.${++address}`;

  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; auth?: boolean; from?: string; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { 'X-Forwarded-For': options.from ?? fresh(), ...options.headers };
    if (options.auth !== false && token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    const isJson = res.headers.get('content-type')?.startsWith('application/json') && text;
    return { status: res.status, headers: res.headers, text, body: isJson ? JSON.parse(text) : null };
  };
  const page = (query = '', headers: Record<string, string> = {}) =>
    call('GET', `/status/${slug}${query}`, { auth: false, headers: { Accept: 'text/html', ...headers } });
  const html = (text: string) => new JSDOM(text).window.document;
  const until = async <T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== null) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const publicStatus = async (wanted: string) =>
    until(`the status page to show ${wanted}`, async () => {
      const res = await call('GET', `/api/v1/status/${slug}`, { auth: false });
      return res.body?.servers?.[0]?.status === wanted ? res : null;
    });
  const mailTo = (email: string, subject: RegExp, after: number): Promise<ReceivedEmail> =>
    smtp.waitForMessage((m) => m.to.includes(email) && subject.test(m.subject) && m.at >= after, 20_000);
  /** A link of a mail, pointed at the gateway under test instead of PUBLIC_URL. */
  const local = (url: string) => url.replace(PUBLIC_URL, '');

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    await setPlanIntervals(stack.db.url, { health: 2 });
    sim = stack.sim = await SimulatorProcess.start(['--count', '1', '--seed', '24']);
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    smtp = await startSmtpReceiver();
    hook = await HttpReceiver.start({ name: 'status webhook' });
    await stack.start('billing-limits');
    // Silences are alerting's: the gateway asks it over NATS (maintenance windows made through the API).
    await stack.start('alerting');
    base = `http://127.0.0.1:${await stack.start('api-gateway', {
      SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
      SMTP_FROM: 'Status <status@example.com>',
      PUBLIC_URL,
      SHARE_RATE_PER_ADDRESS: String(READS_PER_MINUTE),
      SHARE_UNKNOWN_PER_ADDRESS: String(SUBSCRIPTIONS_PER_MINUTE),
      SHARE_ANSWER_CACHE_MS: '500',
    })}`;
    await stack.start('poller', { POLLER_LEADER_TTL_MS: '3000', POLLER_TIMEOUT_MS: '5000' });
    token = (await signUpVerified(base, stack.db.url, `status-${stack.prefix}@example.com`, PASSWORD, 'Ada')).token;
    const s = sim.server(0);
    const created = await call('POST', '/api/v1/servers', {
      body: { name: 'Factory Alpha', host: s.host, port: s.port, admin_password: s.admin_password },
    });
    expect(created.status).toBe(201);
    serverId = created.body.id;
  }, 180_000);

  afterAll(async () => {
    await stack.close();
    await Promise.all([smtp?.close(), hook?.close()]);
  });

  it('is a Pro feature: Free gets 403 PlanLimitReached naming Pro; on Pro an Operator publishes the chosen servers', async () => {
    const refused = await call('POST', '/api/v1/status-pages', {
      body: { slug, title: 'Alpha', server_ids: [serverId] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'PlanLimitReached',
      details: { plan: 'free', required_plan: 'pro' },
    });
    expect(
      (await call('PUT', '/api/v1/billing/subscription', { body: { plan: 'pro', period: 'monthly' } })).status,
    ).toBe(200);
    const bad = await call('POST', '/api/v1/status-pages', {
      body: { slug: 'Not A Slug', title: '', server_ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('ValidationFailed');
    const created = await call('POST', '/api/v1/status-pages', {
      body: { slug, title: 'Alpha <Community> Servers', server_ids: [serverId] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug, server_ids: [serverId], url: `/status/${slug}` });
    pageId = created.body.id;
    const taken = await call('POST', '/api/v1/status-pages', { body: { slug, title: 'Copy', server_ids: [] } });
    expect(taken.status).toBe(409);
    const audit = await call('GET', '/api/v1/audit?limit=20');
    expect((audit.body.items as { action: string }[]).map((i) => i.action)).toContain('status_page.created');
  });

  it('the page is server-rendered HTML (no script, strict CSP): status, players, 90 bars, escaped title, no address', async () => {
    await publicStatus('online');
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src|unsafe-inline/);
    const doc = html(res.text);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.querySelector('h1')?.textContent).toBe('Alpha <Community> Servers');
    expect(res.text).not.toContain('<Community>');
    expect(doc.querySelector('[data-overall]')?.textContent).toBe('All systems operational');
    const card = doc.querySelector('[data-server="0"]')!;
    expect(card.textContent).toContain('Factory Alpha');
    expect(card.querySelector('[data-status]')?.getAttribute('data-status')).toBe('online');
    expect(card.querySelector('[data-players]')?.textContent).toMatch(/^Players: \d+/);
    const bars = card.querySelectorAll('rect');
    expect(bars).toHaveLength(90);
    // Today's bar: its colour follows its own breakdown (the title a reader hovers), and the server was up today.
    // Whether it also passed through "degraded" or "loading" while its first polls came in depends on the start-up's
    // timing, so the colour is checked against the breakdown rather than fixed to "up".
    const today = /^(\d{4}-\d{2}-\d{2}): Online ([\d.]+)%, Degraded ([\d.]+)%, Offline ([\d.]+)%$/.exec(
      bars[89]!.querySelector('title')?.textContent ?? '',
    );
    expect(today).not.toBeNull();
    const [, day, online, degraded, offline] = today!;
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect([dayOf(Date.now()), dayOf(Date.now() - 60_000)]).toContain(day); // a run across midnight UTC
    expect(Number(online)).toBeGreaterThan(0);
    const level = Number(offline) > 0 ? 'd-down' : Number(degraded) > 0 ? 'd-degraded' : 'd-up';
    expect(bars[89]!.getAttribute('class')).toBe(level);
    // The days before the server existed have no data.
    expect(bars[0]!.getAttribute('class')).toBe('d-none');
    const s = sim.server(0);
    for (const secret of [s.host, String(s.port), s.admin_password]) expect(res.text).not.toContain(secret);

    const de = html((await page('?lang=de')).text);
    expect(de.documentElement.lang).toBe('de');
    expect(de.querySelector('[data-overall]')?.textContent).toBe('Alle Systeme betriebsbereit');
    const fr = html((await page('', { 'Accept-Language': 'nl;q=0.5, fr-CH, en;q=0.8' })).text);
    expect(fr.querySelector('[data-overall]')?.textContent).toBe('Tous les systèmes sont opérationnels');
    expect((await call('GET', '/status/no-such-page', { auth: false })).status).toBe(404);
  });

  it('a subscriber confirms by the mailed link (double opt-in, token stored hashed); a webhook subscribes', async () => {
    const email = `visitor-${stack.prefix}@example.com`;
    const started = Date.now();
    const form = await call('POST', `/status/${slug}/subscribe?lang=en`, {
      auth: false,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({ email }).toString(),
    });
    expect(form.status).toBe(200);
    expect(html(form.text).querySelector('[data-message]')?.textContent).toMatch(/sent a confirmation link/);
    const mail = await mailTo(email, /^Confirm your subscription to Alpha <Community> Servers$/, started);
    const link = /https:\/\/status\.example\.com\/status\/[\w-]+\/confirm\/[\w-]+\?lang=en/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const [row] = await sql<{ confirmed_at: Date | null; confirm_token_hash: string }>(
      stack.db!.url,
      'SELECT confirmed_at, confirm_token_hash FROM status_subscribers WHERE email = $1',
      [email],
    );
    expect(row!.confirmed_at).toBeNull();
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(link).not.toContain(row!.confirm_token_hash);
    const confirmed = await call('GET', local(link!), { auth: false });
    expect(confirmed.status).toBe(200);
    expect(html(confirmed.text).querySelector('[data-message]')?.textContent).toBe('Your subscription is confirmed.');
    expect((await call('GET', local(link!), { auth: false })).status).toBe(404);

    const refused = await call('POST', `/api/v1/status/${slug}/subscriptions`, {
      auth: false,
      body: { webhook_url: 'http://169.254.169.254/latest' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('TargetNotAllowed');
    const webhook = await call('POST', `/api/v1/status/${slug}/subscriptions`, {
      auth: false,
      body: { webhook_url: `http://127.0.0.1:${hook.port}/status-hook?key=s3cret` },
    });
    expect(webhook.status).toBe(202);
    expect(webhook.body).toMatchObject({ kind: 'webhook', confirmation: 'none' });
    const [sealed] = await sql<{ url: Buffer }>(
      stack.db!.url,
      "SELECT webhook_url_sealed AS url FROM status_subscribers WHERE kind = 'webhook'",
    );
    expect(sealed!.url.toString('latin1')).not.toContain('s3cret');
  });

  it('a server going down and coming back shows on the page, the badges and the JSON; incidents reach subscribers', async () => {
    const email = `visitor-${stack.prefix}@example.com`;
    await sim.setFault(0, 'stopped');
    const down = await publicStatus('offline');
    expect(down.body).toMatchObject({ status: 'down', servers: [{ name: 'Factory Alpha', players: null }] });
    expect(down.headers.get('cache-control')).toBe('public, max-age=30');
    const doc = html((await page()).text);
    expect(doc.querySelector('[data-overall]')?.textContent).toBe('Some servers are down');
    expect(doc.querySelector('[data-status]')?.getAttribute('data-status')).toBe('offline');
    expect(doc.querySelectorAll('rect')[89]!.getAttribute('class')).toBe('d-down');
    const badge = await call('GET', `/status/${slug}/badge/status.svg`, { auth: false });
    expect(badge.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(badge.text).toContain('>down</text>');

    const started = Date.now();
    const incident = await call('POST', `/api/v1/status-pages/${pageId}/incidents`, {
      body: { title: 'Alpha is down', impact: 'major', message: 'We are looking into it.' },
    });
    expect(incident.status).toBe(201);
    const mail = await mailTo(email, /Alpha is down: Investigating/, started);
    expect(mail.text).toContain('We are looking into it.');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const posted = await hook.waitFor((r) => r.path === '/status-hook', 20_000);
    expect(posted.json).toMatchObject({
      page: { slug },
      incident: { title: 'Alpha is down', impact: 'major', state: 'investigating' },
      update: { message: 'We are looking into it.' },
    });

    await sim.clearFaults(0);
    const back = await publicStatus('online');
    expect(back.body.status).toBe('operational');
    expect(back.body.servers[0].uptime_90d_percent).toBeLessThan(100);
    const resolved = await call('POST', `/api/v1/status-pages/${pageId}/incidents/${incident.body.id}/updates`, {
      body: { state: 'resolved', message: 'Back up after a restart.' },
    });
    expect(resolved.status).toBe(201);
    expect(resolved.body).toMatchObject({
      state: 'resolved',
      updates: [{ state: 'resolved' }, { state: 'investigating' }],
    });
    await mailTo(email, /Alpha is down: Resolved/, started);
    const after = html((await page()).text);
    expect(after.querySelector('[data-overall]')?.textContent).toBe('All systems operational');
    // Down today: the day's bar stays red after the server is back.
    expect(after.querySelectorAll('rect')[89]!.getAttribute('class')).toBe('d-down');
    expect(after.querySelector(`[data-incident="${incident.body.id}"]`)?.textContent).toContain(
      'Back up after a restart.',
    );

    const feed = await call('GET', `/status/${slug}/feed.atom`, { auth: false });
    expect(feed.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const atom = new JSDOM(feed.text, { contentType: 'application/xml' }).window.document;
    expect(atom.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entry = atom.getElementsByTagName('entry')[0]!;
    expect(entry.getElementsByTagName('title')[0]?.textContent).toBe('Alpha is down (resolved)');
    expect(entry.getElementsByTagName('content')[0]?.textContent).toContain('Back up after a restart.');

    // One-click unsubscribe (RFC 8058): the mail client posts to the List-Unsubscribe URL.
    const unsubscribeUrl = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)?.[1];
    expect(unsubscribeUrl).toMatch(/^https:\/\/status\.example\.com\/status\/.+\/unsubscribe\/[\w-]+\?lang=en$/);
    // Opened in a browser, the link asks first: a button that posts to the same link.
    const form = await call('GET', local(unsubscribeUrl!), { auth: false, headers: { Accept: 'text/html' } });
    expect(form.status).toBe(200);
    expect(html(form.text).querySelector('form')?.getAttribute('action')).toBe(local(unsubscribeUrl!));
    const gone = await call('POST', local(unsubscribeUrl!), {
      auth: false,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      raw: 'List-Unsubscribe=One-Click',
    });
    expect(gone.status).toBe(200);
    const [left] = await sql<{ n: number }>(
      stack.db!.url,
      'SELECT count(*)::int AS n FROM status_subscribers WHERE email = $1',
      [email],
    );
    expect(left!.n).toBe(0);
  }, 180_000);

  it("an incident can start from an alert incident (its summary is the title); silences' windows show as maintenance", async () => {
    const [{ org_id: orgId }] = (await sql<{ org_id: string }>(
      stack.db!.url,
      'SELECT org_id FROM servers WHERE id = $1',
      [serverId],
    )) as [{ org_id: string }];
    const [{ id: alertId }] = (await sql<{ id: string }>(
      stack.db!.url,
      `INSERT INTO incidents (org_id, server_id, state, summary, rule_kind, rule_name)
       VALUES ($1, $2, 'open', 'Factory Alpha: tick rate below 20', 'tick_rate_low', 'Lag') RETURNING id`,
      [orgId, serverId],
    )) as [{ id: string }];
    const fromAlert = await call('POST', `/api/v1/status-pages/${pageId}/incidents`, {
      body: { alert_incident_id: alertId, impact: 'minor', message: 'Some lag; we are looking.' },
    });
    expect(fromAlert.status).toBe(201);
    expect(fromAlert.body).toMatchObject({ title: 'Factory Alpha: tick rate below 20', alert_incident_id: alertId });
    const unknown = await call('POST', `/api/v1/status-pages/${pageId}/incidents`, {
      body: { alert_incident_id: '00000000-0000-4000-8000-000000000000', message: 'x' },
    });
    expect(unknown.status).toBe(404);
    const untitled = await call('POST', `/api/v1/status-pages/${pageId}/incidents`, { body: { message: 'x' } });
    expect(untitled.status).toBe(400);
    expect(untitled.body.error.details.fields[0].field).toBe('title');

    // A one-off silence of a page's server, made through the API, is scheduled maintenance: on the page, and
    // announced to the page's subscribers (the webhook subscribed above; the mail subscriber left).
    const startsAt = new Date(Date.now() + 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 7_200_000);
    const announcedAfter = Date.now();
    const silence = await call('POST', '/api/v1/silences', {
      body: {
        server_id: serverId,
        reason: 'Update 1.1 install',
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
      },
    });
    expect(silence.status).toBe(201);
    const announced = await hook.waitFor(
      (r) => r.path === '/status-hook' && r.at >= announcedAfter && r.rawBody.includes('"maintenance"'),
      20_000,
    );
    expect(JSON.parse(announced.rawBody)).toEqual({
      page: { slug, title: expect.any(String) },
      maintenance: { reason: 'Update 1.1 install', starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() },
    });
    const doc = await until('the maintenance window on the page', async () => {
      const d = html((await page()).text);
      return d.querySelector('[data-maintenance]') ? d : null;
    });
    expect(doc.querySelector('[data-maintenance]')?.textContent).toContain('Update 1.1 install');
    expect(doc.querySelector(`[data-incident="${fromAlert.body.id}"]`)?.textContent).toContain('tick rate below 20');
  });

  it('the public routes are rate limited per address like the share API (429 with Retry-After)', async () => {
    const from = fresh();
    const answers: number[] = [];
    for (let i = 0; i < READS_PER_MINUTE + 1; i++)
      answers.push((await call('GET', `/status/${slug}/badge/players.svg`, { auth: false, from })).status);
    expect(answers.slice(0, READS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    const limited = await call('GET', `/api/v1/status/${slug}`, { auth: false, from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error.code).toBe('TooManyRequests');
    // Another address is not affected.
    expect((await call('GET', `/api/v1/status/${slug}`, { auth: false })).status).toBe(200);

    const writer = fresh();
    const subscribe = () =>
      call('POST', `/api/v1/status/${slug}/subscriptions`, {
        auth: false,
        from: writer,
        body: { email: `many-${stack.prefix}@example.com` },
      });
    for (let i = 0; i < SUBSCRIPTIONS_PER_MINUTE; i++) expect((await subscribe()).status).toBe(202);
    const tooMany = await subscribe();
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get('retry-after')).not.toBeNull();
  });
});
