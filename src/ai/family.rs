//! The computer for the hunt family's games: a general evaluation built
//! from the game file, and an alpha-beta search (iterative deepening, a
//! transposition table, captures first) with the levels' budgets and noise.
//!
//! The evaluation's terms, all from the hunters' side (positive: hunters
//! better), in hundredths of a piece:
//!
//! - **material against the goal**: each capture counts more the nearer it
//!   brings the hunters to the crowd count that wins ([`EndSpec::CrowdAtMost`]);
//! - **the hunters' room**: their moves, and a hunter with one move or none
//!   counted as nearly trapped (blockade progress, the crowd's aim wherever
//!   a blocked side loses);
//! - **crowd pieces the hunters can jump next** (seed 000's main term, in
//!   general form): each threatened piece, the more when it cannot be
//!   covered;
//! - **regions**: crowd pieces on a region to fill, and each side's distance
//!   to a region it wins by reaching.
//!
//! [`FamilyWeights`] holds the weights; a game file may carry its own.
//!
//! Master plays a game whose file says it is solved from the solution
//! ([`super::family_solve`]): the quickest win, the longest loss, and in a
//! drawn position the search's choice among the moves that keep the draw.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use web_time::Instant;

use super::family_solve::{self, FamilySolution, Solved};
use super::rng::SplitMix64;
use super::{Level, SearchLimits};
use crate::rules::Side;
use crate::rules::family::file::{Chain, EndSpec};
use crate::rules::family::{HuntGame, HuntMove, HuntMoveKind, HuntOutcome, HuntPosition, Ruleset};

/// A forced win is worth this, less the plies to it.
pub const FAMILY_WIN: i32 = 100_000;

/// The evaluation's weights, in hundredths of a piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FamilyWeights {
    /// A captured crowd piece, before the goal's factor.
    pub capture: i32,
    /// One hunter move (step or capture) more.
    pub hunter_move: i32,
    /// A hunter with one move left or none.
    pub hunter_trapped: i32,
    /// A crowd piece a hunter can jump now.
    pub threatened: i32,
    /// A crowd piece on a point of the region to fill.
    pub region_held: i32,
    /// One step nearer a region to reach.
    pub region_step: i32,
    /// Each line between a crowd piece and the hunter nearest it: the
    /// crowd closing in (the blockade's progress), counted for the
    /// hunters while the crowd stays away.
    pub crowd_distance: i32,
    /// Each crowd piece taken, in a drawn end: among draws, the hunters
    /// prefer the one that took more (0: every draw is worth the same).
    /// For a game whose crowd can always force a draw (Komikan), where a
    /// search that sees the draw otherwise takes no more pieces than a
    /// shallow one.
    pub drawn_capture: i32,
}

impl FamilyWeights {
    pub const DEFAULT: FamilyWeights = FamilyWeights {
        capture: 100,
        hunter_move: 6,
        hunter_trapped: 45,
        threatened: 30,
        region_held: 25,
        region_step: 40,
        crowd_distance: 4,
        drawn_capture: 0,
    };
}

impl crate::rules::family::file::WeightsSpec {
    /// `base` with the weights this file sets.
    fn apply(self, base: FamilyWeights) -> FamilyWeights {
        FamilyWeights {
            capture: self.capture.unwrap_or(base.capture),
            hunter_move: self.hunter_move.unwrap_or(base.hunter_move),
            hunter_trapped: self.hunter_trapped.unwrap_or(base.hunter_trapped),
            threatened: self.threatened.unwrap_or(base.threatened),
            region_held: self.region_held.unwrap_or(base.region_held),
            region_step: self.region_step.unwrap_or(base.region_step),
            crowd_distance: self.crowd_distance.unwrap_or(base.crowd_distance),
            drawn_capture: self.drawn_capture.unwrap_or(base.drawn_capture),
        }
    }
}

/// What the evaluation needs of a game, worked out once from its file.
struct Judge {
    weights: FamilyWeights,
    crowd_total: i32,
    /// Captures that win, if captures win.
    captures_to_win: Option<i32>,
    fill: Option<u64>,
    /// Per side: a region it wins by reaching, and every point's distance
    /// (in lines) to it.
    reach: [Option<Vec<i32>>; 2],
    /// `apart[p * n + q]`: lines between points `p` and `q` (capped).
    apart: Vec<u8>,
    points: usize,
}

impl Judge {
    fn new(rules: &Ruleset) -> Judge {
        let crowd_total = rules.crowd_total() as i32;
        let mut judge = Judge {
            weights: FamilyWeights::DEFAULT,
            crowd_total,
            captures_to_win: None,
            fill: None,
            reach: [None, None],
            apart: Vec::new(),
            points: rules.graph.nodes.len(),
        };
        if let crate::rules::family::file::EvaluationSpec::Family(w) =
            rules.file.computer.evaluation
        {
            judge.weights = w.apply(judge.weights);
        }
        for p in 0..judge.points as u8 {
            let dist = distances(rules, 1 << p);
            judge
                .apart
                .extend(dist.iter().map(|&d| d.clamp(0, 16) as u8));
        }
        for end in &rules.file.ends {
            match end {
                EndSpec::CrowdAtMost(k) => judge.captures_to_win = Some(crowd_total - *k as i32),
                EndSpec::CrowdFills(names) => judge.fill = rules.graph.set(names, "").ok(),
                EndSpec::Reaches(side, names) => {
                    if let Ok(region) = rules.graph.set(names, "") {
                        judge.reach[side.index()] = Some(distances(rules, region));
                    }
                }
                EndSpec::OutlastsMoves(..) | EndSpec::HuntersAtMost(_) => {}
            }
        }
        judge
    }

    /// Crowd pieces taken so far.
    fn captured(&self, pos: &HuntPosition) -> i32 {
        let crowd_now = pos.pieces[1].count_ones() as i32 + pos.in_hand[1] as i32;
        self.crowd_total - crowd_now
    }

    /// The position's value for the hunters.
    fn hunters_score(&self, rules: &Ruleset, pos: &HuntPosition) -> i32 {
        let w = &self.weights;
        let captured = self.captured(pos);
        let mut score = match self.captures_to_win {
            // Each capture weighs more as the goal comes near.
            Some(goal) if goal > 0 => captured * w.capture * (goal + captured) / goal,
            _ => captured * w.capture,
        };
        let empty = rules.graph.all() & !(pos.pieces[0] | pos.pieces[1]);
        let captures = rules.file.capture.chain != Chain::NoCapture;
        let mut threatened = 0u64;
        for h in bits(pos.pieces[0]) {
            let steps = (rules.graph.neighbours[h as usize] & empty).count_ones() as i32;
            let mut jumps = 0;
            if captures {
                for &(over, to) in &rules.graph.jumps[h as usize] {
                    if pos.pieces[1] & (1 << over) != 0 && empty & (1 << to) != 0 {
                        jumps += 1;
                        threatened |= 1 << over;
                    }
                }
            }
            let moves = steps + jumps;
            score += moves * w.hunter_move;
            if moves <= 1 {
                score -= w.hunter_trapped * (2 - moves);
            }
        }
        score += threatened.count_ones() as i32 * w.threatened;
        if w.crowd_distance != 0 && pos.pieces[0] != 0 {
            let n = self.points;
            let mut apart = 0;
            for c in bits(pos.pieces[1]) {
                let row = &self.apart[c as usize * n..(c as usize + 1) * n];
                apart += bits(pos.pieces[0])
                    .map(|h| row[h as usize] as i32)
                    .min()
                    .unwrap_or(0);
            }
            score += apart * w.crowd_distance;
        }
        if let Some(region) = self.fill {
            score -= (pos.pieces[1] & region).count_ones() as i32 * w.region_held;
        }
        for side in [Side::Hunters, Side::Crowd] {
            if let Some(dist) = &self.reach[side.index()] {
                let nearest = bits(pos.pieces[side.index()])
                    .map(|p| dist[p as usize])
                    .min()
                    .unwrap_or(16)
                    .min(16);
                let value = nearest * w.region_step;
                score += if side == Side::Hunters { -value } else { value };
            }
        }
        score
    }
}

/// Every point's distance along lines to the nearest point of `region`.
fn distances(rules: &Ruleset, region: u64) -> Vec<i32> {
    let n = rules.graph.nodes.len();
    let mut dist = vec![i32::MAX; n];
    let mut frontier: Vec<u8> = bits(region).collect();
    for &p in &frontier {
        dist[p as usize] = 0;
    }
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for p in frontier {
            for q in bits(rules.graph.neighbours[p as usize]) {
                if dist[q as usize] == i32::MAX {
                    dist[q as usize] = d;
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    dist
}

fn bits(set: u64) -> impl Iterator<Item = u8> {
    crate::rules::family::graph::bits(set)
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct FamilyResult {
    pub best: HuntMove,
    /// For the side to move, hundredths of a piece, or near
    /// [`FAMILY_WIN`] for a forced result.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<HuntMove>,
}

impl FamilyResult {
    /// Plies to a forced win (positive) or loss (negative), if the score
    /// is one.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score.abs() >= FAMILY_WIN - 1_000 {
            let plies = FAMILY_WIN - self.score.abs();
            Some(if self.score > 0 { plies } else { -plies })
        } else {
            None
        }
    }
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    depth: u8,
    score: i32,
    bound: Bound,
    best: Option<HuntMove>,
}

#[derive(Clone, Copy, PartialEq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One search of a family game.
pub struct FamilySearch {
    game: HuntGame,
    judge: Judge,
    limits: SearchLimits,
    noise: i32,
    seed: u64,
    nodes: u64,
    started: Instant,
    stopped: bool,
    /// Set from elsewhere to stop the search (a new game, a closed screen).
    stop: Option<Arc<AtomicBool>>,
    table: Vec<Option<Entry>>,
    /// Plays from the game's solution where it has one (Master).
    exact: bool,
    /// The only moves the root may play (the ones that keep a solved draw).
    root_only: Option<Vec<HuntMove>>,
}

const TABLE_SLOTS: usize = 1 << 16;

impl FamilySearch {
    /// A search with a level's budgets and noise.
    pub fn for_level(game: &HuntGame, level: Level, seed: u64) -> FamilySearch {
        FamilySearch::with_limits(game, level.limits(), level.randomness(), seed)
            .exact(Searcher::from(level).exact)
    }

    /// A search with explicit limits and evaluation noise (half-width, in
    /// hundredths of a piece).
    pub fn with_limits(game: &HuntGame, limits: SearchLimits, noise: i32, seed: u64) -> Self {
        FamilySearch {
            judge: Judge::new(&game.rules),
            game: game.clone(),
            limits,
            noise,
            seed,
            nodes: 0,
            started: Instant::now(),
            stopped: false,
            stop: None,
            table: vec![None; TABLE_SLOTS],
            exact: false,
            root_only: None,
        }
    }

    /// The same search, playing from the game's solution where the game
    /// file says it is solved.
    pub fn exact(mut self, exact: bool) -> Self {
        self.exact = exact;
        self
    }

    /// The same search, stopped early once `flag` is set: it then answers
    /// with the best move of its last whole iteration.
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Searches deeper and deeper until a limit; `None` when the game is
    /// over.
    pub fn run(&mut self) -> Option<FamilyResult> {
        if self.exact
            && let Some(solution) = family_solve::solution_for(&self.game.rules)
        {
            match self.solved_move(&solution) {
                SolvedMove::Decided(result) => return Some(result),
                SolvedMove::KeepDraw(moves) => self.root_only = Some(moves),
                SolvedMove::Unknown => {}
            }
        }
        let root_moves = match &self.root_only {
            Some(only) => only.clone(),
            None => self.game.legal_moves(),
        };
        let mut best = FamilyResult {
            best: *root_moves.first()?,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![root_moves[0]],
        };
        self.started = Instant::now();
        for depth in 1..=self.limits.max_depth.min(64) {
            let score = self.negamax(depth as i32, 0, -FAMILY_WIN - 1, FAMILY_WIN + 1);
            if self.stopped {
                break;
            }
            let pv = self.principal_variation(depth as usize);
            if let Some(&first) = pv.first() {
                best = FamilyResult {
                    best: first,
                    score,
                    depth,
                    nodes: self.nodes,
                    pv,
                };
            }
            if score.abs() >= FAMILY_WIN - 1_000 {
                break;
            }
        }
        best.nodes = self.nodes;
        Some(best)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.limits.max_nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(1024)
            && let Some(ms) = self.limits.time_ms
            && self.started.elapsed().as_millis() as u64 >= ms
        {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(1024)
            && self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The score for the side to move.
    fn evaluate(&self, pos: &HuntPosition) -> i32 {
        let hunters = self.judge.hunters_score(&self.game.rules, pos);
        let noise = if self.noise > 0 {
            let mut rng = SplitMix64::new(pos.hash ^ self.seed);
            rng.below(2 * self.noise as u64 + 1) as i32 - self.noise
        } else {
            0
        };
        let score = hunters + noise;
        if pos.side_to_move == Side::Hunters {
            score
        } else {
            -score
        }
    }

    fn outcome_score(&self, outcome: &HuntOutcome, pos: &HuntPosition, ply: i32) -> i32 {
        let to_move = pos.side_to_move;
        match outcome.winner {
            None => {
                let hunters = self.judge.captured(pos) * self.judge.weights.drawn_capture;
                if to_move == Side::Hunters {
                    hunters
                } else {
                    -hunters
                }
            }
            Some(w) if w == to_move => FAMILY_WIN - ply,
            Some(_) => -(FAMILY_WIN - ply),
        }
    }

    fn negamax(&mut self, depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let pos = *self.game.position();
        let mut moves = match self.game.moves_or_outcome() {
            Ok(moves) => moves,
            Err(outcome) => return self.outcome_score(&outcome, &pos, ply),
        };
        if depth <= 0 {
            return self.evaluate(&pos);
        }
        if ply == 0
            && let Some(only) = &self.root_only
        {
            moves.retain(|m| only.contains(m));
        }
        let slot = (pos.hash as usize) & (TABLE_SLOTS - 1);
        let mut hinted = None;
        if let Some(e) = self.table[slot]
            && e.key == pos.hash
        {
            hinted = e.best;
            if e.depth as i32 >= depth && ply > 0 {
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if usable {
                    return e.score;
                }
            }
        }
        // The table's move first, then captures (longest first), then the rest.
        moves.sort_by_key(|m| {
            let first = Some(*m) == hinted;
            let hops = if m.kind == HuntMoveKind::Jump {
                m.landings().len()
            } else {
                0
            };
            (!first, std::cmp::Reverse(hops))
        });
        let alpha_in = alpha;
        let mut best_score = -FAMILY_WIN - 1;
        let mut best_move = None;
        for mv in moves {
            self.game.play_unchecked(&mv);
            let score = -self.negamax(depth - 1, ply + 1, -beta, -alpha);
            self.game.undo();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= alpha_in {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Some(Entry {
            key: pos.hash,
            depth: depth as u8,
            score: best_score,
            bound,
            best: best_move,
        });
        best_score
    }

    /// What the solution says here: the move of a won or lost position
    /// (the quickest win, the longest loss), or the moves that keep a
    /// drawn one. A win the 100-turn quiet draw could cut short is left to
    /// the search.
    fn solved_move(&mut self, solution: &FamilySolution) -> SolvedMove {
        let pos = *self.game.position();
        let Some(here) = solution.value(&pos) else {
            return SolvedMove::Unknown;
        };
        let quiet_left = self
            .game
            .rules
            .file
            .draws
            .quiet_limit
            .map_or(u16::MAX, |l| l.saturating_sub(pos.quiet_plies));
        if matches!(here, Solved::Win(d) if d >= quiet_left) {
            return SolvedMove::Unknown;
        }
        // Each move with the value it leaves the opponent.
        let mut answers = Vec::new();
        for mv in self.game.legal_moves() {
            self.game.play_unchecked(&mv);
            let after = solution.value(self.game.position());
            self.game.undo();
            match after {
                Some(v) => answers.push((mv, v)),
                None => return SolvedMove::Unknown,
            }
        }
        let decided = |best: HuntMove, score: i32, plies: u16| {
            SolvedMove::Decided(FamilyResult {
                best,
                score,
                depth: u32::from(plies),
                nodes: 0,
                pv: vec![best],
            })
        };
        match here {
            Solved::Win(_) => answers
                .iter()
                .filter_map(|&(m, v)| match v {
                    Solved::Loss(k) => Some((k, m)),
                    _ => None,
                })
                .min_by_key(|&(k, _)| k)
                .map_or(SolvedMove::Unknown, |(k, m)| {
                    decided(m, FAMILY_WIN - i32::from(k) - 1, k + 1)
                }),
            Solved::Loss(_) => answers
                .iter()
                .filter_map(|&(m, v)| match v {
                    Solved::Win(k) => Some((k, m)),
                    _ => None,
                })
                .max_by_key(|&(k, _)| k)
                .map_or(SolvedMove::Unknown, |(k, m)| {
                    decided(m, -(FAMILY_WIN - i32::from(k) - 1), k + 1)
                }),
            Solved::Draw => {
                let keep: Vec<HuntMove> = answers
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

    /// The line the table holds from the root.
    fn principal_variation(&mut self, longest: usize) -> Vec<HuntMove> {
        let mut line = Vec::new();
        while line.len() < longest {
            let pos = *self.game.position();
            let slot = (pos.hash as usize) & (TABLE_SLOTS - 1);
            let Some(mv) = self.table[slot]
                .filter(|e| e.key == pos.hash)
                .and_then(|e| e.best)
            else {
                break;
            };
            if !self.game.legal_moves().contains(&mv) {
                break;
            }
            self.game.play_unchecked(&mv);
            line.push(mv);
        }
        for _ in 0..line.len() {
            self.game.undo();
        }
        line
    }
}

/// What a game's solution says at the root.
enum SolvedMove {
    /// A won or lost position's move.
    Decided(FamilyResult),
    /// A drawn position: the moves that keep the draw.
    KeepDraw(Vec<HuntMove>),
    /// No solution here (a position the solve did not reach, or a win the
    /// quiet draw could cut short).
    Unknown,
}

/// Each legal move at `game`'s position with its score for the mover: a
/// finished game's result, else a search of `depth` plies with no
/// randomness. In the legal moves' order.
pub fn scored_moves(game: &HuntGame, depth: u32) -> Vec<(HuntMove, i32)> {
    let mover = game.position().side_to_move;
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play_unchecked(&mv);
            let score = match child.outcome() {
                Some(o) if o.winner == Some(mover) => FAMILY_WIN,
                Some(o) if o.winner.is_some() => -FAMILY_WIN,
                Some(_) => 0,
                None => {
                    let s = FamilySearch::with_limits(&child, SearchLimits::depth(depth), 0, 0)
                        .run()
                        .map_or(0, |r| r.score);
                    if child.position().side_to_move == mover {
                        s
                    } else {
                        -s
                    }
                }
            };
            (mv, score)
        })
        .collect()
}

/// How one side searches in a game played out: its limits, the
/// half-width of its evaluation noise, and whether it plays a solved game
/// from the solution.
#[derive(Clone, Copy, Debug)]
pub struct Searcher {
    pub limits: SearchLimits,
    pub noise: i32,
    pub exact: bool,
}

impl From<Level> for Searcher {
    fn from(level: Level) -> Searcher {
        Searcher {
            limits: level.limits(),
            noise: level.randomness(),
            exact: level == Level::Master,
        }
    }
}

/// A game played out: the moves added, the outcome (`None` when the ply
/// cap came first), and per side the moves searched and the milliseconds
/// they took.
#[derive(Clone, Debug)]
pub struct PlayedOut {
    pub outcome: Option<HuntOutcome>,
    pub moves: Vec<HuntMove>,
    pub searched: [u32; 2],
    pub ms: [f64; 2],
}

/// Plays a whole game between two levels from the start.
pub fn play_out(
    rules: std::sync::Arc<Ruleset>,
    hunters: Level,
    crowd: Level,
    seed: u64,
    ply_cap: usize,
) -> PlayedOut {
    play_out_from(
        HuntGame::new(rules),
        [hunters.into(), crowd.into()],
        seed,
        ply_cap,
    )
}

/// Plays `game` on to its end (or `ply_cap` plies added), each side with
/// its searcher (`sides` indexed by [`Side::index`]).
pub fn play_out_from(
    mut game: HuntGame,
    sides: [Searcher; 2],
    seed: u64,
    ply_cap: usize,
) -> PlayedOut {
    let mut played = PlayedOut {
        outcome: None,
        moves: Vec::new(),
        searched: [0; 2],
        ms: [0.0; 2],
    };
    while played.moves.len() < ply_cap && game.outcome().is_none() {
        let side = game.position().side_to_move.index();
        let seed = seed
            .wrapping_add(played.moves.len() as u64)
            .wrapping_mul(0x9e37_79b9);
        let began = Instant::now();
        let Searcher {
            limits,
            noise,
            exact,
        } = sides[side];
        let Some(result) = FamilySearch::with_limits(&game, limits, noise, seed)
            .exact(exact)
            .run()
        else {
            break;
        };
        played.ms[side] += began.elapsed().as_secs_f64() * 1000.0;
        played.searched[side] += 1;
        game.play_unchecked(&result.best);
        played.moves.push(result.best);
    }
    played.outcome = game.outcome();
    played
}
