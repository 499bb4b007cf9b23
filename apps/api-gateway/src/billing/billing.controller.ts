import { BillingPeriod, PlanId } from '@app/contracts';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, Public, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { SubscriptionService } from './subscription.service';

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
  status_pages: z.boolean(),
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

/** The plan table (public), the organisation's subscription and its use. Prices are shown, not charged. */
@ApiTags('billing')
@Controller('api/v1')
export class BillingController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @Get('plans')
  @Public()
  @ApiRoute({ summary: 'The plans, their prices and limits (no sign-in needed)', response: z.array(PlanView) })
  list() {
    return this.subscriptions.planTable();
  }

  @Get('billing/subscription')
  @Access({ role: 'viewer' })
  @ApiRoute({
    summary: "The organisation's plan, its effective limits and the servers used",
    response: SubscriptionView,
  })
  subscription(@Caller() caller: Principal) {
    return this.subscriptions.subscription(caller.orgId);
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
  change(@Caller() caller: Principal, @Body() body: unknown) {
    return this.subscriptions.change(caller, parseInput(ChangeSubscription, body, 'body'));
  }

  @Get('billing/usage')
  @Access({ role: 'viewer' })
  @ApiRoute({ summary: "Today's API requests (UTC day) and the servers used, against the plan", response: UsageView })
  usage(@Caller() caller: Principal) {
    return this.subscriptions.usage(caller.orgId);
  }
}
