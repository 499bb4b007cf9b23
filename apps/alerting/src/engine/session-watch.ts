import type { PollResult } from '@app/contracts';

/** Another save was loaded on a server: the one before (null when not known) and the new one. */
export interface SessionChange {
  from: string | null;
  to: string;
}

/**
 * The save (session) each server runs, from the game's own health answer (every server) and the add-on's session
 * poll: tells when another one was loaded. Seeded from the stored latest health at start-up, so a restart of
 * alerting is no "change"; an input older than the last one seen (replayed, out of order) changes nothing.
 */
export class SessionWatch {
  private readonly last = new Map<string, { name: string; at: number }>();

  seed(serverId: string, name: string | null, at: number): void {
    if (name) this.last.set(serverId, { name, at });
  }

  forget(serverId: string): void {
    this.last.delete(serverId);
  }

  /** The change this poll result shows, if any (the first save seen of a server is no change). */
  change(serverId: string, result: PollResult): SessionChange | null {
    const name = result.kind === 'health' || result.kind === 'session' ? (result.data?.sessionName ?? null) : null;
    if (!name) return null; // no save loaded, or a failed poll: unknown is not "changed"
    const at = Date.parse(result.time);
    const before = this.last.get(serverId);
    if (before && at <= before.at) return null;
    this.last.set(serverId, { name, at });
    return before && before.name !== name ? { from: before.name, to: name } : null;
  }
}
