#!/usr/bin/env bash
# Copies DejaVu Sans Bold (Debian's fonts-dejavu-core) into assets/fonts/,
# cut down to Latin, Cyrillic and common punctuation so the web build stays
# small. Needs `pip install fonttools`. The result is committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SRC=${SRC:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
pyftsubset "$SRC" \
    --unicodes="U+0020-007E,U+00A0-00FF,U+0400-045F,U+2010-2027,U+2039-203A,U+20BD,U+2116,U+2190-2193,U+2212" \
    --layout-features='*' \
    --output-file=assets/fonts/DejaVuSans-Bold.ttf
ls -l assets/fonts/DejaVuSans-Bold.ttf
