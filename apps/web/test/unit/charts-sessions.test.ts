import { describe, expect, it } from 'vitest';
import type { ChartRow } from '../../src/features/dashboard/charts/chart-history';
import { inSessionOrder, saveChanges, seriesWithBreaks } from '../../src/features/dashboard/charts/sessions';

/** Saves in the charts: a line never joins the last value of one save to the first of the next. */
const M = 60_000;
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const row = (min: number, v: number, session: string | null): ChartRow => ({
  t: T0 + min * M,
  span: 60,
  session,
  row: { v },
});
const value = (r: ChartRow) => r.row.v as number;
const at = (points: { t: number; v: number | null }[]) => points.map((p) => [(p.t - T0) / M, p.v]);

describe('save changes in a chart', () => {
  it('puts a break between the buckets of two saves, even when the buckets are next to each other', () => {
    const rows = [row(0, 10, 'Alpha'), row(1, 11, 'Alpha'), row(2, 50, 'Beta'), row(3, 51, 'Beta')];
    expect(at(seriesWithBreaks(rows, value))).toEqual([
      [0, 10],
      [1, 11],
      [1.5, null],
      [2, 50],
      [3, 51],
    ]);
  });

  it('keeps a bucket that holds both saves apart: the old save, the break, the new save', () => {
    // The minute 2 bucket comes twice (the route buckets per save); they arrive in any order.
    const rows = [row(0, 10, 'Alpha'), row(2, 50, 'Beta'), row(2, 12, 'Alpha'), row(3, 51, 'Beta')];
    const points = seriesWithBreaks(rows, value);
    expect(points.map((p) => p.v)).toEqual([10, 12, null, 50, 51]);
    const [a, b, c] = [points[1]!.t, points[2]!.t, points[3]!.t];
    expect([a - T0, b - T0, c - T0]).toEqual([2 * M, 2 * M + 1, 2 * M + 2]);
  });

  it('joins rows without a save name (older than the tagging) to the save around them', () => {
    const rows = [row(0, 1, null), row(1, 2, 'Alpha'), row(2, 3, null), row(3, 4, 'Alpha')];
    expect(seriesWithBreaks(rows, value).map((p) => p.v)).toEqual([1, 2, 3, 4]);
    expect(saveChanges(rows)).toEqual([]);
  });

  it('still breaks where samples are missing within one save', () => {
    const rows = [row(0, 1, 'Alpha'), row(1, 2, 'Alpha'), row(10, 3, 'Alpha')];
    expect(seriesWithBreaks(rows, value).map((p) => p.v)).toEqual([1, 2, null, 3]);
  });

  it('lists each change of save with the saves before and after, also back to an earlier one', () => {
    const rows = [
      row(0, 1, 'Alpha'),
      row(1, 1, 'Alpha'),
      row(1, 1, 'Beta'),
      row(2, 1, 'Beta'),
      row(3, 1, 'Beta'),
      row(3, 1, 'Alpha'),
      row(4, 1, 'Alpha'),
    ];
    expect(saveChanges(rows)).toEqual([
      { t: T0 + 1 * M, from: 'Alpha', to: 'Beta' },
      { t: T0 + 3 * M, from: 'Beta', to: 'Alpha' },
    ]);
    // Rows of one time continue the save before them first.
    expect(inSessionOrder(rows).map((r) => r.session)).toEqual([
      'Alpha',
      'Alpha',
      'Beta',
      'Beta',
      'Beta',
      'Alpha',
      'Alpha',
    ]);
  });
});
