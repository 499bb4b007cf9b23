-- Time-series storage (owner: poller). Guarded: when TimescaleDB is installed AND preloaded
-- (shared_preload_libraries), the sample tables become hypertables with compression, a drop-chunks policy at
-- the longest retention we keep (366 days; per-plan retention is enforced per organisation by billing-limits),
-- and 1-minute / 1-hour continuous aggregates for charts. Otherwise the tables stay plain (BRIN time indexes
-- from the first migration) and the same aggregate names are plain views over date_bin, so the same SQL
-- works on both paths.
DO $migration$
DECLARE
    use_timescale boolean :=
        EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb')
        AND coalesce(current_setting('shared_preload_libraries', true), '') LIKE '%timescaledb%';
    sample_table text;
    bucket record;
    metrics_select text;
    power_select text;
BEGIN
    metrics_select := $sql$
        SELECT %s AS bucket, server_id,
               avg(tick_rate)::real AS tick_rate_avg, min(tick_rate) AS tick_rate_min, max(tick_rate) AS tick_rate_max,
               avg(player_count)::real AS player_count_avg, max(player_count) AS player_count_max,
               max(tech_tier) AS tech_tier, avg(latency_ms)::real AS latency_ms_avg, count(*) AS samples
        FROM server_metrics GROUP BY 1, server_id $sql$;
    power_select := $sql$
        SELECT %s AS bucket, server_id, circuit_group_id,
               avg(power_production) AS power_production_avg, avg(power_consumed) AS power_consumed_avg,
               max(power_capacity) AS power_capacity_max, avg(battery_percent) AS battery_percent_avg,
               min(battery_percent) AS battery_percent_min, bool_or(fuse_triggered) AS fuse_triggered, count(*) AS samples
        FROM power_circuits GROUP BY 1, server_id, circuit_group_id $sql$;

    IF NOT use_timescale THEN
        RAISE NOTICE 'TimescaleDB is not available and preloaded: time-series tables stay plain tables';
        FOR bucket IN SELECT * FROM (VALUES ('1m', '1 minute'), ('1h', '1 hour')) AS b(suffix, width) LOOP
            EXECUTE format('CREATE VIEW %I AS ' || metrics_select, 'server_metrics_' || bucket.suffix,
                format('date_bin(%L::interval, time, TIMESTAMPTZ %L)', bucket.width, '2000-01-01T00:00:00Z'));
            EXECUTE format('CREATE VIEW %I AS ' || power_select, 'power_circuits_' || bucket.suffix,
                format('date_bin(%L::interval, time, TIMESTAMPTZ %L)', bucket.width, '2000-01-01T00:00:00Z'));
        END LOOP;
        RETURN;
    END IF;

    CREATE EXTENSION IF NOT EXISTS timescaledb;
    FOREACH sample_table IN ARRAY ARRAY['server_metrics', 'power_circuits', 'player_samples', 'production_samples',
                                        'train_samples', 'drone_samples', 'factory_building_samples'] LOOP
        PERFORM create_hypertable(sample_table::regclass, 'time', chunk_time_interval => INTERVAL '1 day',
                                  create_default_indexes => false, migrate_data => true, if_not_exists => true);
        EXECUTE format('ALTER TABLE %I SET (timescaledb.compress, timescaledb.compress_segmentby = %L, '
                       'timescaledb.compress_orderby = %L)', sample_table, 'server_id', 'time DESC');
        PERFORM add_compression_policy(sample_table::regclass, INTERVAL '2 days', if_not_exists => true);
        PERFORM add_retention_policy(sample_table::regclass, INTERVAL '366 days', if_not_exists => true);
    END LOOP;

    FOR bucket IN SELECT * FROM (VALUES ('1m', '1 minute', '2 hours', '1 minute'),
                                        ('1h', '1 hour', '3 days', '1 hour')) AS b(suffix, width, start_offset, schedule) LOOP
        EXECUTE format('CREATE MATERIALIZED VIEW %I WITH (timescaledb.continuous) AS ' || metrics_select || ' WITH NO DATA',
            'server_metrics_' || bucket.suffix, format('time_bucket(%L::interval, time)', bucket.width));
        EXECUTE format('CREATE MATERIALIZED VIEW %I WITH (timescaledb.continuous) AS ' || power_select || ' WITH NO DATA',
            'power_circuits_' || bucket.suffix, format('time_bucket(%L::interval, time)', bucket.width));
        PERFORM add_continuous_aggregate_policy(('server_metrics_' || bucket.suffix)::regclass,
            start_offset => bucket.start_offset::interval, end_offset => bucket.width::interval,
            schedule_interval => bucket.schedule::interval, if_not_exists => true);
        PERFORM add_continuous_aggregate_policy(('power_circuits_' || bucket.suffix)::regclass,
            start_offset => bucket.start_offset::interval, end_offset => bucket.width::interval,
            schedule_interval => bucket.schedule::interval, if_not_exists => true);
    END LOOP;
END
$migration$;
