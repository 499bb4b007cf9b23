import type { Browser, Page } from 'playwright-core';
import { startOidcProvider, type TestOidcProvider } from '@app/testing';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';

/**
 * Single sign-on in a real browser against `npm start` and a real OpenID provider (oidc-provider on loopback): the
 * demo account's admin turns on the Team plan's SSO add-on and sets SSO up in Settings; a new colleague signs in
 * with "Sign in with SSO" through the provider's own sign-in page, lands on the servers of the organisation as the
 * mapped role, the session token never in the address bar; refusals are shown in words. axe-core checks the SSO
 * tab (light, dark, phone; screenshots in test-results/screenshots/).
 */
describe('single sign-on in a browser, against `npm start` and a real OpenID provider', () => {
  let base: string;
  let browser: Browser;
  let page: Page;
  let idp: TestOidcProvider;
  const harness = new BrowserPlatform();
  const domain = `sso-${Date.now().toString(36)}.example`;
  const secret = 'browser-test-client-secret-41f7';

  beforeAll(async () => {
    await harness.start();
    ({ base, browser, page } = harness);
    idp = await startOidcProvider({
      clients: [{ client_id: 'dashboard', client_secret: secret, redirect_uris: [`${base}/api/v1/auth/sso/callback`] }],
      accounts: { [`dana@${domain}`]: { name: 'Dana', groups: ['factory-ops'] } },
    });
    await harness.signIn(page, DEMO.email, DEMO.password);
  }, 240_000);

  afterAll(async () => {
    await idp?.stop();
    await harness.close();
  });

  test('an admin turns on the add-on and sets single sign-on up', async () => {
    await page.goto(`${base}/settings/sso`);
    const gate = page.locator('[data-testid="sso-plan-gate"]');
    await gate.waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Turn on the SSO add-on' }).click();
    const issuer = page.getByLabel('Issuer URL');
    await issuer.waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-testid="sso-redirect-uri"]').textContent()).toBe(
      `${base}/api/v1/auth/sso/callback`,
    );
    await issuer.fill(idp.issuer);
    await page.getByLabel('Client id').fill('dashboard');
    await page.getByLabel('Client secret').fill(secret);
    await page.getByLabel('E-mail domains').fill(domain);
    await page.getByLabel('Role claim').fill('groups');
    await page.getByLabel('Role mapping').fill('factory-ops = operator');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectText(page.getByRole('status'), 'Single sign-on saved.', 15_000);
    await shot(page, 'sso-settings-saved');
    // The secret is stored, never shown again.
    await page.reload();
    await page.getByLabel('Client secret').waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(secret);
    // The tab as an admin finds it once set up: the settings form and the redirect URI to give the provider.
    await expectAccessible(page, 'settings-sso');
  }, 600_000);

  test("a colleague signs in through the provider's page and lands in the organisation", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    await p.goto(`${base}/login`);
    await p.getByRole('link', { name: 'Sign in with SSO' }).click();
    await p.getByLabel('Work e-mail').fill(`dana@${domain}`);
    await p.getByRole('button', { name: 'Continue' }).click();
    // The provider's own sign-in page (oidc-provider's form; the login is pre-filled from login_hint).
    await p.waitForURL((url) => url.href.startsWith(idp.issuer), { timeout: 20_000 });
    await p.locator('input[name="password"]').fill('any password');
    await shot(p, 'sso-provider-sign-in');
    await p.locator('button[type="submit"]').click();
    await p.locator('[data-testid="server-row"]').first().waitFor({ timeout: 30_000 });
    expect(p.url()).toBe(`${base}/servers`);
    const token = await p.evaluate(() => localStorage.getItem('gsm.session'));
    expect(token).toMatch(/^gsm_s_/);
    expect(p.url()).not.toContain(token!);
    const me = await json(`${base}/api/v1/me`, { token: token! });
    expect(me.body.email).toBe(`dana@${domain}`);
    const demoOrg = (await json(`${base}/api/v1/me`, { token: harness.token })).body.organisation_id;
    expect(me.body.organisations).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: demoOrg, role: 'operator' })]),
    );
    await shot(p, 'sso-signed-in');
    await context.close();
  });

  test('refusals in words: an unknown domain, and a failed sign-in coming back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    await p.goto(`${base}/login?sso_error=replayed_state`);
    await expectText(p.locator('[data-testid="sso-error"]'), 'This sign-in was already used.', 15_000);
    await p.getByLabel('Work e-mail').fill('someone@nowhere.example');
    await p.getByRole('button', { name: 'Continue' }).click();
    await expectText(p.getByRole('alert').last(), 'No organisation signs in with single sign-on', 10_000);
    await shot(p, 'sso-refusals');
    await context.close();
  });
});
