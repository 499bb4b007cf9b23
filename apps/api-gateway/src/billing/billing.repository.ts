import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A row of the plan table (owner: billing-limits), as the API reads it. */
export interface PlanRecord {
  id: string;
  name: string;
  currency: string;
  priceMonthlyCents: number | null;
  priceYearlyCents: number | null;
  maxServers: number | null;
  retentionHours: number | null;
  intervalHealthSeconds: number;
  intervalPowerSeconds: number;
  intervalPlayersSeconds: number;
  intervalProductionSeconds: number;
  intervalTrainsSeconds: number;
  intervalDronesSeconds: number;
  intervalFactorySeconds: number;
  intervalGeneratorsSeconds: number;
  intervalExtractorsSeconds: number;
  intervalDroneStationsSeconds: number;
  intervalInventorySeconds: number;
  intervalResourceSinkSeconds: number;
  discordAlerts: boolean;
  multiChannelAlerts: boolean;
  apiAccess: boolean;
  apiDailyQuota: number | null;
  shareLinks: boolean;
  statusPages: boolean;
  roles: boolean;
  sla: string | null;
}

/** An organisation's subscription: its billing period and since when. */
export interface SubscriptionRecord {
  period: string;
  startedAt: Date;
}

/** Reads plans, subscriptions and API usage (owner: billing-limits) and counts servers, for the billing routes. */
@Injectable()
export class BillingRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every plan, in the order of the plan table. */
  plans(): Promise<PlanRecord[]> {
    return this.prisma.plan.findMany({
      orderBy: { sortOrder: 'asc' },
      omit: { sortOrder: true },
    });
  }

  subscription(orgId: string): Promise<SubscriptionRecord | null> {
    return this.prisma.subscription.findUnique({ where: { orgId }, select: { period: true, startedAt: true } });
  }

  /** Servers as the plan counts them (a host and port pair is stored once per organisation: its unique key). */
  serversUsed(orgId: string): Promise<number> {
    return this.prisma.server.count({ where: { orgId } });
  }

  /** API requests counted for the organisation on a UTC day (`day` is YYYY-MM-DD); 0 when none. */
  async apiRequestsOn(orgId: string, day: string): Promise<number> {
    const row = await this.prisma.apiUsageDaily.findUnique({
      where: { orgId_day: { orgId, day: new Date(day) } },
      select: { requests: true },
    });
    return Number(row?.requests ?? 0);
  }
}
