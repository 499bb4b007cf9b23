import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/** FRM getWorldInv and getCloudInv: one row per item held in storage containers or the dimensional depot. */
export const inventory: SampleKind = {
  kind: 'inventory',
  table: 'inventory_samples',
  columns: [
    col('item_class', 'text'),
    col('item_name', 'text'),
    col('amount', 'float8', { doc: 'in storage containers (m³ for fluids)' }),
    col('cloud_amount', 'float8', { doc: 'in the dimensional depot' }),
    col('stack_size', 'float8', { doc: 'one stack, not a container’s capacity' }),
    SESSION_COLUMN,
  ],
  order: 'item_class',
  interval: 'standard',
  history: false,
  aggregates: false,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
