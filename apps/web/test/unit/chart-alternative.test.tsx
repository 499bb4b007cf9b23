import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TimeSeriesChart } from '../../src/components/chart/TimeSeriesChart';
import type { AlignedData, SeriesSpec } from '../../src/components/chart/series';

/**
 * The chart's text alternative, mounted in jsdom. jsdom has no canvas: `getContext` answers null (as a browser
 * without canvas would), so the chart skips the plot and what is tested is exactly what a screen reader gets.
 */
const S = 1000;
const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const series: SeriesSpec[] = [
  { id: 'tick', label: 'Tick rate', color: '--s-tick', format: (v) => v.toFixed(1) },
  { id: 'tickMin', label: 'Lowest tick rate', color: '--s-tick-min', format: (v) => v.toFixed(1), dashed: true },
];
const data: AlignedData = {
  t: [T0, T0 + 10 * S, T0 + 20 * S, T0 + 30 * S],
  values: [
    [10, null, 30, 20],
    [8, null, 25, 15],
  ],
};

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterAll(() => vi.restoreAllMocks());

const chart = () =>
  render(
    <TimeSeriesChart label="Tick rate over the last 1 hr" series={series} data={data} from={T0} to={T0 + 30 * S} />,
  );

describe('TimeSeriesChart text alternative', () => {
  it('summarises each series over the shown range for screen readers', () => {
    chart();
    const summary = screen.getByTestId('chart-summary');
    expect(summary.textContent).toContain('Tick rate over the last 1 hr, from');
    expect(summary.textContent).toContain('Tick rate: lowest 10.0, average 20.0, highest 30.0, latest 20.0.');
    expect(summary.textContent).toContain('Lowest tick rate: lowest 8.0, average 16.0, highest 25.0, latest 15.0.');
    // The plot area is described by the summary.
    const plot = screen.getByRole('group', { name: /Tick rate over the last 1 hr/ });
    expect(plot.getAttribute('aria-describedby')).toBe(summary.id);
  });

  it('"Show as table" lists every point of the range, a failed poll as a row without data', () => {
    chart();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide table');
    const region = screen.getByRole('region', { name: 'Tick rate over the last 1 hr as a table' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table', { name: 'Tick rate over the last 1 hr' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'Tick rate', 'Lowest tick rate']);
    const rows = within(table).getAllByTestId('chart-row');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['10.0', '8.0'],
      ['—no data', '—no data'],
      ['30.0', '25.0'],
      ['20.0', '15.0'],
    ]);
    fireEvent.click(toggle);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('the legend hides and shows a series with the keyboard-reachable buttons; the text follows', () => {
    chart();
    const lowest = screen.getByRole('button', { name: 'Lowest tick rate' });
    expect(lowest.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(lowest);
    expect(lowest.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('chart-summary').textContent).not.toContain('Lowest tick rate:');
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Tick rate']);
    fireEvent.click(lowest);
    expect(screen.getByTestId('chart-summary').textContent).toContain('Lowest tick rate: lowest 8.0');
  });

  it('says so when the range holds no samples', () => {
    render(
      <TimeSeriesChart
        label="Players online"
        series={series.slice(0, 1)}
        data={{ t: [], values: [[]] }}
        from={T0}
        to={T0 + 60 * S}
      />,
    );
    expect(screen.getByText('No samples in this range.')).toBeTruthy();
    expect(screen.getByTestId('chart-summary').textContent).toContain('Tick rate: no samples.');
  });
});
