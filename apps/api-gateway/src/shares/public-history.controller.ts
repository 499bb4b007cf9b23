import { Clock } from '@app/platform';
import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { range, type HistoryRange } from '../metrics/history-range';
import {
  ADDON_ERRORS,
  GeneratorsHistoryAnswer,
  History,
  MetricsHistoryAnswer,
  PlayersHistoryAnswer,
  TrailsAnswer,
  PowerHistory,
  PowerHistoryAnswer,
  ProductionHistory,
  ProductionHistoryAnswer,
  ResourceSinkHistoryAnswer,
  SessionHistory,
} from '../metrics/metrics.schemas';
import { MetricsService } from '../metrics/metrics.service';
import { PublicShareInterceptor } from './public-share.interceptor';
import { SharesService } from './shares.service';

const HOUR_SECONDS = 3600;

/**
 * A share link's history over more than an hour is read in whole minutes (whole hours from a step of an hour on):
 * from the 1-minute / 1-hour aggregates, never a scan of raw samples in a step an anonymous visitor chose.
 */
export function aggregateRange<R extends HistoryRange>(r: R): R {
  if (r.to.getTime() - r.from.getTime() <= HOUR_SECONDS * 1000) return r;
  const unit = r.stepSeconds >= HOUR_SECONDS ? HOUR_SECONDS : 60;
  return { ...r, stepSeconds: Math.ceil(r.stepSeconds / unit) * unit };
}

/**
 * The share API's mirrors of the history routes (see PublicShareController); ranges over an hour in whole minutes
 * or hours ({@link aggregateRange}).
 */
@ApiTags('public (share links)')
@Controller('api/v1/public/:token')
@UseInterceptors(PublicShareInterceptor)
export class PublicShareHistoryController {
  constructor(
    private readonly shares: SharesService,
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
  ) {}

  @Get('metrics/history')
  @Public()
  @ApiRoute({
    summary: 'Tick rate and players over time',
    query: History,
    response: MetricsHistoryAnswer,
    errors: [404],
  })
  async metricsHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const r = aggregateRange(range(query, this.clock.now()));
    return this.metrics.history(s.orgId, s.serverId, 'metrics', r);
  }

  @Get('players/history')
  @Public()
  @ApiRoute({
    summary: 'Players online over time',
    query: SessionHistory,
    response: PlayersHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  async playersHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const r = aggregateRange(range(query, this.clock.now(), SessionHistory));
    return this.metrics.history(s.orgId, s.serverId, 'players', r, r.filters);
  }

  @Get('players/trails')
  @Public()
  @ApiRoute({
    summary: 'Where each online player was over time',
    query: SessionHistory,
    response: TrailsAnswer,
    errors: ADDON_ERRORS,
  })
  async playersTrails(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const r = aggregateRange(range(query, this.clock.now(), SessionHistory));
    return this.metrics.history(s.orgId, s.serverId, 'trails', r, r.filters);
  }

  @Get('power/history')
  @Public()
  @ApiRoute({
    summary: 'Power per circuit over time',
    query: PowerHistory,
    response: PowerHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  async powerHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const r = aggregateRange(range(query, this.clock.now(), PowerHistory));
    return this.metrics.history(s.orgId, s.serverId, 'power', r, r.filters);
  }

  @Get('production/history')
  @Public()
  @ApiRoute({
    summary: 'Produced and consumed per item over time',
    query: ProductionHistory,
    response: ProductionHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  async productionHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const r = aggregateRange(range(query, this.clock.now(), ProductionHistory));
    return this.metrics.history(s.orgId, s.serverId, 'production', r, r.filters);
  }

  @Get('generators/history')
  @Public()
  @ApiRoute({
    summary: 'Generator production and capacity per fuel over time',
    query: SessionHistory,
    response: GeneratorsHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  async generatorsHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const r = aggregateRange(range(query, this.clock.now(), SessionHistory));
    return this.metrics.history(s.orgId, s.serverId, 'generators', r, r.filters);
  }

  @Get('resource-sink/history')
  @Public()
  @ApiRoute({
    summary: 'AWESOME Sink points, points per minute and coupons over time',
    query: SessionHistory,
    response: ResourceSinkHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  async resourceSinkHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const r = aggregateRange(range(query, this.clock.now(), SessionHistory));
    return this.metrics.history(s.orgId, s.serverId, 'resource_sink', r, r.filters);
  }
}
