-- Issue 20: the add-on kinds an admin looks at besides power, players, production, trains, drones and buildings
-- (owner: poller; registry: libs/samples/src/kinds). Each kind is a sample table keyed (server_id, <key>, time); the
-- plans get one interval per new kind (storage polls with inventory, session with health); every add-on sample is
-- tagged with the save it was taken in (session_name), so loading another save starts new series.
--
-- Both storage paths: with TimescaleDB (installed and preloaded) the new tables are hypertables in 1-day chunks,
-- compressed after 2 days, with 1-minute / 1-hour continuous aggregates for the charts; without it they stay plain
-- tables with a BRIN index on time and a (server_id, time) index for the readers, and the aggregates are plain views
-- over date_bin with the same names and columns, so the same SQL reads both.

ALTER TABLE "plans"
    ADD COLUMN "interval_generators_seconds" INTEGER NOT NULL DEFAULT 30,
    ADD COLUMN "interval_extractors_seconds" INTEGER NOT NULL DEFAULT 30,
    ADD COLUMN "interval_drone_stations_seconds" INTEGER NOT NULL DEFAULT 30,
    ADD COLUMN "interval_inventory_seconds" INTEGER NOT NULL DEFAULT 30,
    ADD COLUMN "interval_resource_sink_seconds" INTEGER NOT NULL DEFAULT 30;

-- Paid plans: generators every 15 s, extractors / drone stations / inventory every 30 s, the sink every 60 s
-- (Free keeps 30 s for every kind, as before).
UPDATE "plans" SET "interval_generators_seconds" = 15, "interval_resource_sink_seconds" = 60
 WHERE "id" IN ('hobby', 'pro', 'team', 'enterprise');

CREATE TABLE "generator_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "generator_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "class_name" TEXT NOT NULL,
    "fuel_class" TEXT,
    "fuel_name" TEXT,
    "fuel_form" TEXT,
    "fuel_amount" DOUBLE PRECISION NOT NULL,
    "burn_time_left_s" INTEGER,
    "production" DOUBLE PRECISION NOT NULL,
    "capacity" DOUBLE PRECISION NOT NULL,
    "load_percent" DOUBLE PRECISION NOT NULL,
    "clock_percent" DOUBLE PRECISION NOT NULL,
    "can_start" BOOLEAN NOT NULL,
    "supplement_percent" DOUBLE PRECISION,
    "nuclear_warning" TEXT,
    "circuit_group_id" INTEGER,
    "pos_x" DOUBLE PRECISION NOT NULL,
    "pos_y" DOUBLE PRECISION NOT NULL,
    "pos_z" DOUBLE PRECISION NOT NULL,
    "session_name" TEXT,
    CONSTRAINT "generator_samples_pkey" PRIMARY KEY ("server_id", "generator_id", "time")
);

CREATE TABLE "extractor_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "extractor_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "class_name" TEXT NOT NULL,
    "resource_class" TEXT,
    "resource_name" TEXT,
    "purity" TEXT,
    "current_prod" DOUBLE PRECISION NOT NULL,
    "max_prod" DOUBLE PRECISION NOT NULL,
    "productivity" DOUBLE PRECISION NOT NULL,
    "clock_percent" DOUBLE PRECISION NOT NULL,
    "is_configured" BOOLEAN NOT NULL,
    "is_producing" BOOLEAN NOT NULL,
    "is_paused" BOOLEAN NOT NULL,
    "power_consumed" DOUBLE PRECISION,
    "circuit_group_id" INTEGER,
    "pos_x" DOUBLE PRECISION NOT NULL,
    "pos_y" DOUBLE PRECISION NOT NULL,
    "pos_z" DOUBLE PRECISION NOT NULL,
    "session_name" TEXT,
    CONSTRAINT "extractor_samples_pkey" PRIMARY KEY ("server_id", "extractor_id", "time")
);

CREATE TABLE "drone_station_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "station_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "paired_station" TEXT,
    "drone_status" TEXT,
    "fuel_name" TEXT,
    "fuel_amount" DOUBLE PRECISION NOT NULL,
    "fuel_rate" DOUBLE PRECISION,
    "fuel_time_left_s" INTEGER,
    "round_trip_s" DOUBLE PRECISION,
    "avg_inc_rate" DOUBLE PRECISION NOT NULL,
    "avg_out_rate" DOUBLE PRECISION NOT NULL,
    "transport_rate" DOUBLE PRECISION NOT NULL,
    "power_consumed" DOUBLE PRECISION,
    "circuit_group_id" INTEGER,
    "pos_x" DOUBLE PRECISION NOT NULL,
    "pos_y" DOUBLE PRECISION NOT NULL,
    "pos_z" DOUBLE PRECISION NOT NULL,
    "session_name" TEXT,
    CONSTRAINT "drone_station_samples_pkey" PRIMARY KEY ("server_id", "station_id", "time")
);

CREATE TABLE "inventory_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "item_class" TEXT NOT NULL,
    "item_name" TEXT NOT NULL,
    "amount" DOUBLE PRECISION NOT NULL,
    "cloud_amount" DOUBLE PRECISION NOT NULL,
    "stack_size" DOUBLE PRECISION NOT NULL,
    "session_name" TEXT,
    CONSTRAINT "inventory_samples_pkey" PRIMARY KEY ("server_id", "item_class", "time")
);

CREATE TABLE "storage_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "container_id" TEXT NOT NULL,
    "container_name" TEXT NOT NULL,
    "class_name" TEXT NOT NULL,
    "item_class" TEXT NOT NULL,
    "item_name" TEXT NOT NULL,
    "amount" DOUBLE PRECISION NOT NULL,
    "pos_x" DOUBLE PRECISION NOT NULL,
    "pos_y" DOUBLE PRECISION NOT NULL,
    "pos_z" DOUBLE PRECISION NOT NULL,
    "session_name" TEXT,
    CONSTRAINT "storage_samples_pkey" PRIMARY KEY ("server_id", "container_id", "item_class", "time")
);

CREATE TABLE "resource_sink_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "track" TEXT NOT NULL,
    "total_points" BIGINT NOT NULL,
    "coupons" INTEGER NOT NULL,
    "coupon_progress" DOUBLE PRECISION NOT NULL,
    "points_to_coupon" BIGINT NOT NULL,
    "points_per_minute" DOUBLE PRECISION NOT NULL,
    "session_name" TEXT,
    CONSTRAINT "resource_sink_samples_pkey" PRIMARY KEY ("server_id", "track", "time")
);

CREATE TABLE "session_samples" (
    "time" TIMESTAMPTZ(6) NOT NULL,
    "server_id" UUID NOT NULL,
    "session_name" TEXT NOT NULL,
    "is_paused" BOOLEAN NOT NULL,
    "passed_days" INTEGER,
    "day_hours" SMALLINT,
    "day_minutes" SMALLINT,
    "is_day" BOOLEAN,
    "total_play_s" BIGINT NOT NULL,
    CONSTRAINT "session_samples_pkey" PRIMARY KEY ("server_id", "time")
);

-- The existing add-on tables are tagged with the save too (null for rows stored before this migration).
ALTER TABLE "power_circuits" ADD COLUMN "session_name" TEXT;
ALTER TABLE "player_samples" ADD COLUMN "session_name" TEXT;
ALTER TABLE "production_samples" ADD COLUMN "session_name" TEXT;
ALTER TABLE "train_samples" ADD COLUMN "session_name" TEXT;
ALTER TABLE "drone_samples" ADD COLUMN "session_name" TEXT;
-- Why a machine does not produce (from its input and output slots): output_full, input_starved or null.
ALTER TABLE "factory_building_samples" ADD COLUMN "stall" TEXT, ADD COLUMN "session_name" TEXT;

DO $migration$
DECLARE
    use_timescale boolean := EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb');
    sample_table text;
    bucket record;
    generators_select text;
    sink_select text;
    production_select text;
BEGIN
    -- Per generator (the charts sum them per fuel), per sink track, per item.
    generators_select := $sql$
        SELECT %s AS bucket, server_id, generator_id, fuel_name, session_name,
               avg(production) AS production_avg, max(capacity) AS capacity_max,
               min(burn_time_left_s) AS burn_time_left_min, count(*) AS samples
        FROM generator_samples GROUP BY 1, server_id, generator_id, fuel_name, session_name $sql$;
    sink_select := $sql$
        SELECT %s AS bucket, server_id, track, session_name,
               max(total_points) AS total_points_max, avg(points_per_minute) AS points_per_minute_avg,
               max(coupons) AS coupons_max, count(*) AS samples
        FROM resource_sink_samples GROUP BY 1, server_id, track, session_name $sql$;
    production_select := $sql$
        SELECT %s AS bucket, server_id, item_class, session_name,
               avg(current_prod) AS current_prod_avg, avg(current_consumed) AS current_consumed_avg,
               max(max_prod) AS max_prod_max, count(*) AS samples
        FROM production_samples GROUP BY 1, server_id, item_class, session_name $sql$;

    FOREACH sample_table IN ARRAY ARRAY['generator_samples', 'extractor_samples', 'drone_station_samples',
                                        'inventory_samples', 'storage_samples', 'resource_sink_samples',
                                        'session_samples'] LOOP
        EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I USING BRIN (time)', sample_table || '_time_idx', sample_table);
    END LOOP;

    IF NOT use_timescale THEN
        -- session_samples needs none: its primary key is (server_id, time).
        FOREACH sample_table IN ARRAY ARRAY['generator_samples', 'extractor_samples', 'drone_station_samples',
                                            'inventory_samples', 'storage_samples', 'resource_sink_samples'] LOOP
            EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (server_id, time)',
                           sample_table || '_server_id_time_idx', sample_table);
        END LOOP;
        FOR bucket IN SELECT * FROM (VALUES ('1m', '1 minute'), ('1h', '1 hour')) AS b(suffix, width) LOOP
            EXECUTE format('CREATE VIEW %I AS ' || generators_select, 'generator_samples_' || bucket.suffix,
                format('date_bin(%L::interval, time, TIMESTAMPTZ %L)', bucket.width, '2000-01-01T00:00:00Z'));
            EXECUTE format('CREATE VIEW %I AS ' || sink_select, 'resource_sink_samples_' || bucket.suffix,
                format('date_bin(%L::interval, time, TIMESTAMPTZ %L)', bucket.width, '2000-01-01T00:00:00Z'));
            EXECUTE format('CREATE VIEW %I AS ' || production_select, 'production_samples_' || bucket.suffix,
                format('date_bin(%L::interval, time, TIMESTAMPTZ %L)', bucket.width, '2000-01-01T00:00:00Z'));
        END LOOP;
        RETURN;
    END IF;

    FOREACH sample_table IN ARRAY ARRAY['generator_samples', 'extractor_samples', 'drone_station_samples',
                                        'inventory_samples', 'storage_samples', 'resource_sink_samples',
                                        'session_samples'] LOOP
        PERFORM create_hypertable(sample_table::regclass, 'time', chunk_time_interval => INTERVAL '1 day',
                                  create_default_indexes => false, migrate_data => true, if_not_exists => true);
        EXECUTE format('ALTER TABLE %I SET (timescaledb.compress, timescaledb.compress_segmentby = %L, '
                       'timescaledb.compress_orderby = %L)', sample_table, 'server_id', 'time DESC');
        PERFORM add_compression_policy(sample_table::regclass, INTERVAL '2 days', if_not_exists => true);
        PERFORM add_retention_policy(sample_table::regclass, INTERVAL '366 days', if_not_exists => true);
    END LOOP;

    -- Real-time aggregates: TimescaleDB 2.13 and later read only what was materialised by default, so a chart's newest
    -- minute or hour would be missing; these add the not yet materialised rows (the older aggregates too).
    FOREACH sample_table IN ARRAY ARRAY['server_metrics_1m', 'server_metrics_1h', 'power_circuits_1m',
                                        'power_circuits_1h'] LOOP
        EXECUTE format('ALTER MATERIALIZED VIEW %I SET (timescaledb.materialized_only = false)', sample_table);
    END LOOP;

    FOR bucket IN SELECT * FROM (VALUES ('1m', '1 minute', '2 hours', '1 minute'),
                                        ('1h', '1 hour', '3 days', '1 hour')) AS b(suffix, width, start_offset, schedule) LOOP
        EXECUTE format('CREATE MATERIALIZED VIEW %I WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS ' || generators_select || ' WITH NO DATA',
            'generator_samples_' || bucket.suffix, format('time_bucket(%L::interval, time)', bucket.width));
        EXECUTE format('CREATE MATERIALIZED VIEW %I WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS ' || sink_select || ' WITH NO DATA',
            'resource_sink_samples_' || bucket.suffix, format('time_bucket(%L::interval, time)', bucket.width));
        EXECUTE format('CREATE MATERIALIZED VIEW %I WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS ' || production_select || ' WITH NO DATA',
            'production_samples_' || bucket.suffix, format('time_bucket(%L::interval, time)', bucket.width));
        PERFORM add_continuous_aggregate_policy(('generator_samples_' || bucket.suffix)::regclass,
            start_offset => bucket.start_offset::interval, end_offset => bucket.width::interval,
            schedule_interval => bucket.schedule::interval, if_not_exists => true);
        PERFORM add_continuous_aggregate_policy(('resource_sink_samples_' || bucket.suffix)::regclass,
            start_offset => bucket.start_offset::interval, end_offset => bucket.width::interval,
            schedule_interval => bucket.schedule::interval, if_not_exists => true);
        PERFORM add_continuous_aggregate_policy(('production_samples_' || bucket.suffix)::regclass,
            start_offset => bucket.start_offset::interval, end_offset => bucket.width::interval,
            schedule_interval => bucket.schedule::interval, if_not_exists => true);
    END LOOP;
END
$migration$;
