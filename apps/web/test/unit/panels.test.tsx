import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DroneStationsPanel,
  ExtractorsPanel,
  GeneratorsPanel,
  InventorySearch,
  ResourceSinkPanel,
} from '../../src/features/dashboard/panels';
import type { DroneStation, Extractor, Generator } from '../../src/features/dashboard/panels/model';
import { i18n } from '../../src/lib/i18n';
import { answer, ctxOf, liveWith, renderWithQueries } from './panels-fixtures';

/**
 * The panels of issue 20 as a reader sees them with the simulator's kind of data: generators with their fuel and time
 * left (and the warnings), extractors, drone ports, the AWESOME Sink, and the "where is my X" search.
 */

const gen = (over: Partial<Generator>): Generator => ({
  generatorId: 'Build_GeneratorCoal_C_1',
  name: 'Coal Generator',
  className: 'Build_GeneratorCoal_C',
  fuelClass: 'Desc_Coal_C',
  fuelName: 'Coal',
  fuelForm: 'Solid',
  fuelAmount: 48,
  burnTimeLeftSeconds: 3 * 3600 + 12 * 60,
  production: 75,
  capacity: 75,
  loadPercent: 100,
  clockPercent: 100,
  canStart: true,
  supplementPercent: 100,
  nuclearWarning: null,
  circuitGroupId: 1,
  ...over,
});

const GENERATORS: Generator[] = [
  gen({ generatorId: 'c1', name: 'Coal A' }),
  gen({ generatorId: 'c2', name: 'Coal B', fuelAmount: 2, burnTimeLeftSeconds: 90 }),
  gen({ generatorId: 'c3', name: 'Coal C', fuelAmount: 0, burnTimeLeftSeconds: null, production: 0, canStart: false }),
  gen({
    generatorId: 'f1',
    name: 'Fuel Generator',
    className: 'Build_GeneratorFuel_C',
    fuelClass: 'Desc_LiquidFuel_C',
    fuelName: 'Fuel',
    fuelForm: 'Liquid',
    fuelAmount: 37.5,
    burnTimeLeftSeconds: null,
    production: 200,
    capacity: 250,
    loadPercent: 80,
    circuitGroupId: 2,
  }),
  gen({
    generatorId: 'g1',
    name: 'Geothermal Generator',
    className: 'Build_GeneratorGeoThermal_C',
    fuelClass: null,
    fuelName: null,
    fuelForm: 'Geothermal',
    fuelAmount: 0,
    burnTimeLeftSeconds: null,
    production: 200,
    capacity: 200,
    circuitGroupId: null,
  }),
];

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('generators', () => {
  it('warns of generators out of fuel and running out, lists the first to stop on top', () => {
    render(<GeneratorsPanel ctx={ctxOf(liveWith({ generators: GENERATORS }))} />);
    expect(screen.getByTestId('fuel-out').textContent).toBe('1 generator is out of fuel.');
    expect(screen.getByTestId('fuel-low').textContent).toBe(
      '1 generator has fuel for less than 2 min: it stops unless more arrives.',
    );
    const rows = screen.getAllByTestId('generator-row');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Coal C',
      'Coal B',
      'Coal A',
      'Fuel Generator',
      'Geothermal Generator',
    ]);
    expect(cells(rows[0]!)[1]).toBe('Out of fuel');
    expect(rows[0]!.className).toBe('row-bad');
    expect(cells(rows[1]!)[0]).toBe('Coal2 items');
    expect(cells(rows[1]!)[1]).toBe('1 min');
    expect(cells(rows[2]!)[1]).toBe('3 hr, 12 min');
    expect(cells(rows[3]!)[0]).toBe('Fuel37.5 m³');
    expect(cells(rows[3]!)[2]).toBe('200 MW of 250 MW');
    expect(cells(rows[4]!)[1]).toBe('never runs out');
    expect(cells(rows[4]!)[4]).toBe('—');
  });

  it('totals per fuel: generators, output, capacity, fuel held and the first to run out', () => {
    render(<GeneratorsPanel ctx={ctxOf(liveWith({ generators: GENERATORS }))} />);
    const table = screen.getByTestId('fuel-totals');
    const row = (fuel: string) => table.querySelector(`tr[data-fuel="${fuel}"]`) as HTMLElement;
    expect(within(row('Coal')).getByRole('rowheader').textContent).toBe('Coal');
    expect(cells(row('Coal'))).toEqual(['3', '150 MW', '225 MW', '50 items', '1 min']);
    expect(cells(row('Fuel'))).toEqual(['1', '200 MW', '250 MW', '37.5 m³', '—']);
    expect(within(table).getByText('Geothermal')).toBeTruthy();
  });

  it('no warning while every generator has fuel for long enough', () => {
    render(<GeneratorsPanel ctx={ctxOf(liveWith({ generators: [GENERATORS[0]!] }))} />);
    expect(screen.queryByTestId('fuel-out')).toBeNull();
    expect(screen.queryByTestId('fuel-low')).toBeNull();
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('de');
    render(<GeneratorsPanel ctx={ctxOf(liveWith({ generators: GENERATORS }))} />);
    expect(screen.getByTestId('fuel-out').textContent).toBe('1 Generator hat keinen Brennstoff mehr.');
    expect(screen.getByRole('heading', { name: 'Generatoren' })).toBeTruthy();
  });
});

describe('extractors', () => {
  const ex = (over: Partial<Extractor>): Extractor => ({
    extractorId: 'm1',
    name: 'Miner Mk.2',
    className: 'Build_MinerMk2_C',
    resourceClass: 'Desc_OreIron_C',
    resourceName: 'Iron Ore',
    purity: 'Pure',
    currentProd: 240,
    maxProd: 240,
    productivity: 100,
    clockPercent: 100,
    isConfigured: true,
    isProducing: true,
    isPaused: false,
    circuitGroupId: 1,
    ...over,
  });
  const EXTRACTORS = [
    ex({}),
    ex({ extractorId: 'm2', purity: 'Impure', currentProd: 0, maxProd: 60, productivity: 0, isProducing: false }),
    ex({
      extractorId: 'w1',
      name: 'Water Extractor',
      className: 'Build_WaterPump_C',
      resourceClass: 'Desc_Water_C',
      resourceName: 'Water',
      purity: null,
      currentProd: 120,
      maxProd: 120,
      clockPercent: 100,
    }),
    ex({ extractorId: 'm3', isPaused: true, isProducing: false, currentProd: 0, clockPercent: 162.5 }),
  ];

  it('counts states, totals per resource (m³/min for fluids), and lists each with purity and clock', () => {
    render(<ExtractorsPanel ctx={ctxOf(liveWith({ extractors: EXTRACTORS }))} />);
    expect(screen.getByTestId('extractor-states').textContent).toBe('Producing2Idle1Paused1Unconfigured0');
    const totals = within(screen.getByTestId('resource-totals')).getAllByRole('row').slice(1);
    expect(totals.map((r) => r.textContent)).toEqual([
      'Iron Ore1 of 3240 items/min540 items/min',
      'Water1 of 1120 m³/min120 m³/min',
    ]);
    const rows = screen.getAllByTestId('extractor-row');
    expect(rows).toHaveLength(4);
    const impure = rows.find((r) => r.textContent!.includes('Impure'))!;
    expect(cells(impure).slice(0, 4)).toEqual(['Iron Ore', 'Impure', 'Idle', '0%']);
    const paused = rows.find((r) => r.textContent!.includes('Paused'))!;
    expect(cells(paused)[4]).toBe('162.5%');
  });

  it('filters the list by resource', () => {
    render(<ExtractorsPanel ctx={ctxOf(liveWith({ extractors: EXTRACTORS }))} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Resource' }), { target: { value: 'Water' } });
    const rows = screen.getAllByTestId('extractor-row');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Water Extractor']);
  });
});

describe('drone ports', () => {
  const st = (over: Partial<DroneStation>): DroneStation => ({
    stationId: 's1',
    name: 'Arlanda',
    pairedStation: 'Bromma',
    droneStatus: 'En Route',
    fuelName: 'Packaged Fuel',
    fuelAmount: 41,
    fuelRate: 2.5,
    fuelTimeLeftSeconds: 41 * 12,
    roundTripSeconds: 95,
    avgIncRate: 12.5,
    avgOutRate: 30,
    transportRate: 4.6,
    ...over,
  });

  it('shows status, pairing, round trip, fuel and its time, throughput; flags ports that cannot fly', () => {
    const stations = [
      st({}),
      st({
        stationId: 's2',
        name: 'Bromma',
        pairedStation: 'Arlanda',
        fuelTimeLeftSeconds: 7200,
        roundTripSeconds: 900,
      }),
      st({ stationId: 's3', name: 'Cargo', pairedStation: null, droneStatus: 'No Drone', roundTripSeconds: null }),
      st({ stationId: 's4', name: 'Dry', droneStatus: 'Not Enough Fuel', fuelAmount: 0, fuelTimeLeftSeconds: 0 }),
    ];
    render(<DroneStationsPanel ctx={ctxOf(liveWith({ drone_stations: stations }))} />);
    const warnings = screen.getByTestId('station-warnings').textContent;
    expect(warnings).toContain('1 drone port has no drone.');
    expect(warnings).toContain('1 drone port is out of fuel.');
    expect(screen.getByTestId('station-low').textContent).toBe('1 drone port runs out of fuel within 10 min.');
    const [arlanda, bromma, cargo, dry] = screen.getAllByTestId('drone-station-row');
    expect(cells(arlanda!)).toEqual([
      'Bromma',
      'En route',
      '95 s',
      'Packaged Fuel41 items',
      '8 min2.5 items/min',
      'in 12.5 items/min · out 30 items/min4.6 stacks/min',
    ]);
    expect(cells(bromma!)[2]).toBe('15 min');
    expect(cells(bromma!)[4]).toBe('2 hr2.5 items/min');
    expect(cells(cargo!).slice(0, 3)).toEqual(['not paired', 'No drone', '—']);
    expect(cargo!.className).toBe('row-bad');
    expect(cells(dry!)[1]).toBe('Not enough fuel');
    expect(cells(dry!)[4]).toContain('Out of fuel');
  });
});

describe('the AWESOME Sink', () => {
  it('points, coupons, progress to the next coupon and when it prints at the current rate', () => {
    render(
      <ResourceSinkPanel
        ctx={ctxOf(
          liveWith({
            resource_sink: {
              track: 'Resource',
              totalPoints: 12_345_678,
              coupons: 3,
              couponProgress: 0.42,
              pointsToCoupon: 58_000,
              pointsPerMinute: 2_000,
            },
          }),
        )}
      />,
    );
    expect(screen.getByTestId('sink-points').textContent).toBe('12,345,678');
    expect(screen.getByTestId('sink-coupons').textContent).toBe('3');
    expect(screen.getByTestId('sink-rate').textContent).toBe('2,000 points/min');
    expect(screen.getByTestId('sink-progress').textContent).toBe('42%');
    expect(screen.getByRole('meter', { name: 'Progress to the next coupon: 42%' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    expect(screen.getByTestId('sink-eta').textContent).toBe('58,000 points to go, about 29 min at the current rate.');
  });

  it('without the add-on the panel says it is needed', () => {
    render(
      <ResourceSinkPanel ctx={ctxOf(liveWith({}, { addonStatus: 'unavailable', addonReason: 'port 8080 closed' }))} />,
    );
    expect(screen.getByTestId('addon-needed').textContent).toContain(
      'Needs the Ficsit Remote Monitoring add-on. The platform cannot reach it: port 8080 closed.',
    );
  });
});

describe('where is my X', () => {
  const INVENTORY = [
    { itemClass: 'Desc_IronPlate_C', itemName: 'Iron Plate', amount: 1200, cloudAmount: 300, stackSize: 200 },
    { itemClass: 'Desc_Wire_C', itemName: 'Wire', amount: 5000, cloudAmount: 0, stackSize: 500 },
  ];

  it('searches the world inventory and lists totals, the depot and every container holding it', async () => {
    const fetchMock = vi.fn((url: string) =>
      url.includes('q=iron%20plate')
        ? answer(200, [
            {
              item_class: 'Desc_IronPlate_C',
              item_name: 'Iron Plate',
              amount: 1200,
              cloud_amount: 300,
              stack_size: 200,
              time: '2026-11-26T10:00:00.000Z',
              session_name: 'Main',
              containers: [
                {
                  container_id: 'Build_StorageContainerMk2_C_7',
                  container_name: 'Plates north',
                  class_name: 'Build_StorageContainerMk2_C',
                  amount: 1000,
                  pos_x: 123_400,
                  pos_y: -56_700,
                  pos_z: 1_000,
                },
                {
                  container_id: 'Build_StorageContainerMk1_C_2',
                  container_name: 'Storage Container',
                  class_name: 'Build_StorageContainerMk1_C',
                  amount: 200,
                  pos_x: 0,
                  pos_y: 0,
                  pos_z: 0,
                },
              ],
            },
          ])
        : answer(200, []),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithQueries(
      <InventorySearch ctx={ctxOf(liveWith({ inventory: INVENTORY, storage: { containers: 14, entries: 40 } }))} />,
    );
    expect(screen.getByText('2 kinds of item in 14 containers and the dimensional depot')).toBeTruthy();
    // Before a search: the items held most, a press searches for one.
    expect(screen.getByRole('button', { name: 'Wire (5,000)' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Find an item' }), { target: { value: 'iron plate' } });
    const hit = await screen.findByTestId('inventory-hit', undefined, { timeout: 2000 });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/v1/servers/srv-1/world-inventory?q=iron%20plate']);
    expect(within(hit).getByRole('heading').textContent).toBe('Iron Plate');
    expect(hit.textContent).toContain('1,200 in containers · 300 in the dimensional depot');
    const containers = within(hit).getAllByTestId('inventory-container');
    expect(containers.map((c) => c.textContent)).toEqual([
      'Plates north1,0001,234, -567, 10',
      'Storage Container2000, 0, 0',
    ]);
    expect(screen.getByText('1 item matches “iron plate”.')).toBeTruthy();
  });

  it('says when nothing matches, and a pick searches for that item', async () => {
    const fetchMock = vi.fn(() => answer(200, []));
    vi.stubGlobal('fetch', fetchMock);
    renderWithQueries(<InventorySearch ctx={ctxOf(liveWith({ inventory: INVENTORY }))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Iron Plate (1,500)' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Iron Plate');
    await waitFor(() => expect(screen.getByText('No stored item matches “Iron Plate”.')).toBeTruthy());
    expect(fetchMock.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual([
      '/api/v1/servers/srv-1/world-inventory?q=Iron%20Plate',
    ]);
  });
});
