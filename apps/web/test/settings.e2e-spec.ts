import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { signUpAndIn, sql, startSmtpReceiver, type SmtpReceiver } from '@app/testing';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';

/**
 * Every settings tab in a real browser (Debian's chromium driven by playwright-core) against `npm start` (five
 * services, a simulated fleet, the demo account on the Team plan): API tokens made with the keyboard alone, an
 * invitation mailed (a loopback SMTP server) and accepted through the mail's link in a browser of its own, plan
 * and usage, a share link that opens, and the audit log that recorded it all. axe-core checks each tab in light,
 * dark and phone layouts.
 */
const ENGINEER = { email: 'engineer@example.com', password: 'engineer-password-1', name: 'Engineer' };

describe('the settings in a browser, against `npm start`', () => {
  let base: string;
  let browser: Browser;
  let page: Page;
  let token: string;
  let smtp: SmtpReceiver;
  const harness = new BrowserPlatform();

  beforeAll(async () => {
    // A loopback mail server: the invitation is mailed, and the test follows the mail's link.
    smtp = await startSmtpReceiver();
    await harness.start({
      SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
      SMTP_FROM: 'Monitoring <accounts@example.com>',
    });
    ({ base, browser, page, token } = harness);
    await harness.signIn(page, DEMO.email, DEMO.password);
  }, 240_000);

  afterAll(async () => {
    await harness.close();
    await smtp?.close();
  });

  const isFocused = (l: Locator) => l.evaluate((el) => el === el.ownerDocument.activeElement);

  /** Presses Tab until the element has the focus: proof that the keyboard reaches it. */
  async function tabTo(p: Page, target: Locator, max = 60): Promise<void> {
    for (let i = 0; i < max; i++) {
      if (await isFocused(target)) return;
      await p.keyboard.press('Tab');
    }
    throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
  }

  test('API tokens: made with the keyboard alone, the secret shown once, then revoked', async () => {
    await page.goto(`${base}/settings/tokens`);
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'settings-tokens');

    await page.locator('body').focus();
    await tabTo(page, name);
    await page.keyboard.type('Grafana');
    await page.keyboard.press('Tab'); // Expires
    await page.keyboard.press('ArrowDown'); // in 90 days (the default) -> in 365 days
    // Both preset scopes off: the form refuses and takes the keyboard to the scopes.
    const first = page.getByRole('checkbox', { name: 'servers:read' });
    await tabTo(page, first);
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('checkbox', { name: 'metrics:read' }));
    await page.keyboard.press('Space');
    const create = page.getByRole('button', { name: 'Create token' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const scopes = page.getByRole('group', { name: 'Scopes' });
    await expectText(scopes, 'Choose at least one scope.', 5_000);
    expect(await isFocused(first)).toBe(true);
    await shot(page, 'settings-tokens-error');

    await page.keyboard.press('Space');
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const secret = page.locator('[data-testid="new-token-value"]');
    await secret.waitFor({ timeout: 10_000 });
    const value = (await secret.textContent())!;
    expect(value).toMatch(/^gsm_/);
    const row = page.locator('[data-testid="token-row"][data-token-name="Grafana"]');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain('servers:read');
    expect(await row.textContent()).not.toContain('metrics:read');
    expect((await json(`${base}/api/v1/servers`, { token: value })).status).toBe(200);
    await shot(page, 'settings-tokens-created');

    // Shown once: after a reload the token is listed, its secret is not.
    await page.reload();
    await row.waitFor({ timeout: 10_000 });
    expect(await secret.count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(value);

    // Revoked with the keyboard too: the dialog opens on Cancel, Tab reaches the confirming button.
    await tabTo(page, row.getByRole('button', { name: /revoke/i }));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    await expectText(page.locator('main'), 'Token “Grafana” revoked.', 5_000);
    expect((await json(`${base}/api/v1/servers`, { token: value })).status).toBe(401);
  }, 120_000);

  test('members: the invitation is mailed; its link signs the invitee in, says to verify first, then joins them', async () => {
    await page.goto(`${base}/settings/members`);
    // The owner's row: a badge, no role picker, no remove button.
    const owner = page.locator(`[data-testid="member-row"][data-email="${DEMO.email}"]`);
    await owner.waitFor({ timeout: 20_000 });
    await owner.locator('[data-testid="owner-badge"]').waitFor();
    expect(await owner.getByRole('combobox').count()).toBe(0);
    expect(await owner.getByRole('button', { name: /remove/i }).count()).toBe(0);

    const since = Date.now();
    await page.getByLabel('E-mail', { exact: true }).fill(ENGINEER.email);
    await page.getByLabel('Role', { exact: true }).selectOption('operator');
    await page.getByRole('button', { name: 'Invite' }).click();
    await expectText(page.locator('main'), `Invitation sent to ${ENGINEER.email}.`, 10_000);
    const pending = page.locator(`[data-testid="invitation-row"][data-email="${ENGINEER.email}"]`);
    await pending.waitFor();
    await pending.getByRole('button', { name: 'Resend' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('gsm_i_');
    await expectAccessible(page, 'settings-members');

    const mail = await smtp.waitForMessage((m) => m.to.includes(ENGINEER.email) && m.at >= since, 15_000);
    const mailed = new URL(/https?:\/\/\S+\/invitations\/accept#token=\S+/.exec(mail.text)![0]);
    const link = `${base}${mailed.pathname}${mailed.hash}`;

    // The invitee has an account, not yet verified, and no session in this browser.
    await signUpAndIn(base, ENGINEER.email, ENGINEER.password, ENGINEER.name);
    await sql(harness.db.url, 'UPDATE users SET email_verified_at = NULL WHERE email = $1', [ENGINEER.email]);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await p.goto(link);
      const signIn = p.getByRole('link', { name: 'Sign in to accept' });
      await signIn.waitFor({ timeout: 20_000 });
      await expectAccessible(p, 'invitation-signed-out');
      await signIn.click();
      await p.getByLabel(/e-?mail/i).fill(ENGINEER.email);
      await p.getByLabel(/^password/i).fill(ENGINEER.password);
      await p.getByRole('button', { name: /sign in/i }).click();
      // Back on the invitation, the code taken from the link.
      const field = p.getByLabel('Invitation link or code');
      await field.waitFor({ timeout: 20_000 });
      expect(await field.inputValue()).toMatch(/^gsm_i_/);
      expect(p.url()).toContain('/invitations/accept');

      const accept = p.getByRole('button', { name: 'Accept the invitation' });
      await accept.click();
      const refused = p.locator('[data-testid="invitation-refused"]');
      await refused.waitFor({ timeout: 10_000 });
      expect(await refused.getAttribute('data-reason')).toBe('email_unverified');
      await expectText(refused, 'Verify your e-mail address first', 5_000);
      await expectAccessible(p, 'invitation-unverified');
      await shot(p, 'invitation-unverified');

      // Verified (the verification mail's link, here the database): the same click joins.
      await sql(harness.db.url, 'UPDATE users SET email_verified_at = now() WHERE email = $1', [ENGINEER.email]);
      await accept.click();
      const joined = p.locator('[data-testid="invitation-accepted"]');
      await joined.waitFor({ timeout: 10_000 });
      await expectText(joined, 'as Operator', 5_000);
      await shot(p, 'invitation-accepted');
      await p.goto(`${base}/settings/members`);
      await expectText(p.locator('main'), 'your role: Operator', 20_000);
    } finally {
      await ctx.close();
    }

    await page.reload();
    const member = page.locator(`[data-testid="member-row"][data-email="${ENGINEER.email}"]`);
    await member.waitFor({ timeout: 20_000 });
    expect(await member.getAttribute('data-role')).toBe('operator');
    expect(await member.getByRole('combobox').inputValue()).toBe('operator');
    expect(await pending.count()).toBe(0);
  }, 120_000);

  test('plan and usage: the Team plan, the servers in use and the plan table', async () => {
    await page.goto(`${base}/settings/plan`);
    const current = page.locator('[data-testid="current-plan"]');
    await current.waitFor({ timeout: 20_000 });
    expect(await current.getAttribute('data-plan-id')).toBe('team');
    const servers = page.locator('[data-testid="usage-servers"]');
    await servers.waitFor({ timeout: 20_000 });
    expect(await servers.getAttribute('data-used')).toBe('5');
    await expectText(servers, '5 of 15', 5_000);
    const plans = page.locator('[data-testid="plan-row"]');
    expect(await plans.count()).toBe(5);
    await expectText(page.locator('[data-testid="plan-row"][data-plan-id="team"]'), 'Current', 5_000);
    await expectAccessible(page, 'settings-plan');
  }, 60_000);

  test('share links: one made for a server opens its read-only dashboard', async () => {
    const target = harness.sim('Healthy base');
    await page.goto(`${base}/settings/shares`);
    await page.getByLabel('Server', { exact: true }).selectOption(target.server_id);
    await page.getByLabel('Kind', { exact: true }).selectOption('dashboard');
    await page.getByRole('button', { name: 'Create link' }).click();
    const url = (await page.locator('[data-testid="share-url"]').textContent({ timeout: 10_000 }))!;
    expect(url).toMatch(new RegExp(`^${base}/share/`));
    await page.waitForURL((u) => u.searchParams.get('server') === target.server_id);
    await page.locator('[data-testid="share-row"][data-kind="dashboard"]').first().waitFor({ timeout: 10_000 });
    await expectText(page.locator('main'), 'Links to Healthy base', 5_000);
    await expectAccessible(page, 'settings-shares');

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    try {
      await p.goto(url);
      await p.locator('[data-testid="read-only-notice"]').waitFor({ timeout: 20_000 });
      expect(await p.getByText('Healthy base').count()).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
    // The links of the server named in the address (?server=) are those shown.
    const shares = await json(`${base}/api/v1/servers/${target.server_id}/shares`, { token });
    expect(await page.locator('[data-testid="share-row"]').count()).toBe(shares.body.length);
  }, 90_000);

  test('audit log: the changes above are recorded, newest first', async () => {
    await page.goto(`${base}/settings/audit`);
    const rows = page.locator('[data-testid="audit-row"]');
    await rows.first().waitFor({ timeout: 20_000 });
    const actions = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    for (const action of ['token.created', 'token.revoked', 'member.invited', 'member.joined', 'share.created'])
      expect(actions).toContain(action);
    // Newest first: the share link (made last) comes before the token (made first).
    expect(actions.indexOf('share.created')).toBeLessThan(actions.indexOf('token.created'));
    await expectText(rows.filter({ hasText: 'member.invited' }).first(), ENGINEER.email, 5_000);
    await expectAccessible(page, 'settings-audit');
  }, 60_000);
});
