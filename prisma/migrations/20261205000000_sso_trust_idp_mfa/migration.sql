-- Issue 22: an organisation's "two factors required" policy may trust the multi-factor sign-in its identity provider
-- asserts (the ID token's amr has mfa/otp/hwk, or its acr is one the organisation names): on by default. A session
-- made through SSO records whether the provider asserted it. Plain SQL: the same with and without TimescaleDB.
ALTER TABLE "sso_configs" ADD COLUMN "trust_idp_mfa" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "sso_configs" ADD COLUMN "mfa_acr_values" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "sessions" ADD COLUMN "idp_mfa" BOOLEAN NOT NULL DEFAULT false;
