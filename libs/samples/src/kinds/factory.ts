import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/**
 * FRM getFactory: one row per production building. The poll result and the snapshot carry a summary (counts); the
 * buildings themselves are served by REST, paged.
 */
export const factory: SampleKind = {
  kind: 'factory',
  table: 'factory_building_samples',
  columns: [
    col('building_id', 'text'),
    col('class_name', 'text'),
    col('name', 'text'),
    col('recipe', 'text', { nullable: true, doc: 'null for an unconfigured machine' }),
    col('is_configured', 'bool'),
    col('is_producing', 'bool', { doc: 'instantaneous: false while the output is full' }),
    col('is_paused', 'bool'),
    col('productivity', 'float8'),
    col('manu_speed', 'float8', { doc: 'clock speed, percent' }),
    col('somersloops', 'int'),
    col('power_shards', 'int'),
    col('circuit_group_id', 'int', { nullable: true, doc: 'null when not connected' }),
    col('power_consumed', 'float8', { nullable: true, doc: 'MW' }),
    col('pos_x', 'float8', { doc: 'cm' }),
    col('pos_y', 'float8', { doc: 'cm' }),
    col('pos_z', 'float8', { doc: 'cm' }),
    col('stall', 'text', {
      nullable: true,
      doc: 'output_full or input_starved when a configured, unpaused machine does not produce; else null',
    }),
    SESSION_COLUMN,
  ].map((c) => ({ ...c, event: false })),
  order: 'building_id',
  pageKey: 'building_id',
  interval: 'slow',
  history: false,
  aggregates: false,
  latest: {
    type: 'summary',
    fields: [
      { field: 'buildings', where: null, test: () => true },
      { field: 'producing', where: 'is_producing', test: (b) => b.isProducing === true },
      {
        field: 'idle',
        where: 'is_configured AND NOT is_producing AND NOT is_paused',
        test: (b) => b.isConfigured === true && b.isProducing !== true && b.isPaused !== true,
      },
      { field: 'unconfigured', where: 'NOT is_configured', test: (b) => b.isConfigured !== true },
      { field: 'paused', where: 'is_paused', test: (b) => b.isPaused === true },
      { field: 'stalled', where: 'stall IS NOT NULL', test: (b) => b.stall !== null && b.stall !== undefined },
    ],
  },
  sampled: true,
  addon: true,
};
