//! Negamax with alpha-beta, principal variation search, late move
//! reductions, iterative deepening, mate-distance scores and a one-ply
//! capture search at the horizon, written with an
//! explicit stack so that a search can stop after any node and continue
//! exactly there on the next call (no threads, no recursion to unwind).

use std::sync::Arc;

use web_time::Instant;

use super::board::{RuleEnd, SearchBoard};
use super::eval::{Evaluator, PlacementWeights};
use super::ordering::MoveOrder;
use super::rng::mix;
use super::tablebase::{Outcome, Tablebase};
use super::tt::{Bound, MoveKey, TranspositionTable};
use crate::rules::{Game, GameKind, Move, Side};

/// A win at ply 0; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (either sign) are wins or losses, not evaluations.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 31_000;
/// The deepest ply a search line may reach (iterations stop well before).
pub const MAX_PLY: usize = 100;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// The shallowest remaining depth that reads and writes the table.
const TT_MIN_DEPTH: i32 = 2;
/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;
/// A win the table proves scores about this much (more for sooner wins and,
/// for the tigers, more goats already taken): above any evaluation, below
/// the wins the search sees to the end.
pub const TABLE_WIN: i32 = 20_000;
/// What a capture the tigers can force in a drawn table position costs the
/// goats at the horizon (a goat is 100).
const FORCED_CAPTURE: i32 = 70;
/// What a drawn table position costs the goats at the horizon when only
/// one of their moves keeps a capture-free draw.
const ONE_SPARE: i32 = 30;

/// One node being searched.
struct Frame {
    ply: usize,
    depth: i32,
    alpha: i32,
    beta: i32,
    alpha_orig: i32,
    best: i32,
    /// Index in `moves` of the best move so far (tried moves stay put).
    best_move: Option<usize>,
    /// Its moves are `moves[lo..hi]`; `next` is the first not yet tried.
    lo: usize,
    hi: usize,
    next: usize,
    /// Legal moves tried so far.
    legal: u32,
    hash: u64,
    /// At the horizon: only jumps, with the evaluation as a floor when
    /// jumping is optional.
    quiescence: bool,
    stand_pat: i32,
    /// The move being searched now, and how.
    /// Index in `moves` of the move being searched.
    child: usize,
    reduction: i32,
    null_window: bool,
    /// The side to move here, and whether the child has the same one.
    side: Side,
    same_side: bool,
}

/// What the engine does next.
#[derive(Clone, Copy)]
enum Pending {
    /// Try the next move of the top frame.
    Descend,
    /// A child returned this score (from the child's point of view).
    Value(i32),
}

/// A completed iteration.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: u32,
    pub best: Move,
    pub score: i32,
    pub pv: Vec<Move>,
}

/// Why a call to [`Engine::run`] returned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RunEnd {
    /// The slice's node budget is spent; call again to continue.
    Paused,
    /// A limit or a proven result ended the search.
    Finished,
}

/// The search state, resumable between calls.
pub struct Engine {
    board: SearchBoard,
    eval: Evaluator,
    tt: TranspositionTable,
    order: MoveOrder,
    moves: Vec<Move>,
    scores: Vec<i32>,
    stack: Vec<Frame>,
    pending: Pending,
    pv: Vec<Vec<Move>>,
    scratch: Vec<Move>,
    /// The root's legal moves, best first after each iteration.
    root_moves: Vec<Move>,
    max_depth: u32,
    max_nodes: Option<u64>,
    /// Under a time limit: answer a forced move at once.
    timed: bool,
    noise: i32,
    noise_key: u64,
    nodes: u64,
    next_clock_check: u64,
    depth: u32,
    completed: Option<Iteration>,
    /// The best root move of the unfinished iteration, once it has one.
    partial: Option<Iteration>,
    /// Perfect values for Bagh-Chal's sliding phase, when given.
    tablebase: Option<Arc<Tablebase>>,
    /// Counts the goats' spare moves at the horizon (see
    /// [`Engine::forced_capture_bias`]).
    spare_aware: bool,
}

impl Engine {
    /// An engine for the side to move in `game`; `None` when the game is over.
    pub fn new(
        game: &Game,
        max_depth: u32,
        max_nodes: Option<u64>,
        timed: bool,
        noise: i32,
        seed: u64,
    ) -> Option<Engine> {
        let root_moves = game.legal_moves();
        if root_moves.is_empty() {
            return None;
        }
        let board = SearchBoard::new(game);
        let eval = Evaluator::new(board.rules());
        // Small searches need a small table (allocated on every move).
        let bits = match max_nodes {
            Some(n) if n <= 200_000 => 16,
            Some(n) if n <= 2_000_000 => 18,
            _ => 20,
        };
        let mut engine = Engine {
            board,
            eval,
            tt: TranspositionTable::new(bits),
            order: MoveOrder::new(MAX_PLY + 2),
            moves: Vec::with_capacity(1024),
            scores: Vec::with_capacity(1024),
            stack: Vec::with_capacity(MAX_PLY + 2),
            pending: Pending::Descend,
            pv: vec![Vec::new(); MAX_PLY + 2],
            scratch: Vec::with_capacity(64),
            root_moves,
            max_depth: max_depth.clamp(1, MAX_DEPTH),
            max_nodes,
            timed,
            noise: noise.max(0),
            noise_key: mix(seed ^ 0x004E_4F49_5345),
            nodes: 0,
            next_clock_check: CLOCK_EVERY,
            depth: 0,
            completed: None,
            partial: None,
            tablebase: None,
            spare_aware: false,
        };
        engine.start_iteration();
        Some(engine)
    }

    /// Bagh-Chal the fitted way (Master, and Hard's goats; see
    /// [`super::Level::fitted_bagh_chal`]): the goats evaluate as a careful
    /// player (see [`super::eval::Weights::cautious_goats`]), and both
    /// sides judge positions with goats in hand by the evaluation fitted to
    /// the placement solver ([`PlacementWeights::FITTED`]), the tigers
    /// from their side of the same sum; nothing changes in the other games.
    pub fn use_fitted_bagh_chal(&mut self) {
        let rules = self.board.rules();
        if rules.variant.kind == GameKind::BaghChal {
            if self.board.side_to_move() == Side::Crowd {
                let w = self.eval.weights().cautious_goats();
                self.eval.set_weights(w);
            }
            self.eval.set_placement_weights(PlacementWeights::FITTED);
        }
    }

    /// From the placement phase, counts the goats' spare moves at the
    /// horizon (see [`Engine::forced_capture_bias`]); once placement is
    /// over the search is deep enough to see the no-repeat rule at work.
    pub fn count_spare_moves_in_placement(&mut self) {
        self.spare_aware = self.board.position().in_hand != [0, 0];
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Reads the sliding phase's values from `table` from now on (before
    /// the first node: the root frame is re-made with the table's key).
    pub fn set_tablebase(&mut self, table: Arc<Tablebase>) {
        self.tablebase = Some(table);
        self.stack.clear();
        self.depth -= 1;
        self.start_iteration();
    }

    /// The key the table of searched positions files the current one under:
    /// the position's hash, and with a tablebase in the sliding phase also
    /// the quiet plies, on which the table's results depend.
    fn tt_key(&self) -> u64 {
        tt_key(self.tablebase.is_some(), self.board.position())
    }

    /// The tablebase's verdict on the current position when it is a win,
    /// as a score for the side to move; `None` when the table does not hold
    /// the position or calls it a draw. A table draw is searched on: the
    /// table does not know the rule that no position may recur, and under
    /// it a side short of moves can lose a "drawn" position (its only
    /// moves recreate earlier ones), which the search sees over the real
    /// history. A table win stands: the winner's moves bring the distance
    /// down at every ply, so its line never repeats a position.
    fn table_score(&self) -> Option<i32> {
        let table = self.tablebase.as_ref()?;
        let probe = table.probe(self.board.position())?;
        let plies = probe.value.plies().unwrap_or(0) as i32;
        let captured = probe.captured as i32;
        let (winner, score) = match probe.outcome {
            Outcome::TigersWin => (Side::Hunters, TABLE_WIN + 200 * captured - plies),
            Outcome::GoatsWin => (Side::Crowd, TABLE_WIN - 200 * captured - plies),
            Outcome::Draw => return None,
        };
        Some(if winner == self.board.side_to_move() {
            score
        } else {
            -score
        })
    }

    /// True for a stored win or loss that may not hold here: under
    /// Bagh-Chal's no-repeat rule which moves are legal depends on the way
    /// a position was reached, so a win proved on one way (a line that
    /// recreates no position of that history) may need a move this
    /// history forbids. Its move still leads the search; only the cutoff
    /// is refused. Ordinary scores are still taken (a cutoff on each is
    /// what makes the search deep); a wrong stored win made Master's goats
    /// give a goat away for a table win that was not there (depths 15-18
    /// in docs/ai-figures.md, "A win remembered from another history";
    /// about the same nodes to each depth with and without the check).
    fn decided_elsewhere(&self, score: i32) -> bool {
        score.abs() >= TABLE_WIN - 1_000 && self.board.repeats_forbidden()
    }

    /// In a position the table calls drawn but in which the tigers can
    /// still force a capture before the quiet limit: most of a goat's
    /// worth against the goats (for the side to move), which the search
    /// would otherwise only see if the capture came within its horizon.
    /// With `spare_aware` (a search from the placement phase), a drawn
    /// position with the goats to move costs them the same when none of
    /// their moves keeps a capture-free draw (the table's way out may be a
    /// move the no-repeat rule forbids here), and a little when only one
    /// does: the tigers can then shuffle to make that move a repetition.
    fn forced_capture_bias(&mut self) -> i32 {
        // Taken out for the call (no reference count touched at every leaf).
        let Some(table) = self.tablebase.take() else {
            return 0;
        };
        let bias = self.forced_capture_bias_with(&table);
        self.tablebase = Some(table);
        bias
    }

    fn forced_capture_bias_with(&mut self, table: &Tablebase) -> i32 {
        let pos = *self.board.position();
        let Some(probe) = table.probe(&pos) else {
            return 0;
        };
        let cost = if capture_forced(table, probe.value, pos.quiet_plies) {
            FORCED_CAPTURE
        } else if self.spare_aware
            && pos.side_to_move == Side::Crowd
            && probe.outcome == Outcome::Draw
        {
            match self.spare_moves(table) {
                0 => FORCED_CAPTURE,
                1 => ONE_SPARE,
                _ => 0,
            }
        } else {
            0
        };
        match pos.side_to_move {
            Side::Crowd => -cost,
            Side::Hunters => cost,
        }
    }

    /// The goats' moves here (up to two) that the no-repeat rule allows and
    /// that lead to a draw in which the tigers cannot force a capture.
    fn spare_moves(&mut self, table: &Tablebase) -> u32 {
        let mut moves = std::mem::take(&mut self.scratch);
        moves.clear();
        self.board.generate(&mut moves);
        let mut spare = 0;
        for mv in &moves {
            if !self.board.make(mv) {
                continue;
            }
            let child = self.board.position();
            if let Some(p) = table.probe(child)
                && p.outcome == Outcome::Draw
                && !capture_forced(table, p.value, child.quiet_plies)
            {
                spare += 1;
            }
            self.board.unmake();
            if spare >= 2 {
                break;
            }
        }
        self.scratch = moves;
        spare
    }

    /// The last completed iteration.
    pub fn completed(&self) -> Option<&Iteration> {
        self.completed.as_ref()
    }
    /// The best answer known now: the unfinished iteration's best root move
    /// if it has one (it beat the previous best at a greater depth), else
    /// the last completed iteration's, else the first move in order.
    pub fn best_so_far(&self) -> Iteration {
        let depth = self.completed.as_ref().map_or(0, |c| c.depth);
        if let Some(p) = &self.partial {
            return Iteration { depth, ..p.clone() };
        }
        if let Some(c) = &self.completed {
            return c.clone();
        }
        let best = self.root_moves[0];
        Iteration {
            depth: 0,
            best,
            score: 0,
            pv: vec![best],
        }
    }

    /// Searches until `budget` more nodes are spent, a limit is reached or
    /// the search is complete.
    pub fn run(&mut self, budget: u64, deadline: Option<Instant>) -> RunEnd {
        let stop_at = self.nodes.saturating_add(budget.max(1));
        loop {
            match self.pending {
                Pending::Value(v) => {
                    self.pending = Pending::Descend;
                    if self.child_returned(v) {
                        if self.iteration_finished() {
                            return RunEnd::Finished;
                        }
                        self.start_iteration();
                    }
                }
                Pending::Descend => {
                    if self.max_nodes.is_some_and(|m| self.nodes >= m) {
                        return RunEnd::Finished;
                    }
                    if self.nodes >= self.next_clock_check {
                        self.next_clock_check = self.nodes + CLOCK_EVERY;
                        if deadline.is_some_and(|d| Instant::now() >= d) {
                            return RunEnd::Finished;
                        }
                    }
                    if self.nodes >= stop_at {
                        return RunEnd::Paused;
                    }
                    if self.descend() {
                        if self.iteration_finished() {
                            return RunEnd::Finished;
                        }
                        self.start_iteration();
                    }
                }
            }
        }
    }

    fn start_iteration(&mut self) {
        self.depth += 1;
        self.partial = None;
        self.moves.clear();
        self.scores.clear();
        for (i, mv) in self.root_moves.iter().enumerate() {
            self.moves.push(*mv);
            // Keep the order of the last iteration: best first.
            self.scores.push(-(i as i32));
        }
        self.pv[0].clear();
        self.push_frame(0, self.depth as i32, -INF, INF, None);
        self.pending = Pending::Descend;
    }

    /// Records the finished iteration; true when the search is over.
    fn iteration_finished(&mut self) -> bool {
        // A finished root has always raised its alpha once; fall back
        // rather than panic should that ever change.
        let Some(done) = self.partial.take().or_else(|| self.completed.clone()) else {
            return true;
        };
        let mut pv = self.pv[0].clone();
        if pv.first() != Some(&done.best) {
            pv = vec![done.best];
        }
        if let Some(i) = self.root_moves.iter().position(|m| *m == done.best) {
            let best = self.root_moves.remove(i);
            self.root_moves.insert(0, best);
        }
        let proven = done.score.abs() >= MATE - self.depth as i32;
        self.completed = Some(Iteration {
            depth: self.depth,
            best: done.best,
            score: done.score,
            pv,
        });
        // A forced move needs no thought when the player is waiting for it.
        let forced = self.root_moves.len() == 1 && self.timed;
        self.depth >= self.max_depth || forced || proven
    }

    fn push_frame(
        &mut self,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        quiescence: Option<(i32, i32)>,
    ) {
        // At the horizon: (floor, evaluation); the floor is the evaluation
        // when the hunters may decline to jump.
        let (best, stand_pat) = quiescence.unwrap_or((-INF, 0));
        self.stack.push(Frame {
            ply,
            depth,
            alpha: alpha.max(best),
            beta,
            alpha_orig: alpha,
            best,
            best_move: None,
            lo: 0,
            hi: self.moves.len(),
            next: 0,
            legal: 0,
            hash: self.tt_key(),
            quiescence: quiescence.is_some(),
            stand_pat,
            child: 0,
            reduction: 0,
            null_window: false,
            side: self.board.side_to_move(),
            same_side: false,
        });
    }

    /// The evaluation for the side to move, with this search's noise;
    /// `None` when the side to move has no move.
    fn static_eval(&mut self) -> Option<i32> {
        self.static_eval_with_threats().map(|(score, _)| score)
    }

    /// [`Engine::static_eval`], and whether some hunter has a jump.
    fn static_eval_with_threats(&mut self) -> Option<(i32, bool)> {
        let bias = self.forced_capture_bias();
        let pos = self.board.position();
        let (score, threats) = self.eval.evaluate_with_threats(pos)?;
        let score = score + bias;
        if self.noise == 0 {
            return Some((score, threats));
        }
        let span = 2 * self.noise as u64 + 1;
        let n = (mix(pos.hash ^ self.noise_key) % span) as i32 - self.noise;
        let score = match pos.side_to_move {
            Side::Crowd => score + n,
            Side::Hunters => score - n,
        };
        Some((score, threats))
    }

    /// Enters the node reached by the last move. Returns its score (from
    /// its side to move's view) when it is settled at once; otherwise
    /// pushes a frame for it and returns `None`.
    fn enter(&mut self, ply: usize, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        self.nodes += 1;
        self.pv[ply].clear();
        let lost = -(MATE - ply as i32);
        match self.board.rule_end() {
            Some(RuleEnd::Won(side)) => {
                return Some(if side == self.board.side_to_move() {
                    -lost
                } else {
                    lost
                });
            }
            Some(RuleEnd::DrawRule) => {
                let can_move = self.board.has_legal_move(&mut self.scratch);
                return Some(if can_move { 0 } else { lost });
            }
            None => {}
        }
        if self.board.is_repetition() {
            return Some(0);
        }
        if let Some(score) = self.table_score() {
            return Some(score);
        }
        if ply >= MAX_PLY {
            return Some(self.static_eval().unwrap_or(lost));
        }
        // No line from here can beat a win already closer to the root.
        let alpha = alpha.max(lost);
        let beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return Some(alpha);
        }
        let hash = self.tt_key();
        let mut tt_move = MoveKey::NONE;
        // Nodes near the leaves skip the table: a probe is a cache miss,
        // dearer than the few evaluations it would save.
        let entry = if depth >= TT_MIN_DEPTH {
            self.tt.probe(hash)
        } else {
            None
        };
        if let Some(e) = entry {
            tt_move = e.mv;
            let s = score_from_tt(e.score as i32, ply);
            if e.depth as i32 >= depth.max(0) && !self.decided_elsewhere(s) {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return Some(s);
                }
            }
        }
        let lo = self.moves.len();
        let side = self.board.side_to_move();
        // At the horizon only jumps are searched, from a stand-pat floor.
        let quiescence = if depth <= 0 {
            let Some((stand, threats)) = self.static_eval_with_threats() else {
                return Some(lost);
            };
            let pos = self.board.position();
            if !threats
                || pos.side_to_move != Side::Hunters
                || pos.in_hand[Side::Hunters.index()] > 0
            {
                return Some(stand);
            }
            let compulsory = self.board.rules().variant.capture_compulsory();
            if !compulsory && stand >= beta {
                return Some(stand);
            }
            self.board.generate(&mut self.moves);
            self.retain_jumps(lo);
            if self.moves.len() == lo {
                return Some(stand);
            }
            let floor = if compulsory { -INF } else { stand };
            Some((floor, stand))
        } else {
            self.board.generate(&mut self.moves);
            None
        };
        self.scores.resize(self.moves.len(), 0);
        self.order.score(
            &self.moves[lo..],
            &mut self.scores[lo..],
            ply,
            tt_move,
            side,
        );
        self.push_frame(ply, depth, alpha, beta, quiescence);
        let f = self.stack.last_mut().expect("just pushed");
        f.lo = lo;
        f.next = lo;
        None
    }

    fn retain_jumps(&mut self, lo: usize) {
        let mut keep = lo;
        for i in lo..self.moves.len() {
            if self.moves[i].is_jump() {
                self.moves.swap(keep, i);
                keep += 1;
            }
        }
        self.moves.truncate(keep);
    }

    /// Tries the top frame's next move. True when the root frame finished
    /// (an iteration is complete).
    fn descend(&mut self) -> bool {
        let top = self.stack.len() - 1;
        loop {
            let f = &mut self.stack[top];
            if f.next >= f.hi {
                return self.finish_frame();
            }
            // Selection sort: the best-scored remaining move goes next.
            let mut pick = f.next;
            for i in f.next + 1..f.hi {
                if self.scores[i] > self.scores[pick] {
                    pick = i;
                }
            }
            self.moves.swap(f.next, pick);
            self.scores.swap(f.next, pick);
            let mv = self.moves[f.next];
            let order = self.scores[f.next];
            f.next += 1;
            if !self.board.make(&mv) {
                continue;
            }
            if f.depth > TT_MIN_DEPTH {
                let key = tt_key(self.tablebase.is_some(), self.board.position());
                self.tt.prefetch(key);
            }
            f.legal += 1;
            f.child = f.next - 1;
            // Late quiet moves are searched one ply shallower first.
            f.reduction = if !f.quiescence
                && f.depth >= 3
                && f.legal > 3
                && order < MoveOrder::KILLER_FLOOR
            {
                if f.legal > 10 && f.depth >= 6 { 2 } else { 1 }
            } else {
                0
            };
            // Asalto's officers place twice in a row: no negation then.
            f.same_side = self.board.side_to_move() == f.side;
            let (alpha, beta) = (f.alpha, f.beta);
            f.null_window = f.legal > 1 && !f.quiescence && beta > alpha + 1;
            let (depth, ply) = (f.depth - 1 - f.reduction, f.ply + 1);
            let window = if f.legal > 1 && !f.quiescence {
                (alpha, alpha + 1)
            } else {
                (alpha, beta)
            };
            let (a, b) = child_window(f.same_side, window);
            self.enter_child(ply, depth, a, b);
            return false;
        }
    }

    fn enter_child(&mut self, ply: usize, depth: i32, alpha: i32, beta: i32) {
        self.pending = match self.enter(ply, depth, alpha, beta) {
            Some(v) => Pending::Value(v),
            None => Pending::Descend,
        };
    }

    /// A child's score is back. True when the root frame finished.
    fn child_returned(&mut self, v: i32) -> bool {
        self.board.unmake();
        let top = self.stack.len() - 1;
        let f = &mut self.stack[top];
        let score = if f.same_side { v } else { -v };
        let child = f.child;
        let mv = self.moves[child];
        let researched = if f.reduction > 0 && score > f.alpha {
            // The reduced search says this move is good: look at full depth.
            f.reduction = 0;
            Some((f.depth - 1, (f.alpha, f.alpha + 1)))
        } else if f.null_window && score > f.alpha && score < f.beta {
            // It beat the best so far: find its exact score.
            f.null_window = false;
            Some((f.depth - 1, (f.alpha, f.beta)))
        } else {
            None
        };
        if let Some((depth, window)) = researched {
            let (a, b) = child_window(f.same_side, window);
            let ply = f.ply + 1;
            let legal = self.board.make(&mv);
            debug_assert!(legal);
            self.enter_child(ply, depth, a, b);
            return false;
        }
        if score <= f.best {
            return false;
        }
        f.best = score;
        f.best_move = Some(child);
        if score <= f.alpha {
            return false;
        }
        f.alpha = score;
        let ply = f.ply;
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
        if ply == 0 {
            self.partial = Some(Iteration {
                depth: self.depth,
                best: mv,
                score,
                pv: self.pv[0].clone(),
            });
        }
        let f = &self.stack[top];
        if score >= f.beta {
            if !mv.is_jump() && !f.quiescence {
                self.order
                    .reward(&mv, f.ply, f.depth, self.board.side_to_move());
            }
            return self.finish_frame();
        }
        false
    }

    /// Closes the top frame: stores it and hands its score to the parent.
    /// True when it was the root.
    fn finish_frame(&mut self) -> bool {
        let f = self.stack.pop().expect("a frame to finish");
        let score = if f.legal > 0 {
            f.best
        } else if f.quiescence {
            f.stand_pat
        } else {
            -(MATE - f.ply as i32)
        };
        if !f.quiescence && f.depth >= TT_MIN_DEPTH {
            let bound = if score <= f.alpha_orig {
                Bound::Upper
            } else if score >= f.beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let key = f
                .best_move
                .map_or(MoveKey::NONE, |i| MoveKey::of(&self.moves[i]));
            self.tt
                .store(f.hash, key, score_to_tt(score, f.ply), f.depth, bound);
        }
        self.moves.truncate(f.lo);
        self.scores.truncate(f.lo);
        if self.stack.is_empty() {
            return true;
        }
        self.pending = Pending::Value(score);
        false
    }
}

/// True when a drawn table value says the tigers can force a capture
/// before the quiet limit, with `quiet` plies already played.
fn capture_forced(table: &Tablebase, value: super::tablebase::Value, quiet: u16) -> bool {
    let limit = table.rules().quiet_limit as u16;
    value
        .capture_within()
        .is_some_and(|p| p as u16 + quiet <= limit)
}

/// [`Engine::tt_key`] from its parts (so it can be had while a frame is borrowed).
fn tt_key(tablebase: bool, pos: &crate::rules::Position) -> u64 {
    if tablebase && pos.in_hand == [0, 0] {
        pos.hash ^ mix(0x0051_5549_4554 + pos.quiet_plies as u64)
    } else {
        pos.hash
    }
}

/// The child's window for a window seen from the parent.
fn child_window(same_side: bool, (alpha, beta): (i32, i32)) -> (i32, i32) {
    if same_side {
        (alpha, beta)
    } else {
        (-beta, -alpha)
    }
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::Weights;
    use crate::ai::tablebase::Value;
    use crate::rules::Variant;

    fn weights_fitted(game: &Game) -> (Weights, Option<PlacementWeights>) {
        let mut engine = Engine::new(game, 4, None, false, 0, 1).expect("a move");
        engine.use_fitted_bagh_chal();
        (*engine.eval.weights(), engine.eval.placement_weights())
    }

    /// A table of the sub-game with no goat taken, all draws but for the
    /// given positions (and their mirror images).
    fn table_with(marked: &[(&Game, Value)]) -> Arc<Tablebase> {
        use crate::ai::tablebase::index::{Board, Indexer, Symmetry, positions};
        use crate::ai::tablebase::{SlidingRules, Subgame};
        let n = positions(20) as usize;
        let mut sub = Subgame {
            captured: 0,
            goats: 20,
            tigers_to_move: vec![Value::DRAW.0; n],
            goats_to_move: vec![Value::DRAW.0; n],
        };
        let (board, index) = (Board::new(), Indexer::new());
        let symmetry = Symmetry::new(&index);
        for (game, value) in marked {
            let (tigers, goats) = board.pieces(game.position());
            for m in 0..8 {
                let (t, g) = (symmetry.apply(m, tigers), symmetry.apply(m, goats));
                let i = index.index(t, g) as usize;
                match game.position().side_to_move {
                    Side::Hunters => sub.tigers_to_move[i] = value.0,
                    Side::Crowd => sub.goats_to_move[i] = value.0,
                }
            }
        }
        Arc::new(Tablebase::new(SlidingRules::OURS, vec![sub]))
    }

    #[test]
    fn goats_with_one_way_out_of_a_capture_pay_for_it_at_the_horizon() {
        // Twenty goats, a1 empty: the goats' only move is b1-a1.
        let game = Game::from_position_string("bagh-chal TGGGT/GGGGG/GGGGG/TTGGG/1GGGG G 0/0 0 40")
            .unwrap();
        let mut after = game.clone();
        after.play_text("b1-a1").unwrap();
        let bias = |table: Arc<Tablebase>, spare_aware: bool| {
            let mut engine = Engine::new(&game, 4, None, false, 0, 1).expect("a move");
            engine.set_tablebase(table);
            engine.spare_aware = spare_aware;
            engine.forced_capture_bias()
        };
        // The one move keeps a capture-free draw: a little, when looked at.
        assert_eq!(bias(table_with(&[]), false), 0);
        assert_eq!(bias(table_with(&[]), true), -ONE_SPARE);
        // It lets the tigers force a capture: the goats have no way out.
        let marked = table_with(&[(&after, Value::draw_with_capture(4))]);
        assert_eq!(bias(marked, true), -FORCED_CAPTURE);
    }

    #[test]
    fn only_placement_searches_count_spare_moves() {
        let mut game = Game::new(Variant::new(GameKind::BaghChal));
        let mut engine = Engine::new(&game, 4, None, false, 0, 1).expect("a move");
        engine.count_spare_moves_in_placement();
        assert!(engine.spare_aware);
        let sliding = "bagh-chal TGGGT/GGGGG/GGGGG/TTGGG/1GGGG G 0/0 0 40";
        game = Game::from_position_string(sliding).unwrap();
        let mut engine = Engine::new(&game, 4, None, false, 0, 1).expect("a move");
        engine.count_spare_moves_in_placement();
        assert!(!engine.spare_aware);
    }

    #[test]
    fn fitted_bagh_chal_goats_are_cautious_and_both_sides_fitted() {
        let mut bagh_chal = Game::new(Variant::new(GameKind::BaghChal));
        let plain = Weights::for_game(GameKind::BaghChal);
        let fitted = Some(PlacementWeights::FITTED);
        assert_eq!(weights_fitted(&bagh_chal), (plain.cautious_goats(), fitted));
        assert_ne!(plain.cautious_goats(), plain);
        bagh_chal.play_text("@c1").unwrap();
        assert_eq!(
            weights_fitted(&bagh_chal),
            (plain, fitted),
            "the tigers: the fitted placement, the plain sliding phase"
        );
        let pirates = Game::new(Variant::new(GameKind::Pirates));
        assert_eq!(
            weights_fitted(&pirates),
            (Weights::for_game(GameKind::Pirates), None)
        );
    }
}
