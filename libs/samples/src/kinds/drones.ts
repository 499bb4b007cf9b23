import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/** FRM getDrone: one row per drone (speed km/h, position cm). */
export const drones: SampleKind = {
  kind: 'drones',
  table: 'drone_samples',
  columns: [
    col('drone_id', 'text'),
    col('name', 'text'),
    col('home_station', 'text', { nullable: true }),
    col('paired_station', 'text', { nullable: true, doc: 'null for "None"' }),
    col('destination', 'text', { nullable: true, doc: 'null for "No Destination"' }),
    col('flying_mode', 'text', { nullable: true, doc: 'Flying, Travelling, None or Unknown' }),
    col('flying_speed', 'float8', { doc: 'km/h' }),
    col('max_speed', 'float8', { event: false, doc: 'km/h' }),
    col('pos_x', 'float8', { event: false, doc: 'cm' }),
    col('pos_y', 'float8', { event: false, doc: 'cm' }),
    col('pos_z', 'float8', { event: false, doc: 'cm' }),
    SESSION_COLUMN,
  ],
  order: 'drone_id',
  interval: 'standard',
  history: false,
  aggregates: false,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
