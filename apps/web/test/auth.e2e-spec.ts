import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';
import { focused, tabTo } from './keyboard';

/**
 * Signing up and signing in, in a real browser against `npm start`: with the keyboard alone, the API's refusals
 * in words (wrong password, e-mail taken, too many attempts), the message after a session ended, German, and
 * axe-core on both pages (light, dark, phone; screenshots in test-results/screenshots/).
 */

describe('sign-up and sign-in in a browser, against `npm start`', () => {
  let base: string;
  let browser: Browser;
  const harness = new BrowserPlatform();

  /** A page of its own (no session, no saved language), optionally in a language. */
  async function freshPage(locale?: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    if (locale) {
      await p.goto(`${base}/login`);
      await p.evaluate(
        (l) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('gsm.locale', l),
        locale,
      );
    }
    return p;
  }

  beforeAll(async () => {
    await harness.start();
    ({ base, browser } = harness);
  }, 240_000);

  afterAll(() => harness.close());

  test('the sign-up page passes axe, with its errors shown', async () => {
    const p = await freshPage();
    await p.goto(`${base}/signup`);
    await p.getByRole('heading', { name: 'Create your account' }).waitFor();
    await tabTo(p, { name: 'name' });
    await p.keyboard.press('Enter');
    await expectText(p.locator('.field-error').first(), 'Enter a name.', 5_000);
    expect(await p.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(p, 'signup');
    await p.context().close();
  }, 90_000);

  test('sign-up with the keyboard alone lands on "check your mail", then the servers page of the new account', async () => {
    const p = await freshPage();
    await p.goto(`${base}/signup`);
    await tabTo(p, { name: 'name' });
    await p.keyboard.type('New Pioneer');
    await p.keyboard.press('Tab');
    await p.keyboard.type('new.pioneer@example.com');
    await p.keyboard.press('Tab');
    await p.keyboard.type('short');
    await p.keyboard.press('Enter');
    // Too short for the API's rule: said at the field, which has the focus, and nothing was sent.
    await expectText(p.locator('.field-error'), 'Use at least 10 characters.', 5_000);
    expect((await focused(p)).name).toBe('password');
    await p.keyboard.press('Control+A');
    await p.keyboard.type('a-long-enough-password');
    await p.keyboard.press('Enter');
    // A verification mail went to the new address (issue 22): the page says where, the banner offers a resend.
    await p.waitForURL(`${base}/check-email`, { timeout: 20_000 });
    await expectText(p.getByTestId('check-mail'), 'new.pioneer@example.com', 10_000);
    await expectText(p.getByTestId('verify-banner'), 'Verify your e-mail address.', 5_000);
    await p.getByRole('link', { name: 'Continue to your servers' }).click();
    await p.waitForURL(`${base}/servers`, { timeout: 20_000 });
    await p.getByRole('heading', { name: 'No servers yet' }).waitFor({ timeout: 20_000 });
    const me = await json(`${base}/api/v1/me`, {
      token: (await p.evaluate(() =>
        (globalThis as unknown as { localStorage: Storage }).localStorage.getItem('gsm.session'),
      ))!,
    });
    expect(me.body).toMatchObject({ name: 'New Pioneer', email: 'new.pioneer@example.com', role: 'admin' });
    await shot(p, 'auth-signed-up');
    await p.context().close();
  }, 60_000);

  test('an e-mail already registered: the API says so, with the way to sign in', async () => {
    const p = await freshPage();
    await p.goto(`${base}/signup`);
    await p.getByLabel('Name').fill('Someone');
    await p.getByLabel('E-mail').fill(DEMO.email);
    await p.getByLabel('Password').fill('another-long-password');
    await p.getByRole('button', { name: 'Create account' }).click();
    const alert = p.getByRole('alert');
    await expectText(alert, 'An account with this e-mail already exists', 10_000);
    await expectText(alert, 'Sign in instead, or use another e-mail.', 1_000);
    await p.getByRole('link', { name: 'Sign in instead' }).click();
    await p.waitForURL(`${base}/login`);
    await p.context().close();
  }, 30_000);

  test('the sign-in page passes axe; a wrong password shows the API’s message and remedy (keyboard alone)', async () => {
    const p = await freshPage();
    await p.goto(`${base}/login`);
    await p.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(p, 'signin');
    await tabTo(p, { name: 'email' });
    await p.keyboard.type(DEMO.email);
    await p.keyboard.press('Tab');
    await p.keyboard.type('not-the-password');
    const answer = p.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
    await p.keyboard.press('Enter');
    const refusal = (await (await answer).json()) as { error: { message: string; remedy: string } };
    expect((await answer).status()).toBe(401);
    const alert = p.getByRole('alert');
    await expectText(alert, refusal.error.remedy, 10_000);
    const said = (await alert.textContent())!.toLowerCase();
    expect(said).toContain(refusal.error.message.toLowerCase());
    expect(p.url()).toBe(`${base}/login`);
    await shot(p, 'signin-wrong-password');

    // Corrected with the keyboard: the focus is still in the password, which takes the right one, Enter.
    expect((await focused(p)).name).toBe('password');
    await p.keyboard.press('Control+A');
    await p.keyboard.type(DEMO.password);
    await p.keyboard.press('Enter');
    await p.waitForURL(`${base}/servers`, { timeout: 20_000 });
    await p.locator('[data-testid="server-row"]').first().waitFor({ timeout: 20_000 });
    await p.context().close();
  }, 90_000);

  test('a session ended elsewhere leads back to the sign-in page, which says so', async () => {
    const p = await freshPage();
    await harness.signIn(p, DEMO.email, DEMO.password);
    const token = await p.evaluate(() =>
      (globalThis as unknown as { localStorage: Storage }).localStorage.getItem('gsm.session'),
    );
    expect((await json(`${base}/api/v1/auth/logout`, { method: 'POST', token: token! })).status).toBe(204);
    await p.waitForURL(`${base}/login`, { timeout: 30_000 });
    const note = p.locator('[data-testid="session-ended-message"]');
    await expectText(note, 'Your session has ended', 10_000);
    await shot(p, 'signin-session-ended');
    await p.context().close();
  }, 60_000);

  test('in German, the sign-in page speaks German', async () => {
    const p = await freshPage('de');
    await p.goto(`${base}/login`);
    await p.getByRole('heading', { name: 'Anmelden' }).waitFor({ timeout: 10_000 });
    expect(
      await p.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang,
      ),
    ).toBe('de');
    expect(await p.getByLabel('E-Mail').count()).toBe(1);
    expect(await p.getByLabel('Passwort').count()).toBe(1);
    await p.getByRole('button', { name: 'Anmelden' }).click();
    await expectText(p.locator('.field-error').first(), 'Gib deine E-Mail-Adresse ein.', 5_000);
    await expectText(p.locator('main'), 'Noch kein Konto?', 1_000);
    await shot(p, 'signin-de');
    await p.context().close();
  }, 30_000);

  // Last: after five failures the platform refuses sign-ins from this address for 15 minutes.
  test('too many failed attempts: the API’s refusal says how long to wait', async () => {
    const p = await freshPage();
    await p.goto(`${base}/login`);
    await p.getByLabel('E-mail').fill(DEMO.email);
    const alert = p.getByRole('alert');
    for (let i = 0; i < 6; i++) {
      await p.getByLabel('Password').fill(`wrong-${i}`);
      const answer = p.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
      await p.getByRole('button', { name: 'Sign in' }).click();
      if ((await answer).status() === 429) break;
      await alert.waitFor();
    }
    await expectText(alert, 'Too many failed sign-in attempts', 10_000);
    await expectText(alert, 'before trying again, or reset your password.', 1_000);
    await shot(p, 'signin-throttled');
    await p.context().close();
  }, 60_000);
});
