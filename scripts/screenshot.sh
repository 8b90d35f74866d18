#!/usr/bin/env bash
# Starts the game under Xvfb (Mesa's lavapipe Vulkan) with every skin on
# every game, at the start and in a mid-game position, screenshots each and
# checks it: the log has no error or panic and the picture is not blank.
#
#   scripts/screenshot.sh                   # every shot, in $OUT (default /tmp/stronghold-shots)
#   SKINS="classic" GAMES="pirates" scripts/screenshot.sh
#   NO_BUILD=1 scripts/screenshot.sh        # reuse the last build
#   DOCS=1 scripts/screenshot.sh            # also copy one shot per skin to docs/skin-NAME.png
#   EXTRA="--text-size 200" scripts/screenshot.sh   # flags added to every run
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/stronghold-shots}
DISPLAY_NUM=${DISPLAY_NUM:-:99}
WAIT=${WAIT:-10}
SKINS=${SKINS:-$(grep -v '^#' assets/skins/index.txt | grep -v '^$')}
GAMES=${GAMES:-pirates asalto fox-geese bagh-chal}
. scripts/xvfb-game.sh

# Moves that reach a mid-game position (captures and pieces in the tray);
# a game without any gets its start only.
midgame() {
    case $1 in
    pirates) echo "d4-d5 c6-c7 c4-c5 c7-d7 b4-c4 d7-c7 c5-c6 c7xc5xe5" ;;
    asalto) echo "@c6 @c7 e4-e5 c7-d7 d4-e4 d7-c7 e5-d5 c7-d7 e4-d4 c6-c7 c4-c5 d7-e7 c5-d6 c7xe5xc5 f4-e5" ;;
    fox-geese) echo "d4-c4 a3-b4 c4xa4 g3-g4 a4-b4 c3-d4 b4-b5 e3-f4 b5-a4 d3-c4" ;;
    bagh-chal) echo "@c3 a5-b5 @b1 a1xc1 @e3 c1-b1 @d3 e5-e4 @d1 e1xc1 @c2 e4xe2 @a5" ;;
    kaooa) echo "@b1 @i4 b1-c3 @a4 c3-e2 @g3 e2-h1 @f4" ;;
    el-zorro) echo "c1-c2 e4-e3 c2-d2 c4-c3 d2-d3 c3-c2 d3xf3 d4-d3" ;;
    komikan) echo "e7-e6 i3-i4 e6-e5 c2-c3 e5-c4 c1-c2 c4-e3 i4-i5 e3-e4 a3-a4 e4-e3 a2-a3 e3-e4 c3-c4 e4-e3 c4-c5 e3-c3 g2-g3 c3xc1 g3-g4 c1-c2 e2-e3 c2-c3 e3-e4 c3-c4 e4-e5 c4xf6 a4-a5 f6-e5" ;;
    bagh-batti) echo "b2-a1 c1xa3 d2-d1 c5-c4" ;;
    sher-bakar) echo "b2-b3 c1-d1 b3-b2 c5-c4" ;;
    rimau-rimau-two-tigers) echo "@a1 xb4 @e1 @a3" ;;
    # Round one's bear shut in after 22 moves; round two under way.
    gioco-dell-orso)
        echo "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 b5-a4 d5-c4 a4-b5 e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6 d5-d7 @c4 @d3 @e4 d4-d5 c4-d4 d5-d7"
        ;;
    # Round one's hare shut in after 4 moves; round two under way.
    to-kinegi-tou-lagou) echo "@e7 @d6 @g7 f6-f8 e7-b10 f8-e7 g7-f8 @e7 @d6 @g7 f6-f8" ;;
    juroku-musashi)
        echo "d3-f4 d5-b4 b7-b6 b4-d3 a5-b5 d3-d2 d7-b7 d2-d1 b6-d5 d1-f1 a7-b6 f1-e2 b7-a7 e2-d2 a7-b7 d2-d3 b6-a5 d3-b4 d5-b6 b4-d4 b7-a7 d4-d3 a4-b4 d3-d2 b6-d6 d2-e2 b3-d3 e2-d1 f4-d4 d1-d2 g7-f6 d2-c2 g3-f4 c2-d1 f6-d5 d1-d2 a5-a4 d2-c2 a7-b6 c2-d1 b4-b3 d1-d2 f7-d7 d2-e2 d7-f6 e2xb4 a6-a5 b4-d3"
        ;;
    esac
}

# shot NAME [game arguments...]: run the game, screenshot after $WAIT seconds.
shot() {
    local name=$1
    shift
    # shellcheck disable=SC2086 # EXTRA is words to split
    DISPLAY=$DISPLAY_NUM "$BIN" --exit-after $((WAIT + 2)) ${EXTRA:-} "$@" >"$OUT/$name.log" 2>&1 &
    local game=$!
    sleep "$WAIT"
    DISPLAY=$DISPLAY_NUM import -window root "$OUT/$name.png"
    wait "$game" || true
}

# check NAME: no error in the log, and a picture with something on it.
check() {
    local spread
    if grep -E "ERROR|panicked" "$OUT/$1.log" >/dev/null; then
        echo "  FAIL $1: errors in $OUT/$1.log"
        grep -E "ERROR|panicked" "$OUT/$1.log" | head -3
        return 1
    fi
    spread=$(convert "$OUT/$1.png" -colorspace gray -format '%[fx:standard_deviation]' info:)
    if awk -v s="$spread" 'BEGIN { exit !(s < 0.03) }'; then
        echo "  FAIL $1: the picture is blank (spread $spread)"
        return 1
    fi
    echo "  ok $1"
}

status=0
for skin in $SKINS; do
    for game in $GAMES; do
        shot "$skin-$game-start" --game "$game" --skin "$skin" --hunters human --crowd human
        check "$skin-$game-start" || status=1
        [ -n "$(midgame "$game")" ] || continue
        shot "$skin-$game-mid" --game "$game" --skin "$skin" --hunters human --crowd human \
            --moves "$(midgame "$game")"
        check "$skin-$game-mid" || status=1
    done
done

if [ -n "${DOCS:-}" ]; then
    # One picture per skin for the README: its own game, mid-game, cut to the board.
    for skin in $SKINS; do
        case $skin in
        pirates-bulgars) game=pirates ;; officers-rebels) game=asalto ;;
        fox-geese) game=fox-geese ;; tigers-goats) game=bagh-chal ;; *) game=pirates ;;
        esac
        [ -f "$OUT/$skin-$game-mid.png" ] || continue
        convert "$OUT/$skin-$game-mid.png" -crop 980x800+0+0 +repage -resize 640x \
            "docs/skin-$skin.png"
        echo "docs/skin-$skin.png"
    done
fi
exit $status
