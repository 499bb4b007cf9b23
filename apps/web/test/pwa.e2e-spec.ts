import { AxeBuilder } from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { LOOKS } from './a11y';
import { BrowserPlatform, CHROMIUM, DEMO, expectText, FLAGS, json, shot } from './browser-harness';

/**
 * The installable dashboard (issue 19): the web app manifest and icons, Chromium's own installability verdict, the
 * service worker's offline shell with the last server list and a server's last figures, the offline banner, the
 * "new version" prompt, and the overlay left without any of it. Installability needs a real profile (Chromium answers "in-incognito" for
 * Playwright's default contexts), so these pages run in a persistent context of their own.
 */

const LAST_ANSWERS = 'gsm-last-answers';
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** What the page functions below use of the browser (this program has Node's types, not the DOM's). */
interface Registration {
  active: { scriptURL: string; state: string } | null;
  waiting: object | null;
  update(): Promise<unknown>;
}
interface Win {
  caches: {
    has(name: string): Promise<boolean>;
    open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
  };
  navigator: {
    serviceWorker: {
      controller: { state: string } | null;
      getRegistration(): Promise<Registration | undefined>;
      getRegistrations(): Promise<Registration[]>;
    };
  };
  document: { documentElement: { dataset: Record<string, string> } };
  __noReload?: number;
}

/** The URLs the service worker keeps for offline use (its runtime cache). */
function keptAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const w = globalThis as unknown as Win;
    if (!(await w.caches.has(name))) return [];
    return (await (await w.caches.open(name)).keys()).map((r) => r.url);
  }, LAST_ANSWERS);
}

/** Waits until the page is controlled by an active service worker. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (globalThis as unknown as Win).navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    { timeout: 30_000 },
  );
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

/**
 * The platform behind a proxy of its own origin, whose sw.js can be swapped for a "next version" (the page's
 * service worker registration then finds an update), without touching the build other test files load.
 */
async function proxyWithNextVersion(base: string): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  const target = new URL(base);
  let next = false;
  const server: Server = createServer((req, res) => {
    const swapped = next && req.url === '/sw.js';
    const headers = { ...req.headers };
    // The whole file is needed to append to it, not a 304 to a revalidation.
    if (swapped) for (const h of ['if-modified-since', 'if-none-match']) delete headers[h];
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        if (!swapped || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from('\n// the next version\n')]);
          res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => (next = true),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the installable dashboard', () => {
  const harness = new BrowserPlatform();
  let base: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    await harness.start();
    base = harness.base;
    profile = mkdtempSync(join(tmpdir(), 'gsm-pwa-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: FLAGS,
      viewport: { width: 1280, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await harness.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test("the manifest is served with the app's name, colours, start page and icons", async () => {
    const res = await fetch(`${base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Ficsit Monitor',
      short_name: 'Ficsit',
      start_url: '/servers',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f1217',
      background_color: '#0f1217',
    });
    const icons = manifest.icons.map((i) => `${i.src} ${i.sizes} ${i.purpose}`);
    expect(icons).toEqual([
      '/icons/icon-192.png 192x192 any',
      '/icons/icon-512.png 512x512 any',
      '/icons/icon-maskable-512.png 512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const png = await fetch(`${base}${icon.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await png.arrayBuffer()))).toBe(icon.sizes);
    }
    const html = await (await fetch(`${base}/login`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<meta name="theme-color" content="#0f1217"');
    // The worker script is revalidated on every check, so a new version is found at once.
    expect((await fetch(`${base}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
  });

  test('Chromium reports the app installable once the service worker is active', async () => {
    await harness.signIn(page, DEMO.email, DEMO.password);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    await cdp.detach();
  }, 90_000);

  test('offline, a reload of /servers shows the shell, the banner and the last server list; online again, the banner goes', async () => {
    await page.goto(`${base}/servers`);
    await page.locator('[data-testid="server-row"]').nth(4).waitFor({ timeout: 20_000 });
    const names = await page
      .locator('[data-testid="server-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-server-name')));
    await page.waitForFunction(
      async (name) => {
        const w = globalThis as unknown as Win;
        const cache = await w.caches.open(name);
        return (await cache.keys()).some((r) => new URL(r.url).pathname === '/api/v1/servers');
      },
      LAST_ANSWERS,
      { timeout: 10_000 },
    );
    const banner = page.locator('[data-testid="offline-banner"]');
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    try {
      await page.reload();
      await page.locator('[data-testid="server-row"]').nth(4).waitFor({ timeout: 20_000 });
      expect(
        await page
          .locator('[data-testid="server-row"]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-server-name'))),
      ).toEqual(names);
      await expect(page.getByRole('link', { name: 'Ficsit Monitor' }).isVisible()).resolves.toBe(true);
      await banner.waitFor({ timeout: 5_000 });
      expect(await banner.textContent()).toContain('You are offline');
      expect(await page.locator('[role="status"]', { has: banner }).count()).toBe(1);
      // The banner in every look: axe finds nothing serious on it, and the screenshots show it.
      for (const look of LOOKS) {
        await page.setViewportSize(look === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 900 });
        await page.evaluate(
          (t) => {
            (globalThis as unknown as Win).document.documentElement.dataset.theme = t;
          },
          look === 'dark' ? 'dark' : 'light',
        );
        await shot(page, `pwa-offline-servers-${look}`);
        const found = await new AxeBuilder({ page })
          .include('[data-testid="offline-banner"]')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    } finally {
      await context.setOffline(false);
    }
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
  }, 90_000);

  test("offline, a reload of a server's dashboard shows its last kept figures and the banner", async () => {
    const id = harness.sim('Healthy base').server_id;
    const latest = `/api/v1/servers/${id}/metrics/latest`;
    await page.goto(`${base}/servers/${id}`);
    const tick = page.getByTestId('tick-rate');
    const players = page.getByTestId('player-count');
    await page.waitForFunction(
      () =>
        /\d/.test(
          (
            globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }
          ).document.querySelector('[data-testid="tick-rate"]')?.textContent ?? '',
        ),
      undefined,
      { timeout: 20_000 },
    );
    // The server's row and its newest health poll are kept by the service worker.
    await page.waitForFunction(
      async ([name, paths]) => {
        const kept = (await (await (globalThis as unknown as Win).caches.open(name)).keys()).map(
          (r) => new URL(r.url).pathname,
        );
        return paths.every((p) => kept.includes(p));
      },
      [LAST_ANSWERS, [`/api/v1/servers/${id}`, latest]] as const,
      { timeout: 10_000 },
    );
    const banner = page.locator('[data-testid="offline-banner"]');
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    try {
      await page.reload();
      await banner.waitFor({ timeout: 20_000 });
      expect(await banner.textContent()).toContain('You are offline');
      await page.getByRole('heading', { name: 'Healthy base' }).first().waitFor({ timeout: 20_000 });
      // The figures are the kept answer's (the last snapshot), not a blank dashboard.
      const kept = await page.evaluate(
        async ([name, path]) => {
          const w = globalThis as unknown as {
            caches: {
              open(n: string): Promise<{ match(u: string): Promise<{ json(): Promise<unknown> } | undefined> }>;
            };
          };
          const answer = await (await w.caches.open(name)).match(path);
          return (await answer?.json()) as { tick_rate: number | null; player_count: number | null } | undefined;
        },
        [LAST_ANSWERS, latest] as const,
      );
      expect(kept?.tick_rate).toEqual(expect.any(Number));
      await expectText(tick, kept!.tick_rate!.toFixed(1), 20_000);
      if (kept!.player_count !== null) await expectText(players, String(kept!.player_count), 5_000);
      await shot(page, 'pwa-offline-dashboard');
    } finally {
      await context.setOffline(false);
    }
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
  }, 90_000);

  test('the kept answers hold only the allowed reads, and signing out empties them', async () => {
    await page.goto(`${base}/settings/tokens`);
    await page.locator('main').waitFor();
    await page.waitForTimeout(1_000);
    const kept = (await keptAnswers(page)).map((u) => new URL(u).pathname);
    expect(kept).toContain('/api/v1/servers');
    for (const path of kept)
      expect(path).toMatch(
        /^\/api\/v1\/(me|client-config|billing\/subscription|servers(\/[^/]+(\/((metrics|power|production)\/latest|players|trains|drones))?)?)$/,
      );
    await page.getByRole('button', { name: /sign out/i }).click();
    await page.waitForURL(/\/login$/);
    await page.waitForFunction(async (name) => !(await (globalThis as unknown as Win).caches.has(name)), LAST_ANSWERS, {
      timeout: 10_000,
    });
  }, 60_000);

  test('a new version waits for the prompt; Reload brings every open page onto it', async () => {
    const proxy = await proxyWithNextVersion(base);
    const ctx = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const mark = (p: Page) => p.evaluate(() => ((globalThis as unknown as Win).__noReload = 42));
    const marked = (p: Page) => p.evaluate(() => (globalThis as unknown as Win).__noReload ?? null);
    try {
      // The first page is the one the first worker took over (first visit); the second was loaded under it.
      const first = await ctx.newPage();
      await first.goto(`${proxy.url}/login`);
      await controlled(first);
      const second = await ctx.newPage();
      await second.goto(`${proxy.url}/signup`);
      await controlled(second);
      for (const p of [first, second]) await mark(p);

      proxy.release();
      await first.evaluate(() =>
        (globalThis as unknown as Win).navigator.serviceWorker.getRegistration().then((r) => r?.update()),
      );
      for (const p of [first, second]) {
        const prompt = p.locator('[data-testid="update-ready"]');
        await prompt.waitFor({ timeout: 30_000 });
        expect(await prompt.textContent()).toContain('A new version of the dashboard is ready.');
      }
      // Nothing happened to the open pages by themselves: same documents, the old worker still in charge.
      expect([await marked(first), await marked(second)]).toEqual([42, 42]);
      await shot(first, 'pwa-update-ready');

      await first.locator('[data-testid="update-ready"]').getByRole('button', { name: 'Reload' }).click();
      for (const p of [first, second]) {
        await p.waitForFunction(() => (globalThis as unknown as Win).__noReload === undefined, undefined, {
          timeout: 30_000,
        });
        await p.locator('main').waitFor({ timeout: 20_000 });
        expect(await p.locator('[data-testid="update-ready"]').count()).toBe(0);
      }
      expect(
        await first.evaluate(() =>
          (globalThis as unknown as Win).navigator.serviceWorker
            .getRegistration()
            .then((r) => ({ waiting: r?.waiting ?? null, active: r?.active?.state ?? null })),
        ),
      ).toEqual({ waiting: null, active: 'activated' });
    } finally {
      await ctx.close();
      await proxy.close();
    }
  }, 90_000);

  test('the overlay loads no worker, no banner and none of their code', async () => {
    const created = await json(`${base}/api/v1/servers/${harness.sim('Healthy base').server_id}/shares`, {
      method: 'POST',
      token: harness.token,
      body: { kind: 'overlay' },
    });
    expect(created.status).toBe(201);
    const ctx = await harness.browser.newContext({ viewport: { width: 800, height: 300 } });
    try {
      const p = await ctx.newPage();
      const scripts: string[] = [];
      p.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await p.goto(`${base}/overlay/${created.body.token}`);
      await p.locator('[data-testid="overlay-players"]').waitFor({ timeout: 20_000 });
      await p.waitForTimeout(1_500);
      expect(scripts.filter((s) => /\/(pwa|OfflineBanner|workbox-window)[^/]*\.js$/.test(s))).toEqual([]);
      await ctx.setOffline(true);
      await p.waitForTimeout(500);
      expect(await p.locator('[data-testid="offline-banner"]').count()).toBe(0);
      expect(
        await p.evaluate(() =>
          (globalThis as unknown as Win).navigator.serviceWorker.getRegistrations().then((r) => r.length),
        ),
      ).toBe(0);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
