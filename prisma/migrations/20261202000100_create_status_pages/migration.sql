-- Issue 24 §2, public status pages: an organisation's page (slug, title, chosen servers), its incidents and their
-- updates, and its subscribers (e-mail with double opt-in, webhook). Tokens are stored as their SHA-256, webhook URLs
-- sealed. Plain SQL: the same with and without TimescaleDB.
CREATE TABLE "status_pages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "status_pages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "status_pages_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "status_pages_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "status_pages_slug_key" ON "status_pages"("slug");
CREATE INDEX "status_pages_org_id_idx" ON "status_pages"("org_id");

CREATE TABLE "status_page_servers" (
    "page_id" UUID NOT NULL,
    "server_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "status_page_servers_pkey" PRIMARY KEY ("page_id", "server_id"),
    CONSTRAINT "status_page_servers_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "status_page_servers_server_id_fkey" FOREIGN KEY ("server_id") REFERENCES "servers"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "status_page_servers_server_id_idx" ON "status_page_servers"("server_id");

CREATE TABLE "status_incidents" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "page_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "impact" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "alert_incident_id" UUID,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(6),
    CONSTRAINT "status_incidents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "status_incidents_impact_check" CHECK ("impact" IN ('none', 'minor', 'major', 'critical', 'maintenance')),
    CONSTRAINT "status_incidents_state_check" CHECK ("state" IN ('investigating', 'identified', 'monitoring', 'resolved')),
    CONSTRAINT "status_incidents_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "status_incidents_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "status_incidents_page_id_created_at_idx" ON "status_incidents"("page_id", "created_at" DESC);

CREATE TABLE "status_incident_updates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "incident_id" UUID NOT NULL,
    "state" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "status_incident_updates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "status_incident_updates_state_check" CHECK ("state" IN ('investigating', 'identified', 'monitoring', 'resolved')),
    CONSTRAINT "status_incident_updates_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "status_incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "status_incident_updates_incident_id_idx" ON "status_incident_updates"("incident_id", "created_at");

CREATE TABLE "status_subscribers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "page_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "email" TEXT,
    "webhook_url_sealed" BYTEA,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "confirm_token_hash" TEXT,
    "unsubscribe_token_hash" TEXT NOT NULL,
    "confirmed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "status_subscribers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "status_subscribers_kind_check" CHECK ("kind" IN ('email', 'webhook')),
    CONSTRAINT "status_subscribers_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "status_subscribers_confirm_token_hash_key" ON "status_subscribers"("confirm_token_hash");
CREATE UNIQUE INDEX "status_subscribers_unsubscribe_token_hash_key" ON "status_subscribers"("unsubscribe_token_hash");
CREATE UNIQUE INDEX "status_subscribers_page_id_email_key" ON "status_subscribers"("page_id", "email");
