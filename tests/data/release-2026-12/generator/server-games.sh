#!/usr/bin/env bash
# Plays games on the release of 2026-12's own server with its own bots, so
# that the database holds what that release stored: named players (bots,
# with their keys), a finished rated game of each of the four games (one
# with options, one with a clock), and a room left in the middle of a game.
#
# usage: server-games.sh BIN_DIR DB
#   BIN_DIR: the old release's stronghold-server and stronghold-cli
#            (built with --features server)
#   DB:      the server's --db: a SQLite file (made new) or a postgres:// URL
#            of an empty database
set -euo pipefail
bin=$1
db=$2
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

"$bin/stronghold-server" --addr 127.0.0.1:0 --db "$db" >"$work/server.out" 2>"$work/server.log" &
for _ in $(seq 300); do
    [ -s "$work/server.out" ] && break
    sleep 0.1
done
port=$(head -1 "$work/server.out" | sed 's/.*://')
url="ws://127.0.0.1:$port"
echo "old server on $url, db $db"

# Keys: 16 to 64 letters, digits, `_` or `-`.
declare -A key=(
    [alice]=alice-key-0000000000000001
    [bruno]=bruno-key-0000000000000002
    [carla]=carla-key-0000000000000003
)

# One game between two named bots: A creates, B joins; waits for both.
# play NAME_A NAME_B SIDE_A SEED CREATE_ARGS...
play() {
    local a=$1 b=$2 side=$3 seed=$4
    shift 4
    local out_a="$work/$a-$seed.out" out_b="$work/$b-$seed.out"
    "$bin/stronghold-cli" online --server "$url" --create "$@" --side "$side" \
        --level easy --name "$a" --key "${key[$a]}" --pace-ms 1 --seed "$seed" \
        --table none >"$out_a" 2>/dev/null &
    local pid_a=$!
    for _ in $(seq 300); do
        grep -q '^code: ' "$out_a" 2>/dev/null && break
        sleep 0.1
    done
    local code
    code=$(sed -n 's/^code: //p' "$out_a" | head -1)
    "$bin/stronghold-cli" online --server "$url" --join "$code" --level easy \
        --name "$b" --key "${key[$b]}" --pace-ms 1 --seed "$((seed + 1))" --table none >"$out_b" 2>/dev/null &
    local pid_b=$!
    wait "$pid_a" "$pid_b"
    echo "$* ($a $side vs $b): $code, $(grep -c '^move ' "$out_a") plies, $(grep '^result' "$out_a")"
}

play alice bruno hunters 11 pirates --rated
play bruno carla crowd 21 asalto --rated --clock 3+2
play carla alice hunters 31 fox-geese --option geese=15 --option sideways=on --rated
play alice carla crowd 41 bagh-chal --rated

# A room left mid-game: both bots stopped after twelve plies.
out_a="$work/unfinished-a.out"
"$bin/stronghold-cli" online --server "$url" --create pirates --option retreat=on --side crowd \
    --level easy --name bruno --key "${key[bruno]}" --pace-ms 50 --seed 51 --table none >"$out_a" 2>/dev/null &
pid_a=$!
for _ in $(seq 300); do
    grep -q '^code: ' "$out_a" 2>/dev/null && break
    sleep 0.1
done
code=$(sed -n 's/^code: //p' "$out_a" | head -1)
"$bin/stronghold-cli" online --server "$url" --join "$code" --level easy --name alice \
    --key "${key[alice]}" --pace-ms 50 --seed 52 --table none >/dev/null 2>&1 &
pid_b=$!
for _ in $(seq 600); do
    [ "$(grep -c '^move ' "$out_a")" -ge 12 ] && break
    sleep 0.05
done
kill "$pid_a" "$pid_b"
wait "$pid_a" "$pid_b" 2>/dev/null || true
echo "unfinished pirates retreat=on: $code, $(grep -c '^move ' "$out_a") plies seen"

# The server stops as it would be stopped (SIGTERM), its writes committed.
kill %1
wait %1 2>/dev/null || true
if grep -q panicked "$work/server.log"; then
    cat "$work/server.log"
    exit 1
fi
