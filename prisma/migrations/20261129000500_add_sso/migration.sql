-- Issue 22, single sign-on (OIDC): an organisation's provider set-up, the e-mail domains it claims, the sign-ins in
-- progress (state, nonce, PKCE verifier), how each session was made, and the Team plan's SSO add-on.
-- Plain SQL: the same with and without TimescaleDB.
ALTER TABLE "subscriptions" ADD COLUMN "sso_addon" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "sessions" ADD COLUMN "auth_method" TEXT NOT NULL DEFAULT 'password';
ALTER TABLE "sessions" ADD COLUMN "sso_org_id" UUID;

CREATE TABLE "sso_configs" (
    "org_id" UUID NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret_sealed" BYTEA NOT NULL,
    "role_claim" TEXT,
    "role_mapping" JSONB NOT NULL DEFAULT '{}',
    "default_role" "membership_role" NOT NULL DEFAULT 'viewer',
    "jit_membership" BOOLEAN NOT NULL DEFAULT true,
    "require_sso" BOOLEAN NOT NULL DEFAULT false,
    "trust_unverified_email" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sso_configs_pkey" PRIMARY KEY ("org_id"),
    CONSTRAINT "sso_configs_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "sso_domains" (
    "domain" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    CONSTRAINT "sso_domains_pkey" PRIMARY KEY ("domain"),
    CONSTRAINT "sso_domains_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "sso_configs"("org_id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "sso_domains_org_id_idx" ON "sso_domains"("org_id");

CREATE TABLE "sso_login_attempts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "state_hash" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    "nonce" TEXT NOT NULL,
    "verifier_sealed" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    CONSTRAINT "sso_login_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sso_login_attempts_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "sso_login_attempts_state_hash_key" ON "sso_login_attempts"("state_hash");
CREATE INDEX "sso_login_attempts_expires_at_idx" ON "sso_login_attempts"("expires_at");
