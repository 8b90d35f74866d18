#!/usr/bin/env bash
# Starts the game under Xvfb (Mesa's lavapipe Vulkan), screenshots a few
# scenes and checks that the board is drawn: enough wood-coloured pixels and
# pixels of both sides' piece colours.
#
#   scripts/screenshot.sh            # shots in $OUT (default /tmp/stronghold-shots)
#   NO_BUILD=1 scripts/screenshot.sh # reuse the last build
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/stronghold-shots}
DISPLAY_NUM=${DISPLAY_NUM:-:99}
. scripts/xvfb-game.sh

# shot NAME SECONDS [game arguments...]: run the game, screenshot after SECONDS.
shot() {
    local name=$1 wait=$2
    shift 2
    DISPLAY=$DISPLAY_NUM "$BIN" --exit-after $((wait + 2)) "$@" >"$OUT/$name.log" 2>&1 &
    local game=$!
    sleep "$wait"
    DISPLAY=$DISPLAY_NUM import -window root "$OUT/$name.png"
    wait "$game" || true
    echo "$OUT/$name.png"
}

# fraction FILE COLOUR: share of pixels within 6% of COLOUR.
fraction() {
    convert "$1" -alpha off -fuzz 6% -fill black +opaque "$2" -fill white -opaque "$2" \
        -colorspace gray -format '%[fx:mean]' info:
}

# check FILE: the board's wood and both sides' pieces are on screen.
check() {
    local wood hunters crowd
    wood=$(fraction "$1" 'rgb(204,153,92)')
    hunters=$(fraction "$1" 'rgb(140,23,23)')
    crowd=$(fraction "$1" 'rgb(242,232,204)')
    echo "  wood $wood, hunters $hunters, crowd $crowd"
    awk -v w="$wood" -v h="$hunters" -v c="$crowd" 'BEGIN {
        if (w < 0.10) { print "  FAIL: too little wood: the board is not drawn"; exit 1 }
        if (h < 0.001) { print "  FAIL: no hunter pieces"; exit 1 }
        if (c < 0.002) { print "  FAIL: no crowd pieces"; exit 1 }
        print "  ok"
    }'
}

status=0
shot start 10
check "$OUT/start.png" || status=1
shot midgame 10 --hunters human --moves "d4-d5 c6-c7 c4-c5 c7-d7 b4-c4"
check "$OUT/midgame.png" || status=1
shot asalto 10 --game asalto --hunters human --moves "@d6 @c6"
check "$OUT/asalto.png" || status=1
shot baghchal 10 --game bagh-chal --hunters human --moves "@c3 a1-b1 @c2"
check "$OUT/baghchal.png" || status=1
shot foxgeese 10 --game fox-geese --option geese=17 --flip
check "$OUT/foxgeese.png" || status=1
exit $status
