#!/usr/bin/env bash
# Frame times and memory under Xvfb: an idle board (two humans, nobody
# moves) and Master against Master (the AI thinks about 2.8 s a move).
# Prints mean and p99 frame time per state and the peak resident memory.
#   NO_BUILD=1 scripts/measure_frames.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-40}
OUT=${OUT:-/tmp/stronghold-frames}
DISPLAY_NUM=${DISPLAY_NUM:-:98}
. scripts/xvfb-game.sh

echo "== idle (human vs human, no moves), ${SECONDS_EACH}s"
DISPLAY=$DISPLAY_NUM STRONGHOLD_FRAME_LOG="$OUT/idle.csv" "$BIN" --hunters human --crowd human \
    --exit-after "$SECONDS_EACH" >"$OUT/idle.log" 2>&1
scripts/frame_stats.sh "$OUT/idle.csv"

echo "== Master vs Master, ${SECONDS_EACH}s"
DISPLAY=$DISPLAY_NUM STRONGHOLD_FRAME_LOG="$OUT/master.csv" "$BIN" --hunters master --crowd master \
    --exit-after "$SECONDS_EACH" >"$OUT/master.log" 2>&1
scripts/frame_stats.sh "$OUT/master.csv"
