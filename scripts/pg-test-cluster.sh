#!/usr/bin/env bash
# Start a throwaway PostgreSQL 15 cluster, run a command against it, then
# always stop and remove the cluster again.
#
# Usage: bash scripts/pg-test-cluster.sh <command...>
#
# The command runs as the calling user, in the calling directory, with
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/shop_test
# exported. The script exits with the command's exit code.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
DB_NAME="shop_test"

log() { printf '[pg-test-cluster] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/pg-test-cluster.sh <command...>" >&2
  exit 2
fi

if [ ! -d "$PG_BIN" ]; then
  die "PostgreSQL 15 binaries not found at $PG_BIN (install the postgresql-15 package)"
fi
for tool in initdb pg_ctl postgres createdb pg_isready; do
  [ -x "$PG_BIN/$tool" ] || die "missing $PG_BIN/$tool (install the postgresql-15 package)"
done

# The server refuses to run as root: run server-side tools as `postgres`.
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || die "running as root but there is no 'postgres' OS user"
  as_pg() { (cd "$PGTMP" && runuser -u postgres -- "$@"); }
else
  as_pg() { (cd "$PGTMP" && "$@"); }
fi

PGTMP="$(mktemp -d "${TMPDIR:-/tmp}/pg-test-cluster.XXXXXX")"
PGDATA_DIR="$PGTMP/data"
PGLOG="$PGTMP/log"
STARTED=0

cleanup() {
  local rc=$?
  set +e
  if [ "$STARTED" -eq 1 ] && [ -f "$PGDATA_DIR/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1
  fi
  rm -rf "$PGTMP"
  return "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$PGTMP"
fi
chmod 700 "$PGTMP"

# --- initdb -----------------------------------------------------------------
log "initdb in $PGDATA_DIR"
if ! as_pg "$PG_BIN/initdb" -D "$PGDATA_DIR" -A trust -U postgres \
    --encoding=UTF8 --locale=C.UTF-8 >"$PGTMP/initdb.log" 2>&1; then
  log "initdb with --locale=C.UTF-8 failed; retrying with --no-locale"
  rm -rf "$PGDATA_DIR"
  if ! as_pg "$PG_BIN/initdb" -D "$PGDATA_DIR" -A trust -U postgres \
      --encoding=UTF8 --no-locale >"$PGTMP/initdb.log" 2>&1; then
    cat "$PGTMP/initdb.log" >&2
    die "initdb failed"
  fi
fi

# --- pick a free port and start ------------------------------------------------
port_is_free() {
  local p=$1 st=0
  if command -v ss >/dev/null 2>&1 && ss -Hltn "sport = :$p" 2>/dev/null | grep -q .; then
    return 1
  fi
  # pg_isready exits 2 for "no response"; anything else means something answered.
  "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$p" -t 1 >/dev/null 2>&1 || st=$?
  [ "$st" -eq 2 ]
}

pick_port() {
  local p
  if command -v python3 >/dev/null 2>&1 &&
    p="$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()' 2>/dev/null)" && [ -n "$p" ]; then
    echo "$p"
    return 0
  fi
  for ((p = 54329 + RANDOM % 500; p < 65000; p++)); do
    if port_is_free "$p"; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

PORT=""
for attempt in 1 2 3 4 5; do
  PORT="$(pick_port)" || die "could not find a free TCP port"
  log "starting PostgreSQL 15 on 127.0.0.1:$PORT (attempt $attempt)"
  STARTED=1
  if as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -w -t 60 -l "$PGLOG" \
      -o "-p $PORT -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null 2>&1; then
    break
  fi
  STARTED=0
  if grep -qi 'address already in use' "$PGLOG" 2>/dev/null && [ "$attempt" -lt 5 ]; then
    log "port $PORT was taken; retrying with another port"
    as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
    continue
  fi
  log "PostgreSQL failed to start; server log follows:"
  cat "$PGLOG" >&2 2>/dev/null || true
  exit 1
done

# --- database -------------------------------------------------------------------
if ! as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB_NAME"; then
  log "createdb failed; server log follows:"
  cat "$PGLOG" >&2 2>/dev/null || true
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/$DB_NAME"
log "TEST_DATABASE_URL=$TEST_DATABASE_URL"
log "running: $*"

# --- run the command (as the calling user, in the calling cwd) -------------------
set +e
"$@"
rc=$?
set -e
log "command exited with $rc; stopping cluster"
exit "$rc"
