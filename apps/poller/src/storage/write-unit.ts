import type { HealthData, ServerStatus } from '@app/contracts';
import { health as healthKind, rowsOf, SAMPLED_KINDS, sampleKind } from '@app/samples';
import { statusOf } from '../status/status-machine';
import type { PollOutcome } from '../worker/poll-outcome';

/** Rows per sample table (table name -> rows in the registry's column order). */
export type TableRows = Partial<Record<string, unknown[][]>>;

/** What a health poll saw, before confirmation. */
export interface HealthObservation {
  serverId: string;
  time: Date;
  /** The status this poll alone says (statusOf). */
  observed: ServerStatus;
  lastSeenAt: Date | null;
  lastError: string | null;
  /** Why the status is `observed` (an error, a low tick rate): recorded with a change this observation confirms. */
  reason: string | null;
  /** What the game answered (null when it did not): stored with the confirmed status. */
  data?: HealthData | null;
}

/** The confirmed status after an observation, and the change it confirmed (if any). */
export interface Confirmation {
  status: ServerStatus;
  changed: { previous: ServerStatus; status: ServerStatus; reason: string | null } | null;
}

/** A `latest` row: the newest poll of a kind (data JSON null for sampled kinds: readers read the rows). */
export interface LatestRow {
  serverId: string;
  kind: string;
  time: Date;
  data: unknown;
}

/** Everything one poll writes; committed together with other polls' units in one transaction. */
export interface WriteUnit {
  /** The server polled: it picks the unit's lane, so each server's units are written and settled in order. */
  serverId: string;
  rows: TableRows;
  latest?: LatestRow;
  /**
   * A health observation: confirmed inside the write transaction, with the server's state row locked, in
   * observation order, so replicas, redeliveries and a backlog written after an outage never confirm twice or go
   * back in time. Its metrics row and `latest` are written with the confirmed status (see {@link healthWrites}).
   */
  health?: HealthObservation;
  addonState?: { serverId: string; addonStatus: string; addonReason: string | null; time: Date };
}

/** The metrics row and `latest` of a health observation once its status is confirmed. */
export function healthWrites(h: HealthObservation, status: ServerStatus): { row: unknown[]; latest: LatestRow | null } {
  const data = h.data ?? null;
  const [row] = rowsOf(healthKind, h.time, h.serverId, [{ ...data, status }]);
  return {
    row: row!,
    latest: data === null ? null : { serverId: h.serverId, kind: 'health', time: h.time, data: { ...data, status } },
  };
}

/** The write unit of a poll: its sample rows built from the registry, `latest`, the health observation, add-on state. */
export function unitOf(serverId: string, outcome: PollOutcome): WriteUnit {
  const { time, error } = outcome;
  const unit: WriteUnit = { serverId, rows: {} };
  if (outcome.kind === 'health') {
    const observed = statusOf(outcome.observation);
    const tickRate = outcome.data?.tickRate;
    unit.health = {
      serverId,
      time,
      observed,
      lastSeenAt: outcome.observation.reachable ? time : null,
      lastError: error?.message ?? null,
      reason:
        error?.message ?? (observed === 'degraded' ? `tick rate ${tickRate?.toFixed(1) ?? '?'}/s below 15/s` : null),
      data: outcome.data,
    };
  } else if (!error && outcome.data !== null) {
    // The kinds stored as sample rows keep only their time in `latest` (data null): readers take the rows stored
    // at that time. Writing the poll's data a second time would double what each flush writes.
    const sampled = SAMPLED_KINDS.has(outcome.kind);
    unit.latest = { serverId, kind: outcome.kind, time, data: sampled ? null : outcome.data };
    if (outcome.kind !== 'addon') {
      const kind = sampleKind(outcome.kind);
      unit.rows[kind.table] = rowsOf(kind, time, serverId, outcome.records, outcome.session);
    }
  }
  if (outcome.kind !== 'health' && outcome.addon)
    unit.addonState = {
      serverId,
      addonStatus: outcome.addon.status,
      addonReason: outcome.addon.reason,
      time,
    };
  return unit;
}
