import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, expectText, json, scrollThrough, shot, SHOTS } from './browser-harness';

/**
 * What a share link shows to someone without an account, in a real browser against `npm start`: the server's live
 * panels read-only, the streaming overlay (players, power, tick rate on a transparent page), the page in the
 * browser's language, and the message a revoked link leads to.
 */
describe('share links in a browser, against `npm start`', () => {
  let base: string;
  let browser: Browser;
  let token: string;
  const harness = new BrowserPlatform();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await harness.start();
    ({ base, browser, token } = harness);
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await harness.close();
  });

  /** A share link to a simulated server, made through the API; returns its token. */
  async function share(server: string, kind: 'dashboard' | 'overlay'): Promise<{ id: string; token: string }> {
    const created = await json(`${base}/api/v1/servers/${harness.sim(server).server_id}/shares`, {
      method: 'POST',
      token,
      body: { kind },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** A page of a visitor who has never signed in (its own browser context), optionally in another language. */
  async function visitor(locale = 'en-GB'): Promise<Page> {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    contexts.push(ctx);
    return ctx.newPage();
  }

  test("a dashboard link shows the server's live panels, read-only", async () => {
    const link = await share('Healthy base', 'dashboard');
    const p = await visitor();
    await p.goto(`${base}/share/${link.token}`);
    const notice = p.locator('[data-testid="read-only-notice"]');
    await notice.waitFor({ timeout: 20_000 });
    await expectText(notice, 'Read-only shared view', 5_000);
    await p.locator('[data-testid="tick-rate"]').waitFor({ timeout: 20_000 });
    await p.locator('[data-testid="player-count"]').first().waitFor({ timeout: 20_000 });
    expect(await p.getByText('Healthy base').count()).toBeGreaterThan(0);
    expect(await p.getByText('Laggy megafactory').count()).toBe(0);
    expect(await p.getByRole('button', { name: /^(edit|delete|revoke)/i }).count()).toBe(0);
    expect(await p.title()).toContain('Healthy base');

    await json(`${harness.sim('Healthy base').control_url}/world`, { method: 'PATCH', body: { tickRate: 26.5 } });
    await expectText(p.locator('[data-testid="tick-rate"]'), '26.5', 40_000);
    // Issue 20's panels are shared read-only too: the generators, and the factory's machines.
    await scrollThrough(p);
    await p.locator('[data-testid="generator-row"]').first().waitFor({ timeout: 40_000 });
    expect(await p.locator('[data-testid="generator-row"]').count()).toBeGreaterThan(0);
    await expectAccessible(p, 'share-page');
  }, 120_000);

  test('an overlay link shows players, power, tick rate and the sink on a transparent page, live', async () => {
    const link = await share('Healthy base', 'overlay');
    // The AWESOME Sink's rate is polled every minute: set now, checked at the end.
    await json(`${harness.sim('Healthy base').control_url}/world`, {
      method: 'PATCH',
      body: { sinkPointsPerMinute: 4321 },
    });
    const p = await visitor();
    await p.goto(`${base}/overlay/${link.token}`);
    const players = p.locator('[data-testid="overlay-players"]');
    const power = p.locator('[data-testid="overlay-power"]');
    const tick = p.locator('[data-testid="overlay-tick-rate"]');
    await players.waitFor({ timeout: 20_000 });
    await expectText(power, 'MW', 40_000);
    expect(await players.textContent()).toMatch(/^\d+$/);
    expect(await tick.textContent()).toMatch(/^\d+\.\d$/);

    // Evaluated in the page; the test's own types know no DOM.
    const backgrounds = await p.$$eval('html, body, main', (els) =>
      els.map(
        (el) =>
          (
            el.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
          ).getComputedStyle(el).backgroundColor,
      ),
    );
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    // No page chrome for the stream: no header, no navigation.
    expect(await p.locator('header, nav').count()).toBe(0);

    await json(`${harness.sim('Healthy base').control_url}/world`, { method: 'PATCH', body: { tickRate: 24.5 } });
    await expectText(tick, '24.5', 40_000);
    // The simulator's rate wanders a little around the one set: within 10 %.
    const sink = p.locator('[data-testid="overlay-sink"]');
    const sinkRate = async () => Number(((await sink.textContent().catch(() => '')) ?? '').replace(/[^\d]/g, ''));
    const deadline = Date.now() + 90_000;
    while (Math.abs((await sinkRate()) - 4321) > 432 && Date.now() < deadline) await p.waitForTimeout(500);
    expect(Math.abs((await sinkRate()) - 4321)).toBeLessThanOrEqual(432);
    expect(await sink.textContent()).toMatch(/^[\d,]+ pts\/min$/);
    // The save and its day, and the generators, as the simulator's add-on tells them.
    const sim = harness.sim('Healthy base');
    const { addon_http_port: frmPort } = (await json(sim.control_url)).body as { addon_http_port: number };
    const frm = async (endpoint: string) => (await json(`http://${sim.host}:${frmPort}/${endpoint}`)).body;
    const session = (await frm('getSessionInfo')) as { SessionName: string; PassedDays: number };
    const shownSession = p.locator('[data-testid="overlay-session"]');
    await expectText(shownSession, `${session.SessionName} · day `, 40_000);
    // The in-game day may have turned since the simulator was asked.
    const day = Number(((await shownSession.textContent()) ?? '').split(' · day ')[1]?.replace(/[^\d]/g, ''));
    expect(Math.abs(day - session.PassedDays)).toBeLessThanOrEqual(1);
    const generators = (await frm('getGenerators')) as unknown[];
    expect(generators.length).toBeGreaterThan(0);
    await expectText(p.locator('[data-testid="overlay-generators"]'), ` / ${generators.length}`, 40_000);
    await p.screenshot({ path: join(SHOTS, 'overlay-transparent.png'), omitBackground: true });
    await expectAccessible(p, 'overlay');
  }, 180_000);

  test("the overlay and the share page speak the browser's language", async () => {
    const link = await share('Healthy base', 'overlay');
    const p = await visitor('de-DE');
    await p.goto(`${base}/overlay/${link.token}`);
    await expectText(p.locator('main'), 'Spieler online', 20_000);
    await expectText(p.locator('[data-testid="overlay-power"]'), 'MW', 40_000);
    expect(await p.locator('html').getAttribute('lang')).toBe('de');

    const dashboard = await share('Healthy base', 'dashboard');
    await p.goto(`${base}/share/${dashboard.token}`);
    await expectText(p.locator('[data-testid="read-only-notice"]'), 'nur zum Ansehen', 20_000);
    await shot(p, 'share-page-de');
  }, 90_000);

  test('a revoked link shows that it does not work, on the share page and the overlay', async () => {
    const server = harness.sim('Healthy base').server_id;
    const link = await share('Healthy base', 'dashboard');
    const p = await visitor();
    await p.goto(`${base}/share/${link.token}`);
    await p.locator('[data-testid="read-only-notice"]').waitFor({ timeout: 20_000 });

    const revoked = await json(`${base}/api/v1/servers/${server}/shares/${link.id}`, { method: 'DELETE', token });
    expect(revoked.status).toBe(204);
    await p.reload();
    const invalid = p.locator('[data-testid="invalid-share"]');
    await invalid.waitFor({ timeout: 20_000 });
    await expectText(invalid, 'This link does not work', 1_000);
    expect(await p.locator('[data-testid="read-only-notice"]').count()).toBe(0);
    await expectAccessible(p, 'share-invalid');

    await p.goto(`${base}/overlay/${link.token}`);
    await expectText(p.locator('[data-testid="invalid-share"]'), 'This link does not work', 20_000);
    await shot(p, 'overlay-invalid');
  }, 90_000);
});
