import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, scrollThrough, shot } from './browser-harness';

interface Session {
  player_id: string;
  player_name: string | null;
  anonymous: boolean;
  joined_at: string;
  left_at: string | null;
  close_reason: string | null;
}

/**
 * Player history end to end, against `npm start` (five simulated servers, every service a process, real NATS and
 * PostgreSQL): players join and leave through the simulator's control API, the Healthy base goes down and comes back,
 * and billing-limits' sessions answer through the API; then the player-history page, a player's page and the
 * players chart's "who was online" in Chromium, each checked with axe.
 */
describe('player history, against `npm start`', () => {
  const harness = new BrowserPlatform();
  let page: Page;
  let serverId = '';
  let control = '';

  const api = async <T = unknown>(path: string): Promise<T> => {
    const res = await json(`${harness.base}/api/v1${path}`, { token: harness.token });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const sessions = async (id = serverId) =>
    (await api<{ sessions: Session[] }>(`/servers/${id}/player-sessions`)).sessions;
  /** Polls `check` (which may act again, e.g. re-apply a world change the simulator's own moves undid). */
  const until = async <T>(what: string, check: () => Promise<T | null>, timeoutMs = 90_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== null) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const world = (body: Record<string, unknown>) => json(`${control}/world`, { method: 'PATCH', body });

  beforeAll(async () => {
    await harness.start();
    page = harness.page;
    const sim = harness.sim('Healthy base');
    serverId = sim.server_id;
    control = sim.control_url;
  }, 240_000);

  afterAll(() => harness.close());

  test('players joining and leaving open and close named sessions', async () => {
    // Everyone joins (the simulator lets players wander off now and then: the change is applied again while waiting).
    const players = await until('every player online', async () => {
      const list = await api<{ id: string; name: string; is_online: boolean }[]>(`/servers/${serverId}/players`).catch(
        () => [],
      );
      if (list.length === 0) return null;
      await world({ playersOnline: list.length });
      const open = new Set((await sessions()).filter((s) => s.left_at === null).map((s) => s.player_id));
      return list.every((p) => open.has(p.id)) ? list : null;
    });
    const leaver = players[0]!;
    const leftAfter = Date.now() - 5_000;
    // Everyone leaves: the leaver's session ends with "left".
    const closed = await until('a session closed by leaving', async () => {
      await world({ playersOnline: 0 });
      const mine = (await sessions()).filter((s) => s.player_id === leaver.id);
      return mine.find((s) => s.close_reason === 'left' && Date.parse(s.left_at!) >= leftAfter) ?? null;
    });
    expect(closed.player_name).toBe(leaver.name);
    expect(Date.parse(closed.left_at!)).toBeGreaterThan(Date.parse(closed.joined_at));
    // The player's page: first and last seen, playtime, the sessions.
    const detail = await api<{ player_name: string; session_count: number; total_playtime_seconds: number }>(
      `/servers/${serverId}/players/${leaver.id}`,
    );
    expect(detail.player_name).toBe(leaver.name);
    expect(detail.session_count).toBeGreaterThanOrEqual(1);
    // Search across the organisation finds them.
    const hits = await api<{ player_id: string }[]>(`/players/search?q=${encodeURIComponent(leaver.name.slice(0, 4))}`);
    expect(hits.map((h) => h.player_id)).toContain(leaver.id);
    // Who was online just before they left.
    const online = await api<{ players: Session[] }>(
      `/servers/${serverId}/online-at?t=${new Date(Date.parse(closed.left_at!) - 1000).toISOString()}`,
    );
    expect(online.players.map((p) => p.player_id)).toContain(leaver.id);
  }, 240_000);

  test('a server that goes down closes its sessions, and they open again when it comes back', async () => {
    await until('a player online', async () => {
      await world({ playersOnline: 2 });
      return (await sessions()).some((s) => s.left_at === null) ? true : null;
    });
    const stoppedAt = Date.now();
    await json(`${control}/faults/stopped`, { method: 'PUT', body: {} });
    const closedByOutage = await until('sessions closed by the outage', async () => {
      const list = await sessions();
      return list.every((s) => s.left_at !== null) && list.some((s) => s.close_reason === 'offline') ? list : null;
    });
    expect(closedByOutage.filter((s) => s.close_reason === 'offline').length).toBeGreaterThan(0);
    await json(`${control}/faults/stopped`, { method: 'DELETE' });
    const reopened = await until('sessions opened after the outage', async () => {
      await world({ playersOnline: 2 });
      const open = (await sessions()).filter((s) => s.left_at === null);
      return open.length > 0 && open.every((s) => Date.parse(s.joined_at) > stoppedAt) ? open : null;
    });
    expect(reopened.every((s) => !s.anonymous)).toBe(true);
  }, 240_000);

  test('a server without the add-on is counted in anonymous slots', async () => {
    const vanilla = harness.sim('Vanilla server (no add-on)').server_id;
    const anonymous = await until('an anonymous session', async () => {
      const list = await sessions(vanilla);
      return list.find((s) => s.anonymous) ?? null;
    });
    expect(anonymous.player_name).toBeNull();
  }, 120_000);

  test('the player-history page, a player page and "who was online" on the players chart, in Chromium', async () => {
    await world({ playersOnline: 2 });
    await harness.signIn(page, DEMO.email, DEMO.password);
    await page.goto(`${harness.base}/servers/${serverId}`);
    await page.getByTestId('player-history-link').click();
    await page.waitForURL(`${harness.base}/servers/${serverId}/players`);
    await page.getByRole('heading', { name: /Player history of Healthy base/ }).waitFor({ timeout: 20_000 });
    const lanes = page.getByTestId('timeline-lane');
    await lanes.first().waitFor({ timeout: 30_000 });
    const names = new Set((await sessions()).filter((s) => !s.anonymous).map((s) => s.player_name));
    const laneNames = await lanes.locator('a').allTextContents();
    // Every lane is a player of the server's sessions (more may have joined since the page asked).
    expect(laneNames.length).toBeGreaterThan(0);
    for (const name of laneNames) expect(names).toContain(name);
    expect(await page.getByTestId('session-row').count()).toBeGreaterThanOrEqual(laneNames.length);
    await page.getByTestId('heatmap').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('heatmap').locator('tbody tr').count()).toBe(7);
    await expectAccessible(page, 'player-history');
    await shot(page, 'player-history');

    // Search, then the player's page.
    const someone = laneNames[0]!;
    await page.getByLabel(/Player name/).fill(someone.slice(0, 4));
    // Other simulated servers may have a player of the same name: the hit on this server.
    await page
      .getByTestId('player-search-results')
      .locator('li', { hasText: 'on Healthy base' })
      .getByRole('link', { name: someone, exact: true })
      .first()
      .click();
    await expectText(page.getByTestId('player-name'), someone, 20_000);
    await expectText(page.getByTestId('session-count'), String(await countOf(someone)), 10_000);
    expect(await page.getByTestId('first-seen').textContent()).not.toBe('—');
    expect(await page.getByTestId('session-row').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'player-page');
    await shot(page, 'player-page');

    // The players chart: hovering it says who was online then.
    await page.goto(`${harness.base}/servers/${serverId}`);
    await scrollThrough(page);
    const chart = page.locator('#chart-players .ts-chart').first();
    const over = chart.locator('.u-over');
    await over.waitFor({ timeout: 60_000 });
    await expectText(chart.getByTestId('chart-summary'), 'Players online: lowest', 90_000);
    const said = page.locator('#chart-players').getByTestId('online-at');
    await expectText(said, 'Hover over the players chart', 10_000);
    // Below the fold: in view first, so the mouse reaches it.
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
    await chart.getByTestId('chart-tooltip').waitFor({ timeout: 10_000 });
    await expectText(said, 'Online at', 20_000);
    await shot(page, 'players-chart-online-at');
  }, 240_000);

  const countOf = async (name: string) => (await sessions()).filter((s) => s.player_name === name).length;
});
