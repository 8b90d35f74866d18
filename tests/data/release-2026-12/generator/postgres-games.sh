#!/usr/bin/env bash
# server-games.sh on PostgreSQL: a cluster of its own in a temporary folder
# (as the `postgres` user when run as root, as tests/core/pg_cluster.rs
# does), the old server's games played into it, their trace written by the
# old rules, and the database dumped as SQL (INSERTs, no owners).
#
# usage: postgres-games.sh BIN_DIR OLD_FILES DUMP_OUT EXPECTED_OUT
#   OLD_FILES: the old release's `old_files` example (built as README.md says)
set -euo pipefail
bin=$1
old_files=$2
dump_out=$3
expected_out=$4
pgbin=$(pg_config --bindir)
dir=$(mktemp -d)
run=()
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$dir"
    run=(runuser -u postgres --)
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
stop() {
    "${run[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT
"${run[@]}" "$pgbin/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
"${run[@]}" "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/log" \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" -w start >/dev/null
"${run[@]}" "$pgbin/createdb" -h 127.0.0.1 -p "$port" -U postgres stronghold
url="postgres://postgres@127.0.0.1:$port/stronghold"

bash "$(dirname "$0")/server-games.sh" "$bin" "$url"
"$old_files" server "$url" "$expected_out"
pg_dump --inserts --no-owner --no-privileges -h 127.0.0.1 -p "$port" -U postgres stronghold >"$dump_out"
echo "dumped to $dump_out"
