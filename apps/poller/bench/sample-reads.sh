#!/usr/bin/env bash
# bench:reads — reads of one server's sample rows by time on plain PostgreSQL (no TimescaleDB), with and without the
# (server_id, time) B-tree of migration 20261125010000, in the same run on the same data; and what that index costs
# the writes (one hour of polls inserted in time order, as the poller writes them).
#
# A scratch database (dropped at the end) is migrated by the repo's own runner, then filled in time order as the
# poller writes:
#   factory_building_samples: 10 servers x 200 buildings, a poll a minute for 3 days (8.64 M rows, ~2 GB)
#   power_circuits:           20 servers x 10 circuits, a poll every 15 s for 7 days (8.06 M rows)
# and one retention cycle is played on the factory table (the oldest day deleted, VACUUM, a new day written: the new
# rows fill the freed pages, as they do on a live plain-PostgreSQL install).
# Each statement runs 5 times per variant, the variants alternating ABBA; the median EXPLAIN ANALYZE execution time is
# printed, with the worst round (slowest "with" against fastest "without") and every round. "without" drops the index inside a transaction that is rolled back, so both variants see the same heap; the
# inserts are rolled back too.
#
# Needs: psql, PostgreSQL at DATABASE_URL's server (default postgresql://postgres@127.0.0.1:5432), the built
# migrator (npm run build). About 6 minutes and 3 GB of disk on this machine.
set -euo pipefail
cd "$(dirname "$0")/../../.."

base="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
server="${base%/*}"
db="bench_reads_$$"
url="$server/$db"
runs=5

psql "$base" -qAtc "CREATE DATABASE $db" >/dev/null
trap 'psql "$base" -qAtc "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true' EXIT
DATABASE_URL="$url" node libs/database/dist/migrate.cli.js >/dev/null

say() { printf '%s\n' "$*"; }
sql() { psql "$url" -qAt -v ON_ERROR_STOP=1 -c "$1"; }

# INSERT of factory buildings (10 servers x 200 buildings, a poll a minute) from $1 to $2, in time order
factory_rows() {
  printf "INSERT INTO factory_building_samples (time, server_id, building_id, class_name, name, is_configured,
            is_producing, is_paused, productivity, manu_speed, pos_x, pos_y, pos_z)
          SELECT t, ('00000000-0000-0000-0000-0000000000' || lpad(s::text, 2, '0'))::uuid, 'b' || b,
                 'Build_ConstructorMk1_C', 'Constructor', true, b %% 3 > 0, false, 100, 100, b, b, 0
            FROM generate_series(timestamptz '%s', timestamptz '%s', interval '1 minute') t,
                 generate_series(1, 10) s, generate_series(1, 200) b
           ORDER BY t, s, b" "$1" "$2"
}
# INSERT of power circuits (20 servers x 10 circuits, a poll every 15 s) from $1 to $2, in time order
power_rows() {
  printf "INSERT INTO power_circuits (time, server_id, circuit_group_id, power_production, power_consumed,
            power_capacity, power_max_consumed, battery_percent, battery_capacity, battery_differential,
            battery_input, battery_output, fuse_triggered)
          SELECT t, ('00000000-0000-0000-0000-0000000000' || lpad(s::text, 2, '0'))::uuid, c, 100, 90, 200, 150,
                 50, 1000, 0, 0, 0, false
            FROM generate_series(timestamptz '%s', timestamptz '%s', interval '15 seconds') t,
                 generate_series(1, 20) s, generate_series(1, 10) c
           ORDER BY t, s, c" "$1" "$2"
}

# execution time in ms of the statement $2 in a transaction that is rolled back; $1 = the index to drop first, or ""
run_ms() {
  local prefix=""
  [ -n "$1" ] && prefix="DROP INDEX $1;"
  psql "$url" -qAt -v ON_ERROR_STOP=1 -c "BEGIN; $prefix EXPLAIN (ANALYZE, FORMAT JSON) $2; ROLLBACK;" |
    grep -o '"Execution Time": [0-9.]*' | grep -o '[0-9.]*$'
}
median() { sort -g | sed -n "$(((runs + 1) / 2))p"; }

# "<without> <with> <slowest with / fastest without>": the median times over $runs runs of the statement $2 without
# the index $1 and with it. The variants alternate ABBA (run 1: without, with; run 2: with, without; ...), so neither
# always goes first (rolled-back inserts leave the heap and index larger, caches warm); every run's pair is also kept:
# the last figure is the worst round's ratio (the slowest "with" against the fastest "without"; < 1 in every round =
# the index wins every round).
both_ms() {
  local without=() with=() i
  for i in $(seq 1 "$runs"); do
    if [ $((i % 2)) -eq 1 ]; then
      without+=("$(run_ms "$1" "$2")")
      with+=("$(run_ms "" "$2")")
    else
      with+=("$(run_ms "" "$2")")
      without+=("$(run_ms "$1" "$2")")
    fi
  done
  printf '%s %s %s %s %s' "$(printf '%s\n' "${without[@]}" | median)" "$(printf '%s\n' "${with[@]}" | median)" \
    "$(printf '%s\n' "${without[@]}" | sort -g | head -1)" "$(printf '%s\n' "${with[@]}" | sort -g | tail -1)" \
    "$(printf '%s,' "${without[@]}")/$(printf '%s,' "${with[@]}")"
}

row() { # label, index, query
  both_ms "$2" "$3" |
    awk -v l="$1" '{ v = ($4 < $3) ? "every round" : "NOT every round";
      printf "%-58s %11.3f ms %11.3f ms %8.0fx %8.0fx  %s\n", l, $1, $2, $1 / $2, $3 / $4, v; print "    rounds (ms) without/with: " $5 }'
}

say "bench:reads  plain PostgreSQL $(sql 'SHOW server_version'), median of $runs runs per variant (EXPLAIN ANALYZE execution time)"
say "settings: runs=$runs, variants alternate ABBA (odd runs without first, even runs with first), each run in its own"
say "  rolled-back transaction; shared_buffers=$(sql 'SHOW shared_buffers'), work_mem=$(sql 'SHOW work_mem'), jit=$(sql 'SHOW jit'),"
say "  max_parallel_workers_per_gather=$(sql 'SHOW max_parallel_workers_per_gather'), random_page_cost=$(sql 'SHOW random_page_cost')"
say "filling factory_building_samples and power_circuits ..."
sql "$(factory_rows '2026-11-20 00:00+00' '2026-11-22 23:59+00')"
sql "$(power_rows '2026-11-16 00:00+00' '2026-11-22 23:59:45+00')"
sql "VACUUM ANALYZE factory_building_samples"
sql "VACUUM ANALYZE power_circuits"

factory='factory_building_samples_server_id_time_idx'
power='power_circuits_server_id_time_idx'
summary() { # the realtime snapshot's factory summary of one poll
  printf "SELECT count(*), count(*) FILTER (WHERE is_producing) FROM factory_building_samples
           WHERE server_id = '00000000-0000-0000-0000-000000000005' AND time = '%s'" "$1"
}
history="SELECT date_bin('60 seconds'::interval, time, TIMESTAMPTZ 'epoch'), circuit_group_id, avg(power_production), count(*)
           FROM power_circuits WHERE server_id = '00000000-0000-0000-0000-000000000007'
            AND time >= '2026-11-22 23:00+00' AND time < '2026-11-23 00:00+00' GROUP BY 1, 2"

printf '%-58s %14s %14s %9s %9s\n' 'read' 'without index' 'with index' 'speed-up' 'worst rnd'
row 'factory summary, newest poll' "$factory" "$(summary '2026-11-22 23:59+00')"
row 'factory summary, a poll a day before' "$factory" "$(summary '2026-11-21 12:00+00')"
row 'power history, 1 hour by minute, 7 days stored' "$power" "$history"

say "one retention cycle on factory_building_samples (delete the oldest day, VACUUM, write one more day) ..."
sql "DELETE FROM factory_building_samples WHERE time < '2026-11-21'"
sql "VACUUM factory_building_samples"
sql "$(factory_rows '2026-11-23 00:00+00' '2026-11-23 23:59+00')"
sql "VACUUM ANALYZE factory_building_samples"
row 'factory summary, newest poll, after retention' "$factory" "$(summary '2026-11-23 23:59+00')"
row 'factory summary, a poll a day before, after retention' "$factory" "$(summary '2026-11-22 12:00+00')"

# writes: label, index, rows, statement
wrow() {
  both_ms "$2" "$4" |
    awk -v l="$1" -v n="$3" '{ printf "%-58s %11.0f r/s %11.0f r/s %8.2fx %8.2fx\n", l, n * 1000 / $1, n * 1000 / $2, $2 / $1, $4 / $3;
      print "    rounds (ms) without/with: " $5 }'
}
printf '%-58s %14s %14s %9s %9s\n' 'write (INSERT in time order, rolled back)' 'without index' 'with index' 'time' 'worst rnd'
wrow 'factory buildings, 1 hour of 10 servers (120,000 rows)' "$factory" 120000 "$(factory_rows '2026-11-24 00:00+00' '2026-11-24 00:59+00')"
wrow 'power circuits, 1 hour of 20 servers (48,000 rows)' "$power" 48000 "$(power_rows '2026-11-23 00:00+00' '2026-11-23 00:59:45+00')"
