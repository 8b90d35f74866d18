#!/usr/bin/env bash
# The autosave bars, run as a player would meet them, under Xvfb, with HOME
# and XDG_CONFIG_HOME pointing at an empty folder (the player's own config is
# never touched):
#   1. two computer players play for 10 s: an autosave (.ron) appears in the
#      config folder;
#   2. the game started again without arguments resumes that game;
#   3. that save cut to half, the game started again: no panic, a clean
#      start, and the cut file still there, byte for byte (moved aside);
#   4. the window resized, the game started again: it opens at that size.
# Needs Xvfb, ImageMagick's import and xdotool.
# Exits non-zero on the first bar that fails.
#
#   scripts/check-autosave.sh                      # builds the game first
#   NO_BUILD=1 STRONGHOLD_BIN=/tmp/x scripts/check-autosave.sh   # a given binary
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/stronghold-autosave}
DISPLAY_NUM=${DISPLAY_NUM:-:94}
rm -rf "$OUT"
source scripts/xvfb-game.sh
BIN=${STRONGHOLD_BIN:-$BIN}

home="$OUT/home"
mkdir -p "$home"
export HOME="$home" XDG_CONFIG_HOME="$home/.config"
config="$XDG_CONFIG_HOME/stronghold"
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
run() { # run NAME SECONDS ARGS...: the game, its log in $OUT/NAME.log
    local name=$1 seconds=$2
    shift 2
    local status=0
    DISPLAY=$DISPLAY_NUM BEVY_ASSET_ROOT="$PWD" "$BIN" --exit-after "$seconds" "$@" \
        >"$OUT/$name.log" 2>&1 || status=$?
    if grep -q "panicked" "$OUT/$name.log"; then
        fail "$name: the game panicked (see $OUT/$name.log)"
    fi
    [ "$status" -eq 0 ] || fail "$name: exit status $status (see $OUT/$name.log)"
}
moves_in() { # the number of moves in a save
    grep -o '^ *moves: \[.*\]' "$1" | grep -o '"[^"]*"' | wc -l
}

echo "== 1. two computer players, 10 s, empty config folder"
run ai-vs-ai 10 --hunters easy --crowd easy
[ -s "$config/autosave.ron" ] || fail "no autosave in $config"
played=$(moves_in "$config/autosave.ron")
[ "$played" -gt 0 ] || fail "the autosave holds no move"
echo "ok: $config/autosave.ron, $played moves, $(stat -c %s "$config/autosave.ron") bytes"
cp "$config/autosave.ron" "$OUT/autosave-after-10s.ron"

echo "== 2. started again without arguments: the game resumes"
run resume 4
grep -q "Your last game continues" "$OUT/resume.log" || fail "not resumed (see $OUT/resume.log)"
now=$(moves_in "$config/autosave.ron")
[ "$now" -ge "$played" ] || fail "the resumed game lost moves: $now < $played"
echo "ok: resumed at $played moves, $now after 4 s more"

echo "== 3. the save cut to half, started again"
size=$(stat -c %s "$config/autosave.ron")
head -c $((size / 2)) "$config/autosave.ron" >"$OUT/half.ron"
cp "$OUT/half.ron" "$config/autosave.ron"
DISPLAY=$DISPLAY_NUM import -window root "$OUT/before.png" 2>/dev/null || true
run cut 6 &
runner=$!
sleep 4
DISPLAY=$DISPLAY_NUM import -window root "$OUT/cut.png" 2>/dev/null || true
wait "$runner"
grep -q "The autosave is damaged or cut short" "$OUT/cut.log" || fail "the player was not told (see $OUT/cut.log)"
moved=$(find "$config" -maxdepth 1 -name 'autosave.ron.bad-*' | head -n 1)
[ -n "$moved" ] || fail "the cut file is gone: $(ls -a "$config")"
cmp -s "$moved" "$OUT/half.ron" || fail "the cut file was changed"
[ ! -e "$config/autosave.ron" ] || fail "a new autosave replaced the cut one without a move"
echo "ok: clean start, the cut file kept as $(basename "$moved") ($((size / 2)) bytes, unchanged)"
echo "   message: $(grep -a 'The autosave is damaged' "$OUT/cut.log" | sed 's/\x1b\[[0-9;]*m//g; s/.*notice: //' | head -n 1)"
echo "   screenshot: $OUT/cut.png"

echo "== 4. the window remembers its size"
run resize 8 &
runner=$!
sleep 5
window=$(DISPLAY=$DISPLAY_NUM xdotool search --name Stronghold | head -n 1)
DISPLAY=$DISPLAY_NUM xdotool windowsize "$window" 1000 700
wait "$runner"
grep -q 'window_size: Some((1000.0, 700.0))' "$config/settings.ron" || fail "size not kept: $(cat "$config/settings.ron")"
run reopen 6 &
runner=$!
sleep 4
window=$(DISPLAY=$DISPLAY_NUM xdotool search --name Stronghold | head -n 1)
geometry=$(DISPLAY=$DISPLAY_NUM xdotool getwindowgeometry "$window" | grep -o '[0-9]*x[0-9]*')
wait "$runner"
[ "$geometry" = "1000x700" ] || fail "reopened at $geometry, not 1000x700"
echo "ok: resized to 1000x700, reopened at $geometry"
echo "== all autosave bars pass"
