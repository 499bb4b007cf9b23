-- Alerting (issue 8): rules with pending periods, repeats and channel choice; evaluation state per rule, server and
-- instance (a circuit, a train); incidents with their instance, severity and peak values; deliveries that carry
-- the message they send, a claim for the worker sending them and a log of every attempt; silences and recurring
-- maintenance windows. owner: alerting (the api-gateway writes rules, channels and silences for users).

ALTER TYPE "delivery_status" ADD VALUE IF NOT EXISTS 'skipped';

ALTER TABLE "alert_rules"
    ADD COLUMN "severity" TEXT NOT NULL DEFAULT 'warning',
    ADD COLUMN "pending_polls" INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN "repeat_seconds" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "preset" BOOLEAN NOT NULL DEFAULT false,
    -- true: every enabled channel of the organisation; false: only the channels in alert_rule_channels.
    ADD COLUMN "all_channels" BOOLEAN NOT NULL DEFAULT true;
CREATE UNIQUE INDEX "alert_rules_preset_key" ON "alert_rules"("server_id", "kind") WHERE "preset";

ALTER TABLE "alert_states" DROP CONSTRAINT "alert_states_pkey";
ALTER TABLE "alert_states"
    ADD COLUMN "instance" TEXT NOT NULL DEFAULT '',
    -- The newest observation applied: an older or repeated one (a redelivered poll result) changes nothing.
    ADD COLUMN "last_observed_at" TIMESTAMPTZ(6),
    -- When the firing incident was last notified (null: not yet, e.g. while silenced).
    ADD COLUMN "notified_at" TIMESTAMPTZ(6),
    ADD COLUMN "repeats" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "peak" JSONB;
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_pkey" PRIMARY KEY ("rule_id", "server_id", "instance");
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_server_id_fkey" FOREIGN KEY ("server_id") REFERENCES "servers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "incidents"
    ADD COLUMN "instance" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "severity" TEXT NOT NULL DEFAULT 'warning',
    ADD COLUMN "rule_kind" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "rule_name" TEXT NOT NULL DEFAULT '',
    -- When the rule fired (opened_at is when the condition began, so durations include the pending period).
    ADD COLUMN "fired_at" TIMESTAMPTZ(6),
    ADD COLUMN "peak" JSONB,
    ADD COLUMN "silenced" BOOLEAN NOT NULL DEFAULT false;
-- One open incident per rule, server and instance, whichever replica opens it.
CREATE UNIQUE INDEX "incidents_open_key" ON "incidents"("rule_id", "server_id", "instance") WHERE "state" = 'open';
CREATE INDEX "incidents_org_id_state_idx" ON "incidents"("org_id", "state");

ALTER TABLE "deliveries"
    ADD COLUMN "org_id" UUID,
    ADD COLUMN "message" JSONB NOT NULL DEFAULT '{}',
    -- A worker sending it holds it until then; another worker leaves it alone meanwhile.
    ADD COLUMN "claimed_until" TIMESTAMPTZ(6),
    ADD COLUMN "failures" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "deliveries" d SET "org_id" = i."org_id" FROM "incidents" i WHERE i."id" = d."incident_id";
CREATE INDEX "deliveries_org_id_created_at_idx" ON "deliveries"("org_id", "created_at" DESC);

CREATE TABLE "delivery_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    -- What went wrong, with secrets redacted.
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "retry_after_ms" INTEGER,
    CONSTRAINT "delivery_attempts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "delivery_attempts_delivery_id_idx" ON "delivery_attempts"("delivery_id", "attempt");
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Mutes: one-off (starts_at..ends_at) or weekly maintenance windows (days, start time, duration, time zone).
-- server_id and rule_id narrow it; both null mutes the whole organisation.
CREATE TABLE "silences" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "server_id" UUID,
    "rule_id" UUID,
    "reason" TEXT NOT NULL DEFAULT '',
    "starts_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ends_at" TIMESTAMPTZ(6),
    -- Weekly window: ISO weekdays 1 (Monday) .. 7, minutes after midnight in time_zone, length in minutes.
    "days" INTEGER[] NOT NULL DEFAULT '{}',
    "start_minute" INTEGER,
    "duration_minutes" INTEGER,
    "time_zone" TEXT,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "silences_pkey" PRIMARY KEY ("id"),
    -- A weekly window has days, a start, a length and a zone; a one-off silence has none of them and an end.
    CONSTRAINT "silences_shape_check" CHECK (
        (cardinality("days") = 0) = ("start_minute" IS NULL)
        AND ("start_minute" IS NULL) = ("duration_minutes" IS NULL)
        AND ("start_minute" IS NULL) = ("time_zone" IS NULL)
        AND ("start_minute" IS NOT NULL OR "ends_at" IS NOT NULL))
);
CREATE INDEX "silences_org_id_idx" ON "silences"("org_id");
ALTER TABLE "silences" ADD CONSTRAINT "silences_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "silences" ADD CONSTRAINT "silences_server_id_fkey" FOREIGN KEY ("server_id") REFERENCES "servers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "silences" ADD CONSTRAINT "silences_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "silences" ADD CONSTRAINT "silences_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The presets (offline, degraded, fuse tripped) for servers registered before alerting existed.
INSERT INTO "alert_rules" ("org_id", "server_id", "name", "kind", "severity", "params", "pending_seconds", "pending_polls", "preset")
SELECT s."org_id", s."id", p.name, p.kind, p.severity, p.params::jsonb, p.pending_seconds, p.pending_polls, true
FROM "servers" s
CROSS JOIN (VALUES ('Server offline', 'server_offline', 'critical', '{}', 60, 1),
                   ('Server degraded', 'degraded', 'warning', '{"tick_rate_below": 15}', 120, 2),
                   ('Fuse tripped', 'fuse_tripped', 'critical', '{}', 0, 1)) AS p(name, kind, severity, params, pending_seconds, pending_polls)
ON CONFLICT DO NOTHING;
