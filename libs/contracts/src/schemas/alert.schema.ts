import { z } from 'zod';
import { Timestamp, Uuid } from './common.schema';

export const ChannelKind = z.enum(['discord', 'slack', 'teams', 'webhook', 'email', 'telegram']);
export type ChannelKind = z.infer<typeof ChannelKind>;

export const Severity = z.enum(['info', 'warning', 'critical']);
export type Severity = z.infer<typeof Severity>;

/** Produced by alerting when an incident opens or resolves; consumed by realtime-gateway (dashboard banner). */
export const IncidentEvent = z.object({
  incidentId: Uuid,
  ruleId: Uuid.nullable(),
  serverId: Uuid,
  orgId: Uuid,
  ruleKind: z.string(),
  severity: Severity,
  summary: z.string(),
  time: Timestamp,
});
export type IncidentEvent = z.infer<typeof IncidentEvent>;

/** A notification to send (alerting's own JetStream work queue, retried with backoff, dead-lettered after N). */
export const DeliveryJob = z.object({
  deliveryId: Uuid,
  incidentId: Uuid,
  channelId: Uuid,
  channelKind: ChannelKind,
  event: z.enum(['fired', 'resolved', 'repeat', 'acknowledged']),
});
export type DeliveryJob = z.infer<typeof DeliveryJob>;

/** The job event of a stored delivery event (`repeat-2` -> `repeat`, `acknowledged-<ms>` -> `acknowledged`). */
export function deliveryJobEvent(event: string): DeliveryJob['event'] {
  if (event.startsWith('repeat')) return 'repeat';
  if (event.startsWith('acknowledged')) return 'acknowledged';
  return event === 'resolved' ? 'resolved' : 'fired';
}

/**
 * Produced by the api-gateway after a user changed alert rules, channels or silences (core NATS); alerting reloads
 * that organisation's configuration at once instead of at its next periodic refresh.
 */
export const AlertConfigChanged = z.object({
  orgId: Uuid,
  /** The server whose rules changed, or null for organisation-wide changes (channels, silences). */
  serverId: Uuid.nullable(),
  what: z.enum(['rules', 'channels', 'silences']),
});
export type AlertConfigChanged = z.infer<typeof AlertConfigChanged>;

/** Request of the api-gateway to alerting: send a test message to a channel now and tell what the receiver said. */
export const ChannelTestRequest = z.object({ orgId: Uuid, channelId: Uuid });
export type ChannelTestRequest = z.infer<typeof ChannelTestRequest>;

/** Answer to a channel test: whether the receiver accepted it, its status and answer (secrets redacted). */
export const ChannelTestResult = z.object({
  delivered: z.boolean(),
  receiverStatus: z.int().nullable(),
  /** The start of the receiver's answer body, at most 500 characters. */
  receiverAnswer: z.string().nullable(),
  durationMs: z.number().nonnegative(),
  /** What went wrong and what to do, in plain words; null when delivered. */
  error: z.string().nullable(),
});
export type ChannelTestResult = z.infer<typeof ChannelTestResult>;
