"""Independent, naive implementation of RULES-SPEC.md, for cross-checking perft.
Written from the spec text, with coordinates as (file, rank) tuples, 1-based."""
import sys

FILES = "abcdefg"

def name(p): return FILES[p[0]-1] + str(p[1])
def parse(n): return (FILES.index(n[0])+1, int(n[1]))

class Board:
    def __init__(self, kind):
        self.kind = kind
        if kind == 'square':
            self.pts = {(f, r) for f in range(1, 6) for r in range(1, 6)}
        else:
            self.pts = {(f, r) for f in range(1, 8) for r in range(1, 8) if 3 <= f <= 5 or 3 <= r <= 5}
        self.adj = {p: set() for p in self.pts}
        for (f, r) in self.pts:
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if df == dr == 0: continue
                    q = (f+df, r+dr)
                    if q not in self.pts: continue
                    if df and dr:
                        if kind != 'full' and (f + r) % 2 != 0: continue
                    self.adj[(f, r)].add(q)
    def line(self, p, q): return q in self.adj[p]

STRONG = {(f, r) for f in (3, 4, 5) for r in (5, 6, 7)}

class G:
    def __init__(self, game, opts):
        self.game = game
        self.o = dict(compulsory=True, retreat=False, geese=13, sideways=False, quiet=True)
        self.o.update(opts)
        self.b = Board({'pirates': 'alt', 'asalto': 'alt', 'fox': 'full', 'bagh': 'square'}[game])
        H, C = set(), set()
        hand = {'H': 0, 'C': 0}
        if game == 'pirates':
            H = {parse('c6'), parse('e6')}; C = self.b.pts - STRONG; turn = 'C'
        elif game == 'asalto':
            C = self.b.pts - STRONG; hand['H'] = 2; turn = 'H'
        elif game == 'fox':
            H = {parse('d4')}
            C = {parse(x) for x in "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3".split()}
            extra = {15: "a4 g4", 17: "a4 b4 f4 g4"}.get(self.o['geese'], "")
            C |= {parse(x) for x in extra.split()}
            turn = 'H'
        else:
            H = {parse(x) for x in "a1 e1 a5 e5".split()}; hand['C'] = 20; turn = 'C'
        self.H, self.C, self.hand, self.turn = H, C, hand, turn
        self.quiet = 0
        self.peak = sum(r for (f, r) in C)
        self.hist = []   # list of keys of positions (all positions so far, incl. current at end)
        self.hist.append(self.key())
        self.placement_over_index = None

    def key(self):
        return (frozenset(self.H), frozenset(self.C), self.turn, self.hand['H'], self.hand['C'])

    def crowd_dirs_ok(self, p, q):
        df, dr = q[0]-p[0], q[1]-p[1]
        g = self.game
        if g == 'bagh': return True
        if g == 'pirates' and self.o['retreat']: return True
        if dr < 0: return False
        if dr == 0:
            return g in ('pirates', 'asalto') or self.o['sideways']
        return True

    def jumps_from(self, p, H, C):
        """single jumps: (over, land)"""
        out = []
        for q in self.b.adj[p]:
            if q not in C: continue
            r = (2*q[0]-p[0], 2*q[1]-p[1])
            if r in self.b.pts and self.b.line(q, r) and r not in C and r not in H:
                out.append((q, r))
        return out

    def chains(self, start):
        res = []
        H0 = self.H - {start}
        def rec(p, C, path):
            js = self.jumps_from(p, H0, C)
            if self.game == 'bagh' and path:
                js = []
            if not js:
                if path: res.append(tuple(path))
                return
            for (q, r) in js:
                rec(r, C - {q}, path + [r])
        rec(start, set(self.C), [])
        return res

    def pseudo(self):
        mv = []
        side = self.turn
        occ = self.H | self.C
        if self.hand[side] > 0:
            area = STRONG if (self.game == 'asalto' and side == 'H') else self.b.pts
            return [('@', p) for p in sorted(area) if p not in occ]
        if side == 'C':
            for p in self.C:
                for q in self.b.adj[p]:
                    if q not in occ and self.crowd_dirs_ok(p, q):
                        mv.append(('-', p, q))
            return mv
        jumps = []
        for h in self.H:
            for path in self.chains(h):
                jumps.append(('x', h, path))
        if jumps and self.game == 'pirates' and self.o['compulsory']:
            return jumps
        steps = [('-', h, q) for h in self.H for q in self.b.adj[h] if q not in occ]
        return jumps + steps

    def snapshot(self):
        return (set(self.H), set(self.C), dict(self.hand), self.turn, self.quiet, self.peak, list(self.hist))
    def restore(self, s):
        self.H, self.C, self.hand, self.turn, self.quiet, self.peak, self.hist = s[0], s[1], s[2], s[3], s[4], s[5], s[6]

    def apply(self, m):
        side = self.turn
        pre_hand_any = self.hand['H'] > 0 or self.hand['C'] > 0
        progress = False
        captured = False
        if m[0] == '@':
            (self.H if side == 'H' else self.C).add(m[1])
            self.hand[side] -= 1
            progress = True
        elif m[0] == '-':
            p, q = m[1], m[2]
            if side == 'H':
                could = [h for h in self.H if self.jumps_from(h, self.H - {h}, self.C)] if self.game == 'asalto' else []
                self.H = (self.H - {p}) | {q}
                for h in could:
                    self.H.discard(q if h == p else h)
                    progress = True
            else:
                self.C = (self.C - {p}) | {q}
        else:
            p, path = m[1], m[2]
            cur = p
            for r in path:
                over = ((cur[0]+r[0])//2, (cur[1]+r[1])//2)
                self.C.discard(over)
                cur = r
            self.H = (self.H - {p}) | {cur}
            progress = True; captured = True
        s = sum(r for (f, r) in self.C)
        if captured:
            self.peak = s
        elif s > self.peak:
            self.peak = s
            if self.game != 'bagh': progress = True
        if progress or pre_hand_any:
            self.quiet = 0
        else:
            self.quiet += 1
        if not (m[0] == '@' and side == 'H' and self.hand['H'] > 0):
            self.turn = 'C' if side == 'H' else 'H'
        self.hist = self.hist + [self.key()]

    def legal(self):
        if self.decided(): return []
        ms = self.pseudo()
        if self.game == 'bagh' and self.hand['C'] == 0:
            seen = set(k for k in self.hist if k[4] == 0 and k[3] == 0)
            out = []
            for m in ms:
                s = self.snapshot(); self.apply(m); k = self.key(); self.restore(s)
                if k not in seen: out.append(m)
            ms = out
        return ms

    def decided(self):
        crowd_n = len(self.C) + self.hand['C']
        need = {'pirates': 9, 'asalto': 9, 'fox': 4, 'bagh': 16}[self.game]
        if crowd_n < need: return True
        if self.game in ('pirates', 'asalto') and STRONG <= self.C: return True
        if self.game == 'asalto' and len(self.H) + self.hand['H'] == 0: return True
        limit = {'pirates': 60, 'asalto': 100, 'fox': 100, 'bagh': 100 if self.o['quiet'] else None}[self.game]
        if limit is not None and self.quiet >= limit: return True
        if self.game in ('asalto', 'fox') and self.hist.count(self.key()) >= 3: return True
        return False

    def perft(self, d):
        if d == 0: return 1
        ms = self.legal()
        if d == 1: return len(ms)
        t = 0
        for m in ms:
            s = self.snapshot(); self.apply(m); t += self.perft(d-1); self.restore(s)
        return t

def mtext(m):
    if m[0] == '@': return '@' + name(m[1])
    if m[0] == '-': return name(m[1]) + '-' + name(m[2])
    return name(m[1]) + ''.join('x' + name(r) for r in m[2])

GAMES = {'pirates': 'pirates', 'asalto': 'asalto', 'fox-geese': 'fox', 'bagh-chal': 'bagh'}

def make(game, options):
    o = {}
    for kv in options:
        k, v = kv.split('=')
        if k == 'compulsory': o['compulsory'] = v == 'on'
        if k == 'retreat': o['retreat'] = v == 'on'
        if k == 'geese': o['geese'] = int(v)
        if k == 'sideways': o['sideways'] = v == 'on'
        if k == 'quiet-limit': o['quiet'] = v == 'on'
    return G(GAMES[game], o)

def play_text(g, moves):
    for w in moves.split():
        for m in g.legal():
            if mtext(m) == w:
                g.apply(m); break
        else:
            raise SystemExit(f"illegal {w}")

if __name__ == '__main__':
    game, depth = sys.argv[1], int(sys.argv[2])
    opts = [a for a in sys.argv[3:] if '=' in a and not a.startswith('moves=')]
    moves = next((a[6:] for a in sys.argv[3:] if a.startswith('moves=')), '')
    g = make(game, opts)
    play_text(g, moves)
    print(g.perft(depth))
