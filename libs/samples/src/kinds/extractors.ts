import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/**
 * FRM getExtractor: one row per miner, water or oil extractor and resource well extractor. FRM does not report the
 * node's purity: it is derived for miners from the extraction rate, tier and clock (null where it cannot be).
 */
export const extractors: SampleKind = {
  kind: 'extractors',
  table: 'extractor_samples',
  columns: [
    col('extractor_id', 'text'),
    col('name', 'text'),
    col('class_name', 'text'),
    col('resource_class', 'text', { nullable: true, doc: 'null when the extractor has no resource' }),
    col('resource_name', 'text', { nullable: true }),
    col('purity', 'text', { nullable: true, doc: 'Impure, Normal or Pure (derived for miners); null when unknown' }),
    col('current_prod', 'float8', { doc: 'per minute (m³/min for fluids)' }),
    col('max_prod', 'float8', { doc: 'per minute at the current clock' }),
    col('productivity', 'float8', { doc: '0-100' }),
    col('clock_percent', 'float8', { doc: '100 = 100 %' }),
    col('is_configured', 'bool'),
    col('is_producing', 'bool'),
    col('is_paused', 'bool'),
    col('power_consumed', 'float8', { nullable: true, event: false, doc: 'MW' }),
    col('circuit_group_id', 'int', { nullable: true, doc: 'null when not connected' }),
    col('pos_x', 'float8', { event: false, doc: 'cm' }),
    col('pos_y', 'float8', { event: false, doc: 'cm' }),
    col('pos_z', 'float8', { event: false, doc: 'cm' }),
    SESSION_COLUMN,
  ],
  order: 'extractor_id',
  interval: 'standard',
  history: false,
  aggregates: false,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
