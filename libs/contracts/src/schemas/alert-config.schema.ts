import { z } from 'zod';
import { ChannelKind, Severity } from './alert.schema';
import { Locale, Uuid } from './common.schema';

// Alert configuration over NATS request-reply: the api-gateway (producer of every request) asks alerting (the owner
// of alert_rules, alert_rule_channels, notification_channels, silences, incidents and deliveries, which answers
// every request) to read or change it. Bodies and views keep the REST API's snake_case shapes, so the gateway
// forwards what it validated and returns what alerting rendered; the envelope fields (orgId, serverId, ...) are
// camelCase like every other contract. Ids from URL paths travel as given (any string): alerting answers NotFound
// for one that is not an id, as the REST API always did.

/** The REST error codes alerting may answer with; the api-gateway renders them with its ApiError shape. */
/** `ServiceUnavailable`: alerting's database is away for the moment (503, retry). */
export const AlertConfigErrorCode = z.enum([
  'ValidationFailed',
  'TargetNotAllowed',
  'NotFound',
  'PlanLimitReached',
  'ServiceUnavailable',
  'Conflict',
]);
export type AlertConfigErrorCode = z.infer<typeof AlertConfigErrorCode>;

/** A refusal by alerting: what was wrong and what to do; never a secret, SQL or a stack trace. */
export const AlertConfigError = z.object({
  code: AlertConfigErrorCode,
  message: z.string(),
  remedy: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type AlertConfigError = z.infer<typeof AlertConfigError>;

/** The answer of every alert-configuration request: the value, or a typed refusal. */
export function alertConfigReply<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: AlertConfigError }),
  ]);
}

/** An id as it came in a URL path (checked by alerting). */
const PathId = z.string();

/** Paging position of the incident and delivery lists: the (time, id) of the last item of the previous page. */
export const AlertPageKey = z.object({ at: z.string(), id: Uuid });
export type AlertPageKey = z.infer<typeof AlertPageKey>;

// ---------------------------------------------------------------- views (what GET answers)

/** A rule with its current state, as the REST API shows it. */
export const AlertRuleView = z.object({
  id: z.string(),
  server_id: z.string().nullable(),
  kind: z.string(),
  name: z.string(),
  severity: Severity,
  params: z.record(z.string(), z.number()),
  pending_polls: z.int(),
  pending_seconds: z.int(),
  repeat_seconds: z.int(),
  notify_on_recovery: z.boolean(),
  enabled: z.boolean(),
  preset: z.boolean(),
  channel_ids: z.array(z.string()).nullable(),
  /** ok, pending or firing (the worst over the rule's instances). */
  state: z.enum(['ok', 'pending', 'firing']),
  firing: z.array(z.object({ instance: z.string(), since: z.string(), incident_id: z.string().nullable() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertRuleView = z.infer<typeof AlertRuleView>;

/** A notification channel with secrets masked (`target` is a hint such as "discord.com/api/webhooks/••••"). */
export const ChannelView = z.object({
  id: z.string(),
  kind: ChannelKind,
  name: z.string(),
  enabled: z.boolean(),
  /** The language its alert messages are written in. */
  locale: Locale,
  /** Where it sends, without secrets, e.g. "discord.com/api/webhooks/••••". */
  target: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_delivery: z.object({ status: z.string(), at: z.string(), error: z.string().nullable() }).nullable(),
  /**
   * E-mail channels: each address and whether it confirmed (alerts go only to confirmed ones; a pending one got a
   * link that expires at `expires_at`). Absent for other kinds.
   */
  recipients: z
    .array(z.object({ address: z.string(), confirmed: z.boolean(), expires_at: z.string().nullable() }))
    .optional(),
});
export type ChannelView = z.infer<typeof ChannelView>;

/** A channel just created or changed; a webhook channel's signing secret is in it once (creation or rotation). */
export const SavedChannelView = ChannelView.extend({ signing_secret: z.string().optional() });
export type SavedChannelView = z.infer<typeof SavedChannelView>;

/** A one-off mute or a weekly maintenance window. */
export const SilenceView = z.object({
  id: z.string(),
  server_id: z.string().nullable(),
  rule_id: z.string().nullable(),
  reason: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  recurrence: z
    .object({ days: z.array(z.string()), start: z.string(), duration_minutes: z.int(), time_zone: z.string() })
    .nullable(),
  active_now: z.boolean(),
  created_at: z.string(),
});
export type SilenceView = z.infer<typeof SilenceView>;

/** One incident of the history. */
export const IncidentView = z.object({
  id: z.string(),
  server_id: z.string(),
  server_name: z.string(),
  rule_id: z.string().nullable(),
  rule_kind: z.string(),
  rule_name: z.string(),
  severity: z.string(),
  instance: z.string().nullable(),
  state: z.enum(['open', 'resolved']),
  title: z.string(),
  summary: z.string(),
  started_at: z.string(),
  fired_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  peak: z.object({ value: z.number(), at: z.string(), label: z.string() }).nullable(),
  silenced: z.boolean(),
  /** When someone said "I am on it" (repeat notifications stop), and who; null when not acknowledged. */
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
});
export type IncidentView = z.infer<typeof IncidentView>;

/** One notification of the delivery log with its attempts (errors are stored with secrets redacted). */
export const DeliveryView = z.object({
  id: z.string(),
  incident_id: z.string(),
  channel_id: z.string(),
  channel_name: z.string(),
  channel_kind: z.string(),
  event: z.string(),
  status: z.string(),
  attempts: z.int(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  response_status: z.int().nullable(),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  summary: z.string(),
  attempt_log: z.array(
    z.object({
      attempt: z.int(),
      at: z.string(),
      status_code: z.int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.int(),
      retry_after_ms: z.int().nullable(),
    }),
  ),
});
export type DeliveryView = z.infer<typeof DeliveryView>;

// ---------------------------------------------------------------- inputs (validated by the gateway, checked by the owner)

/** The changeable fields of a rule (REST body of POST and PATCH .../alert-rules). */
export const AlertRuleChanges = z.object({
  name: z.string().optional(),
  severity: Severity.optional(),
  params: z.record(z.string(), z.number()).optional(),
  pending_polls: z.int().optional(),
  pending_seconds: z.int().optional(),
  repeat_seconds: z.int().optional(),
  notify_on_recovery: z.boolean().optional(),
  enabled: z.boolean().optional(),
  /** null: every channel of the organisation. */
  channel_ids: z.array(z.string()).nullable().optional(),
});
export type AlertRuleChanges = z.infer<typeof AlertRuleChanges>;

/** A new rule: its kind and any of the changeable fields. */
export const NewAlertRule = AlertRuleChanges.extend({ kind: z.string() });
export type NewAlertRule = z.infer<typeof NewAlertRule>;

/** A new channel (REST body of POST /notification-channels); `config` holds its secrets, sealed by alerting. */
export const NewChannel = z.object({
  kind: ChannelKind,
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  /** The language of its alert messages; English when a sender leaves it out (added after v1 first shipped). */
  locale: Locale.default('en'),
});
export type NewChannel = z.infer<typeof NewChannel>;

/** Changes of a channel (REST body of PATCH /notification-channels/:id). */
export const ChannelChanges = z.object({
  name: z.string().optional(),
  enabled: z.boolean().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  rotate_secret: z.boolean().optional(),
  locale: Locale.optional(),
});
export type ChannelChanges = z.infer<typeof ChannelChanges>;

/** A day of a weekly maintenance window (ISO order: Monday is 1). */
export const Weekday = z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
export type Weekday = z.infer<typeof Weekday>;

/** A new silence (REST body of POST /silences). */
export const NewSilence = z.object({
  server_id: z.string().nullable().optional(),
  rule_id: z.string().nullable().optional(),
  reason: z.string(),
  starts_at: z.string().optional(),
  ends_at: z.string().optional(),
  recurrence: z
    .object({
      days: z.array(Weekday),
      start: z.string(),
      duration_minutes: z.int(),
      time_zone: z.string(),
    })
    .optional(),
});
export type NewSilence = z.infer<typeof NewSilence>;

// ---------------------------------------------------------------- requests and their answers

/** List a server's rules. */
export const AlertRuleListRequest = z.object({ orgId: Uuid, serverId: PathId });
export const AlertRuleListReply = alertConfigReply(z.array(AlertRuleView));
/** One rule of a server. */
export const AlertRuleGetRequest = z.object({ orgId: Uuid, serverId: PathId, ruleId: PathId });
export const AlertRuleReply = alertConfigReply(AlertRuleView);
/** Add a rule to a server. */
export const AlertRuleCreateRequest = z.object({ orgId: Uuid, serverId: PathId, rule: NewAlertRule });
/** Change a rule (switched off or its condition changed: its open incident closes without a notice). */
export const AlertRuleUpdateRequest = z.object({
  orgId: Uuid,
  serverId: PathId,
  ruleId: PathId,
  changes: AlertRuleChanges,
});
/** Delete a rule; answers its kind (for the audit log). */
export const AlertRuleDeleteRequest = AlertRuleGetRequest;
export const AlertRuleDeleteReply = alertConfigReply(z.object({ kind: z.string() }));
/** Give a newly registered server the preset rules (offline, degraded, fuse tripped); idempotent. */
export const AlertPresetsRequest = z.object({ orgId: Uuid, serverId: Uuid });
export const AlertPresetsReply = alertConfigReply(z.object({ created: z.int() }));

/** List an organisation's channels with their last delivery. */
export const ChannelListRequest = z.object({ orgId: Uuid });
export const ChannelListReply = alertConfigReply(z.array(ChannelView));
/** One channel. */
export const ChannelGetRequest = z.object({ orgId: Uuid, channelId: PathId });
export const ChannelReply = alertConfigReply(ChannelView);
/**
 * Channel settings or a signing secret between the api-gateway and alerting: base64 of a SecretBox seal under the
 * platform's SECRETS_KEY, bound to the organisation (`sealInTransit` in libs/alerts). A webhook URL or bot token never
 * crosses NATS readable.
 */
export const SealedInTransit = z.string().min(1).max(65_536);
/** Add a channel (the gateway checked the plan allows its kind); its settings sealed in transit. */
export const ChannelCreateRequest = z.object({
  orgId: Uuid,
  channel: NewChannel.omit({ config: true }).extend({ sealedConfig: SealedInTransit }),
});
/** A saved channel; a webhook's new signing secret (shown once) sealed in transit. */
export const SavedChannelReply = alertConfigReply(
  ChannelView.extend({ sealedSigningSecret: SealedInTransit.optional() }),
);
/**
 * Change a channel. `enableAllowed`: whether the plan allows switching it on (the gateway asks billing-limits);
 * when false and `changes.enabled` is true, alerting answers PlanLimitReached after checking the settings, and the
 * gateway renders its plan message.
 */
export const ChannelUpdateRequest = z.object({
  orgId: Uuid,
  channelId: PathId,
  changes: ChannelChanges.omit({ config: true }).extend({ sealedConfig: SealedInTransit.optional() }),
  enableAllowed: z.boolean(),
});
/** Delete a channel; answers its kind and name (for the audit log). */
export const ChannelDeleteRequest = ChannelGetRequest;
export const ChannelDeleteReply = alertConfigReply(z.object({ kind: ChannelKind, name: z.string() }));

/** Confirm an e-mail recipient by the token of the link mailed to it (no organisation: the token is the proof). */
export const RecipientConfirmRequest = z.object({ token: z.string().min(1).max(200) });
export const RecipientConfirmReply = alertConfigReply(
  z.object({ address: z.string(), channel_name: z.string(), confirmed_at: z.string() }),
);
/** Mail a new confirmation link to every recipient of an e-mail channel that has not confirmed. */
export const RecipientResendRequest = z.object({ orgId: Uuid, channelId: PathId });
export const RecipientResendReply = alertConfigReply(z.object({ sent: z.int(), pending: z.array(z.string()) }));

/** List silences (current and upcoming, or all). */
export const SilenceListRequest = z.object({ orgId: Uuid, includeExpired: z.boolean() });
export const SilenceListReply = alertConfigReply(z.array(SilenceView));
/** Add a silence. */
export const SilenceCreateRequest = z.object({ orgId: Uuid, userId: Uuid.nullable(), silence: NewSilence });
export const SilenceReply = alertConfigReply(SilenceView);
/** End a silence now; answers its server (for the audit log). */
export const SilenceDeleteRequest = z.object({ orgId: Uuid, silenceId: PathId });
export const SilenceDeleteReply = alertConfigReply(z.object({ server_id: z.string().nullable() }));

/** Incidents, newest first, filtered and paged. */
export const IncidentListRequest = z.object({
  orgId: Uuid,
  serverId: Uuid.nullable(),
  state: z.enum(['open', 'resolved']).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  after: AlertPageKey.nullable(),
  limit: z.int().min(1).max(200),
});
export const IncidentListReply = alertConfigReply(
  z.object({ items: z.array(IncidentView), next: AlertPageKey.nullable() }),
);
/** One incident with its deliveries. */
export const IncidentGetRequest = z.object({ orgId: Uuid, incidentId: PathId });
export const IncidentDetailsReply = alertConfigReply(
  IncidentView.extend({
    deliveries: z.array(DeliveryView),
    notes: z.array(z.object({ id: z.string(), author: z.string(), text: z.string(), created_at: z.string() })),
  }),
);
/** The delivery log, newest first, filtered and paged. */
export const DeliveryListRequest = z.object({
  orgId: Uuid,
  incidentId: Uuid.nullable(),
  channelId: Uuid.nullable(),
  status: z.enum(['pending', 'sent', 'failed', 'dead', 'skipped']).nullable(),
  after: AlertPageKey.nullable(),
  limit: z.int().min(1).max(200),
});
export const DeliveryListReply = alertConfigReply(
  z.object({ items: z.array(DeliveryView), next: AlertPageKey.nullable() }),
);
