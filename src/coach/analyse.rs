//! A game analysed a slice at a time ([`GameAnalyser`]), so that the game
//! never waits for it: each [`GameAnalyser::step`] spends about a node
//! budget and reports its [`Progress`]; the desktop steps it on a compute
//! thread, the web between frames. Drop it to cancel.
//!
//! The work, in order: every position of the game searched (the Master
//! evaluation without its noise worth mentioning, with Bagh-Chal's table),
//! from the first to the last; in Fox and Geese without sideways steps,
//! every position proved by the proof search, from the last to the first
//! (the late proofs fill the table the earlier ones reuse), and for a move
//! that threw the win away a winning move found; then each move graded
//! ([`super::report::PlyReport`]).
//!
//! Between the two, a forced loss the search saw is checked move by move
//! before it counts as exact: the search's reductions and its table of
//! positions (which forgets the path, and with it Bagh-Chal's no-repeat
//! rule) can make a loss of a position look surer than it is. So each
//! legal move of the lost side is searched again on its own, and only when
//! every one of them lets the other side force a win is the loss exact. A
//! move played from a position the search saw won, other than the search's
//! best, gets the same check after it: it kept the win when the other side
//! is then lost.

use std::sync::Arc;

use web_time::{Duration, Instant};

use super::exact::{Exact, Known, Source, Verdict, VerdictKind, after_each_move};
use super::grade::{Grade, loss_when_still_lost};
use super::prove::winner_side;
use super::report::{ANALYSIS_VERSION, Analysis, Effort, PlyReport};
use super::score::Score;
use crate::ai::fox_geese_proof::{FoxGeeseSolver, SolveError, Winner};
use crate::ai::{Level, MATE, MATE_BOUND, Search, SearchLimits, SearchStatus, Tablebase};
use crate::rules::{Game, Move, Outcome, Position, Side, Variant};

/// The proof search's table: 2^21 words (16 MB), enough for the proofs of
/// a game's positions from the middle on, small enough for the web.
const PROOF_TABLE_BITS: u32 = 20;
/// Seeds each position's search (the noise of Master's evaluation, a
/// hundredth of a piece at most), so an analysis repeats exactly.
const SEARCH_SEED: u64 = 0xA11A_1755;

impl Effort {
    /// The effort of a level: its search limits for every position, and a
    /// million positions for each Fox and Geese proof.
    pub const fn of_level(level: Level) -> Effort {
        Effort {
            limits: level.limits(),
            proof_nodes: 1_000_000,
        }
    }

    /// What the game asks for: searches bounded by nodes, not time (an
    /// analysis sliced between frames gets the same answer as one run at
    /// once), about a second each on a desktop.
    pub const STANDARD: Effort = Effort {
        limits: SearchLimits {
            max_depth: crate::ai::MAX_DEPTH,
            time_ms: None,
            max_nodes: Some(1_500_000),
        },
        proof_nodes: 2_000_000,
    };
}

/// How far an analysis has come: units of work done (a position searched,
/// a position proved) out of all it will do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

impl Progress {
    /// 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f32 / self.total as f32
        }
    }
}

/// What the search said about one position, for its side to move.
struct Searched {
    /// The raw score, to tell a win seen to the end from the table's.
    raw: i32,
    best: Move,
    line: Vec<Move>,
    depth: u32,
}

/// A position whose side to move the search saw lost (or, after a move
/// from a won position, may be lost), to be checked move by move: each
/// legal move searched on its own up to `depth` plies.
struct Confirm {
    at: usize,
    depth: u32,
}

/// The work under way.
enum Stage {
    /// Searching this position.
    Search(usize),
    /// Checking the `nth` loss to confirm: its `child`th legal move's
    /// search, and the longest win in plies its replies have shown (`None`
    /// once one of them is a win of unknown distance).
    Confirm {
        nth: usize,
        child: usize,
        longest: Option<u16>,
    },
    /// Proving this position (counting down), and the nodes spent on it.
    Prove(usize, u64),
    /// For the `n`th move that threw a proven win away: trying its
    /// position's moves in turn for one that keeps it (the index of the
    /// move tried, the nodes spent).
    FindWin {
        nth: usize,
        child: usize,
        spent: u64,
    },
    Finished,
}

/// One proof asked for a slice.
enum ProofStep {
    Proven(Winner),
    Paused,
    GaveUp,
}

/// A game being analysed; see the module's documentation.
pub struct GameAnalyser {
    variant: Variant,
    start: Position,
    moves: Vec<Move>,
    effort: Effort,
    table: Option<Arc<Tablebase>>,
    /// Per position, from the start to after the last move: the position,
    /// how the game stood, the legal moves (with the history's rules).
    positions: Vec<Position>,
    outcomes: Vec<Option<Outcome>>,
    legal: Vec<Vec<Move>>,
    /// The game at the position being searched.
    cursor: Game,
    search: Option<Search>,
    searched: Vec<Option<Searched>>,
    /// Exact values for the side to move, where known.
    exact: Vec<Option<Known>>,
    /// The losses to check move by move, once the searches are done.
    confirms: Vec<Confirm>,
    solver: Option<FoxGeeseSolver>,
    /// Plies (from 0) whose move threw a proven win away, and for each the
    /// winning move found instead.
    thrown: Vec<usize>,
    proven_best: Vec<Option<Move>>,
    stage: Stage,
    progress: Progress,
    result: Option<Analysis>,
}

impl GameAnalyser {
    /// An analysis of `game`'s moves from the position it began from, with
    /// Bagh-Chal's sliding-phase `table` when given (and it serves the game).
    pub fn new(game: &Game, effort: Effort, table: Option<Arc<Tablebase>>) -> GameAnalyser {
        let variant = *game.variant();
        let start = *game.initial_position();
        let moves: Vec<Move> = game.moves().copied().collect();
        let table = table.filter(|t| t.serves(&variant));
        let mut replay = Game::from_position(variant, start);
        let (mut positions, mut outcomes, mut legal) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..=moves.len() {
            positions.push(*replay.position());
            outcomes.push(replay.outcome());
            legal.push(replay.legal_moves());
            if let Some(mv) = moves.get(i) {
                replay.play_unchecked(mv);
            }
        }
        let exact = positions
            .iter()
            .zip(&outcomes)
            .map(|(pos, outcome)| known_at_once(table.as_deref(), pos, outcome.as_ref()))
            .collect();
        let solver = FoxGeeseSolver::new(variant, effort.proof_nodes, PROOF_TABLE_BITS).ok();
        let open = outcomes.iter().filter(|o| o.is_none()).count();
        let proofs = if solver.is_some() { open } else { 0 };
        let n = positions.len();
        GameAnalyser {
            variant,
            start,
            moves,
            effort,
            table,
            positions,
            outcomes,
            legal,
            cursor: Game::from_position(variant, start),
            search: None,
            searched: (0..n).map(|_| None).collect(),
            exact,
            confirms: Vec::new(),
            solver,
            thrown: Vec::new(),
            proven_best: Vec::new(),
            stage: Stage::Search(0),
            progress: Progress {
                done: 0,
                total: open + proofs,
            },
            result: None,
        }
    }

    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// The analysis, once [`GameAnalyser::step`] has finished it.
    pub fn result(&self) -> Option<&Analysis> {
        self.result.as_ref()
    }

    /// Works for about `node_budget` nodes (searched or proved), then
    /// reports; once finished, [`GameAnalyser::result`] holds the analysis.
    pub fn step(&mut self, node_budget: u64) -> Progress {
        let mut left = node_budget.max(1);
        while left > 0 && !matches!(self.stage, Stage::Finished) {
            let used = match self.stage {
                Stage::Search(i) => self.search_slice(i, left),
                Stage::Confirm {
                    nth,
                    child,
                    longest,
                } => self.confirm_slice(nth, child, longest, left),
                Stage::Prove(i, spent) => self.prove_slice(i, spent, left),
                Stage::FindWin { nth, child, spent } => {
                    self.find_win_slice(nth, child, spent, left)
                }
                Stage::Finished => 0,
            };
            left = left.saturating_sub(used.max(1));
        }
        if matches!(self.stage, Stage::Finished) && self.result.is_none() {
            self.result = Some(self.assemble());
        }
        self.progress
    }

    /// Steps in slices of [`Search::SLICE_NODES`] until `time` has passed
    /// or the analysis is finished.
    pub fn step_for(&mut self, time: Duration) -> Progress {
        let until = Instant::now() + time;
        while self.result.is_none() && Instant::now() < until {
            self.step(Search::SLICE_NODES);
        }
        self.progress
    }

    /// Steps until finished.
    pub fn run_to_end(&mut self) -> &Analysis {
        while self.result.is_none() {
            self.step(Search::SLICE_NODES * 10);
        }
        self.result.as_ref().expect("finished")
    }

    /// Searches position `i` for up to `budget` nodes; the nodes used.
    fn search_slice(&mut self, i: usize, budget: u64) -> u64 {
        if i >= self.positions.len() {
            self.stage = self.after_searches();
            return 0;
        }
        if self.outcomes[i].is_some() {
            self.advance_cursor(i);
            self.stage = Stage::Search(i + 1);
            return 0;
        }
        let (limits, table) = (self.effort.limits, self.table.as_ref());
        let search = self.search.get_or_insert_with(|| {
            let seed = SEARCH_SEED ^ i as u64;
            Search::for_level(&self.cursor, Level::Master, limits, seed).with_tablebase(table)
        });
        let before = search.nodes();
        let status = search.step(budget);
        let used = search.nodes() - before;
        if let SearchStatus::Done(r) = status {
            // A win seen to the end is one line the search found; a loss
            // is a claim about every move, checked on its own later.
            if r.score > MATE_BOUND
                && self.exact[i].is_none()
                && let Score::Win(p) = Score::from_search(r.score)
            {
                self.exact[i] = Some(Known {
                    value: Exact::Win(p),
                    source: Source::Search,
                });
            }
            self.searched[i] = Some(Searched {
                raw: r.score,
                best: r.best,
                line: r.pv,
                depth: r.depth,
            });
            self.search = None;
            self.progress.done += 1;
            self.advance_cursor(i);
            self.stage = Stage::Search(i + 1);
        }
        used
    }

    /// Moves the cursor from position `i` to `i + 1`.
    fn advance_cursor(&mut self, i: usize) {
        if let Some(mv) = self.moves.get(i) {
            self.cursor.play_unchecked(mv);
        }
    }

    /// The stage after the searches: the losses to confirm.
    fn after_searches(&mut self) -> Stage {
        self.confirms = self.losses_to_confirm();
        self.progress.total += self.confirms.len();
        Stage::Confirm {
            nth: 0,
            child: 0,
            longest: Some(0),
        }
    }

    /// The positions whose loss is checked move by move: those the search
    /// saw lost for the side to move, and those after a move other than
    /// the search's best from a position it saw won (did the move keep the
    /// win?), each with the depth its moves are searched to: enough to see
    /// the win the search saw, and a little more.
    fn losses_to_confirm(&self) -> Vec<Confirm> {
        let open = |i: usize| self.outcomes[i].is_none() && self.exact[i].is_none();
        let mut confirms: Vec<Confirm> = Vec::new();
        for i in 0..self.positions.len() {
            let Some(s) = self.searched[i].as_ref() else {
                continue;
            };
            if s.raw < -MATE_BOUND && open(i) {
                let plies = (MATE + s.raw) as u32;
                confirms.push(Confirm {
                    at: i,
                    depth: plies + 1,
                });
            }
            let won_by_search = self.exact[i].and_then(|k| match k {
                Known {
                    value: Exact::Win(Some(p)),
                    source: Source::Search,
                } => Some(u32::from(p)),
                _ => None,
            });
            if let Some(plies) = won_by_search
                && i < self.moves.len()
                && self.moves[i] != s.best
                && open(i + 1)
                && self.searched[i + 1]
                    .as_ref()
                    .is_none_or(|after| after.raw >= -MATE_BOUND)
            {
                confirms.push(Confirm {
                    at: i + 1,
                    depth: plies + 3,
                });
            }
        }
        confirms
    }

    /// The game at position `i`, with the moves before it (the rules that
    /// read the history, Bagh-Chal's no-repeat rule, see them).
    fn game_at(&self, i: usize) -> Game {
        let mut game = Game::from_position(self.variant, self.start);
        for m in &self.moves[..i] {
            game.play_unchecked(m);
        }
        game
    }

    /// Checks the `nth` loss to confirm: searches its `child`th move for up
    /// to `budget` nodes; the nodes used.
    fn confirm_slice(
        &mut self,
        nth: usize,
        child: usize,
        longest: Option<u16>,
        budget: u64,
    ) -> u64 {
        let Some(&Confirm { at, depth }) = self.confirms.get(nth) else {
            self.stage = self.after_confirms();
            return 0;
        };
        let next_loss = Stage::Confirm {
            nth: nth + 1,
            child: 0,
            longest: Some(0),
        };
        let Some(mv) = self.legal[at].get(child).copied() else {
            // Every move lets the other side force a win.
            self.exact[at] = Some(Known {
                value: Exact::Loss(longest.map(|p| p.saturating_add(1))),
                source: Source::Search,
            });
            self.progress.done += 1;
            self.stage = next_loss;
            return 0;
        };
        if self.search.is_none() {
            let mut game = self.game_at(at);
            game.play_unchecked(&mv);
            if let Some(o) = game.outcome() {
                // The move ends the game: lost at once, or not lost at all.
                self.stage = match Exact::of_outcome(&o, game.side_to_move()) {
                    Exact::Win(_) => Stage::Confirm {
                        nth,
                        child: child + 1,
                        longest,
                    },
                    _ => {
                        self.progress.done += 1;
                        next_loss
                    }
                };
                return 0;
            }
            let limits = SearchLimits {
                max_depth: depth.min(self.effort.limits.max_depth),
                ..self.effort.limits
            };
            let seed = SEARCH_SEED ^ ((at as u64) << 16 | child as u64);
            let search = Search::for_level(&game, Level::Master, limits, seed)
                .with_tablebase(self.table.as_ref());
            self.search = Some(search);
        }
        let search = self.search.as_mut().expect("made above");
        let before = search.nodes();
        let status = search.step(budget);
        let used = search.nodes() - before;
        if let SearchStatus::Done(r) = status {
            self.search = None;
            self.stage = match Score::from_search(r.score) {
                // The reply to this move forces a win: on to the next move.
                Score::Win(p) => Stage::Confirm {
                    nth,
                    child: child + 1,
                    longest: longest.zip(p).map(|(a, b)| a.max(b)),
                },
                // A move the search could not refute: the loss stays the
                // first search's view, not an exact value.
                _ => {
                    self.progress.done += 1;
                    next_loss
                }
            };
        }
        used
    }

    /// The stage after the confirmations: proofs from the last position,
    /// when the game has them.
    fn after_confirms(&self) -> Stage {
        if self.solver.is_some() {
            Stage::Prove(self.positions.len() - 1, 0)
        } else {
            Stage::Finished
        }
    }

    /// Proves position `i` for up to `budget` nodes; the nodes used.
    fn prove_slice(&mut self, i: usize, spent: u64, budget: u64) -> u64 {
        let next = |i: usize| {
            if i == 0 {
                Stage::FindWin {
                    nth: 0,
                    child: 0,
                    spent: 0,
                }
            } else {
                Stage::Prove(i - 1, 0)
            }
        };
        if self.outcomes[i].is_some() {
            self.stage = next(i);
            return 0;
        }
        let pos = self.positions[i];
        let (step, used) = self.prove(&pos, spent, budget);
        match step {
            ProofStep::Paused => self.stage = Stage::Prove(i, spent + used),
            ProofStep::Proven(w) => {
                let value = if winner_side(w) == pos.side_to_move {
                    Exact::Win(None)
                } else {
                    Exact::Loss(None)
                };
                // A proof outranks a search's forced win.
                // The search's distance is kept when it agrees.
                if let Some(k) = self.exact[i].filter(|k| k.source == Source::Search) {
                    let agrees = k.value.result() == value.result();
                    self.exact[i] = Some(Known {
                        value: if agrees { k.value } else { value },
                        source: Source::Proof,
                    });
                } else if self.exact[i].is_none() {
                    self.exact[i] = Some(Known {
                        value,
                        source: Source::Proof,
                    });
                }
                self.progress.done += 1;
                self.stage = next(i);
            }
            ProofStep::GaveUp => {
                // Earlier positions are further from the end and harder
                // still: they are left to the search.
                let earlier = self.outcomes[..i].iter().filter(|o| o.is_none()).count();
                self.progress.done += 1 + earlier;
                self.stage = next(0);
            }
        }
        if matches!(self.stage, Stage::FindWin { .. }) {
            self.thrown = self.thrown_wins();
            self.proven_best = vec![None; self.thrown.len()];
        }
        used
    }

    /// One slice of the proof of `pos`, with `spent` nodes already spent on
    /// it: the step and the nodes used.
    fn prove(&mut self, pos: &Position, spent: u64, budget: u64) -> (ProofStep, u64) {
        let cap = self.effort.proof_nodes;
        let Some(solver) = self.solver.as_mut() else {
            return (ProofStep::GaveUp, 0);
        };
        let slice = budget.min(cap.saturating_sub(spent)).max(1);
        solver.allow_more_nodes(slice);
        let before = solver.nodes();
        let answer = solver.solve(pos);
        let used = solver.nodes() - before;
        let step = match answer {
            Ok(w) => ProofStep::Proven(w),
            Err(SolveError::OutOfNodes { .. }) if spent + used < cap => ProofStep::Paused,
            Err(_) => ProofStep::GaveUp,
        };
        (step, used)
    }

    /// The plies whose move threw a win proved by the proof search away.
    fn thrown_wins(&self) -> Vec<usize> {
        (0..self.moves.len())
            .filter(|&i| {
                let (Some(before), Some(after)) = (self.exact[i], self.exact[i + 1]) else {
                    return false;
                };
                let mover = self.player(i);
                let after = after.value.for_side(self.player(i + 1), mover);
                before.source == Source::Proof
                    && before.value.result() > 0
                    && after.result() < before.value.result()
            })
            .collect()
    }

    /// The moves of ply `i` in the order they are tried for a win: the
    /// search's best first.
    fn candidate(&self, i: usize, child: usize) -> Option<Move> {
        let best = self.searched[i].as_ref().map(|s| s.best);
        let rest = self.legal[i].iter().copied().filter(|m| Some(*m) != best);
        best.into_iter().chain(rest).nth(child)
    }

    /// Tries a move of the `nth` thrown-away win for up to `budget` nodes.
    fn find_win_slice(&mut self, nth: usize, child: usize, spent: u64, budget: u64) -> u64 {
        let Some(&i) = self.thrown.get(nth) else {
            self.stage = Stage::Finished;
            return 0;
        };
        let give_up = Stage::FindWin {
            nth: nth + 1,
            child: 0,
            spent: 0,
        };
        let Some(mv) = self.candidate(i, child) else {
            self.stage = give_up;
            return 0;
        };
        let mover = self.positions[i].side_to_move;
        let (next, _) = self.cursor.rules().apply(&self.positions[i], &mv);
        let (step, used) = self.prove(&next, spent, budget);
        self.stage = match step {
            ProofStep::Paused => Stage::FindWin {
                nth,
                child,
                spent: spent + used,
            },
            ProofStep::Proven(w) if winner_side(w) == mover => {
                self.proven_best[nth] = Some(mv);
                give_up
            }
            ProofStep::Proven(_) => Stage::FindWin {
                nth,
                child: child + 1,
                spent: spent + used,
            },
            ProofStep::GaveUp => give_up,
        };
        used
    }

    /// The finished analysis.
    fn assemble(&self) -> Analysis {
        let plies = (0..self.moves.len()).map(|i| self.ply_report(i)).collect();
        Analysis {
            version: ANALYSIS_VERSION,
            variant: self.variant,
            start: crate::rules::position_string(&self.variant, &self.start),
            moves: self
                .moves
                .iter()
                .map(|m| self.cursor.move_text(m))
                .collect(),
            effort: self.effort,
            plies,
        }
    }

    /// Position `i`'s score for its side to move as the search (or the
    /// game's end) has it: what the grades compare.
    fn searched_score(&self, i: usize) -> Score {
        if let Some(o) = &self.outcomes[i] {
            return match Exact::of_outcome(o, self.positions[i].side_to_move) {
                Exact::Win(p) => Score::Win(p),
                Exact::Loss(p) => Score::Loss(p),
                Exact::Draw => Score::Eval(0),
            };
        }
        self.searched[i]
            .as_ref()
            .map_or(Score::Eval(0), |s| Score::from_search(s.raw))
    }

    /// Position `i`'s score as shown: a win or loss known exactly (with
    /// its distance when known) over the search's evaluation.
    fn shown_score(&self, i: usize) -> Score {
        let score = self.searched_score(i);
        match (score, self.exact[i].map(|k| k.value)) {
            (Score::Win(Some(p)), Some(Exact::Win(None))) => Score::Win(Some(p)),
            (Score::Loss(Some(p)), Some(Exact::Loss(None))) => Score::Loss(Some(p)),
            (_, Some(Exact::Win(p))) => Score::Win(p),
            (_, Some(Exact::Loss(p))) => Score::Loss(p),
            _ => score,
        }
    }

    /// The exact value of each legal move of position `i` for its side to
    /// move (counted from before the move), when every one is known at
    /// once (the rules or the table): what the table says of each choice.
    fn table_choices(&self, i: usize) -> Option<Vec<(Move, Exact)>> {
        let table = self.table.as_deref()?;
        self.exact[i].filter(|k| k.source == Source::Table)?;
        let mut game = Game::from_position(self.variant, self.start);
        for m in &self.moves[..i] {
            game.play_unchecked(m);
        }
        let values = after_each_move(table, &mut game, &self.legal[i])?;
        let choices = self.legal[i].iter().zip(values);
        Some(choices.map(|(mv, v)| (*mv, v.one_ply_earlier())).collect())
    }

    /// The player to move at position `i`, by the side it took at the
    /// start: the perspective scores are turned between (a two-round
    /// match's players swap roles for round two).
    fn player(&self, i: usize) -> Side {
        let pos = &self.positions[i];
        self.cursor.rules().player_side(pos, pos.side_to_move)
    }

    /// The score of the move from position `i` for its mover, when it ended
    /// round one of a two-round match: a win when it shut the bear in, a
    /// loss when the bear walked into a pocket, as the search scores a
    /// round's end (round two's positions are judged by the match instead).
    fn round_end(&self, i: usize) -> Option<Score> {
        let rules = self.cursor.rules();
        let pos = &self.positions[i];
        let score = match pos.side_to_move {
            Side::Crowd => Score::Win(Some(1)),
            Side::Hunters => Score::Loss(Some(1)),
        };
        (rules.round(pos) != rules.round(&self.positions[i + 1])).then_some(score)
    }

    /// The report of the move from position `i`.
    fn ply_report(&self, i: usize) -> PlyReport {
        let played = self.moves[i];
        let mover = self.player(i);
        let next_side = self.player(i + 1);
        let before = self.shown_score(i);
        let (after, searched_after) = match self.round_end(i) {
            Some(end) => (end, end),
            None => (
                self.shown_score(i + 1).for_side(next_side, mover),
                self.searched_score(i + 1).for_side(next_side, mover),
            ),
        };
        let searched = self.searched[i].as_ref();
        let mut best = searched.map_or(played, |s| s.best);
        let mut line = searched.map_or_else(Vec::new, |s| s.line.clone());
        let choices = self.table_choices(i);
        let verdict = self.verdict(i, choices.as_deref());
        let kind = self.variant.game;
        let searched_before = self.searched_score(i);
        let mut lost =
            (100.0 * (searched_before.chance(kind) - searched_after.chance(kind))).max(0.0);
        let mut grade = if played == best {
            lost = 0.0;
            Grade::Best
        } else {
            Grade::of_loss(lost)
        };
        match &verdict {
            Some(v) if matches!(v.kind(), VerdictKind::StillLost(_)) => {
                lost =
                    self.lost_when_still_lost(v, played == best, searched_before, searched_after);
                grade = Grade::of_loss(lost);
            }
            Some(v) => {
                grade = grade.with_verdict(v);
                lost = Grade::loss_with_verdict(lost, v);
            }
            None => {}
        }
        if let Some(choices) = &choices {
            let top = choices.iter().max_by_key(|(_, v)| v.rank());
            let value_of = |m: Move| choices.iter().find(|(c, _)| *c == m).map(|(_, v)| *v);
            if let Some(&(top_move, top_value)) = top {
                if value_of(played).map(Exact::rank) == Some(top_value.rank()) {
                    (grade, lost) = (Grade::Best, 0.0);
                }
                // A lost side's best move is the one that loses latest.
                let shown = |v: Exact| {
                    if top_value.result() < 0 {
                        v.rank()
                    } else {
                        v.result().into()
                    }
                };
                if value_of(best).map(shown) != Some(shown(top_value)) {
                    (best, line) = (top_move, vec![top_move]);
                }
            }
        }
        if let Some(m) = self.proven_win_instead(i)
            && m != best
        {
            (best, line) = (m, vec![m]);
        }
        PlyReport {
            ply: i as u32 + 1,
            side: mover,
            played: self.cursor.move_text(&played),
            grade,
            before,
            after,
            lost,
            best: self.cursor.move_text(&best),
            line: line.iter().map(|m| self.cursor.move_text(m)).collect(),
            depth: searched.map_or(0, |s| s.depth),
            verdict,
        }
    }

    /// The points given away by a move from a lost position that kept it
    /// lost ([`loss_when_still_lost`]): how much sooner it loses, from the
    /// exact distances, and the pieces it gave away by the search's
    /// evaluations, measured as from an even position (none for the move
    /// the search chose).
    fn lost_when_still_lost(
        &self,
        v: &Verdict,
        searched_best: bool,
        before: Score,
        after: Score,
    ) -> f64 {
        let plies = |e: Exact| match e {
            Exact::Loss(p) => p,
            _ => None,
        };
        let pieces = match (before, after) {
            (Score::Eval(b), Score::Eval(a)) if !searched_best && a < b => {
                100.0 * (Score::Eval(b - a).chance(self.variant.game) - 0.5)
            }
            _ => 0.0,
        };
        loss_when_still_lost(plies(v.before), plies(v.after), pieces)
    }

    /// The winning move the proof search found for ply `i`, when its move
    /// threw a proven win away.
    fn proven_win_instead(&self, i: usize) -> Option<Move> {
        let nth = self.thrown.iter().position(|&t| t == i)?;
        self.proven_best[nth]
    }

    /// What the move from position `i` did to its side's exact value, when
    /// the values before and after are both known. With the table's value
    /// of every legal move (`choices`), the value before is the best of
    /// them: the rule that no position may recur can forbid the move the
    /// table counts on, and then the side never had that value.
    fn verdict(&self, i: usize, choices: Option<&[(Move, Exact)]>) -> Option<Verdict> {
        let mover = self.player(i);
        let mut before = self.exact[i]?;
        if let Some(best) = choices.and_then(|c| c.iter().map(|(_, v)| *v).max_by_key(|v| v.rank()))
        {
            before.value = best;
        }
        let after = self.exact[i + 1]?;
        let after = Known {
            value: after
                .value
                .for_side(self.player(i + 1), mover)
                .one_ply_earlier(),
            source: after.source,
        };
        Some(Verdict::new(before, after))
    }
}

/// What is known of a position without searching: the game's end, or the
/// table's value.
fn known_at_once(
    table: Option<&Tablebase>,
    pos: &Position,
    outcome: Option<&Outcome>,
) -> Option<Known> {
    if let Some(o) = outcome {
        return Some(Known {
            value: Exact::of_outcome(o, pos.side_to_move),
            source: Source::Rules,
        });
    }
    let value = Exact::of_table(table?, pos)?;
    Some(Known {
        value,
        source: Source::Table,
    })
}

/// True when the game has exact verdicts beyond the rules: Bagh-Chal with
/// a table, Fox and Geese without sideways steps.
pub fn has_exact_verdicts(variant: &Variant, table: Option<&Tablebase>) -> bool {
    match variant.game.plug_in() {
        Some("bagh-chal") => table.is_some_and(|t| t.serves(variant)),
        Some("fox-geese") => variant.option("sideways") != Some("on"),
        _ => false,
    }
}
