-- The time of the last health observation applied to the row. Status confirmation now runs inside the poller's
-- write transaction, with the row locked, in observation order: an observation not newer than this one (a
-- redelivered job, or a worker's backlog written after another's newer polls) no longer moves the status.
ALTER TABLE "server_states" ADD COLUMN "observed_at" TIMESTAMPTZ(6);
