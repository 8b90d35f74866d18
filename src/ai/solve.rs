//! Solves a small game backwards: every position that can follow the root
//! is listed, the finished ones are scored, and the values run back from
//! them until nothing changes. What is left unproven is a draw with
//! perfect play (the game can go round for ever).
//!
//! The solve leaves out the quiet draw (a game the solver calls a win may
//! take longer than that without progress), the repetition draw and the
//! no-repeat rule (it keeps no history), and works only where every
//! position fits in memory: `max_positions` bounds it. Where no move ever
//! resets the quiet count (Uxrijn Ever: nobody captures or places), the
//! quiet draw follows from the values all the same: a win is one only if
//! it comes before the draw ([`Solution::value_before_quiet_draw`]).
//!
//! The solution keeps every position's value, so Master plays perfectly
//! a game whose file says it is solved ([`solution_for`],
//! [`solved_move`]): the quickest win, the longest loss, and the draw kept.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use super::{MATE, SearchResult};
use crate::rules::{Game, Move, Position, Rules, Side, Variant};

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// The side to move wins in this many plies at most.
    Win(u16),
    /// The side to move loses in this many plies at least.
    Loss(u16),
    Draw,
}

/// A solve: the root's value, how many positions it took, and the value
/// of every position that can follow the root.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The root's value: with the quiet draw in where the solve can say it
    /// exactly (no move resets its count), else without it.
    pub start: Solved,
    /// The root's value with the quiet draw left out.
    pub start_without_quiet_draw: Solved,
    /// Who moves at the root.
    pub first: Side,
    pub positions: usize,
    index: HashMap<Key, u32>,
    values: Vec<Solved>,
    /// The moves made count (a side wins by outlasting some number of
    /// them), so they are part of a position's key.
    counts_moves: bool,
    /// Every move counts one more ply towards the quiet draw: no move of
    /// the game resets it.
    quiet_counts_every_ply: bool,
}

impl Solution {
    /// The value of `pos` for its side to move, with the quiet draw left
    /// out; `None` for a position that cannot follow the root.
    pub fn value(&self, pos: &Position) -> Option<Solved> {
        let key = key(pos, self.counts_moves);
        self.index.get(&key).map(|&i| self.values[i as usize])
    }

    /// The value of `pos` with the quiet draw in, where no move resets the
    /// quiet count: a win or loss in more plies than are left before the
    /// draw (`left`) is a draw. (The ends are checked before the draw, so a
    /// win on the draw's very ply stands.) `None` where the solution cannot
    /// say: a position the solve did not reach, or a game whose moves can
    /// reset the count.
    pub fn value_before_quiet_draw(&self, pos: &Position, left: u16) -> Option<Solved> {
        if !self.quiet_counts_every_ply {
            return None;
        }
        Some(before_quiet_draw(self.value(pos)?, left))
    }

    /// The value of `pos` in play, `left` plies before the quiet draw
    /// (`None`: the game has none): with that draw in where the solution
    /// can say it exactly ([`Solution::value_before_quiet_draw`]), else
    /// without it.
    pub fn value_in_play(&self, pos: &Position, left: Option<u16>) -> Option<Solved> {
        match left {
            Some(left) if self.quiet_counts_every_ply => self.value_before_quiet_draw(pos, left),
            _ => self.value(pos),
        }
    }

    /// Whether [`Solution::value_in_play`] reckons the quiet draw in
    /// exactly: no move of the game resets its count.
    pub fn reckons_quiet_draw(&self) -> bool {
        self.quiet_counts_every_ply
    }

    /// The winner with perfect play, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self.start {
            Solved::Win(_) => Some(self.first),
            Solved::Loss(_) => Some(self.first.other()),
            Solved::Draw => None,
        }
    }

    /// The forced win with the quiet draw left out: who wins, and in how
    /// many plies at most; `None` for a draw.
    pub fn win_without_quiet_draw(&self) -> Option<(Side, u16)> {
        match self.start_without_quiet_draw {
            Solved::Win(n) => Some((self.first, n)),
            Solved::Loss(n) => Some((self.first.other(), n)),
            Solved::Draw => None,
        }
    }

    /// Plies to the end with perfect play, for a win.
    pub fn plies(&self) -> Option<u16> {
        match self.start {
            Solved::Win(n) | Solved::Loss(n) => Some(n),
            Solved::Draw => None,
        }
    }
}

/// A value `left` plies before the quiet draw, where no move resets its
/// count: a win or loss in more plies than that is a draw.
fn before_quiet_draw(value: Solved, left: u16) -> Solved {
    match value {
        Solved::Win(d) | Solved::Loss(d) if d > left => Solved::Draw,
        v => v,
    }
}

/// Why a game cannot be solved here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge(pub usize);

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "more than {} positions: too large to solve backwards here",
            self.0
        )
    }
}

impl std::error::Error for TooLarge {}

/// The part of a position that decides the game when the quiet draw is
/// left out: the pieces, the hands, the side to move, the moves made where
/// they count, the stacks and the count of a game's own rule.
type Key = (u64, u64, [u8; 2], bool, [u16; 2], [u8; 4], u8);

fn key(p: &Position, counts_moves: bool) -> Key {
    (
        p.pieces[0].0,
        p.pieces[1].0,
        p.in_hand,
        p.side_to_move == Side::Hunters,
        if counts_moves { p.moves_made } else { [0, 0] },
        p.stacks,
        p.rule_state,
    )
}

/// Every position that can follow the root, each one's children, and the
/// value of the finished ones.
struct Graph {
    positions: Vec<Position>,
    index: HashMap<Key, u32>,
    children: Vec<Vec<u32>>,
    value: Vec<Option<Solved>>,
    /// No move resets the quiet count.
    quiet_counts_every_ply: bool,
}

/// How a position ends by the rules the solve keeps, without history: the
/// wins (the side that moved first), then the side to move without a move.
fn end_of(rules: &Rules, pos: &Position, moves: &[Move]) -> Option<Solved> {
    let mover = pos.side_to_move.other();
    let win = rules
        .win_of(pos, mover)
        .or_else(|| rules.win_of(pos, mover.other()));
    let outcome = match win {
        Some(o) => o,
        None if moves.is_empty() => rules.no_move_outcome(pos),
        None => return None,
    };
    Some(match outcome.winner {
        Some(w) if w == pos.side_to_move => Solved::Win(0),
        Some(_) => Solved::Loss(0),
        None => Solved::Draw,
    })
}

/// Lists every position that can follow `root` (at most `max_positions`).
fn list(rules: &Rules, root: &Position, max_positions: usize) -> Result<Graph, TooLarge> {
    let counts_moves = rules.counts_moves();
    let mut g = Graph {
        positions: vec![*root],
        index: HashMap::from([(key(root, counts_moves), 0)]),
        children: Vec::new(),
        value: Vec::new(),
        quiet_counts_every_ply: true,
    };
    let mut moves = Vec::new();
    let mut next = 0;
    while next < g.positions.len() {
        let pos = g.positions[next];
        moves.clear();
        rules.generate(&pos, &mut moves);
        let end = end_of(rules, &pos, &moves);
        let mut kids = Vec::new();
        if end.is_none() {
            for mv in &moves {
                let child = rules.apply(&pos, mv).0;
                g.quiet_counts_every_ply &= child.quiet_plies == pos.quiet_plies.saturating_add(1);
                let k = key(&child, counts_moves);
                let id = match g.index.get(&k) {
                    Some(&id) => id,
                    None if g.positions.len() >= max_positions => {
                        return Err(TooLarge(max_positions));
                    }
                    None => {
                        let id = g.positions.len() as u32;
                        g.index.insert(k, id);
                        g.positions.push(child);
                        id
                    }
                };
                kids.push(id);
            }
        }
        g.value.push(end);
        g.children.push(kids);
        next += 1;
    }
    Ok(g)
}

/// Runs the values back from the finished positions: a position wins when
/// some child loses (the quickest such), and loses when every child wins
/// (the slowest). A pass hands the turn over like any move, so values
/// always flip.
fn run_back(children: &[Vec<u32>], value: &mut [Option<Solved>]) {
    let n = children.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (p, kids) in children.iter().enumerate() {
        for &c in kids {
            parents[c as usize].push(p as u32);
        }
    }
    let mut unresolved: Vec<u32> = children.iter().map(|k| k.len() as u32).collect();
    let mut longest_loss: Vec<u16> = vec![0; n];
    let mut queue: VecDeque<u32> = (0..n as u32)
        .filter(|&p| matches!(value[p as usize], Some(Solved::Win(_) | Solved::Loss(_))))
        .collect();
    while let Some(c) = queue.pop_front() {
        let Some(child_value) = value[c as usize] else {
            continue;
        };
        for &p in &parents[c as usize] {
            let p = p as usize;
            if value[p].is_some() {
                continue;
            }
            match child_value {
                Solved::Loss(d) => {
                    value[p] = Some(Solved::Win(d + 1));
                    queue.push_back(p as u32);
                }
                Solved::Win(d) => {
                    longest_loss[p] = longest_loss[p].max(d + 1);
                    unresolved[p] -= 1;
                    if unresolved[p] == 0 {
                        value[p] = Some(Solved::Loss(longest_loss[p]));
                        queue.push_back(p as u32);
                    }
                }
                Solved::Draw => {}
            }
        }
    }
}

/// Solves the game from `root`, listing at most `max_positions`.
pub fn solve(rules: &Rules, root: &Position, max_positions: usize) -> Result<Solution, TooLarge> {
    let mut g = list(rules, root, max_positions)?;
    run_back(&g.children, &mut g.value);
    let start = g.value[0].unwrap_or(Solved::Draw);
    Ok(Solution {
        start: match rules.quiet_limit() {
            Some(limit) if g.quiet_counts_every_ply => {
                before_quiet_draw(start, limit.saturating_sub(root.quiet_plies))
            }
            _ => start,
        },
        start_without_quiet_draw: start,
        first: root.side_to_move,
        positions: g.positions.len(),
        index: g.index,
        values: g
            .value
            .into_iter()
            .map(|v| v.unwrap_or(Solved::Draw))
            .collect(),
        counts_moves: rules.counts_moves(),
        quiet_counts_every_ply: g.quiet_counts_every_ply,
    })
}

/// The most positions a game is solved with to be played perfectly, when
/// Master first plays it: the solved games of `assets/games/` up to Hund
/// efter Hare (Thy)'s 196,920 (about 0.4 s). Those larger (Wolf und
/// Schaaf's 1,765,682 take 3.4 s and 380 MB) are searched.
pub const PLAY_SOLVE_LIMIT: usize = 200_000;

/// The most positions a game is solved with to prove its puzzles (the
/// command line and the tests).
pub const PROOF_SOLVE_LIMIT: usize = 5_000_000;

/// The solution Master plays from: the solve from the start of a game
/// whose file says it is solved (`solved:`) within [`PLAY_SOLVE_LIMIT`]
/// positions, kept for the life of the program; `None` for any other
/// game. The first call per variant solves it (Kaooa: 34,051 positions).
pub fn solution_for(variant: Variant) -> Option<Arc<Solution>> {
    let claim = variant.game.file().solved?;
    if claim.positions as usize > PLAY_SOLVE_LIMIT {
        return None;
    }
    cached_solve(variant, PLAY_SOLVE_LIMIT)
}

/// The solution a game's puzzles are proven by: [`solution_for`]'s, or
/// for a solved game too large to be solved in play, its solve within
/// [`PROOF_SOLVE_LIMIT`] positions.
pub fn proof_solution(variant: Variant) -> Option<Arc<Solution>> {
    solution_for(variant).or_else(|| cached_solve(variant, PROOF_SOLVE_LIMIT))
}

/// The solve of a game whose file says it is solved, within `limit`
/// positions, once per variant and limit.
fn cached_solve(variant: Variant, limit: usize) -> Option<Arc<Solution>> {
    type Solutions = HashMap<(Variant, usize), Option<Arc<Solution>>>;
    static SOLVED: Mutex<Option<Solutions>> = Mutex::new(None);
    let mut solved = SOLVED.lock().unwrap_or_else(|e| e.into_inner());
    let solved = solved.get_or_insert_with(HashMap::new);
    solved
        .entry((variant, limit))
        .or_insert_with(|| {
            variant.game.file().solved?;
            let rules = Rules::of(variant);
            let start = rules.start_position();
            solve(&rules, &start, limit).ok().map(Arc::new)
        })
        .clone()
}

/// What a game's solution says of a position.
pub enum SolvedMove {
    /// A won or lost position: the quickest win, or the longest loss.
    Decided(SearchResult),
    /// A drawn position: the moves that keep the draw.
    KeepDraw(Vec<Move>),
    /// No answer here: a position the solve did not reach, or a win the
    /// quiet draw could cut short.
    Unknown,
}

/// What the solution says at `game`'s position: the move of a won or lost
/// one, scored as the search scores a forced result, or the moves that
/// keep a drawn one.
pub fn solved_move(game: &Game, solution: &Solution) -> SolvedMove {
    let pos = game.position();
    let rules = game.rules();
    let quiet_left = rules
        .quiet_limit()
        .map(|l| l.saturating_sub(pos.quiet_plies));
    let value = |p: &Position, left: Option<u16>| solution.value_in_play(p, left);
    let Some(here) = value(pos, quiet_left) else {
        return SolvedMove::Unknown;
    };
    if !solution.quiet_counts_every_ply
        && matches!(here, Solved::Win(d) if d >= quiet_left.unwrap_or(u16::MAX))
    {
        // A win the quiet draw could cut short: a capture on the way may
        // reset its count, or not.
        return SolvedMove::Unknown;
    }
    // Each move with the value it leaves the opponent.
    let left_after = quiet_left.map(|l| l.saturating_sub(1));
    let mut answers = Vec::new();
    for mv in game.legal_moves() {
        match value(&rules.apply(pos, &mv).0, left_after) {
            Some(v) => answers.push((mv, v)),
            None => return SolvedMove::Unknown,
        }
    }
    let decided = |best: Move, plies: u16, won: bool| {
        let score = MATE - i32::from(plies);
        SolvedMove::Decided(SearchResult {
            best,
            score: if won { score } else { -score },
            depth: u32::from(plies),
            nodes: 0,
            pv: vec![best],
        })
    };
    let after = |want: fn(Solved) -> Option<u16>| {
        answers
            .iter()
            .filter_map(move |&(m, v)| want(v).map(|k| (k, m)))
    };
    match here {
        Solved::Win(_) => after(|v| match v {
            Solved::Loss(k) => Some(k),
            _ => None,
        })
        .min_by_key(|&(k, _)| k)
        .map_or(SolvedMove::Unknown, |(k, m)| decided(m, k + 1, true)),
        Solved::Loss(_) => after(|v| match v {
            Solved::Win(k) => Some(k),
            _ => None,
        })
        .max_by_key(|&(k, _)| k)
        .map_or(SolvedMove::Unknown, |(k, m)| decided(m, k + 1, false)),
        Solved::Draw => {
            let keep: Vec<Move> = answers
                .iter()
                .filter(|(_, v)| *v == Solved::Draw)
                .map(|&(m, _)| m)
                .collect();
            if keep.is_empty() {
                SolvedMove::Unknown
            } else {
                SolvedMove::KeepDraw(keep)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn a_won_position_plays_its_quickest_win() {
        let variant = Variant::new(GameId::named("jeu-militaire"));
        let solution = solution_for(variant).expect("a solved game");
        assert_eq!(solution.winner(), Some(Side::Crowd));
        // The army steps up, a tower lets it through: it wins at once.
        let mut game = Game::new(variant);
        game.play_text("b2-b3 a2-a3").unwrap();
        let SolvedMove::Decided(r) = solved_move(&game, &solution) else {
            panic!("a won position");
        };
        assert_eq!(game.move_text(&r.best), "b3-a2");
        assert_eq!(r.mate_in(), Some(1));
    }

    #[test]
    fn a_game_too_large_says_so() {
        let rules = Rules::of(Variant::new(GameId::named("el-zorro")));
        let e = solve(&rules, &rules.start_position(), 1_000).unwrap_err();
        assert_eq!(e, TooLarge(1_000));
        assert!(solution_for(Variant::new(GameId::named("el-zorro"))).is_none());
    }
}
