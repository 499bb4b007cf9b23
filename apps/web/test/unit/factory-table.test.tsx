import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FactoryView } from '../../src/features/dashboard/factory';
import { Machines } from '../../src/features/dashboard/factory/FactoryView';
import { ROW_HEIGHT } from '../../src/features/dashboard/factory/FactoryTable';
import type { Building } from '../../src/features/dashboard/factory/model';
import { answer, apiBuilding, ctxOf, failure, liveWith, renderWithQueries } from './panels-fixtures';

/**
 * The factory view as a reader uses it: thousands of machines, of which only the visible ones are drawn; sorting by
 * a header, filtering by type, state and recipe, the stalled view with its reasons; read from every page of the API.
 */

const TYPES = [
  ['Build_ConstructorMk1_C', 'Constructor', 'Iron Plate'],
  ['Build_AssemblerMk1_C', 'Assembler', 'Rotor'],
  ['Build_ManufacturerMk1_C', 'Manufacturer', 'Motor'],
] as const;

/** n machines: every 10th stalled (alternating reasons), every 25th paused, clocks 1..250 %. */
function factory(n: number): Building[] {
  return Array.from({ length: n }, (_, i) => {
    const [className, type, recipe] = TYPES[i % 3]!;
    const stalled = i % 10 === 0;
    return {
      id: `B${String(i).padStart(5, '0')}`,
      type,
      className,
      recipe,
      clock: (i % 250) + 1,
      shards: i % 4,
      somersloops: i % 3 === 0 ? 1 : 0,
      productivity: stalled ? 0 : 100,
      state: i % 25 === 1 ? 'paused' : stalled ? 'stalled' : 'producing',
      stall: stalled ? (i % 20 === 0 ? 'output_full' : 'input_starved') : null,
      powerMw: 4 + (i % 50),
      circuit: 1 + (i % 3),
    };
  });
}

const drawn = () => screen.getAllByTestId('factory-row');
const count = () => screen.getByTestId('factory-count').textContent;

// jsdom lays nothing out: the scroll area gets the height a browser would give it (15 rows), so rows are drawn.
const VIEW = 15 * ROW_HEIGHT;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'factory-scroll' ? VIEW : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});
afterEach(() => vi.unstubAllGlobals());

describe('the machines table', () => {
  it('draws only the rows in view of 6,000 machines, and tells screen readers how many there are', () => {
    render(<Machines rows={factory(6000)} />);
    expect(count()).toBe('6,000 of 6,000 machines');
    expect(drawn().length).toBeGreaterThan(0);
    expect(drawn().length).toBeLessThan(60);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('6001');
    expect(drawn()[0]!.getAttribute('aria-rowindex')).toBe('2');
  });

  it('scrolling draws the rows further down instead', async () => {
    render(<Machines rows={factory(6000)} />);
    const scroller = screen.getByTestId('factory-scroll');
    await act(async () => {
      scroller.scrollTop = 3000 * ROW_HEIGHT;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => {
      const indexes = drawn().map((r) => Number(r.getAttribute('aria-rowindex')));
      expect(Math.min(...indexes)).toBeGreaterThan(2900);
      expect(Math.max(...indexes)).toBeLessThan(3100);
    });
    expect(drawn().length).toBeLessThan(60);
  });

  it('each column header sorts, a second press reverses; the header says which way', () => {
    render(<Machines rows={factory(600)} />);
    const clockHeader = screen.getByTestId('sort-clock');
    fireEvent.click(clockHeader);
    expect(clockHeader.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(within(drawn()[0]!).getAllByRole('cell')[2]!.textContent).toBe('250%');
    fireEvent.click(clockHeader);
    expect(clockHeader.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    expect(within(drawn()[0]!).getAllByRole('cell')[2]!.textContent).toBe('1%');
    fireEvent.click(screen.getByTestId('sort-type'));
    expect(within(drawn()[0]!).getByRole('rowheader').textContent).toBe('Assembler');
    expect(screen.getByRole('table').querySelector('caption')!.textContent).toBe(
      'Machines, sorted by Type (ascending)',
    );
  });

  it('filters by type, state and recipe, with each option counted', () => {
    render(<Machines rows={factory(600)} />);
    const type = screen.getByTestId('factory-type') as HTMLSelectElement;
    expect([...type.options].map((o) => o.textContent)).toEqual([
      'All types',
      'Assembler (200)',
      'Constructor (200)',
      'Manufacturer (200)',
    ]);
    fireEvent.change(type, { target: { value: 'Build_AssemblerMk1_C' } });
    expect(count()).toBe('200 of 600 machines');
    expect(drawn().every((r) => within(r).getByRole('rowheader').textContent === 'Assembler')).toBe(true);

    fireEvent.change(type, { target: { value: '' } });
    fireEvent.change(screen.getByTestId('factory-state'), { target: { value: 'paused' } });
    expect(count()).toBe('24 of 600 machines');
    expect(drawn().every((r) => r.textContent!.includes('Paused'))).toBe(true);

    fireEvent.change(screen.getByTestId('factory-state'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('factory-recipe'), { target: { value: 'moto' } });
    expect(count()).toBe('200 of 600 machines');
    expect(drawn().every((r) => r.textContent!.includes('Motor'))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(count()).toBe('600 of 600 machines');
    fireEvent.change(screen.getByTestId('factory-recipe'), { target: { value: 'no such recipe' } });
    expect(screen.getByTestId('factory-none').textContent).toBe('No machine matches these filters.');
  });

  it('the stalled view lists only stalled machines, output full first, each with its reason', () => {
    render(<Machines rows={factory(600)} />);
    const stalledButton = screen.getByTestId('factory-view-stalled');
    // 60 machines have i % 10 === 0; none of them is paused (i % 25 === 1 never holds for a multiple of 10).
    expect(stalledButton.textContent).toBe('Stalled (60)');
    fireEvent.click(stalledButton);
    expect(stalledButton.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('factory-state')).toBeNull();
    expect(count()).toBe('60 of 600 machines · output full: 30, input starved: 30');
    const states = drawn().map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(states[0]).toBe('Stalled: output full');
    expect(states.every((s) => s!.startsWith('Stalled: '))).toBe(true);
    expect(drawn().every((r) => r.className.includes('row-bad'))).toBe(true);

    fireEvent.click(screen.getByTestId('factory-view-all'));
    expect(count()).toBe('600 of 600 machines');
  });

  it('says so when nothing is stalled', () => {
    render(<Machines rows={factory(600).map((b) => ({ ...b, state: 'producing', stall: null }))} />);
    fireEvent.click(screen.getByTestId('factory-view-stalled'));
    expect(screen.getByTestId('factory-none').textContent).toMatch(/^No machine is stalled/);
  });
});

describe('the factory view reads the API', () => {
  it('reads every page of the buildings and shows them all', async () => {
    const page1 = Array.from({ length: 1000 }, (_, i) =>
      apiBuilding({ building_id: `A${String(i).padStart(4, '0')}` }),
    );
    const page2 = Array.from({ length: 234 }, (_, i) =>
      apiBuilding({ building_id: `B${String(i).padStart(4, '0')}`, is_producing: false, stall: 'input_starved' }),
    );
    const fetchMock = vi.fn((url: string) =>
      url.includes('cursor=A0999')
        ? answer(200, { items: page2, next_cursor: null })
        : answer(200, { items: page1, next_cursor: 'A0999' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithQueries(<FactoryView ctx={ctxOf(liveWith({}))} />);
    await waitFor(() => expect(count()).toBe('1,234 of 1,234 machines'));
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/v1/servers/srv-1/buildings?limit=1000',
      '/api/v1/servers/srv-1/buildings?limit=1000&cursor=A0999',
    ]);
    expect(screen.getByTestId('factory-view-stalled').textContent).toBe('Stalled (234)');
  });

  it('without the add-on it says the add-on is needed, and asks nothing of the API', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithQueries(
      <FactoryView ctx={ctxOf(liveWith({}, { addonStatus: 'unavailable', addonReason: 'connection refused' }))} />,
    );
    expect(screen.getByTestId('addon-needed').textContent).toContain('connection refused');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("before the first factory poll it waits; a failure shows the API's message with a retry", async () => {
    vi.stubGlobal('fetch', () => failure(409, 'NoDataYet', 'no factory sample yet'));
    const first = renderWithQueries(<FactoryView ctx={ctxOf(liveWith({}))} />);
    await waitFor(() => expect(screen.getByText('Waiting for the first poll…')).toBeTruthy());
    first.unmount();

    vi.stubGlobal('fetch', () => failure(500, 'Internal', 'the database is unreachable'));
    renderWithQueries(<FactoryView ctx={ctxOf(liveWith({}))} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The machines could not be loaded: The database is unreachable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
