#!/usr/bin/env bash
# A PostgreSQL 15 server for the tests, on a loopback port, its data in the
# git-ignored .data/postgres of this checkout.
#
#   bash scripts/postgres.sh start    # idempotent; prints the server's URL
#   bash scripts/postgres.sh url      # prints the URL (server running or not)
#   bash scripts/postgres.sh status   # exit 0 when this checkout's server runs
#   bash scripts/postgres.sh stop
#
# PG_PORT picks the port (default 55432); PG_DIR the folder of the data, under
# the checkout (default .data: the tests' server; the bench uses its own);
# PG_OPTIONS adds server settings at start (e.g. "-c shared_buffers=1GB"). The URL names the `postgres`
# database of superuser `leadsmith` (trust authentication, loopback only):
#   export API_TEST_DATABASE_URL="$(bash scripts/postgres.sh start)"
#
# Binaries: /usr/lib/postgresql/15/bin, else `pg_config --bindir`, else
# Debian's `postgresql` package is installed (as root). PostgreSQL refuses to
# run as root: under root the server runs as the OS user `leadsmith-pg`,
# created when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PG_PORT:-55432}"
DB_SUPERUSER=leadsmith
OS_USER=leadsmith-pg

# The data dir: .data/postgres of the checkout. Under root the server's OS user must reach it:
# when a parent folder of the checkout is closed to other users, the data goes to a folder of its
# own under /var/tmp instead.
locate() {
  local here
  here="$(pwd)"
  ROOT_DIR="$here/${PG_DIR:-.data}"
  if [ "$(id -u)" -eq 0 ] && id -u "$OS_USER" >/dev/null 2>&1 && ! (cd / && runuser -u "$OS_USER" -- test -x "$here"); then
    ROOT_DIR="/var/tmp/leadsmith-pg/$( (if [ -n "${PG_DIR:-}" ]; then echo "$here/$PG_DIR"; else pwd; fi) | cksum | cut -d' ' -f1)"
  fi
  DATA_DIR="$ROOT_DIR/postgres"
  LOG_FILE="$ROOT_DIR/postgres.log"
}
URL="postgres://$DB_SUPERUSER@127.0.0.1:$PORT/postgres"

say() { echo "postgres.sh: $*" >&2; }

find_bindir() {
  if [ -x /usr/lib/postgresql/15/bin/pg_ctl ]; then echo /usr/lib/postgresql/15/bin; return; fi
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/pg_ctl" ]; then pg_config --bindir; return; fi
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$newest" ] && [ -x "$newest/pg_ctl" ]; then echo "$newest"; return; fi
  return 1
}

bindir() {
  local dir
  if dir="$(find_bindir)"; then echo "$dir"; return; fi
  if [ "$(id -u)" -ne 0 ]; then
    say "PostgreSQL binaries not found; install Debian's 'postgresql' package (as root: apt-get install -y postgresql)"
    exit 1
  fi
  say "installing PostgreSQL (apt-get install -y postgresql)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2 || {
    DEBIAN_FRONTEND=noninteractive apt-get update >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
  }
  find_bindir
}

# Runs a PostgreSQL binary as the user that owns the data directory.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then (cd / && runuser -u "$OS_USER" -- "$@"); else "$@"; fi
}

ensure_os_user() {
  [ "$(id -u)" -eq 0 ] || return 0
  id -u "$OS_USER" >/dev/null 2>&1 && return 0
  say "creating OS user $OS_USER (PostgreSQL refuses to run as root)"
  useradd --system --no-create-home --shell /usr/sbin/nologin "$OS_USER"
}

running() {
  [ -f "$DATA_DIR/postmaster.pid" ] || return 1
  local bin
  bin="$(find_bindir)" || return 1
  as_owner "$bin/pg_ctl" -D "$DATA_DIR" status >/dev/null 2>&1
}

running_port() {
  # Line 4 of postmaster.pid is the port the running server listens on.
  sed -n 4p "$DATA_DIR/postmaster.pid" 2>/dev/null
}

wait_ready() {
  local bin="$1" i
  for i in $(seq 1 100); do
    if "$bin/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U "$DB_SUPERUSER" -d postgres; then return 0; fi
    sleep 0.1
  done
  say "the server did not accept connections on port $PORT; log: $LOG_FILE"
  tail -n 20 "$LOG_FILE" >&2 || true
  return 1
}

start() {
  local bin
  bin="$(bindir)"
  ensure_os_user
  locate
  mkdir -p "$ROOT_DIR"
  if running; then
    local port
    port="$(running_port)"
    if [ "$port" != "$PORT" ]; then
      say "this checkout's server already runs on port $port (PG_PORT=$PORT): stop it first"
      exit 1
    fi
    echo "$URL"
    return
  fi
  if "$bin/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
    say "another server already listens on port $PORT: choose another PG_PORT"
    exit 1
  fi
  if [ ! -f "$DATA_DIR/PG_VERSION" ]; then
    rm -rf "$DATA_DIR"
    mkdir -p "$DATA_DIR"
    [ "$(id -u)" -ne 0 ] || chown "$OS_USER" "$DATA_DIR"
    chmod 700 "$DATA_DIR"
    say "initdb $DATA_DIR"
    as_owner "$bin/initdb" -D "$DATA_DIR" -U "$DB_SUPERUSER" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    # A disposable test server: durability off, loopback only, no Unix socket.
    cat >>"$DATA_DIR/postgresql.conf" <<'CONF'
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
timezone = 'UTC'
CONF
  fi
  touch "$LOG_FILE"
  [ "$(id -u)" -ne 0 ] || chown "$OS_USER" "$LOG_FILE"
  as_owner "$bin/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -o "-p $PORT ${PG_OPTIONS:-}" -w -t 30 start >/dev/null
  wait_ready "$bin"
  say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
  echo "$URL"
}

stop() {
  locate
  running || return 0
  as_owner "$(find_bindir)/pg_ctl" -D "$DATA_DIR" -m fast -w stop >/dev/null
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  url) echo "$URL" ;;
  status)
    locate
    running
    ;;
  *)
    say "usage: scripts/postgres.sh [start|stop|url|status]"
    exit 2
    ;;
esac
