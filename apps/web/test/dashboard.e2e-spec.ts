import { SimulatorProcess, type PlatformProcess } from '@app/testing';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, scrollThrough, shot } from './browser-harness';

/**
 * The dashboard in a real browser (Debian's chromium driven by playwright-core) against the platform started the
 * way a user starts it (`npm start`: five services, a simulated fleet, a demo account). Each test saves a
 * screenshot under test-results/screenshots/.
 */

describe('the dashboard in a browser, against `npm start`', () => {
  let platform: PlatformProcess;
  let base: string;
  let browser: Browser;
  let page: Page;
  let token: string;
  const row = (p: Page, name: string) => p.locator(`[data-testid="server-row"][data-server-name="${name}"]`);
  const statusOf = (p: Page, name: string) => row(p, name).locator('[data-testid="server-status"]');

  /** The script and style files the page has loaded so far (Resource Timing), to see which chunks came. */
  const loaded = (p: Page) =>
    p.evaluate(() =>
      (globalThis as unknown as { performance: { getEntriesByType(type: string): { name: string }[] } }).performance
        .getEntriesByType('resource')
        .map((e) => e.name),
    );
  const isUPlot = (url: string) => /\/assets\/uplot-[^/]*\.(js|css)$/.test(url);

  const harness = new BrowserPlatform();
  const signIn = (p: Page, email: string, password: string) => harness.signIn(p, email, password);
  const sim = (name: string) => harness.sim(name);

  beforeAll(async () => {
    await harness.start();
    ({ platform, base, browser, page, token } = harness);
  }, 240_000);

  afterAll(() => harness.close());

  test('sign in; the server list shows the fleet with the right statuses', async () => {
    await signIn(page, DEMO.email, DEMO.password);
    await expectText(statusOf(page, 'Healthy base'), 'Online', 60_000);
    await expectText(statusOf(page, 'Laggy megafactory'), 'Degraded', 60_000);
    await expectText(statusOf(page, 'Crashed server'), 'Server Offline', 60_000);
    await expectText(statusOf(page, 'Vanilla server (no add-on)'), 'Online', 60_000);
    expect(await page.locator('[data-testid="server-row"]').count()).toBe(5);
    await expectText(page.locator('main'), '5 of 15 servers', 10_000);
    await shot(page, '01-server-list');
  }, 90_000);

  test("a server's dashboard shows a tick rate that changes without a reload", async () => {
    await row(page, 'Healthy base').getByRole('link').first().click();
    const tick = page.locator('[data-testid="tick-rate"]');
    await tick.waitFor({ timeout: 20_000 });
    // The panels far below the fold are not built until the reader comes near them: once every panel has its place
    // (the add-on's help is the last), the places far down are held and the machines table is not there.
    await page.locator('#addon-help').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await page.locator('[data-testid="panel-slot"]').count()).toBeGreaterThan(0);
    expect(await page.locator('section#machines').count()).toBe(0);
    await page.evaluate(() => ((globalThis as unknown as { __noReload: number }).__noReload = 42));
    await json(`${sim('Healthy base').control_url}/world`, { method: 'PATCH', body: { tickRate: 21.5 } });
    await expectText(tick, '21.5', 40_000);
    expect(await page.evaluate(() => (globalThis as unknown as { __noReload?: number }).__noReload)).toBe(42);
    await shot(page, '02-dashboard-live');
  }, 60_000);

  test('the sign-in page does not load the chart library', async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    try {
      await p.goto(`${base}/login`);
      await p.getByRole('button', { name: /sign in/i }).waitFor();
      await p.waitForLoadState('networkidle');
      expect((await loaded(p)).filter(isUPlot)).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 30_000);

  test("every panel shows the simulator's data", async () => {
    const panel = (id: string) => page.locator(`section#${id}`);
    // Scrolled through as a reader would: every panel is built on the way, the machines table too.
    await scrollThrough(page);
    expect(await page.locator('[data-testid="panel-slot"]').count()).toBe(0);
    await panel('machines').waitFor({ state: 'attached' });
    for (const id of ['health', 'history', 'power', 'players', 'production', 'trains', 'drones', 'factory'])
      await panel(id).waitFor({ timeout: 10_000 });
    expect(await panel('health').getByTestId('player-count').textContent()).toMatch(/^\d+$/);
    // Add-on panels: a table of circuits, players (with the map), items, trains and drones; the buildings' states.
    await panel('power').locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    await panel('players').locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    await panel('players')
      .getByRole('img', { name: /map of player positions/i })
      .waitFor();
    await panel('production').locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    // A save may have no trains or drones: a poll that answered shows the table, or says there is none.
    const listed = (id: string, none: string) =>
      panel(id)
        .locator('table tbody tr')
        .or(panel(id).getByText(none, { exact: true }))
        .first();
    await listed('trains', 'No trains.').waitFor({ timeout: 60_000 });
    await listed('drones', 'No drones.').waitFor({ timeout: 60_000 });
    await panel('factory')
      .getByRole('img', { name: /producing/i })
      .waitFor({ timeout: 90_000 });
    await expectText(panel('power').locator('dl'), 'MW', 1000);
    await expectText(panel('production').locator('tbody'), '/min', 1000);
    // The history chart is drawn (uPlot, loaded with the dashboard) with its legend.
    await panel('history').locator('canvas').first().waitFor({ timeout: 20_000 });
    expect((await loaded(page)).some(isUPlot)).toBe(true);
    await shot(page, '02b-dashboard-panels');
  }, 150_000);

  test('the history chart: values at the cursor, legend toggles, drag to zoom, double-click to reset, table', async () => {
    const chart = page.locator('#history .ts-chart').first();
    const over = chart.locator('.u-over');
    await over.waitFor({ timeout: 20_000 });
    // Wait for a few live points on the right of the 1 h window.
    await expectText(chart.getByTestId('chart-summary'), 'Tick rate: lowest', 60_000);
    const box = (await over.boundingBox())!;
    const y = box.y + box.height / 2;

    // Hovering near the newest samples shows their values.
    const tooltip = chart.getByTestId('chart-tooltip');
    await page.mouse.move(box.x + box.width - 3, y);
    await tooltip.waitFor({ timeout: 5000 });
    expect(await tooltip.textContent()).toMatch(/Tick rate: \d+\.\d/);
    expect(await tooltip.textContent()).toContain('Lowest tick rate:');
    await shot(page, '02c-chart-tooltip');

    // The legend hides and shows a series.
    const lowest = chart.getByRole('button', { name: /^Lowest tick rate/ });
    await lowest.click();
    expect(await lowest.getAttribute('aria-pressed')).toBe('false');
    await page.mouse.move(box.x + box.width - 4, y);
    await tooltip.waitFor();
    expect(await tooltip.textContent()).not.toContain('Lowest tick rate:');
    expect(await chart.getByTestId('chart-summary').textContent()).not.toContain('Lowest tick rate:');
    await lowest.click();
    expect(await lowest.getAttribute('aria-pressed')).toBe('true');

    // Dragging across the plot zooms into that range; a double-click goes back to the whole hour.
    const range = chart.getByTestId('chart-range');
    const whole = (await range.textContent())!;
    expect(whole).not.toMatch(/zoomed/i);
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, y, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.95, y, { steps: 8 });
    await page.mouse.up();
    await expectText(range, 'Zoomed in', 5000);
    expect(await range.textContent()).not.toBe(whole);
    await chart.getByRole('button', { name: 'Reset zoom' }).waitFor();
    await shot(page, '02d-chart-zoomed');
    await page.mouse.dblclick(box.x + box.width * 0.6, y);
    await page.waitForFunction((el) => !/zoomed/i.test(el?.textContent ?? ''), await range.elementHandle(), {
      timeout: 5000,
    });
    expect(await chart.getByRole('button', { name: 'Reset zoom' }).count()).toBe(0);

    // "Show as table" lists the points with their values.
    await chart.getByRole('button', { name: 'Show as table' }).click();
    const table = chart.getByRole('region', { name: /as a table/ }).getByRole('table');
    await table.waitFor();
    const rows = table.locator('[data-testid="chart-row"]');
    expect(await rows.count()).toBeGreaterThan(0);
    // The newest row holds the newest poll: the tick rate the health panel shows (read again if a poll came between).
    const tile = page.getByTestId('tick-rate');
    const deadline = Date.now() + 20_000;
    let pair = ['', ''];
    while (Date.now() < deadline) {
      pair = [(await rows.last().locator('td').first().textContent()) ?? '', (await tile.textContent()) ?? ''];
      if (pair[0] === pair[1]) break;
      await page.waitForTimeout(500);
    }
    expect(pair[0]).toMatch(/^\d+\.\d$/);
    expect(pair[0]).toBe(pair[1]);
    await shot(page, '02e-chart-table');
  }, 120_000);

  test('the dashboard passes the accessibility check (light, dark, phone)', async () => {
    // Three looks of the whole page (every panel built, 2,000+ elements): over 120 s on a loaded 2-core machine.
    await expectAccessible(page, 'dashboard');
  }, 240_000);

  test('cutting the socket shows "reconnecting" and recovers by itself', async () => {
    const banner = page.locator('[data-testid="connection-banner"]');
    const pid = platform.describe().services['realtime-gateway']!.pid!;
    process.kill(pid, 'SIGKILL');
    await expectText(banner, 'Reconnecting', 15_000);
    await shot(page, '03-reconnecting');
    // npm start restarts the crashed realtime-gateway; the page reconnects with backoff and resyncs.
    await banner.waitFor({ state: 'hidden', timeout: 45_000 });
    expect(platform.describe().services['realtime-gateway']!.pid).not.toBe(pid);
    await json(`${sim('Healthy base').control_url}/world`, { method: 'PATCH', body: { tickRate: 23.5 } });
    await expectText(page.locator('[data-testid="tick-rate"]'), '23.5', 40_000);
    expect(await page.evaluate(() => (globalThis as unknown as { __noReload?: number }).__noReload)).toBe(42);
    await shot(page, '04-recovered');
  }, 120_000);

  test('stopping a simulated server turns it to "Server Offline"', async () => {
    await page.goto(`${base}/servers`);
    await expectText(statusOf(page, 'Fuse trouble'), 'Online', 30_000);
    await json(`${sim('Fuse trouble').control_url}/faults/stopped`, { method: 'PUT', body: {} });
    await expectText(statusOf(page, 'Fuse trouble'), 'Server Offline', 60_000);
    await shot(page, '05-server-offline');
  }, 90_000);

  test('the add-server wizard shows the wrong-password remedy', async () => {
    const extra = await SimulatorProcess.start(['--count', '1']);
    try {
      const s = extra.servers[0]!;
      await page.goto(`${base}/servers/new`);
      await page.getByLabel(/name/i).first().fill('Wizard test');
      await page.getByLabel(/host/i).fill(s.host);
      await page.getByLabel(/^(game )?port/i).fill(String(s.port));
      await page.getByLabel(/admin password/i).fill('certainly-not-the-password');
      await page.getByLabel(/add-on http/i).fill(String(s.addon_http_port));
      await page.getByLabel(/add-on (ws|websocket)/i).fill(String(s.addon_ws_port));
      await page
        .getByRole('button', { name: /add server|check|connect/i })
        .last()
        .click();
      const failed = page.locator('[data-testid="diagnostic-step"][data-ok="false"]');
      await failed.first().waitFor({ timeout: 30_000 });
      expect(await failed.first().getAttribute('data-step')).toBe('password_login');
      const passed = page.locator('[data-testid="diagnostic-step"][data-ok="true"]');
      expect(await passed.count()).toBe(2);
      await expectText(page.locator('[data-testid="remedy"]').first(), 'admin password', 5_000);
      await shot(page, '06-wizard-wrong-password');
      const servers = await json(`${base}/api/v1/servers`, { token });
      expect(servers.body.map((x: { name: string }) => x.name)).not.toContain('Wizard test');

      // The right password, with the add-on answering slowly: the steps appear one by one, live.
      await json(`${s.control_url}/faults/slow`, { method: 'PUT', body: { delayMs: 2500, scope: 'frm' } });
      await page.getByLabel(/admin password/i).fill(s.admin_password);
      await page
        .getByRole('button', { name: /add server/i })
        .last()
        .click();
      await page.locator('[data-testid="diagnostic-step"][data-step="password_login"][data-ok="true"]').waitFor();
      expect(
        await page.locator('[data-testid="diagnostic-step"][data-step="addon"]').getAttribute('data-ok'),
      ).toBeNull();
      await shot(page, '06b-wizard-live-steps');
      await page.waitForURL(/\/servers\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      const added = (await json(`${base}/api/v1/servers`, { token })).body.find(
        (x: { name: string }) => x.name === 'Wizard test',
      );
      expect(added).toBeDefined();
      expect((await json(`${base}/api/v1/servers/${added.id}`, { method: 'DELETE', token })).status).toBe(204);
    } finally {
      await extra.stop();
    }
  }, 60_000);

  test('a Viewer sees the servers but no edit controls', async () => {
    const viewer = { email: 'viewer@example.com', password: 'viewer-password-1' };
    const { context: ctx, page: p } = await harness.signInAsViewer(viewer);
    try {
      await row(p, 'Healthy base').waitFor({ timeout: 20_000 });
      expect(await p.locator('[data-testid="server-row"]').count()).toBe(5);
      expect(await p.getByRole('button', { name: /add server/i }).count()).toBe(0);
      expect(await p.getByRole('link', { name: /add server/i }).count()).toBe(0);
      await row(p, 'Healthy base').getByRole('link').first().click();
      await p.locator('[data-testid="tick-rate"]').waitFor({ timeout: 20_000 });
      expect(await p.getByRole('button', { name: /^edit/i }).count()).toBe(0);
      expect(await p.getByRole('button', { name: /^delete/i }).count()).toBe(0);
      await shot(p, '07-viewer');
    } finally {
      await ctx.close();
    }
  }, 60_000);

  test('a share link shows one server, read-only, live', async () => {
    const target = sim('Healthy base');
    const created = await json(`${base}/api/v1/servers/${target.server_id}/shares`, {
      method: 'POST',
      token,
      body: { kind: 'dashboard' },
    });
    expect(created.status).toBe(201);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p = await ctx.newPage();
    try {
      await p.goto(`${base}/share/${created.body.token}`);
      await p.locator('[data-testid="read-only-notice"]').waitFor({ timeout: 20_000 });
      await p.locator('[data-testid="tick-rate"]').waitFor({ timeout: 20_000 });
      expect(await p.getByText('Healthy base').count()).toBeGreaterThan(0);
      expect(await p.getByText('Laggy megafactory').count()).toBe(0);
      expect(await p.getByRole('button', { name: /^(edit|delete)/i }).count()).toBe(0);
      await json(`${target.control_url}/world`, { method: 'PATCH', body: { tickRate: 27.5 } });
      await expectText(p.locator('[data-testid="tick-rate"]'), '27.5', 40_000);
      await shot(p, '08-share-phone');
    } finally {
      await ctx.close();
    }
  }, 60_000);

  test('the streaming overlay does not load the chart library', async () => {
    const target = sim('Healthy base');
    const created = await json(`${base}/api/v1/servers/${target.server_id}/shares`, {
      method: 'POST',
      token,
      body: { kind: 'overlay' },
    });
    expect(created.status).toBe(201);
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    try {
      await p.goto(`${base}/overlay/${created.body.token}`);
      await p.locator('[data-testid="overlay-tick-rate"]').waitFor({ timeout: 20_000 });
      await p.waitForLoadState('networkidle');
      expect((await loaded(p)).filter(isUPlot)).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  test('Ctrl-C stops the whole platform within seconds and leaves no process behind', async () => {
    const pids = Object.values(platform.describe().services).map((s) => s.pid!);
    await browser.close();
    const { code, ms } = await platform.stop();
    expect(code).toBe(0);
    expect(ms).toBeLessThan(12_000);
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  }, 30_000);
});

/** Waits until the element's text contains `expected` (the last text seen is in the failure). */
