import { createHash } from 'node:crypto';
import { col } from '../column';
import type { SampleKind } from '../sample-kind';

/** FRM getPlayer: one row per player FRM knows (health 0-100, speed km/h, position cm). */
export const players: SampleKind = {
  kind: 'players',
  table: 'player_samples',
  columns: [
    col('player_id', 'uuid', { doc: 'stable per server and FRM player' }),
    col('frm_id', 'text', { api: false }),
    col('name', 'text'),
    col('is_online', 'bool'),
    col('health', 'float8', { doc: '0-100 (FRM PlayerHP)' }),
    col('speed', 'float8', { doc: 'km/h' }),
    col('is_dead', 'bool'),
    col('pos_x', 'float8', { doc: 'cm' }),
    col('pos_y', 'float8', { doc: 'cm' }),
    col('pos_z', 'float8', { doc: 'cm' }),
  ],
  order: 'name, player_id',
  pageKey: 'player_id',
  interval: 'fast',
  history: true,
  aggregates: false,
  latest: { type: 'rows' },
  sampled: true,
};

/** A stable UUID (version 5 layout) for an FRM player on one server: the same player keeps the same id. */
export function playerUuid(serverId: string, frmId: string): string {
  const hash = createHash('sha1').update(`${serverId}/${frmId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
