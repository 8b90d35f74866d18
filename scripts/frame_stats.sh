#!/usr/bin/env bash
# Summarises a frame log written with STRONGHOLD_FRAME_LOG=path:
# mean and p99 frame time while idle and while the AI thinks, and peak RSS.
#   scripts/frame_stats.sh LOG [SKIP_FRAMES]
set -euo pipefail
log=$1
skip=${2:-120} # the first frames (startup, shader compilation) are not play
for state in 0 1; do
    tail -n +2 "$log" | tail -n +"$((skip + 1))" | awk -F, -v s="$state" '$2 == s { print $1 }' |
        sort -g | awk -v s="$state" '
            { v[NR] = $1; sum += $1 }
            END {
                name = (s == 1) ? "thinking" : "idle";
                if (NR == 0) { printf "%-9s no frames\n", name; exit }
                i = int(NR * 0.99); if (i < 1) i = 1;
                printf "%-9s frames %6d  mean %7.2f ms  p99 %7.2f ms  max %7.2f ms\n", name, NR, sum / NR, v[i], v[NR]
            }'
done
tail -n +2 "$log" | awk -F, '$3 > m { m = $3 } END { printf "peak RSS  %.1f MB\n", m / 1024 }'
