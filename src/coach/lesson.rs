//! Lessons from a game's analysis: each mistake and blunder of the chosen
//! sides turned into a puzzle from the position before it, "find a better
//! move" ([`Lesson`]), and which moves count as better, found a slice at a
//! time ([`LessonFinder`]) like the analysis itself.
//!
//! A move counts as better by the surest check the position allows
//! ([`Check`]):
//!
//! - **Exact**: Bagh-Chal's table knows the value of every legal move (or
//!   the Fox and Geese proof search proves each one): the moves that keep
//!   the best result (the win, the draw) the side could keep.
//! - **Engine**: otherwise each legal move's position is searched (node
//!   limited, so the answer is the same on any machine): the analysis's
//!   best move, and every move whose expected result is within
//!   [`GOOD_BELOW`] points of the best one found.
//!
//! A lesson whose own check accepts the move played is dropped: the closer
//! look found nothing better, and the player must not be told otherwise.

use std::sync::Arc;

use super::analyse::has_exact_verdicts;
use super::exact::{Exact, Source, after_each_move};
use super::grade::{GOOD_BELOW, Grade};
use super::prove::winner_side;
use super::report::{Analysis, Effort};
use super::score::Score;
use crate::ai::fox_geese_proof::{FoxGeeseSolver, SolveError};
use crate::ai::{Level, Search, SearchStatus, Tablebase};
use crate::rules::{Game, Move, Side};

/// What the game looks for lessons with: each legal move's position
/// searched to at most 200,000 nodes (about a tenth of a second on a
/// desktop; the analysis's own searches take 1,500,000), each proof to at
/// most 500,000 positions. Bounded by nodes, not time, so the lessons are
/// the same on any machine and in slices.
pub const LESSON_EFFORT: Effort = Effort {
    limits: crate::ai::SearchLimits {
        max_depth: crate::ai::MAX_DEPTH,
        time_ms: None,
        max_nodes: Some(200_000),
    },
    proof_nodes: 500_000,
};

/// Seeds each move's search, so a lesson repeats exactly.
const SEARCH_SEED: u64 = 0x1E55_0115;
/// The proof search's table while proving a lesson's moves (2^20 words).
const PROOF_TABLE_BITS: u32 = 20;

/// How the moves a lesson accepts were found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Check {
    /// The exact value of every legal move is known (`source`: the table
    /// or the proof search): the moves that keep `kept`, the best result
    /// the side could keep (1 a win, 0 a draw, -1 a loss).
    Exact { source: Source, kept: i8 },
    /// Each legal move searched: the moves the engine judges as good as
    /// the best, within [`GOOD_BELOW`] points of expected result.
    Engine,
}

/// One mistake to learn from: the game before it, and the moves that do
/// better.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The move's number in the game, counted from 1 (as
    /// [`super::PlyReport::ply`]).
    pub ply: u32,
    /// The side to find the move for.
    pub side: Side,
    /// The game up to the position before the mistake (its history counts
    /// for the rules on repeated positions).
    pub game: Game,
    /// The mistake.
    pub played: Move,
    pub grade: Grade,
    /// The best move: the hint, and always accepted.
    pub best: Move,
    /// Every move that counts as better, the best first.
    pub accepted: Vec<Move>,
    pub check: Check,
}

impl Lesson {
    /// True when `mv` solves the lesson.
    pub fn accepts(&self, mv: &Move) -> bool {
        self.accepted.contains(mv)
    }
}

/// The plies (counted from 0) of `analysis` worth a lesson: the moves of
/// `sides` graded mistake or blunder.
pub fn lesson_plies(analysis: &Analysis, sides: &[Side]) -> Vec<usize> {
    analysis
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.grade >= Grade::Mistake && sides.contains(&p.side))
        .map(|(i, _)| i)
        .collect()
}

/// What one legal move of a lesson's position turned out to be worth, for
/// the side that plays it.
#[derive(Clone, Copy, Debug)]
enum Worth {
    Exact(Exact),
    /// The expected result (0 to 1).
    Chance(f64),
}

/// The lesson being worked out.
struct Pending {
    ply: usize,
    game: Game,
    legal: Vec<Move>,
    played: Move,
    best: Move,
    grade: Grade,
    /// What each legal move is worth, in order, so far.
    worth: Vec<Worth>,
    /// Proving (each move's position by the proof search) or searching.
    proving: bool,
    search: Option<Search>,
    /// Nodes the proof of the move under way has spent.
    proof_spent: u64,
}

/// Works out the lessons of a game a slice at a time (the desktop steps
/// it on a compute thread, the web between frames); finished lessons are
/// there at once ([`LessonFinder::lessons`]), in the game's order.
pub struct LessonFinder {
    game: Game,
    analysis: Analysis,
    effort: Effort,
    table: Option<Arc<Tablebase>>,
    solver: Option<FoxGeeseSolver>,
    /// The plies still to look at, in order.
    queue: std::collections::VecDeque<usize>,
    pending: Option<Pending>,
    lessons: Vec<Lesson>,
    /// Plies looked at (a lesson or dropped).
    looked_at: usize,
    total: usize,
}

impl LessonFinder {
    /// The lessons of `game`'s moves by `sides` that `analysis` graded
    /// mistake or blunder; each move's position searched with `effort`'s
    /// limits, Bagh-Chal's `table` read when given.
    pub fn new(
        game: &Game,
        analysis: &Analysis,
        sides: &[Side],
        effort: Effort,
        table: Option<Arc<Tablebase>>,
    ) -> LessonFinder {
        let variant = *game.variant();
        let table = table.filter(|t| t.serves(&variant));
        let covered = analysis.plies.len().min(game.ply());
        let queue: std::collections::VecDeque<usize> = lesson_plies(analysis, sides)
            .into_iter()
            .filter(|&i| i < covered)
            .collect();
        let solver = (has_exact_verdicts(&variant, None) && !queue.is_empty())
            .then(|| FoxGeeseSolver::new(variant, effort.proof_nodes, PROOF_TABLE_BITS).ok())
            .flatten();
        LessonFinder {
            game: game.clone(),
            analysis: analysis.clone(),
            effort,
            table,
            solver,
            total: queue.len(),
            queue,
            pending: None,
            lessons: Vec::new(),
            looked_at: 0,
        }
    }

    /// The lessons worked out so far, in the game's order.
    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }

    /// True once every mistake was looked at.
    pub fn is_done(&self) -> bool {
        self.pending.is_none() && self.queue.is_empty()
    }

    /// Mistakes looked at, out of all.
    pub fn progress(&self) -> (usize, usize) {
        (self.looked_at, self.total)
    }

    /// Works for about `node_budget` nodes (searched or proved).
    pub fn step(&mut self, node_budget: u64) {
        let mut left = node_budget.max(1);
        while left > 0 && !self.is_done() {
            let used = self.step_once(left);
            left = left.saturating_sub(used.max(1));
        }
    }

    /// Steps until every lesson is worked out.
    pub fn run_to_end(&mut self) -> &[Lesson] {
        while !self.is_done() {
            self.step(Search::SLICE_NODES * 10);
        }
        &self.lessons
    }

    fn step_once(&mut self, budget: u64) -> u64 {
        let Some(mut pending) = self.pending.take() else {
            if let Some(ply) = self.queue.pop_front() {
                self.pending = self.begin(ply);
                if self.pending.is_none() {
                    self.looked_at += 1;
                }
            }
            return 0;
        };
        let used = if pending.worth.len() == pending.legal.len() {
            let lesson = self.finish(&pending);
            self.looked_at += 1;
            self.lessons.extend(lesson);
            return 0;
        } else if pending.proving {
            self.prove_slice(&mut pending, budget)
        } else {
            self.search_slice(&mut pending, budget)
        };
        self.pending = Some(pending);
        used
    }

    /// The work for the mistake at `ply`; table values are read at once.
    fn begin(&self, ply: usize) -> Option<Pending> {
        let report = self.analysis.plies.get(ply)?;
        let mut game = self.game.clone();
        while game.ply() > ply {
            game.undo();
        }
        let played = game.parse_move(&report.played).ok()?;
        let best = game.parse_move(&report.best).unwrap_or(played);
        let legal = game.legal_moves();
        let mut pending = Pending {
            ply,
            legal,
            played,
            best,
            grade: report.grade,
            worth: Vec::new(),
            proving: false,
            search: None,
            proof_spent: 0,
            game,
        };
        if let Some(values) = self.table_values(&pending) {
            pending.worth = values.into_iter().map(Worth::Exact).collect();
        } else {
            // The proof search only where the analysis's was sure of the
            // position: a position it could not prove, its moves rarely.
            pending.proving =
                self.solver.is_some() && report.verdict.is_some_and(|v| v.source <= Source::Proof);
        }
        Some(pending)
    }

    /// The exact value of each legal move, for the side to move, when the
    /// rules or the table know every one.
    fn table_values(&self, p: &Pending) -> Option<Vec<Exact>> {
        let table = self.table.as_deref()?;
        after_each_move(table, &mut p.game.clone(), &p.legal)
    }

    /// Proves the next legal move's position for up to `budget` nodes; a
    /// proof that gives up leaves the lesson to the searches.
    fn prove_slice(&mut self, p: &mut Pending, budget: u64) -> u64 {
        let cap = self.effort.proof_nodes;
        let Some(solver) = self.solver.as_mut() else {
            p.proving = false;
            return 0;
        };
        let mover = p.game.side_to_move();
        let mv = p.legal[p.worth.len()];
        let mut child = p.game.clone();
        child.play_unchecked(&mv);
        if let Some(o) = child.outcome() {
            let value = Exact::of_outcome(&o, child.side_to_move());
            p.worth
                .push(Worth::Exact(value.for_side(child.side_to_move(), mover)));
            return 0;
        }
        let slice = budget.min(cap.saturating_sub(p.proof_spent)).max(1);
        solver.allow_more_nodes(slice);
        let before = solver.nodes();
        let answer = solver.solve(child.position());
        let used = solver.nodes() - before;
        match answer {
            Ok(w) => {
                let value = if winner_side(w) == mover {
                    Exact::Win(None)
                } else {
                    Exact::Loss(None)
                };
                p.worth.push(Worth::Exact(value));
                p.proof_spent = 0;
            }
            Err(SolveError::OutOfNodes { .. }) if p.proof_spent + used < cap => {
                p.proof_spent += used;
            }
            Err(_) => {
                // Not every move proved: search them all instead.
                p.proving = false;
                p.worth.clear();
                p.proof_spent = 0;
            }
        }
        used
    }

    /// Searches the next legal move's position for up to `budget` nodes.
    fn search_slice(&mut self, p: &mut Pending, budget: u64) -> u64 {
        let kind = p.game.variant().game;
        let mover = p.game.side_to_move();
        let index = p.worth.len();
        let mv = p.legal[index];
        let mut child = p.game.clone();
        child.play_unchecked(&mv);
        let to_move = child.side_to_move();
        if let Some(o) = child.outcome() {
            let value = Exact::of_outcome(&o, to_move).for_side(to_move, mover);
            p.worth.push(Worth::Chance(exact_chance(value)));
            return 0;
        }
        let (limits, table) = (self.effort.limits, self.table.as_ref());
        let search = p.search.get_or_insert_with(|| {
            let seed = SEARCH_SEED ^ ((p.ply as u64) << 8) ^ index as u64;
            Search::for_level(&child, Level::Master, limits, seed).with_tablebase(table)
        });
        let before = search.nodes();
        let status = search.step(budget);
        let used = search.nodes() - before;
        if let SearchStatus::Done(r) = status {
            let score = Score::from_search(r.score).for_side(to_move, mover);
            p.worth.push(Worth::Chance(score.chance(kind)));
            p.search = None;
        }
        used
    }

    /// The lesson, once every legal move is worth something; `None` when
    /// the check accepts the move played.
    fn finish(&self, p: &Pending) -> Option<Lesson> {
        let (accepted, check) = match exact_values(&p.worth) {
            Some(values) => {
                let kept = values.iter().map(|v| v.result()).max()?;
                let keeps = |i: usize| values[i].result() == kept;
                let source = if p.proving {
                    Source::Proof
                } else {
                    Source::Table
                };
                (self.accepted_by(p, keeps), Check::Exact { source, kept })
            }
            None => {
                let chance = |i: usize| match p.worth[i] {
                    Worth::Chance(c) => c,
                    Worth::Exact(v) => exact_chance(v),
                };
                let top = (0..p.worth.len()).map(chance).fold(0.0, f64::max);
                let close = |i: usize| 100.0 * (top - chance(i)) < GOOD_BELOW;
                let mut accepted = self.accepted_by(p, close);
                // The analysis's best move, looked at longer, counts too.
                if p.legal.contains(&p.best) && !accepted.contains(&p.best) {
                    accepted.insert(0, p.best);
                }
                (accepted, Check::Engine)
            }
        };
        if accepted.is_empty() || accepted.contains(&p.played) {
            return None;
        }
        // The hint: the analysis's best move when it is accepted.
        let best = if accepted.contains(&p.best) {
            p.best
        } else {
            accepted[0]
        };
        Some(Lesson {
            ply: p.ply as u32 + 1,
            side: p.game.side_to_move(),
            game: p.game.clone(),
            played: p.played,
            grade: p.grade,
            best,
            accepted,
            check,
        })
    }

    /// The legal moves whose index passes `test`, the analysis's best first.
    fn accepted_by(&self, p: &Pending, test: impl Fn(usize) -> bool) -> Vec<Move> {
        let mut moves: Vec<Move> = (0..p.legal.len())
            .filter(|&i| test(i))
            .map(|i| p.legal[i])
            .collect();
        if let Some(i) = moves.iter().position(|m| *m == p.best) {
            moves[..=i].rotate_right(1);
        }
        moves
    }
}

/// Every move's exact value, when all are exact.
fn exact_values(worth: &[Worth]) -> Option<Vec<Exact>> {
    worth
        .iter()
        .map(|w| match w {
            Worth::Exact(v) => Some(*v),
            Worth::Chance(_) => None,
        })
        .collect()
}

/// The expected result of a known value.
fn exact_chance(value: Exact) -> f64 {
    match value.result() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}
