import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/** FRM getResourceSink: the AWESOME Sink's default track, one row per poll. */
export const resourceSink: SampleKind = {
  kind: 'resource_sink',
  table: 'resource_sink_samples',
  columns: [
    col('track', 'text', { doc: 'Resource (the default track)' }),
    col('total_points', 'bigint', { doc: 'points earned on the track since the save began' }),
    col('coupons', 'int', { doc: 'coupons ready to print' }),
    col('coupon_progress', 'float8', { doc: 'progress to the next coupon, 0-1' }),
    col('points_to_coupon', 'bigint', { doc: 'points still needed for the next coupon' }),
    col('points_per_minute', 'float8', { doc: "FRM's latest points-per-minute figure" }),
    SESSION_COLUMN,
  ],
  order: 'track',
  interval: 'slow',
  history: true,
  aggregates: true,
  latest: { type: 'one' },
  sampled: false,
  addon: true,
};
