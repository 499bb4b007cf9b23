import type { AddonCheck, HealthData, PollJob, PollResult } from '@app/contracts';
import type { AddonKind } from '@app/samples';

/** What a health poll observed, before the status is confirmed (see status/status-machine.ts). */
export interface Observation {
  reachable: boolean;
  loading: boolean;
  tickRate: number | null;
  health: string | null;
}

/** The add-on's availability as a poll told it. */
export interface AddonVerdict {
  status: 'available' | 'unavailable';
  reason: string | null;
  via: 'http' | 'proxy' | null;
}

interface OutcomeBase {
  job: PollJob;
  time: Date;
  durationMs: number;
  error: { code: string; message: string } | null;
}

/** A health poll: always an observation (an unreachable server is observed too), data when the game answered. */
export interface HealthOutcome extends OutcomeBase {
  kind: 'health';
  data: HealthData | null;
  observation: Observation;
}

/** The add-on availability check. */
export interface AddonCheckOutcome extends OutcomeBase {
  kind: 'addon';
  data: AddonCheck | null;
  addon?: AddonVerdict;
}

/** A poll of an add-on kind: its records (stored as rows) and the poll result's data built from them. */
export interface SampleOutcome extends OutcomeBase {
  kind: AddonKind;
  records: readonly object[];
  data: unknown;
  /** The save the server had loaded when last seen (rows are tagged with it); null until a poll told it. */
  session: string | null;
  /** Set when the poll found the add-on unavailable. */
  addon?: AddonVerdict;
}

/** What one poll produced (the executor's typed answer; storage and the publisher take it from here). */
export type PollOutcome = HealthOutcome | AddonCheckOutcome | SampleOutcome;

/** The poll result event of an outcome; `data` is the health data with its confirmed status for health polls. */
export function resultOf(outcome: PollOutcome, orgId: string, data: unknown): PollResult {
  return {
    serverId: outcome.job.serverId,
    orgId,
    kind: outcome.kind,
    time: outcome.time.toISOString(),
    durationMs: Math.round(outcome.durationMs * 1000) / 1000,
    error: outcome.error,
    data: outcome.error && outcome.kind !== 'health' ? null : data,
  } as PollResult;
}
