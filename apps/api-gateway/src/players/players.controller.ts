import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Response } from 'express';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import {
  HeatmapAnswer,
  HeatmapQuery,
  OnlineAtAnswer,
  OnlineAtQuery,
  PlayerAnswer,
  SearchAnswer,
  SearchQuery,
  SessionsAnswer,
  SessionsQuery,
} from './players.schemas';
import { PlayersService } from './players.service';
import { sessionsCsv } from './sessions-csv';

/** Player history (scope metrics:read, Viewer and up): sessions, a player's page, who was online, the heat map. */
@ApiTags('players')
@Controller('api/v1')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Get('servers/:id/player-sessions')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Player sessions (join, leave, duration) overlapping from..to (default: the last 24 hours), newest first',
    query: SessionsQuery,
    response: SessionsAnswer,
    errors: [404],
  })
  sessions(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    return this.players.sessions(caller.orgId, id, parseInput(SessionsQuery, query, 'query'));
  }

  @Get('servers/:id/player-sessions.csv')
  @Access({ scope: 'metrics:read' })
  @ApiProduces('text/csv')
  @ApiRoute({
    summary: 'The same sessions as CSV (a header line; names a spreadsheet would run as formulas are quoted)',
    query: SessionsQuery,
    response: z.string().describe('CSV, RFC 4180'),
    errors: [404],
  })
  async sessionsCsv(
    @Caller() caller: Principal,
    @Param('id') id: string,
    @Query() query: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const answer = await this.players.sessions(caller.orgId, id, parseInput(SessionsQuery, query, 'query'));
    // Set on success only: a refusal is answered in the API's JSON error shape.
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="player-sessions.csv"');
    return sessionsCsv(answer.sessions);
  }

  @Get('servers/:id/player-sessions/heatmap')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Players online per hour of the week (weekday x hour) over the retention window',
    query: HeatmapQuery,
    response: HeatmapAnswer,
    errors: [404],
  })
  heatmap(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const { tz } = parseInput(HeatmapQuery, query, 'query');
    return this.players.heatmap(caller.orgId, id, tz ?? 'UTC');
  }

  @Get('servers/:id/online-at')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({ summary: 'Who was online at instant t', query: OnlineAtQuery, response: OnlineAtAnswer, errors: [404] })
  onlineAt(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    return this.players.onlineAt(caller.orgId, id, parseInput(OnlineAtQuery, query, 'query').t);
  }

  @Get('servers/:id/players/:playerId')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: "A player's first and last seen, total playtime and newest sessions on a server",
    response: PlayerAnswer,
    errors: [404],
  })
  player(@Caller() caller: Principal, @Param('id') id: string, @Param('playerId') playerId: string) {
    return this.players.player(caller.orgId, id, playerId);
  }

  @Get('players/search')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: "Players whose name contains q on the organisation's servers, most recently seen first (at most 50)",
    query: SearchQuery,
    response: SearchAnswer,
  })
  search(@Caller() caller: Principal, @Query() query: unknown) {
    return this.players.search(caller.orgId, parseInput(SearchQuery, query, 'query').q);
  }
}
