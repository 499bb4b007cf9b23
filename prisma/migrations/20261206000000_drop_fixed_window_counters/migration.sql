-- One counter for every throttle (issue 21): the probe throttle (registrations, diagnoses) and the outbound
-- throttles (test messages, confirmation mails) count in Redis now, with the sign-in, sign-up and public rate limits
-- (apps/api-gateway/src/throttle/required-counters.ts). Their two PostgreSQL fixed-window tables go. Counts in them
-- are at most one window old (a minute, ten minutes): nothing of value is lost.
DROP TABLE IF EXISTS probe_rate_windows;
DROP TABLE IF EXISTS outbound_counters;
