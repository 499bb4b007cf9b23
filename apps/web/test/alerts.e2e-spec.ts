import { startDiscordReceiver, type DiscordReceiver, type ReceivedRequest } from '@app/testing';
import type { Page, Request } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';

/**
 * The alerting pages in a real browser (Debian's chromium driven by playwright-core) against `npm start` (five
 * services, a simulated fleet with a crashed server, a demo account), with a Discord look-alike on loopback as the
 * notification channel. Screenshots go to test-results/screenshots/. Every page passes axe in light, dark and phone
 * layouts; a rule and a channel are made with the keyboard alone; an invalid value never reaches the API.
 */
const CHANNEL = 'Ops Discord';
const KEYBOARD_CHANNEL = 'Keyboard Discord';

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

  test("a server's alert rules: the six presets; a new pending period is saved", async () => {
    const crashed = serverId('Crashed server');
    await page.goto(`${base}/servers/${crashed}`);
    await page.locator('[data-testid="alert-rules-link"]').click();
    await page.waitForURL(new RegExp(`/servers/${crashed}/alerts$`));
    await page.locator('[data-testid="alert-rule-row"]').first().waitFor({ timeout: 10_000 });
    const kinds = await page
      .locator('[data-testid="alert-rule-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule-kind')));
    expect(kinds.sort()).toEqual([
      'battery_empty_soon',
      'degraded',
      'drone_station_stopped',
      'fuse_tripped',
      'generator_fuel_low',
      'server_offline',
    ]);
    const presets = await page
      .locator('[data-testid="alert-rule-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-preset')));
    expect(presets).toEqual(['true', 'true', 'true', 'true', 'true', 'true']);
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

  test('a weekly maintenance window is created with the keyboard alone, and listed', async () => {
    const healthy = serverId('Healthy base');
    await page.goto(`${base}/alerts/silences`);
    const form = page.locator('form[aria-labelledby="new-silence-heading"]');
    await form.waitFor({ timeout: 10_000 });
    // What to mute is a radio group: the arrows choose "One server", and its server picker follows.
    await tabTo(page, 'input[name="scope"]');
    expect(await page.evaluate('document.activeElement.value')).toBe('all');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate('document.activeElement.value')).toBe('server');
    await tabTo(page, '[data-testid="silence-server"]');
    await chooseByKeyboard(page, healthy);
    // When: the arrows choose the weekly window, its days, start, length and zone follow.
    await tabTo(page, 'input[name="type"]');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate('document.activeElement.value')).toBe('weekly');
    const days = page.locator('[data-testid="silence-days"]');
    await days.waitFor({ timeout: 5_000 });
    const zone = page.getByLabel('Time zone');
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await zone.inputValue()).toBe(browserZone);
    expect(await days.getByLabel('Sun').isChecked()).toBe(true); // the form's default day
    await tabTo(page, '[data-testid="silence-days"] input[value="sat"]');
    await page.keyboard.press('Space');
    expect(await days.getByLabel('Sat').isChecked()).toBe(true);
    expect(await days.getByLabel('Sun').isChecked()).toBe(true);
    // A time field takes its digits segment by segment (hours, then minutes); the meridiem, if any, stays AM.
    await tabTo(page, 'input[name="start"]');
    await page.keyboard.type('0330');
    expect(await page.getByLabel('Starts at').inputValue()).toBe('03:30');
    await tabTo(page, 'input[name="duration"]');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('90');
    await tabTo(page, 'input[name="reason"]');
    await page.keyboard.type('Weekly backup');
    await tabTo(page, 'form[aria-labelledby="new-silence-heading"] button[type="submit"]');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Create maintenance window');
    await page.keyboard.press('Enter');

    const row = page.locator('[data-testid="silence-row"]', { hasText: 'Weekly backup' });
    await row.waitFor({ timeout: 10_000 });
    const when = row.locator('[data-testid="silence-when"]');
    await expectText(when, 'Every Sat, Sun at 03:30 for ', 1_000);
    // The duration as the browser's Intl writes it ("1 hr, 30 min" with Intl.DurationFormat).
    expect(await when.textContent()).toMatch(/Every Sat, Sun at 03:30 for 1 hr?,? 30 min \(/);
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
  }, 45_000);

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

  test('a channel is added with the keyboard alone, its messages in German, and its row says so', async () => {
    await page.goto(`${base}/alerts/channels`);
    await page.locator('[data-testid="channel-row"]').first().waitFor({ timeout: 10_000 });
    // The kind is a radio group: arrows choose, and the settings follow (e-mail asks for recipients).
    await tabTo(page, 'input[name="kind"]');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await page.getByLabel('Recipients').waitFor({ timeout: 5_000 });
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
    await page.getByLabel('Webhook URL').waitFor({ timeout: 5_000 });
    expect(await page.evaluate('document.activeElement.value')).toBe('discord');

    await tabTo(page, 'input[name="name"]');
    await page.keyboard.type(KEYBOARD_CHANNEL);
    const language = page.getByLabel('Language of the messages');
    expect(await language.inputValue()).toBe('en'); // the dashboard's language
    await tabTo(page, 'select[name="locale"]');
    await chooseByKeyboard(page, 'de');
    await tabTo(page, 'input[name="config.url"]');
    await page.keyboard.type(discord.webhookUrl);
    await tabTo(page, 'form[aria-labelledby="add-channel-heading"] button[type="submit"]');
    await page.keyboard.press('Enter');

    const row = page.locator(`[data-testid="channel-row"][data-channel-name="${KEYBOARD_CHANNEL}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-locale')).toBe('de');
    await expectText(row.locator('[data-testid="channel-locale"]'), 'Deutsch', 1_000);
    await shot(page, 'alerts-07-keyboard-channel');
    const listed = (await json(`${base}/api/v1/notification-channels`, { token })).body as {
      name: string;
      kind: string;
      locale: string;
    }[];
    expect(listed.find((c) => c.name === KEYBOARD_CHANNEL)).toMatchObject({ kind: 'discord', locale: 'de' });
  }, 45_000);

  test('a rule is added with the keyboard alone', async () => {
    const healthy = serverId('Healthy base');
    await page.goto(`${base}/servers/${healthy}/alerts`);
    await page.locator('[data-testid="alert-rule-row"]').first().waitFor({ timeout: 10_000 });
    await tabTo(page, '[data-testid="new-rule-kind"]');
    await chooseByKeyboard(page, 'player_count_above');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Set up…');
    await page.keyboard.press('Enter');

    const form = page.locator('[data-testid="rule-form"][data-kind="player_count_above"]');
    await form.waitFor({ timeout: 5_000 });
    await tabTo(page, '[data-testid="rule-param-above"]');
    await page.keyboard.type('100');
    await tabTo(page, '[data-testid="rule-form"] button[type="submit"]');
    await page.keyboard.press('Space');
    await form.waitFor({ state: 'detached', timeout: 10_000 });

    const row = ruleRow(page, 'player_count_above');
    await row.waitFor({ timeout: 10_000 });
    await expectText(row.locator('[data-testid="rule-thresholds"]'), 'Above 100 players', 1_000);
    const rules = (await json(`${base}/api/v1/servers/${healthy}/alert-rules`, { token })).body as {
      kind: string;
      params: Record<string, number>;
    }[];
    expect(rules.find((r) => r.kind === 'player_count_above')?.params).toEqual({ above: 100 });
  }, 45_000);

  test('an invalid value is refused before any request, and the error is what the field now says', async () => {
    const writes: string[] = [];
    const seen = (r: Request) => {
      if (r.method() !== 'GET' && r.url().includes('/api/v1/')) writes.push(`${r.method()} ${r.url()}`);
    };
    page.on('request', seen);
    try {
      await page.goto(`${base}/alerts/channels`);
      await page.locator('[data-testid="channel-row"]').first().waitFor({ timeout: 10_000 });
      await tabTo(page, 'input[name="config.url"]');
      await page.keyboard.type('https://example.com/hooks/not-discord');
      await page.keyboard.press('Enter');
      const url = page.locator('input[name="config.url"]');
      await expectAttribute(url, 'aria-invalid', 'true', 5_000);
      const field = await focusedField(page);
      expect(field.name).toBe('Webhook URL');
      expect(field.invalid).toBe('true');
      expect(field.description).toMatch(/^This is not a Discord webhook URL/);

      // A threshold outside its kind's bounds: the degraded rule's tick rate goes up to 60.
      await page.goto(`${base}/servers/${serverId('Healthy base')}/alerts`);
      await ruleRow(page, 'degraded').waitFor({ timeout: 10_000 });
      await tabTo(page, '[data-rule-kind="degraded"] .alerts-actions button');
      await page.keyboard.press('Enter');
      await tabTo(page, '[data-testid="rule-param-tick_rate_below"]');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('99');
      await page.keyboard.press('Enter');
      await expectAttribute(page.locator('[data-testid="rule-param-tick_rate_below"]'), 'aria-invalid', 'true', 5_000);
      const threshold = await focusedField(page);
      expect(threshold.name).toBe('Tick rate below (/s)');
      expect(threshold.description).toMatch(/^From 1 to 60\./);
      await shot(page, 'alerts-08-invalid');
      await page.keyboard.press('Escape');
      expect(writes).toEqual([]);
    } finally {
      page.off('request', seen);
    }
  }, 45_000);

  test('every alerts page passes axe in light, dark and phone layouts', async () => {
    const ready: Record<string, string> = {
      incidents: '[data-testid="incident-row"]',
      channels: '[data-testid="channel-row"]',
      silences: '[data-testid="silence-row"]',
      deliveries: '[data-testid="delivery-row"]',
    };
    for (const [tab, row] of Object.entries(ready)) {
      await page.goto(`${base}/alerts/${tab}`);
      await page.locator(row).first().waitFor({ timeout: 10_000 });
      await expectAccessible(page, `alerts-a11y-${tab}`);
    }
    await page.goto(`${base}/servers/${serverId('Crashed server')}/alerts`);
    await ruleRow(page, 'degraded').waitFor({ timeout: 10_000 });
    await expectAccessible(page, 'alerts-a11y-rules');
    await ruleRow(page, 'degraded').getByRole('button', { name: /^edit/i }).click();
    await page.locator('[data-testid="rule-form"]').waitFor();
    await expectAccessible(page, 'alerts-a11y-rule-form');
    await page.keyboard.press('Escape');
  }, 240_000);

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

/**
 * Presses Tab until the focused element matches the selector (the keyboard's only way there). The page-side code is
 * written as expressions: this file is type-checked without the DOM's types.
 */
async function tabTo(page: Page, selector: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${selector}`);
}

/** Chooses an option of the focused select with the arrow keys, as a keyboard user does. */
async function chooseByKeyboard(page: Page, value: string): Promise<void> {
  const current = () => page.evaluate<string>('document.activeElement.value');
  await page.keyboard.press('Home');
  for (let i = 0; i < 30 && (await current()) !== value; i++) await page.keyboard.press('ArrowDown');
  expect(await current()).toBe(value);
}

/** What a screen reader gets for the focused element: Chromium's accessible name, description and invalid state. */
async function focusedField(page: Page): Promise<{ name?: string; description?: string; invalid?: string }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    });
    const node = nodes[0];
    const invalid = node?.properties?.find((p) => p.name === 'invalid')?.value.value;
    return {
      name: node?.name?.value as string | undefined,
      description: node?.description?.value as string | undefined,
      invalid: invalid === undefined ? undefined : String(invalid),
    };
  } finally {
    await cdp.detach();
  }
}
