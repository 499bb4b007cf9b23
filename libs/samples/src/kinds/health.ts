import { col } from '../column';
import type { SampleKind } from '../sample-kind';

/**
 * Health and session metrics (HealthCheck + QueryServerState), one row per health poll. Its `latest` row keeps the
 * poll result's data; the REST API adds `game_phase_name`, parsed from `game_phase`.
 */
export const health: SampleKind = {
  kind: 'health',
  table: 'server_metrics',
  columns: [
    col('status', 'server_status', { doc: 'online, degraded, offline or unknown (confirmed by two polls)' }),
    col('tick_rate', 'real', { nullable: true, doc: 'average ticks per second (30 is full speed)' }),
    col('player_count', 'int', { nullable: true }),
    col('player_limit', 'int', { nullable: true }),
    col('tech_tier', 'smallint', { nullable: true }),
    col('game_phase', 'text', { nullable: true, doc: 'the raw game value (asset path or "None")' }),
    col('game_phase_number', 'smallint', { nullable: true }),
    col('is_running', 'bool', { nullable: true }),
    col('is_paused', 'bool', { nullable: true }),
    col('total_duration', 'bigint', { nullable: true, doc: "seconds: the save's cumulative play time" }),
    col('session_name', 'text', { nullable: true }),
    col('latency_ms', 'real', { nullable: true, doc: 'round trip of the poll, milliseconds' }),
  ],
  order: 'time',
  interval: 'health',
  history: true,
  aggregates: true,
  latest: { type: 'one' },
  sampled: false,
  addon: false,
};
