#!/usr/bin/env python3
"""The strength table of docs/ai-figures.md from the logs tools/strength/run.sh
writes: one row per match (game, A against B) with the score and its 95 %
interval, the graded score, and each level's results by side.

    python3 tools/strength/table.py target/strength
"""
import glob
import os
import re
import sys

GAMES = ["pirates", "asalto", "fox-geese", "bagh-chal"]
TITLES = {"pirates": "Pirates and Bulgars", "asalto": "Asalto",
          "fox-geese": "Fox and Geese", "bagh-chal": "Bagh-Chal"}


def t975(df):
    table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
             2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086]
    return table[df - 1] if 1 <= df <= len(table) else 2.0


def taken_margin(text):
    """Per pair: crowd pieces A's hunters took (game 1) minus B's (game 2),
    from the game lines; mean and 95 % interval."""
    taken = {}
    for pair, game, n in re.findall(r"pair (\d+) game (\d): .*?; \d+ plies, (\d+) \w+ taken", text):
        taken[(int(pair), int(game))] = int(n)
    d = [taken[(p, 1)] - taken[(p, 2)] for p in {p for p, _ in taken} if (p, 2) in taken and (p, 1) in taken]
    if len(d) < 2:
        return None
    mean = sum(d) / len(d)
    var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
    half = t975(len(d) - 1) * (var / len(d)) ** 0.5
    return mean, mean - half, mean + half


def summary(path):
    text = open(path).read()
    head = text.splitlines()[0]
    scale = re.search(r"time scale ([0-9.]+)", head).group(1)
    score = re.search(r"^A (\w+) against B (\w+): (\d+) W (\d+) D (\d+) L, score ([0-9.]+) % "
                      r"\(95 % interval ([0-9.]+)–([0-9.]+) %\)", text, re.M)
    graded = re.search(r"^graded .*: A ([0-9.]+) % \(95 % interval ([0-9.]+)–([0-9.]+) %\)",
                       text, re.M)
    rows = re.findall(r"^  (\w+)\s+(\w+)\s+(\d+) W\s+(\d+) D\s+(\d+) L\s+plies to win\s+(\S+)"
                      r"\s+plies before losing\s+(\S+)\s+\w+ taken per game\s+(\S+)", text, re.M)
    load = re.search(r"load ([0-9.]+) ([0-9.]+) ([0-9.]+)\s*$", text.strip().splitlines()[-1])
    return head, scale, score, graded, rows, load, taken_margin(text)


def main(folder):
    print("| game | A vs B | time scale | score of A (95 % interval) | graded (95 % interval) "
          "| pieces taken, A's hunters minus B's (95 % interval) "
          "| by side (W-D-L, crowd pieces taken per game) | load |")
    print("|---|---|---|---|---|---|---|---|")
    for game in GAMES:
        ladder = ["beginner", "easy", "medium", "hard", "master"]
        paths = glob.glob(os.path.join(folder, game + "-*.txt"))
        # Weakest pair first: by the level of A (the file is GAME-A-B.txt).
        paths.sort(key=lambda p: ladder.index(p[:-4].split("-")[-2]))
        for path in paths:
            head, scale, score, graded, rows, load, margin = summary(path)
            if not score:
                continue
            a, b, w, d, l, s, lo, hi = score.groups()
            g, glo, ghi = graded.groups()
            sides = "; ".join(f"{lvl} {side} {rw}-{rd}-{rl} ({taken})"
                              for lvl, side, rw, rd, rl, _, _, taken in rows[:2])
            sides += "; " + "; ".join(f"{lvl} {side} {rw}-{rd}-{rl} ({taken})"
                                      for lvl, side, rw, rd, rl, _, _, taken in rows[2:])
            taken = ("{:+.1f} ({:+.1f} to {:+.1f})".format(*margin) if margin else "-")
            print(f"| {TITLES[game]} | {a} vs {b} | {scale} | **{s} %** ({lo}–{hi}), "
                  f"{w} W {d} D {l} L | {g} % ({glo}–{ghi}) | {taken} | {sides} | "
                  f"{load.group(1) if load else '?'} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "target/strength")
