#!/usr/bin/env python3
"""Tries more terms for Bagh-Chal's fitted placement evaluation.

Reads the same labels as fit_placement.py (`stronghold-cli tablebase
labels`), computes a few more facts from each line's position, and for
each set of terms fits on the same half of the parents and reports, on the
other half, how often the best-scored placement is one of the solver's
best and the mean loss in goats (docs/ai-figures.md, "Master's tigers with
the same evaluation", has the table this prints).

    python3 tools/strength/try_features.py LABELS.csv [MORE.csv.gz ...]

Plain Python, like fit_placement.py (about ten seconds for the kept labels).
"""

import csv
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit_placement as fp  # noqa: E402

SIZE = 5
# The terms of PlacementWeights::FITTED (in_hand and empty are the same
# for every leaf of a search, so never fitted).
FITTED = [
    "taken", "tiger_room", "tigers_trapped", "jumpable_goats_to_move",
    "jumpable_tigers_to_move", "exposed", "goats_rim", "goats_corner",
    "goats_crossing", "tigers_rim", "tigers_corner", "tigers_crossing",
    "unsafe_empty",
]
# The six kinds of point under the board's symmetries, named by their
# representative (a1 is a corner).
KINDS = ["a1", "b1", "c1", "b2", "c2", "c3"]


def directions(f, r):
    """Lines through a point: orthogonal everywhere, diagonals where the
    point's coordinates have an even sum (a1, c1, b2, ...)."""
    ds = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if (f + r) % 2 == 0:
        ds += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return ds


def on_board(p):
    return 0 <= p[0] < SIZE and 0 <= p[1] < SIZE


def kind(f, r):
    a, b = sorted((min(f, SIZE - 1 - f), min(r, SIZE - 1 - r)))
    return {(0, 0): "a1", (0, 1): "b1", (0, 2): "c1", (1, 1): "b2", (1, 2): "c2", (2, 2): "c3"}[(a, b)]


def parse(position):
    """The pieces of a position string ("bagh-chal,... GGG1G/.../GGGGG G ...",
    rank 5 first) as {(file, rank): 'G' or 'T'}."""
    rows = position.split(" ")[1]
    board = {}
    for i, row in enumerate(rows.split("/")):
        r, f = SIZE - 1 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, r)] = ch
                f += 1
    return board


def neighbours(p):
    return [(p[0] + df, p[1] + dr) for df, dr in directions(*p) if on_board((p[0] + df, p[1] + dr))]


def more_terms(position):
    board = parse(position)
    tigers = [p for p, c in board.items() if c == "T"]
    goats = [p for p, c in board.items() if c == "G"]

    def moves(t):
        n = 0
        for df, dr in directions(*t):
            a, b = (t[0] + df, t[1] + dr), (t[0] + 2 * df, t[1] + 2 * dr)
            if on_board(a) and a not in board:
                n += 1
            elif on_board(b) and board.get(a) == "G" and b not in board:
                n += 1
        return n

    region, stack = set(), list(tigers)
    while stack:
        for a in neighbours(stack.pop()):
            if a not in board and a not in region:
                region.add(a)
                stack.append(a)

    def pairs(pieces, c):
        return sum(board.get(a) == c for p in pieces for a in neighbours(p)) // 2

    x = {
        "tigers_one_move": sum(moves(t) == 1 for t in tigers),
        "tiger_region": len(region),
        "goat_pairs": pairs(goats, "G"),
        "tiger_pairs": pairs(tigers, "T"),
    }
    for k in KINDS[1:]:  # a1 follows from the rest and the counts
        x["goats_" + k] = sum(kind(*p) == k for p in goats)
        x["tigers_" + k] = sum(kind(*p) == k for p in tigers)
    return x


def load(paths):
    rows = []
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", newline="") as fh:
            for rec in csv.DictReader(fh):
                f = {n: int(rec[n]) for n in FITTED}
                f.update(more_terms(rec["position"]))
                key = (path, rec["parent"] or rec["id"])
                rows.append((key, bool(rec["parent"]), f, fp.target(int(rec["value"]))))
    return rows


def trial(rows, terms, within=False):
    """Fits `terms` on the parents of even id and scores the placements of
    the odd ones. `within`: fits each placement's difference from the mean
    of its parent's placements (the ordering among siblings, which is what
    a search compares) instead of the plain values."""
    groups = {}
    for key, is_child, f, t in rows:
        if is_child:
            groups.setdefault(key, []).append((f, t))
    train = []
    if within:
        for key, children in groups.items():
            if int(key[1]) % 2 == 0:
                n = len(children)
                mean_f = {u: sum(c[0][u] for c in children) / n for u in terms}
                mean_t = sum(c[1] for c in children) / n
                train += [([f[u] - mean_f[u] for u in terms] + [0.0], t - mean_t) for f, t in children]
    else:
        train = [([f[u] for u in terms] + [1.0], t) for key, _, f, t in rows if int(key[1]) % 2 == 0]
    w = fp.fit(train)
    test = [c for key, c in groups.items() if int(key[1]) % 2]
    hits, loss, _ = fp.choice_quality(test, lambda f: sum(w[i] * f[u] for i, u in enumerate(terms)))
    return hits, loss


def main(paths):
    rows = load(paths)
    extra = ["tigers_one_move", "tiger_region", "goat_pairs", "tiger_pairs"]
    kinds = [side + k for side in ("goats_", "tigers_") for k in KINDS[1:]]
    trials = [("the 13 fitted terms", FITTED, False)]
    trials += [("+ " + e, FITTED + [e], False) for e in extra]
    trials += [
        ("+ each kind of point", FITTED + kinds, False),
        ("+ all of them", FITTED + extra + kinds, False),
        ("the 13, within each parent", FITTED, True),
    ]
    for label, terms, within in trials:
        hits, loss = trial(rows, terms, within)
        print(f"{label:30s} best placement chosen {100 * hits:.1f} %, mean loss {loss:.3f} goats")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
