-- Issue 24 §2, status page notifications made durable: an outbox of mails and webhook POSTs to subscribers (sent by
-- any api-gateway replica, claimed with SKIP LOCKED, retried with backoff), and one claim row per maintenance notice
-- (the announcement of a silence's window, the "starts now" of each occurrence) so each is sent once across replicas
-- and restarts. Plain SQL: the same with and without TimescaleDB.
CREATE TABLE "status_outbox" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subscriber_id" UUID NOT NULL,
    "payload" JSONB NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "due_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(6),
    "failed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "status_outbox_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "status_outbox_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "status_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "status_outbox_due_idx" ON "status_outbox"("due_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
CREATE INDEX "status_outbox_subscriber_id_idx" ON "status_outbox"("subscriber_id");

CREATE TABLE "status_maintenance_notices" (
    "silence_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "occurrence" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "status_maintenance_notices_pkey" PRIMARY KEY ("silence_id", "kind", "occurrence"),
    CONSTRAINT "status_maintenance_notices_kind_check" CHECK ("kind" IN ('announce', 'start')),
    CONSTRAINT "status_maintenance_notices_silence_id_fkey" FOREIGN KEY ("silence_id") REFERENCES "silences"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Silences made before this migration were announced already (one-off ones through the API) or never will be: the
-- scheduler announces only windows it has no claim for, so they get one now.
INSERT INTO "status_maintenance_notices" ("silence_id", "kind", "occurrence")
SELECT "id", 'announce', "starts_at" FROM "silences";
