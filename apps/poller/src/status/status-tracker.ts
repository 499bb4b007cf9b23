import type { ServerStatus } from '@app/contracts';
import type { Pool } from 'pg';
import { observe, type StatusState, type StatusStep } from './status-machine';

/**
 * The confirmed status of each server. The state lives in server_states (so whichever worker gets the next health
 * job continues the confirmation); it is read before each observation and cached for when PostgreSQL is away.
 */
export class StatusTracker {
  private readonly cache = new Map<string, StatusState>();

  constructor(private readonly pool: Pool) {}

  async observe(serverId: string, observed: ServerStatus): Promise<StatusStep> {
    const state = (await this.read(serverId)) ??
      this.cache.get(serverId) ?? { status: 'unknown', pendingStatus: null, pendingCount: 0 };
    const step = observe(state, observed);
    this.cache.set(serverId, step.next);
    return step;
  }

  forget(serverId: string): void {
    this.cache.delete(serverId);
  }

  private async read(serverId: string): Promise<StatusState | null> {
    try {
      const { rows } = await this.pool.query<{
        status: ServerStatus;
        pending_status: ServerStatus | null;
        pending_count: number;
      }>('SELECT status, pending_status, pending_count FROM server_states WHERE server_id = $1', [serverId]);
      const row = rows[0];
      // Health jobs of one server are an interval apart, far longer than a flush: the row is current.
      return row ? { status: row.status, pendingStatus: row.pending_status, pendingCount: row.pending_count } : null;
    } catch {
      return null;
    }
  }
}
