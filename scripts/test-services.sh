#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL cluster and Redis server on loopback for the test run.
#   source scripts/test-services.sh start   # exports AGORA_TEST_DATABASE_URL and AGORA_TEST_REDIS_URL
#   scripts/test-services.sh stop
# PostgreSQL comes from Debian's postgresql package (initdb runs as the postgres user when we are
# root: it refuses to run as root); Redis from redis-server (.ci/run installs it when missing).
set -euo pipefail
dir="${AGORA_SERVICES_DIR:-/tmp/agora-test-services}"
pg_port="${AGORA_PG_PORT:-55432}"
redis_port="${AGORA_REDIS_PORT:-56379}"
pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
    if [ ! -s "$dir/pg/PG_VERSION" ]; then
      as_pg "$pg_bin/initdb" -D "$dir/pg" -A trust -U postgres --no-sync > "$dir/initdb.log"
    fi
    if ! as_pg "$pg_bin/pg_ctl" -D "$dir/pg" status > /dev/null 2>&1; then
      as_pg "$pg_bin/pg_ctl" -D "$dir/pg" -w -l "$dir/pg.log" \
        -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c max_connections=200" start > /dev/null
    fi
    psql -h 127.0.0.1 -p "$pg_port" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'agora_test'" | grep -q 1 ||
      psql -h 127.0.0.1 -p "$pg_port" -U postgres -qc 'CREATE DATABASE agora_test'
    if ! redis-cli -p "$redis_port" ping > /dev/null 2>&1; then
      redis-server --port "$redis_port" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
        --dir "$dir" --logfile "$dir/redis.log" --pidfile "$dir/redis.pid"
      for _ in $(seq 50); do redis-cli -p "$redis_port" ping > /dev/null 2>&1 && break; sleep 0.1; done
    fi
    export AGORA_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/agora_test"
    export AGORA_TEST_REDIS_URL="redis://127.0.0.1:$redis_port"
    echo "test services: $AGORA_TEST_DATABASE_URL $AGORA_TEST_REDIS_URL"
    ;;
  stop)
    redis-cli -p "$redis_port" shutdown nosave > /dev/null 2>&1 || true
    if [ -d "$dir/pg" ]; then as_pg "$pg_bin/pg_ctl" -D "$dir/pg" -m fast stop > /dev/null 2>&1 || true; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: source $0 start | $0 stop" >&2
    exit 2
    ;;
esac
