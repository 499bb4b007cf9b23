import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import { EMPTY_CURSOR, type OpenSession, type SessionCursor, type SessionPlan } from './session-planner';

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
      await this.write(tx, serverId, result);
      return result;
    });
  }

  private async write(tx: Tx, serverId: string, plan: SessionPlan): Promise<void> {
    for (const d of plan.drops) {
      await tx.$executeRaw`DELETE FROM player_sessions
        WHERE server_id = ${serverId}::uuid AND player_id = ${d.playerId}::uuid AND joined_at = ${d.joinedAt}`;
    }
    for (const c of plan.closes) {
      await tx.$executeRaw`UPDATE player_sessions SET left_at = ${c.leftAt}, close_reason = ${c.reason}
        WHERE server_id = ${serverId}::uuid AND player_id = ${c.playerId}::uuid AND joined_at = ${c.joinedAt}
          AND left_at IS NULL`;
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
