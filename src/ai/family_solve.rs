//! Solves a small game of the hunt family backwards: every position that
//! can follow the start is listed, the finished ones are scored, and the
//! values run back from them until nothing changes. What is left unproven
//! is a draw with perfect play (the game can go round for ever).
//!
//! The solve ignores the 100-turn quiet draw (a game the solver calls a
//! win may take longer than that without a capture) and works only where
//! every position fits in memory: `max_positions` bounds it.
//!
//! The solution keeps every position's value, so Master plays a solved
//! game perfectly ([`FamilySolution::value`], [`solution_for`]): the
//! quickest win, the longest loss, and the draw kept.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use crate::rules::Side;
use crate::rules::family::{HuntGame, HuntPosition, Ruleset};

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// The side to move wins in this many plies at most.
    Win(u16),
    /// The side to move loses in this many plies at least.
    Loss(u16),
    Draw,
}

/// A solve: the start's value, how many positions it took, and the value
/// of every position that can follow the start.
#[derive(Clone, Debug)]
pub struct FamilySolution {
    pub start: Solved,
    /// Who moves at the start.
    pub first: Side,
    pub positions: usize,
    index: HashMap<Key, u32>,
    values: Vec<Solved>,
    /// The moves made count (a side wins by outlasting some number of
    /// them), so they are part of a position's key.
    counts_moves: bool,
}

impl FamilySolution {
    /// The value of `pos` for its side to move, with the quiet draw left
    /// out; `None` for a position that cannot follow the start.
    pub fn value(&self, pos: &HuntPosition) -> Option<Solved> {
        let key = key(&clean(*pos, self.counts_moves));
        self.index.get(&key).map(|&i| self.values[i as usize])
    }

    /// The winner with perfect play, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self.start {
            Solved::Win(_) => Some(self.first),
            Solved::Loss(_) => Some(self.first.other()),
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

/// The part of a position that decides the game when the quiet draw is
/// left out.
type Key = (u64, u64, [u8; 2], bool, [u16; 2]);

fn key(p: &HuntPosition) -> Key {
    (
        p.pieces[0],
        p.pieces[1],
        p.in_hand,
        p.side_to_move == Side::Hunters,
        p.moves_made,
    )
}

/// The position without what the solve leaves out: the quiet plies, and
/// the moves made unless a side wins by outlasting them.
fn clean(mut p: HuntPosition, counts_moves: bool) -> HuntPosition {
    p.quiet_plies = 0;
    if !counts_moves {
        p.moves_made = [0, 0];
    }
    p
}

/// Solves the game from its start, listing at most `max_positions`.
#[allow(clippy::too_many_lines)] // split in the one-world change
pub fn solve(
    rules: &std::sync::Arc<Ruleset>,
    max_positions: usize,
) -> Result<FamilySolution, TooLarge> {
    let mut rules_without_quiet = (**rules).clone();
    rules_without_quiet.file.draws.quiet_limit = None;
    let rules = std::sync::Arc::new(rules_without_quiet);
    let start = HuntGame::new(rules.clone());
    let first = start.position().side_to_move;
    let counts_moves = rules.counts_moves();
    let clean = |p: HuntPosition| clean(p, counts_moves);

    // Every position, its children, and the finished ones' values.
    let mut index: HashMap<Key, u32> = HashMap::new();
    let mut positions: Vec<HuntPosition> = Vec::new();
    let mut children: Vec<Vec<u32>> = Vec::new();
    let mut value: Vec<Option<Solved>> = Vec::new();
    let first_position = clean(*start.position());
    index.insert(key(&first_position), 0);
    positions.push(first_position);
    let mut next = 0;
    while next < positions.len() {
        let pos = positions[next];
        let game = HuntGame::at(rules.clone(), pos);
        let mut kids = Vec::new();
        match game.outcome() {
            Some(outcome) => {
                value.push(Some(match outcome.winner {
                    Some(w) if w == pos.side_to_move => Solved::Win(0),
                    Some(_) => Solved::Loss(0),
                    None => Solved::Draw,
                }));
            }
            None => {
                value.push(None);
                for mv in game.legal_moves() {
                    let child = clean(rules.apply(&pos, &mv));
                    let k = key(&child);
                    let id = match index.get(&k) {
                        Some(&id) => id,
                        None => {
                            if positions.len() >= max_positions {
                                return Err(TooLarge(max_positions));
                            }
                            let id = positions.len() as u32;
                            index.insert(k, id);
                            positions.push(child);
                            id
                        }
                    };
                    kids.push(id);
                }
            }
        }
        children.push(kids);
        next += 1;
    }

    // Back from the finished positions: a position wins when some child
    // loses (the quickest such), and loses when every child wins (the
    // slowest). A pass keeps the side to move's turn for the other side,
    // which `apply` already hands over, so values always flip.
    let n = positions.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (p, kids) in children.iter().enumerate() {
        for &c in kids {
            parents[c as usize].push(p as u32);
        }
    }
    let mut unresolved: Vec<u32> = children.iter().map(|k| k.len() as u32).collect();
    let mut longest_loss: Vec<u16> = vec![0; n];
    let mut queue: std::collections::VecDeque<u32> = (0..n as u32)
        .filter(|&p| matches!(value[p as usize], Some(Solved::Win(_) | Solved::Loss(_))))
        .collect();
    while let Some(c) = queue.pop_front() {
        let child_value = value[c as usize].expect("queued positions are solved");
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
    Ok(FamilySolution {
        start: value[0].unwrap_or(Solved::Draw),
        first,
        positions: n,
        index,
        values: value
            .into_iter()
            .map(|v| v.unwrap_or(Solved::Draw))
            .collect(),
        counts_moves,
    })
}

/// The most positions a game is solved with to be played perfectly: the
/// solved games of `assets/games/` take 2,187 to 34,051.
pub const PLAY_SOLVE_LIMIT: usize = 200_000;

/// The solution of a game whose file says it is solved (`solved:`), kept
/// for as long as its rules live; `None` for any other game, or one larger
/// than [`PLAY_SOLVE_LIMIT`]. The first call per game solves it (Kaooa:
/// 34,051 positions).
pub fn solution_for(rules: &Arc<Ruleset>) -> Option<Arc<FamilySolution>> {
    type Solutions = Vec<(Weak<Ruleset>, Option<Arc<FamilySolution>>)>;
    static SOLVED: Mutex<Solutions> = Mutex::new(Vec::new());
    rules.file.solved.as_ref()?;
    let mut solved = SOLVED.lock().unwrap_or_else(|e| e.into_inner());
    solved.retain(|(r, _)| r.strong_count() > 0);
    if let Some((_, s)) = solved
        .iter()
        .find(|(r, _)| std::ptr::eq(r.as_ptr(), Arc::as_ptr(rules)))
    {
        return s.clone();
    }
    let solution = solve(rules, PLAY_SOLVE_LIMIT).ok().map(Arc::new);
    solved.push((Arc::downgrade(rules), solution.clone()));
    solution
}
