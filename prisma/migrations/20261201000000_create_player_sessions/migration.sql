-- Issue 24, player history: sessions derived from poll results (a player's join and leave on a server), and the
-- position of the derivation per server so a replayed poll result opens or closes nothing twice.
-- Plain tables (no hypertable): rows are few (one per visit), read by server and time or by name.
-- Plain SQL: the same with and without TimescaleDB.
CREATE TABLE "player_sessions" (
    "server_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "joined_at" TIMESTAMPTZ(6) NOT NULL,
    "left_at" TIMESTAMPTZ(6),
    "player_name" TEXT,
    "anonymous" BOOLEAN NOT NULL DEFAULT false,
    "slot" INTEGER,
    "session_name" TEXT,
    "close_reason" TEXT,
    CONSTRAINT "player_sessions_pkey" PRIMARY KEY ("server_id", "player_id", "joined_at"),
    CONSTRAINT "player_sessions_left_after_joined" CHECK ("left_at" IS NULL OR "left_at" >= "joined_at")
);
CREATE INDEX "player_sessions_server_id_joined_at_idx" ON "player_sessions"("server_id", "joined_at");
CREATE INDEX "player_sessions_open_idx" ON "player_sessions"("server_id") WHERE "left_at" IS NULL;
CREATE INDEX "player_sessions_player_name_idx" ON "player_sessions"(lower("player_name"));

CREATE TABLE "player_session_cursors" (
    "server_id" UUID NOT NULL,
    "players_at" TIMESTAMPTZ(6),
    "health_at" TIMESTAMPTZ(6),
    "status_at" TIMESTAMPTZ(6),
    "session_at" TIMESTAMPTZ(6),
    "addon_at" TIMESTAMPTZ(6),
    "session_name" TEXT,
    "named" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "player_session_cursors_pkey" PRIMARY KEY ("server_id")
);
