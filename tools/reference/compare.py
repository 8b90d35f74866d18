import random, subprocess, sys
sys.setrecursionlimit(10000)
from ref import make, mtext
import os
CLI = os.environ.get("STRONGHOLD_CLI", "target/release/stronghold-cli")
CONFIGS = [("pirates", []), ("pirates", ["compulsory=off"]), ("pirates", ["retreat=on"]),
           ("pirates", ["compulsory=off", "retreat=on"]),
           ("asalto", []), ("fox-geese", []), ("fox-geese", ["geese=15"]), ("fox-geese", ["geese=17"]),
           ("fox-geese", ["sideways=on"]), ("fox-geese", ["sideways=on", "geese=17"]),
           ("bagh-chal", []), ("bagh-chal", ["quiet-limit=off"])]
seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
maxdepth = int(sys.argv[2]) if len(sys.argv) > 2 else 3
bad = 0
cases = []
for game, opts in CONFIGS:
    for seed in range(seeds):
        rng = random.Random(hash((game, tuple(opts), seed)) & 0xffffffff)
        g = make(game, opts)
        policy = rng.choice(["random", "hunter-greedy", "shuffle"])
        moves = []
        for _ in range(400):
            ms = g.legal()
            if not ms: break
            m = rng.choice(ms)
            if policy == "hunter-greedy" and g.turn == 'H':
                js = [x for x in ms if x[0] == 'x']
                if js: m = rng.choice(js)
            if policy == "shuffle" and rng.random() < 0.9:
                quiet = [x for x in ms if x[0] == '-' and (g.turn == 'H' or x[2][1] <= x[1][1])]
                if quiet: m = rng.choice(quiet)
            g.apply(m); moves.append(mtext(m))
        cut = rng.choice([1, 2, 3, 4, 6, len(moves) // 2, len(moves) // 3])
        moves = moves[:max(0, len(moves) - cut)]
        mstr = " ".join(moves)
        for d in range(1, maxdepth + 1):
            g2 = make(game, opts)
            from ref import play_text
            play_text(g2, mstr)
            py = g2.perft(d)
            args = [CLI, "perft", game, str(d), "--moves", mstr]
            for o in opts: args += ["--option", o]
            rs = subprocess.run(args, capture_output=True, text=True)
            rsv = rs.stdout.strip().split("\n")[-1] if rs.returncode == 0 else "ERR " + rs.stderr
            ok = str(py) == rsv
            if not ok:
                bad += 1
                print("MISMATCH", game, opts, d, py, rsv, "moves:", mstr)
            cases.append((game, opts, len(moves), d, py, mstr))
print("cases", len(cases), "bad", bad)
if os.environ.get("CASES_JSON"):
    import json
    json.dump(cases, open(os.environ["CASES_JSON"], "w"))
