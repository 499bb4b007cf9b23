import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { NEXT_LINK_HEADER, sendNextLink } from './link-paging';
import {
  ADDON_ERRORS,
  Building,
  BuildingsQuery,
  Circuit,
  Dashboard,
  Drone,
  DroneStation,
  Extractor,
  Generator,
  InventoryQuery,
  InventorySearchItem,
  LatestMetrics,
  PageOf,
  Player,
  PlayersPage,
  ProductionItem,
  ResourceSink,
  Session,
  Train,
} from './metrics.schemas';
import { MetricsService } from './metrics.service';

/** The newest samples of a server (scope metrics:read); the share API mirrors each (PublicShareController). */
@ApiTags('metrics')
@Controller('api/v1/servers/:id')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('metrics/latest')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'The newest health sample (tick rate, players, tier, phase, ...)',
    response: LatestMetrics,
    errors: [404, 409],
  })
  latest(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.latest(caller.orgId, id);
  }

  @Get('dashboard')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Every latest kind in one answer (a kind never polled is [] or null; the add-on state is in `addon`)',
    response: Dashboard,
    errors: [404],
  })
  dashboard(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.dashboard(caller.orgId, id);
  }

  @Get('players')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Players of the newest sample: a JSON array, paged by limit and cursor (Link rel="next")',
    query: PlayersPage,
    response: z.array(Player),
    headers: NEXT_LINK_HEADER,
    errors: ADDON_ERRORS,
  })
  async players(
    @Caller() caller: Principal,
    @Param('id') id: string,
    @Query() query: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseInput(PlayersPage, query, 'query');
    const page = await this.metrics.players(caller.orgId, id, q.limit, q.cursor ?? null);
    sendNextLink(req, res, q.limit, page.next_cursor);
    return page.items;
  }

  @Get('power/latest')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({ summary: 'Power circuits of the newest sample', response: z.array(Circuit), errors: ADDON_ERRORS })
  power(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonLatest(caller.orgId, id, 'power');
  }

  @Get('production/latest')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Production per item of the newest sample',
    response: z.array(ProductionItem),
    errors: ADDON_ERRORS,
  })
  production(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonLatest(caller.orgId, id, 'production');
  }

  @Get('trains')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({ summary: 'Trains of the newest sample', response: z.array(Train), errors: ADDON_ERRORS })
  trains(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonLatest(caller.orgId, id, 'trains');
  }

  @Get('drones')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({ summary: 'Drones of the newest sample', response: z.array(Drone), errors: ADDON_ERRORS })
  drones(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonLatest(caller.orgId, id, 'drones');
  }

  @Get('generators')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({ summary: 'Power generators of the newest sample', response: z.array(Generator), errors: ADDON_ERRORS })
  generators(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonLatest(caller.orgId, id, 'generators');
  }

  @Get('extractors')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Miners, water and oil extractors and well extractors of the newest sample',
    response: z.array(Extractor),
    errors: ADDON_ERRORS,
  })
  extractors(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonLatest(caller.orgId, id, 'extractors');
  }

  @Get('drone-stations')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({ summary: 'Drone ports of the newest sample', response: z.array(DroneStation), errors: ADDON_ERRORS })
  droneStations(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonLatest(caller.orgId, id, 'drone_stations');
  }

  @Get('world-inventory')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Item totals of the newest world inventory, searched by q, each with the containers holding it',
    query: InventoryQuery,
    response: z.array(InventorySearchItem),
    errors: ADDON_ERRORS,
  })
  inventory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const q = parseInput(InventoryQuery, query, 'query');
    return this.metrics.inventory(caller.orgId, id, q.q || null);
  }

  @Get('resource-sink')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({ summary: 'The AWESOME Sink of the newest sample', response: ResourceSink, errors: ADDON_ERRORS })
  resourceSink(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonOne(caller.orgId, id, 'resource_sink');
  }

  @Get('session')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({ summary: 'The loaded save of the newest sample', response: Session, errors: ADDON_ERRORS })
  session(@Caller() caller: Principal, @Param('id') id: string) {
    return this.metrics.addonOne(caller.orgId, id, 'session');
  }

  @Get('buildings')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Factory buildings of the newest sample, filtered by state, type and recipe, paged',
    query: BuildingsQuery,
    response: PageOf(Building),
    errors: ADDON_ERRORS,
  })
  buildings(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const { limit, cursor, ...filter } = parseInput(BuildingsQuery, query, 'query');
    return this.metrics.buildings(caller.orgId, id, limit, cursor ?? null, filter);
  }
}
