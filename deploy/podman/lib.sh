# Shared by base-images.sh and build-and-run.sh (sourced): podman as these machines run it, and logging.
# podman from Debian, daemonless, with runc, cgroupfs and no default ulimits (containers.conf beside this file).
PODMAN_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PODMAN_DIR/containers.conf}"
NODE_BASE_IMAGE="${NODE_BASE_IMAGE:-localhost/gsm-base-node24:bookworm}"
NGINX_BASE_IMAGE="${NGINX_BASE_IMAGE:-localhost/gsm-base-nginx:bookworm-2}"

log() { printf '%s %s\n' "[$(date -u +%H:%M:%S)] ${LOG_NAME:-podman}:" "$*"; }
die() { log "ERROR: $*"; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Installs Debian's packages that provide the given commands when one is missing (apt-get update once).
need_commands() {
  local missing=()
  for pair in "$@"; do
    local cmd=${pair%%:*} pkg=${pair#*:}
    command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing from Debian's packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

pm() { podman "$@"; }
