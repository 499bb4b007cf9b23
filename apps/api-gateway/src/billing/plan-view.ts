import type { PlanRecord } from './billing.repository';

const euros = (cents: number | null) => (cents === null ? null : cents / 100);

/** A plan as the API shows it (prices in euros, polling intervals by data kind). */
export function planView(p: PlanRecord) {
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
      generators: p.intervalGeneratorsSeconds,
      extractors: p.intervalExtractorsSeconds,
      drone_stations: p.intervalDroneStationsSeconds,
      inventory: p.intervalInventorySeconds,
      resource_sink: p.intervalResourceSinkSeconds,
      session: p.intervalHealthSeconds,
    },
    discord_alerts: p.discordAlerts,
    multi_channel_alerts: p.multiChannelAlerts,
    api_access: p.apiAccess,
    api_daily_quota: p.apiDailyQuota,
    share_links: p.shareLinks,
    status_pages: p.statusPages,
    roles: p.roles,
    sla: p.sla,
  };
}
export type PlanView = ReturnType<typeof planView>;
