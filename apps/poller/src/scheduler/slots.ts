import { createHash } from 'node:crypto';

/**
 * Where in its interval a (server, kind) polls: a stable offset from a hash, so jobs spread evenly over each
 * interval (no thundering herd at :00) and every scheduler, including a new leader, computes the same slots.
 */
export function phaseOf(serverId: string, kind: string, intervalMs: number): number {
  const digest = createHash('sha1').update(`${serverId}:${kind}`).digest();
  return digest.readUInt32BE(0) % intervalMs;
}

/** The first slot at or after `now` for this phase and interval. */
export function nextSlot(now: number, phase: number, intervalMs: number): number {
  const base = Math.floor((now - phase) / intervalMs) * intervalMs + phase;
  return base >= now ? base : base + intervalMs;
}

/** The JetStream de-duplication id of a slot: two schedulers emitting the same slot store it once. */
export function slotMessageId(serverId: string, kind: string, slot: number): string {
  return `${serverId}:${kind}:${slot}`;
}
