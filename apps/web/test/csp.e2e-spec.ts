import type { BrowserContext, Page } from 'playwright-core';
import { BrowserPlatform, DEMO, json } from './browser-harness';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

/**
 * The dashboard's Content-Security-Policy in a real browser (Debian's chromium) against `npm start`: the header is
 * sent with the page and its scripts, allows no inline script and no eval, and the signed-in dashboard, a server's
 * page, the settings, the share page and the overlay run under it with no violation at all (a violation is
 * recorded by the page itself, `securitypolicyviolation`, and by the console).
 */
describe('Content-Security-Policy of the dashboard, in Chromium', () => {
  const harness = new BrowserPlatform();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await harness.start();
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await harness.close();
  });

  /** A fresh page that records every CSP violation (the page's own event and Chromium's console message). */
  async function watchedPage(): Promise<{ page: Page; violations: () => Promise<Violation[]>; console: string[] }> {
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await context.addInitScript(() => {
      const seen: unknown[] = [];
      (globalThis as unknown as { __csp: unknown[] }).__csp = seen;
      // The browser's document and its SecurityPolicyViolationEvent (this file is type-checked without the DOM).
      type CspEvent = { violatedDirective: string; blockedURI: string; sample: string; sourceFile: string };
      const doc = (
        globalThis as unknown as { document: { addEventListener(t: string, f: (e: CspEvent) => void): void } }
      ).document;
      doc.addEventListener('securitypolicyviolation', (e) =>
        seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, source: e.sourceFile }),
      );
    });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) messages.push(m.text());
    });
    const violations = () =>
      page.evaluate(() => (globalThis as unknown as { __csp: Violation[] }).__csp).catch(() => [] as Violation[]);
    return { page, violations, console: messages };
  }

  it('is sent with the page and its assets: scripts from the origin only, no inline script, no eval', async () => {
    for (const path of ['/', '/servers', '/share/gsm_p_x', '/overlay/gsm_p_x']) {
      const res = await fetch(`${harness.base}${path}`, { headers: { accept: 'text/html' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect([path, csp]).toEqual([path, expect.stringContaining("script-src 'self'")]);
      const script = /script-src ([^;]*)/.exec(csp)![1]!;
      expect(script).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/connect-src 'self'/);
      const html = await res.text();
      const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      const asset = await fetch(`${harness.base}${entry}`);
      expect(asset.headers.get('content-security-policy')).toBe(csp);
    }
    // The API's JSON answers are not pages: no policy needed there (and none breaks them).
    expect((await fetch(`${harness.base}/api/v1/client-config`)).status).toBe(200);
  });

  it('the signed-in dashboard runs with zero violations (sign-in form, server list, a server, settings)', async () => {
    const { page, violations, console: messages } = await watchedPage();
    await harness.signIn(page, DEMO.email, DEMO.password);
    const seen: Violation[] = [...(await violations())];
    await page.goto(`${harness.base}/servers/${harness.sim('Healthy base').server_id}`);
    await page.locator('[data-testid="tick-rate"]').first().waitFor({ timeout: 30_000 });
    // Charts draw once history arrives.
    await page.waitForTimeout(2_000);
    seen.push(...(await violations()));
    await page.goto(`${harness.base}/settings`);
    await page.waitForLoadState('networkidle');
    seen.push(...(await violations()));
    expect(seen).toEqual([]);
    expect(messages).toEqual([]);
  }, 120_000);

  it('the share page and the overlay run with zero violations, live updates included', async () => {
    const server = harness.sim('Healthy base').server_id;
    for (const kind of ['dashboard', 'overlay'] as const) {
      const created = await json(`${harness.base}/api/v1/servers/${server}/shares`, {
        method: 'POST',
        token: harness.token,
        body: { kind },
      });
      expect(created.status).toBe(201);
      const { page, violations, console: messages } = await watchedPage();
      await page.goto(`${harness.base}/${kind === 'overlay' ? 'overlay' : 'share'}/${created.body.token}`);
      const ready = kind === 'overlay' ? '[data-testid="overlay-players"]' : '[data-testid="tick-rate"]';
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(2_000);
      expect([kind, await violations()]).toEqual([kind, []]);
      expect([kind, messages]).toEqual([kind, []]);
    }
  }, 120_000);
});
