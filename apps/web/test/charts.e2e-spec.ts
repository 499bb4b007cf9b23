import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { join } from 'node:path';
import { BrowserPlatform, DEMO, expectText, json, scrollThrough, shot, SHOTS } from './browser-harness';

/**
 * The history charts of a server's dashboard in a real browser against `npm start` (five simulated servers, the
 * demo account): power per circuit, production per item, generators by fuel, the sink's points and the players,
 * each with the simulator's series, its range picker and a break where another save is loaded; the player map
 * with each player's trail. Screenshots go to test-results/screenshots/.
 */

describe('the history charts in a browser, against `npm start`', () => {
  const harness = new BrowserPlatform();
  let page: Page;
  let serverId = '';
  let control = '';
  const requests: URL[] = [];

  const panel = (id: string) => page.locator(`section#${id}`);
  const summary = (id: string, n = 0) => panel(id).getByTestId('chart-summary').nth(n);
  const legend = (id: string) =>
    panel(id)
      .getByRole('list', { name: /^Series/ })
      .first()
      .getByRole('button');
  const texts = async (l: Locator) => (await l.allTextContents()).map((s) => s.trim());
  /** The newest sample of a kind over REST, once the first poll stored it (409 NoDataYet before). */
  const api = async (path: string, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await json(`${harness.base}/api/v1/servers/${serverId}${path}`, { token: harness.token });
      if (res.status === 200) return res.body;
      if (res.status !== 409 || Date.now() > deadline)
        throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  /** A screenshot of one chart panel (test-results/screenshots/). */
  const panelShot = async (id: string, name: string) => {
    await panel(id).scrollIntoViewIfNeeded();
    await panel(id).screenshot({ path: join(SHOTS, `${name}.png`) });
  };
  const historyRequests = (route: string) => requests.filter((u) => u.pathname.endsWith(`/${route}/history`));
  const waitForRequest = async (route: string, check: (u: URL) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (historyRequests(route).some(check)) return;
      await page.waitForTimeout(200);
    }
    throw new Error(`no request to ${route}/history matched; saw ${historyRequests(route).map(String).join(', ')}`);
  };
  const hours = (u: URL) =>
    (Date.parse(u.searchParams.get('to')!) - Date.parse(u.searchParams.get('from')!)) / 3600_000;

  beforeAll(async () => {
    await harness.start();
    page = harness.page;
    const sim = harness.sim('Healthy base');
    serverId = sim.server_id;
    control = sim.control_url;
    // Two players online and moving: their trails are what the map draws.
    await json(`${control}/world`, { method: 'PATCH', body: { playersOnline: 2 } });
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/history') || url.pathname.endsWith('/trails')) requests.push(url);
    });
    await harness.signIn(page, DEMO.email, DEMO.password);
    await page.locator('[data-testid="server-row"][data-server-name="Healthy base"]').getByRole('link').first().click();
    await scrollThrough(page);
    await panel('chart-players').waitFor({ timeout: 30_000 });
  }, 240_000);

  afterAll(() => harness.close());

  test("each chart draws the simulator's series, with a legend entry per circuit, item and fuel", async () => {
    // Power: the chooser lists the circuits the simulator reports, the main grid first; its three series drawn.
    const circuits = (await api('/power/latest')) as { circuit_group_id: number; power_production: number }[];
    const chooser = panel('chart-power').getByLabel('Circuit', { exact: true });
    await expectText(summary('chart-power'), 'Production: lowest', 90_000);
    expect((await texts(chooser.locator('option'))).sort()).toEqual(
      circuits.map((c) => `Circuit ${c.circuit_group_id}`).sort(),
    );
    expect(await texts(legend('chart-power'))).toEqual(['Production', 'Consumption', 'Capacity']);
    expect(await summary('chart-power').textContent()).toMatch(/Consumption: lowest [\d,.]+ (MW|GW)/);
    await expectText(summary('chart-power', 1), 'Battery charge', 1000);
    await panel('chart-power').locator('canvas').first().waitFor({ timeout: 20_000 });

    // Production: the chooser lists the items produced; produced against consumed per minute.
    const items = (await api('/production/latest')) as { item_name: string }[];
    await expectText(summary('chart-production'), 'Produced: lowest', 90_000);
    expect(
      (await texts(panel('chart-production').getByLabel('Item', { exact: true }).locator('option'))).sort(),
    ).toEqual(items.map((i) => i.item_name).sort());
    expect(await texts(legend('chart-production'))).toEqual(['Produced', 'Consumed', 'Most it could produce']);
    expect(await summary('chart-production').textContent()).toMatch(/(items|m³)\/min/);

    // Generators: a legend entry for every fuel the simulator's generators burn, and the capacity of all.
    const generators = (await api('/generators')) as { fuel_name: string | null }[];
    const fuels = [...new Set(generators.map((g) => g.fuel_name ?? 'No fuel (geothermal or empty)'))];
    expect(fuels.length).toBeGreaterThan(1);
    await expectText(summary('chart-generators'), `${[...fuels].sort()[0]}: lowest`, 90_000);
    const entries = await texts(legend('chart-generators'));
    expect(entries).toEqual(expect.arrayContaining([...fuels, 'Capacity, all fuels']));
    expect(entries.at(-1)).toBe('Capacity, all fuels');

    // The sink: points per minute and the total; the players online.
    await expectText(summary('chart-sink'), 'Points per minute: lowest', 120_000);
    await expectText(summary('chart-sink', 1), 'Total points: lowest', 1000);
    await expectText(summary('chart-players'), 'Players online: lowest', 90_000);
    for (const id of ['chart-power', 'chart-production', 'chart-generators', 'chart-sink'])
      await panelShot(id, `20-${id}`);
    await shot(page, '20-charts');
  }, 240_000);

  test('choosing a circuit or an item, and the range picker, change what is asked for', async () => {
    const chooser = panel('chart-power').getByLabel('Circuit', { exact: true });
    const options = await chooser
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
    if (options.length > 1) {
      await chooser.selectOption(options[1]!);
      await waitForRequest('power', (u) => u.searchParams.get('circuit') === options[1]);
      await expectText(summary('chart-power'), `Power of Circuit ${options[1]}`, 10_000);
    }
    const item = panel('chart-production').getByLabel('Item', { exact: true });
    const items = await item
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
    await item.selectOption(items[0]!);
    await waitForRequest('production', (u) => u.searchParams.get('item') === items[0]);

    // Each chart has its own range: 6 hours of generators, in coarser buckets, and the shown range follows.
    const before = await panel('chart-generators').getByTestId('chart-range').textContent();
    expect(historyRequests('generators').every((u) => hours(u) === 1)).toBe(true);
    const picker = panel('chart-generators').getByRole('group', { name: 'Time range' });
    await picker.getByRole('button', { name: '6 hr' }).click();
    expect(await picker.getByRole('button', { name: '6 hr' }).getAttribute('aria-pressed')).toBe('true');
    await waitForRequest('generators', (u) => hours(u) === 6 && u.searchParams.get('step') === '120s');
    await page.waitForFunction(
      ([el, text]) => (el as { textContent: string | null } | null)?.textContent !== text,
      [await panel('chart-generators').getByTestId('chart-range').elementHandle(), before] as const,
      { timeout: 10_000 },
    );
    // The other charts keep their range.
    expect(historyRequests('resource-sink').every((u) => hours(u) === 1)).toBe(true);
    await picker.getByRole('button', { name: '1 hr' }).click();
  }, 60_000);

  test("the player map draws each player's trail over the chosen range, from the stored positions", async () => {
    const trail = panel('chart-players').getByTestId('trail').first();
    await trail.waitFor({ timeout: 150_000 });
    const points = (await trail.locator('polyline').first().getAttribute('points'))!.trim().split(/\s+/);
    expect(points.length).toBeGreaterThanOrEqual(2);
    const map = panel('chart-players').getByRole('img', { name: /Map of player positions/ });
    expect(await map.getAttribute('aria-label')).toMatch(/Trails of .+ over the chosen range\./);
    await panelShot('chart-players', '21-player-trails');
    // A page opened now draws the trails of the range at once, from /players/trails: right after it loads, a trail
    // has more positions than the one or two the socket can have delivered by then, and no "since this page
    // opened" note. The stored positions grow with time: a few tries, each measured just after a reload.
    const longest = async () =>
      Math.max(
        0,
        ...(await panel('chart-players')
          .getByTestId('trail')
          .locator('polyline')
          .evaluateAll((lines) => lines.map((l) => (l.getAttribute('points') ?? '').trim().split(/\s+/).length))),
      );
    let most = 0;
    for (let attempt = 0; attempt < 5 && most < 3; attempt++) {
      await page.waitForTimeout(20_000);
      const before = requests.length;
      await page.reload();
      await scrollThrough(page);
      await panel('chart-players').getByTestId('trail').first().waitFor({ timeout: 15_000 });
      expect(requests.slice(before).some((u) => u.pathname.endsWith('/players/trails'))).toBe(true);
      most = await longest();
    }
    expect(most).toBeGreaterThanOrEqual(3);
    expect(await panel('chart-players').getByTestId('trails-note').count()).toBe(0);
  }, 300_000);

  test('loading another save breaks the lines there and names the change', async () => {
    const gaps = async () => {
      const table = panel('chart-players')
        .getByRole('button', { name: /Show as table|Hide table/ })
        .first();
      if ((await table.textContent()) === 'Show as table') await table.click();
      return panel('chart-players').getByTestId('chart-row').filter({ hasText: 'no data' }).count();
    };
    const before = await gaps();
    const loaded = await json(`${control}/world`, { method: 'PATCH', body: { sessionName: 'Second save 2' } });
    expect(loaded.status).toBe(200);
    await expectText(panel('chart-players').getByTestId('save-change'), '” to “Second save 2”', 120_000);
    expect(await gaps()).toBeGreaterThan(before);
    await panelShot('chart-players', '22-save-change');
    // The sink (polled once a minute) breaks there too.
    await expectText(panel('chart-sink').getByTestId('save-change'), '” to “Second save 2”', 150_000);
    await panelShot('chart-sink', '22-save-change-sink');
  }, 300_000);

  test('the charts pass the accessibility check (light, dark, phone)', async () => {
    // Three looks of the whole page (every panel built, 2,000+ elements): over 120 s on a loaded 2-core machine.
    await expectAccessible(page, 'charts');
  }, 240_000);
});
