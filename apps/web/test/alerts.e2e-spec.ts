import { startDiscordReceiver, type DiscordReceiver, type ReceivedRequest } from '@app/testing';
import type { Page } from 'playwright-core';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';

/**
 * The alerting pages in a real browser (Debian's chromium driven by playwright-core) against `npm start` (five
 * services, a simulated fleet with a crashed server, a demo account), with a Discord look-alike on loopback as the
 * notification channel. Screenshots go to test-results/screenshots/.
 */
const CHANNEL = 'Ops Discord';

/** The text of a Discord message (content and every embed's parts). */
const textOf = (r: ReceivedRequest) => JSON.stringify(r.json ?? {});
const isTest = (r: ReceivedRequest) => textOf(r).includes('[TEST]');

describe('the alerting pages in a browser, against `npm start`', () => {
  let base: string;
  let page: Page;
  let token: string;
  let discord: DiscordReceiver;

  const ruleRow = (p: Page, kind: string) => p.locator(`[data-testid="alert-rule-row"][data-rule-kind="${kind}"]`);

  const harness = new BrowserPlatform();
  const signIn = (p: Page, email: string, password: string) => harness.signIn(p, email, password);
  const serverId = (name: string) => harness.sim(name).server_id;

  beforeAll(async () => {
    discord = await startDiscordReceiver();
    await harness.start();
    ({ base, page, token } = harness);
  }, 240_000);

  afterAll(async () => {
    await harness.close();
    await discord?.close();
  });

  test('add a Discord channel; "Send test" shows it was delivered and Discord got a valid message', async () => {
    await signIn(page, DEMO.email, DEMO.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
    await page.waitForURL(/\/alerts$/);
    await page.locator('[data-testid="open-incidents"]').waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Channels' }).click();
    await page.waitForURL(/\/alerts\/channels$/);

    // The form follows the kind: a URL and Discord's help for Discord, recipients for e-mail.
    await page.getByRole('radio', { name: /e-mail/i }).check();
    await page.getByLabel('Recipients').waitFor();
    await page.getByRole('radio', { name: /discord/i }).check();
    await expectText(page.locator('[data-testid="channel-kind-help"]'), 'Integrations', 5_000);
    await page.getByLabel('Name').fill(CHANNEL);
    await page.getByLabel('Webhook URL').fill(discord.webhookUrl);
    await page.getByRole('button', { name: 'Add channel' }).click();

    const row = page.locator(`[data-testid="channel-row"][data-channel-name="${CHANNEL}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-kind')).toBe('discord');
    expect(await row.textContent()).not.toContain('test-token-abc'); // the target is masked

    await row.getByRole('button', { name: /send test/i }).click();
    const result = page.locator('[data-testid="channel-test-result"]');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-delivered')).toBe('true');
    await expectText(result, 'Delivered', 1_000);

    const received = await discord.waitFor(isTest, 10_000);
    expect(received.status).toBeLessThan(300);
    expect(received.problems).toEqual([]);
    expect(discord.requests.every((r) => r.problems.length === 0)).toBe(true);
    await shot(page, 'alerts-01-channel-test');
  }, 60_000);

  test("a server's alert rules: the three presets; a new pending period is saved", async () => {
    const crashed = serverId('Crashed server');
    await page.goto(`${base}/servers/${crashed}`);
    await page.locator('[data-testid="alert-rules-link"]').click();
    await page.waitForURL(new RegExp(`/servers/${crashed}/alerts$`));
    await page.locator('[data-testid="alert-rule-row"]').first().waitFor({ timeout: 10_000 });
    const kinds = await page
      .locator('[data-testid="alert-rule-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule-kind')));
    expect(kinds.sort()).toEqual(['degraded', 'fuse_tripped', 'server_offline']);
    const presets = await page
      .locator('[data-testid="alert-rule-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-preset')));
    expect(presets).toEqual(['true', 'true', 'true']);
    // Presets cannot be deleted.
    expect(
      await page
        .locator('[data-testid="alert-rule-row"]')
        .getByRole('button', { name: /^delete/i })
        .count(),
    ).toBe(0);
    const offline = ruleRow(page, 'server_offline');
    expect(await offline.locator('[data-testid="rule-pending"]').getAttribute('data-pending-seconds')).toBe('60');

    // Fire at once: the crashed server's incident need not wait a minute.
    await offline.getByRole('button', { name: /^edit/i }).click();
    const form = page.locator('[data-testid="rule-form"]');
    await form.waitFor();
    await form.locator('[data-testid="rule-pending-seconds"]').fill('0');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await form.waitFor({ state: 'detached', timeout: 10_000 });
    await expectAttribute(offline.locator('[data-testid="rule-pending"]'), 'data-pending-seconds', '0', 5_000);
    await shot(page, 'alerts-02-rules');

    await page.reload();
    await ruleRow(page, 'server_offline').waitFor({ timeout: 10_000 });
    const pending = ruleRow(page, 'server_offline').locator('[data-testid="rule-pending"]');
    expect(await pending.getAttribute('data-pending-seconds')).toBe('0');
    await expectText(pending, 'immediately', 1_000);
    const rules = await json(`${base}/api/v1/servers/${crashed}/alert-rules`, { token });
    const rule = rules.body.find((r: { kind: string }) => r.kind === 'server_offline');
    expect(rule.pending_seconds).toBe(0);
    expect(rule.pending_polls).toBe(1); // untouched fields stay as they were
  }, 45_000);

  test('a weekly maintenance window is created and listed', async () => {
    await page.goto(`${base}/alerts/silences`);
    await page.getByRole('radio', { name: 'One server' }).check();
    await page.locator('[data-testid="silence-server"]').selectOption({ label: 'Healthy base' });
    await page.getByRole('radio', { name: /weekly maintenance window/i }).check();
    const zone = page.getByLabel('Time zone');
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await zone.inputValue()).toBe(browserZone);
    const days = page.locator('[data-testid="silence-days"]');
    await days.getByLabel('Sat').check();
    await days.getByLabel('Sun').check();
    await page.getByLabel('Starts at').fill('03:30');
    await page.getByLabel(/^duration/i).fill('90');
    await page.getByLabel(/^reason/i).fill('Weekly backup');
    await page.getByRole('button', { name: 'Create maintenance window' }).click();

    const row = page.locator('[data-testid="silence-row"]', { hasText: 'Weekly backup' });
    await row.waitFor({ timeout: 10_000 });
    await expectText(row.locator('[data-testid="silence-when"]'), 'Every Sat, Sun at 03:30 for 1 h 30 min', 1_000);
    await expectText(row.locator('[data-testid="silence-scope"]'), 'Healthy base', 5_000);
    await shot(page, 'alerts-03-silence');

    await page.reload();
    await page.locator('[data-testid="silence-row"]', { hasText: 'Weekly backup' }).waitFor({ timeout: 10_000 });
    const listed = (await json(`${base}/api/v1/silences`, { token })).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      server_id: serverId('Healthy base'),
      rule_id: null,
      reason: 'Weekly backup',
      recurrence: { days: ['sat', 'sun'], start: '03:30', duration_minutes: 90, time_zone: browserZone },
    });
  }, 30_000);

  test('the crashed server opens an incident: listed with its delivery, and Discord got the offline message', async () => {
    await page.goto(`${base}/alerts/incidents`);
    const incident = page.locator(
      '[data-testid="incident-row"][data-section="open"][data-server-name="Crashed server"][data-rule-kind="server_offline"]',
    );
    // The open list refreshes itself every 15 s.
    await incident.waitFor({ timeout: 120_000 });
    await expectText(incident, 'Crashed server', 1_000);
    expect(await incident.locator('[data-severity]').first().getAttribute('data-severity')).toBe('critical');

    const offline = await discord.waitFor((r) => !isTest(r) && textOf(r).includes('Crashed server'), 60_000);
    expect(offline.status).toBeLessThan(300);
    expect(offline.problems).toEqual([]);
    expect(textOf(offline).toLowerCase()).toContain('offline');

    // The details list the notification sent to the channel, with its attempt.
    await incident.getByRole('button').first().click();
    const details = page.locator('[data-testid="incident-details"]');
    const delivery = details.locator('[data-testid="delivery-row"]').first();
    await expectDelivered(page, details, delivery);
    await shot(page, 'alerts-04-incident');
    await page.keyboard.press('Escape');

    // The delivery log shows it too, filtered by channel, its attempt log one click away.
    await page.goto(`${base}/alerts/deliveries`);
    await page.locator('[data-testid="delivery-filter-channel"]').selectOption({ label: CHANNEL });
    await page.locator('[data-testid="delivery-filter-status"]').selectOption('sent');
    const logged = page.locator('[data-testid="delivery-row"][data-status="sent"]').first();
    await logged.waitFor({ timeout: 10_000 });
    await logged.getByRole('button', { name: /attempts/i }).click();
    await expectText(page.locator('[data-testid="delivery-attempts"]').first(), 'Attempt 1', 5_000);
    await shot(page, 'alerts-05-delivery-log');
  }, 180_000);

  test('a Viewer sees channels and rules but no controls that change them', async () => {
    const viewer = { email: 'alerts-viewer@example.com', password: 'viewer-password-1' };
    const { context: ctx, page: p } = await harness.signInAsViewer(viewer);
    try {
      await p.goto(`${base}/alerts/channels`);
      await p.locator(`[data-testid="channel-row"][data-channel-name="${CHANNEL}"]`).waitFor({ timeout: 10_000 });
      expect(await p.getByRole('button', { name: /add channel|send test|^delete/i }).count()).toBe(0);
      expect(await p.getByRole('switch').count()).toBe(0);
      await p.goto(`${base}/servers/${serverId('Crashed server')}/alerts`);
      await ruleRow(p, 'server_offline').waitFor({ timeout: 10_000 });
      expect(await p.getByRole('button', { name: /^edit|set up/i }).count()).toBe(0);
      await p.goto(`${base}/alerts/silences`);
      await p.locator('[data-testid="silence-row"]').first().waitFor({ timeout: 10_000 });
      expect(await p.getByRole('button', { name: /^(mute|end|create)/i }).count()).toBe(0);
      await shot(p, 'alerts-06-viewer');
    } finally {
      await ctx.close();
    }
  }, 45_000);
});

/** Waits for the incident's delivery to be "sent" (the details are loaded once: reopen until it is). */
async function expectDelivered(
  page: Page,
  details: ReturnType<Page['locator']>,
  delivery: ReturnType<Page['locator']>,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await details.waitFor({ timeout: 10_000 });
    if ((await delivery.count()) > 0 && (await delivery.getAttribute('data-status')) === 'sent') return;
    if (Date.now() > deadline) throw new Error(`the incident's delivery is not "sent": ${await details.textContent()}`);
    await page.waitForTimeout(1000);
    await page.keyboard.press('Escape');
    await page
      .locator('[data-testid="incident-row"][data-section="open"][data-server-name="Crashed server"]')
      .getByRole('button')
      .first()
      .click();
  }
}

async function expectAttribute(
  locator: ReturnType<Page['locator']>,
  name: string,
  expected: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  while (Date.now() < deadline) {
    last = await locator.getAttribute(name, { timeout: 1000 }).catch(() => null);
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`expected ${name}="${expected}" but saw "${last}" after ${timeoutMs} ms`);
}

/** Waits until the element's text contains `expected` (the last text seen is in the failure). */
