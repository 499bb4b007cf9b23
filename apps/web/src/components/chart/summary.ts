import { sliceRange, type AlignedData } from './series';

/** What the text alternative says about one series over the shown range. */
export interface SeriesStats {
  count: number;
  min: number | null;
  avg: number | null;
  max: number | null;
  /** The newest value (a failed newest poll does not hide the one before: the gap is in the table). */
  latest: number | null;
  latestAt: number | null;
}

/** Lowest, average, highest and newest value of each series within [from, to]; gaps and missing samples skipped. */
export function summarize(data: AlignedData, from: number, to: number): SeriesStats[] {
  const shown = sliceRange(data, from, to);
  return shown.values.map((column) => {
    let count = 0;
    let sum = 0;
    let min: number | null = null;
    let max: number | null = null;
    let latest: number | null = null;
    let latestAt: number | null = null;
    column.forEach((v, i) => {
      if (v === null || v === undefined) return;
      count++;
      sum += v;
      if (min === null || v < min) min = v;
      if (max === null || v > max) max = v;
      latest = v;
      latestAt = shown.t[i]!;
    });
    return { count, min, max, avg: count ? sum / count : null, latest, latestAt };
  });
}

/** One table row per time that has a value (or a gap) in at least one series; `null` cells are gaps. */
export function tableRows(data: AlignedData, from: number, to: number): { t: number; cells: (number | null)[] }[] {
  const shown = sliceRange(data, from, to);
  const rows: { t: number; cells: (number | null)[] }[] = [];
  shown.t.forEach((t, i) => {
    const cells = shown.values.map((c) => c[i]);
    if (cells.every((v) => v === undefined)) return;
    rows.push({ t, cells: cells.map((v) => (v === undefined ? null : v)) });
  });
  return rows;
}
