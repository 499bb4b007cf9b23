import { withGaps, type SeriesPoint } from '../../../components/chart/series';
import type { ChartRow } from './chart-history';

/**
 * Saves (sessions) in the charts. Every add-on sample is tagged with the save it was taken in, and the history
 * routes bucket per save, so a bucket in which another save was loaded comes twice: once per save. A series must
 * not join the last value of one save to the first of the next (the world changed, not the factory), so a `null`
 * is put between them, as for a missing stretch. A row without a save name (older than the tagging) belongs to
 * whichever save is around it.
 */

/** The rows in time order; rows of one time continue the save before them first (A | A B | B, not A | B A | B). */
export function inSessionOrder<R extends Pick<ChartRow, 't' | 'session'>>(rows: readonly R[]): R[] {
  const byTime = new Map<number, R[]>();
  for (const r of rows) {
    const group = byTime.get(r.t);
    if (group) group.push(r);
    else byTime.set(r.t, [r]);
  }
  const out: R[] = [];
  let current: string | null = null;
  for (const t of [...byTime.keys()].sort((a, b) => a - b)) {
    const group = byTime.get(t)!;
    const same = group.filter((r) => r.session === current || r.session === null);
    const other = group.filter((r) => !(r.session === current || r.session === null));
    for (const r of [...same, ...other]) {
      out.push(r);
      if (r.session !== null) current = r.session;
    }
  }
  return out;
}

/** Where the save changes between two neighbouring rows: its time, the save before and the save after. */
export interface SaveChange {
  t: number;
  from: string;
  to: string;
}

/** Every change of save among the rows (of all series of a chart), oldest first. */
export function saveChanges(rows: readonly Pick<ChartRow, 't' | 'session'>[]): SaveChange[] {
  const out: SaveChange[] = [];
  let current: string | null = null;
  for (const r of inSessionOrder(rows)) {
    if (r.session === null) continue;
    if (current !== null && r.session !== current) out.push({ t: r.t, from: current, to: r.session });
    current = r.session;
  }
  return out;
}

/**
 * One series from its rows: a value per row, a `null` where the save changes (and, as everywhere, where samples
 * are missing for longer than about two buckets). Rows of one time from two saves are kept apart by a millisecond
 * each (invisible at any zoom; the time axis needs one value per time): the old save's last value, the break, the
 * new save's first value.
 */
export function seriesWithBreaks(rows: readonly ChartRow[], value: (row: ChartRow) => number | null): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  let current: string | null = null;
  let last: SeriesPoint | null = null;
  for (const r of inSessionOrder(rows)) {
    let t = r.t;
    if (r.session !== null && current !== null && r.session !== current && last) {
      if (t <= last.t) t = last.t + 2;
      points.push({ t: t === last.t + 2 ? last.t + 1 : Math.round((last.t + t) / 2), v: null });
    }
    const p: SeriesPoint = { t, v: value(r), span: r.span };
    points.push(p);
    last = p;
    if (r.session !== null) current = r.session;
  }
  return withGaps(points);
}
