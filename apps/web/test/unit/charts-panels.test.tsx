import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PollResult } from '@app/contracts';

const fetchMock = vi.hoisted(() => {
  const f = vi.fn<typeof fetch>();
  globalThis.fetch = f;
  return f;
});

const { ChartPanels } = await import('../../src/features/dashboard/charts/ChartPanels');
const { DEFAULT_INTERVALS } = await import('../../src/lib/account');
const { useServerLive } = await import('../../src/live/hooks');
const { liveStore } = await import('../../src/live/store');

/**
 * The history charts as a user meets them (jsdom has no canvas, so what is read is the charts' text alternative,
 * their legends and the map): the API's history per circuit, item and fuel, the range picker's requests, a break
 * where the save changes, the player trails from the live positions.
 */
const SERVER = '33333333-3333-4333-8333-333333333333';
const ORG = '44444444-4444-4444-8444-444444444444';
const ADA = '11111111-1111-4111-8111-111111111111';
const M = 60_000;
const src = { key: SERVER, base: `/api/v1/servers/${SERVER}`, auth: true };

/** Buckets of the last minutes (the charts show the range up to now). */
const now = Date.now();
const ago = (min: number) => new Date(Math.floor((now - min * M) / M) * M).toISOString();
const envelope = (buckets: Record<string, unknown>[]) => ({
  from: ago(60),
  to: new Date(now).toISOString(),
  step_seconds: 60,
  retention_hours: 24,
  buckets,
});

type Answer = { status: number; body: unknown };
let answers: Record<string, (q: URLSearchParams) => Answer> = {};
const requests = (route: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === `${src.base}${route}`);

function poll(kind: PollResult['kind'], data: unknown, seconds = 0): void {
  liveStore.applyPoll(SERVER, {
    serverId: SERVER,
    orgId: ORG,
    time: new Date(now + seconds * 1000).toISOString(),
    durationMs: 5,
    error: null,
    kind,
    data,
  } as PollResult);
}

const circuit = (id: number, production: number) => ({
  circuitGroupId: id,
  powerProduction: production,
  powerConsumed: production / 2,
  powerCapacity: production * 2,
  powerMaxConsumed: production,
  batteryPercent: 50,
  batteryCapacity: 100,
  batteryDifferential: 0,
  batteryInput: 0,
  batteryOutput: 0,
  batteryTimeEmptySeconds: null,
  batteryTimeFullSeconds: null,
  fuseTriggered: false,
});
const item = (itemClass: string, itemName: string, currentProd: number) => ({
  itemClass,
  itemName,
  itemForm: 'Solid',
  currentProd,
  maxProd: currentProd * 2,
  currentConsumed: currentProd / 2,
  maxConsumed: currentProd,
  prodPercent: 50,
  consPercent: 25,
});
const ada = (x: number) => ({
  playerId: ADA,
  frmId: 'Ada',
  name: 'Ada',
  isOnline: true,
  health: 100,
  speed: 20,
  isDead: false,
  posX: x,
  posY: 1000,
  posZ: 0,
});

function Harness() {
  const live = useServerLive(SERVER);
  const ctx = { src, live, intervals: DEFAULT_INTERVALS, seedErrors: {}, readOnly: false };
  return (
    <ChartPanels ctx={ctx} retentionHours={24} planName="Pro" pollIntervals={{ generators: 15, resource_sink: 60 }} />
  );
}

/** Renders the charts and waits for all five: they mount one per task (useInTurns). */
async function show() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      <Harness />
    </QueryClientProvider>,
  );
  await waitFor(() =>
    expect(
      document.querySelectorAll('#chart-power, #chart-production, #chart-generators, #chart-sink, #chart-players')
        .length,
    ).toBe(5),
  );
  return view;
}

const panel = (id: string) => document.getElementById(id)!;
const summary = (id: string, n = 0) => within(panel(id)).getAllByTestId('chart-summary')[n]!.textContent ?? '';

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterAll(() => vi.restoreAllMocks());

beforeEach(() => {
  liveStore.forget(SERVER);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const route = url.pathname.slice(src.base.length);
    const answer = answers[route]?.(url.searchParams) ?? {
      status: 409,
      body: { error: { code: 'NoDataYet', message: 'no samples yet' } },
    };
    return Response.json(answer.body, { status: answer.status });
  });
  poll('addon', { status: 'available', reason: null, via: 'http' });
  poll('session', {
    sessionName: 'Alpha',
    isPaused: false,
    passedDays: 1,
    dayHours: 8,
    dayMinutes: 0,
    isDay: true,
    totalPlaySeconds: 3600,
  });
  poll('power', [circuit(1, 100), circuit(2, 900)]);
  poll('production', [item('Desc_IronPlate_C', 'Iron Plate', 60), item('Desc_Wire_C', 'Wire', 120)]);
  answers = {
    '/power/history': (q) => {
      const id = Number(q.get('circuit'));
      const mk = (min: number, p: number) => ({
        time: ago(min),
        circuit_group_id: id,
        power_production_avg: p,
        power_consumed_avg: p / 2,
        power_capacity_max: p * 2,
        battery_percent_avg: 40,
        session_name: 'Alpha',
      });
      return { status: 200, body: envelope([mk(3, id * 100), mk(2, id * 100 + 10)]) };
    },
    '/production/history': (q) => ({
      status: 200,
      body: envelope([
        {
          time: ago(2),
          item_class: q.get('item'),
          current_prod_avg: 42,
          current_consumed_avg: 21,
          max_prod_max: 84,
          session_name: 'Alpha',
        },
      ]),
    }),
    '/generators/history': () => ({
      status: 200,
      body: envelope([
        { time: ago(2), fuel_name: 'Coal', production_sum: 150, capacity_sum: 225, session_name: 'Alpha' },
        { time: ago(2), fuel_name: 'Fuel', production_sum: 300, capacity_sum: 500, session_name: 'Alpha' },
        { time: ago(2), fuel_name: null, production_sum: 100, capacity_sum: 100, session_name: 'Alpha' },
      ]),
    }),
    '/resource-sink/history': () => ({
      status: 200,
      body: envelope([
        { time: ago(5), total_points_max: 1000, points_per_minute_avg: 100, session_name: 'Alpha' },
        { time: ago(4), total_points_max: 1100, points_per_minute_avg: 100, session_name: 'Alpha' },
        { time: ago(3), total_points_max: 20, points_per_minute_avg: 20, session_name: 'Beta' },
        { time: ago(2), total_points_max: 40, points_per_minute_avg: 20, session_name: 'Beta' },
      ]),
    }),
    '/players/history': () => ({
      status: 200,
      body: envelope([{ time: ago(2), players_online: 3, players_known: 4, session_name: 'Alpha' }]),
    }),
  };
});

describe('the history charts', () => {
  it('power: chooses the main circuit, asks for it, and draws its production, consumption and capacity', async () => {
    await show();
    const chooser = within(panel('chart-power')).getByLabelText('Circuit') as HTMLSelectElement;
    expect([...chooser.options].map((o) => o.textContent)).toEqual(['Circuit 2', 'Circuit 1']);
    await waitFor(() => expect(summary('chart-power')).toContain('Production: lowest 200 MW'));
    expect(requests('/power/history').at(-1)!.searchParams.get('circuit')).toBe('2');
    const legend = within(panel('chart-power')).getAllByRole('list', { name: /Series/ })[0]!;
    expect(
      within(legend)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Production', 'Consumption', 'Capacity']);
    expect(summary('chart-power', 1)).toContain('Battery charge: lowest 40%');

    fireEvent.change(chooser, { target: { value: '1' } });
    await waitFor(() => expect(summary('chart-power')).toContain('Production: lowest 100 MW'));
    expect(requests('/power/history').at(-1)!.searchParams.get('circuit')).toBe('1');
  });

  it('the range picker asks for the chosen range, in coarser buckets; ranges beyond the plan are disabled', async () => {
    await show();
    await waitFor(() => expect(requests('/power/history').length).toBeGreaterThan(0));
    const span = (u: URL) =>
      (Date.parse(u.searchParams.get('to')!) - Date.parse(u.searchParams.get('from')!)) / 3600_000;
    expect(span(requests('/power/history').at(-1)!)).toBe(1);
    const picker = within(panel('chart-power')).getByRole('group', { name: 'Time range' });
    await act(async () => fireEvent.click(within(picker).getByRole('button', { name: '6 hr' })));
    await waitFor(() => expect(span(requests('/power/history').at(-1)!)).toBe(6));
    expect(requests('/power/history').at(-1)!.searchParams.get('step')).toBe('120s');
    expect((within(picker).getByRole('button', { name: '7 days' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('production: an item chooser, produced against consumed per minute', async () => {
    await show();
    const chooser = within(panel('chart-production')).getByLabelText('Item') as HTMLSelectElement;
    expect([...chooser.options].map((o) => o.textContent)).toEqual(['Iron Plate', 'Wire']);
    expect(chooser.value).toBe('Desc_Wire_C');
    await waitFor(() => expect(summary('chart-production')).toContain('Produced: lowest 42 items/min'));
    expect(summary('chart-production')).toContain('Consumed: lowest 21 items/min');
    expect(requests('/production/history').at(-1)!.searchParams.get('item')).toBe('Desc_Wire_C');
  });

  it('generators: a legend entry per fuel and the capacity of all', async () => {
    await show();
    await waitFor(() => expect(summary('chart-generators')).toContain('Coal: lowest 150 MW'));
    const legend = within(panel('chart-generators')).getByRole('list', { name: /Series/ });
    expect(
      within(legend)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Coal', 'Fuel', 'No fuel (geothermal or empty)', 'Capacity, all fuels']);
    expect(summary('chart-generators')).toContain('Capacity, all fuels: lowest 825 MW');
  });

  it('the sink: a break where another save was loaded, and the change named', async () => {
    await show();
    await waitFor(() =>
      expect(within(panel('chart-sink')).getByTestId('save-change').textContent).toContain('“Alpha” to “Beta”'),
    );
    // The table of the total: the old save's last value, a row without data, the new save's first value.
    const chart = within(panel('chart-sink')).getAllByRole('button', { name: 'Show as table' })[1]!;
    fireEvent.click(chart);
    const rows = within(panel('chart-sink'))
      .getAllByTestId('chart-row')
      .map((r) => r.textContent);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toContain('1,100');
    expect(rows[2]).toContain('no data');
    expect(rows[3]).toContain('20');
  });

  it('players: the trails over the chosen range from /players/trails, then the live positions; no note', async () => {
    answers['/players/trails'] = () => ({
      status: 200,
      body: envelope(
        [3, 2].map((min, i) => ({
          time: ago(min),
          id: ADA,
          name: 'Ada',
          pos_x: -20_000 + i * 10_000,
          pos_y: 1000,
          session_name: 'Alpha',
          samples: 2,
        })),
      ),
    });
    await show();
    await waitFor(() =>
      expect(
        within(panel('chart-players')).getByTestId('trail').querySelector('polyline')!.getAttribute('points'),
      ).toBe('-20000,1000 -10000,1000'),
    );
    // A live poll after the last bucket continues the trail.
    poll('players', [ada(0)], 1);
    await waitFor(() =>
      expect(
        within(panel('chart-players')).getByTestId('trail').querySelector('polyline')!.getAttribute('points'),
      ).toBe('-20000,1000 -10000,1000 0,1000'),
    );
    expect(within(panel('chart-players')).queryByTestId('trails-note')).toBeNull();
  });

  it('players: without the stored positions, the trail of each player from the live positions, labelled so', async () => {
    await show();
    await waitFor(() => expect(summary('chart-players')).toContain('Players online: lowest 3'));
    poll('players', [ada(0)], 1);
    poll('players', [ada(20_000)], 31);
    poll('players', [ada(40_000)], 61);
    const map = within(panel('chart-players')).getByRole('img', { name: /Map of player positions/ });
    await waitFor(() => expect(map.getAttribute('aria-label')).toContain('Trails of Ada over the chosen range.'));
    const trail = within(panel('chart-players')).getByTestId('trail');
    expect(trail.querySelector('title')!.textContent).toBe('Trail of Ada');
    expect(trail.querySelector('polyline')!.getAttribute('points')).toBe('0,1000 20000,1000 40000,1000');
    expect(within(panel('chart-players')).getByTestId('trails-note').textContent).toMatch(
      /positions seen live since .*could not be read yet/,
    );
  });

  it('says what is missing: no samples yet, or the add-on', async () => {
    answers = {};
    await show();
    await waitFor(() =>
      expect(
        within(panel('chart-sink')).getByText('No samples yet: the chart fills in after the first polls.'),
      ).toBeTruthy(),
    );
    act(() => poll('addon', { status: 'unavailable', reason: 'connection refused on 8080', via: null }, 2));
    expect(within(panel('chart-sink')).getByTestId('addon-needed').textContent).toContain('connection refused on 8080');
  });
});
