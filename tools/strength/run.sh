#!/usr/bin/env bash
# The strength table of docs/ai-figures.md: every adjacent pair of levels in
# every game, as `stronghold-cli match` (pairs of games from one random
# opening, sides swapped, a game per core). Logs go to $OUT (one file per
# match, with each game's moves in a .moves file beside it).
#
#   bash tools/strength/run.sh                 # the whole table
#   GAMES="bagh-chal" PAIRS="hard master" bash tools/strength/run.sh
#
# Settings (environment): OUT (default target/strength), N (pairs per match,
# default 10), SEED (default 23), SCALE (time scale for Hard and Master,
# default 1), NICE (default 10).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-target/strength}
N=${N:-10}
SEED=${SEED:-23}
SCALE=${SCALE:-1}
NICE=${NICE:-10}
GAMES=${GAMES:-"pirates asalto fox-geese bagh-chal"}
# Adjacent levels, stronger first: "A B" per line.
LADDER=${PAIRS:-"easy beginner
medium easy
hard medium
master hard"}
mkdir -p "$OUT"
cargo build --release --no-default-features --bin stronghold-cli
BUILT=target/release/stronghold-cli
if [ -n "${CARGO_TARGET_DIR:-}" ]; then BUILT=$CARGO_TARGET_DIR/release/stronghold-cli; fi
# A copy, so a build during the (long) run does not change the player.
BIN="$OUT/stronghold-cli"
cp "$BUILT" "$BIN"
while read -r a b; do
  [ -z "$a" ] && continue
  for game in $GAMES; do
    log="$OUT/$game-$a-$b.txt"
    echo "== $game: $a against $b -> $log ($(uptime))"
    nice -n "$NICE" "$BIN" match "$game" --a "$a" --b "$b" --pairs "$N" \
      --seed "$SEED" --openings 2 --time-scale "$SCALE" \
      --record "$OUT/$game-$a-$b.moves" | tee "$log"
  done
done <<< "$LADDER"
