#!/usr/bin/env bash
# PostgreSQL on loopback for the Examples package's PostgreSQL tests (RoomsPostgresTests), and
# for nothing else: a throwaway cluster in a temporary folder, on a free port of 127.0.0.1,
# stopped and deleted afterwards.
#
#   eval "$(bash .ci/postgres.sh start)"   # installs Debian's postgresql if missing, starts it,
#                                          # prints: export ROOMS_POSTGRES_URL=… ROOMS_POSTGRES_DIR=…
#   bash .ci/postgres.sh stop "$ROOMS_POSTGRES_DIR"
#
# Everything but the final `export` line goes to standard error, so `eval` sees only that.
set -euo pipefail

server_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# initdb and the server refuse to run as root: as root, they run as the `postgres` user that
# Debian's package creates.
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
    local bin dir port
    bin=$(server_bin)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        if [ "$(id -u)" != 0 ]; then
            echo "postgres.sh: PostgreSQL is not installed and this user cannot install it (apt-get install -y postgresql)" >&2
            exit 1
        fi
        echo "postgres.sh: installing Debian's postgresql" >&2
        apt-get update >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
        bin=$(server_bin)
    fi
    dir=$(mktemp -d /tmp/rooms-postgres.XXXXXX)
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    # A free port: the first of 54320-54399 that nothing answers on.
    port=""
    for candidate in $(seq 54320 54399); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
    done
    [ -n "$port" ] || { echo "postgres.sh: no free port in 54320-54399" >&2; exit 1; }
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U rooms -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    # Loopback only, the socket in the temporary folder, no fsync (a test cluster).
    if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >&2; then
        cat "$dir/server.log" >&2
        exit 1
    fi
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U rooms rooms >&2
    echo "postgres.sh: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $dir)" >&2
    echo "export ROOMS_POSTGRES_URL=postgres://rooms@127.0.0.1:$port/rooms ROOMS_POSTGRES_DIR=$dir"
}

stop() {
    local dir=${1:?usage: postgres.sh stop DIR}
    local bin
    bin=$(server_bin)
    if [ -d "$dir/data" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    fi
    rm -rf "$dir"
}

case "${1:-}" in
    start) start ;;
    stop) stop "${2:-}" ;;
    *) echo "usage: bash .ci/postgres.sh start | stop DIR" >&2; exit 2 ;;
esac
