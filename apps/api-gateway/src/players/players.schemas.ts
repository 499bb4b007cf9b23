import { z } from 'zod';

/**
 * The player-history routes' query parameters and answers (issue 24), as zod schemas: the controller validates with
 * them and the OpenAPI document is generated from them.
 */

const time = (example: string) => z.iso.datetime({ offset: true, error: `must be an ISO 8601 time, e.g. ${example}` });

/** Sessions of a server overlapping from..to (default: the last 24 hours), optionally of one player. */
export const SessionsQuery = z.strictObject({
  from: time('2026-11-22T10:00:00Z').optional(),
  to: time('2026-11-22T11:00:00Z').optional(),
  player: z
    .string()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .describe("a player's id or exact name (any case)")
    .optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000).describe('sessions at most, newest first'),
});
export type SessionsQuery = z.infer<typeof SessionsQuery>;

export const OnlineAtQuery = z.strictObject({
  t: time('2026-11-22T10:30:00Z').describe('the instant (default: now)').optional(),
});

export const SearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(100, 'must be at most 100 characters')
    .describe("part of a player's name, any case"),
});

export const HeatmapQuery = z.strictObject({
  tz: z
    .string()
    .max(64)
    .refine((tz) => validTimeZone(tz), 'must be an IANA time zone, e.g. Europe/Berlin')
    .describe('the time zone of the hours and weekdays (default UTC)')
    .optional(),
});

/** Whether `tz` is a time zone both Node and PostgreSQL know (IANA names). */
export function validTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const PlayerSession = z.object({
  server_id: z.uuid(),
  player_id: z.uuid(),
  player_name: z.string().nullable().describe('null for an anonymous slot (a server without the add-on)'),
  anonymous: z.boolean(),
  slot: z.int().nullable().describe('the anonymous slot number'),
  joined_at: z.string(),
  left_at: z.string().nullable().describe('null while the player is online'),
  duration_seconds: z.int().describe('up to now while online'),
  session_name: z.string().nullable().describe('the save it was played in'),
  close_reason: z.enum(['left', 'offline', 'save_changed', 'source_changed']).nullable(),
});

export const SessionsAnswer = z.object({
  from: z.string(),
  to: z.string(),
  retention_hours: z.int(),
  sessions: z.array(PlayerSession),
});

export const PlayerAnswer = z.object({
  server_id: z.uuid(),
  player_id: z.uuid(),
  player_name: z.string().nullable(),
  anonymous: z.boolean(),
  online: z.boolean(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  total_playtime_seconds: z.int(),
  session_count: z.int(),
  sessions: z.array(PlayerSession).describe('the newest 200 sessions'),
});

export const OnlineAtAnswer = z.object({ t: z.string(), players: z.array(PlayerSession) });

export const SearchAnswer = z.array(
  z.object({
    server_id: z.uuid(),
    server_name: z.string(),
    player_id: z.uuid(),
    player_name: z.string(),
    first_seen_at: z.string(),
    last_seen_at: z.string(),
    session_count: z.int(),
    online: z.boolean(),
  }),
);

export const HeatmapAnswer = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  retention_hours: z.int(),
  cells: z
    .array(
      z.object({
        weekday: z.int().describe('1 Monday .. 7 Sunday'),
        hour: z.int().describe('0..23'),
        average_players: z.number().describe('players online on average in that hour of the week'),
        peak_players: z.int().describe('most players seen in one such hour'),
      }),
    )
    .describe('one per weekday and hour the window covers (168 once it spans a week)'),
});
