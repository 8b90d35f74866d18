#!/usr/bin/env bash
# Cuts egui's four default fonts (from the epaint_default_fonts crate in the
# cargo registry) down to what Stronghold's interface shows, into
# assets/fonts/ui/ (src/game/ui/fonts.rs embeds them). The whole four are
# 1.4 MB (0.78 MB gzip) of the web page's first download; the cut ones are a
# few dozen KB. Run again after adding text in a new script or a new symbol
# (the test `every_message_has_its_glyphs` says when one is missing).
# Needs fonttools (pip install fonttools) and Debian's fonts-dejavu-core
# (the symbols egui's proportional fonts lack, ● ✓ ← →, come from DejaVu Sans).
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/epaint_default_fonts-0.36.*/fonts | tail -1)
out=assets/fonts/ui
mkdir -p "$out"
# Latin (with Latin-1 and Extended-A), Cyrillic, punctuation, arrows, maths,
# shapes, and the symbols the interface draws.
text_ranges="U+0020-007E,U+00A0-017F,U+0400-045F,U+2010-205E,U+2190-21FF,U+2200-22FF,U+2300-23FF,U+25A0-25FF,U+2600-26FF,U+2700-27BF,U+27F0-27FF,U+2B00-2BFF"
# The pictures (emoji) the interface uses, from the two emoji fonts.
symbols="U+2630,U+2691,U+2713,U+23ED,U+23EE,U+23F8,U+25B6,U+25C0,U+25CF,U+2605,U+2606,U+27F2,U+27F3,U+2B05,U+2190-21FF,U+1F310,U+1F4A1,U+1F4BE,U+1F4C8,U+1F4CB,U+1F504"
subset() { pyftsubset "$src/$1" --unicodes="$2" --output-file="$out/$1" --layout-features='*' --no-hinting --desubroutinize; }
subset Ubuntu-Light.ttf "$text_ranges"
# Monospace (move lists, clocks, evaluations, a position with its caret):
# ASCII, Latin-1, dashes and the minus sign. Anything else in monospace text
# (Cyrillic in a file's error, an arrow) comes from the fonts after Hack.
subset Hack-Regular.ttf "U+0020-007E,U+00A0-00FF,U+2010-2027,U+2212"
subset NotoEmoji-Regular.ttf "$symbols,U+2600-26FF"
subset emoji-icon-font.ttf "$symbols"
pyftsubset /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --unicodes="U+25CF,U+2713,U+2714,U+2717,U+2190-2199" \
    --output-file="$out/DejaVuSans-Symbols.ttf" --no-hinting --desubroutinize
cp "$src/UFL.txt" "$out/Ubuntu-UFL.txt"
cp "$src/OFL.txt" "$out/NotoEmoji-OFL.txt"
cp "$src/Hack-Regular.txt" "$out/Hack-LICENSE.txt"
cp "$src/emoji-icon-font-mit-license.txt" "$out/emoji-icon-font-LICENSE.txt"
ls -l "$out"
