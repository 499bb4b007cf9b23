import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { MetricsService } from '../metrics/metrics.service';
import { PlayersRepository, type SessionRow } from './players.repository';
import type { SessionsQuery } from './players.schemas';

const HOUR_MS = 3_600_000;
/** The longest from..to a sessions query may span (a year and a day: any plan's retention fits). */
export const MAX_RANGE_DAYS = 366;
/** Sessions listed on a player's page. */
const PLAYER_SESSIONS = 200;
/** Players a search answers at most. */
const SEARCH_LIMIT = 50;

const invalid = (field: string, problem: string, remedy: string) =>
  new ApiError('ValidationFailed', `${field} ${problem}`, remedy, { fields: [{ field, problem }] });

/**
 * Player history (issue 24): sessions derived by billing-limits from the poll results, read within the plan's
 * retention. Another organisation's server is a 404, like every server route.
 */
@Injectable()
export class PlayersService {
  constructor(
    private readonly repository: PlayersRepository,
    private readonly metrics: MetricsService,
    private readonly billing: BillingClient,
    private readonly clock: Clock,
  ) {}

  /** Sessions overlapping from..to (default the last 24 hours), never older than the plan keeps. */
  async sessions(orgId: string, serverId: string, query: SessionsQuery) {
    await this.metrics.owned(orgId, serverId);
    const now = this.clock.now();
    const to = query.to ? new Date(query.to) : now;
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - 24 * HOUR_MS);
    if (from >= to) throw invalid('from', 'must be before to', 'Swap or correct the times.');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 24 * HOUR_MS)
      throw invalid(
        'from',
        `must be at most ${MAX_RANGE_DAYS} days before to`,
        'Ask for a shorter range, or several ranges one after the other.',
      );
    const { oldest, retentionHours } = await this.retention(orgId, now);
    const start = from < oldest ? oldest : from;
    const sessions = await this.repository.sessions(serverId, start, to, now, query.player ?? null, query.limit);
    return { from: start.toISOString(), to: to.toISOString(), retention_hours: retentionHours, sessions };
  }

  /** A player's first and last seen, total playtime and newest sessions on a server. */
  async player(orgId: string, serverId: string, playerId: string) {
    await this.metrics.owned(orgId, serverId);
    if (!isUuid(playerId)) throw ApiError.notFound('player');
    const now = this.clock.now();
    const totals = await this.repository.totals(serverId, playerId, now);
    if (!totals) throw ApiError.notFound('player');
    const sessions = await this.repository.playerSessions(serverId, playerId, now, PLAYER_SESSIONS);
    return { server_id: serverId, player_id: playerId, ...totals, sessions };
  }

  /** Who was online at `t` (default now). */
  async onlineAt(orgId: string, serverId: string, t: string | undefined) {
    await this.metrics.owned(orgId, serverId);
    const now = this.clock.now();
    const at = t ? new Date(t) : now;
    if (at > now) throw invalid('t', 'must not be in the future', 'Ask for a past instant, or leave t out for now.');
    return { t: at.toISOString(), players: await this.repository.onlineAt(serverId, at, now) };
  }

  /** Named players across the organisation's servers whose name contains `q`. */
  search(orgId: string, q: string) {
    return this.repository.search(orgId, q, this.clock.now(), SEARCH_LIMIT);
  }

  /** Players online per hour of the week over the retention window. */
  async heatmap(orgId: string, serverId: string, tz: string) {
    await this.metrics.owned(orgId, serverId);
    const now = this.clock.now();
    const { oldest, retentionHours } = await this.retention(orgId, now);
    const cells = await this.repository.heatmap(serverId, oldest, now, now, tz);
    return { from: oldest.toISOString(), to: now.toISOString(), tz, retention_hours: retentionHours, cells };
  }

  private async retention(orgId: string, now: Date) {
    const plan = await this.billing.entitlements(orgId);
    return { retentionHours: plan.retentionHours, oldest: new Date(now.getTime() - plan.retentionHours * HOUR_MS) };
  }
}

export type { SessionRow };
