import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { BillingClient, statusPagesAllowed } from '../billing/billing.client';
import { PromiseCache } from '../common/promise-cache';
import { ApiError } from '../http/api-error';
import { StatusIncidentsRepository, type StatusIncidentRecord } from './status-incidents.repository';
import {
  StatusPagesRepository,
  type MaintenanceWindow,
  type PageServer,
  type StatusPageRecord,
} from './status-pages.repository';
import { UPTIME_DAYS, uptimeDays, uptimeSummary, type UptimeDay } from './uptime';

const DAY_MS = 86_400_000;

/** A server of a public status page: what it shows now and its 90 days. */
export interface PublicServer extends PageServer {
  days: UptimeDay[];
  uptimePercent: number | null;
  degradedPercent: number | null;
}

/** Everything a public status page shows, computed once for the page, the feed, the badges and the JSON. */
export interface PublicStatusView {
  page: StatusPageRecord;
  /** The worst status now of the page's servers: operational, degraded (or starting / unknown) or down. */
  overall: 'operational' | 'degraded' | 'down';
  servers: PublicServer[];
  incidents: StatusIncidentRecord[];
  maintenance: MaintenanceWindow[];
  generatedAt: Date;
}

const pageNotFound = () =>
  new ApiError('NotFound', 'there is no status page at this address', 'Check the link with the server owner.');

/** The status page's view by slug, kept a few seconds (SHARE_ANSWER_CACHE_MS, as the share API's answers). */
@Injectable()
export class PublicStatusService {
  private readonly cache: PromiseCache<PublicStatusView>;

  constructor(
    private readonly pages: StatusPagesRepository,
    private readonly incidents: StatusIncidentsRepository,
    private readonly billing: BillingClient,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.cache = new PromiseCache<PublicStatusView>(Math.max(config.SHARE_ANSWER_CACHE_MS, 1), 10_000, clock);
  }

  /** The page at `slug`, or 404 (no such page, or its organisation's plan no longer has status pages). */
  view(slug: string): Promise<PublicStatusView> {
    if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(slug)) return Promise.reject(pageNotFound());
    return this.cache.get(slug, () => this.compute(slug));
  }

  /** Drops the cached view of a page (changed, deleted, or a new incident update). */
  forget(slug: string): void {
    this.cache.delete(slug);
  }

  private async compute(slug: string): Promise<PublicStatusView> {
    const page = await this.pages.bySlug(slug);
    if (!page) throw pageNotFound();
    const plan = await this.billing.entitlements(page.orgId);
    if (!statusPagesAllowed(plan)) throw pageNotFound();
    const now = this.clock.now();
    const from = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (UPTIME_DAYS - 1) * DAY_MS);
    const [servers, changes, incidents, maintenance] = await Promise.all([
      this.pages.pageServers(page.serverIds),
      this.pages.statusChanges(page.serverIds, from),
      this.incidents.recent(page.id, new Date(now.getTime() - UPTIME_DAYS * DAY_MS)),
      this.pages.maintenance(page.orgId, page.serverIds, now),
    ]);
    const withDays = servers.map((server): PublicServer => {
      const days = uptimeDays(
        changes.filter((c) => c.serverId === server.id),
        now,
      );
      return { ...server, days, ...uptimeSummary(days) };
    });
    return {
      page,
      overall: overallOf(withDays),
      servers: withDays,
      incidents,
      maintenance,
      generatedAt: now,
    };
  }
}

function overallOf(servers: readonly PageServer[]): PublicStatusView['overall'] {
  if (servers.some((s) => s.status === 'offline')) return 'down';
  if (servers.some((s) => s.status !== 'online')) return 'degraded';
  return 'operational';
}
