#!/usr/bin/env bash
# The game's CPU share under Xvfb (lavapipe), the figure a laptop's fan and a
# phone's battery pay: for each state, the game runs, settles for WARM
# seconds (startup, shader compilation), then its CPU time (utime + stime of
# /proc/PID/stat, all threads) is read over SECONDS_EACH seconds and printed
# as a share of one core. The search's own threads (Bevy's "Async Compute"
# pool) are shown apart from the rest (main loop and renderer).
#   NO_BUILD=1 scripts/measure_cpu.sh [SECONDS_EACH] [WARM]
# States: the menu; a game nobody moves in (human vs human); Master against
# Master (moves animate between searches), also summed over the half
# seconds in which a search ran (CPU time is sampled every 0.5 s). Frame times while pieces move come from the
# frame log (`STRONGHOLD_FRAME_LOG`, column `moving`) of the last state.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-20}
WARM=${2:-8}
OUT=${OUT:-/tmp/stronghold-cpu}
DISPLAY_NUM=${DISPLAY_NUM:-:97}
. scripts/xvfb-game.sh
ticks=$(getconf CLK_TCK)

# utime + stime (clock ticks) of a process, or of its threads whose name matches.
cpu_ticks() {
    local pid=$1 pattern=${2:-} total=0 stat name
    if [ -z "$pattern" ]; then
        stat=$(cat "/proc/$pid/stat" 2>/dev/null) || { echo 0; return; }
        echo "$stat" | sed 's/.*) //' | awk '{ print $12 + $13 }'
        return
    fi
    for task in /proc/"$pid"/task/*; do
        name=$(cat "$task/comm" 2>/dev/null) || continue
        case "$name" in $pattern) ;; *) continue ;; esac
        stat=$(cat "$task/stat" 2>/dev/null) || continue
        total=$((total + $(echo "$stat" | sed 's/.*) //' | awk '{ print $12 + $13 }')))
    done
    echo "$total"
}

pct() { awk -v t="$1" -v hz="$ticks" -v s="$2" 'BEGIN { printf "%.1f %%", 100 * t / hz / s }'; }

# measure NAME ARGS...: starts the game, waits WARM s, then samples every
# half second for SECONDS_EACH s. Half seconds in which the search threads
# ran most of the time count as "thinking" and are also summed apart.
measure() {
    local name=$1
    shift
    rm -rf "$XDG_CONFIG_HOME"
    DISPLAY=$DISPLAY_NUM STRONGHOLD_FRAME_LOG="$OUT/$name.csv" "$BIN" "$@" \
        --exit-after $((WARM + 3 * SECONDS_EACH + 30)) >"$OUT/$name.log" 2>&1 &
    local pid=$!
    sleep "$WARM"
    local steps=$((SECONDS_EACH * 2)) i all search prev_all prev_search
    prev_all=$(cpu_ticks $pid)
    prev_search=$(cpu_ticks $pid 'Async Compute*')
    : >"$OUT/$name.samples"
    for ((i = 0; i < steps; i++)); do
        sleep 0.5
        all=$(cpu_ticks $pid)
        search=$(cpu_ticks $pid 'Async Compute*')
        echo "$((all - prev_all)) $((search - prev_search))" >>"$OUT/$name.samples"
        prev_all=$all
        prev_search=$search
    done
    kill $pid 2>/dev/null || true
    wait $pid || true
    awk -v hz="$ticks" -v name="$name" '
        { all += $1; search += $2; n++
          if ($2 >= 0.8 * hz * 0.5) { t_all += $1; t_search += $2; t_n++ } }
        END {
            s = n * 0.5
            printf "%-18s total %6.1f %%  search threads %6.1f %%  the rest %6.1f %%", name,
                100 * all / hz / s, 100 * search / hz / s, 100 * (all - search) / hz / s
            if (t_n > 0) printf "   | while thinking (%d s): total %6.1f %%, the rest %6.1f %%",
                t_n * 0.5, 100 * t_all / hz / (t_n * 0.5), 100 * (t_all - t_search) / hz / (t_n * 0.5)
            printf "\n"
        }' "$OUT/$name.samples" | tee -a "$OUT/cpu.txt"
}

rm -f "$OUT/cpu.txt"
echo "== load before: $(uptime | sed 's/.*load average: //')"
echo "== CPU share of one core, ${SECONDS_EACH} s after ${WARM} s of warm-up"
measure menu
measure game-idle --hunters human --crowd human
measure master-vs-master --hunters master --crowd master
echo "== frame times while a piece moves (Master vs Master)"
tail -n +2 "$OUT/master-vs-master.csv" | awk -F, 'NF >= 4 && $4 == 1 { print $1 }' | sort -g |
    awk '{ v[NR] = $1; s += $1 } END {
        if (NR == 0) { print "no moving frames"; exit }
        i = int(NR * 0.99); if (i < 1) i = 1; j = int(NR * 0.5); if (j < 1) j = 1
        printf "moving    frames %5d  mean %7.2f ms  p50 %7.2f ms  p99 %7.2f ms\n", NR, s / NR, v[j], v[i] }' |
    tee -a "$OUT/cpu.txt"
echo "== load after: $(uptime | sed 's/.*load average: //')"
