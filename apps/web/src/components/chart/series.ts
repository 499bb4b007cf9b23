/**
 * The chart's data model, free of uPlot and React so it can be tested on its own: every series is aligned to one
 * time axis (uPlot draws columns), `null` is a gap (a failed poll, or no sample for longer than expected) and
 * `undefined` is "this series has no sample at this time" (another series has), which the line simply crosses.
 */

/** A sample: time (ms) and value; `null` = the poll failed. `span` = the seconds it stands for. */
export interface SeriesPoint {
  t: number;
  v: number | null;
  span?: number;
}

/** One value column per series, aligned to `t` (ascending, unique). */
export interface AlignedData {
  t: number[];
  values: (number | null | undefined)[][];
}

/** How a chart shows one series. `color` names a CSS custom property (`--s-tick`), so the theme decides. */
export interface SeriesSpec {
  id: string;
  label: string;
  color: string;
  format: (v: number) => string;
  /** Dashed line (a secondary series, such as the lowest value of a bucket). */
  dashed?: boolean;
}

/** Whether two neighbouring samples are further apart than about two of the intervals they stand for. */
function isGap(a: SeriesPoint, b: SeriesPoint): boolean {
  const span = Math.max(a.span ?? 0, b.span ?? 0);
  return span > 0 && b.t - a.t > 2.2 * span * 1000 + 1000;
}

/**
 * Sorts the points and makes missing samples explicit: where two samples are further apart than about two polling
 * intervals (or history buckets), a `null` is put halfway between them, so the line breaks there instead of
 * joining across the hole (and the table shows a row without values).
 */
export function withGaps(points: readonly SeriesPoint[]): SeriesPoint[] {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  const out: SeriesPoint[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (prev && prev.v !== null && p.v !== null && isGap(prev, p))
      out.push({ t: Math.round((prev.t + p.t) / 2), v: null });
    if (prev && prev.t === p.t) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}

/** Aligns several series to one time axis; a series without a sample at a time gets `undefined` there. */
export function alignSeries(series: readonly (readonly SeriesPoint[])[]): AlignedData {
  const times = [...new Set(series.flatMap((s) => s.map((p) => p.t)))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const values = series.map((s) => {
    const column: (number | null | undefined)[] = new Array<number | null | undefined>(times.length).fill(undefined);
    for (const p of s) column[index.get(p.t)!] = p.v;
    return column;
  });
  return { t: times, values };
}

/** The first index with `t >= time` (binary search; `t.length` when none). */
export function lowerBound(t: readonly number[], time: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid]! < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The part of the data within [from, to]. */
export function sliceRange(data: AlignedData, from: number, to: number): AlignedData {
  const i0 = lowerBound(data.t, from);
  const i1 = lowerBound(data.t, to + 1);
  return { t: data.t.slice(i0, i1), values: data.values.map((v) => v.slice(i0, i1)) };
}
