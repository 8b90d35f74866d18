#!/usr/bin/env python3
"""Fits Bagh-Chal placement weights to the placement solver's exact values.

Reads the CSV files of `stronghold-cli tablebase labels` (one line per
position: the goats' exact result at the end of placement and the
evaluation's raw features; positions with the goats to move beside their
placements, or with `--to-move tigers` the tigers beside their moves),
fits a linear evaluation by least squares on half of the positions in two
ways (on the values; on the order among the moves of each position), and
on the other half compares the fits with the evaluations Master used
before: how often the move each likes best is one of the solver's best,
and how much is lost when not.

    python3 tools/strength/fit_placement.py LABELS.csv [MORE.csv.gz ...]

The labels are kept in docs/strength-logs/fitted-placement/ (gzipped):
Master's weights, PlacementWeights::FITTED, are the plain fit of the files
with 8 and 9 goats in hand (fit.txt there). The siblings fit of all of them
(fit-siblings.txt) orders moves better on the tested half, yet played far
worse; it is not used (docs/ai-figures.md, "Fitting the order of the moves").

Plain Python (no numpy): a dozen features fit in a few seconds.
"""

import csv
import gzip
import sys

# The goats' result in goats: a draw is minus the goats taken, a forced
# capture one and a half more; a win or a loss is clipped, since a linear
# evaluation cannot follow it and should not chase it.
WIN, LOSS = 3.0, -6.0


def target(value):
    if value >= 100:
        return WIN
    if value <= -100:
        return LOSS
    return value / 10.0


# Master's goats before the fit (Weights::for_game(BaghChal).cautious_goats(),
# in goats): the terms that evaluation has, from the goats' side. Its tigers
# never used them, so they are compared on the goats' moves only.
BEFORE = {
    "taken": -1.00, "tiger_room": -0.10, "tigers_trapped": 0.25,
    "jumpable_goats_to_move": -0.40, "jumpable_tigers_to_move": -0.80,
    "exposed": -0.20, "goats_rim": 0.06,
}


def design(f, names):
    return [f[n] for n in names] + [1.0]


def solve(a, b):
    """Solves a x = b (a small dense system) by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c] != 0:
                k = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= k * m[c][j]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(rows, ridge=1e-3):
    k = len(rows[0][0])
    ata = [[0.0] * k for _ in range(k)]
    atb = [0.0] * k
    for x, y in rows:
        for i in range(k):
            xi = x[i]
            if xi == 0:
                continue
            atb[i] += xi * y
            for j in range(k):
                ata[i][j] += xi * x[j]
    for i in range(k):
        ata[i][i] += ridge * len(rows)
    return solve(ata, atb)


def choice_quality(groups, score):
    """How often the best-scored placement is one of the solver's best, the
    mean loss in goats when it is not, and the share of pairs of
    placements with different values that the score orders right."""
    hits, regret, pairs, right = 0, 0.0, 0, 0
    for children in groups:
        best = max(t for _, t in children)
        scored = [(score(c), t) for c, t in children]
        chosen = max(scored)[1]
        hits += chosen == best
        regret += best - chosen
        for i in range(len(scored)):
            for j in range(i + 1, len(scored)):
                (si, ti), (sj, tj) = scored[i], scored[j]
                if ti != tj:
                    pairs += 1
                    right += (si - sj) * (ti - tj) > 0
    n = len(groups)
    return hits / n, regret / n, right / max(pairs, 1)


# PlacementWeights::FITTED (hundredths of a goat), the plain fit on the
# labels with 8 and 9 goats in hand: kept to compare with.
FITTED = {
    "taken": -111, "tiger_room": 0, "tigers_trapped": 75,
    "jumpable_goats_to_move": -17, "jumpable_tigers_to_move": -84,
    "exposed": -26, "goats_rim": -16, "goats_corner": 9, "goats_crossing": 9,
    "tigers_rim": 6, "tigers_corner": -13, "tigers_crossing": -8,
    "unsafe_empty": -1,
}


def load(paths):
    """The labelled positions as families: each position (goats or tigers
    to move) with the positions its moves lead to. Returns the feature
    names and {(file, id): {"side", "position": (f, t), "moves": [(f, t)]}}."""
    names = None
    families = {}
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", newline="") as fh:
            for rec in csv.DictReader(fh):
                if names is None:
                    names = [n for n in rec if n not in ("id", "parent", "side", "value", "position")]
                f = {n: int(rec[n]) for n in names}
                t = target(int(rec["value"]))
                family = families.setdefault((path, rec["parent"] or rec["id"]), {"moves": []})
                if rec["parent"]:
                    family["moves"].append((f, t))
                else:
                    family["side"] = rec["side"]
                    family["position"] = (f, t)
    # A move's line without its position's (none are written so) is dropped.
    return names, {k: v for k, v in families.items() if "side" in v}


def fit_plain(families, used):
    """Least squares on the values themselves (positions and their moves'),
    with a constant: how PlacementWeights::FITTED was made."""
    rows = []
    for fam in families:
        for f, t in [fam["position"]] + fam["moves"]:
            rows.append((design(f, used), t))
    w = fit(rows)
    return dict(zip(used, w[:-1])), w[-1]


def fit_siblings(families, used, fixed):
    """Least squares on each move's value less the mean of its siblings'
    (the moves from one position): the order among the moves of a
    position, which is all a search compares. Families with the goats to
    move fit the terms a goat placement changes; those with the tigers to
    move fit the rest (the tigers' points, the goats they threaten). The
    weights in `fixed` are given, not fitted."""
    free = [u for u in used if u not in fixed]
    rows = []
    for fam in families:
        moves = fam["moves"]
        n = len(moves)
        if n < 2:
            continue
        mean_f = {u: sum(f[u] for f, _ in moves) / n for u in used}
        mean_t = sum(t for _, t in moves) / n
        for f, t in moves:
            given = sum(w * (f[u] - mean_f[u]) for u, w in fixed.items())
            rows.append(([f[u] - mean_f[u] for u in free], t - mean_t - given))
    weights = dict(zip(free, fit(rows)))
    weights.update(fixed)
    return {u: weights[u] for u in used}


def quality(families, weights, side):
    """choice_quality over the families with `side` to move, each choosing
    its best move by the weights (the tigers the lowest score)."""
    sign = 1 if side == "goats" else -1
    groups = [[(f, sign * t) for f, t in fam["moves"]] for fam in families if fam["side"] == side and fam["moves"]]
    if not groups:
        return None
    return len(groups), choice_quality(groups, lambda f: sign * sum(w * f.get(u, 0) for u, w in weights.items()))


def main(paths):
    names, families = load(paths)
    # Goats in hand and empty points are the same for every leaf of one
    # search (placement adds a goat a turn): not fitted, weight 0.
    used = [n for n in names if n not in ("in_hand", "empty")]
    fit_half = [fam for key, fam in families.items() if int(key[1]) % 2 == 0]
    test_half = [fam for key, fam in families.items() if int(key[1]) % 2 == 1]
    count = {side: sum(fam["side"] == side for fam in families.values()) for side in ("goats", "tigers")}
    print(
        f"{sum(1 + len(f['moves']) for f in families.values())} positions: "
        f"{count['goats']} with the goats to move and {count['tigers']} with the tigers, "
        f"each beside its moves; the even ids fitted, the odd ones tested\n"
    )
    plain, constant = fit_plain(fit_half, used)
    # A goat taken costs what the values say across positions: within one
    # position's moves a capture is rare and mostly already threatened, so
    # the order there prices it at half a goat, too cheap for a search that
    # cannot see what the goat was worth (the order itself is no worse).
    siblings = fit_siblings(fit_half, used, {"taken": plain["taken"]})
    print("weights in goats, from the goats' side:  plain fit  siblings fit")
    for u in used:
        print(f"  {u:28s} {plain[u]:+.3f}     {siblings[u]:+.3f}")
    print(f"  {'constant':28s} {constant:+.3f}     (none)")

    for label, w in (("plain fit", plain), ("siblings fit", siblings)):
        print(f"\n{label} as PlacementWeights, in the order of FEATURE_NAMES (hundredths of a goat):")
        for n in names:
            print(f"        {round(100 * w.get(n, 0.0))}, // {n}")

    candidates = [
        ("before the fit", BEFORE),
        ("FITTED", {u: w / 100 for u, w in FITTED.items()}),
        ("plain fit", plain),
        ("siblings fit", siblings),
    ]
    mean = sum(f["position"][1] for f in families.values()) / len(families)
    print(f"\nmean value {mean:+.2f} goats; on the tested half, the move each evaluation likes best:")
    for side in ("goats", "tigers"):
        hands = sorted({fam["position"][0]["in_hand"] for fam in test_half if fam["side"] == side})
        for in_hand in [None] + (hands if len(hands) > 1 else []):
            part = [fam for fam in test_half if in_hand in (None, fam["position"][0]["in_hand"])]
            which = "all" if in_hand is None else f"{in_hand} in hand"
            for label, w in candidates:
                if w is BEFORE and side != "goats":
                    continue
                result = quality(part, w, side)
                if result is None:
                    continue
                n, (h, r, p) = result
                print(
                    f"  {side} to move, {which} ({n}), {label:15s} best move chosen {100 * h:.1f} %, "
                    f"mean loss {r:.3f} goats, pairs ordered right {100 * p:.1f} %"
                )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
