import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/**
 * FRM getDroneStation: one row per drone port. The fuel's running-out time is the fuel held over the active fuel's
 * estimated consumption (FRM's estimate for an always-busy drone, so the real time is longer).
 */
export const droneStations: SampleKind = {
  kind: 'drone_stations',
  table: 'drone_station_samples',
  columns: [
    col('station_id', 'text'),
    col('name', 'text'),
    col('paired_station', 'text', { nullable: true, doc: 'null for "None"' }),
    col('drone_status', 'text', { nullable: true, doc: 'Docked, En Route, Not Enough Fuel, No Drone, …' }),
    col('fuel_name', 'text', { nullable: true, doc: 'the active fuel' }),
    col('fuel_amount', 'float8', { doc: 'fuel items held' }),
    col('fuel_rate', 'float8', { nullable: true, doc: 'estimated fuel items per minute' }),
    col('fuel_time_left_s', 'int', {
      field: 'fuelTimeLeftSeconds',
      nullable: true,
      doc: 'seconds until the fuel held runs out at the estimated rate; null without a rate',
    }),
    col('round_trip_s', 'float8', { field: 'roundTripSeconds', nullable: true, doc: 'latest round trip, seconds' }),
    col('avg_inc_rate', 'float8', { doc: 'items per minute in' }),
    col('avg_out_rate', 'float8', { doc: 'items per minute out' }),
    col('transport_rate', 'float8', { doc: 'estimated stacks per minute' }),
    col('power_consumed', 'float8', { nullable: true, event: false, doc: 'MW' }),
    col('circuit_group_id', 'int', { nullable: true, event: false, doc: 'null when not connected' }),
    col('pos_x', 'float8', { event: false, doc: 'cm' }),
    col('pos_y', 'float8', { event: false, doc: 'cm' }),
    col('pos_z', 'float8', { event: false, doc: 'cm' }),
    SESSION_COLUMN,
  ],
  order: 'station_id',
  interval: 'standard',
  history: false,
  aggregates: false,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
