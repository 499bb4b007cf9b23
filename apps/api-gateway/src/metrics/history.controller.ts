import { Clock } from '@app/platform';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { range } from './history-range';
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
} from './metrics.schemas';
import { MetricsService } from './metrics.service';

/**
 * A server's bucketed history (scope metrics:read): from, to and step, within the plan's retention, read from the
 * 1-minute / 1-hour aggregates where the step allows; the share API mirrors each (PublicShareController).
 */
@ApiTags('metrics')
@Controller('api/v1/servers/:id')
export class HistoryController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
  ) {}

  @Get('metrics/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Tick rate and players over time, bucketed server-side',
    query: History,
    response: MetricsHistoryAnswer,
    errors: [404],
  })
  metricsHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    return this.metrics.history(caller.orgId, id, 'metrics', range(query, this.clock.now()));
  }

  @Get('power/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Power per circuit over time (one circuit with `circuit`), bucketed server-side',
    query: PowerHistory,
    response: PowerHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  powerHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const r = range(query, this.clock.now(), PowerHistory);
    return this.metrics.history(caller.orgId, id, 'power', r, r.filters);
  }

  @Get('players/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Players online over time, bucketed server-side',
    query: SessionHistory,
    response: PlayersHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  playersHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const r = range(query, this.clock.now(), SessionHistory);
    return this.metrics.history(caller.orgId, id, 'players', r, r.filters);
  }

  @Get('players/trails')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: "Where each online player was over time (the map's trails), bucketed server-side",
    query: SessionHistory,
    response: TrailsAnswer,
    errors: ADDON_ERRORS,
  })
  playersTrails(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const r = range(query, this.clock.now(), SessionHistory);
    return this.metrics.history(caller.orgId, id, 'trails', r, r.filters);
  }

  @Get('production/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Produced and consumed per item over time (one item with `item`), bucketed server-side',
    query: ProductionHistory,
    response: ProductionHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  productionHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const r = range(query, this.clock.now(), ProductionHistory);
    return this.metrics.history(caller.orgId, id, 'production', r, r.filters);
  }

  @Get('generators/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Generator production and capacity per fuel over time, bucketed server-side',
    query: SessionHistory,
    response: GeneratorsHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  generatorsHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const r = range(query, this.clock.now(), SessionHistory);
    return this.metrics.history(caller.orgId, id, 'generators', r, r.filters);
  }

  @Get('resource-sink/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'AWESOME Sink points, points per minute and coupons over time, bucketed server-side',
    query: SessionHistory,
    response: ResourceSinkHistoryAnswer,
    errors: ADDON_ERRORS,
  })
  resourceSinkHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const r = range(query, this.clock.now(), SessionHistory);
    return this.metrics.history(caller.orgId, id, 'resource_sink', r, r.filters);
  }
}
