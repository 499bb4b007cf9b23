import type { Page, Request } from 'playwright-core';
import { expectAccessible, violations } from './a11y';
import { BrowserPlatform, DEMO, expectText, shot } from './browser-harness';

/**
 * The frame around every signed-in page (header, navigation, language, theme, 404) in a real browser against
 * `npm start`: axe finds nothing serious in the light, dark and phone looks, a language chosen in the header
 * applies at once and survives a reload, and the phone menu works with the keyboard alone.
 */
describe('the dashboard frame in a browser, against `npm start`', () => {
  let base: string;
  let page: Page;
  const harness = new BrowserPlatform();

  const header = (p: Page) => p.locator('header.topbar');
  const navLink = (p: Page, name: string) =>
    p.getByRole('navigation', { name: /^(Main|Hauptnavigation)$/ }).getByRole('link', { name, exact: true });
  const menuButton = (p: Page) => p.locator('button[aria-controls="topnav"]');
  type El = { textContent: string | null; getAttribute(name: string): string | null; dataset: Record<string, string> };
  type Doc = { activeElement: El | null; documentElement: El; querySelector(selector: string): El | null };
  /** The focused element: its text and what it controls. */
  const focused = (p: Page) =>
    p.evaluate(() => {
      const el = (globalThis as unknown as { document: Doc }).document.activeElement;
      return { text: el?.textContent?.trim() ?? '', controls: el?.getAttribute('aria-controls') ?? null };
    });

  beforeAll(async () => {
    await harness.start();
    ({ base, page } = harness);
    await harness.signIn(page, DEMO.email, DEMO.password);
  }, 240_000);

  afterAll(() => harness.close());

  test('signed in, /servers with its header passes axe in light, dark and phone, and with the phone menu open', async () => {
    await page.goto(`${base}/servers`);
    await page.locator('[data-testid="server-row"]').first().waitFor({ timeout: 20_000 });
    await expectText(header(page), 'Sign out', 5_000);
    await expectAccessible(page, 'frame-servers');

    await page.setViewportSize({ width: 390, height: 844 });
    await menuButton(page).click();
    await navLink(page, 'Servers').waitFor({ timeout: 5_000 });
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        (globalThis as unknown as { document: Doc }).document.documentElement.dataset.theme = t;
      }, theme);
      await shot(page, `frame-phone-menu-${theme}`);
      found.push(...(await violations(page)).map((v) => `[phone menu, ${theme}] ${v}`));
    }
    expect(found).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 90_000);

  test('an unknown address shows "Page not found" with a way back, and passes axe', async () => {
    await page.goto(`${base}/does-not-exist`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 10_000 });
    const back = page.getByRole('link', { name: 'Back to your servers' });
    expect(await back.getAttribute('href')).toBe('/servers');
    await expectAccessible(page, 'frame-404');
    await back.click();
    await page.waitForURL(`${base}/servers`);
    await page.locator('[data-testid="server-row"]').first().waitFor({ timeout: 20_000 });
  }, 60_000);

  test('the phone menu opens, is walked and closes with the keyboard alone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${base}/servers`);
      await page.locator('[data-testid="server-row"]').first().waitFor({ timeout: 20_000 });
      expect(await navLink(page, 'Servers').isVisible()).toBe(false);

      // From the top of the page: the skip link, the product name, then the menu button.
      for (let i = 0; i < 6 && (await focused(page)).controls !== 'topnav'; i++) await page.keyboard.press('Tab');
      expect(await focused(page)).toEqual({ text: 'Menu', controls: 'topnav' });
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

      await page.keyboard.press('Enter');
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
      await navLink(page, 'Servers').waitFor({ state: 'visible', timeout: 5_000 });
      await shot(page, 'frame-phone-menu-open');

      // Escape closes it and leaves the focus on its button.
      await page.keyboard.press('Tab');
      expect((await focused(page)).text).toBe('Servers');
      await page.keyboard.press('Escape');
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
      expect((await focused(page)).controls).toBe('topnav');
      expect(await navLink(page, 'Servers').isVisible()).toBe(false);

      // Space opens it too; a link followed with Enter leads there and the menu folds away.
      await page.keyboard.press('Space');
      await navLink(page, 'Alerts').waitFor({ state: 'visible', timeout: 5_000 });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect((await focused(page)).text).toBe('Alerts');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/alerts/, { timeout: 10_000 });
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { document: Doc }).document
            .querySelector('button[aria-controls="topnav"]')
            ?.getAttribute('aria-expanded') === 'false',
        undefined,
        { timeout: 5_000 },
      );
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  }, 60_000);

  test('Deutsch in the header turns the header German at once, is saved for the user, and survives a reload', async () => {
    await page.goto(`${base}/servers`);
    await navLink(page, 'Servers').waitFor({ timeout: 20_000 });
    const saved: Request[] = [];
    const onRequest = (r: Request) => {
      if (r.method() === 'PATCH' && new URL(r.url()).pathname === '/api/v1/me') saved.push(r);
    };
    page.on('request', onRequest);
    try {
      await page.getByTestId('language-picker').selectOption('de');
      await navLink(page, 'Server').waitFor({ timeout: 5_000 });
      await expectText(header(page), 'Abmelden', 5_000);
      expect(await page.getByTestId('language-picker').inputValue()).toBe('de');
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      await page.waitForTimeout(500);
      expect(saved.map((r) => r.postDataJSON())).toEqual([{ locale: 'de' }]);
      await shot(page, 'frame-german');

      await page.reload();
      await navLink(page, 'Server').waitFor({ timeout: 20_000 });
      await expectText(header(page), 'Einstellungen', 5_000);
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
    } finally {
      page.off('request', onRequest);
      // The other tests of this platform read English.
      await page.getByTestId('language-picker').selectOption('en');
      await navLink(page, 'Servers').waitFor({ timeout: 5_000 });
    }
  }, 60_000);
});
