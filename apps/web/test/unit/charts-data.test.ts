import { describe, expect, it } from 'vitest';
import {
  generatorsData,
  powerData,
  productionData,
  scaled,
  scaleFor,
  sinkData,
  withLive,
} from '../../src/features/dashboard/charts/chart-data';
import { numberOf, type ChartRow } from '../../src/features/dashboard/charts/chart-history';
import type { LoggedPoll } from '../../src/features/dashboard/charts/live-log';
import { liveRows } from '../../src/features/dashboard/charts/live-rows';

/** The charts' data: the history routes' buckets, then the live polls in the same shape, one series per column. */
const M = 60_000;
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const bucket = (min: number, row: Record<string, unknown>, session: string | null = 'Alpha'): ChartRow => ({
  t: T0 + min * M,
  span: 60,
  session,
  row,
});
const mins = (t: number[]) => t.map((x) => (x - T0) / M);

describe('chart data', () => {
  it('power: the chosen circuit only, production / consumption / capacity in MW and the battery apart', () => {
    const rows = [
      bucket(0, {
        circuit_group_id: 1,
        power_production_avg: 100,
        power_consumed_avg: 80,
        power_capacity_max: 150,
        battery_percent_avg: 40,
      }),
      bucket(0, { circuit_group_id: 2, power_production_avg: 5, power_consumed_avg: 4, power_capacity_max: 6 }),
      bucket(1, {
        circuit_group_id: 1,
        power_production_avg: 110,
        power_consumed_avg: 90,
        power_capacity_max: 150,
        battery_percent_avg: 45,
      }),
    ];
    const { mw, battery } = powerData(rows, 1);
    expect(mins(mw.t)).toEqual([0, 1]);
    expect(mw.values).toEqual([
      [100, 110],
      [80, 90],
      [150, 150],
    ]);
    expect(battery.values).toEqual([[40, 45]]);
  });

  it('production: produced, consumed and the most it could make, of one item', () => {
    const rows = [
      bucket(0, { item_class: 'Desc_IronPlate_C', current_prod_avg: 60, current_consumed_avg: 45, max_prod_max: 80 }),
      bucket(0, { item_class: 'Desc_Wire_C', current_prod_avg: 1, current_consumed_avg: 1, max_prod_max: 1 }),
    ];
    expect(productionData(rows, 'Desc_IronPlate_C').values).toEqual([[60], [45], [80]]);
  });

  it('generators: a series per fuel by name, those without fuel last, and the capacity summed over the fuels', () => {
    const rows = [
      bucket(0, { fuel_name: 'Fuel', production_sum: 300, capacity_sum: 500 }),
      bucket(0, { fuel_name: 'Coal', production_sum: '150', capacity_sum: '225' }),
      bucket(0, { fuel_name: null, production_sum: 100, capacity_sum: 100 }),
      bucket(1, { fuel_name: 'Coal', production_sum: 160, capacity_sum: 225 }),
    ];
    const { fuels, data } = generatorsData(rows);
    expect(fuels).toEqual(['Coal', 'Fuel', '']);
    expect(mins(data.t)).toEqual([0, 1]);
    expect(data.values).toEqual([
      [150, 160],
      [300, undefined],
      [100, undefined],
      [825, 225],
    ]);
  });

  it('the sink: points per minute and the total, each its own series', () => {
    const { perMinute, total } = sinkData([bucket(0, { points_per_minute_avg: 1200, total_points_max: '98765' })]);
    expect(perMinute.values).toEqual([[1200]]);
    expect(total.values).toEqual([[98765]]);
  });

  it('draws totals in the millions in thousands or millions, so the axis labels stay short', () => {
    const total = (v: number) => ({ t: [T0, T0 + M, T0 + 2 * M], values: [[v / 2, null, v]] });
    expect(scaleFor(total(9_999)).unit).toBe('ones');
    expect(scaleFor(total(10_000)).unit).toBe('thousands');
    expect(scaleFor(total(2_500_000)).unit).toBe('thousands');
    expect(scaleFor(total(48_000_000)).unit).toBe('millions');
    expect(scaleFor(total(3e10)).unit).toBe('billions');
    const data = { t: [T0, T0 + M, T0 + 2 * M], values: [[1_250_000, null, 2_500_000]] };
    expect(scaled(data, scaleFor(data)).values).toEqual([[1250, null, 2500]]);
  });

  it('reads numeric columns sent as strings (bigint sums) and leaves missing ones as no value', () => {
    expect([numberOf('12'), numberOf(3), numberOf(null), numberOf(undefined), numberOf('x')]).toEqual([
      12,
      3,
      null,
      null,
      null,
    ]);
  });

  it('continues the history with the live polls after its newest bucket, in the same shape', () => {
    const polls: LoggedPoll<'resource_sink'>[] = [
      {
        t: T0 + 30_000, // inside the last bucket: the bucket stands for it
        session: 'Alpha',
        data: {
          track: 'Default',
          totalPoints: 1,
          coupons: 0,
          couponProgress: 0,
          pointsToCoupon: 9,
          pointsPerMinute: 7,
        },
      },
      {
        t: T0 + 90_000,
        session: 'Alpha',
        data: {
          track: 'Default',
          totalPoints: 2,
          coupons: 0,
          couponProgress: 0,
          pointsToCoupon: 8,
          pointsPerMinute: 9,
        },
      },
    ];
    const rows = withLive(
      [bucket(0, { points_per_minute_avg: 5, total_points_max: 1 })],
      liveRows('resource_sink', polls, 60),
    );
    expect(rows.map((r) => [(r.t - T0) / 1000, r.row.points_per_minute_avg])).toEqual([
      [0, 5],
      [90, 9],
    ]);
  });

  it('a live generators poll becomes one row per fuel, summed', () => {
    const g = (fuelName: string | null, production: number, capacity: number) => ({
      generatorId: `${fuelName}-${production}`,
      name: 'Gen',
      className: 'Build_GeneratorCoal_C',
      fuelClass: null,
      fuelName,
      fuelForm: null,
      fuelAmount: 1,
      burnTimeLeftSeconds: null,
      production,
      capacity,
      loadPercent: 50,
      clockPercent: 100,
      canStart: true,
      supplementPercent: null,
      nuclearWarning: null,
      circuitGroupId: 1,
    });
    const rows = liveRows(
      'generators',
      [{ t: T0, session: null, data: [g('Coal', 50, 75), g('Coal', 40, 75), g(null, 100, 100)] }],
      15,
    );
    expect(rows.map((r) => r.row)).toEqual([
      { fuel_name: 'Coal', production_sum: 90, capacity_sum: 150 },
      { fuel_name: null, production_sum: 100, capacity_sum: 100 },
    ]);
    expect(rows[0]!.span).toBe(15);
  });
});
