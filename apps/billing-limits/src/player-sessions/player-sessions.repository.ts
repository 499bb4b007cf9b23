import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import {
  EMPTY_CURSOR,
  type OpenSession,
  type SessionClose,
  type SessionCursor,
  type SessionPlan,
} from './session-planner';

/** The open sessions and the cursor of one server, read under the cursor row's lock. */
export interface ServerSessions {
  cursor: SessionCursor;
  open: OpenSession[];
}

type Tx = Db.Prisma.TransactionClient;

/** Reads and writes player_sessions and player_session_cursors (owner: billing-limits). */
@Injectable()
export class PlayerSessionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Runs `plan` on one server's state in one transaction that holds the server's cursor row, so two replicas (or two
   * deliveries) never derive the same server at once, and the sessions and the cursor change together.
   */
  async apply(serverId: string, plan: (state: ServerSessions) => SessionPlan | null): Promise<SessionPlan | null> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO player_session_cursors (server_id) VALUES (${serverId}::uuid)
        ON CONFLICT (server_id) DO NOTHING`;
      const [cursor] = await tx.$queryRaw<SessionCursor[]>`
        SELECT players_at AS "playersAt", health_at AS "healthAt", status_at AS "statusAt",
               session_at AS "sessionAt", addon_at AS "addonAt", session_name AS "sessionName", named
        FROM player_session_cursors WHERE server_id = ${serverId}::uuid FOR UPDATE`;
      const open = await tx.$queryRaw<OpenSession[]>`
        SELECT player_id AS "playerId", joined_at AS "joinedAt", anonymous, slot
        FROM player_sessions WHERE server_id = ${serverId}::uuid AND left_at IS NULL`;
      const result = plan({ cursor: cursor ?? EMPTY_CURSOR, open });
      if (!result) return null;
      await this.write(tx, serverId, result, cursor ?? EMPTY_CURSOR);
      return result;
    });
  }

  private async write(tx: Tx, serverId: string, plan: SessionPlan, before: SessionCursor): Promise<void> {
    for (const d of plan.drops) {
      await tx.$executeRaw`DELETE FROM player_sessions
        WHERE server_id = ${serverId}::uuid AND player_id = ${d.playerId}::uuid AND joined_at = ${d.joinedAt}`;
    }
    for (const c of plan.closes) {
      await tx.$executeRaw`UPDATE player_sessions SET left_at = ${c.leftAt}, close_reason = ${c.reason}
        WHERE server_id = ${serverId}::uuid AND player_id = ${c.playerId}::uuid AND joined_at = ${c.joinedAt}
          AND left_at IS NULL`;
    }
    // When each named player whose visit closed was last seen online: the last players poll applied before this
    // one (the visit was open in it), not the moment its end was noticed (the next poll, the offline event, the save
    // change). Kept beyond the sessions' retention; anonymous slots are no players. Never moved back by an older
    // visit. The server's row is share-locked first: a deletion running now waits for this transaction or has
    // happened (no row is written), instead of a foreign-key failure or a deadlock with its cascade.
    const seen = plan.closes.filter((c) => !c.anonymous);
    const [server] = seen.length
      ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM servers WHERE id = ${serverId}::uuid FOR KEY SHARE`
      : [];
    if (server) {
      const lastOnline = (c: SessionClose) =>
        before.playersAt && before.playersAt > c.joinedAt ? before.playersAt : c.joinedAt;
      const rows = seen.map((c) => Db.Prisma.sql`(${c.playerId}::uuid, ${lastOnline(c)}::timestamptz)`);
      await tx.$executeRaw`INSERT INTO player_last_seen (server_id, player_id, last_seen_at)
        SELECT ${serverId}::uuid, v.player_id, max(v.seen_at)
        FROM (VALUES ${Db.Prisma.join(rows)}) AS v (player_id, seen_at)
        GROUP BY v.player_id
        ON CONFLICT (server_id, player_id) DO UPDATE
          SET last_seen_at = GREATEST(player_last_seen.last_seen_at, EXCLUDED.last_seen_at)`;
    }
    if (plan.opens.length) {
      const rows = plan.opens.map(
        (o) =>
          Db.Prisma.sql`(${serverId}::uuid, ${o.playerId}::uuid, ${o.joinedAt}, ${o.playerName}::text, ${o.anonymous},
            ${o.slot}::int, ${o.sessionName}::text)`,
      );
      // Keyed by server, player and join time: the same join written twice is one session.
      await tx.$executeRaw`INSERT INTO player_sessions
          (server_id, player_id, joined_at, player_name, anonymous, slot, session_name)
        VALUES ${Db.Prisma.join(rows)} ON CONFLICT (server_id, player_id, joined_at) DO NOTHING`;
    }
    const c = plan.cursor;
    await tx.$executeRaw`UPDATE player_session_cursors SET players_at = ${c.playersAt}::timestamptz, health_at = ${c.healthAt}::timestamptz,
        status_at = ${c.statusAt}::timestamptz, session_at = ${c.sessionAt}::timestamptz, addon_at = ${c.addonAt}::timestamptz,
        session_name = ${c.sessionName}::text, named = ${c.named}
      WHERE server_id = ${serverId}::uuid`;
  }
}
