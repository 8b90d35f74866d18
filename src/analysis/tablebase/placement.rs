//! The end of Bagh-Chal's placement phase solved against the table: from a
//! position with few goats left to place, the best the goats can force by
//! the last placement, as the table judges the position that ends it.
//!
//! The table's draws are not all alike under our rules (docs/ai-figures.md,
//! "Fragile draws"): a draw in which the tigers can still force a capture
//! is a goat down in all but name, and every goat taken makes the next
//! draw more fragile. So the goats' result is ordered: a win, then draws
//! by the goats taken, a forced capture counting as one more goat (and
//! ranking below the capture-free draw a goat further down), and last a
//! loss ([`PlacementValue`]). Placement has no repetition rule, so a
//! position's value does not depend on the way it was reached and a plain
//! alpha-beta with a table of bounds settles it.

use std::sync::Arc;

use crate::ai::tablebase::{Outcome, Tablebase};
use crate::rules::{Move, Position, Rules, Side};

/// The goats' result at the end of placement, best for them highest.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PlacementValue(i32);

impl PlacementValue {
    const GOATS_WIN: i32 = 100;
    const TIGERS_WIN: i32 = -100;
    /// Each goat taken, in a draw.
    const PER_GOAT: i32 = 10;
    /// A capture the tigers can force: after it the goats can at best hold
    /// a capture-free draw a goat further down, so a draw with a forced
    /// capture ranks below that and above a forced capture a goat further
    /// down.
    const FORCED_CAPTURE: i32 = 15;

    /// The goats' result for a position that ends placement: the table's
    /// outcome, the goats taken, and whether the tigers can force another
    /// capture in a draw.
    pub fn of_probe(outcome: Outcome, captured: usize, capture_forced: bool) -> PlacementValue {
        PlacementValue(match outcome {
            Outcome::GoatsWin => Self::GOATS_WIN,
            Outcome::TigersWin => Self::TIGERS_WIN,
            Outcome::Draw => {
                -(Self::PER_GOAT * captured as i32)
                    - if capture_forced {
                        Self::FORCED_CAPTURE
                    } else {
                        0
                    }
            }
        })
    }

    /// The value as a number: a win 100, a loss -100, a draw minus 10 a
    /// goat taken and 15 more when the tigers can force a capture.
    pub const fn points(self) -> i32 {
        self.0
    }

    /// The value with these [`PlacementValue::points`], if one has them
    /// (a draw with up to four goats taken, or a win or loss).
    pub fn from_points(points: i32) -> Option<PlacementValue> {
        let draws = (0..=4).flat_map(|taken| {
            [false, true].map(|forced| Self::of_probe(Outcome::Draw, taken, forced))
        });
        [Outcome::GoatsWin, Outcome::TigersWin]
            .map(|outcome| Self::of_probe(outcome, 0, false))
            .into_iter()
            .chain(draws)
            .find(|v| v.0 == points)
    }

    /// The value in words ("a draw with 1 goat taken, and no capture the
    /// tigers can force").
    pub fn describe(self) -> String {
        match self.0 {
            Self::GOATS_WIN => "the goats win".into(),
            Self::TIGERS_WIN => "the tigers win".into(),
            v => {
                let v = -v;
                let forced = v % Self::PER_GOAT != 0;
                let taken = (v - if forced { Self::FORCED_CAPTURE } else { 0 }) / Self::PER_GOAT;
                format!(
                    "a draw with {taken} goat{} taken, {}",
                    if taken == 1 { "" } else { "s" },
                    if forced {
                        "but the tigers can force another capture"
                    } else {
                        "and no capture the tigers can force"
                    }
                )
            }
        }
    }
}

/// What the table of searched positions knows of one: its value lies in
/// `lower..=upper` (a [`PlacementValue`] fits a byte); `best` is the move
/// that gave the bound, by its place in the rules' move order (`NONE`
/// when unknown). Small, since the table holds up to millions of them.
#[derive(Clone, Copy, Default)]
struct Bounds {
    lower: i8,
    upper: i8,
    best: u8,
}

impl Bounds {
    const NONE: u8 = u8::MAX;

    /// Narrows `alpha..beta` to what is known; the value itself when the
    /// bounds already settle it in that window.
    fn narrow(
        self,
        alpha: &mut PlacementValue,
        beta: &mut PlacementValue,
    ) -> Option<PlacementValue> {
        let (lower, upper) = (
            PlacementValue(self.lower.into()),
            PlacementValue(self.upper.into()),
        );
        if lower >= *beta || lower == upper {
            return Some(lower);
        }
        if upper <= *alpha {
            return Some(upper);
        }
        *alpha = (*alpha).max(lower);
        *beta = (*beta).min(upper);
        None
    }

    /// What a search of `window` that found `value` (and `best`, the place
    /// of its best move) adds to the bounds `known` before it.
    fn after_search(
        known: Option<Bounds>,
        value: PlacementValue,
        (alpha, beta): (PlacementValue, PlacementValue),
        best: u8,
    ) -> Bounds {
        let mut bounds = known.unwrap_or(Bounds {
            lower: PlacementValue::TIGERS_WIN as i8,
            upper: PlacementValue::GOATS_WIN as i8,
            best: Bounds::NONE,
        });
        let byte = value.0 as i8;
        if value <= alpha {
            bounds.upper = byte;
        } else if value >= beta {
            bounds.lower = byte;
        } else {
            bounds.lower = byte;
            bounds.upper = byte;
        }
        bounds.best = best;
        bounds
    }
}

/// What the solver has proved of one position, in a table of fixed size.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    bounds: Bounds,
    /// Goats in hand plus one (0: an empty slot): a position with more
    /// goats in hand heads a larger tree, so it is the one kept when two
    /// positions want the same place.
    weight: u8,
}

/// The solver's memory: two slots for each pair of places a hash picks,
/// the lighter one given up to a newcomer. Fixed in size, so a deep solve
/// (15 goats in hand and more) cannot grow past the machine's memory; a
/// position pushed out is only proved again.
struct Known {
    slots: Vec<Slot>,
    mask: usize,
}

impl Known {
    /// `count` slots (a power of two, at least two), or `None` when the
    /// memory cannot be had.
    fn with_slots(count: usize) -> Option<Known> {
        let count = count.next_power_of_two().max(2);
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).ok()?;
        slots.resize(count, Slot::default());
        Some(Known {
            slots,
            mask: count - 1,
        })
    }

    fn places(&self, key: u64) -> [usize; 2] {
        let first = (key as usize) & self.mask & !1;
        [first, first + 1]
    }

    /// The slot that holds `key`, if either does.
    fn find(&self, key: u64) -> Option<usize> {
        self.places(key)
            .into_iter()
            .find(|&i| self.slots[i].weight != 0 && self.slots[i].key == key)
    }

    fn get(&self, key: u64) -> Option<Bounds> {
        self.find(key).map(|i| self.slots[i].bounds)
    }

    /// Over the key's own slot when it has one (so a key is never held
    /// twice), else over the lighter of the two (an empty one weighs 0).
    fn insert(&mut self, key: u64, in_hand: u8, bounds: Bounds) {
        let [a, b] = self.places(key);
        let place = self
            .find(key)
            .unwrap_or(if self.slots[a].weight < self.slots[b].weight {
                a
            } else {
                b
            });
        self.slots[place] = Slot {
            key,
            bounds,
            weight: in_hand.saturating_add(1),
        };
    }
}

/// Solves the rest of placement from positions of Bagh-Chal.
pub struct PlacementSolver {
    table: Arc<Tablebase>,
    rules: Rules,
    known: Known,
    nodes: u64,
    max_nodes: u64,
    out_of_nodes: bool,
}

/// The solver's answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub value: PlacementValue,
    /// A move that keeps the value (none at the end of placement).
    pub best: Option<Move>,
    pub nodes: u64,
}

impl PlacementSolver {
    /// A solver for `rules` (Bagh-Chal's) that gives up after `max_nodes`
    /// positions in one call of [`PlacementSolver::solve`] or
    /// [`PlacementSolver::best_moves`]. What it proves stays known to
    /// later calls (the values do not depend on the way a position was
    /// reached).
    ///
    /// Its memory is sized from the budget (at most 1 GiB); see
    /// [`PlacementSolver::with_memory`] to choose it.
    pub fn new(table: Arc<Tablebase>, rules: Rules, max_nodes: u64) -> PlacementSolver {
        let slots = max_nodes.clamp(1 << 16, 1 << 26) as usize;
        let known = Known::with_slots(slots).expect("memory for the solver's table");
        Self::with_known(table, rules, max_nodes, known)
    }

    /// A solver as [`PlacementSolver::new`] that remembers what it proved
    /// in about `bytes` of memory (rounded down to a power of two of
    /// 16-byte slots, at least two); an error when the memory cannot be
    /// had.
    pub fn with_memory(
        table: Arc<Tablebase>,
        rules: Rules,
        max_nodes: u64,
        bytes: usize,
    ) -> Result<PlacementSolver, String> {
        let slots = (bytes / size_of::<Slot>()).max(2);
        // Rounded down: the next power of two at or below `slots`.
        let slots = 1usize << (usize::BITS - 1 - slots.leading_zeros());
        let known = Known::with_slots(slots).ok_or_else(|| {
            format!(
                "cannot set aside {} MB for the solver",
                (slots * size_of::<Slot>()) >> 20
            )
        })?;
        Ok(Self::with_known(table, rules, max_nodes, known))
    }

    fn with_known(table: Arc<Tablebase>, rules: Rules, max_nodes: u64, known: Known) -> Self {
        PlacementSolver {
            table,
            rules,
            known,
            nodes: 0,
            max_nodes,
            out_of_nodes: false,
        }
    }

    /// True when the last call ran out of its budget.
    pub fn ran_out(&self) -> bool {
        self.out_of_nodes
    }

    /// The goats' best result from `pos`, or `None` when the node budget
    /// ran out first ([`PlacementSolver::ran_out`]), the position is not in
    /// placement, or the table does not hold the positions that end it.
    pub fn solve(&mut self, pos: &Position) -> Option<Solved> {
        let value = self.search_root(
            pos,
            PlacementValue(PlacementValue::TIGERS_WIN - 1),
            PlacementValue(PlacementValue::GOATS_WIN + 1),
        )?;
        let best = self.known.get(pos.hash).and_then(|b| {
            let mut moves = Vec::new();
            self.rules.generate(pos, &mut moves);
            moves.get(b.best as usize).copied()
        });
        Some(Solved {
            value,
            best,
            nodes: self.nodes,
        })
    }

    /// Whether the goats can force at least `threshold` from `pos`: a
    /// single null-window search, cheaper than the exact value when only
    /// one question is asked ("can the goats keep every goat?").
    /// `None` as for [`PlacementSolver::solve`].
    pub fn at_least(&mut self, pos: &Position, threshold: PlacementValue) -> Option<bool> {
        let v = self.search_root(pos, PlacementValue(threshold.0 - 1), threshold)?;
        Some(v >= threshold)
    }

    /// One call's search from `pos` with a fresh budget: the value as
    /// [`PlacementSolver::value`] gives it, or `None` when placement is
    /// over, the table lacks an end, or the budget ran out.
    fn search_root(
        &mut self,
        pos: &Position,
        alpha: PlacementValue,
        beta: PlacementValue,
    ) -> Option<PlacementValue> {
        if pos.in_hand == [0, 0] {
            return None;
        }
        self.nodes = 0;
        self.out_of_nodes = false;
        let v = self.value(pos, alpha, beta)?;
        (!self.out_of_nodes).then_some(v)
    }

    /// Positions visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The moves from `pos` that keep the best result there, with that
    /// result; `None` as for [`PlacementSolver::solve`].
    pub fn best_moves(&mut self, pos: &Position) -> Option<(PlacementValue, Vec<Move>)> {
        let value = self.solve(pos)?.value;
        let goats = pos.side_to_move == Side::Crowd;
        let mut moves = Vec::new();
        self.rules.generate(pos, &mut moves);
        let mut best = Vec::new();
        for mv in moves {
            let next = self.rules.apply(pos, &mv).0;
            // A null window around the best: does this move reach it?
            let (alpha, beta) = if goats {
                (PlacementValue(value.0 - 1), value)
            } else {
                (value, PlacementValue(value.0 + 1))
            };
            let v = self.value(&next, alpha, beta)?;
            if self.out_of_nodes {
                return None;
            }
            if (goats && v >= value) || (!goats && v <= value) {
                best.push(mv);
            }
        }
        Some((value, best))
    }

    /// Alpha-beta from the goats' side (they maximise): the exact value
    /// when it lies strictly inside `alpha..beta`, else a bound past it.
    fn value(
        &mut self,
        pos: &Position,
        mut alpha: PlacementValue,
        mut beta: PlacementValue,
    ) -> Option<PlacementValue> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.out_of_nodes = true;
            return Some(alpha);
        }
        if pos.material(Side::Crowd) < self.rules.variant.crowd_minimum() {
            return Some(PlacementValue(PlacementValue::TIGERS_WIN));
        }
        if pos.in_hand == [0, 0] {
            return self.end_value(pos);
        }
        let known = self.known.get(pos.hash);
        if let Some(settled) = known.and_then(|k| k.narrow(&mut alpha, &mut beta)) {
            return Some(settled);
        }
        let mut moves = Vec::with_capacity(32);
        self.rules.generate(pos, &mut moves);
        let goats = pos.side_to_move == Side::Crowd;
        if moves.is_empty() {
            // A side with no move loses (only the tigers can be penned in).
            let winner = if goats {
                PlacementValue::TIGERS_WIN
            } else {
                PlacementValue::GOATS_WIN
            };
            return Some(PlacementValue(winner));
        }
        let remembered = known.map_or(Bounds::NONE, |k| k.best);
        let (alpha0, beta0) = (alpha, beta);
        let mut best_value = None;
        let mut best_move = Bounds::NONE;
        for i in self.order(pos, &moves, remembered) {
            let next = self.rules.apply(pos, &moves[i as usize]).0;
            let v = self.value(&next, alpha, beta)?;
            if self.out_of_nodes {
                return Some(v);
            }
            let better = match best_value {
                None => true,
                Some(b) => (goats && v > b) || (!goats && v < b),
            };
            if better {
                best_value = Some(v);
                best_move = i;
            }
            if goats {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let v = best_value.expect("at least one move");
        let bounds = Bounds::after_search(known, v, (alpha0, beta0), best_move);
        self.known
            .insert(pos.hash, pos.in_hand[Side::Crowd.index()], bounds);
        Some(v)
    }

    /// The value of a position with every goat placed, as the table
    /// judges it; `None` when the table does not hold it.
    pub fn end_value(&self, pos: &Position) -> Option<PlacementValue> {
        let probe = self.table.probe(pos)?;
        let forced = probe.value.capture_within().is_some();
        Some(PlacementValue::of_probe(
            probe.outcome,
            probe.captured,
            forced,
        ))
    }

    /// The moves' places in `moves`, in the order to try them: the
    /// remembered best first, then the tigers' jumps, then the goats'
    /// placements that leave the fewest jumps and the tigers' moves that
    /// make the most (cheap, and usually right).
    fn order(&self, pos: &Position, moves: &[Move], remembered: u8) -> Vec<u8> {
        let mut scratch = Vec::with_capacity(32);
        let mut keyed: Vec<(i32, u8)> = moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let key = if i == remembered as usize {
                    0
                } else if mv.is_jump() {
                    1
                } else {
                    // The tigers' jumps in the result, as if they were to move.
                    let mut next = self.rules.apply(pos, mv).0;
                    next.side_to_move = Side::Hunters;
                    scratch.clear();
                    self.rules.generate(&next, &mut scratch);
                    let jumps = scratch.iter().filter(|m| m.is_jump()).count() as i32;
                    if pos.side_to_move == Side::Crowd {
                        2 + jumps
                    } else {
                        2 + 10 - jumps.min(10)
                    }
                };
                (key, i as u8)
            })
            .collect();
        keyed.sort_by_key(|(k, _)| *k);
        keyed.into_iter().map(|(_, i)| i).collect()
    }
}
