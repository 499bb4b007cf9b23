import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, expectText, json, shot } from './browser-harness';

/**
 * Public status pages in a real browser against `npm start` (issue 24 §2): an Operator publishes one from the
 * settings tab and posts an incident there; a visitor without an account reads the page with JavaScript switched
 * off (it is server-rendered), in the browser's language.
 */
describe('public status pages in a browser, against `npm start`', () => {
  let base: string;
  let browser: Browser;
  let page: Page;
  const harness = new BrowserPlatform();
  const contexts: BrowserContext[] = [];
  const slug = `browser-${Date.now().toString(36)}`;

  beforeAll(async () => {
    await harness.start();
    ({ base, browser, page } = harness);
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await harness.close();
  });

  /** A visitor who never signed in, with JavaScript off (the page must not need it). */
  async function visitor(locale = 'en-GB'): Promise<Page> {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale, javaScriptEnabled: false });
    contexts.push(ctx);
    return ctx.newPage();
  }

  test('the settings tab publishes a page with chosen servers and posts an incident', async () => {
    await harness.signIn(page, 'pioneer@example.com', 'browser-test-password');
    await page.goto(`${base}/settings/status-pages`);
    await page.getByLabel('Address (slug)').fill(slug);
    await page.getByLabel('Title', { exact: true }).fill('Pioneer community servers');
    await page.getByRole('checkbox', { name: 'Healthy base' }).first().check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Published at' }), `/status/${slug}`, 10_000);
    const card = page.locator('[data-testid="status-page"]').filter({ hasText: 'Pioneer community servers' });
    await card.waitFor({ timeout: 10_000 });
    await expectText(card, 'Shows: Healthy base', 5_000);

    await card.getByLabel('Incident title').fill('Train network stalls');
    await card.getByLabel('Impact').selectOption('minor');
    await card.getByLabel('Message').first().fill('Trains wait at one station; we are on it.');
    await card.getByRole('button', { name: 'Post incident' }).click();
    const incident = card.locator('[data-testid="status-incident"]').filter({ hasText: 'Train network stalls' });
    await incident.waitFor({ timeout: 10_000 });
    await expectText(incident, 'Investigating', 5_000);
    await expectAccessible(page, 'status-pages-settings');
    await shot(page, 'status-pages-settings');
  }, 120_000);

  test('a visitor reads the page without JavaScript: servers, bars, incident; in German by Accept-Language', async () => {
    const server = harness.sim('Healthy base');
    // The poller has seen the server: the page shows a status, not "Unknown".
    for (let i = 0; i < 60; i++) {
      const status = (await json(`${base}/api/v1/status/${slug}`)).body;
      if (status.servers?.[0]?.status === 'online') break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const p = await visitor();
    await p.goto(`${base}/status/${slug}`);
    expect(await p.locator('h1').textContent()).toBe('Pioneer community servers');
    await expectText(p.locator('[data-server="0"]'), 'Healthy base', 5_000);
    await expectText(p.locator('[data-server="0"] [data-status]'), 'Online', 5_000);
    expect(await p.locator('[data-server="0"] rect').count()).toBe(90);
    await expectText(p.locator('article').filter({ hasText: 'Train network stalls' }), 'Investigating', 5_000);
    const html = await p.content();
    expect(html).not.toContain(`${server.host}:${server.port}`);
    expect(html).not.toContain(server.server_id);
    expect(await p.locator('form input[type="email"]').count()).toBe(1);
    await shot(p, 'status-page-public');

    const de = await visitor('de-DE');
    await de.goto(`${base}/status/${slug}`);
    await expectText(de.locator('[data-overall]'), 'Alle Systeme betriebsbereit', 5_000);
    await expectText(de.locator('article'), 'Wird untersucht', 5_000);
  }, 120_000);
});
