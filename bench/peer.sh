#!/usr/bin/env bash
# The shop side by side with a stock Vendure 3.7.3 (../shared/peer/vendure) on ONE PostgreSQL 15
# cluster (the peer's, port 54329: database `vendure` for Vendure, `shop` for the shop), alternating
# rounds, so the ratios hold on a noisy machine. Installs and seeds the peer the first time.
# A second shop process on the same database and data, SHOP_PORT+1 with PAGE_CACHE=off, serves the
# full renders (the first keeps pages for every visitor, cookies or not).
# Env: SHOP_PORT (3410), PEER_VENDURE_PORT (3100), ROUNDS, DURATION, WARMUP, CONNECTIONS, GROUPS
#      (see bench/peer.ts).
set -euo pipefail
SHOP_DIR="$(cd "$(dirname "$0")/.." && pwd)"
VENDURE_DIR="${PEER_DIR:-$SHOP_DIR/../shared/peer}/vendure"
SHOP_PORT="${SHOP_PORT:-3410}"
RENDER_PORT=$((SHOP_PORT + 1))
VENDURE_PORT="${PEER_VENDURE_PORT:-3100}"
[ -x "$VENDURE_DIR/node_modules/.bin/node" ] || bash "$VENDURE_DIR/setup.sh"
source "$VENDURE_DIR/pg.sh"
PG_WAS_UP=0
as_pg "pg_ctl -D '$PG_DATA' status >/dev/null 2>&1" && PG_WAS_UP=1
pg_up
LOGS="$(mktemp -d /tmp/bench-peer.XXXX)"
VENDURE_PID="" SHOP_PID="" RENDER_PID=""
cleanup() {
  for pid in $SHOP_PID $RENDER_PID $VENDURE_PID; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  [ "$PG_WAS_UP" = 1 ] || pg_down
}
trap cleanup EXIT
psql_peer -d postgres -c 'DROP DATABASE IF EXISTS shop WITH (FORCE)' -c 'CREATE DATABASE shop'
if ! curl -s -o /dev/null "http://127.0.0.1:$VENDURE_PORT/health"; then
  (cd "$VENDURE_DIR" && exec ./node_modules/.bin/node index.ts) >"$LOGS/vendure.log" 2>&1 &
  VENDURE_PID=$!
fi
(cd "$SHOP_DIR" && exec env NODE_ENV=production PORT="$SHOP_PORT" HOST=127.0.0.1 DATA_DIR="$LOGS/data" LOG_LEVEL=warn \
  DATABASE_URL="postgres://postgres@127.0.0.1:$PEER_PG_PORT/shop" node server/index.ts) >"$LOGS/shop.log" 2>&1 &
SHOP_PID=$!
# The render process starts once the first has migrated the database.
for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$SHOP_PORT/readyz" && break; sleep 0.5; done
(cd "$SHOP_DIR" && exec env NODE_ENV=production PORT="$RENDER_PORT" HOST=127.0.0.1 DATA_DIR="$LOGS/data" LOG_LEVEL=warn \
  PAGE_CACHE=off DATABASE_URL="postgres://postgres@127.0.0.1:$PEER_PG_PORT/shop" node server/index.ts) >"$LOGS/render.log" 2>&1 &
RENDER_PID=$!
for url in "http://127.0.0.1:$VENDURE_PORT/health" "http://127.0.0.1:$SHOP_PORT/readyz" "http://127.0.0.1:$RENDER_PORT/readyz"; do
  for _ in $(seq 1 120); do curl -sf -o /dev/null "$url" && break; sleep 0.5; done
  curl -sf -o /dev/null "$url" || { echo "not up: $url"; tail -20 "$LOGS"/*.log; exit 1; }
done
echo "shop @ $(git -C "$SHOP_DIR" rev-parse --short HEAD) pid $SHOP_PID (renders: $RENDER_PID), vendure pid ${VENDURE_PID:-external}, $(nproc) cores, logs in $LOGS"
PG_PID="$(head -1 "$PG_DATA/postmaster.pid")" SHOP_PID="$SHOP_PID" RENDER_PID="$RENDER_PID" VENDURE_PID="$VENDURE_PID" \
  CLK_TCK="$(getconf CLK_TCK)" SHOP_URL="http://127.0.0.1:$SHOP_PORT" RENDER_URL="http://127.0.0.1:$RENDER_PORT" \
  VENDURE_URL="http://127.0.0.1:$VENDURE_PORT/shop-api" \
  node "$SHOP_DIR/bench/peer.ts"
