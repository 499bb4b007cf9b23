-- Issue 24 §2: public status pages get their own entitlement in the plan catalogue (they were tied to share links).
-- The plans that had share links (Pro and up) keep status pages. Plain SQL: the same with and without TimescaleDB.
ALTER TABLE "plans" ADD COLUMN "status_pages" BOOLEAN NOT NULL DEFAULT false;
UPDATE "plans" SET "status_pages" = "share_links";
