-- Issue 21, outbound abuse: throttles of what the platform sends on a user's word (channel test messages,
-- confirmation mails), and e-mail recipients that confirm by a link before alerts go to them (no spam relay).

-- Fixed-window counters shared by every api-gateway replica: one row per key (e.g. "test-send:user:<id>") and
-- window start; an upsert that adds one and answers the new count is the atomic check. Old windows are deleted by
-- the gateway now and then. owner: api-gateway.
CREATE TABLE "outbound_counters" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(6) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "outbound_counters_pkey" PRIMARY KEY ("key", "window_start")
);
CREATE INDEX "outbound_counters_window_start_idx" ON "outbound_counters"("window_start");

-- The addresses of e-mail channels and whether each has confirmed (clicked the link of the confirmation mail).
-- Only the SHA-256 of the link's token is stored; a link expires after 72 hours (a new one is sent on request).
-- owner: alerting.
CREATE TABLE "alert_recipients" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "token_sha256" TEXT,
    "confirmed_at" TIMESTAMPTZ(6),
    "expires_at" TIMESTAMPTZ(6),
    "sent_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "alert_recipients_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "alert_recipients_channel_id_address_key" ON "alert_recipients"("channel_id", "address");
CREATE UNIQUE INDEX "alert_recipients_token_sha256_key" ON "alert_recipients"("token_sha256");
CREATE INDEX "alert_recipients_org_id_idx" ON "alert_recipients"("org_id");
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "notification_channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- E-mail channels made before confirmation existed: their addresses (sealed in config_enc, unreadable here) count as
-- confirmed. alerting adopts them (one confirmed row per address) when it starts or first sends to the channel.
ALTER TABLE "notification_channels" ADD COLUMN "recipients_adopt" BOOLEAN NOT NULL DEFAULT false;
UPDATE "notification_channels" SET "recipients_adopt" = true WHERE "kind" = 'email';
