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
  event: z.enum(['fired', 'resolved', 'test']),
});
export type DeliveryJob = z.infer<typeof DeliveryJob>;
