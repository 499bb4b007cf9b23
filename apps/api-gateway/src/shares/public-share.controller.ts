import { Controller, Get, Param, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { Public } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { NEXT_LINK_HEADER, sendNextLink } from '../metrics/link-paging';
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
} from '../metrics/metrics.schemas';
import { MetricsService } from '../metrics/metrics.service';
import { PublicShareInterceptor } from './public-share.interceptor';
import { SharesService } from './shares.service';

const PublicServer = z.object({
  server: z.object({
    name: z.string(),
    status: z.string(),
    addon_status: z.string(),
    last_seen_at: z.string().nullable(),
  }),
  kind: z.string(),
  expires_at: z.string().nullable(),
});

/**
 * What a share token reads: one server's dashboard data, read-only, without sign-in, in the same shapes as the
 * authenticated routes. The server is the token's (there is no id in the path to change); its address and ports
 * are never shown. Tokens are resolved through a 10-second cache, the reads through the metrics service's; the
 * histories are mirrored by PublicShareHistoryController. Rate limits, invalid tokens and a few seconds' answer
 * cache: PublicShareInterceptor (docs/security/shares.md).
 */
@ApiTags('public (share links)')
@Controller('api/v1/public/:token')
@UseInterceptors(PublicShareInterceptor)
export class PublicShareController {
  constructor(
    private readonly shares: SharesService,
    private readonly metrics: MetricsService,
  ) {}

  @Get()
  @Public()
  @ApiRoute({ summary: "The shared server's name and status", response: PublicServer, errors: [404] })
  server(@Param('token') token: string) {
    return this.shares.sharedServer(token);
  }

  @Get('metrics/latest')
  @Public()
  @ApiRoute({ summary: 'The newest health sample', response: LatestMetrics, errors: [404, 409] })
  async latest(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.latest(s.orgId, s.serverId);
  }

  @Get('dashboard')
  @Public()
  @ApiRoute({ summary: 'Every latest kind in one answer', response: Dashboard, errors: [404] })
  async dashboard(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.dashboard(s.orgId, s.serverId);
  }

  @Get('players')
  @Public()
  @ApiRoute({
    summary: 'Players of the newest sample (a JSON array, paged by limit and cursor: Link rel="next")',
    query: PlayersPage,
    response: z.array(Player),
    headers: NEXT_LINK_HEADER,
    errors: ADDON_ERRORS,
  })
  async players(
    @Param('token') token: string,
    @Query() query: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const s = await this.shares.resolve(token);
    const q = parseInput(PlayersPage, query, 'query');
    const page = await this.metrics.players(s.orgId, s.serverId, q.limit, q.cursor ?? null);
    sendNextLink(req, res, q.limit, page.next_cursor);
    return page.items;
  }

  @Get('power/latest')
  @Public()
  @ApiRoute({ summary: 'Power circuits of the newest sample', response: z.array(Circuit), errors: ADDON_ERRORS })
  async power(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'power');
  }

  @Get('production/latest')
  @Public()
  @ApiRoute({
    summary: 'Production per item of the newest sample',
    response: z.array(ProductionItem),
    errors: ADDON_ERRORS,
  })
  async production(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'production');
  }

  @Get('trains')
  @Public()
  @ApiRoute({ summary: 'Trains of the newest sample', response: z.array(Train), errors: ADDON_ERRORS })
  async trains(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'trains');
  }

  @Get('drones')
  @Public()
  @ApiRoute({ summary: 'Drones of the newest sample', response: z.array(Drone), errors: ADDON_ERRORS })
  async drones(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'drones');
  }

  @Get('generators')
  @Public()
  @ApiRoute({ summary: 'Power generators of the newest sample', response: z.array(Generator), errors: ADDON_ERRORS })
  async generators(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'generators');
  }

  @Get('extractors')
  @Public()
  @ApiRoute({ summary: 'Extractors of the newest sample', response: z.array(Extractor), errors: ADDON_ERRORS })
  async extractors(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'extractors');
  }

  @Get('drone-stations')
  @Public()
  @ApiRoute({ summary: 'Drone ports of the newest sample', response: z.array(DroneStation), errors: ADDON_ERRORS })
  async droneStations(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'drone_stations');
  }

  @Get('world-inventory')
  @Public()
  @ApiRoute({
    summary: 'Item totals of the newest world inventory, searched by q, with the containers holding each',
    query: InventoryQuery,
    response: z.array(InventorySearchItem),
    errors: ADDON_ERRORS,
  })
  async inventory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const q = parseInput(InventoryQuery, query, 'query');
    return this.metrics.inventory(s.orgId, s.serverId, q.q || null);
  }

  @Get('resource-sink')
  @Public()
  @ApiRoute({ summary: 'The AWESOME Sink of the newest sample', response: ResourceSink, errors: ADDON_ERRORS })
  async resourceSink(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonOne(s.orgId, s.serverId, 'resource_sink');
  }

  @Get('session')
  @Public()
  @ApiRoute({ summary: 'The loaded save of the newest sample', response: Session, errors: ADDON_ERRORS })
  async session(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonOne(s.orgId, s.serverId, 'session');
  }

  @Get('buildings')
  @Public()
  @ApiRoute({
    summary: 'Factory buildings of the newest sample, filtered by state, type and recipe, paged',
    query: BuildingsQuery,
    response: PageOf(Building),
    errors: ADDON_ERRORS,
  })
  async buildings(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const { limit, cursor, ...filter } = parseInput(BuildingsQuery, query, 'query');
    return this.metrics.buildings(s.orgId, s.serverId, limit, cursor ?? null, filter);
  }
}
