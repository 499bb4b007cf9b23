-- Issue 21: outbound probes (registration and diagnose) are throttled per user and per organisation, shared by
-- every api-gateway replica. One row per subject ("user:<uuid>" or "org:<uuid>") holds the current fixed window
-- (its start, on the database's clock) and the probes counted in it; an upsert moves the row to a new window, so
-- the table stays one row per subject and needs no cleanup. owner: api-gateway
CREATE TABLE "probe_rate_windows" (
    "subject" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(6) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "probe_rate_windows_pkey" PRIMARY KEY ("subject")
);
