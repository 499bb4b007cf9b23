import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/**
 * FRM getStorageInv: one row per item per storage container ("where is my X"). The poll result and the snapshot
 * carry counts; the rows are served by the REST inventory search.
 */
export const storage: SampleKind = {
  kind: 'storage',
  table: 'storage_samples',
  columns: [
    col('container_id', 'text'),
    col('container_name', 'text'),
    col('class_name', 'text'),
    col('item_class', 'text'),
    col('item_name', 'text'),
    col('amount', 'float8'),
    col('pos_x', 'float8', { doc: 'cm' }),
    col('pos_y', 'float8', { doc: 'cm' }),
    col('pos_z', 'float8', { doc: 'cm' }),
    SESSION_COLUMN,
  ].map((c) => ({ ...c, event: false })),
  order: 'container_id, item_class',
  interval: 'standard',
  intervalOf: 'inventory',
  history: false,
  aggregates: false,
  latest: {
    type: 'summary',
    fields: [
      { field: 'containers', where: null, distinct: 'container_id', test: () => true, key: (r) => r.containerId },
      { field: 'entries', where: null, test: () => true },
    ],
  },
  sampled: true,
  addon: true,
};
