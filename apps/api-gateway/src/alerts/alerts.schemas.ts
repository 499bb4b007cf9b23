import { RULE_KIND_NAMES } from '@app/alerts';
import { ChannelKind, Severity } from '@app/contracts';
import { z } from 'zod';
import { storableTime } from '../http/zod-input';

const uuid = z.uuid({ error: 'must be an id (uuid)' });
const iso = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-12-31T23:59:59Z' })
  .refine(storableTime, 'must be a time in the years 0001-9999 (UTC)');

const ruleFields = {
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  severity: Severity,
  params: z.record(z.string(), z.number({ error: 'must be a number' })),
  pending_polls: z.int().min(1, 'must be at least 1').max(100, 'must be at most 100'),
  pending_seconds: z.int().min(0, 'must be 0 or more').max(86_400, 'must be at most 86400 (a day)'),
  repeat_seconds: z
    .int()
    .min(0)
    .max(7 * 86_400, 'must be at most a week')
    .refine((v) => v === 0 || v >= 60, 'must be 0 (never) or at least 60 seconds'),
  notify_on_recovery: z.boolean(),
  enabled: z.boolean(),
  /** null: every channel of the organisation. */
  channel_ids: z.array(uuid).max(50).nullable(),
};

export const CreateRule = z.strictObject({
  kind: z.enum(RULE_KIND_NAMES, { error: `must be one of: ${RULE_KIND_NAMES.join(', ')}` }),
  ...Object.fromEntries(Object.entries(ruleFields).map(([k, v]) => [k, v.optional()])),
}) as z.ZodType<{
  kind: string;
  name?: string;
  severity?: Severity;
  params?: Record<string, number>;
  pending_polls?: number;
  pending_seconds?: number;
  repeat_seconds?: number;
  notify_on_recovery?: boolean;
  enabled?: boolean;
  channel_ids?: string[] | null;
}>;
export type CreateRule = z.infer<typeof CreateRule>;

export const UpdateRule = z.strictObject(
  Object.fromEntries(Object.entries(ruleFields).map(([k, v]) => [k, v.optional()])),
) as z.ZodType<Omit<CreateRule, 'kind'>>;
export type UpdateRule = z.infer<typeof UpdateRule>;

export const RuleView = z.object({
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

export const CreateChannel = z.strictObject({
  kind: ChannelKind,
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  config: z.record(z.string(), z.unknown(), { error: 'must be an object with the settings of this kind of channel' }),
  enabled: z.boolean().default(true),
});
export type CreateChannel = z.infer<typeof CreateChannel>;

export const UpdateChannel = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  enabled: z.boolean().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  /** Webhook channels: make a new signing secret (shown once in the answer). */
  rotate_secret: z.boolean().optional(),
});
export type UpdateChannel = z.infer<typeof UpdateChannel>;

export const ChannelView = z.object({
  id: z.string(),
  kind: ChannelKind,
  name: z.string(),
  enabled: z.boolean(),
  /** Where it sends, without secrets, e.g. "discord.com/api/webhooks/••••". */
  target: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_delivery: z.object({ status: z.string(), at: z.string(), error: z.string().nullable() }).nullable(),
});

export const ChannelTestAnswer = z.object({
  delivered: z.boolean(),
  receiver_status: z.int().nullable(),
  receiver_answer: z.string().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
});

export const IncidentQuery = z.strictObject({
  server_id: uuid.optional(),
  state: z.enum(['open', 'resolved']).optional(),
  from: iso.optional(),
  to: iso.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

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
});

export const DeliveryQuery = z.strictObject({
  incident_id: uuid.optional(),
  channel_id: uuid.optional(),
  status: z.enum(['pending', 'sent', 'failed', 'dead', 'skipped']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

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

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const WEEKDAY_NUMBER: Record<(typeof DAYS)[number], number> = {
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
  sun: 7,
};
export const WEEKDAY_NAME = Object.fromEntries(Object.entries(WEEKDAY_NUMBER).map(([k, v]) => [v, k])) as Record<
  number,
  (typeof DAYS)[number]
>;

export const CreateSilence = z
  .strictObject({
    server_id: uuid.nullable().optional(),
    rule_id: uuid.nullable().optional(),
    reason: z.string().trim().max(500).default(''),
    starts_at: iso.optional(),
    ends_at: iso.optional(),
    /** A weekly maintenance window instead of a one-off mute. */
    recurrence: z
      .strictObject({
        days: z.array(z.enum(DAYS, { error: `must be one of ${DAYS.join(', ')}` })).min(1, 'name at least one day'),
        start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM, e.g. 02:30'),
        duration_minutes: z
          .int()
          .min(1)
          .max(7 * 1440, 'must be at most a week'),
        time_zone: z.string().min(1).max(64),
      })
      .optional(),
  })
  .refine((v) => v.recurrence !== undefined || v.ends_at !== undefined, {
    message: 'give ends_at (mute until then) or recurrence (a weekly maintenance window)',
    path: ['ends_at'],
  });
export type CreateSilence = z.infer<typeof CreateSilence>;

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

export const RuleKindView = z.object({
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  severity: Severity,
  per_instance: z.boolean(),
  event: z.boolean(),
  requires_addon: z.boolean(),
  params: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.string(),
      unit: z.string().nullable(),
      min: z.number(),
      max: z.number(),
      default: z.number().nullable(),
      required: z.boolean(),
    }),
  ),
  defaults: z.object({ pending_seconds: z.int(), pending_polls: z.int() }),
});
