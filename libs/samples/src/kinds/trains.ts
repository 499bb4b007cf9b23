import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/** FRM getTrains: one row per train (speed km/h, masses kg, position cm). */
export const trains: SampleKind = {
  kind: 'trains',
  table: 'train_samples',
  columns: [
    col('train_id', 'text'),
    col('name', 'text'),
    col('status', 'text', { doc: 'Parked, Manual Driving, Self-Driving, Derailed or Unknown' }),
    col('station', 'text', { nullable: true, doc: 'current or next stop; null for "No Station"' }),
    col('forward_speed', 'float8', { doc: 'km/h' }),
    col('throttle_percent', 'float8'),
    col('total_mass', 'float8', { event: false, doc: 'kg' }),
    col('payload_mass', 'float8', { doc: 'kg' }),
    col('max_payload_mass', 'float8', { doc: 'kg' }),
    col('derailed', 'bool'),
    col('pending_derail', 'bool'),
    col('self_driving', 'text', { nullable: true, event: false, doc: 'raw enum, e.g. SDLE_NoError' }),
    col('docking', 'text', { nullable: true, event: false, doc: 'raw enum, e.g. TDS_Docked' }),
    col('path', 'text', { nullable: true, event: false, doc: 'raw enum, e.g. PDE_NoError' }),
    col('power_consumed', 'float8', { nullable: true, event: false, doc: 'MW' }),
    col('pos_x', 'float8', { event: false, doc: 'cm' }),
    col('pos_y', 'float8', { event: false, doc: 'cm' }),
    col('pos_z', 'float8', { event: false, doc: 'cm' }),
    SESSION_COLUMN,
  ],
  order: 'train_id',
  interval: 'standard',
  history: false,
  aggregates: false,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
