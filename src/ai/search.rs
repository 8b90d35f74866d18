//! Negamax with alpha-beta, principal variation search, late move
//! reductions, iterative deepening, mate-distance scores and a one-ply
//! capture search at the horizon, written with an
//! explicit stack so that a search can stop after any node and continue
//! exactly there on the next call (no threads, no recursion to unwind).
//!
//! The same search written recursively, with the functions that do each
//! part on the stack:
//!
//! ```text
//! negamax(node, depth, alpha, beta):                       // enter
//!     if the rules, a repetition or the table settle node: return that
//!     narrow alpha, beta to the mate distance; a deep enough TT entry may cut
//!         (not where the quiet-limit draw may come within depth: the key has no quiet count)
//!     if depth <= 0:                                       // horizon_jumps
//!         stand = evaluate(node)
//!         if no hunter jump, or stand >= beta where jumping is optional: return stand
//!         moves = the jumps, best = stand (or -inf when jumping is compulsory)
//!     else: moves = every move                             // ordered: TT move, jumps, killers, history
//!     for each move, best ordered first:                   // descend
//!         r = late_move_reduction(depth, moves tried) for a late quiet move, else 0
//!         if first move or depth <= 0: s = -negamax(child, depth-1, -beta, -alpha)
//!         else:
//!             s = -negamax(child, depth-1-r, -alpha-1, -alpha)       // null window
//!             if r > 0 and s > alpha: s = -negamax(child, depth-1, -alpha-1, -alpha)
//!             if alpha < s < beta: s = -negamax(child, depth-1, -beta, -alpha)
//!         best, alpha, pv updated from s                   // child_returned
//!         if s >= beta: reward a quiet move (killers, history); break
//!     store best in the TT (at depth 0 where that draw is near); return best  // finish_frame
//!
//! for depth in 1, 2, ... until a limit:                    // start_iteration
//!     negamax(root, depth, -inf, inf), root moves best first  // iteration_finished
//! ```
//!
//! A child with the same side to move (Asalto's officers placing twice)
//! takes the window as it is and its score unnegated. Each `negamax` call
//! above is a [`Frame`] pushed on the stack; a returned score waits in
//! [`Pending`] for the parent to take it.

use std::ops::ControlFlow;
use std::sync::Arc;

use web_time::Instant;

use super::bagh_chal::{self, TableHorizon};
use super::board::{RuleEnd, SearchBoard};
use super::eval::Evaluation;
use super::ordering::MoveOrder;
use super::rng::mix;
use super::tablebase::Tablebase;
use super::tt::{Bound, MoveKey, TranspositionTable};
use crate::rules::{Game, Move, Position, Side, Stuck};

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
/// Size of the table of searched positions (2^bits entries) by the node
/// limit: a small search allocates a small table on every move, a search
/// with no node limit (timed, or to a depth) the largest.
const TT_BITS_BY_NODES: [(u64, u32); 2] = [(200_000, 16), (2_000_000, 18)];
const TT_BITS_UNLIMITED: u32 = 20;
/// Mixed with the seed into the key of the evaluation noise, so the noise
/// does not follow other uses of the same seed.
const NOISE_SALT: u64 = 0x004E_4F49_5345;
/// Late move reductions: from this remaining depth, after this many legal
/// moves, quiet moves (below the killers) are searched a ply shallower
/// first; the first few moves are the ones the ordering trusts.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_AFTER_MOVES: u32 = 3;
/// Deeper still, moves this late are reduced two plies: good moves
/// rarely come so far down the order, and a re-search catches those that do.
const LMR_TWO_PLIES_MIN_DEPTH: i32 = 6;
const LMR_TWO_PLIES_AFTER_MOVES: u32 = 10;

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
    /// The quiet-limit draw is within the frame's depth: its result is
    /// stored without a depth, so that no node of another count trusts it.
    quiet_draw_near: bool,
    /// At the horizon: only jumps, with the evaluation as a floor when
    /// jumping is optional.
    quiescence: bool,
    stand_pat: i32,
    /// The move being searched now, and how.
    /// Index in `moves` of the move being searched.
    child: usize,
    reduction: i32,
    null_window: bool,
    /// The player to move here (by its side at the start), and whether the
    /// child has the same one.
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
    eval: Evaluation,
    /// The moves made count in this game (a side wins by outlasting
    /// them): they are part of a position's key in the table.
    counts_moves: bool,
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
    /// Bagh-Chal's table, once given: proven wins and horizon biases.
    horizon: TableHorizon,
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
        let eval = Evaluation::new(board.rules());
        let counts_moves = board.rules().counts_moves();
        let bits = max_nodes
            .and_then(|n| TT_BITS_BY_NODES.iter().find(|&&(most, _)| n <= most))
            .map_or(TT_BITS_UNLIMITED, |&(_, bits)| bits);
        let mut engine = Engine {
            board,
            eval,
            counts_moves,
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
            noise_key: mix(seed ^ NOISE_SALT),
            nodes: 0,
            next_clock_check: CLOCK_EVERY,
            depth: 0,
            completed: None,
            partial: None,
            horizon: TableHorizon::default(),
        };
        engine.start_iteration();
        Some(engine)
    }

    /// Bagh-Chal the fitted way (see [`bagh_chal::fit_evaluator`]);
    /// nothing changes in the other games.
    pub fn use_fitted_bagh_chal(&mut self) {
        bagh_chal::fit_evaluator(&mut self.eval, &self.board);
    }

    /// From the placement phase, counts the goats' spare moves at the
    /// horizon (see [`TableHorizon::bias`]).
    pub fn count_spare_moves_in_placement(&mut self) {
        self.horizon.count_spare_moves_from(self.board.position());
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Reads the sliding phase's values from `table` from now on (before
    /// the first node: the root frame is re-made with the table's key).
    pub fn set_tablebase(&mut self, table: Arc<Tablebase>) {
        self.horizon.set_table(table);
        self.stack.clear();
        self.depth -= 1;
        self.start_iteration();
    }

    /// The key the table of searched positions files the current one under
    /// (see [`bagh_chal::tt_key`]), with the moves made where they count.
    fn tt_key(&self) -> u64 {
        let pos = self.board.position();
        let key = bagh_chal::tt_key(self.horizon.has_table(), pos);
        if self.counts_moves {
            key ^ moves_made_key(pos)
        } else {
            key
        }
    }

    /// Plays only these of the root's moves (those that keep a solved
    /// draw), before the first node.
    pub fn restrict_root(&mut self, only: &[Move]) {
        let kept: Vec<Move> = self
            .root_moves
            .iter()
            .copied()
            .filter(|m| only.contains(m))
            .collect();
        if kept.is_empty() {
            return;
        }
        self.root_moves = kept;
        self.stack.clear();
        self.depth -= 1;
        self.start_iteration();
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
        let proven = done.score.abs() >= mate_in(self.depth as usize);
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
            quiet_draw_near: self.board.quiet_draw_within(depth),
            quiescence: quiescence.is_some(),
            stand_pat,
            child: 0,
            reduction: 0,
            null_window: false,
            side: self.board.player_to_move(),
            same_side: false,
        });
    }

    /// The evaluation for the side to move, with this search's noise;
    /// `None` when the side to move has no move (and does not pass).
    fn static_eval(&mut self) -> Option<i32> {
        self.static_eval_with_threats().map(|(score, _)| score)
    }

    /// [`Engine::static_eval`], and whether some hunter has a jump.
    fn static_eval_with_threats(&mut self) -> Option<(i32, bool)> {
        let bias = self.horizon.bias(&mut self.board, &mut self.scratch);
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
        let lost = mated_in(ply);
        if let Some(score) = self.settled(ply, lost) {
            return Some(score);
        }
        // No line from here can beat a win already closer to the root.
        let alpha = alpha.max(lost);
        let beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return Some(alpha);
        }
        let tt_move = match self.probe_tt(ply, depth, alpha, beta) {
            ControlFlow::Break(score) => return Some(score),
            ControlFlow::Continue(mv) => mv,
        };
        let lo = self.moves.len();
        let side = self.board.side_to_move();
        let quiescence = if depth <= 0 {
            match self.horizon_jumps(lo, beta, ply) {
                ControlFlow::Break(score) => return Some(score),
                ControlFlow::Continue(floor_and_stand) => Some(floor_and_stand),
            }
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

    /// The score of the current node when it needs no search: the game is
    /// over by the rules, the position repeats, the table proves a win, or
    /// the line is as deep as a line may go. `lost` is a loss here.
    fn settled(&mut self, ply: usize, lost: i32) -> Option<i32> {
        if self.board.left_root_round() {
            // Round one is over: the bear's player, to move now (in round
            // two's roles), lost it; the later, the better for it.
            return Some(lost);
        }
        match self.board.rule_end() {
            Some(RuleEnd::Won(side)) => {
                return Some(if side == self.board.side_to_move() {
                    -lost
                } else {
                    lost
                });
            }
            Some(RuleEnd::Drawn) => return Some(self.draw_score()),
            Some(RuleEnd::DrawRule) => {
                let can_move = self.board.has_legal_move(&mut self.scratch);
                return Some(if can_move {
                    self.draw_score()
                } else {
                    self.stuck_score(ply)
                });
            }
            None => {}
        }
        if self.board.is_repetition() {
            return Some(self.draw_score());
        }
        if let Some(score) = self.horizon.proven_score(self.board.position()) {
            return Some(score);
        }
        if ply >= MAX_PLY {
            return Some(self.static_eval().unwrap_or_else(|| self.stuck_score(ply)));
        }
        None
    }

    /// The score, at `ply`, of the current node when its side to move has
    /// no legal move: a loss, or a draw where the game says so.
    fn stuck_score(&self, ply: usize) -> i32 {
        match self.board.when_stuck() {
            Stuck::Draws => self.draw_score(),
            Stuck::Loses | Stuck::Passes => mated_in(ply),
        }
    }

    /// A drawn end of the current node, for its side to move.
    fn draw_score(&self) -> i32 {
        self.eval.draw_score(self.board.position())
    }

    /// Looks the current node up in the table of searched positions:
    /// `Break` with its score when the entry settles it in the window,
    /// else `Continue` with the move to try first (if any).
    fn probe_tt(&self, ply: usize, depth: i32, alpha: i32, beta: i32) -> ControlFlow<i32, MoveKey> {
        // Nodes near the leaves skip the table: a probe is a cache miss,
        // dearer than the few evaluations it would save.
        if depth < TT_MIN_DEPTH {
            return ControlFlow::Continue(MoveKey::NONE);
        }
        let Some(e) = self.tt.probe(self.tt_key()) else {
            return ControlFlow::Continue(MoveKey::NONE);
        };
        let s = score_from_tt(e.score as i32, ply);
        // The key leaves out the quiet plies (as chess engines leave out
        // the fifty-move count): where the draw may come within `depth`,
        // a score stored at another count may not hold, so only its move
        // is used.
        if e.depth as i32 >= depth.max(0)
            && !bagh_chal::stored_win_may_not_hold(s, &self.board)
            && !self.board.quiet_draw_within(depth)
        {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return ControlFlow::Break(s);
            }
        }
        ControlFlow::Continue(e.mv)
    }

    /// At the horizon only jumps are searched, from a stand-pat floor:
    /// `Break` with the score when there is nothing to search (no hunter
    /// jump here, or the evaluation already beats `beta` where jumping is
    /// optional), else `Continue` with (floor, evaluation) and the jumps in
    /// `moves[lo..]`.
    fn horizon_jumps(&mut self, lo: usize, beta: i32, ply: usize) -> ControlFlow<i32, (i32, i32)> {
        let Some((stand, threats)) = self.static_eval_with_threats() else {
            return ControlFlow::Break(self.stuck_score(ply));
        };
        let pos = self.board.position();
        if !threats || pos.side_to_move != Side::Hunters || pos.in_hand[Side::Hunters.index()] > 0 {
            return ControlFlow::Break(stand);
        }
        let compulsory = self.board.rules().capture_compulsory();
        if !compulsory && stand >= beta {
            return ControlFlow::Break(stand);
        }
        self.board.generate(&mut self.moves);
        self.retain_jumps(lo);
        if self.moves.len() == lo {
            return ControlFlow::Break(stand);
        }
        let floor = if compulsory { -INF } else { stand };
        ControlFlow::Continue((floor, stand))
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
                self.tt.prefetch(self.tt_key());
            }
            let f = &mut self.stack[top];
            f.legal += 1;
            f.child = f.next - 1;
            let quiet = order < MoveOrder::KILLER_FLOOR;
            f.reduction = if f.quiescence || !quiet {
                0
            } else {
                late_move_reduction(f.depth, f.legal)
            };
            // Asalto's officers place twice in a row: no negation then.
            // The same player, that is: a two-round match's players swap
            // roles between rounds.
            f.same_side = self.board.player_to_move() == f.side;
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
            self.stuck_score(f.ply)
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
            let depth = if f.quiet_draw_near { 0 } else { f.depth };
            self.tt
                .store(f.hash, key, score_to_tt(score, f.ply), depth, bound);
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

/// Plies by which a quiet move is searched shallower first, with `depth`
/// left and `legal` moves tried (this one included): later moves deeper
/// in the tree are trusted least (the `LMR_` constants).
fn late_move_reduction(depth: i32, legal: u32) -> i32 {
    if depth < LMR_MIN_DEPTH || legal <= LMR_AFTER_MOVES {
        0
    } else if legal > LMR_TWO_PLIES_AFTER_MOVES && depth >= LMR_TWO_PLIES_MIN_DEPTH {
        2
    } else {
        1
    }
}

/// The score of a win `ply` plies from the root: sooner wins score higher.
const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of a loss `ply` plies from the root: later losses score higher.
const fn mated_in(ply: usize) -> i32 {
    -mate_in(ply)
}

/// The child's window for a window seen from the parent.
fn child_window(same_side: bool, (alpha, beta): (i32, i32)) -> (i32, i32) {
    if same_side {
        (alpha, beta)
    } else {
        (-beta, -alpha)
    }
}

/// What a position's moves made add to its key, in a game where they count.
fn moves_made_key(pos: &Position) -> u64 {
    mix(u64::from(pos.moves_made[0]) | u64::from(pos.moves_made[1]) << 16 | 1 << 40)
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
    use crate::rules::{GameId, Variant};

    /// The key of the engine's root for `game` with these moves made.
    fn root_key(game: &Game, moves_made: [u16; 2]) -> u64 {
        let mut pos = *game.position();
        pos.moves_made = moves_made;
        let at = Game::from_position(*game.variant(), pos);
        Engine::new(&at, 2, None, false, 0, 0)
            .expect("a game in progress")
            .tt_key()
    }

    /// A search of `game` to `depth`, after storing `stored` as every
    /// child's exact score, found at a great depth (None: nothing stored).
    fn searched_with_children_stored(game: &Game, depth: u32, stored: Option<i32>) -> Iteration {
        let mut engine = Engine::new(game, depth, None, false, 0, 0).expect("a game in progress");
        if let Some(score) = stored {
            for mv in game.legal_moves() {
                assert!(engine.board.make(&mv));
                let key = engine.tt_key();
                engine.tt.store(key, MoveKey::NONE, score, 60, Bound::Exact);
                engine.board.unmake();
            }
        }
        while engine.run(u64::MAX, None) != RunEnd::Finished {}
        engine.best_so_far()
    }

    #[test]
    fn a_score_stored_at_another_quiet_count_is_not_trusted_near_the_draw() {
        let game = Game::new(Variant::new(GameId::named("sher-bakar")));
        let limit = game
            .rules()
            .quiet_limit()
            .expect("Sher Bakar has a quiet limit");
        let at = |quiet_plies| {
            let mut pos = *game.position();
            pos.quiet_plies = quiet_plies;
            Game::from_position(*game.variant(), pos)
        };
        // Far from the draw the stored scores settle every child: the
        // entries are found.
        assert_eq!(
            searched_with_children_stored(&at(0), 4, Some(2_000)).score,
            -2_000
        );
        // Two plies from it, the draw may end a child's line: what was
        // stored from another count is not trusted, and the search finds
        // what it finds without it.
        let near = at(limit - 2);
        let fresh = searched_with_children_stored(&near, 4, None);
        let stored = searched_with_children_stored(&near, 4, Some(2_000));
        assert_eq!((stored.best, stored.score), (fresh.best, fresh.score));
    }

    #[test]
    fn the_moves_made_are_in_the_key_where_a_side_outlasts_them() {
        let text = include_str!("../../assets/games/haretavl.game.ron")
            .replace("id: \"haretavl\"", "id: \"haretavl-outlasting-key\"")
            .replace("ends: [],", "ends: [OutlastsMoves(Hunters, 12)],");
        let outlasting = Game::new(Variant::new(
            GameId::load("haretavl-outlasting-key", text.as_bytes()).unwrap(),
        ));
        assert_ne!(root_key(&outlasting, [0, 0]), root_key(&outlasting, [3, 3]));
        // Elsewhere the key is the position's.
        let plain = Game::new(Variant::new(GameId::named("haretavl")));
        assert_eq!(root_key(&plain, [0, 0]), plain.position().hash);
    }
}
