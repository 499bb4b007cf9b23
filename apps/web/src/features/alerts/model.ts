/** The shapes the alerting pages read from the API (apps/api-gateway/src/alerts/alerts.schemas.ts; snake_case as sent). */

export type Severity = 'info' | 'warning' | 'critical';
export const SEVERITIES: readonly Severity[] = ['info', 'warning', 'critical'];

export interface ParamSpec {
  name: string;
  label: string;
  type: 'number' | 'integer' | string;
  unit: string | null;
  min: number;
  max: number;
  default: number | null;
  required: boolean;
}

/** GET /api/v1/alert-rule-kinds */
export interface RuleKind {
  kind: string;
  title: string;
  description: string;
  severity: Severity;
  per_instance: boolean;
  event: boolean;
  requires_addon: boolean;
  params: ParamSpec[];
  defaults: { pending_seconds: number; pending_polls: number };
}

export type RuleState = 'ok' | 'pending' | 'firing';

/** GET /api/v1/servers/{id}/alert-rules */
export interface Rule {
  id: string;
  server_id: string | null;
  kind: string;
  name: string;
  severity: Severity;
  params: Record<string, number>;
  pending_polls: number;
  pending_seconds: number;
  repeat_seconds: number;
  notify_on_recovery: boolean;
  enabled: boolean;
  preset: boolean;
  /** null: every channel of the organisation. */
  channel_ids: string[] | null;
  state: RuleState;
  firing: { instance: string; since: string; incident_id: string | null }[];
  created_at: string;
  updated_at: string;
}

/** The body of POST (with kind) and PATCH of a rule. */
export interface RuleInput {
  kind?: string;
  name: string;
  severity: Severity;
  params: Record<string, number>;
  pending_polls: number;
  pending_seconds: number;
  repeat_seconds: number;
  notify_on_recovery: boolean;
  enabled: boolean;
  channel_ids: string[] | null;
}

export type ChannelKind = 'discord' | 'slack' | 'teams' | 'webhook' | 'email' | 'telegram';

/** GET /api/v1/notification-channels */
export interface Channel {
  id: string;
  kind: ChannelKind;
  name: string;
  enabled: boolean;
  /** Where it sends, secrets masked. */
  target: string;
  created_at: string;
  updated_at: string;
  last_delivery: { status: string; at: string; error: string | null } | null;
}
export type CreatedChannel = Channel & { signing_secret?: string };

/** POST /api/v1/notification-channels/{id}/test */
export interface ChannelTest {
  delivered: boolean;
  receiver_status: number | null;
  receiver_answer: string | null;
  duration_ms: number;
  error: string | null;
}

export interface Incident {
  id: string;
  server_id: string;
  server_name: string;
  rule_id: string | null;
  rule_kind: string;
  rule_name: string;
  severity: Severity | string;
  instance: string | null;
  state: 'open' | 'resolved';
  title: string;
  summary: string;
  started_at: string;
  fired_at: string | null;
  resolved_at: string | null;
  duration_seconds: number | null;
  peak: { value: number; at: string; label: string } | null;
  silenced: boolean;
}
export type IncidentDetails = Incident & { deliveries: Delivery[] };

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'dead' | 'skipped';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'sent', 'failed', 'dead', 'skipped'];

export interface Attempt {
  attempt: number;
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  retry_after_ms: number | null;
}

export interface Delivery {
  id: string;
  incident_id: string;
  channel_id: string;
  channel_name: string;
  channel_kind: ChannelKind | string;
  event: string;
  status: DeliveryStatus | string;
  attempts: number;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  response_status: number | null;
  error: string | null;
  sent_at: string | null;
  created_at: string;
  summary: string;
  attempt_log: Attempt[];
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAYS)[number];
export const DAY_LABEL: Record<Day, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

export interface Recurrence {
  days: Day[];
  start: string;
  duration_minutes: number;
  time_zone: string;
}

/** GET /api/v1/silences */
export interface Silence {
  id: string;
  server_id: string | null;
  rule_id: string | null;
  reason: string;
  starts_at: string;
  ends_at: string | null;
  recurrence: Recurrence | null;
  active_now: boolean;
  created_at: string;
}

/** GET /api/v1/servers (the fields these pages use). */
export interface ServerRef {
  id: string;
  name: string;
}
