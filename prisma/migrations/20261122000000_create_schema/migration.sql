-- CreateEnum
CREATE TYPE "membership_role" AS ENUM ('admin', 'operator', 'viewer');
CREATE TYPE "server_status" AS ENUM ('unknown', 'online', 'degraded', 'offline', 'loading');
CREATE TYPE "addon_status" AS ENUM ('unknown', 'available', 'unavailable');
CREATE TYPE "billing_period" AS ENUM ('monthly', 'yearly');
CREATE TYPE "channel_kind" AS ENUM ('discord', 'slack', 'teams', 'webhook', 'email', 'telegram');
CREATE TYPE "alert_state_value" AS ENUM ('ok', 'pending', 'firing');
CREATE TYPE "incident_state" AS ENUM ('open', 'resolved');
CREATE TYPE "delivery_status" AS ENUM ('pending', 'sent', 'failed', 'dead');
CREATE TYPE "share_kind" AS ENUM ('dashboard', 'overlay');

-- CreateTable: accounts (owner: api-gateway)
CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabled_at" TIMESTAMPTZ(6),
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "organisations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "personal" BOOLEAN NOT NULL DEFAULT false,
    "owner_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "organisations_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "memberships" (
    "org_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "membership_role" NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("org_id","user_id")
);

CREATE TABLE "sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "revoked_at" TIMESTAMPTZ(6),
    "last_used_at" TIMESTAMPTZ(6),
    "ip" TEXT,
    "user_agent" TEXT,
    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "api_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),
    "last_used_at" TIMESTAMPTZ(6),
    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable: servers (owner: api-gateway) and their polled state (owner: poller)
CREATE TABLE "servers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "address" TEXT,
    "port" INTEGER NOT NULL DEFAULT 7777,
    "addon_http_port" INTEGER NOT NULL DEFAULT 8080,
    "addon_ws_port" INTEGER NOT NULL DEFAULT 8081,
    "admin_password_enc" BYTEA NOT NULL,
    "cert_fingerprint" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "servers_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "server_states" (
    "server_id" UUID NOT NULL,
    "status" "server_status" NOT NULL DEFAULT 'unknown',
    "status_since" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "addon_status" "addon_status" NOT NULL DEFAULT 'unknown',
    "addon_reason" TEXT,
    "addon_checked_at" TIMESTAMPTZ(6),
    "last_seen_at" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "server_states_pkey" PRIMARY KEY ("server_id")
);

-- CreateTable: plans (owner: billing-limits)
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL,
    "price_monthly_cents" INTEGER,
    "price_yearly_cents" INTEGER,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "max_servers" INTEGER,
    "retention_hours" INTEGER,
    "interval_health_seconds" INTEGER NOT NULL,
    "interval_power_seconds" INTEGER NOT NULL,
    "interval_players_seconds" INTEGER NOT NULL,
    "interval_production_seconds" INTEGER NOT NULL,
    "interval_trains_seconds" INTEGER NOT NULL,
    "interval_drones_seconds" INTEGER NOT NULL,
    "interval_factory_seconds" INTEGER NOT NULL,
    "discord_alerts" BOOLEAN NOT NULL,
    "multi_channel_alerts" BOOLEAN NOT NULL,
    "api_access" BOOLEAN NOT NULL,
    "api_daily_quota" INTEGER,
    "share_links" BOOLEAN NOT NULL,
    "roles" BOOLEAN NOT NULL,
    "sla" TEXT,
    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "subscriptions" (
    "org_id" UUID NOT NULL,
    "plan_id" TEXT NOT NULL,
    "period" "billing_period" NOT NULL DEFAULT 'monthly',
    "custom_max_servers" INTEGER,
    "custom_retention_hours" INTEGER,
    "custom_api_daily_quota" INTEGER,
    "started_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("org_id")
);

CREATE TABLE "api_usage_daily" (
    "org_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "requests" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "api_usage_daily_pkey" PRIMARY KEY ("org_id","day")
);

-- CreateTable: alerting (owner: alerting)
CREATE TABLE "alert_rules" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "server_id" UUID,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "pending_seconds" INTEGER NOT NULL DEFAULT 0,
    "notify_on_recovery" BOOLEAN NOT NULL DEFAULT true,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "notification_channels" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "kind" "channel_kind" NOT NULL,
    "name" TEXT NOT NULL,
    "config_enc" BYTEA NOT NULL,
    "config_hint" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notification_channels_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "alert_rule_channels" (
    "rule_id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    CONSTRAINT "alert_rule_channels_pkey" PRIMARY KEY ("rule_id","channel_id")
);

CREATE TABLE "alert_states" (
    "rule_id" UUID NOT NULL,
    "server_id" UUID NOT NULL,
    "state" "alert_state_value" NOT NULL DEFAULT 'ok',
    "since" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "observations" INTEGER NOT NULL DEFAULT 0,
    "last_evaluated_at" TIMESTAMPTZ(6),
    "incident_id" UUID,
    CONSTRAINT "alert_states_pkey" PRIMARY KEY ("rule_id","server_id")
);

CREATE TABLE "incidents" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "server_id" UUID NOT NULL,
    "rule_id" UUID,
    "state" "incident_state" NOT NULL DEFAULT 'open',
    "summary" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "opened_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(6),
    CONSTRAINT "incidents_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "incident_id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "status" "delivery_status" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_attempt_at" TIMESTAMPTZ(6),
    "next_attempt_at" TIMESTAMPTZ(6),
    "response_status" INTEGER,
    "error" TEXT,
    "sent_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable: sharing and audit (owner: api-gateway)
CREATE TABLE "share_links" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "org_id" UUID NOT NULL,
    "server_id" UUID NOT NULL,
    "kind" "share_kind" NOT NULL DEFAULT 'dashboard',
    "token_hash" TEXT NOT NULL,
    "created_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),
    "last_used_at" TIMESTAMPTZ(6),
    CONSTRAINT "share_links_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "org_id" UUID,
    "actor_user_id" UUID,
    "actor_token_id" UUID,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "ip" TEXT,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable: time series (owner: poller)
CREATE TABLE "server_metrics" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "status" "server_status" NOT NULL,
    "tick_rate" REAL,
    "player_count" INTEGER,
    "player_limit" INTEGER,
    "tech_tier" SMALLINT,
    "game_phase" TEXT,
    "game_phase_number" SMALLINT,
    "is_running" BOOLEAN,
    "is_paused" BOOLEAN,
    "total_duration" BIGINT,
    "session_name" TEXT,
    "latency_ms" REAL,
    CONSTRAINT "server_metrics_pkey" PRIMARY KEY ("server_id","time")
);

CREATE TABLE "server_status_changes" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "previous" "server_status" NOT NULL,
    "status" "server_status" NOT NULL,
    "reason" TEXT,
    CONSTRAINT "server_status_changes_pkey" PRIMARY KEY ("server_id","time")
);

CREATE TABLE "power_circuits" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "circuit_group_id" INTEGER NOT NULL,
    "power_production" DOUBLE PRECISION NOT NULL,
    "power_consumed" DOUBLE PRECISION NOT NULL,
    "power_capacity" DOUBLE PRECISION NOT NULL,
    "power_max_consumed" DOUBLE PRECISION NOT NULL,
    "battery_percent" DOUBLE PRECISION NOT NULL,
    "battery_capacity" DOUBLE PRECISION NOT NULL,
    "battery_differential" DOUBLE PRECISION NOT NULL,
    "battery_input" DOUBLE PRECISION NOT NULL,
    "battery_output" DOUBLE PRECISION NOT NULL,
    "battery_time_empty_s" INTEGER,
    "battery_time_full_s" INTEGER,
    "fuse_triggered" BOOLEAN NOT NULL,
    CONSTRAINT "power_circuits_pkey" PRIMARY KEY ("server_id","circuit_group_id","time")
);

CREATE TABLE "player_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "frm_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_online" BOOLEAN NOT NULL,
    "health" DOUBLE PRECISION NOT NULL,
    "speed" DOUBLE PRECISION NOT NULL,
    "is_dead" BOOLEAN NOT NULL,
    "pos_x" DOUBLE PRECISION NOT NULL,
    "pos_y" DOUBLE PRECISION NOT NULL,
    "pos_z" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "player_samples_pkey" PRIMARY KEY ("server_id","player_id","time")
);

CREATE TABLE "production_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "item_class" TEXT NOT NULL,
    "item_name" TEXT NOT NULL,
    "item_form" TEXT,
    "current_prod" DOUBLE PRECISION NOT NULL,
    "max_prod" DOUBLE PRECISION NOT NULL,
    "current_consumed" DOUBLE PRECISION NOT NULL,
    "max_consumed" DOUBLE PRECISION NOT NULL,
    "prod_percent" DOUBLE PRECISION NOT NULL,
    "cons_percent" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "production_samples_pkey" PRIMARY KEY ("server_id","item_class","time")
);

CREATE TABLE "train_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "train_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "station" TEXT,
    "forward_speed" DOUBLE PRECISION NOT NULL,
    "throttle_percent" DOUBLE PRECISION NOT NULL,
    "total_mass" DOUBLE PRECISION NOT NULL,
    "payload_mass" DOUBLE PRECISION NOT NULL,
    "max_payload_mass" DOUBLE PRECISION NOT NULL,
    "derailed" BOOLEAN NOT NULL,
    "pending_derail" BOOLEAN NOT NULL,
    "self_driving" TEXT,
    "docking" TEXT,
    "path" TEXT,
    "power_consumed" DOUBLE PRECISION,
    "pos_x" DOUBLE PRECISION NOT NULL,
    "pos_y" DOUBLE PRECISION NOT NULL,
    "pos_z" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "train_samples_pkey" PRIMARY KEY ("server_id","train_id","time")
);

CREATE TABLE "drone_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "drone_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "home_station" TEXT,
    "paired_station" TEXT,
    "destination" TEXT,
    "flying_mode" TEXT,
    "flying_speed" DOUBLE PRECISION NOT NULL,
    "max_speed" DOUBLE PRECISION NOT NULL,
    "pos_x" DOUBLE PRECISION NOT NULL,
    "pos_y" DOUBLE PRECISION NOT NULL,
    "pos_z" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "drone_samples_pkey" PRIMARY KEY ("server_id","drone_id","time")
);

CREATE TABLE "factory_building_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "building_id" TEXT NOT NULL,
    "class_name" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "recipe" TEXT,
    "is_configured" BOOLEAN NOT NULL,
    "is_producing" BOOLEAN NOT NULL,
    "is_paused" BOOLEAN NOT NULL,
    "productivity" DOUBLE PRECISION NOT NULL,
    "manu_speed" DOUBLE PRECISION NOT NULL,
    "somersloops" INTEGER NOT NULL DEFAULT 0,
    "power_shards" INTEGER NOT NULL DEFAULT 0,
    "circuit_group_id" INTEGER,
    "power_consumed" DOUBLE PRECISION,
    "pos_x" DOUBLE PRECISION NOT NULL,
    "pos_y" DOUBLE PRECISION NOT NULL,
    "pos_z" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "factory_building_samples_pkey" PRIMARY KEY ("server_id","building_id","time")
);

CREATE TABLE "latest" (
    "server_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "time" TIMESTAMPTZ(6) NOT NULL,
    "data" JSONB NOT NULL,
    CONSTRAINT "latest_pkey" PRIMARY KEY ("server_id","kind")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE INDEX "organisations_owner_user_id_idx" ON "organisations"("owner_user_id");
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions"("token_hash");
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");
CREATE INDEX "api_tokens_org_id_idx" ON "api_tokens"("org_id");
CREATE INDEX "servers_org_id_idx" ON "servers"("org_id");
CREATE UNIQUE INDEX "servers_org_id_host_port_key" ON "servers"("org_id", "host", "port");
CREATE INDEX "subscriptions_plan_id_idx" ON "subscriptions"("plan_id");
CREATE INDEX "alert_rules_org_id_idx" ON "alert_rules"("org_id");
CREATE INDEX "alert_rules_server_id_idx" ON "alert_rules"("server_id");
CREATE INDEX "notification_channels_org_id_idx" ON "notification_channels"("org_id");
CREATE INDEX "alert_rule_channels_channel_id_idx" ON "alert_rule_channels"("channel_id");
CREATE INDEX "incidents_org_id_opened_at_idx" ON "incidents"("org_id", "opened_at" DESC);
CREATE INDEX "incidents_server_id_state_idx" ON "incidents"("server_id", "state");
CREATE INDEX "deliveries_status_next_attempt_at_idx" ON "deliveries"("status", "next_attempt_at");
CREATE UNIQUE INDEX "deliveries_incident_id_channel_id_event_key" ON "deliveries"("incident_id", "channel_id", "event");
CREATE UNIQUE INDEX "share_links_token_hash_key" ON "share_links"("token_hash");
CREATE INDEX "share_links_org_id_idx" ON "share_links"("org_id");
CREATE INDEX "share_links_server_id_idx" ON "share_links"("server_id");
CREATE INDEX "audit_log_org_id_created_at_idx" ON "audit_log"("org_id", "created_at" DESC);
CREATE INDEX "server_metrics_time_idx" ON "server_metrics" USING BRIN ("time");
CREATE INDEX "power_circuits_time_idx" ON "power_circuits" USING BRIN ("time");
CREATE INDEX "player_samples_time_idx" ON "player_samples" USING BRIN ("time");
CREATE INDEX "production_samples_time_idx" ON "production_samples" USING BRIN ("time");
CREATE INDEX "train_samples_time_idx" ON "train_samples" USING BRIN ("time");
CREATE INDEX "drone_samples_time_idx" ON "drone_samples" USING BRIN ("time");
CREATE INDEX "factory_building_samples_time_idx" ON "factory_building_samples" USING BRIN ("time");

-- AddForeignKey
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_owner_user_id_fkey" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "servers" ADD CONSTRAINT "servers_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "server_states" ADD CONSTRAINT "server_states_server_id_fkey" FOREIGN KEY ("server_id") REFERENCES "servers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "api_usage_daily" ADD CONSTRAINT "api_usage_daily_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_server_id_fkey" FOREIGN KEY ("server_id") REFERENCES "servers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alert_rule_channels" ADD CONSTRAINT "alert_rule_channels_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alert_rule_channels" ADD CONSTRAINT "alert_rule_channels_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "notification_channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_server_id_fkey" FOREIGN KEY ("server_id") REFERENCES "servers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "notification_channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_server_id_fkey" FOREIGN KEY ("server_id") REFERENCES "servers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
