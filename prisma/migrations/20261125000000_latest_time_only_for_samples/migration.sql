-- The kinds stored as sample rows keep only their time in `latest`: readers (the REST API, the realtime snapshot,
-- alerting's presence) read the sample rows stored at that time. The poller writes JSON null as their data from now
-- on; this clears the copies written before, so every row of these kinds looks the same.
UPDATE "latest" SET "data" = 'null'::jsonb
 WHERE "kind" IN ('power', 'players', 'production', 'trains', 'drones', 'factory') AND "data" <> 'null'::jsonb;
