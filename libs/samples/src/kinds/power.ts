import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/** FRM getPower: one row per circuit group (MW, MWh, percent 0-100). */
export const power: SampleKind = {
  kind: 'power',
  table: 'power_circuits',
  columns: [
    col('circuit_group_id', 'int'),
    col('power_production', 'float8', { doc: 'MW' }),
    col('power_consumed', 'float8', { doc: 'MW' }),
    col('power_capacity', 'float8', { doc: 'MW' }),
    col('power_max_consumed', 'float8', { doc: 'MW' }),
    col('battery_percent', 'float8', { doc: '0-100' }),
    col('battery_capacity', 'float8', { doc: 'MWh' }),
    col('battery_differential', 'float8', { doc: 'MW, positive = charging' }),
    col('battery_input', 'float8', { doc: 'MW' }),
    col('battery_output', 'float8', { doc: 'MW' }),
    col('battery_time_empty_s', 'int', { field: 'batteryTimeEmptySeconds', nullable: true, doc: 'seconds' }),
    col('battery_time_full_s', 'int', { field: 'batteryTimeFullSeconds', nullable: true, doc: 'seconds' }),
    col('fuse_triggered', 'bool'),
    SESSION_COLUMN,
  ],
  order: 'circuit_group_id',
  interval: 'fast',
  history: true,
  aggregates: true,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
