import { col, SESSION_COLUMN } from '../column';
import type { SampleKind } from '../sample-kind';

/** FRM getPlayer: one row per player FRM knows (health 0-100, speed km/h, position cm). */
export const players: SampleKind = {
  kind: 'players',
  table: 'player_samples',
  columns: [
    col('player_id', 'uuid', { apiName: 'id', doc: 'stable per server and FRM player' }),
    col('frm_id', 'text', { api: false }),
    col('name', 'text'),
    col('is_online', 'bool'),
    col('health', 'float8', { doc: '0-100 (FRM PlayerHP)' }),
    col('speed', 'float8', { doc: 'km/h' }),
    col('is_dead', 'bool'),
    col('pos_x', 'float8', { doc: 'cm' }),
    col('pos_y', 'float8', { doc: 'cm' }),
    col('pos_z', 'float8', { doc: 'cm' }),
    SESSION_COLUMN,
  ],
  order: 'name, player_id',
  pageKey: 'player_id',
  interval: 'fast',
  history: true,
  aggregates: false,
  latest: { type: 'rows' },
  sampled: true,
  addon: true,
};
