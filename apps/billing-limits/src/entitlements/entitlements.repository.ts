import type { PollIntervals } from '@app/contracts';
import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A plan row with an organisation's overrides, as the entitlements need them. */
export interface PlanRow {
  planId: string;
  maxServers: number | null;
  retentionHours: number | null;
  /** Seconds per poll kind except the add-on check (its interval is the platform's, not the plan's). */
  intervals: Omit<PollIntervals, 'addon'>;
  discordAlerts: boolean;
  multiChannelAlerts: boolean;
  apiAccess: boolean;
  apiDailyQuota: number | null;
  shareLinks: boolean;
  statusPages: boolean;
  roles: boolean;
}

/** Reads plans and subscriptions (owner: billing-limits). */
@Injectable()
export class EntitlementsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The organisation's plan with its overrides; the Free plan when it has no subscription. */
  async planOf(orgId: string): Promise<PlanRow | null> {
    const subscription = await this.prisma.subscription.findUnique({ where: { orgId }, include: { plan: true } });
    const plan = subscription?.plan ?? (await this.prisma.plan.findUnique({ where: { id: 'free' } }));
    if (!plan) return null;
    return {
      planId: plan.id,
      maxServers: subscription?.customMaxServers ?? plan.maxServers,
      retentionHours: subscription?.customRetentionHours ?? plan.retentionHours,
      intervals: {
        health: plan.intervalHealthSeconds,
        power: plan.intervalPowerSeconds,
        players: plan.intervalPlayersSeconds,
        production: plan.intervalProductionSeconds,
        trains: plan.intervalTrainsSeconds,
        drones: plan.intervalDronesSeconds,
        factory: plan.intervalFactorySeconds,
        generators: plan.intervalGeneratorsSeconds,
        extractors: plan.intervalExtractorsSeconds,
        drone_stations: plan.intervalDroneStationsSeconds,
        inventory: plan.intervalInventorySeconds,
        // Storage containers are the inventory's other half; the session is polled with health.
        storage: plan.intervalInventorySeconds,
        resource_sink: plan.intervalResourceSinkSeconds,
        session: plan.intervalHealthSeconds,
      },
      discordAlerts: plan.discordAlerts,
      multiChannelAlerts: plan.multiChannelAlerts,
      apiAccess: plan.apiAccess,
      apiDailyQuota: subscription?.customApiDailyQuota ?? plan.apiDailyQuota,
      shareLinks: plan.shareLinks,
      statusPages: plan.statusPages,
      roles: plan.roles,
    };
  }
}
