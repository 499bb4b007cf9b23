-- A status change needs two consecutive observations; the observation waiting for its confirmation is kept on the
-- row so that any poller worker can confirm it (owner: poller).
ALTER TABLE "server_states" ADD COLUMN "pending_status" "server_status";
ALTER TABLE "server_states" ADD COLUMN "pending_count" INTEGER NOT NULL DEFAULT 0;
