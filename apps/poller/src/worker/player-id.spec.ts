import { createHash } from 'node:crypto';
import { playerUuid } from './player-id';

/** The id as first defined (no cache): a player's rows and REST id must never change. */
function reference(serverId: string, frmId: string): string {
  const hash = createHash('sha1').update(`${serverId}/${frmId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('playerUuid', () => {
  it('gives every player the same id on every poll, cached or not, and different ids per server and player', () => {
    const server = '3f0c8a4e-1b2d-4c5e-8f90-123456789abc';
    const first = playerUuid(server, 'Char_Player_C_2147');
    expect(first).toBe(reference(server, 'Char_Player_C_2147'));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(playerUuid(server, 'Char_Player_C_2147')).toBe(first);
    expect(playerUuid(server, 'Char_Player_C_2148')).not.toBe(first);
    expect(playerUuid('00000000-0000-4000-8000-000000000000', 'Char_Player_C_2147')).not.toBe(first);
    for (let i = 0; i < 60_000; i++) playerUuid(server, `p${i}`);
    expect(playerUuid(server, 'Char_Player_C_2147')).toBe(first);
    expect(playerUuid(server, 'p59999')).toBe(reference(server, 'p59999'));
  });
});
