import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { signUpAndIn } from '@app/testing';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';
import { focused, tabTo, type PageDocument } from './keyboard';

/**
 * The servers list and the add-server wizard in a real browser against `npm start` (five simulated servers, a demo
 * account on the Team plan). The wizard runs in a new account of its own (Free plan: one server), registering a
 * server of the simulated fleet with the keyboard alone. axe-core checks each page (light, dark, phone; screenshots
 * in test-results/screenshots/). The statuses of the fleet are dashboard.e2e-spec's; this file adds the rest.
 */

/** Tab to a field, replace what it holds by typing. */
async function typeInto(p: Page, name: string, value: string): Promise<void> {
  await tabTo(p, { name });
  await p.keyboard.press('Control+A');
  await p.keyboard.type(value);
}

/** A simulated server as its control API describes it (with its admin password and add-on ports). */
interface SimServer {
  host: string;
  port: number;
  addon_http_port: number;
  addon_ws_port: number;
  admin_password: string;
}

describe('the servers list and the add-server wizard in a browser, against `npm start`', () => {
  let base: string;
  let page: Page;
  let wizardPage: Page;
  let pioneerToken: string;
  const harness = new BrowserPlatform();
  const row = (p: Page, name: string) => p.locator(`[data-testid="server-row"][data-server-name="${name}"]`);
  const posted: string[] = [];

  beforeAll(async () => {
    await harness.start();
    ({ base, page } = harness);
    // A second account, alone in its organisation on the Free plan: the wizard's playground.
    pioneerToken = (await signUpAndIn(base, 'wizard@example.com', 'wizard-password-1', 'Wizard')).token;
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    wizardPage = await context.newPage();
    wizardPage.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/servers') posted.push(r.url());
    });
    await wizardPage.goto(`${base}/login`);
    await wizardPage.evaluate(
      (t) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('gsm.session', t),
      pioneerToken,
    );
  }, 240_000);

  afterAll(() => harness.close());

  test('the list shows the five simulated servers: address, live status, link, tick-rate trend; it passes axe', async () => {
    await harness.signIn(page, DEMO.email, DEMO.password);
    const fleet = harness.info.fleet;
    expect(fleet).toHaveLength(5);
    for (const sim of fleet) {
      const r = row(page, sim.name);
      await r.waitFor({ timeout: 20_000 });
      expect(await r.getAttribute('data-server-id')).toBe(sim.server_id);
      expect(await r.getByRole('link', { name: sim.name }).getAttribute('href')).toBe(`/servers/${sim.server_id}`);
      await expectText(r, `${sim.host}:${sim.port}`, 1_000);
    }
    // Every server gets a status from its polls (which one is dashboard.e2e-spec's business), none stays waiting.
    const statuses = page.locator('[data-testid="server-row"] [data-testid="server-status"]');
    await page.waitForFunction(
      () =>
        [
          ...(globalThis as unknown as { document: PageDocument }).document.querySelectorAll(
            '[data-testid="server-row"] [data-testid="server-status"]',
          ),
        ].every((el) => ['Online', 'Degraded', 'Server Offline'].includes(el.textContent ?? '')),
      undefined,
      { timeout: 60_000 },
    );
    expect(await statuses.count()).toBe(5);
    await expectText(page.locator('[data-testid="plan-usage"]'), 'Team plan', 10_000);
    // The tick rate's trend: a sparkline once two polls arrived, named for screen readers.
    const spark = row(page, 'Healthy base').locator('.sparkline[role="img"]');
    await spark.waitFor({ timeout: 60_000 });
    // Drawn by uPlot on a canvas inside the named element.
    await spark.locator('canvas').first().waitFor({ state: 'attached', timeout: 10_000 });
    expect(await spark.getAttribute('aria-label')).toMatch(/^Tick rate trend of Healthy base, last \d+ polls$/);
    expect(await page.getByRole('link', { name: 'Add server' }).getAttribute('href')).toBe('/servers/new');
    await expectAccessible(page, 'servers');
  }, 150_000);

  test('a new organisation sees the empty list with the way to its first server; it passes axe', async () => {
    await wizardPage.goto(`${base}/servers`);
    await wizardPage.getByRole('heading', { name: 'No servers yet' }).waitFor({ timeout: 20_000 });
    await expectText(wizardPage.locator('[data-testid="plan-usage"]'), '0 of 1 server', 10_000);
    await expectAccessible(wizardPage, 'servers-empty');
  }, 90_000);

  test('the wizard, keyboard alone: a bad port is refused by the form before any request', async () => {
    // From the list to the wizard by Tab and Enter.
    await tabTo(wizardPage, { text: 'Add your first server' });
    await wizardPage.keyboard.press('Enter');
    await wizardPage.waitForURL(`${base}/servers/new`);
    await wizardPage.getByRole('heading', { name: 'Add a server', level: 1 }).waitFor();
    await expectAccessible(wizardPage, 'add-server');
    await typeInto(wizardPage, 'name', 'Keyboard base');
    await typeInto(wizardPage, 'host', harness.sim('Healthy base').host);
    await typeInto(wizardPage, 'port', '70000');
    await wizardPage.keyboard.press('Enter');
    const error = wizardPage.locator('.field-error');
    await expectText(error, 'Must be a whole number from 1 to 65535.', 5_000);
    const port = wizardPage.getByLabel(/^port/i);
    expect(await port.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await port.getAttribute('aria-describedby'))!.split(' ');
    expect(describedBy).toContain(await error.first().getAttribute('id'));
    expect((await focused(wizardPage)).name).toBe('port');
    expect(posted).toEqual([]);
    await shot(wizardPage, 'add-server-bad-port');
  }, 90_000);

  test('the wizard, keyboard alone: a wrong admin password fails its step with the remedy; corrected, the server is registered', async () => {
    const sim = harness.sim('Healthy base');
    const s = (await json(sim.control_url)).body as SimServer;
    // Still on the wizard with the name and host of the test before; the focus is in the port field.
    expect((await focused(wizardPage)).name).toBe('port');
    await wizardPage.keyboard.press('Control+A');
    await wizardPage.keyboard.type(String(s.port));
    await typeInto(wizardPage, 'admin_password', 'certainly-not-the-password');
    await typeInto(wizardPage, 'addon_http_port', String(s.addon_http_port));
    await typeInto(wizardPage, 'addon_ws_port', String(s.addon_ws_port));
    await wizardPage.keyboard.press('Enter');

    const failed = wizardPage.locator('[data-testid="diagnostic-step"][data-ok="false"]');
    await failed.first().waitFor({ timeout: 30_000 });
    expect(await failed.getAttribute('data-step')).toBe('password_login');
    expect(await wizardPage.locator('[data-testid="diagnostic-step"][data-ok="true"]').count()).toBe(2);
    await expectText(failed.locator('[data-testid="remedy"]'), 'password', 5_000);
    expect(posted).toHaveLength(1);
    // The check's heading has the focus; the way back to the password is the next stop of Tab.
    expect((await focused(wizardPage)).text).toBe('Checking the server');
    await expectAccessible(wizardPage, 'add-server-wrong-password');

    await tabTo(wizardPage, { text: 'Change the admin password' });
    await wizardPage.keyboard.press('Enter');
    await wizardPage.waitForFunction(
      () =>
        (globalThis as unknown as { document: PageDocument }).document.activeElement?.getAttribute('name') ===
        'admin_password',
    );
    await wizardPage.keyboard.press('Control+A');
    await wizardPage.keyboard.type(s.admin_password);
    await wizardPage.keyboard.press('Enter');
    await expectText(wizardPage.locator('.notice-ok'), 'Every step passed', 30_000);
    expect(await wizardPage.locator('[data-testid="diagnostic-step"][data-ok="true"]').count()).toBe(4);
    await shot(wizardPage, 'add-server-done');
    await wizardPage.waitForURL(/\/servers\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const id = wizardPage.url().split('/').pop()!;
    const listed = (await json(`${base}/api/v1/servers`, { token: pioneerToken })).body as {
      id: string;
      name: string;
    }[];
    expect(listed).toEqual([expect.objectContaining({ id, name: 'Keyboard base' })]);
  }, 120_000);

  test('the list shows the new server and the full plan; another one is refused with the link to the plans', async () => {
    await wizardPage.goto(`${base}/servers`);
    await row(wizardPage, 'Keyboard base').waitFor({ timeout: 20_000 });
    await expectText(wizardPage.locator('[data-testid="plan-usage"]'), '1 of 1 server', 10_000);
    await expectText(wizardPage.locator('[data-testid="plan-full"]'), 'Your Free plan allows 1 server.', 10_000);

    const other = (await json(harness.sim('Laggy megafactory').control_url)).body as SimServer;
    await wizardPage.goto(`${base}/servers/new`);
    await wizardPage.locator('[data-testid="plan-full"]').waitFor({ timeout: 10_000 });
    await wizardPage.getByLabel('Name').fill('One too many');
    await wizardPage.getByLabel('Host').fill(other.host);
    await wizardPage.getByLabel(/^port/i).fill(String(other.port));
    await wizardPage.getByLabel('Admin password').fill(other.admin_password);
    await wizardPage.getByRole('button', { name: 'Add server' }).click();
    const refusal = wizardPage.locator('[data-testid="plan-limit"]');
    await expectText(refusal, 'The Free plan allows 1 server', 10_000);
    expect(await refusal.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/settings/plan');
    expect(await wizardPage.locator('[data-testid="diagnostic-step"]').count()).toBe(0);
    await shot(wizardPage, 'add-server-plan-limit');
  }, 60_000);
});
