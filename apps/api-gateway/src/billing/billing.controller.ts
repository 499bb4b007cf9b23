import { BillingPeriod, PlanId, Requests } from '@app/contracts';
import { PrismaService } from '@app/database';
import { Messaging } from '@app/messaging';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AuditService } from '../audit/audit.service';
import { Access, Caller, Public, type Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { PromiseCache } from '../common/promise-cache';
import { BillingClient } from './billing.client';

const euros = (cents: number | null) => (cents === null ? null : cents / 100);

const PlanView = z.object({
  id: z.string(),
  name: z.string(),
  price: z.object({
    currency: z.string(),
    monthly: z.number().nullable().describe('excluding VAT; null = custom (Enterprise)'),
    yearly: z.number().nullable(),
  }),
  servers: z.int().nullable().describe('null = unlimited'),
  retention_hours: z.int().nullable().describe('null = per organisation (Enterprise)'),
  polling_intervals_seconds: z.record(z.string(), z.int()),
  discord_alerts: z.boolean(),
  multi_channel_alerts: z.boolean(),
  api_access: z.boolean(),
  api_daily_quota: z.int().nullable().describe('null with api_access = per organisation (Enterprise)'),
  share_links: z.boolean(),
  roles: z.boolean(),
  sla: z.string().nullable(),
});
const ChangeSubscription = z.strictObject({ plan: PlanId, period: BillingPeriod.default('monthly') });
const SubscriptionView = z.object({
  plan: PlanView,
  period: z.string(),
  started_at: z.string().nullable(),
  limits: z.object({
    servers: z.int().nullable(),
    retention_hours: z.int(),
    api_daily_quota: z.int().nullable(),
  }),
  usage: z.object({ servers: z.int() }),
});
const UsageView = z.object({
  day: z.string(),
  api_requests: z.object({
    used: z.int().describe('requests counted today, including those leased by a replica but not yet spent'),
    limit: z.int().nullable(),
    remaining: z.int().nullable(),
    reset_at: z.string(),
  }),
  servers: z.object({ used: z.int(), limit: z.int().nullable() }),
});

type PlanRow = Awaited<ReturnType<PrismaService['plan']['findMany']>>[number];

function planView(p: PlanRow) {
  return {
    id: p.id,
    name: p.name,
    price: { currency: p.currency, monthly: euros(p.priceMonthlyCents), yearly: euros(p.priceYearlyCents) },
    servers: p.maxServers,
    retention_hours: p.retentionHours,
    polling_intervals_seconds: {
      health: p.intervalHealthSeconds,
      player_count: p.intervalHealthSeconds,
      power: p.intervalPowerSeconds,
      players: p.intervalPlayersSeconds,
      production: p.intervalProductionSeconds,
      trains: p.intervalTrainsSeconds,
      drones: p.intervalDronesSeconds,
      factory_buildings: p.intervalFactorySeconds,
    },
    discord_alerts: p.discordAlerts,
    multi_channel_alerts: p.multiChannelAlerts,
    api_access: p.apiAccess,
    api_daily_quota: p.apiDailyQuota,
    share_links: p.shareLinks,
    roles: p.roles,
    sla: p.sla,
  };
}

/** Servers as the plan counts them (a host and port pair is stored once per organisation: its unique key). */
function serversUsed(prisma: PrismaService, orgId: string): Promise<number> {
  return prisma.server.count({ where: { orgId } });
}

/** The plan table (public), the organisation's subscription and its use. Prices are shown, not charged. */
@ApiTags('billing')
@Controller('api/v1')
export class BillingController {
  private readonly plans = new PromiseCache<PlanRow[]>(30_000);

  constructor(
    private readonly prisma: PrismaService,
    private readonly messaging: Messaging,
    private readonly billing: BillingClient,
    private readonly audit: AuditService,
  ) {}

  private allPlans(): Promise<PlanRow[]> {
    return this.plans.get('all', () => this.prisma.plan.findMany({ orderBy: { sortOrder: 'asc' } }));
  }

  @Get('plans')
  @Public()
  @ApiRoute({ summary: 'The plans, their prices and limits (no sign-in needed)', response: z.array(PlanView) })
  async list() {
    return (await this.allPlans()).map(planView);
  }

  @Get('billing/subscription')
  @Access({ role: 'viewer' })
  @ApiRoute({
    summary: "The organisation's plan, its effective limits and the servers used",
    response: SubscriptionView,
  })
  async subscription(@Caller() caller: Principal) {
    const [entitlements, subscription, used] = await Promise.all([
      this.billing.entitlements(caller.orgId),
      this.prisma.subscription.findUnique({ where: { orgId: caller.orgId } }),
      serversUsed(this.prisma, caller.orgId),
    ]);
    const plan = (await this.allPlans()).find((p) => p.id === entitlements.planId);
    if (!plan) throw new ApiError('ServiceUnavailable', 'the plan table is not loaded', 'Try again in a minute.');
    return {
      plan: planView(plan),
      period: subscription?.period ?? 'monthly',
      started_at: subscription?.startedAt.toISOString() ?? null,
      limits: {
        servers: entitlements.maxServers,
        retention_hours: entitlements.retentionHours,
        api_daily_quota: entitlements.apiAccess ? entitlements.apiDailyQuota : 0,
      },
      usage: { servers: used },
    };
  }

  @Put('billing/subscription')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary:
      'Change the plan (no payment is taken). A downgrade that would leave more servers than the new plan allows ' +
      'is refused (409) with the number to remove; samples stay until they expire under the new retention',
    body: ChangeSubscription,
    response: SubscriptionView,
    errors: [409, 503],
  })
  async change(@Caller() caller: Principal, @Body() body: unknown) {
    const input = parseInput(ChangeSubscription, body, 'body');
    const answer = await this.messaging
      .request(Requests.changeSubscription, { orgId: caller.orgId, planId: input.plan, period: input.period })
      .catch(() => {
        throw new ApiError(
          'ServiceUnavailable',
          'the plan could not be changed right now',
          'Try again in a few seconds; nothing was changed.',
        );
      });
    if (!answer.ok) {
      if (answer.reason === 'not_self_service')
        throw new ApiError(
          'Conflict',
          `the ${answer.planId} plan is arranged with us, not chosen here`,
          'Contact sales for custom limits; meanwhile choose another plan.',
          { plan: answer.planId },
        );
      throw new ApiError(
        'Conflict',
        `the ${answer.planId} plan allows ${answer.limit} server(s); this organisation has ${answer.used}`,
        `Remove ${answer.toRemove} server(s) first, then change the plan.`,
        { plan: answer.planId, limit: answer.limit, used: answer.used, to_remove: answer.toRemove },
      );
    }
    this.billing.forget(caller.orgId);
    if (answer.changed)
      await this.audit.record(
        caller,
        'plan.changed',
        { type: 'organisation', id: caller.orgId },
        { plan: answer.planId, previous_plan: answer.previousPlanId, period: answer.period },
      );
    return this.subscription(caller);
  }

  @Get('billing/usage')
  @Access({ role: 'viewer' })
  @ApiRoute({ summary: "Today's API requests (UTC day) and the servers used, against the plan", response: UsageView })
  async usage(@Caller() caller: Principal) {
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const [entitlements, row, servers] = await Promise.all([
      this.billing.entitlements(caller.orgId),
      this.prisma.apiUsageDaily.findUnique({ where: { orgId_day: { orgId: caller.orgId, day: new Date(day) } } }),
      serversUsed(this.prisma, caller.orgId),
    ]);
    const used = Number(row?.requests ?? 0);
    const limit = entitlements.apiAccess ? entitlements.apiDailyQuota : 0;
    return {
      day,
      api_requests: {
        used,
        limit,
        remaining: limit === null ? null : Math.max(0, limit - used),
        reset_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString(),
      },
      servers: { used: servers, limit: entitlements.maxServers },
    };
  }
}
