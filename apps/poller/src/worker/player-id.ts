import { createHash } from 'node:crypto';
import { BoundedMap } from '@app/game-client';

/**
 * Ids computed, by `serverId/frmId`: players are polled every 15 s, and a SHA-1 each cost more than their parse. At
 * most 50,000 kept (a few players per server); past that the oldest are forgotten.
 */
const known = new BoundedMap<string, string>(50_000);

/** A stable UUID (version 5 layout) for an FRM player on one server: the same player keeps the same id. */
export function playerUuid(serverId: string, frmId: string): string {
  const key = `${serverId}/${frmId}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const hash = createHash('sha1').update(key).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  known.set(key, id);
  return id;
}
