import { z } from 'zod';
import { PollKind, Timestamp, Uuid } from './common.schema';

export const PlanId = z.enum(['free', 'hobby', 'pro', 'team', 'enterprise']);
export type PlanId = z.infer<typeof PlanId>;

export const BillingPeriod = z.enum(['monthly', 'yearly']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

/** Polling interval in seconds per poll kind. */
export const PollIntervals = z.record(PollKind, z.int().positive());
export type PollIntervals = z.infer<typeof PollIntervals>;

/** What an organisation's plan allows (null = unlimited). */
export const PlanEntitlements = z.object({
  orgId: Uuid,
  planId: PlanId,
  maxServers: z.int().nullable(),
  retentionHours: z.int().positive(),
  intervals: PollIntervals,
  discordAlerts: z.boolean(),
  multiChannelAlerts: z.boolean(),
  apiAccess: z.boolean(),
  apiDailyQuota: z.int().nullable(),
  shareLinks: z.boolean(),
  /** Public status pages; absent in the answer of a billing-limits older than the flag (read as shareLinks then). */
  statusPages: z.boolean().optional(),
  roles: z.boolean(),
});
export type PlanEntitlements = z.infer<typeof PlanEntitlements>;

/** Request of api-gateway / poller / alerting to billing-limits: the entitlements of one organisation. */
export const EntitlementsRequest = z.object({ orgId: Uuid });
export type EntitlementsRequest = z.infer<typeof EntitlementsRequest>;

/** Request of api-gateway to billing-limits before saving a server: may this organisation add host:port? */
export const ServerAllowanceRequest = z.object({
  orgId: Uuid,
  host: z.string().min(1),
  port: z.int().min(1).max(65535),
});
export type ServerAllowanceRequest = z.infer<typeof ServerAllowanceRequest>;

/** Answer to a server allowance request; when refused it names the plan, the limit and the upgrade. */
export const ServerAllowance = z.object({
  allowed: z.boolean(),
  planId: PlanId,
  limit: z.int().nullable(),
  used: z.int().nonnegative(),
  upgradePlanId: PlanId.nullable(),
});
export type ServerAllowance = z.infer<typeof ServerAllowance>;

/** Request of api-gateway to billing-limits: lease `count` API requests of today's quota. */
export const QuotaLeaseRequest = z.object({ orgId: Uuid, count: z.int().positive().max(10_000) });
export type QuotaLeaseRequest = z.infer<typeof QuotaLeaseRequest>;

/** Answer to a quota lease: how many were granted (0 when exhausted) and when the day resets. */
export const QuotaLease = z.object({
  granted: z.int().nonnegative(),
  limit: z.int().nullable(),
  remaining: z.int().nonnegative().nullable(),
  resetAt: Timestamp,
});
export type QuotaLease = z.infer<typeof QuotaLease>;

/** Produced by billing-limits after a subscription change; consumed by poller (intervals) and alerting (channels). */
export const PlanChanged = z.object({
  orgId: Uuid,
  planId: PlanId,
  previousPlanId: PlanId.nullable(),
  period: BillingPeriod,
  occurredAt: Timestamp,
});
export type PlanChanged = z.infer<typeof PlanChanged>;

/** Request of api-gateway to billing-limits: put the organisation on `planId` (no payment: prices are shown only). */
export const SubscriptionChangeRequest = z.object({ orgId: Uuid, planId: PlanId, period: BillingPeriod });
export type SubscriptionChangeRequest = z.infer<typeof SubscriptionChangeRequest>;

/**
 * Answer to a subscription change. Refused when the organisation has more servers than the new plan allows
 * (`toRemove` says how many must go first) or when the plan is not self-service (Enterprise is arranged with us).
 */
export const SubscriptionChange = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    planId: PlanId,
    previousPlanId: PlanId.nullable(),
    period: BillingPeriod,
    /** false when the organisation already was on this plan and period (nothing published). */
    changed: z.boolean(),
    startedAt: Timestamp,
  }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['too_many_servers', 'not_self_service']),
    planId: PlanId,
    limit: z.int().nullable(),
    used: z.int().nonnegative(),
    toRemove: z.int().nonnegative(),
  }),
]);
export type SubscriptionChange = z.infer<typeof SubscriptionChange>;
