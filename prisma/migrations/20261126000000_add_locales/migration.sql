-- The language people read the platform in. A user's choice for the dashboard (null until they choose: the browser's
-- language applies), owner: api-gateway; and each notification channel's for its alert messages (English unless
-- chosen, as every channel was before), owner: alerting. Both are relational tables, never hypertables, so the
-- migration is the same with and without TimescaleDB. Adding a column with a constant default does not rewrite the
-- table (PostgreSQL 11 and later).
CREATE TYPE "locale" AS ENUM ('en', 'de', 'es', 'fr', 'nl');

ALTER TABLE "users" ADD COLUMN "locale" "locale";

ALTER TABLE "notification_channels" ADD COLUMN "locale" "locale" NOT NULL DEFAULT 'en';
