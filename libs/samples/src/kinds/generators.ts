import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/**
 * FRM getGenerators: one row per power generator. `production` is what it delivers now (RegulatedDemandProd; base
 * production for geothermal), `capacity` its capacity at the current clock; the burn time left is computed from the
 * fuel held and the energy of one fuel item (null for geothermal and fluids, whose energy FRM does not report).
 */
export const generators: SampleKind = {
  kind: 'generators',
  table: 'generator_samples',
  columns: [
    col('generator_id', 'text'),
    col('name', 'text'),
    col('class_name', 'text'),
    col('fuel_class', 'text', { nullable: true, doc: 'item class of the fuel held; null when none (or geothermal)' }),
    col('fuel_name', 'text', { nullable: true }),
    col('fuel_form', 'text', { nullable: true, doc: 'Solid, Liquid, Gas, Geothermal or Unknown' }),
    col('fuel_amount', 'float8', { doc: 'fuel held: items, or m³ for fluids' }),
    col('burn_time_left_s', 'int', {
      field: 'burnTimeLeftSeconds',
      nullable: true,
      doc: 'seconds until the fuel held is burnt at the current output; null when unknown or not burning',
    }),
    col('production', 'float8', { doc: 'MW delivered now' }),
    col('capacity', 'float8', { doc: 'MW at the current clock' }),
    col('load_percent', 'float8', { doc: '0-100' }),
    col('clock_percent', 'float8', { doc: '100 = 100 %, up to 250 with power shards' }),
    col('can_start', 'bool', { doc: 'fuel (and water where needed) present' }),
    col('supplement_percent', 'float8', { nullable: true, doc: 'water buffer, 0-100; null without supplement' }),
    col('nuclear_warning', 'text', { nullable: true, doc: 'nuclear plants: Waste Full, Mismatch…; null otherwise' }),
    col('circuit_group_id', 'int', { nullable: true, doc: 'null when not connected' }),
    col('pos_x', 'float8', { event: false, doc: 'cm' }),
    col('pos_y', 'float8', { event: false, doc: 'cm' }),
    col('pos_z', 'float8', { event: false, doc: 'cm' }),
    SESSION_COLUMN,
  ],
  order: 'generator_id',
  interval: 'fast',
  history: true,
  aggregates: true,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
