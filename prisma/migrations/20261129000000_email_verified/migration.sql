-- Issue 22: an account's e-mail is verified by the link of a mail. Accounts made before verification existed keep
-- working as they did: they count as verified since their creation. Plain SQL: the same with and without TimescaleDB.
ALTER TABLE "users" ADD COLUMN "email_verified_at" TIMESTAMPTZ(6);
UPDATE "users" SET "email_verified_at" = "created_at";
