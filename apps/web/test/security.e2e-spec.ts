import { joinByInvitation, signUpAndIn, sql } from '@app/testing';
import { Secret, TOTP } from 'otpauth';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';

/**
 * Settings -> Security in a real browser against `npm start`. Passkeys with Chromium's virtual authenticator (CDP
 * WebAuthn: a CTAP2 platform authenticator with resident keys and user verification): add one, sign out, sign in
 * with the passkey alone, and as the second step after a password. An authenticator app enrolled from the QR's key
 * with codes computed by otpauth, the recovery codes shown once, the second step with a code. A member of an
 * organisation that requires two factors is led to the page. Passkeys need a "localhost" (or domain) origin:
 * browsers refuse an IP address as the relying party, so those pages are on http://localhost:<port>. axe-core checks
 * the security tab and the sign-in's second step (light, dark, phone; screenshots in test-results/screenshots/).
 */
const ENGINEER = { email: 'totp.engineer@example.com', password: 'totp-engineer-password', name: 'TOTP Engineer' };
const PIONEER = { email: 'passkey.pioneer@example.com', password: 'passkey-pioneer-password', name: 'Passkey Pioneer' };

describe('second factors in a browser, against `npm start`', () => {
  let base: string;
  let local: string;
  let browser: Browser;
  const harness = new BrowserPlatform();

  beforeAll(async () => {
    await harness.start();
    ({ base, browser } = harness);
    local = base.replace('127.0.0.1', 'localhost');
    await signUpAndIn(base, PIONEER.email, PIONEER.password, PIONEER.name);
    await signUpAndIn(base, ENGINEER.email, ENGINEER.password, ENGINEER.name);
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

    // The passkey as the second step of a password sign-in.
    await p.getByRole('button', { name: 'Sign out' }).click();
    await p.waitForURL(/\/login/, { timeout: 20_000 });
    await p.getByLabel(/e-?mail/i).fill(PIONEER.email);
    await p.getByLabel(/^password/i).fill(PIONEER.password);
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    await p.getByTestId('second-factor-step').waitFor({ timeout: 20_000 });
    expect(await p.getByTestId('second-factor-code').count()).toBe(0);
    await p.getByTestId('second-passkey').click();
    await p.waitForURL(`${local}/servers`, { timeout: 20_000 });
    expect((await json(`${base}/api/v1/me`, { token: (await sessionOf(p))! })).body.email).toBe(PIONEER.email);
    await context.close();
  }, 120_000);

  /** What an authenticator app shows for the key at this moment (RFC 6238: SHA-1, 30 s, 6 digits). */
  const codeOf = (secret: string, atMs = Date.now()) =>
    new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
      timestamp: atMs,
    });

  /** Waits out the last seconds of a 30 s step, so a code computed now is still valid when it arrives. */
  const awayFromStepEdge = async () => {
    const into = Date.now() % 30_000;
    if (into > 25_000) await new Promise((r) => setTimeout(r, 30_500 - into));
  };

  test('an authenticator app: QR and key, a code turns it on, ten recovery codes once, then the sign-in asks for a code', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    await p.goto(`${base}/login`);
    await p.getByLabel(/e-?mail/i).fill(ENGINEER.email);
    await p.getByLabel(/^password/i).fill(ENGINEER.password);
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    await p.waitForURL(`${base}/servers`, { timeout: 20_000 });

    await p.goto(`${base}/settings/security`);
    await p.getByRole('heading', { name: 'Passkeys' }).waitFor({ timeout: 20_000 });
    await expectText(p.getByTestId('totp-state'), 'Off.', 10_000);
    await expectAccessible(p, 'settings-security');
    await p.getByTestId('totp-start').click();
    const qr = p.getByTestId('totp-qr');
    await qr.waitFor({ timeout: 20_000 });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    const secret = ((await p.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // A wrong code: refused in words, still off.
    await p.getByTestId('totp-code').fill(codeOf(secret, Date.now() + 300_000));
    await p.getByRole('button', { name: 'Turn on' }).click();
    await expectText(p.locator('.security-enrol [role="alert"]'), 'The code is wrong', 10_000);
    await awayFromStepEdge();
    await p.getByTestId('totp-code').fill(codeOf(secret, Date.now() - 30_000));
    await p.getByRole('button', { name: 'Turn on' }).click();
    await p.getByTestId('recovery-codes').waitFor({ timeout: 20_000 });
    const codes = await p.getByTestId('recovery-code').allTextContents();
    expect(codes).toHaveLength(10);
    await shot(p, 'security-recovery-codes');
    await p.getByRole('button', { name: 'I have saved them' }).click();
    await expectText(p.getByTestId('totp-state'), 'On. 10 recovery codes left.', 10_000);
    expect(await p.getByTestId('recovery-codes').count()).toBe(0);

    await p.getByRole('button', { name: 'Sign out' }).click();
    await p.waitForURL(/\/login/, { timeout: 20_000 });
    await p.getByLabel(/e-?mail/i).fill(ENGINEER.email);
    await p.getByLabel(/^password/i).fill(ENGINEER.password);
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    await p.getByTestId('second-factor-step').waitFor({ timeout: 20_000 });
    expect(await sessionOf(p)).toBeNull();
    // The second step as it asks for the app's code (its challenge lives 5 minutes: the code is computed after).
    await expectAccessible(p, 'signin-second-factor');
    await awayFromStepEdge();
    await p.getByTestId('second-factor-code').fill(codeOf(secret));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(`${base}/servers`, { timeout: 20_000 });
    const me = await json(`${base}/api/v1/me`, { token: (await sessionOf(p))! });
    expect(me.body.email).toBe(ENGINEER.email);
    await context.close();
  }, 600_000);

  test('a member of an organisation that requires two factors is led to Settings -> Security', async () => {
    const member = { email: 'policy.member@example.com', password: 'policy-member-password' };
    const signedUp = await signUpAndIn(base, member.email, member.password, 'Policy Member');
    const demo = (await json(`${base}/api/v1/auth/login`, { method: 'POST', body: DEMO })).body.token as string;
    const demoOrg = (await json(`${base}/api/v1/me`, { token: demo })).body.organisations[0].id as string;
    // Members join only by accepting an invitation (before the policy is on: joining would need a factor then).
    const joined = await joinByInvitation({
      baseUrl: base,
      databaseUrl: harness.db.url,
      admin: { token: demo },
      member: { token: signedUp.token, email: member.email },
      role: 'viewer',
    });
    expect(joined.organisation.id).toBe(demoOrg);
    // The policy as an admin with a second factor would set it (PATCH /api/v1/org/security; e2e-tested there).
    await sql(harness.db.url, 'UPDATE organisations SET require_two_factor = true WHERE id = $1', [demoOrg]);
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const p = await context.newPage();
      await p.goto(`${base}/login`);
      await p.evaluate(
        (org) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('gsm.org', org),
        demoOrg,
      );
      await p.getByLabel(/e-?mail/i).fill(member.email);
      await p.getByLabel(/^password/i).fill(member.password);
      await p.getByRole('button', { name: 'Sign in', exact: true }).click();
      await p.waitForURL(`${base}/settings/security`, { timeout: 20_000 });
      await expectText(p.getByTestId('two-factor-required'), 'Required by', 10_000);
      await shot(p, 'security-two-factor-required');
      await context.close();
    } finally {
      await sql(harness.db.url, 'UPDATE organisations SET require_two_factor = false WHERE id = $1', [demoOrg]);
    }
  }, 120_000);
});
