-- Issue 22 (membership only by consent): an invitation is mailed, and can be mailed again with a new link; when it was
-- last sent bounds how often an admin may send it again. Existing invitations count as sent when they were made.
ALTER TABLE "invitations" ADD COLUMN "sent_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now();
UPDATE "invitations" SET "sent_at" = "created_at";
CREATE INDEX "invitations_org_id_email_idx" ON "invitations" ("org_id", "email");
