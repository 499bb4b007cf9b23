import { parseGamePhase } from '@app/game-client';
import { Clock } from '@app/platform';
import type { AddonKind } from '@app/samples';
import { Injectable } from '@nestjs/common';
import { BillingClient } from '../billing/billing.client';
import { PromiseCache } from '../common/promise-cache';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import type { HistoryRange } from './history-range';
import { HistoryRepository, type HistoryFilters, type HistoryKind } from './history.repository';
import type { ListedKind, SingleKind } from './latest.sql';
import { MetricsRepository, type ApiRow, type BuildingsFilter, type MetricsOwner } from './metrics.repository';

export type { AddonKind } from '@app/samples';

/** How long a server's owner and add-on state, and a read of its newest samples, are reused. */
const OWNER_CACHE_MS = 5_000;
const READ_CACHE_MS = 1_000;

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * The REST API's time-series reads, in the spec's field names: ownership (another organisation's server is a 404),
 * the add-on's availability (409 with the remedy), "no poll yet" (409 NoDataYet) and the plan's retention.
 * Newest-sample reads are reused for a second, owner checks for five.
 */
@Injectable()
export class MetricsService {
  private readonly owners = new PromiseCache<MetricsOwner | null>(OWNER_CACHE_MS);
  private readonly reads = new PromiseCache<unknown>(READ_CACHE_MS);

  constructor(
    private readonly repository: MetricsRepository,
    private readonly histories: HistoryRepository,
    private readonly billing: BillingClient,
    private readonly clock: Clock,
  ) {}

  /** Forgets a server (after it was deleted or changed here). */
  forget(serverId: string): void {
    this.owners.delete(serverId);
    this.reads.deletePrefix(serverId);
  }

  /** The server if it belongs to the organisation; else 404 (unknown and not-yours look the same). */
  async owned(orgId: string, serverId: string): Promise<MetricsOwner> {
    if (!isUuid(serverId)) throw ApiError.notFound('server');
    const owner = await this.owners.get(serverId, () => this.repository.owner(serverId));
    if (!owner || owner.orgId !== orgId) throw ApiError.notFound('server');
    return owner;
  }

  private cached<T>(key: string, read: () => Promise<T>): Promise<T> {
    return this.reads.get(key, read) as Promise<T>;
  }

  async latest(orgId: string, serverId: string): Promise<ApiRow> {
    await this.owned(orgId, serverId);
    const row = await this.cached(`${serverId}:metrics`, () => this.repository.latestHealth(serverId));
    if (!row) throw noData('metrics');
    return { ...row, game_phase_name: parseGamePhase(row.game_phase as string | null).name };
  }

  /** The newest sample set of an add-on kind listed whole (all rows of that poll). */
  async addonLatest(orgId: string, serverId: string, kind: ListedKind): Promise<ApiRow[]> {
    await this.addonOwned(orgId, serverId, kind);
    const rows = await this.cached(`${serverId}:${kind}`, () => this.repository.latestRows(serverId, kind));
    if (rows.length === 0) await this.assertAddonData(serverId, kind);
    return rows;
  }

  /** The newest sample of an add-on kind of one row per poll (the resource sink, the session). */
  async addonOne(orgId: string, serverId: string, kind: SingleKind): Promise<ApiRow> {
    await this.addonOwned(orgId, serverId, kind);
    const rows = await this.cached(`${serverId}:${kind}`, () => this.repository.latestRows(serverId, kind));
    if (!rows[0]) throw noData(kind);
    return rows[0];
  }

  /** Players of the newest sample, with when each was last seen online; paged by player id. */
  async players(orgId: string, serverId: string, limit: number, cursor: string | null): Promise<Page<ApiRow>> {
    await this.addonOwned(orgId, serverId, 'players');
    const rows = await this.repository.playersPage(serverId, cursor, limit + 1);
    if (rows.length === 0 && cursor === null) await this.assertAddonData(serverId, 'players');
    return page(rows, limit, (r) => String(r.id));
  }

  async buildings(
    orgId: string,
    serverId: string,
    limit: number,
    cursor: string | null,
    filter: BuildingsFilter = {},
  ): Promise<Page<ApiRow>> {
    await this.addonOwned(orgId, serverId, 'factory');
    const rows = await this.repository.buildingsPage(serverId, cursor, limit + 1, filter);
    if (rows.length === 0 && cursor === null) await this.assertAddonData(serverId, 'factory');
    return page(rows, limit, (r) => String(r.building_id));
  }

  /** The newest world inventory, searched by part of an item's name or class, with the containers holding each. */
  async inventory(orgId: string, serverId: string, q: string | null): Promise<ApiRow[]> {
    await this.addonOwned(orgId, serverId, 'inventory');
    const rows = await this.cached(`${serverId}:inventory:${q ?? ''}`, () => this.repository.inventory(serverId, q));
    if (rows.length === 0) await this.assertAddonData(serverId, 'inventory');
    return rows;
  }

  /** Every latest kind in one answer; a missing add-on is told in `addon`, not by a 409. */
  async dashboard(orgId: string, serverId: string) {
    await this.owned(orgId, serverId);
    const d = await this.cached(`${serverId}:dashboard`, () => this.repository.dashboard(serverId));
    const { status, addon_status, addon_reason, metrics, ...kinds } = d;
    const health = metrics as ApiRow | null;
    return {
      server_id: serverId,
      status: (status as string | null) ?? 'unknown',
      addon: { status: (addon_status as string | null) ?? 'unknown', reason: addon_reason ?? null },
      metrics: health && { ...health, game_phase_name: parseGamePhase(health.game_phase as string | null).name },
      ...kinds,
    };
  }

  /** Bucketed history, never older than the plan's retention. */
  async history(orgId: string, serverId: string, what: HistoryKind, range: HistoryRange, filters: HistoryFilters = {}) {
    if (what === 'metrics') await this.owned(orgId, serverId);
    else await this.addonOwned(orgId, serverId, what === 'trails' ? 'players' : what);
    const plan = await this.billing.entitlements(orgId);
    const oldest = new Date(this.clock.nowMs() - plan.retentionHours * 3_600_000);
    const from = range.from < oldest ? oldest : range.from;
    const buckets = await this.histories.history(serverId, what, { ...range, from }, filters);
    return {
      from: from.toISOString(),
      to: range.to.toISOString(),
      step_seconds: range.stepSeconds,
      retention_hours: plan.retentionHours,
      buckets,
    };
  }

  /** The owned server of an add-on kind's route: 409 AddonUnavailable without the add-on. */
  private async addonOwned(orgId: string, serverId: string, kind: AddonKind): Promise<void> {
    addonAvailable(await this.owned(orgId, serverId), kind);
  }

  /** An empty add-on kind: no poll yet (409 NoDataYet), or truly empty ([]: a factory without trains). */
  private async assertAddonData(serverId: string, kind: AddonKind): Promise<void> {
    if (!(await this.repository.polled(serverId, kind))) throw noData(kind);
  }
}

/**
 * Add-on kinds of a server whose add-on is unavailable answer 409 with the reason and the remedy, even when older
 * samples exist: an empty list would look like a factory without power, and old data like current data.
 */
function addonAvailable(owner: MetricsOwner, kind: AddonKind): void {
  if (owner.addonStatus !== 'unavailable') return;
  throw new ApiError(
    'AddonUnavailable',
    `the Ficsit Remote Monitoring add-on is not available on this server${owner.addonReason ? `: ${owner.addonReason}` : ''}`,
    'Install Ficsit Remote Monitoring on the server and open its HTTP port (default 8080, TCP), or enable its ' +
      'proxy on the game port; the platform re-checks every few minutes.',
    { kind },
  );
}

function noData(kind: string): ApiError {
  return new ApiError(
    'NoDataYet',
    `no ${kind} sample has been stored for this server yet`,
    'The first poll runs within seconds of registration; try again shortly. GET /api/v1/servers/{id} shows the status.',
    { kind },
  );
}

function page<T>(rows: T[], limit: number, key: (row: T) => string): Page<T> {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, next_cursor: more ? key(items[items.length - 1]!) : null };
}
