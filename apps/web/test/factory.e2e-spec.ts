import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, scrollThrough, shot } from './browser-harness';

/**
 * Issue 20's dashboard in a real browser against `npm start`: the factory machine by machine (sorting, filters, the
 * stalled view, the keyboard), and the generator, extractor, drone port, sink and inventory search panels showing
 * what the simulator serves, live when the simulator's world changes. Screenshots go to test-results/screenshots/.
 */

type Frm = Record<string, unknown>;

const en = (n: number, digits = 0) => new Intl.NumberFormat('en', { maximumFractionDigits: digits }).format(n);
const enPercent = (n: number) =>
  new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);

describe('the factory view and the panels of issue 20, in a browser', () => {
  const harness = new BrowserPlatform();
  let page: Page;
  /** The simulator's own FRM answer of an endpoint on the "Healthy base" server. */
  let frm: (endpoint: string) => Promise<Frm[]>;
  let control: string;

  const panel = (id: string) => page.locator(`section#${id}`);
  const rows = () => panel('machines').getByTestId('factory-row');
  const count = () => panel('machines').getByTestId('factory-count');
  const countText = async () => (await count().textContent()) ?? '';
  const world = (body: unknown) => json(`${control}/world`, { method: 'PATCH', body });

  beforeAll(async () => {
    await harness.start();
    page = harness.page;
    const target = harness.sim('Healthy base');
    control = target.control_url;
    const described = (await json(control)).body as { addon_http_port: number };
    frm = async (endpoint) => (await json(`http://${target.host}:${described.addon_http_port}/${endpoint}`)).body;
    await harness.signIn(page, DEMO.email, DEMO.password);
    await page.goto(`${harness.base}/servers/${target.server_id}`);
    await scrollThrough(page);
  }, 240_000);

  afterAll(() => harness.close());

  test("the machines table lists the simulator's buildings", async () => {
    const buildings = await frm('getFactory');
    const total = en(buildings.length);
    await expectText(count(), `${total} of ${total} machines`, 120_000);
    expect(await panel('machines').getByRole('table').getAttribute('aria-rowcount')).toBe(String(buildings.length + 1));
    // Only the rows in view are drawn.
    const drawn = await rows().count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(Math.min(80, buildings.length + 1));
    const names = new Set(buildings.map((b) => b.Name as string));
    for (const header of await rows().getByRole('rowheader').allTextContents()) expect(names).toContain(header);
    await shot(page, '20-machines');
  }, 150_000);

  test('a column header sorts, a second press reverses', async () => {
    const clocks = (await frm('getFactory')).map((b) => b.ManuSpeed as number);
    const header = panel('machines').getByTestId('sort-clock');
    await header.click();
    expect(await header.locator('xpath=..').getAttribute('aria-sort')).toBe('descending');
    const clockOfFirst = () => rows().first().getByRole('cell').nth(2).textContent();
    expect(await clockOfFirst()).toBe(enPercent(Math.max(...clocks)));
    await header.click();
    expect(await header.locator('xpath=..').getAttribute('aria-sort')).toBe('ascending');
    expect(await clockOfFirst()).toBe(enPercent(Math.min(...clocks)));
  }, 30_000);

  test('filters by type, state and recipe', async () => {
    const buildings = await frm('getFactory');
    const byClass = new Map<string, number>();
    for (const b of buildings) byClass.set(b.ClassName as string, (byClass.get(b.ClassName as string) ?? 0) + 1);
    const [className, n] = [...byClass.entries()].sort((a, b) => a[1] - b[1])[0]!;
    const name = buildings.find((b) => b.ClassName === className)!.Name as string;

    await panel('machines').getByTestId('factory-type').selectOption(className);
    await expectText(count(), `${en(n)} of ${en(buildings.length)} machines`, 5000);
    expect(new Set(await rows().getByRole('rowheader').allTextContents())).toEqual(new Set([name]));
    await panel('machines').getByTestId('factory-type').selectOption('');

    // A state: each row drawn says it, and as many as the option counted.
    const state = panel('machines').getByTestId('factory-state');
    await state.selectOption('producing');
    const option = (await state.locator('option[value="producing"]').textContent()) ?? '';
    const producing = /\(([\d,]+)\)/.exec(option)![1]!;
    expect(await countText()).toBe(`${producing} of ${en(buildings.length)} machines`);
    for (const cell of await rows().locator('td:nth-of-type(2)').allTextContents()) expect(cell).toBe('Producing');
    await state.selectOption('');

    // Part of a recipe's name, in any case.
    const recipe = buildings.find((b) => b.IsConfigured)!.Recipe as string;
    const part = recipe.slice(1, 6).toUpperCase();
    await panel('machines').getByTestId('factory-recipe').fill(part);
    const matching = buildings.filter(
      (b) => b.IsConfigured && (b.Recipe as string).toLowerCase().includes(part.toLowerCase()),
    ).length;
    await expectText(count(), `${en(matching)} of ${en(buildings.length)} machines`, 5000);
    for (const cell of await rows().locator('td:nth-of-type(1)').allTextContents())
      expect(cell.toLowerCase()).toContain(part.toLowerCase());
    await panel('machines').getByRole('button', { name: 'Clear filters' }).click();
    await shot(page, '21-machines-filtered');
  }, 30_000);

  test('the stalled view: only stalled machines, each with its reason', async () => {
    const view = panel('machines').getByTestId('factory-view-stalled');
    const stalled = Number(/\(([\d,]+)\)/.exec((await view.textContent()) ?? '')![1]!.replace(/,/g, ''));
    await view.click();
    expect(await view.getAttribute('aria-pressed')).toBe('true');
    expect(await countText()).toMatch(
      new RegExp(`^${en(stalled)} of [\\d,]+ machines · output full: \\d+, input starved: \\d+$`),
    );
    if (stalled > 0)
      for (const cell of await rows().locator('td:nth-of-type(2)').allTextContents())
        expect(cell).toMatch(/^Stalled: (output full|input starved)$/);
    else
      await panel('machines')
        .getByText(/^No machine is stalled/)
        .waitFor();
    await shot(page, '22-machines-stalled');
    await panel('machines').getByTestId('factory-view-all').click();
  }, 30_000);

  test('the keyboard sorts and scrolls the table to its last machine', async () => {
    const total = (await frm('getFactory')).length;
    const sortType = panel('machines').getByTestId('sort-type');
    const direction = () => sortType.locator('xpath=..').getAttribute('aria-sort');
    await sortType.focus();
    await page.keyboard.press('Enter');
    const first = await direction();
    expect(['ascending', 'descending']).toContain(first);
    await page.keyboard.press('Enter');
    expect(await direction()).toBe(first === 'ascending' ? 'descending' : 'ascending');
    const scroller = panel('machines').getByTestId('factory-scroll');
    await scroller.focus();
    await page.keyboard.press('End');
    await panel('machines')
      .locator(`[data-testid="factory-row"][aria-rowindex="${total + 1}"]`)
      .waitFor({ timeout: 5000 });
    expect(await scroller.evaluate((e) => (e as unknown as { scrollTop: number }).scrollTop)).toBeGreaterThan(0);
    await page.keyboard.press('Home');
    await panel('machines').locator('[data-testid="factory-row"][aria-rowindex="2"]').waitFor({ timeout: 5000 });
  }, 30_000);

  test("the generators panel shows the simulator's generators; a generator out of fuel is flagged live", async () => {
    const generators = await frm('getGenerators');
    await expectText(panel('generators').getByTestId('generator-table'), 'MW', 90_000);
    await page.waitForFunction(
      (n) =>
        (
          globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
        ).document.querySelectorAll('section#generators [data-testid="generator-row"]').length === n,
      generators.length,
      { timeout: 30_000 },
    );
    await expectText(panel('generators').getByTestId('fuel-totals'), 'Coal', 1000);
    const coal = generators.find((g) => g.ClassName === 'Build_GeneratorCoal_C')!;
    await world({ fuelSupply: false, generatorFuel: { generator: coal.ID, amount: 0 } });
    try {
      await expectText(panel('generators').locator(`[data-id="${coal.ID as string}"]`), 'Out of fuel', 90_000);
      await expectText(panel('generators').getByTestId('fuel-out'), 'out of fuel.', 5000);
      await shot(page, '23-generators-out-of-fuel');
    } finally {
      await world({ fuelSupply: true });
    }
  }, 150_000);

  test("the extractors panel lists the simulator's extractors; a paused one says so", async () => {
    const extractors = await frm('getExtractor');
    await panel('extractors').getByTestId('extractor-row').first().waitFor({ timeout: 90_000 });
    expect(await panel('extractors').getByTestId('extractor-row').count()).toBe(extractors.length);
    const resources = await panel('extractors').getByTestId('resource-totals').locator('tbody th').allTextContents();
    for (const e of extractors) if (e.Recipe !== 'Desc_Null') expect(resources).toContain(e.Recipe);
    const target = extractors[0]!;
    await world({ extractorPaused: { extractor: target.ID, paused: true } });
    try {
      await expectText(panel('extractors').locator(`[data-id="${target.ID as string}"]`), 'Paused', 90_000);
    } finally {
      await world({ extractorPaused: { paused: false } });
    }
  }, 150_000);

  test('the drone ports panel: status, pairing and fuel; a port without its drone is flagged live', async () => {
    const stations = await frm('getDroneStation');
    await panel('drone-stations').getByTestId('drone-station-row').first().waitFor({ timeout: 90_000 });
    expect(await panel('drone-stations').getByTestId('drone-station-row').count()).toBe(stations.length);
    const first = stations[0]!;
    const row = panel('drone-stations').locator(`[data-name="${first.Name as string}"]`);
    const paired = first.PairedStation === 'None' ? 'not paired' : (first.PairedStation as string);
    expect(await row.getByRole('cell').first().textContent()).toBe(paired);
    await world({ droneStation: { station: first.Name, drone: false } });
    try {
      await expectText(row, 'No drone', 90_000);
      await expectText(panel('drone-stations').getByTestId('station-warnings'), '1 drone port has no drone.', 5000);
      await shot(page, '24-drone-port-without-drone');
    } finally {
      await world({ droneStation: { station: first.Name, drone: true } });
    }
  }, 150_000);

  test("the sink panel shows the simulator's points and coupons", async () => {
    await panel('resource-sink').getByTestId('sink-points').waitFor({ timeout: 90_000 });
    const [sink] = await frm('getResourceSink');
    const shown = Number(
      ((await panel('resource-sink').getByTestId('sink-points').textContent()) ?? '').replace(/,/g, ''),
    );
    const perMinute = (sink!.GraphPoints as number[]).at(-1) ?? 0;
    // The panel shows the newest poll (at most a few minutes old); the simulator adds points every second.
    expect(shown).toBeLessThanOrEqual(sink!.TotalPoints as number);
    expect(shown).toBeGreaterThanOrEqual((sink!.TotalPoints as number) - 5 * perMinute - 1);
    expect(await panel('resource-sink').getByRole('meter').getAttribute('aria-label')).toMatch(
      /^Progress to the next coupon: \d+%$/,
    );
  }, 120_000);

  test('the inventory search finds the containers holding an item', async () => {
    const containers = await frm('getStorageInv');
    const held = containers.flatMap((c) =>
      (c.Inventory as { Name: string; Amount: number }[]).map((i) => ({ item: i.Name, container: c.Name as string })),
    );
    const item = held[0]!.item;
    const holders = new Set(held.filter((h) => h.item === item).map((h) => h.container));
    await panel('inventory').getByTestId('inventory-q').waitFor({ timeout: 90_000 });
    await panel('inventory').getByTestId('inventory-q').fill(item);
    const hit = panel('inventory')
      .locator('[data-testid="inventory-hit"]')
      .filter({ has: page.getByRole('heading', { name: item, exact: true }) });
    await hit.waitFor({ timeout: 20_000 });
    const listed = await hit.getByTestId('inventory-container').locator('th').allTextContents();
    expect(listed.length).toBeGreaterThan(0);
    for (const name of listed) expect(holders).toContain(name);
    await shot(page, '25-inventory-search');
  }, 120_000);

  test('the page with the new panels passes the accessibility check (light, dark, phone)', async () => {
    // Three looks of the whole page (every panel built, 2,000+ elements): over 120 s on a loaded 2-core machine.
    await expectAccessible(page, 'factory-panels');
  }, 240_000);

  test('6,000 machines: counted, drawn a screenful at a time, filtered, sorted and scrolled to the last', async () => {
    // The simulator's many_records fault: getFactory lists this many distinct constructors (on its add-on port).
    const MACHINES = 6000;
    const megafactory = harness.sim('Laggy megafactory');
    const put = await json(`${megafactory.control_url}/faults/many_records`, {
      method: 'PUT',
      body: { count: MACHINES, scope: 'frm' },
    });
    expect(put.status).toBeLessThan(300);
    try {
      await page.goto(`${harness.base}/servers/${megafactory.server_id}`);
      await scrollThrough(page);
      // The next factory poll (at most its interval) brings them; the table reads every page of /buildings.
      await expectText(count(), `${en(MACHINES)} of ${en(MACHINES)} machines`, 180_000);
      const table = panel('machines').getByRole('table');
      expect(await table.getAttribute('aria-rowcount')).toBe(String(MACHINES + 1));
      // Only the rows in view are in the page: 6,000 would be 6,000 rows of cells.
      const drawn = await rows().count();
      expect(drawn).toBeGreaterThan(5);
      expect(drawn).toBeLessThan(80);
      // A filter answers over all of them: none of these constructors is paused.
      const state = panel('machines').getByTestId('factory-state');
      await state.selectOption('paused');
      await expectText(count(), `0 of ${en(MACHINES)} machines`, 5000);
      await state.selectOption('');
      await expectText(count(), `${en(MACHINES)} of ${en(MACHINES)} machines`, 5000);
      // Sorted, then to the very last machine with the keyboard.
      await panel('machines').getByTestId('sort-type').click();
      const scroller = panel('machines').getByTestId('factory-scroll');
      await scroller.focus();
      await page.keyboard.press('End');
      await panel('machines')
        .locator(`[data-testid="factory-row"][aria-rowindex="${MACHINES + 1}"]`)
        .waitFor({ timeout: 10_000 });
      expect(await rows().count()).toBeLessThan(80);
      await shot(page, '27-machines-6000');
    } finally {
      await json(`${megafactory.control_url}/faults/many_records`, { method: 'DELETE' });
    }
  }, 300_000);

  test('without the add-on, every new panel says it is needed', async () => {
    await page.goto(`${harness.base}/servers/${harness.sim('Vanilla server (no add-on)').server_id}`);
    await scrollThrough(page);
    for (const id of ['machines', 'generators', 'extractors', 'drone-stations', 'inventory', 'resource-sink'])
      await panel(id).getByTestId('addon-needed').waitFor({ timeout: 60_000 });
    await shot(page, '26-panels-without-addon');
  }, 90_000);
});
