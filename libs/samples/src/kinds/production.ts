import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/** FRM getProdStats: factory-wide production of one item per row, per minute (fluids in m³/min). */
export const production: SampleKind = {
  kind: 'production',
  table: 'production_samples',
  columns: [
    col('item_class', 'text'),
    col('item_name', 'text'),
    col('item_form', 'text', { nullable: true, doc: 'Solid, Liquid, Gas, Invalid or Unknown' }),
    col('current_prod', 'float8', { doc: 'per minute' }),
    col('max_prod', 'float8', { doc: 'per minute' }),
    col('current_consumed', 'float8', { doc: 'per minute' }),
    col('max_consumed', 'float8', { doc: 'per minute' }),
    col('prod_percent', 'float8'),
    col('cons_percent', 'float8'),
    SESSION_COLUMN,
  ],
  order: 'item_class',
  interval: 'standard',
  history: true,
  aggregates: true,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
