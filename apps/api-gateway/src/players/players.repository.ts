import { PgPools } from '@app/database';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

/** One session row as the API answers it (snake_case, times as ISO strings). */
export interface SessionRow {
  server_id: string;
  player_id: string;
  player_name: string | null;
  anonymous: boolean;
  slot: number | null;
  joined_at: string;
  left_at: string | null;
  duration_seconds: number;
  session_name: string | null;
  close_reason: string | null;
}

/** Columns of a session row; `$now` is the instant open sessions are measured to. */
const SESSION_COLUMNS = (now: string) => `
  server_id, player_id, player_name, anonymous, slot,
  to_char(joined_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS joined_at,
  to_char(left_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS left_at,
  greatest(0, floor(extract(epoch FROM coalesce(left_at, ${now}) - joined_at)))::int AS duration_seconds,
  session_name, close_reason`;

/** A player's totals on one server. */
export interface PlayerTotals {
  player_name: string | null;
  anonymous: boolean;
  online: boolean;
  first_seen_at: string;
  last_seen_at: string;
  total_playtime_seconds: number;
  session_count: number;
}

/** One hour of the week and its load. */
export interface HeatCell {
  weekday: number;
  hour: number;
  average_players: number;
  peak_players: number;
}

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Reads of player_sessions (owner: billing-limits) for the player-history routes. */
@Injectable()
export class PlayersRepository {
  private readonly pool: Pool;

  constructor(pools: PgPools) {
    this.pool = pools.pool('players', 4);
  }

  /** Sessions overlapping from..to, newest first; `player` an id or a name (any case). */
  async sessions(
    serverId: string,
    from: Date,
    to: Date,
    now: Date,
    player: string | null,
    limit: number,
  ): Promise<SessionRow[]> {
    const byPlayer = player === null ? '' : `AND (player_id::text = $5 OR lower(player_name) = lower($5))`;
    const params: unknown[] = [serverId, from, to, now, ...(player === null ? [] : [player]), limit];
    const { rows } = await this.pool.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS('$4::timestamptz')} FROM player_sessions
       WHERE server_id = $1 AND joined_at < $3 AND coalesce(left_at, $4::timestamptz) > $2 ${byPlayer}
       ORDER BY joined_at DESC, player_id LIMIT $${params.length}`,
      params,
    );
    return rows;
  }

  /** A player's first and last seen, playtime and session count on a server; null when never seen. */
  async totals(serverId: string, playerId: string, now: Date): Promise<PlayerTotals | null> {
    const { rows } = await this.pool.query<PlayerTotals & { session_count: number }>(
      `SELECT (array_agg(player_name ORDER BY joined_at DESC))[1] AS player_name, bool_or(anonymous) AS anonymous,
              bool_or(left_at IS NULL) AS online,
              ${ISO('min(joined_at)')} AS first_seen_at,
              ${ISO('max(coalesce(left_at, $3::timestamptz))')} AS last_seen_at,
              coalesce(sum(floor(extract(epoch FROM coalesce(left_at, $3::timestamptz) - joined_at))), 0)::bigint::int
                AS total_playtime_seconds,
              count(*)::int AS session_count
       FROM player_sessions WHERE server_id = $1 AND player_id = $2`,
      [serverId, playerId, now],
    );
    const row = rows[0];
    return row && row.session_count > 0 ? row : null;
  }

  /** A player's newest sessions. */
  async playerSessions(serverId: string, playerId: string, now: Date, limit: number): Promise<SessionRow[]> {
    const { rows } = await this.pool.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS('$3::timestamptz')} FROM player_sessions WHERE server_id = $1 AND player_id = $2
       ORDER BY joined_at DESC LIMIT $4`,
      [serverId, playerId, now, limit],
    );
    return rows;
  }

  /** Who was online at `t`. */
  async onlineAt(serverId: string, t: Date, now: Date): Promise<SessionRow[]> {
    const { rows } = await this.pool.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS('$3::timestamptz')} FROM player_sessions
       WHERE server_id = $1 AND joined_at <= $2 AND (left_at IS NULL OR left_at > $2)
       ORDER BY anonymous, lower(player_name), slot`,
      [serverId, t, now],
    );
    return rows;
  }

  /** Named players whose name contains `q` (any case) on the organisation's servers; the most recent first. */
  async search(orgId: string, q: string, now: Date, limit: number) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await this.pool.query(
      `SELECT ps.server_id, s.name AS server_name, ps.player_id,
              (array_agg(ps.player_name ORDER BY ps.joined_at DESC))[1] AS player_name,
              ${ISO('min(ps.joined_at)')} AS first_seen_at,
              ${ISO('max(coalesce(ps.left_at, $3::timestamptz))')} AS last_seen_at,
              count(*)::int AS session_count, bool_or(ps.left_at IS NULL) AS online
       FROM player_sessions ps JOIN servers s ON s.id = ps.server_id
       WHERE s.org_id = $1 AND NOT ps.anonymous AND ps.player_name ILIKE $2
       GROUP BY ps.server_id, s.name, ps.player_id
       ORDER BY max(coalesce(ps.left_at, $3::timestamptz)) DESC LIMIT $4`,
      [orgId, pattern, now, limit],
    );
    return rows as {
      server_id: string;
      server_name: string;
      player_id: string;
      player_name: string;
      first_seen_at: string;
      last_seen_at: string;
      session_count: number;
      online: boolean;
    }[];
  }

  /**
   * Players online per hour of the week in `tz` over from..to: each hour's player-hours (the average) and the
   * sessions it touched (the peak), then averaged and maxed over the hours of the same weekday and hour.
   */
  async heatmap(serverId: string, from: Date, to: Date, now: Date, tz: string): Promise<HeatCell[]> {
    const { rows } = await this.pool.query<HeatCell>(
      `WITH hours AS (
         SELECT h FROM generate_series(date_trunc('hour', $2::timestamptz), $3::timestamptz, interval '1 hour') AS h),
       s AS (
         SELECT joined_at AS j, coalesce(left_at, $4::timestamptz) AS l FROM player_sessions
         WHERE server_id = $1 AND joined_at < $3 AND coalesce(left_at, $4::timestamptz) > $2),
       per_hour AS (
         SELECT hours.h, count(s.j)::int AS players,
                coalesce(sum(extract(epoch FROM least(s.l, hours.h + interval '1 hour') - greatest(s.j, hours.h)))
                  FILTER (WHERE s.j IS NOT NULL), 0)
                  / 3600.0 AS player_hours
         FROM hours LEFT JOIN s ON s.j < hours.h + interval '1 hour' AND s.l > hours.h
         GROUP BY hours.h)
       SELECT extract(isodow FROM h AT TIME ZONE $5)::int AS weekday, extract(hour FROM h AT TIME ZONE $5)::int AS hour,
              round(avg(player_hours)::numeric, 3)::float8 AS average_players, max(players)::int AS peak_players
       FROM per_hour GROUP BY 1, 2 ORDER BY 1, 2`,
      [serverId, from, to, now, tz],
    );
    return rows;
  }
}
