import type { ServerStatus } from '@app/contracts';

/** Tick rate below which a responding server counts as degraded. */
export const DEGRADED_BELOW_TICKS = 15;
/** Consecutive observations needed to change a known status (so one lost packet changes nothing). */
export const CONFIRMATIONS = 2;

/** The tracked status of one server, as stored in server_states. */
export interface StatusState {
  status: ServerStatus;
  pendingStatus: ServerStatus | null;
  pendingCount: number;
}

export interface StatusStep {
  next: StatusState;
  /** Set when the confirmed status changed. */
  changed: { previous: ServerStatus; status: ServerStatus } | null;
}

/**
 * Applies one observation. From `unknown` the first observation counts at once (there is nothing to protect);
 * afterwards a different status must be seen CONFIRMATIONS times in a row, and seeing the current status again
 * cancels a pending change.
 */
export function observe(state: StatusState, observed: ServerStatus): StatusStep {
  if (observed === state.status) {
    return { next: { status: state.status, pendingStatus: null, pendingCount: 0 }, changed: null };
  }
  if (state.status === 'unknown') {
    return {
      next: { status: observed, pendingStatus: null, pendingCount: 0 },
      changed: { previous: 'unknown', status: observed },
    };
  }
  const count = state.pendingStatus === observed ? state.pendingCount + 1 : 1;
  if (count >= CONFIRMATIONS) {
    return {
      next: { status: observed, pendingStatus: null, pendingCount: 0 },
      changed: { previous: state.status, status: observed },
    };
  }
  return { next: { status: state.status, pendingStatus: observed, pendingCount: count }, changed: null };
}

/** What a health poll says about the status, before confirmation. */
export function statusOf(observation: {
  reachable: boolean;
  loading?: boolean;
  tickRate: number | null;
  health?: string | null;
}): ServerStatus {
  if (!observation.reachable) return observation.loading ? 'loading' : 'offline';
  if (observation.tickRate !== null) return observation.tickRate < DEGRADED_BELOW_TICKS ? 'degraded' : 'online';
  // Without a tick rate (no login possible), HealthCheck's own verdict is all there is: "slow" is at most 10/s.
  return observation.health === 'slow' ? 'degraded' : 'online';
}
