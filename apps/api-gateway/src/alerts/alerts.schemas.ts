import { RULE_KIND_NAMES } from '@app/alerts';
import {
  AlertRuleView,
  ChannelKind,
  ChannelView,
  DeliveryView,
  IncidentView,
  Locale,
  SavedChannelView,
  Severity,
  SilenceView,
  Weekday,
} from '@app/contracts';
import { z } from 'zod';
import { storableTime } from '../http/zod-input';

/** The views alerting renders (one definition, in the contract the gateway forwards them by). */
export { ChannelView, DeliveryView, IncidentView, SavedChannelView, SilenceView };
export const RuleView = AlertRuleView;

const uuid = z.uuid({ error: 'must be an id (uuid)' });
/** The language of a channel's alert messages. */
const channelLocale = z.enum(Locale.options, { error: `must be one of ${Locale.options.join(', ')}` });
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

export const CreateChannel = z.strictObject({
  kind: ChannelKind,
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  config: z.record(z.string(), z.unknown(), { error: 'must be an object with the settings of this kind of channel' }),
  enabled: z.boolean().default(true),
  /** The language of its alert messages (English unless chosen). */
  locale: channelLocale.default('en'),
});
export type CreateChannel = z.infer<typeof CreateChannel>;

export const UpdateChannel = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  enabled: z.boolean().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  /** Webhook channels: make a new signing secret (shown once in the answer). */
  rotate_secret: z.boolean().optional(),
  locale: channelLocale.optional(),
});
export type UpdateChannel = z.infer<typeof UpdateChannel>;

export const ChannelTestAnswer = z.object({
  delivered: z.boolean(),
  receiver_status: z.int().nullable(),
  receiver_answer: z.string().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
});

export const ConfirmRecipient = z.strictObject({
  token: z
    .string({ error: 'required: the token of the confirmation link' })
    .trim()
    .min(1, 'required: the token of the confirmation link')
    .max(200, 'is not a confirmation token: copy the whole link from the mail'),
});
export const ConfirmRecipientAnswer = z.object({
  address: z.string(),
  channel_name: z.string(),
  confirmed_at: z.string(),
});
export const ResendAnswer = z.object({ sent: z.int(), pending: z.array(z.string()) });

export const IncidentQuery = z.strictObject({
  server_id: uuid.optional(),
  state: z.enum(['open', 'resolved']).optional(),
  from: iso.optional(),
  to: iso.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

export const DeliveryQuery = z.strictObject({
  incident_id: uuid.optional(),
  channel_id: uuid.optional(),
  status: z.enum(['pending', 'sent', 'failed', 'dead', 'skipped']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

const DAYS = Weekday.options;

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
