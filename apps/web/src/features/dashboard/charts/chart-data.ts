import { alignSeries, type AlignedData } from '../../../components/chart/series';
import { numberOf, type ChartRow } from './chart-history';
import { seriesWithBreaks } from './sessions';

/**
 * The data of each chart, free of React: the history's buckets followed by the live polls that came after the
 * last bucket (in the buckets' shape, `live-rows.ts`), one series per column or per circuit / item / fuel, the
 * saves kept apart and the gaps made explicit, aligned to one time axis.
 */

/** The history rows, then the live rows after the newest bucket's end (a bucket already stands for those before). */
export function withLive(history: readonly ChartRow[], live: readonly ChartRow[]): ChartRow[] {
  let fetchedTo = 0;
  for (const r of history) fetchedTo = Math.max(fetchedTo, r.t + r.span * 1000);
  return [...history, ...live.filter((r) => r.t >= fetchedTo)];
}

const column = (name: string) => (r: ChartRow) => numberOf(r.row[name]);

/** Power of one circuit: production, consumption and capacity (MW), and the battery charge (%) on its own axis. */
export function powerData(rows: readonly ChartRow[], circuit: number): { mw: AlignedData; battery: AlignedData } {
  const mine = rows.filter((r) => numberOf(r.row.circuit_group_id) === circuit);
  return {
    mw: alignSeries([
      seriesWithBreaks(mine, column('power_production_avg')),
      seriesWithBreaks(mine, column('power_consumed_avg')),
      seriesWithBreaks(mine, column('power_capacity_max')),
    ]),
    battery: alignSeries([seriesWithBreaks(mine, column('battery_percent_avg'))]),
  };
}

/** One item: produced and consumed per minute, and the most its producers could make (dashed). */
export function productionData(rows: readonly ChartRow[], itemClass: string): AlignedData {
  const mine = rows.filter((r) => r.row.item_class === itemClass);
  return alignSeries([
    seriesWithBreaks(mine, column('current_prod_avg')),
    seriesWithBreaks(mine, column('current_consumed_avg')),
    seriesWithBreaks(mine, column('max_prod_max')),
  ]);
}

/** A fuel's key: its name, or '' for generators without one (geothermal, or nothing loaded). */
export const fuelKey = (r: ChartRow): string => (typeof r.row.fuel_name === 'string' ? r.row.fuel_name : '');

/**
 * Generators: the power delivered per fuel (one series each, by name, so a fuel keeps its colour from one range to
 * the next; those without fuel last) and the capacity of all of them together (dashed), summed per bucket.
 */
export function generatorsData(rows: readonly ChartRow[]): { fuels: string[]; data: AlignedData } {
  const fuels = [...new Set(rows.map(fuelKey))].sort((a, b) =>
    (a === '') !== (b === '') ? (a === '' ? 1 : -1) : a.localeCompare(b),
  );
  const series = fuels.map((f) =>
    seriesWithBreaks(
      rows.filter((r) => fuelKey(r) === f),
      column('production_sum'),
    ),
  );
  // The capacity of one time and save is the sum over its fuels' rows.
  const capacity = new Map<string, ChartRow>();
  for (const r of rows) {
    const key = `${r.t}|${r.session ?? ''}`;
    const sum = (numberOf(capacity.get(key)?.row.capacity_sum) ?? 0) + (numberOf(r.row.capacity_sum) ?? 0);
    capacity.set(key, { ...r, row: { capacity_sum: sum } });
  }
  series.push(seriesWithBreaks([...capacity.values()], column('capacity_sum')));
  return { fuels, data: alignSeries(series) };
}

/** The AWESOME Sink: points per minute, and the points earned in the save so far (an axis of its own). */
export function sinkData(rows: readonly ChartRow[]): { perMinute: AlignedData; total: AlignedData } {
  return {
    perMinute: alignSeries([seriesWithBreaks(rows, column('points_per_minute_avg'))]),
    total: alignSeries([seriesWithBreaks(rows, column('total_points_max'))]),
  };
}

/** Players online per bucket. */
export function playersData(rows: readonly ChartRow[]): AlignedData {
  return alignSeries([seriesWithBreaks(rows, column('players_online'))]);
}

/** A divisor for large values (the axis has room for about six characters), and its name. */
export type Scale =
  | { divisor: 1; unit: 'ones' }
  | { divisor: 1e3; unit: 'thousands' }
  | { divisor: 1e6; unit: 'millions' }
  | { divisor: 1e9; unit: 'billions' };

/** The scale that keeps the largest value below 10,000 (the sink's points run into the millions). */
export function scaleFor(data: AlignedData): Scale {
  let max = 0;
  for (const column of data.values) for (const v of column) if (v != null) max = Math.max(max, Math.abs(v));
  if (max < 1e4) return { divisor: 1, unit: 'ones' };
  if (max < 1e7) return { divisor: 1e3, unit: 'thousands' };
  if (max < 1e10) return { divisor: 1e6, unit: 'millions' };
  return { divisor: 1e9, unit: 'billions' };
}

/** The data divided by the scale's divisor (gaps and missing samples kept). */
export function scaled(data: AlignedData, scale: Scale): AlignedData {
  if (scale.divisor === 1) return data;
  return { t: data.t, values: data.values.map((c) => c.map((v) => (v == null ? v : v / scale.divisor))) };
}
