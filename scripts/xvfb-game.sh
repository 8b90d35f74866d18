# Sourced by the scripts that run the game under Xvfb: builds the game
# (unless NO_BUILD is set), sets BIN, and starts Xvfb on $DISPLAY_NUM,
# stopped again when the calling script exits. Needs OUT and DISPLAY_NUM.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/root/.cache/stronghold-target}
mkdir -p "$OUT"
if [ -z "${NO_BUILD:-}" ]; then
    # The feature set of scripts/test's build, so this reuses it (any other
    # set recompiles part of Bevy in the shared cache).
    cargo build --workspace --features server --bin stronghold
fi
BIN=${BIN:-"$CARGO_TARGET_DIR/debug/stronghold"}
# Assets come from this checkout, wherever the binary is.
export BEVY_ASSET_ROOT=${BEVY_ASSET_ROOT:-$PWD}
Xvfb "$DISPLAY_NUM" -screen 0 1280x800x24 >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
sleep 1
# The game keeps settings and an autosave between runs: scripted runs keep
# theirs in $OUT/config, never in the player's config folder, and start
# from nothing each time (KEEP_CONFIG=1 keeps the player's).
if [ -z "${KEEP_CONFIG:-}" ]; then
    export XDG_CONFIG_HOME
    XDG_CONFIG_HOME="$(realpath -m "$OUT")/config"
    rm -rf "$XDG_CONFIG_HOME"
fi
