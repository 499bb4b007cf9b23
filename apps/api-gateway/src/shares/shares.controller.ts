import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { Clock } from '@app/platform';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, Public, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput, storableTime } from '../http/zod-input';
import {
  ADDON_ERRORS,
  BuildingsPage,
  Circuit,
  History,
  HistoryAnswer,
  LatestMetrics,
  PageOf,
  Player,
  PlayersPage,
  range,
} from '../metrics/metrics.controller';
import { MetricsService } from '../metrics/metrics.service';
import { SharesService } from './shares.service';

const CreateShare = z.strictObject({
  expires_at: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-12-31T23:59:59Z' })
    .refine(storableTime, 'must be a time in the years 0001-9999 (UTC)')
    .optional(),
  kind: z.enum(['dashboard', 'overlay']).default('dashboard'),
});
const ShareView = z.object({
  id: z.string(),
  server_id: z.string(),
  kind: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

/** Managing a server's share links (Operator; Pro plan and up). */
@ApiTags('share links')
@Controller('api/v1/servers/:id/shares')
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Post()
  @Access({ role: 'operator' })
  @ApiRoute({
    summary: 'Create a read-only link to this server (dashboard or streaming overlay); the token is shown only here',
    body: CreateShare,
    response: ShareView.extend({ token: z.string(), url: z.string(), api: z.string() }),
    status: 201,
    errors: [403, 404],
  })
  create(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.shares.create(caller, id, parseInput(CreateShare, body, 'body'));
  }

  @Get()
  @Access({ role: 'viewer' })
  @ApiRoute({ summary: "The server's live share links (no tokens)", response: z.array(ShareView), errors: [404] })
  list(@Caller() caller: Principal, @Param('id') id: string) {
    return this.shares.list(caller.orgId, id);
  }

  @Delete(':shareId')
  @Access({ role: 'operator' })
  @ApiRoute({ summary: 'Revoke a share link: it stops working at once', status: 204, errors: [404] })
  async revoke(@Caller() caller: Principal, @Param('id') id: string, @Param('shareId') shareId: string): Promise<void> {
    await this.shares.revoke(caller, id, shareId);
  }
}

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
 * What a share token reads: one server's dashboard data, read-only, without sign-in. The server is the token's
 * (there is no id in the path to change); its address and ports are never shown.
 */
@ApiTags('public (share links)')
@Controller('api/v1/public/:token')
export class PublicShareController {
  constructor(
    private readonly shares: SharesService,
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
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

  @Get('metrics/history')
  @Public()
  @ApiRoute({ summary: 'Tick rate and players over time', query: History, response: HistoryAnswer, errors: [404] })
  async metricsHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    return this.metrics.history(s.orgId, s.serverId, 'metrics', range(query, this.clock.now()));
  }

  @Get('players')
  @Public()
  @ApiRoute({
    summary: 'Players of the newest sample',
    query: PlayersPage,
    response: PageOf(Player),
    errors: ADDON_ERRORS,
  })
  async players(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const q = parseInput(PlayersPage, query, 'query');
    return this.metrics.players(s.orgId, s.serverId, q.limit, q.cursor ?? null);
  }

  @Get('players/history')
  @Public()
  @ApiRoute({ summary: 'Players online over time', query: History, response: HistoryAnswer, errors: ADDON_ERRORS })
  async playersHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    return this.metrics.history(s.orgId, s.serverId, 'players', range(query, this.clock.now()));
  }

  @Get('power/latest')
  @Public()
  @ApiRoute({ summary: 'Power circuits of the newest sample', response: z.array(Circuit), errors: ADDON_ERRORS })
  async power(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'power');
  }

  @Get('power/history')
  @Public()
  @ApiRoute({ summary: 'Power per circuit over time', query: History, response: HistoryAnswer, errors: ADDON_ERRORS })
  async powerHistory(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    return this.metrics.history(s.orgId, s.serverId, 'power', range(query, this.clock.now()));
  }

  @Get('production/latest')
  @Public()
  @ApiRoute({ summary: 'Production per item of the newest sample', errors: ADDON_ERRORS })
  async production(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'production');
  }

  @Get('trains')
  @Public()
  @ApiRoute({ summary: 'Trains of the newest sample', errors: ADDON_ERRORS })
  async trains(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'trains');
  }

  @Get('drones')
  @Public()
  @ApiRoute({ summary: 'Drones of the newest sample', errors: ADDON_ERRORS })
  async drones(@Param('token') token: string) {
    const s = await this.shares.resolve(token);
    return this.metrics.addonLatest(s.orgId, s.serverId, 'drones');
  }

  @Get('buildings')
  @Public()
  @ApiRoute({ summary: 'Factory buildings of the newest sample', query: BuildingsPage, errors: ADDON_ERRORS })
  async buildings(@Param('token') token: string, @Query() query: unknown) {
    const s = await this.shares.resolve(token);
    const q = parseInput(BuildingsPage, query, 'query');
    return this.metrics.buildings(s.orgId, s.serverId, q.limit, q.cursor ?? null);
  }
}
