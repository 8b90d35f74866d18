#!/usr/bin/env bash
# Cuts DejaVu Sans Bold (Debian's fonts-dejavu-core) down to the letters and
# digits the board draws (coordinates, the letter on a plain piece) into
# assets/fonts/DejaVuSans-Bold.ttf; src/game/board/glyphs.rs embeds it.
# Needs `pip install fonttools`. The result is committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SRC=${SRC:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
pyftsubset "$SRC" \
    --unicodes="U+0030-0039,U+0041-005A,U+0061-007A" \
    --no-hinting --desubroutinize \
    --output-file=assets/fonts/DejaVuSans-Bold.ttf
ls -l assets/fonts/DejaVuSans-Bold.ttf
