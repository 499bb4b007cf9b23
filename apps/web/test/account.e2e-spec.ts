import { accountMailToken, isConfirmationMail, startSmtpReceiver, type SmtpReceiver } from '@app/testing';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';

/**
 * Issue 22's account mails in a real browser against `npm start`, with a real SMTP receiver on loopback: the test
 * reads each mail and opens its link as a user would. "Forgot password?" from the sign-in page to a new password
 * (the old one stops working), and a new account verified from the link of its mail (the banner goes), and an alert
 * recipient confirmed from its mail. axe-core checks each of these pages (light, dark, phone; screenshots in
 * test-results/screenshots/), and Settings -> Account.
 */
describe('account mails in a browser: password reset and e-mail verification, against `npm start`', () => {
  let base: string;
  let browser: Browser;
  let smtp: SmtpReceiver;
  const harness = new BrowserPlatform();

  const freshPage = async (): Promise<Page> =>
    (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const linkOf = (text: string): string => {
    const link = /http:\/\/\S+#token=[\w%-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no link in the mail: ${text.slice(0, 200)}`);
    return link;
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    await harness.start({ SMTP_URL: `smtp://${smtp.host}:${smtp.port}`, SMTP_FROM: 'Accounts <accounts@example.com>' });
    ({ base, browser } = harness);
  }, 240_000);

  afterAll(async () => {
    await harness.close();
    await smtp?.close();
  });

  // First: the password reset below ends the demo account's sessions, harness.token among them.
  test("an alert recipient's confirmation link: the page passes axe, one click confirms", async () => {
    const address = 'on.call@example.com';
    const since = Date.now();
    const created = await json(`${base}/api/v1/notification-channels`, {
      method: 'POST',
      token: harness.token,
      body: { kind: 'email', name: 'On-call mail', config: { to: [address] } },
    });
    expect(created.status).toBe(201);
    const mail = await smtp.waitForMessage((m) => isConfirmationMail(m, address) && m.at >= since, 20_000);
    const mailed = new URL(/https?:\/\/\S+\/confirm-recipient#token=[\w%-]+/.exec(mail.text)![0]);
    const p = await freshPage();
    await p.goto(`${base}${mailed.pathname}${mailed.hash}`);
    await p.getByRole('button', { name: 'Confirm and receive alerts' }).waitFor({ timeout: 10_000 });
    await expectAccessible(p, 'confirm-recipient');
    await p.getByRole('button', { name: 'Confirm and receive alerts' }).click();
    await expectText(p.getByTestId('recipient-confirmed'), address, 10_000);
    await p.context().close();
  }, 300_000);

  test('Forgot password? -> the mail -> its link -> a new password; the old one no longer signs in', async () => {
    const p = await freshPage();
    await p.goto(`${base}/login`);
    await p.getByRole('link', { name: 'Forgot password?' }).click();
    await p.waitForURL(`${base}/forgot-password`);
    await p.getByRole('heading', { name: 'Forgot your password?' }).waitFor({ timeout: 10_000 });
    await expectAccessible(p, 'forgot-password');
    await p.getByLabel('E-mail').fill(DEMO.email);
    const asked = Date.now();
    await p.getByRole('button', { name: 'Send the link' }).click();
    await expectText(p.getByTestId('reset-requested'), `If an account exists for ${DEMO.email}`, 10_000);
    const mail = await smtp.waitForMessage(
      (m) => m.to.includes(DEMO.email) && m.headers['x-gsm-event'] === 'password-reset' && m.at >= asked,
      20_000,
    );
    expect(mail.subject).toBe('Reset your Satisfactory Monitoring password');
    const link = linkOf(mail.text);
    expect(link.startsWith(`${base}/reset-password#token=`)).toBe(true);

    await p.goto(link);
    await p.getByRole('heading', { name: 'Choose a new password' }).waitFor({ timeout: 10_000 });
    // The page as the mail's reader arrives on it, the token still in the address bar.
    expect(p.url()).toBe(link);
    await expectAccessible(p, 'reset-password');
    const NEW = 'a-brand-new-demo-password';
    await p.getByLabel('New password', { exact: true }).fill(NEW);
    await p.getByLabel('Repeat the new password').fill(NEW);
    await p.getByRole('button', { name: 'Set the new password' }).click();
    await expectText(p.getByTestId('password-reset'), 'Your new password is set', 10_000);
    // The token left the address bar.
    expect(p.url()).toBe(`${base}/reset-password`);
    await shot(p, 'account-password-reset');
    // The link works once.
    const again = await json(`${base}/api/v1/auth/password-reset/confirm`, {
      method: 'POST',
      body: { token: accountMailToken(mail.text), password: 'yet-another-password' },
    });
    expect(again.status).toBe(400);
    // The old password is refused; the new one signs in to the servers.
    expect((await json(`${base}/api/v1/auth/login`, { method: 'POST', body: DEMO })).status).toBe(401);
    await p.getByRole('link', { name: 'Sign in with the new password' }).click();
    await harness.signIn(p, DEMO.email, NEW);
    await p.context().close();
  }, 400_000);

  test('a new account: "check your mail" and a banner until the link of its mail verifies it', async () => {
    const p = await freshPage();
    const email = 'verify.me@example.com';
    await p.goto(`${base}/signup`);
    await p.getByLabel('Name').fill('Vera');
    await p.getByLabel('E-mail').fill(email);
    await p.getByLabel('Password').fill('a-long-enough-password');
    await p.getByRole('button', { name: 'Create account' }).click();
    await p.waitForURL(`${base}/check-email`, { timeout: 20_000 });
    await expectText(p.getByTestId('check-mail'), email, 10_000);
    await expectText(p.getByTestId('verify-banner'), 'Verify your e-mail address.', 5_000);
    await expectAccessible(p, 'check-email');
    const mail = await smtp.waitForMessage(
      (m) => m.to.includes(email) && m.headers['x-gsm-event'] === 'email-verification',
      20_000,
    );
    await p.goto(linkOf(mail.text));
    await expectText(p.getByTestId('email-verified'), 'your e-mail address is verified', 10_000);
    await expectAccessible(p, 'verify-email');
    await p.getByRole('link', { name: 'Continue to your servers' }).click();
    await p.waitForURL(`${base}/servers`, { timeout: 20_000 });
    await p.getByRole('heading', { name: 'No servers yet' }).waitFor({ timeout: 20_000 });
    // The banner goes once the account is read again (the verify page asks for it; the servers page may first
    // render the cached, unverified account for a moment).
    await p.getByTestId('verify-banner').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await p.getByTestId('verify-banner').count()).toBe(0);

    // Settings -> Account of the verified account: the change-password form.
    await p.goto(`${base}/settings/account`);
    await p.getByLabel('Current password').waitFor({ timeout: 20_000 });
    await expectAccessible(p, 'settings-account');
    await p.context().close();
  }, 600_000);
});
