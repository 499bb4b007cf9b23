import { createHash } from 'node:crypto';

/**
 * Where in an interval a server polls: a stable offset from a hash of the server, so servers spread evenly over each
 * interval (no thundering herd at :00) and every scheduler, including a new leader, computes the same slots. Every
 * kind of a server takes the same hash, so kinds whose intervals meet (10 s and 30 s at every 30 s, 10 s and 15 s at
 * every 30 s) fall on the same slot and go out as one job.
 */
export function phaseOf(serverId: string, intervalMs: number): number {
  return serverHash(serverId) % intervalMs;
}

function serverHash(serverId: string): number {
  return createHash('sha1').update(serverId).digest().readUInt32BE(0);
}

/** The first slot at or after `now` for this phase and interval. */
export function nextSlot(now: number, phase: number, intervalMs: number): number {
  const base = Math.floor((now - phase) / intervalMs) * intervalMs + phase;
  return base >= now ? base : base + intervalMs;
}

/** The JetStream de-duplication id of a server's slot: two schedulers emitting the same slot store it once. */
export function slotMessageId(serverId: string, slot: number): string {
  return `${serverId}:${slot}`;
}
