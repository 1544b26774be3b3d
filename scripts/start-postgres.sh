#!/usr/bin/env bash
# Starts a throwaway PostgreSQL for the provider's test suite (CI): installs Debian's postgresql when it
# is missing, creates a private cluster with trust auth on 127.0.0.1:55432 and prints its URL.
set -euo pipefail
PORT="${LATCHKEY_PG_PORT:-55432}"
DATA="${LATCHKEY_PG_DATA:-/tmp/latchkey-pg-$PORT}"
bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ -z "$(bindir)" ]; then
  echo "Installing PostgreSQL (Debian package postgresql)…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
BIN="$(bindir)"
run() { if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
if ! run "$BIN/pg_ctl -D $DATA status" >/dev/null 2>&1; then
  rm -rf "$DATA"
  mkdir -p "$DATA"
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$DATA"
  run "$BIN/initdb -D $DATA -A trust -U postgres" >/dev/null
  run "$BIN/pg_ctl -D $DATA -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300' -l $DATA/server.log -w start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
