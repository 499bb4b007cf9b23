import { signUpAndIn } from '@app/testing';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { BrowserPlatform, expectText, json, shot } from './browser-harness';

/**
 * Passkeys in a real browser against `npm start`, with Chromium's virtual authenticator (CDP WebAuthn: a CTAP2
 * platform authenticator with resident keys and user verification): add a passkey in Settings -> Security, sign
 * out, and sign in with the passkey alone (no e-mail, no password). Passkeys need a "localhost" (or domain)
 * origin: browsers refuse an IP address as the relying party, so the page is on http://localhost:<port>.
 */
const PIONEER = { email: 'passkey.pioneer@example.com', password: 'passkey-pioneer-password', name: 'Passkey Pioneer' };

describe('passkeys in a browser, against `npm start`', () => {
  let base: string;
  let local: string;
  let browser: Browser;
  const harness = new BrowserPlatform();

  beforeAll(async () => {
    await harness.start();
    ({ base, browser } = harness);
    local = base.replace('127.0.0.1', 'localhost');
    await signUpAndIn(base, PIONEER.email, PIONEER.password, PIONEER.name);
  }, 240_000);

  afterAll(() => harness.close());

  const sessionOf = (p: Page) =>
    p.evaluate(() => (globalThis as unknown as { localStorage: Storage }).localStorage.getItem('gsm.session'));

  /** A virtual authenticator on the page: what a phone's or laptop's built-in passkey store is. */
  async function authenticator(p: Page): Promise<{ cdp: CDPSession; id: string }> {
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { cdp, id: authenticatorId };
  }

  test('add a passkey in Settings -> Security, sign out, sign in with the passkey alone', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    const { cdp, id } = await authenticator(p);

    await p.goto(`${local}/login`);
    await p.getByLabel(/e-?mail/i).fill(PIONEER.email);
    await p.getByLabel(/^password/i).fill(PIONEER.password);
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    await p.waitForURL(`${local}/servers`, { timeout: 20_000 });

    await p.goto(`${local}/settings/security`);
    await p.getByRole('heading', { name: 'Passkeys' }).waitFor({ timeout: 20_000 });
    await expectText(p.getByTestId('totp-state'), 'Off.', 10_000);
    await p.getByTestId('passkey-name').fill('Test laptop');
    await p.getByTestId('add-passkey').click();
    await p.locator('[data-testid="passkey-row"][data-passkey-name="Test laptop"]').waitFor({ timeout: 20_000 });
    await expectText(p.locator('.security-card p.notice-ok'), 'Passkey “Test laptop” added.', 10_000);
    await shot(p, 'security-passkey-added');

    // The authenticator holds one discoverable credential; the API lists the passkey (no key material).
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    const firstToken = (await sessionOf(p))!;
    const listed = await json(`${base}/api/v1/me/passkeys`, { token: firstToken });
    expect(listed.body).toEqual([expect.objectContaining({ name: 'Test laptop', last_used_at: null })]);
    expect(JSON.stringify(listed.body)).not.toContain(credentials[0]!.privateKey);

    // A password sign-in now needs the second factor: the passkey.
    const password = await json(`${base}/api/v1/auth/login`, {
      method: 'POST',
      body: { email: PIONEER.email, password: PIONEER.password },
    });
    expect(password.body).toMatchObject({ second_factor_required: true, methods: ['passkey'] });
    expect(password.body.token).toBeUndefined();

    await p.getByRole('button', { name: 'Sign out' }).click();
    await p.waitForURL(/\/login/, { timeout: 20_000 });
    expect(await sessionOf(p)).toBeNull();
    expect((await json(`${base}/api/v1/me`, { token: firstToken })).status).toBe(401);

    await p.getByTestId('passkey-sign-in').click();
    await p.waitForURL(`${local}/servers`, { timeout: 20_000 });
    const token = (await sessionOf(p))!;
    expect(token).toBeTruthy();
    const me = await json(`${base}/api/v1/me`, { token });
    expect(me.body).toMatchObject({ email: PIONEER.email, name: PIONEER.name });
    const after = (await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials[0]!;
    expect(after.signCount).toBeGreaterThan(credentials[0]!.signCount);
    const used = await json(`${base}/api/v1/me/passkeys`, { token });
    expect(used.body[0].last_used_at).not.toBeNull();
    const audit = await json(`${base}/api/v1/audit?limit=50`, { token });
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['passkey.added', 'sign_in.passkey']),
    );
    await shot(p, 'security-passkey-signed-in');
    await context.close();
  }, 120_000);
});
