#!/usr/bin/env bash
# Screenshots of the coach's screens under Xvfb, in English and Russian: a
# Bagh-Chal game analysed (progress, then the grades, graph, summary and
# arrows in review), the puzzles page, and a puzzle solved wrong then
# right (clicks sent with xdotool). Each run's log must have no error.
#
#   scripts/coach-shots.sh                  # shots in $OUT (default /tmp/stronghold-coach-shots)
#   NO_BUILD=1 LANGS=en scripts/coach-shots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/stronghold-coach-shots}
DISPLAY_NUM=${DISPLAY_NUM:-:97}
LANGS=${LANGS:-en ru}
. scripts/xvfb-game.sh
export DISPLAY=$DISPLAY_NUM

# A finished Bagh-Chal game (Easy tigers against Beginner goats).
MOVES=$(sed -n 1p docs/strength-logs/bagh-chal-easy-beginner.moves | sed 's/^[^:]*: //')
# Board points on a 1280x800 window, for clicks: file a-e, rank 1-5.
x() { echo $((291 + 132 * ($(printf '%d' "'$1") - 97))); }
y() { echo $((639 - 132 * ($1 - 1))); }
click() { xdotool mousemove "$(x "${1:0:1}")" "$(y "${1:1:1}")" click 1; sleep 0.6; }

check() {
    if grep -E "ERROR|panicked" "$OUT/$1.log" >/dev/null; then
        echo "  FAIL $1: errors in $OUT/$1.log"
        return 1
    fi
    echo "  ok $1"
}

status=0
for lang in $LANGS; do
    # The analysis: progress soon after launch, the result once it is done.
    "$BIN" --language "$lang" --game bagh-chal --hunters easy --crowd human \
        --moves "$MOVES" --review 61 --analyse --exit-after 900 >"$OUT/analysis-$lang.log" 2>&1 &
    game=$!
    sleep 15
    xdotool mousemove 600 790
    import -window root "$OUT/analysis-progress-$lang.png"
    for _ in $(seq 1 170); do
        grep -q "moves graded" "$OUT/analysis-$lang.log" && break
        sleep 5
    done
    sleep 2
    xdotool mousemove 1130 790 click 5 click 5 click 5 click 5 click 5 click 5 click 5 click 5
    sleep 1
    import -window root "$OUT/analysis-done-$lang.png"
    kill "$game" 2>/dev/null || true
    wait "$game" || true
    check "analysis-$lang" || status=1

    # The puzzles page, then puzzle 22 (the answer is b4-a3): a wrong move,
    # a hint, the answer.
    "$BIN" --language "$lang" --puzzles bagh-chal --exit-after 20 >"$OUT/puzzles-$lang.log" 2>&1 &
    game=$!
    sleep 15
    import -window root "$OUT/puzzles-page-$lang.png"
    wait "$game" || true
    check "puzzles-$lang" || status=1
    "$BIN" --language "$lang" --puzzles bagh-chal --puzzle 22 --exit-after 40 >"$OUT/puzzle-$lang.log" 2>&1 &
    game=$!
    sleep 15
    click d4
    click d3
    sleep 1
    import -window root "$OUT/puzzle-wrong-$lang.png"
    xdotool mousemove 1020 244 click 1
    sleep 1
    import -window root "$OUT/puzzle-hint-$lang.png"
    click b4
    click a3
    sleep 2
    import -window root "$OUT/puzzle-solved-$lang.png"
    wait "$game" || true
    check "puzzle-$lang" || status=1
done
ls "$OUT"/*.png
exit $status
