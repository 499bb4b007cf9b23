import type { ChartRow } from './chart-history';
import type { LoggedKind, LoggedPoll } from './live-log';

/**
 * The live polls in the shape of the history routes' buckets (the same snake_case columns), so one function draws
 * both. A poll stands for one polling interval; its average, highest and lowest are its value.
 */

type Rows<K extends LoggedKind> = (data: LoggedPoll<K>['data']) => Record<string, unknown>[];

const ROWS: { [K in LoggedKind]: Rows<K> } = {
  power: (circuits) =>
    circuits.map((c) => ({
      circuit_group_id: c.circuitGroupId,
      power_production_avg: c.powerProduction,
      power_consumed_avg: c.powerConsumed,
      power_capacity_max: c.powerCapacity,
      battery_percent_avg: c.batteryPercent,
    })),
  production: (items) =>
    items.map((i) => ({
      item_class: i.itemClass,
      current_prod_avg: i.currentProd,
      current_consumed_avg: i.currentConsumed,
      max_prod_max: i.maxProd,
    })),
  generators: (generators) => {
    const byFuel = new Map<string | null, { production_sum: number; capacity_sum: number }>();
    for (const g of generators) {
      const sum = byFuel.get(g.fuelName) ?? { production_sum: 0, capacity_sum: 0 };
      sum.production_sum += g.production;
      sum.capacity_sum += g.capacity;
      byFuel.set(g.fuelName, sum);
    }
    return [...byFuel].map(([fuel_name, sums]) => ({ fuel_name, ...sums }));
  },
  resource_sink: (sink) => [
    { total_points_max: sink.totalPoints, points_per_minute_avg: sink.pointsPerMinute, coupons_max: sink.coupons },
  ],
  players: (players) => [{ players_online: players.filter((p) => p.isOnline).length, players_known: players.length }],
};

/** The logged polls of one kind as chart rows; `interval` is the kind's polling interval (s). */
export function liveRows<K extends LoggedKind>(kind: K, polls: readonly LoggedPoll<K>[], interval: number): ChartRow[] {
  const toRows = ROWS[kind] as Rows<K>;
  return polls.flatMap((p) => toRows(p.data).map((row) => ({ t: p.t, span: interval, session: p.session, row })));
}
