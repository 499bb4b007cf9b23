-- Every reader of the keyed sample tables asks for one server's rows at one time or in a time range (the REST API's
-- latest lists and history, the realtime snapshot, alerting's presence seed), but their primary keys are
-- (server_id, <key>, time): such a read either walks every entry of the server's whole history in the primary key
-- or falls back to the BRIN index on time, which degrades once retention's deletes let new rows fill old pages.
-- Measured on plain tables (docs/benchmarks.md, session 9): a 1-hour power history of a server with 7 days of
-- history, 12.5 ms -> 1.5 ms; a poll of a day before, after one retention cycle, 319 ms through BRIN.
--
-- Plain tables only. With TimescaleDB the tables are hypertables in 1-day chunks (a read touches only the chunks of
-- its time range) and older chunks are compressed, segmented by server_id and ordered by time, which already serves
-- these reads; an index there would also have to be built on every compressed chunk.
-- server_metrics needs none: its primary key is (server_id, time).
DO $migration$
DECLARE
    sample_table text;
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb') THEN
        RAISE NOTICE 'TimescaleDB in use: the hypertables'' chunks serve reads by server and time';
        RETURN;
    END IF;
    FOREACH sample_table IN ARRAY ARRAY['power_circuits', 'player_samples', 'production_samples', 'train_samples',
                                        'drone_samples', 'factory_building_samples'] LOOP
        EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (server_id, time)',
                       sample_table || '_server_id_time_idx', sample_table);
    END LOOP;
END
$migration$;
