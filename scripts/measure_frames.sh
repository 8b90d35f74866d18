#!/usr/bin/env bash
# Frame times and memory under Xvfb: an idle board (two humans, nobody
# moves) and Master against Master (the AI thinks about 2.8 s a move).
# Prints mean and p99 frame time per state, the peak resident memory, the
# ratio of p99 while Master thinks to p99 idle (goal: at most 1.2), and
# Master's search depth per move.
#   NO_BUILD=1 scripts/measure_frames.sh [SECONDS]
# The AI's slice and core share can be tried without rebuilding:
#   STRONGHOLD_AI_SLICE_MS=30 STRONGHOLD_AI_CORE_SHARE=0.6 scripts/measure_frames.sh 30
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-40}
OUT=${OUT:-/tmp/stronghold-frames}
DISPLAY_NUM=${DISPLAY_NUM:-:98}
. scripts/xvfb-game.sh

echo "== load before: $(uptime | sed 's/.*load average: //')"
echo "== AI slice ${STRONGHOLD_AI_SLICE_MS:-default} ms, core share ${STRONGHOLD_AI_CORE_SHARE:-default}"
echo "== idle (human vs human, no moves), ${SECONDS_EACH}s"
DISPLAY=$DISPLAY_NUM STRONGHOLD_FRAME_LOG="$OUT/idle.csv" "$BIN" --hunters human --crowd human \
    --exit-after "$SECONDS_EACH" >"$OUT/idle.log" 2>&1
scripts/frame_stats.sh "$OUT/idle.csv" | tee "$OUT/idle.stats"

echo "== Master vs Master, ${SECONDS_EACH}s"
DISPLAY=$DISPLAY_NUM STRONGHOLD_FRAME_LOG="$OUT/master.csv" "$BIN" --hunters master --crowd master \
    --exit-after "$SECONDS_EACH" >"$OUT/master.log" 2>&1
scripts/frame_stats.sh "$OUT/master.csv" | tee "$OUT/master.stats"

p99() { awk -v s="$1" '$1 == s { for (i = 1; i < NF; i++) if ($i == "p99") print $(i + 1) }' "$2"; }
idle=$(p99 idle "$OUT/idle.stats")
thinking=$(p99 thinking "$OUT/master.stats")
awk -v i="$idle" -v t="$thinking" 'BEGIN { if (i > 0 && t > 0) printf "p99 thinking / p99 idle = %.2f / %.2f = %.2f\n", t, i, t / i }'
# The game logs each AI move: "AI Master plays d6-d5: depth 9, 123456 nodes, 2.81 s".
sed 's/\x1b\[[0-9;]*m//g' "$OUT/master.log" | grep -o 'AI Master plays .*' |
    awk '{ for (i = 1; i <= NF; i++) if ($i == "depth") { d = $(i + 1) + 0; n++; s += d; list = list " " d
           if (n == 1 || d < lo) lo = d; if (d > hi) hi = d } }
         END { if (n) printf "Master depth per move:%s (mean %.1f, min %d, max %d, %d moves)\n", list, s / n, lo, hi, n
               else print "Master depth: no AI moves in the log" }'
echo "== load after: $(uptime | sed 's/.*load average: //')"
