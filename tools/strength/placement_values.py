#!/usr/bin/env python3
"""Sums up `stronghold-cli tablebase placement --record F --in-hand H`.

For each game of the record, the value of the last goat placement listed
(with the ply cap of the run, the one at the cap: e.g. `selfplay ...
--ply-cap 30` and `--in-hand 6` give the placement at ply 29), in goats:
a goats' win +3, a tigers' win -6, a draw minus the goats taken and 1.5
more when the tigers can force another capture (as fit_placement.py
counts). Prints, per file, the goats' forced wins, the mean value and how
many games had each value (docs/ai-figures.md, "Fitting the order of the
moves").

    python3 tools/strength/placement_values.py RUN.values [MORE.values ...]
"""

import re
import sys
from collections import Counter

from fit_placement import target  # the same scale, in goats


def value(text):
    """The value of the move played (the text before "; best was", if
    any), read back into the solver's points (PlacementValue: a win 100, a
    loss -100, a draw -10 a goat taken and -15 more for a forced capture),
    then in goats as fit_placement.py counts them."""
    text = text.split(";", 1)[0]
    if "the goats win" in text:
        return target(100)
    if "the tigers win" in text:
        return target(-100)
    taken = int(re.search(r"with (\d+) goats? taken", text).group(1))
    return target(-10 * taken - (15 if "can force another capture" in text else 0))


def summary(path):
    last = {}
    game = None
    with open(path) as fh:
        for line in fh:
            m = re.match(r"game (\d+)", line)
            if m:
                game = int(m.group(1))
            elif " keeps " in line and game is not None:
                last[game] = value(line.split(" keeps ", 1)[1])
    values = [last[g] for g in sorted(last)]
    if not values:
        return f"{path}: no goat placement listed"
    wins = sum(v == 3.0 for v in values)
    counts = ", ".join(f"{v:+.1f} x{n}" for v, n in sorted(Counter(values).items(), reverse=True))
    return f"{path}: {len(values)} games, goats' forced wins {wins}, mean {sum(values) / len(values):+.2f} goats ({counts})"


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for p in sys.argv[1:]:
        print(summary(p))
