-- Issue 24 §3, incident acknowledgement: who acknowledged an incident and when (repeat notifications stop while it
-- is acknowledged), notes on its timeline, and the single-use links chat messages carry to acknowledge it.
-- Plain SQL: the same with and without TimescaleDB.
ALTER TABLE "incidents" ADD COLUMN "acknowledged_at" TIMESTAMPTZ(6);
ALTER TABLE "incidents" ADD COLUMN "acknowledged_by_id" UUID;
ALTER TABLE "incidents" ADD COLUMN "acknowledged_by" TEXT;

CREATE TABLE "incident_notes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "incident_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "author_id" UUID,
    "author_name" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "incident_notes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "incident_notes_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "incident_notes_incident_id_created_at_idx" ON "incident_notes"("incident_id", "created_at");

CREATE TABLE "incident_ack_links" (
    "incident_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "token_sealed" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    CONSTRAINT "incident_ack_links_pkey" PRIMARY KEY ("incident_id"),
    CONSTRAINT "incident_ack_links_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "incident_ack_links_token_hash_key" ON "incident_ack_links"("token_hash");
