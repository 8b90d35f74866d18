#!/usr/bin/env python3
"""Fits Bagh-Chal placement weights to the placement solver's exact values.

Reads the CSV files of `stronghold-cli tablebase labels` (one line per
position: the goats' exact result at the end of placement and the
evaluation's raw features), fits a linear evaluation by least squares on
half of the positions, and on the other half compares it with the
evaluation Master's goats use today: how often the goats' placement it
likes best is one of the solver's best, and how much is lost when not.

    python3 tools/strength/fit_placement.py LABELS.csv [MORE.csv.gz ...]

The labels behind Master's weights (PlacementWeights::FITTED) are kept in
docs/strength-logs/fitted-placement/ (gzipped; the output is fit.txt there).

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
# in goats): the terms that evaluation has, from the goats' side.
def today(f):
    return (
        -f["taken"]
        - 0.10 * f["tiger_room"]
        + 0.25 * f["tigers_trapped"]
        - 0.40 * f["jumpable_goats_to_move"]
        - 0.80 * f["jumpable_tigers_to_move"]
        - 0.20 * f["exposed"]
        + 0.06 * f["goats_rim"]
    )


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


def main(paths):
    names = None
    positions = []
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", newline="") as fh:
            for rec in csv.DictReader(fh):
                if names is None:
                    names = [n for n in rec if n not in ("id", "parent", "side", "value", "position")]
                f = {n: int(rec[n]) for n in names}
                positions.append((path, rec["id"], rec["parent"], f, target(int(rec["value"]))))
    # Goats in hand and empty points are the same for every leaf of one
    # search (placement adds a goat a turn): not fitted, weight 0.
    used = [n for n in names if n not in ("in_hand", "empty")]
    columns = used + ["constant"]

    train, groups_test, groups_train = [], {}, {}
    for path, pid, parent, f, t in positions:
        key = (path, parent or pid)
        half = int(key[1]) % 2
        if half == 0:
            train.append((design(f, used), t))
        if parent:
            (groups_test if half else groups_train).setdefault(key, []).append((f, t))
    w = fit(train)
    print(f"{len(positions)} positions, {len(train)} to fit, {len(groups_test)} placements to test\n")
    print("fitted weights (goats):")
    for c, x in zip(columns, w):
        print(f"  {c:28s} {x:+.3f}")

    print("\nas PlacementWeights, in the order of FEATURE_NAMES (hundredths of a goat; the constant is dropped):")
    fitted_by_name = dict(zip(used, w))
    for n in names:
        print(f"        {round(100 * fitted_by_name.get(n, 0.0))}, // {n}")

    def fitted(f):
        return sum(a * b for a, b in zip(design(f, used), w))

    test = list(groups_test.values())
    train_groups = list(groups_train.values())
    mean = sum(p[-1] for p in positions) / len(positions)
    print(f"\nmean value {mean:+.2f} goats")
    for label, score in (("today's weights", today), ("fitted", fitted)):
        h, r, p = choice_quality(test, score)
        h2, r2, p2 = choice_quality(train_groups, score)
        print(
            f"{label:16s} best placement chosen {100 * h:.1f} % (fit half {100 * h2:.1f} %), "
            f"mean loss {r:.3f} goats, pairs ordered right {100 * p:.1f} %"
        )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
