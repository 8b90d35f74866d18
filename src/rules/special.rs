//! The rules only a few games have, kept off the path every other game's
//! moves take: stacks of crowd pieces, line captures, several placements in
//! a turn, and the one-game rules of [`SpecialRule`].
//!
//! A game with any of them gets a [`Special`] in its
//! [`super::Rules`]: its tables, here, and the moves made with them
//! (`special_moves.rs`), where the move generator, the counter and
//! `Rules::apply` hand its positions, one branch for every other game. What
//! a position needs besides pieces and hands is in [`Position::stacks`] and
//! [`Position::rule_state`] (and a two-round match's plies in
//! [`Position::moves_made`]).

use super::board::{Bitboard, Board, CELLS, Point};
use super::family::file::{LaterHops, LineCapture, SpecialRule, Steps};
use super::family::{MAX_STACKS, Ruleset, step_table};
use super::position::Position;
use super::side::Side;

/// No stack on this point ([`Special::stack_slot`]).
pub(super) const NO_SLOT: u8 = u8::MAX;

/// In a game that owes crowd pieces: the bit of [`Position::rule_state`]
/// set between the crowd's owed placement and its move the same turn (the
/// other bits count the pieces still owed).
pub(super) const PAID_THIS_TURN: u8 = 0x80;

/// The tables of a game's special rules.
#[derive(Clone, Debug)]
pub(super) struct Special {
    /// Each point's stack slot (its index in [`Position::stacks`]), or
    /// [`NO_SLOT`].
    pub(super) stack_slot: [u8; CELLS],
    /// The stack points in slot order.
    pub stack_points: Vec<Point>,
    /// The pieces under each stack's top one at the start.
    pub stack_start: [u8; MAX_STACKS],
    /// Stack points the crowd may step onto its own piece at.
    pub(super) restack_on: Bitboard,
    /// Whether jumps cross runs of crowd pieces ([`LineCapture`] other than
    /// `One`), with the run lengths allowed (bit `n` for a run of `n`), and
    /// those allowed along a level line of the drawing.
    pub(super) line: bool,
    pub(super) run_lengths: u64,
    pub(super) level_run_lengths: u64,
    /// From each point, the straight runs of points along each line that
    /// leaves it (at least two long: a jump's over and landing first).
    pub(super) rays: Vec<Vec<Ray>>,
    /// Whether a chain's hops after the first may never go straight back
    /// the way the hop before came.
    pub(super) later_hops_not_back: bool,
    /// The hunters' opening removes a crowd piece after their first placement.
    pub(super) removes_after_first_placement: bool,
    /// Per side, how many pieces its first placement turn places (0: one
    /// a turn, or as `places_in_a_row` says).
    pub(super) first_turn_places: [u8; 2],
    /// El Perro's crowd: its steps and its strictly forward steps, by
    /// whether its forward has flipped.
    pub(super) flip: Option<Box<Flip>>,
    pub(super) takes_turns: bool,
    pub(super) place_all_first: bool,
    /// Where an owed crowd piece is added (empty: the game owes none).
    pub(super) owed_on: Bitboard,
    /// In a two-round match, the most plies a round lasts once the pieces
    /// are placed ([`SpecialRule::TwoRounds`]).
    pub(super) two_rounds: Option<u16>,
}

/// A straight run of points from a point along one line.
#[derive(Clone, Debug)]
pub(super) struct Ray {
    pub(super) points: Vec<Point>,
    /// Whether it lies along a level line of the drawing (one height).
    pub(super) level: bool,
}

#[derive(Clone, Debug)]
pub(super) struct Flip {
    pub(super) steps: [[Bitboard; CELLS]; 2],
    pub(super) forward: [[Bitboard; CELLS]; 2],
}

impl Special {
    /// The special rules of a game, or `None` when it has none.
    pub fn compile(ruleset: &Ruleset, board: &Board) -> Option<Special> {
        let file = &ruleset.file;
        let order = board.ordered();
        let at = |node: u8| order[node as usize];
        let set = |nodes: u64| {
            super::family::graph::bits(nodes).fold(Bitboard::EMPTY, |b, n| b.with(at(n)))
        };
        let first_turn_places =
            [&file.hunters, &file.crowd].map(|s| s.first_turn_places.unwrap_or(0));
        let has = |rule: &SpecialRule| file.special.contains(rule);
        let any = !ruleset.stacks.is_empty()
            || file.capture.line != LineCapture::One
            || file.capture.later_hops != LaterHops::Any
            || first_turn_places != [0, 0]
            || !file.special.is_empty();
        if !any {
            return None;
        }
        let mut stack_slot = [NO_SLOT; CELLS];
        let mut stack_start = [0; MAX_STACKS];
        let mut stack_points = Vec::new();
        for (slot, &(node, count)) in ruleset.stacks.iter().enumerate() {
            stack_slot[at(node).index()] = slot as u8;
            stack_start[slot] = count - 1;
            stack_points.push(at(node));
        }
        let flip = has(&SpecialRule::CrowdForwardFlips).then(|| {
            let (x, y) = file.crowd.forward.vector();
            let table = |steps, forward| -> [Bitboard; CELLS] {
                let mut out = [Bitboard::EMPTY; CELLS];
                for (node, targets) in step_table(&ruleset.graph, steps, forward)
                    .into_iter()
                    .enumerate()
                {
                    out[at(node as u8).index()] = set(targets);
                }
                out
            };
            let written = file.crowd.steps;
            Box::new(Flip {
                steps: [table(written, (x, y)), table(written, (-x, -y))],
                forward: [
                    table(Steps::Forward, (x, y)),
                    table(Steps::Forward, (-x, -y)),
                ],
            })
        });
        Some(Special {
            stack_slot,
            stack_points,
            stack_start,
            restack_on: set(ruleset.restack_on),
            line: file.capture.line != LineCapture::One,
            run_lengths: lengths_mask(&|n| file.capture.line.allows(n)),
            level_run_lengths: match &file.capture.level_lengths {
                Some(lengths) => lengths_mask(&|n| lengths.iter().any(|&l| l as usize == n)),
                None => lengths_mask(&|n| file.capture.line.allows(n)),
            },
            later_hops_not_back: file.capture.later_hops == LaterHops::NotBack,
            removes_after_first_placement: has(&SpecialRule::RemoveAfterFirstPlacement),
            rays: {
                let mut all = vec![Vec::new(); CELLS];
                for p in board.points {
                    all[p.index()] = rays(board, p);
                }
                all
            },
            first_turn_places,
            flip,
            takes_turns: has(&SpecialRule::HuntersTakeTurns),
            place_all_first: has(&SpecialRule::PlaceAllFirst),
            owed_on: set(ruleset.owed_on),
            two_rounds: ruleset.two_rounds(),
        })
    }

    /// Whether no piece moves while a hand holds pieces (the side to move
    /// then passes).
    pub fn waits_for_hands(&self, pos: &Position) -> bool {
        self.place_all_first && pos.in_hand != [0, 0]
    }

    /// Whether the crowd must first add an owed piece.
    pub(super) fn owed_placements(&self, pos: &Position, empty: Bitboard) -> Bitboard {
        let owed = pos.rule_state & !PAID_THIS_TURN;
        let paid = pos.rule_state & PAID_THIS_TURN != 0;
        if pos.side_to_move == Side::Crowd && owed > 0 && !paid && !self.owed_on.is_empty() {
            self.owed_on & empty
        } else {
            Bitboard::EMPTY
        }
    }

    /// The points of a line capture from `from` landing on `to`, in order
    /// (none when the game jumps one piece at a time).
    pub fn line_run(&self, from: Point, to: Point) -> &[Point] {
        if !self.line {
            return &[];
        }
        self.rays[from.index()]
            .iter()
            .find_map(|ray| {
                let at = ray.points.iter().position(|&q| q == to)?;
                Some(&ray.points[..at])
            })
            .unwrap_or(&[])
    }

    /// Whether a run of `n` crowd pieces along `ray` may be jumped.
    pub(super) fn may_jump_run(&self, ray: &Ray, n: usize) -> bool {
        let lengths = if ray.level {
            self.level_run_lengths
        } else {
            self.run_lengths
        };
        n < 64 && lengths & 1 << n != 0
    }

    /// The crowd and stacks after one piece is taken from `over`.
    pub(super) fn take(
        &self,
        over: Point,
        crowd: Bitboard,
        stacks: [u8; MAX_STACKS],
    ) -> (Bitboard, [u8; MAX_STACKS]) {
        let mut stacks = stacks;
        match self.stack_slot[over.index()] {
            NO_SLOT => (crowd.without(over), stacks),
            slot if stacks[slot as usize] > 0 => {
                stacks[slot as usize] -= 1;
                (crowd, stacks)
            }
            _ => (crowd.without(over), stacks),
        }
    }

    /// The hunters that may move: all, or where they take turns, all but
    /// the one that moved last (while another is left to move).
    pub(super) fn movers(&self, pos: &Position) -> Bitboard {
        let last = pos.rule_state.checked_sub(1).and_then(Point::from_index);
        match last {
            Some(p) if self.takes_turns => pos.hunters().without(p),
            _ => pos.hunters(),
        }
    }
}

/// The lengths from 1 to 63 that `allows` takes, as bits.
fn lengths_mask(allows: &dyn Fn(usize) -> bool) -> u64 {
    (1..64)
        .filter(|&n| allows(n))
        .fold(0, |mask, n| mask | 1 << n)
}

/// The straight runs of points from `p` along each line: a jump's over and
/// landing, then each point straight on.
fn rays(board: &Board, p: Point) -> Vec<Ray> {
    board
        .jumps(p)
        .iter()
        .map(|&(over, land)| {
            let mut ray = vec![over, land];
            let (mut prev, mut cur) = (over, land);
            while let Some(&(_, next)) = board.jumps(prev).iter().find(|&&(o, _)| o == cur) {
                if ray.contains(&next) || next == p {
                    break;
                }
                ray.push(next);
                (prev, cur) = (cur, next);
            }
            let level = (board.position(over).1 - board.position(p).1).abs() < 1e-3;
            Ray { points: ray, level }
        })
        .collect()
}
