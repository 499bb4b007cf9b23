import { describe, expect, it } from 'vitest';
import { decimate } from '../../src/components/chart/decimate';
import { isolated, yRange } from '../../src/components/chart/options';
import { alignSeries, withGaps, type AlignedData } from '../../src/components/chart/series';
import { summarize, tableRows } from '../../src/components/chart/summary';
import { timeTicks } from '../../src/components/chart/time-axis';

/** The chart's pure adapters: one time axis, gaps as gaps, min/max decimation, the numbers of the text alternative. */
const S = 1000;

describe('series alignment and gaps', () => {
  it('aligns series to one sorted time axis; a series without a sample at a time gets undefined there', () => {
    const d = alignSeries([
      [
        { t: 30 * S, v: 3 },
        { t: 10 * S, v: 1 },
      ],
      [
        { t: 20 * S, v: 20 },
        { t: 30 * S, v: null },
      ],
    ]);
    expect(d.t).toEqual([10 * S, 20 * S, 30 * S]);
    expect(d.values).toEqual([
      [1, undefined, 3],
      [undefined, 20, null],
    ]);
  });

  it('a missing stretch (more than about two intervals without a sample) becomes a null halfway', () => {
    const points = withGaps([
      { t: 0, v: 1, span: 10 },
      { t: 10 * S, v: 2, span: 10 },
      { t: 80 * S, v: 3, span: 10 },
      { t: 90 * S, v: 4, span: 10 },
    ]);
    expect(points.map((p) => [p.t / S, p.v])).toEqual([
      [0, 1],
      [10, 2],
      [45, null],
      [80, 3],
      [90, 4],
    ]);
  });

  it('samples one interval apart, and failed polls already null, get no extra gap', () => {
    const points = withGaps([
      { t: 0, v: 1, span: 10 },
      { t: 10 * S, v: null, span: 10 },
      { t: 20 * S, v: 2, span: 10 },
    ]);
    expect(points.map((p) => p.v)).toEqual([1, null, 2]);
  });
});

describe('min/max decimation', () => {
  /** A noisy series of `n` samples 1 s apart with one spike and one dip, and a second series. */
  function noisy(n: number): AlignedData {
    const t = Array.from({ length: n }, (_, i) => i * S);
    const a: (number | null)[] = t.map((_, i) => 20 + Math.sin(i / 7) * 3);
    if (n > 5000) {
      a[1234] = 99;
      a[4321] = -7;
    }
    const b = t.map((_, i) => (i % 100) / 10);
    return { t, values: [a, b] };
  }

  it('leaves short data as it is', () => {
    const d = noisy(100);
    expect(decimate(d, 0, 99 * S, 100)).toEqual(d);
  });

  it('shrinks long data to a few points per bucket and keeps every bucket minimum and maximum', () => {
    const d = noisy(10_000);
    const out = decimate(d, 0, 9_999 * S, 200);
    expect(out.t.length).toBeLessThanOrEqual(200 * 4 * 2 + 2);
    expect(out.t.length).toBeLessThan(d.t.length / 5);
    // Per bucket and series, the bucket's lowest and highest values survive.
    for (let s = 0; s < 2; s++)
      for (let b = 0; b < 200; b++) {
        const from = (b * 9_999 * S) / 200;
        const to = ((b + 1) * 9_999 * S) / 200;
        // The last bucket includes the end of the range.
        const inBucket = (t: number) => t >= from && (t < to || (b === 199 && t === to));
        const original = d.values[s]!.filter((_, i) => inBucket(d.t[i]!)) as number[];
        const kept = out.values[s]!.filter((_, i) => inBucket(out.t[i]!)) as number[];
        if (original.length === 0) continue;
        expect(Math.max(...kept)).toBe(Math.max(...original));
        expect(Math.min(...kept)).toBe(Math.min(...original));
      }
    expect(out.values[0]).toContain(99);
    expect(out.values[0]).toContain(-7);
  });

  it('never drops a gap: every run of nulls keeps one null between the values around it', () => {
    const d = noisy(10_000);
    const a = d.values[0]!;
    for (let i = 5000; i < 5003; i++) a[i] = null; // a short outage inside one bucket
    a[7777] = null; // one failed poll
    const out = decimate(d, 0, 9_999 * S, 100);
    const nullTimes = out.t.filter((_, i) => out.values[0]![i] === null);
    expect(nullTimes).toEqual([5000 * S, 7777 * S]);
    // Values on both sides of each gap are still apart (something non-null before and after it).
    for (const t of nullTimes) {
      const i = out.t.indexOf(t);
      expect(out.values[0]!.slice(0, i).some((v) => v != null)).toBe(true);
      expect(out.values[0]!.slice(i + 1).some((v) => v != null)).toBe(true);
    }
  });

  it('decimates the shown range only, with one sample beyond each edge', () => {
    const d = noisy(10_000);
    const out = decimate(d, 2000 * S, 3000 * S, 500);
    expect(out.t[0]).toBe(1999 * S);
    expect(out.t.at(-1)).toBe(3001 * S);
  });
});

describe('the text alternative', () => {
  const data: AlignedData = {
    t: [0, 10 * S, 20 * S, 30 * S, 40 * S],
    values: [
      [10, null, 30, undefined, 20],
      [undefined, undefined, undefined, undefined, undefined],
    ],
  };

  it('summarises lowest, average, highest and latest over the shown range, skipping gaps', () => {
    expect(summarize(data, 0, 40 * S)).toEqual([
      { count: 3, min: 10, avg: 20, max: 30, latest: 20, latestAt: 40 * S },
      { count: 0, min: null, avg: null, max: null, latest: null, latestAt: null },
    ]);
    expect(summarize(data, 15 * S, 35 * S)[0]).toMatchObject({ count: 1, min: 30, max: 30, latest: 30 });
  });

  it('lists one table row per time with a value or a gap', () => {
    expect(tableRows(data, 0, 40 * S)).toEqual([
      { t: 0, cells: [10, null] },
      { t: 10 * S, cells: [null, null] },
      { t: 20 * S, cells: [30, null] },
      { t: 40 * S, cells: [20, null] },
    ]);
  });
});

describe('plot helpers', () => {
  it('marks samples that have no neighbour (a line cannot show them)', () => {
    expect(isolated([1, null, 2, null, 3, 4, undefined, null], 0, 7)).toEqual([0, 2]);
    expect(isolated([null, 5, undefined, null], 0, 3)).toEqual([1]);
  });

  it('the y range starts at the given minimum and ends on a round number above data and threshold', () => {
    expect(yRange(3, 27.3, { yMin: 0, yMaxAtLeast: 30, threshold: { value: 15, label: '' } })).toEqual([0, 30]);
    expect(yRange(0, 47, { yMin: 0 })).toEqual([0, 50]);
    expect(yRange(null, null, { yMin: 0, yMaxAtLeast: 4 })).toEqual([0, 4]);
  });
});

describe('the time axis', () => {
  const noon = Date.UTC(2025, 2, 14, 12, 0, 0);
  it("speaks the reader's language and time zone", () => {
    expect(timeTicks([noon, noon + 3_600_000], 3_600_000, 'en-GB', 'UTC')).toEqual(['12:00', '13:00']);
    expect(timeTicks([noon], 3_600_000, 'de', 'Europe/Berlin')).toEqual(['13:00']);
    expect(timeTicks([noon, noon + 86_400_000], 86_400_000, 'fr', 'UTC')).toEqual(['14 mars', '15 mars']);
  });

  it('shows seconds only for ticks less than a minute apart, and the date where the day changes', () => {
    expect(timeTicks([noon, noon + 30_000], 30_000, 'en-GB', 'UTC')).toEqual(['12:00:00', '12:00:30']);
    const late = Date.UTC(2025, 2, 14, 22, 0, 0);
    expect(timeTicks([late, late + 4 * 3_600_000], 4 * 3_600_000, 'en-GB', 'UTC')).toEqual([
      '14 Mar\n22:00',
      '15 Mar\n02:00',
    ]);
  });
});
