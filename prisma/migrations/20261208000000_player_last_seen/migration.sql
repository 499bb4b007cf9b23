-- When the platform last saw each player online on a server (issue 20: `last_seen_at` of GET .../players is null
-- only if the player was never seen online). The players' samples and sessions are deleted by retention; this row is
-- kept for as long as the server exists (one row per player and server). Written when a visit closes (its left_at).
-- Plain SQL: the same with and without TimescaleDB.
CREATE TABLE "player_last_seen" (
    "server_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "last_seen_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "player_last_seen_pkey" PRIMARY KEY ("server_id", "player_id")
);
ALTER TABLE "player_last_seen" ADD CONSTRAINT "player_last_seen_server_id_fkey" FOREIGN KEY ("server_id")
    REFERENCES "servers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What the sessions kept so far know: the newest online sample of the player's newest closed visit, or where the
-- samples are gone the visit's recorded end (at most one poll after the player was last seen).
WITH ended AS (
    SELECT ps."server_id", ps."player_id", max(ps."left_at") AS "left_at"
    FROM "player_sessions" ps JOIN "servers" s ON s."id" = ps."server_id"
    WHERE ps."left_at" IS NOT NULL AND NOT ps."anonymous"
    GROUP BY ps."server_id", ps."player_id"
)
INSERT INTO "player_last_seen" ("server_id", "player_id", "last_seen_at")
SELECT e."server_id", e."player_id", COALESCE(
    (SELECT max(o."time") FROM "player_samples" o
     WHERE o."server_id" = e."server_id" AND o."player_id" = e."player_id" AND o."is_online" AND o."time" <= e."left_at"),
    e."left_at")
FROM ended e;
