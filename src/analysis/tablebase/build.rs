//! Retrograde analysis of Bagh-Chal's sliding phase under our rules.
//!
//! A capture resets the quiet count (RULES.md, Bagh-Chal), so the game
//! falls into one sub-game per number of goats captured, each a race
//! against the quiet limit. In each, the tigers "win within `r` plies" when
//! they can force, within `r` plies, a capture into a position the next
//! sub-game scores as a tigers' win (or the fifth capture), or leave the
//! goats no move; the goats likewise when they can force the tigers to
//! have no move, or a capture into a position won for them. With `q` quiet
//! plies played, a position is the tigers' if they win within `limit - q`
//! plies, the goats' if the goats do, and drawn otherwise. Both distances
//! come from a breadth-first search backwards from the wins (the attacker
//! needs one move that gets closer, the defender has none that stays
//! further away), one sub-game at a time from the most captures down, each
//! reading the one above it for its captures.
//!
//! Not modelled: the rule that no position may recur once placement has
//! ended, which depends on the history. A win found here is reached by
//! moves that bring the distance down at every ply, which never recreate a
//! position of that win; whether an earlier position of the game blocks
//! one of them, the search that uses the table sees from the real history.

use crate::ai::tablebase::index::{self, Board, Indexer, POINTS};
use crate::ai::tablebase::{Outcome, SlidingRules, Subgame, Value};

/// Distance not (yet) known.
const UNKNOWN: u8 = u8::MAX;
const ALL_POINTS: u32 = (1 << POINTS) - 1;

/// Where the analysis is, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub captured: usize,
    /// "tigers" or "goats": whose wins are being found.
    pub attacker: &'static str,
    /// Distance being spread (0 while the positions are first looked at).
    pub level: u8,
    pub quiet_limit: u8,
}

/// The sub-game with `captured` goats taken, given the one above it
/// (`None` when one more capture wins).
pub fn solve_subgame(
    rules: &SlidingRules,
    captured: usize,
    above: Option<&Subgame>,
    board: &Board,
    ix: &Indexer,
    progress: &mut dyn FnMut(Progress),
) -> Subgame {
    let goats = rules.goats - captured;
    let work = Work {
        board,
        ix,
        goats,
        limit: rules.quiet_limit,
        above: above.map(|a| a.goats_to_move.as_slice()),
    };
    let mut report = |attacker, level| {
        progress(Progress {
            captured,
            attacker,
            level,
            quiet_limit: rules.quiet_limit,
        })
    };
    debug_assert!(rules.quiet_limit <= Value::MAX_PLIES);
    let (mut tigers_to_move, mut goats_to_move) = work.tiger_distances(&mut report);
    for d in tigers_to_move.iter_mut().chain(goats_to_move.iter_mut()) {
        *d = if *d <= work.limit {
            Value::tigers_win(*d).0
        } else {
            Value::DRAW.0
        };
    }
    let (goat_t, goat_g) = work.goat_distances(&mut report);
    for (v, d) in tigers_to_move
        .iter_mut()
        .zip(goat_t)
        .chain(goats_to_move.iter_mut().zip(goat_g))
    {
        if d <= work.limit {
            debug_assert_eq!(*v, Value::DRAW.0, "both sides cannot force a win");
            *v = Value::goats_win(d).0;
        }
    }
    Subgame {
        captured,
        goats,
        tigers_to_move,
        goats_to_move,
    }
}

/// Marks the draws of `sub` in which the tigers can still force a capture
/// before the quiet limit: `first` is the same sub-game solved as if the
/// next capture won (`solve_subgame` with no sub-game above).
pub fn mark_captures(sub: &mut Subgame, first: &Subgame, limit: u8) {
    let pairs = [
        (&mut sub.tigers_to_move, &first.tigers_to_move),
        (&mut sub.goats_to_move, &first.goats_to_move),
    ];
    for (values, captures) in pairs {
        for (v, &c) in values.iter_mut().zip(captures.iter()) {
            let capture = Value(c);
            if Value(*v).winner() == Outcome::Draw
                && capture.winner() == Outcome::TigersWin
                && let Some(p) = capture.plies().filter(|&p| p <= limit)
            {
                *v = Value::draw_with_capture(p).0;
            }
        }
    }
}

/// Marks the *fragile* draws of `sub` (values already through
/// [`mark_captures`]): draws with no capture the tigers can force, in
/// which the tigers can still bring about a position where the goats keep
/// such a draw by one move only. Under the no-repeat rule (RULES.md) a
/// single way out is no way out once the tigers shuffle until that move
/// would recreate an earlier position, so a goat player wants the draws
/// that stay: those in the largest set where, with the goats to move,
/// at least two moves keep to the set, and with the tigers to move every
/// move does. Goats' wins count as kept (their winning line never repeats
/// a position). Found by peeling: a goats-to-move draw with fewer than two
/// moves into the set leaves it, and so does every tigers-to-move draw
/// with a move to it, until nothing changes.
pub fn mark_fragile(sub: &mut Subgame, board: &Board, ix: &Indexer) {
    let work = Work {
        board,
        ix,
        goats: sub.goats,
        limit: 0,
        above: None,
    };
    let kept = |v: u8| v == Value::DRAW.0 || Value(v).winner() == Outcome::GoatsWin;
    let n = work.size();
    // Goats' moves into the set, per goats-to-move draw (at most 8 per
    // empty point, so a byte holds them).
    let mut ways = vec![0u8; n];
    let mut peeled: Vec<u32> = Vec::new();
    work.for_each_position(|i, tigers, goats| {
        if sub.goats_to_move[i] != Value::DRAW.0 {
            return;
        }
        let empty = ALL_POINTS & !(tigers | goats);
        let mut w = 0u8;
        let mut gs = goats;
        while gs != 0 {
            let g = gs.trailing_zeros() as usize;
            gs &= gs - 1;
            let mut to = board.neighbours[g] & empty;
            while to != 0 {
                let e = to.trailing_zeros();
                to &= to - 1;
                let after = (goats & !(1 << g)) | 1 << e;
                w += kept(sub.tigers_to_move[ix.index(tigers, after) as usize]) as u8;
            }
        }
        ways[i] = w;
        if w < 2 {
            peeled.push(i as u32);
        }
    });
    for &i in &peeled {
        sub.goats_to_move[i as usize] = Value::FRAGILE_DRAW.0;
    }
    // Each peeled goats-to-move draw pulls out the tigers' draws that can
    // step to it; each of those takes a way from the goats' draws before it.
    let mut tiger_draws = Vec::new();
    while let Some(i) = peeled.pop() {
        let (tigers, goats) = ix.pieces(i as u64, sub.goats);
        work.tiger_unmoves(tigers, goats, |p| {
            if sub.tigers_to_move[p] == Value::DRAW.0 {
                sub.tigers_to_move[p] = Value::FRAGILE_DRAW.0;
                tiger_draws.push(p);
            }
        });
        for p in tiger_draws.drain(..) {
            let (tigers, goats) = ix.pieces(p as u64, sub.goats);
            work.goat_unmoves(tigers, goats, |g| {
                if sub.goats_to_move[g] == Value::DRAW.0 {
                    ways[g] -= 1;
                    if ways[g] < 2 {
                        sub.goats_to_move[g] = Value::FRAGILE_DRAW.0;
                        peeled.push(g as u32);
                    }
                }
            });
        }
    }
}

/// Takes [`mark_fragile`]'s marks off again: the table stores plain draws.
pub fn unmark_fragile(sub: &mut Subgame) {
    for v in sub
        .tigers_to_move
        .iter_mut()
        .chain(sub.goats_to_move.iter_mut())
    {
        if Value(*v).is_fragile() {
            *v = Value::DRAW.0;
        }
    }
}

/// One sub-game's search.
struct Work<'a> {
    board: &'a Board,
    ix: &'a Indexer,
    goats: usize,
    limit: u8,
    /// The goats-to-move values of the sub-game one capture on.
    above: Option<&'a [u8]>,
}

/// What a tiger's moves from a position lead to.
#[derive(Default)]
struct TigerMoves {
    steps: u32,
    /// Captures into a position won for the tigers, for the goats, or neither.
    captures_won: u32,
    captures_lost: u32,
    captures_drawn: u32,
}

impl Work<'_> {
    fn size(&self) -> usize {
        self.ix.size(self.goats) as usize
    }

    /// Calls `f(index, tigers, goats)` for every position in index order.
    fn for_each_position(&self, mut f: impl FnMut(usize, u32, u32)) {
        let sets = self.ix.free_goat_sets(self.goats);
        let mut i = 0;
        for t in 0..self.ix.tiger_set_count() {
            let tigers = self.ix.tiger_set(t);
            for &g in sets {
                f(i, tigers, index::spread(g, tigers));
                i += 1;
            }
        }
    }

    /// The tigers' moves in a position, their captures scored by the sub-game above.
    fn tiger_moves(&self, tigers: u32, goats: u32) -> TigerMoves {
        let empty = ALL_POINTS & !(tigers | goats);
        let mut m = TigerMoves::default();
        let mut ts = tigers;
        while ts != 0 {
            let t = ts.trailing_zeros() as usize;
            ts &= ts - 1;
            m.steps += (self.board.neighbours[t] & empty).count_ones();
            for &(over, land) in &self.board.jumps[t][..self.board.jump_count[t] as usize] {
                if goats >> over & 1 == 1 && empty >> land & 1 == 1 {
                    let outcome = match self.above {
                        None => Outcome::TigersWin,
                        Some(above) => {
                            let after = (tigers & !(1 << t)) | 1 << land;
                            let i = self.ix.index(after, goats & !(1 << over));
                            Value(above[i as usize]).outcome(0, self.limit)
                        }
                    };
                    match outcome {
                        Outcome::TigersWin => m.captures_won += 1,
                        Outcome::GoatsWin => m.captures_lost += 1,
                        Outcome::Draw => m.captures_drawn += 1,
                    }
                }
            }
        }
        m
    }

    fn goat_moves(&self, tigers: u32, goats: u32) -> u32 {
        let empty = ALL_POINTS & !(tigers | goats);
        let mut n = 0;
        let mut gs = goats;
        while gs != 0 {
            let g = gs.trailing_zeros() as usize;
            gs &= gs - 1;
            n += (self.board.neighbours[g] & empty).count_ones();
        }
        n
    }

    /// Calls `f` with the index of every position from which a tiger step
    /// leads to (`tigers`, `goats`) (goats to move then).
    fn tiger_unmoves(&self, tigers: u32, goats: u32, mut f: impl FnMut(usize)) {
        let empty = ALL_POINTS & !(tigers | goats);
        let mut ts = tigers;
        while ts != 0 {
            let t = ts.trailing_zeros() as usize;
            ts &= ts - 1;
            let mut from = self.board.neighbours[t] & empty;
            while from != 0 {
                let e = from.trailing_zeros();
                from &= from - 1;
                let before = (tigers & !(1 << t)) | 1 << e;
                f(self.ix.index(before, goats) as usize);
            }
        }
    }

    /// The same for a goat step (tigers to move then).
    fn goat_unmoves(&self, tigers: u32, goats: u32, mut f: impl FnMut(usize)) {
        let empty = ALL_POINTS & !(tigers | goats);
        let mut es = empty;
        while es != 0 {
            let e = es.trailing_zeros() as usize;
            es &= es - 1;
            let mut from = self.board.neighbours[e] & goats;
            while from != 0 {
                let g = from.trailing_zeros();
                from &= from - 1;
                let before = (goats & !(1 << g)) | 1 << e;
                f(self.ix.index(tigers, before) as usize);
            }
        }
    }

    /// Plies within which the tigers force a win, per position (tigers to
    /// move, goats to move); above the limit means they cannot.
    fn tiger_distances(&self, report: &mut dyn FnMut(&'static str, u8)) -> (Vec<u8>, Vec<u8>) {
        report("tigers", 0);
        let n = self.size();
        let mut on_tigers = vec![UNKNOWN; n];
        let mut on_goats = vec![UNKNOWN; n];
        // Goat moves not yet shown to lose, per goats-to-move position.
        let mut open = vec![0u8; n];
        self.for_each_position(|i, tigers, goats| {
            if self.tiger_moves(tigers, goats).captures_won > 0 {
                on_tigers[i] = 1;
            }
            match self.goat_moves(tigers, goats) {
                0 => on_goats[i] = 0,
                m => open[i] = m as u8,
            }
        });
        for level in 0..self.limit {
            report("tigers", level + 1);
            for_each_equal(&on_goats, level, |i| {
                let (tigers, goats) = self.ix.pieces(i as u64, self.goats);
                self.tiger_unmoves(tigers, goats, |p| {
                    if on_tigers[p] == UNKNOWN {
                        on_tigers[p] = level + 1;
                    }
                });
            });
            for_each_equal(&on_tigers, level, |i| {
                let (tigers, goats) = self.ix.pieces(i as u64, self.goats);
                self.goat_unmoves(tigers, goats, |p| {
                    open[p] -= 1;
                    if open[p] == 0 && on_goats[p] == UNKNOWN {
                        on_goats[p] = level + 1;
                    }
                });
            });
        }
        (on_tigers, on_goats)
    }

    /// Plies within which the goats force a win, the same way.
    fn goat_distances(&self, report: &mut dyn FnMut(&'static str, u8)) -> (Vec<u8>, Vec<u8>) {
        report("goats", 0);
        let n = self.size();
        let mut on_tigers = vec![UNKNOWN; n];
        let mut on_goats = vec![UNKNOWN; n];
        // Tiger moves not yet shown to lose, per tigers-to-move position.
        let mut open = vec![0u8; n];
        self.for_each_position(|i, tigers, goats| {
            let m = self.tiger_moves(tigers, goats);
            if m.steps + m.captures_won + m.captures_drawn + m.captures_lost == 0 {
                on_tigers[i] = 0;
            } else if m.captures_won + m.captures_drawn > 0 {
                // A capture the goats do not win after: never forced.
                open[i] = UNKNOWN;
            } else if m.steps == 0 {
                // Every move is a capture into a goats' win.
                on_tigers[i] = 1;
            } else {
                open[i] = m.steps as u8;
            }
        });
        for level in 0..self.limit {
            report("goats", level + 1);
            for_each_equal(&on_goats, level, |i| {
                let (tigers, goats) = self.ix.pieces(i as u64, self.goats);
                self.tiger_unmoves(tigers, goats, |p| {
                    if open[p] == UNKNOWN {
                        return;
                    }
                    open[p] -= 1;
                    if open[p] == 0 && on_tigers[p] == UNKNOWN {
                        on_tigers[p] = level + 1;
                    }
                });
            });
            for_each_equal(&on_tigers, level, |i| {
                let (tigers, goats) = self.ix.pieces(i as u64, self.goats);
                self.goat_unmoves(tigers, goats, |p| {
                    if on_goats[p] == UNKNOWN {
                        on_goats[p] = level + 1;
                    }
                });
            });
        }
        (on_tigers, on_goats)
    }
}

/// Calls `f(i)` for every `i` with `values[i] == wanted`, eight bytes at a time.
fn for_each_equal(values: &[u8], wanted: u8, mut f: impl FnMut(usize)) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let pattern = ONES * wanted as u64;
    let mut chunks = values.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ pattern;
        // A zero byte marks a match (the classic "has a zero byte" test;
        // it can flag a byte after a real match, so each is checked).
        if (w.wrapping_sub(ONES) & !w & HIGHS) != 0 {
            for (j, &v) in chunk.iter().enumerate() {
                if v == wanted {
                    f(base + j);
                }
            }
        }
        base += 8;
    }
    for (j, &v) in chunks.remainder().iter().enumerate() {
        if v == wanted {
            f(base + j);
        }
    }
}
