#!/usr/bin/env python3
"""Two builds of stronghold-cli play each other at one level: the new
engine against a former release's, where `stronghold-cli match` can only
pit two levels of one build against each other.

Each pair of games starts from one opening (the first plies of a game the
NEW build's `selfplay` records, so the openings are its sound ones), and each
build plays each side once. Every move is a fresh `bestmove` call with the
level and a node budget (--nodes), so the result does not depend on how
busy the machine is; `show` of the new build says whose move it is and
whether the game has ended. A pair is graded as `match` grades it: the
result, then crowd pieces taken, hunters kept, then tempo.

    tools/strength/versus_binaries.py NEW_CLI OLD_CLI --game pirates \
        --pairs 20 --level master --nodes 400000 [--new-assets DIR] [--old-assets DIR]
        [--from-pair N]

Prints each game, then the score of NEW (wins and half draws) and the
graded score, each with a 95 % interval.
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile


def run(cli, assets, args):
    env = dict(os.environ)
    if assets:
        env["STRONGHOLD_ASSETS"] = assets
    out = subprocess.run([cli] + args, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit(f"{cli} {' '.join(args[:3])} ... failed: {out.stderr.strip()}")
    return out.stdout


def moves_args(moves):
    return ["--moves", " ".join(moves)] if moves else []


class Side:
    """A build of the CLI and its assets folder."""

    def __init__(self, name, cli, assets):
        self.name, self.cli, self.assets = name, cli, assets

    def best(self, game, moves, level, nodes, seed):
        out = run(
            self.cli,
            self.assets,
            ["bestmove", game] + moves_args(moves)
            + ["--level", level, "--nodes", str(nodes), "--seed", str(seed)],
        )
        m = re.search(r"^bestmove (\S+)", out, re.M)
        if not m:
            sys.exit(f"{self.name}: no bestmove in:\n{out}")
        return m.group(1)


def state(judge, game, moves):
    """(side to move, outcome line, pieces per side) as `show` prints them."""
    out = run(judge.cli, judge.assets, ["show", game] + moves_args(moves))
    to_move = re.search(r"^to move: (.+)$", out, re.M).group(1).strip()
    outcome = re.search(r"^outcome: (.+)$", out, re.M).group(1).strip()
    counts = re.search(
        r"^(.+?): (\d+) on board, (\d+) in hand; (.+?): (\d+) on board, (\d+) in hand",
        out,
        re.M,
    )
    hunters = int(counts.group(2)) + int(counts.group(3))
    crowd = int(counts.group(5)) + int(counts.group(6))
    hunter_name = counts.group(1).strip()
    return to_move, outcome, hunters, crowd, hunter_name


def winner_of(outcome, hunter_name, crowd_name):
    """'hunters', 'crowd' or None (a draw) from `show`'s outcome line."""
    low = outcome.lower()
    if "draw" in low:
        return None
    if hunter_name.lower() in low:
        return "hunters"
    if crowd_name.lower() in low:
        return "crowd"
    sys.exit(f"cannot read the outcome: {outcome!r}")


def play(game, opening, hunters, crowd, judge, level, nodes, seed, ply_cap):
    moves = list(opening)
    start = state(judge, game, [])
    hunters_start, crowd_start = start[2], start[3]
    out = run(judge.cli, judge.assets, ["show", game])
    crowd_name = re.search(r"in hand; (.+?): ", out, re.M).group(1)
    while True:
        to_move, outcome, h, c, hunter_name = state(judge, game, moves)
        if outcome != "in progress":
            winner = winner_of(outcome, hunter_name, crowd_name)
            break
        if len(moves) >= ply_cap:
            winner = None
            break
        player = hunters if to_move == hunter_name else crowd
        moves.append(player.best(game, moves, level, nodes, seed + len(moves)))
    plies = len(moves)
    result = {"hunters": 1, "crowd": -1, None: 0}[winner]
    tempo = -plies if winner == "hunters" else (plies if winner == "crowd" else 0)
    grade = (result, crowd_start - c, -(hunters_start - h), tempo)
    return winner, grade, moves


def interval(scores):
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)
    return f"{100 * mean:.1f} % ({100 * (mean - half):.1f} to {100 * (mean + half):.1f})"


def openings(judge, game, pairs, plies, seed):
    with tempfile.NamedTemporaryFile(suffix=".moves") as record:
        run(
            judge.cli,
            judge.assets,
            ["selfplay", game, "--games", str(pairs), "--hunters", "beginner",
             "--crowd", "beginner", "--openings", str(plies), "--seed", str(seed),
             "--quiet", "--record", record.name],
        )
        lines = open(record.name).read().split("\n")
    # Each line: "selfplay game N, hunters L, crowd L: M1 M2 ...".
    games = [line.split(": ", 1)[1].split() for line in lines if ": " in line]
    return [g[:plies] for g in games][:pairs]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("new")
    ap.add_argument("old")
    ap.add_argument("--game", required=True)
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--from-pair", type=int, default=1,
                    help="resume a stopped run: play pairs from this one on")
    ap.add_argument("--level", default="master")
    ap.add_argument("--nodes", type=int, default=400000)
    ap.add_argument("--openings", type=int, default=2)
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--ply-cap", type=int, default=400)
    ap.add_argument("--new-assets")
    ap.add_argument("--old-assets")
    a = ap.parse_args()
    new = Side("new", a.new, a.new_assets)
    old = Side("old", a.old, a.old_assets)
    score, graded = [], []
    for i, opening in enumerate(openings(new, a.game, a.pairs, a.openings, a.seed)):
        if i + 1 < a.from_pair:
            continue
        seed = a.seed * 1000 + i
        w1, g1, m1 = play(a.game, opening, new, old, new, a.level, a.nodes, seed, a.ply_cap)
        w2, g2, m2 = play(a.game, opening, old, new, new, a.level, a.nodes, seed, a.ply_cap)
        points = {"hunters": 1.0, "crowd": 0.0, None: 0.5}
        score.append((points[w1] + 1.0 - points[w2]) / 2)
        graded.append(1.0 if g1 > g2 else (0.5 if g1 == g2 else 0.0))
        print(f"pair {i + 1}: new hunting {w1 or 'draw'} in {len(m1)} {g1}; "
              f"old hunting {w2 or 'draw'} in {len(m2)} {g2}", flush=True)
    print(f"{a.game}: new scores {interval(score)}; graded {interval(graded)}")


if __name__ == "__main__":
    main()
