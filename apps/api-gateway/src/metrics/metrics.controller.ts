import { Clock } from '@app/platform';
import { apiRowSchema, health, sampleKind } from '@app/samples';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { MetricsService } from './metrics.service';

export const PlayersPage = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.uuid('must be the next_cursor of the previous page').optional(),
});
export const BuildingsPage = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  cursor: z.string().min(1).max(200).optional(),
});
export const History = z.strictObject({
  from: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-11-22T10:00:00Z' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-11-22T11:00:00Z' }).optional(),
  step: z
    .string()
    .regex(/^\d+(s|m|h|d)?$/, 'must be a duration such as 30s, 5m, 1h or 1d (seconds when no unit)')
    .optional(),
});
const UNIT = { s: 1, m: 60, h: 3600, d: 86400 } as const;
const MAX_BUCKETS = 2000;
/** Ten years: far beyond any range a plan keeps, and well inside what PostgreSQL's interval type holds. */
const MAX_STEP_SECONDS = 3650 * 86400;

/** The REST shapes of the sample kinds, from the registry (the OpenAPI document's schemas). */
export const LatestMetrics = apiRowSchema(health, {
  game_phase_name: z
    .string()
    .nullable()
    .describe('the phase\'s name (e.g. "Construction Dock"), parsed from game_phase'),
});
export const PageOf = (item: z.ZodType) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });
export const Player = apiRowSchema(sampleKind('players'), {
  last_seen_at: z.string().nullable().describe('when the player was last seen online'),
});
export const Circuit = apiRowSchema(sampleKind('power'));
export const ProductionItem = apiRowSchema(sampleKind('production'));
export const Train = apiRowSchema(sampleKind('trains'));
export const Drone = apiRowSchema(sampleKind('drones'));
export const Building = apiRowSchema(sampleKind('factory'));
export const HistoryAnswer = z.object({
  from: z.string(),
  to: z.string(),
  step_seconds: z.int(),
  retention_hours: z.int(),
  buckets: z.array(z.record(z.string(), z.unknown())),
});
export const ADDON_ERRORS = [404, 409];

@ApiTags('metrics')
@Controller('api/v1/servers/:id')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
  ) {}

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

  @Get('players')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Players of the newest sample, paged',
    query: PlayersPage,
    response: PageOf(Player),
    errors: ADDON_ERRORS,
  })
  players(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const q = parseInput(PlayersPage, query, 'query');
    return this.metrics.players(caller.orgId, id, q.limit, q.cursor ?? null);
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

  @Get('buildings')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Factory buildings of the newest sample, paged',
    query: BuildingsPage,
    response: PageOf(Building),
    errors: ADDON_ERRORS,
  })
  buildings(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    const q = parseInput(BuildingsPage, query, 'query');
    return this.metrics.buildings(caller.orgId, id, q.limit, q.cursor ?? null);
  }

  @Get('metrics/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Tick rate and players over time, bucketed server-side',
    query: History,
    response: HistoryAnswer,
    errors: [404],
  })
  metricsHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    return this.metrics.history(caller.orgId, id, 'metrics', range(query, this.clock.now()));
  }

  @Get('power/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Power per circuit over time, bucketed server-side',
    query: History,
    response: HistoryAnswer,
    errors: ADDON_ERRORS,
  })
  powerHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    return this.metrics.history(caller.orgId, id, 'power', range(query, this.clock.now()));
  }

  @Get('players/history')
  @Access({ scope: 'metrics:read' })
  @ApiRoute({
    summary: 'Players online over time, bucketed server-side',
    query: History,
    response: HistoryAnswer,
    errors: ADDON_ERRORS,
  })
  playersHistory(@Caller() caller: Principal, @Param('id') id: string, @Query() query: unknown) {
    return this.metrics.history(caller.orgId, id, 'players', range(query, this.clock.now()));
  }
}

/** from / to / step of a history query: defaults to the hour before `now` in about 120 buckets. */
export function range(query: unknown, now: Date): { from: Date; to: Date; stepSeconds: number } {
  const q = parseInput(History, query, 'query');
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 3_600_000);
  if (from >= to)
    throw new ApiError('ValidationFailed', 'from must be before to', 'Swap or correct the times.', {
      fields: [{ field: 'from', problem: 'must be before to' }],
    });
  const span = (to.getTime() - from.getTime()) / 1000;
  let stepSeconds = Math.max(10, Math.ceil(span / 120));
  if (q.step) {
    const match = /^(\d+)([smhd])?$/.exec(q.step)!;
    stepSeconds = Number(match[1]) * UNIT[(match[2] ?? 's') as keyof typeof UNIT];
    if (stepSeconds < 1)
      throw new ApiError('ValidationFailed', 'step must be at least 1 second', 'Use e.g. step=30s.', {
        fields: [{ field: 'step', problem: 'must be at least 1 second' }],
      });
    if (stepSeconds > MAX_STEP_SECONDS)
      throw new ApiError('ValidationFailed', 'step must be at most 3650d (ten years)', 'Use e.g. step=1d.', {
        fields: [{ field: 'step', problem: 'must be at most 3650d' }],
      });
  }
  if (span / stepSeconds > MAX_BUCKETS)
    throw new ApiError(
      'ValidationFailed',
      `from..to in steps of ${stepSeconds} s is more than ${MAX_BUCKETS} buckets`,
      'Use a larger step or a shorter range.',
      { fields: [{ field: 'step', problem: `at most ${MAX_BUCKETS} buckets` }] },
    );
  return { from, to, stepSeconds };
}
