import type { AlertMessage, FieldWords, InstanceWords, SilenceWindow, SummaryWords, ValueUnit } from '@app/alerts';
import type { AddonStatus, ChannelKind, Severity, ServerStatus } from '@app/contracts';

/** A rule as the evaluator uses it (enabled rules only). */
export interface RuleDef {
  id: string;
  orgId: string;
  /** null: every server of the organisation. */
  serverId: string | null;
  kind: string;
  name: string;
  severity: Severity;
  params: Record<string, number>;
  pendingSeconds: number;
  pendingPolls: number;
  repeatSeconds: number;
  notifyOnRecovery: boolean;
  allChannels: boolean;
  channelIds: readonly string[];
}

/** What the evaluator knows of a server. */
export interface ServerInfo {
  id: string;
  orgId: string;
  name: string;
  status: ServerStatus;
  statusReason: string | null;
  /** Time (ms) of the status change applied last: an older one arriving late (replicas publish independently) is ignored. */
  statusAt?: number;
  addonStatus: AddonStatus;
  /** The add-on answered at least once: only then can it be "lost". */
  addonSeen: boolean;
}

export interface ChannelInfo {
  id: string;
  kind: ChannelKind;
  enabled: boolean;
}

/** The worst value seen while a condition held (lowest tick rate, highest consumption, ...). */
export interface Peak {
  value: number;
  at: string;
  label: string;
}

/** Evaluation state of one rule on one server and instance; absent means `ok`. */
export interface AlertStateRow {
  ruleId: string;
  serverId: string;
  instance: string;
  state: 'ok' | 'pending' | 'firing';
  /** When the condition began (pending and firing). */
  since: Date;
  /** Consecutive observations with the condition holding. */
  observations: number;
  lastObservedAt: Date | null;
  incidentId: string | null;
  notifiedAt: Date | null;
  repeats: number;
  peak: Peak | null;
}

/** The message of a transition, before the dashboard link is added. */
export type Message = Omit<AlertMessage, 'url'>;

/** What an observation changed, for the store to persist in one transaction. */
export type Outcome =
  | { type: 'fire'; rule: RuleDef; row: AlertStateRow; message: Message; notify: boolean; silenced: boolean }
  | { type: 'resolve'; rule: RuleDef; row: AlertStateRow; incidentId: string; message: Message; notify: boolean }
  | { type: 'notify'; rule: RuleDef; incidentId: string; event: string; message: Message }
  | { type: 'event'; rule: RuleDef; serverId: string; instance: string; message: Message; notify: boolean };

/**
 * One thing a rule checks in a poll result: the condition on an instance, with what to tell if it fires. What it
 * tells is words (catalogue keys and values, @app/alerts' i18n), said in each channel's language when sent.
 */
export interface Observation {
  instance: string;
  /** The instance's name in messages (unused when `instance` is '', the server as a whole). */
  label: InstanceWords;
  holds: boolean;
  /** The measured value (for the peak), or null. */
  value: number | null;
  /** Unit of the value in messages (a recovery's worst value). */
  unit: ValueUnit;
  fields: FieldWords[];
  /** The summary when it fires (or repeats). */
  summary: SummaryWords;
}

export type SilenceLookup = (orgId: string) => readonly SilenceWindow[];
