-- Issue 21: the poller connects only to the address the target guard checked at registration, never to the host a
-- user typed (a name resolved again at poll time could be pointed anywhere by its DNS: a rebinding attack). Servers
-- registered before `address` was recorded have it NULL, and the poller fell back to the host. Backfill, then forbid
-- NULL:
--   - a host that is an IP literal (a plain dotted quad without leading zeros, or an IPv6 literal) is the address
--     itself, checked at its registration;
--   - any other host (a DNS name, or an odd IPv4 spelling such as 010.1 that PostgreSQL would read differently from
--     the guard) gets '' : the poller never polls it and reports "re-register the server" as its status reason.
-- Plain SQL: the same with and without TimescaleDB.

DO $$
DECLARE
  r RECORD;
  checked TEXT;
BEGIN
  FOR r IN SELECT "id", "host" FROM "servers" WHERE "address" IS NULL LOOP
    checked := '';
    IF r."host" ~ '^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$' THEN
      checked := r."host";
    ELSIF btrim(r."host", '[]') ~ '^[0-9A-Fa-f:.]+$' AND position(':' IN r."host") > 0 THEN
      BEGIN
        -- host() prints the literal canonically (and without a prefix length).
        checked := host(btrim(r."host", '[]')::inet);
      EXCEPTION WHEN others THEN
        checked := '';
      END;
    END IF;
    UPDATE "servers" SET "address" = checked WHERE "id" = r."id";
  END LOOP;
END
$$;

ALTER TABLE "servers" ALTER COLUMN "address" SET NOT NULL;
