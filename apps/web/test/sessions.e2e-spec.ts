import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUpAndIn } from '@app/testing';
import { expectAccessible } from './a11y';
import { BrowserPlatform, expectText, json, shot } from './browser-harness';

/**
 * Settings -> Sessions in a real browser against `npm start`: one account signed in on a "laptop" (this page), a
 * "phone" (a browser context of its own with a phone's user agent) and a script (the API); the list marks this
 * device, "Sign out" ends the phone's session (its next page load is back at sign-in), "Sign out everywhere" ends
 * every session, this one included, and lands on the sign-in page saying so. axe-core checks the tab.
 */
const USER = { email: 'traveller@example.com', password: 'traveller-password-1' };
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('sessions in a browser, against `npm start`', () => {
  let base: string;
  let browser: Browser;
  let page: Page;
  let phone: BrowserContext;
  let script = '';
  const harness = new BrowserPlatform();

  async function signIn(p: Page): Promise<void> {
    await p.goto(`${base}/login`);
    await p.getByLabel(/e-?mail/i).fill(USER.email);
    await p.getByLabel(/^password/i).fill(USER.password);
    await p.getByRole('button', { name: /sign in/i }).click();
    await p.waitForURL(`${base}/servers`, { timeout: 20_000 });
  }

  beforeAll(async () => {
    await harness.start();
    ({ base, browser, page } = harness);
    script = (await signUpAndIn(base, USER.email, USER.password, 'Traveller')).token;
    phone = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE });
    await signIn(await phone.newPage());
    await signIn(page);
  }, 240_000);

  afterAll(async () => {
    await phone?.close();
    await harness.close();
  });

  const rows = () => page.locator('[data-testid="session-row"]');

  test('the list shows every session with this device marked; signing the phone out ends its session', async () => {
    await page.goto(`${base}/settings/sessions`);
    await page.getByRole('heading', { name: 'Sessions', level: 2 }).waitFor({ timeout: 20_000 });
    await rows().first().waitFor({ timeout: 20_000 });
    expect(await rows().count()).toBe(3);
    const current = page.locator('[data-testid="session-row"][data-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toContain('This device');
    expect(await current.textContent()).toContain('Chrome on Linux');
    const phoneRow = rows().filter({ hasText: 'Safari on iOS' });
    expect(await phoneRow.count()).toBe(1);
    await expectAccessible(page, 'settings-sessions');
    await shot(page, 'settings-sessions');

    await phoneRow.getByRole('button', { name: /^Sign out/ }).click();
    const dialog = page.locator('dialog[open]');
    await expectText(dialog, 'Sign out Safari on iOS?', 5_000);
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expectText(page.getByRole('status').first(), 'Safari on iOS was signed out.', 10_000);
    await page.locator('[data-testid="session-row"]:nth-child(3)').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await rows().count()).toBe(2);

    // The phone, open on its server list, is told at once (its live connection ends): back at sign-in, told why.
    const phonePage = phone.pages()[0]!;
    await phonePage.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    await expectText(phonePage.locator('[data-testid="session-ended-message"]'), 'signed out', 10_000);
    // And its session is gone, not just forgotten by the page: a visit of a settings page lands on sign-in too.
    await phonePage.goto(`${base}/settings/sessions`);
    await phonePage.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    // This device and the script still work.
    expect((await json(`${base}/api/v1/me`, { token: script })).status).toBe(200);
    expect(page.url()).toBe(`${base}/settings/sessions`);
  }, 90_000);

  test('"Sign out everywhere" asks first, then ends every session and lands on the sign-in page', async () => {
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.locator('dialog[open]');
    await expectText(dialog, 'Sign out on every device?', 5_000);
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    // Said by this page, or by the live connection if the revocation reached it first.
    const said = page.locator('[data-testid="session-ended-message"]');
    await expectText(said, 'signed out', 10_000);
    // Not the live connection's refusal of a signed-out page ("no access token was sent").
    expect(await said.textContent()).not.toMatch(/access token/i);
    await shot(page, 'sessions-signed-out-everywhere');
    expect((await json(`${base}/api/v1/me`, { token: script })).status).toBe(401);
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as { localStorage: Storage }).localStorage.getItem('gsm.session'),
      ),
    ).toBeNull();
  }, 60_000);
});
