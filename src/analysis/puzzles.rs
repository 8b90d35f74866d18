//! Harvesting puzzles ([`Harvester`]): every position of a game where
//! exactly one move does what a goal asks, proven by the strongest prover
//! the game has (Bagh-Chal's table, the Fox and Geese proof search, a
//! small game's backward solve, else a search's margin; see
//! [`crate::coach::prove`]), with the line that follows while each answer
//! stays the only one. The positions come from games played or recorded
//! ([`Harvester::harvest_game`]), or, in a game solved backwards, from
//! every position its start reaches ([`Harvester::harvest_solved`]).
//!
//! Offline work (minutes of searching); the game only reads the sets it
//! writes (`assets/puzzles/`).

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

use crate::ai::fox_geese_proof::FoxGeeseSolver;
use crate::ai::solve::Solution;
use crate::ai::{Search, SearchLimits, Tablebase};
use crate::coach::prove::{
    OnlyMove, Provers, check_puzzle, depth_to_find, exact_proof, margin_only_move, proof_only_move,
    solution_of, solved_only_move, solved_reply, table_only_move, table_reply,
};
use crate::coach::puzzle::{Goal, PUZZLES_VERSION, Proof, Puzzle, PuzzleSet};
use crate::rules::{Game, Move, Position, Variant};

/// How hard the harvest looks.
#[derive(Clone, Copy, Debug)]
pub struct HarvestSpec {
    /// Pirates and Asalto: the search's depth and the margin (hundredths
    /// of a piece) by which the answer must beat every other move.
    pub margin_depth: u32,
    pub margin: i32,
    /// Fox and Geese: positions each proof may visit; a puzzle whose
    /// check needs more is left out (the tests check every one again).
    pub proof_nodes: u64,
    /// Most answers in a line.
    pub max_answers: usize,
}

impl HarvestSpec {
    pub const DEFAULT: HarvestSpec = HarvestSpec {
        margin_depth: 8,
        margin: 150,
        proof_nodes: 200_000,
        max_answers: 4,
    };
}

/// How much deeper than its margin's search a margin puzzle's answer is
/// checked.
const DEEPER_BY: u32 = 4;

/// True when a plain search of `depth` plies from the puzzle's position
/// chooses its first answer.
fn deeper_search_agrees(p: &Puzzle, depth: u32) -> bool {
    let Ok(game) = p.game() else {
        return false;
    };
    Search::with_limits(&game, SearchLimits::depth(depth), 0)
        .run_to_end()
        .is_some_and(|r| Some(game.move_text(&r.best)) == p.line.first().cloned())
}

/// The depth of a puzzle's first answer ([`depth_to_find`]).
fn measured_depth(p: &Puzzle) -> u32 {
    let answer = p.game().ok().and_then(|g| {
        let mv = g.parse_move(p.line.first()?).ok()?;
        Some(depth_to_find(&g, mv))
    });
    answer.unwrap_or(Puzzle::BEYOND)
}

/// The part of a position a backward solve tells apart (the pieces, the
/// hands, the side to move, the moves made where they count): the
/// counters of quiet plies and ground, and the hash, set to 0.
fn solve_key(p: &Position) -> Position {
    Position {
        quiet_plies: 0,
        ground_to_gain: 0,
        hash: 0,
        ..*p
    }
}

/// Most puzzles of a solved game measured for their depth, per puzzle the
/// set keeps: the harvest keeps this many, spread over the distances to
/// the end, before it measures them.
const MEASURED_PER_KEPT: usize = 2;

/// At most `most` of `found`, spread evenly over its order.
fn spread(found: Vec<Puzzle>, most: usize) -> Vec<Puzzle> {
    if found.len() <= most {
        return found;
    }
    let step = found.len() as f64 / most as f64;
    (0..most)
        .map(|i| found[(i as f64 * step) as usize].clone())
        .collect()
}

/// Collects puzzles from games of one variant.
pub struct Harvester {
    variant: Variant,
    spec: HarvestSpec,
    table: Option<Arc<Tablebase>>,
    /// Fox and Geese without sideways steps: the proof search.
    solver: Option<Box<FoxGeeseSolver>>,
    /// A game whose file says it is solved: its backward solve.
    solution: Option<Arc<Solution>>,
    /// The proofs tried at each position, strongest first.
    proofs: Vec<Proof>,
    seen: HashSet<String>,
    found: Vec<Puzzle>,
    /// Set when the proof search ran out of its budget.
    proof_gave_up: bool,
    /// Positions looked at, for the report.
    pub positions: u64,
}

impl Harvester {
    /// A harvester for `variant`. Bagh-Chal's puzzles are proven by the
    /// table (which it needs); Fox and Geese's by the proof search (without
    /// sideways steps), and where that finds no only move, by a search's
    /// margin (the fox has many winning moves nearly everywhere); a game
    /// whose file says it is solved by its backward solve; the others by a
    /// search's margin.
    pub fn new(
        variant: Variant,
        table: Option<Arc<Tablebase>>,
        spec: HarvestSpec,
    ) -> Result<Harvester, String> {
        let margin = Proof::SearchMargin {
            depth: spec.margin_depth,
            margin: spec.margin,
        };
        let (mut solver, mut solution) = (None, None);
        let proofs = match exact_proof(&variant) {
            Some(Proof::Table) => {
                table
                    .as_ref()
                    .ok_or("Bagh-Chal puzzles need the sliding-phase table")?;
                vec![Proof::Table]
            }
            Some(Proof::ProofSearch) => {
                let s = FoxGeeseSolver::new(variant, spec.proof_nodes, 20)
                    .map_err(|e| e.to_string())?;
                solver = Some(Box::new(s));
                vec![Proof::ProofSearch, margin]
            }
            Some(Proof::Solved) => {
                solution = Some(solution_of(&variant)?);
                vec![Proof::Solved]
            }
            _ => vec![margin],
        };
        Ok(Harvester {
            variant,
            spec,
            table,
            solver,
            solution,
            proofs,
            seen: HashSet::new(),
            found: Vec::new(),
            proof_gave_up: false,
            positions: 0,
        })
    }

    /// Starts from the puzzles of `set` (an earlier harvest), as found;
    /// a searched win in a game with an exact proof is proven by it when
    /// it can be (the whole line), else relabelled as
    /// [`Harvester::searched_goal`] says.
    pub fn keep(&mut self, set: PuzzleSet) {
        for mut p in set.puzzles {
            if !self.seen.insert(p.position.clone()) {
                continue;
            }
            if let (Proof::SearchMargin { .. }, Goal::Win) = (p.proof, p.goal) {
                let proven = self.proven_by_exact(&p);
                p = proven.unwrap_or_else(|| {
                    let (goal, win_in) = self.searched_goal(p.goal, p.win_in);
                    Puzzle { goal, win_in, ..p }
                });
            }
            self.found.push(p);
        }
    }

    /// `p` proven by the game's exact proof instead of its search, if
    /// that proof checks its whole line.
    fn proven_by_exact(&self, p: &Puzzle) -> Option<Puzzle> {
        let proof = exact_proof(p.game().ok()?.variant())?;
        let proven = Puzzle {
            proof,
            win_in: None,
            ..p.clone()
        };
        let provers = Provers {
            table: self.table.as_deref(),
            proof_nodes: self.spec.proof_nodes,
        };
        check_puzzle(&proven, &provers).ok().map(|()| proven)
    }

    /// A search's goal as a puzzle may claim it: in a game with an exact
    /// proof, a win the search sees (within its horizon, with no other
    /// move seen to win there) is not claimed as the only win, since the
    /// proof found several or could not settle it; it is the best move.
    fn searched_goal(&self, goal: Goal, win_in: Option<u32>) -> (Goal, Option<u32>) {
        match goal {
            Goal::Win if exact_proof(&self.variant).is_some() => (Goal::BestMove, None),
            _ => (goal, win_in),
        }
    }

    /// Puzzles found so far.
    pub fn found(&self) -> usize {
        self.found.len()
    }

    /// Looks at the positions of `game` for puzzles, from its end back
    /// to its start: the proof search's late proofs fill its table for
    /// the earlier ones, and once one position is beyond its budget the
    /// earlier ones are too (only the other proofs are tried there).
    pub fn harvest_game(&mut self, game: &Game) {
        let mut replay = game.clone();
        let mut proofs = self.proofs.clone();
        while replay.undo().is_some() {
            // Round one of a two-round match is left out: what the search
            // calls a win there ends the round, not the match.
            let round_one = replay.rules().two_rounds().is_some() && replay.round() == 1;
            if !round_one && replay.legal_moves().len() > 1 {
                self.positions += 1;
                if let Some(p) = self.puzzle_at(&replay, &proofs) {
                    self.found.push(p);
                }
                if proofs.contains(&Proof::ProofSearch) {
                    self.harvest_off_line(&replay);
                }
                if std::mem::take(&mut self.proof_gave_up) {
                    proofs.retain(|p| *p != Proof::ProofSearch);
                }
            }
        }
    }

    /// Looks at every position the start of a solved game reaches
    /// (breadth first, each by the first path to it, as the solve tells
    /// positions apart) for puzzles the solve proves; about `most` times
    /// [`MEASURED_PER_KEPT`] of them, spread over the distances to the end
    /// and the order they were found in, are measured for depth and kept
    /// for [`Harvester::into_set`]. Nothing for a game that is not solved.
    pub fn harvest_solved(&mut self, most: usize) {
        if self.solution.is_none() {
            return;
        }
        let variant = self.variant;
        // Positions with a puzzle already (kept from an earlier set) by
        // the solve's key: another count of quiet plies is the same puzzle.
        let had: HashSet<Position> = (self.found.iter())
            .filter_map(|p| Some(solve_key(p.game().ok()?.position())))
            .collect();
        let start = *Game::new(variant).position();
        let mut seen = HashSet::from([solve_key(&start)]);
        let mut queue = VecDeque::from([start]);
        let mut found = Vec::new();
        while let Some(pos) = queue.pop_front() {
            let game = Game::from_position(variant, pos);
            if game.is_over() {
                continue;
            }
            let moves = game.legal_moves();
            if moves.len() > 1 && !had.contains(&solve_key(&pos)) {
                self.positions += 1;
                found.extend(self.proven_at(&game, &[Proof::Solved]));
            }
            for mv in moves {
                let next = game.rules().apply(&pos, &mv).0;
                if seen.insert(solve_key(&next)) {
                    queue.push_back(next);
                }
            }
        }
        // Stable: in the order found within each distance.
        found.sort_by_key(|p| p.win_in.unwrap_or(u32::MAX));
        for mut p in spread(found, most * MEASURED_PER_KEPT) {
            p.depth = measured_depth(&p);
            self.found.push(p);
        }
    }

    /// The positions one move off the game's line from `game` (each other
    /// move the side to move had), by the proof search alone: where the
    /// side to move errs, the other side's one winning answer is a
    /// puzzle, and in games that are won early (Fox and Geese) the line
    /// itself seldom has one.
    fn harvest_off_line(&mut self, game: &Game) {
        for mv in game.legal_moves() {
            let mut next = game.clone();
            next.play_unchecked(&mv);
            if next.is_over() || next.legal_moves().len() < 2 {
                continue;
            }
            self.positions += 1;
            if let Some(p) = self.puzzle_at(&next, &[Proof::ProofSearch]) {
                self.found.push(p);
            }
        }
    }

    /// The only move here by `proof`, if there is one (none when the
    /// proof search runs out of its budget, which it notes).
    fn only_move(&mut self, proof: Proof, game: &Game) -> Option<OnlyMove> {
        match proof {
            Proof::Table => table_only_move(self.table.as_ref()?, game),
            Proof::ProofSearch => {
                let solver = self.solver.as_mut()?;
                solver.allow_more_nodes(self.spec.proof_nodes);
                let only = proof_only_move(solver, game);
                self.proof_gave_up |= only.is_err();
                only.ok().flatten()
            }
            Proof::Solved => solved_only_move(self.solution.as_ref()?, game),
            Proof::SearchMargin { depth, margin } => margin_only_move(game, depth, margin),
        }
    }

    /// The opponent's reply along a line: the table's or the solve's best,
    /// else the search's (a proven win holds against every reply anyway).
    fn reply(&self, proof: Proof, game: &Game) -> Option<Move> {
        match (proof, &self.table, &self.solution) {
            (Proof::Table, Some(table), _) => return table_reply(table, game),
            (Proof::Solved, _, Some(solution)) => return solved_reply(solution, game),
            _ => {}
        }
        let depth = match proof {
            Proof::SearchMargin { depth, .. } => depth,
            _ => self.spec.margin_depth,
        };
        Search::with_limits(game, SearchLimits::depth(depth), 0)
            .run_to_end()
            .map(|r| r.best)
    }

    /// The puzzle at `game`'s position by the first of `proofs` that finds
    /// an only move, if the position is new and the proof checks within
    /// the budget. A puzzle starts from its position alone (no history:
    /// every move the rules allow there is legal), so it is judged from
    /// there.
    fn puzzle_at(&mut self, game: &Game, proofs: &[Proof]) -> Option<Puzzle> {
        let mut puzzle = self.proven_at(game, proofs)?;
        puzzle.depth = measured_depth(&puzzle);
        Some(puzzle)
    }

    /// [`Harvester::puzzle_at`] without its depth (0), which takes a search
    /// at each depth in turn to measure.
    fn proven_at(&mut self, game: &Game, proofs: &[Proof]) -> Option<Puzzle> {
        let position = game.position_string();
        if !self.seen.insert(position.clone()) {
            return None;
        }
        let game = Game::from_position(*game.variant(), *game.position());
        for &proof in proofs {
            let Some(first) = self.only_move(proof, &game) else {
                continue;
            };
            let line = self.line_from(proof, &game, first);
            let (goal, win_in) = match proof {
                Proof::SearchMargin { .. } => self.searched_goal(first.goal, first.win_in),
                _ => (first.goal, first.win_in),
            };
            let puzzle = Puzzle {
                position,
                line: line.iter().map(|m| game.move_text(m)).collect(),
                goal,
                proof,
                depth: 0,
                win_in,
                former_id: None,
            };
            return self.checks(&puzzle).then_some(puzzle);
        }
        None
    }

    /// Whether `puzzle` stands by its proof, within the spec's budget.
    fn checks(&self, puzzle: &Puzzle) -> bool {
        let provers = Provers {
            table: self.table.as_deref(),
            proof_nodes: self.spec.proof_nodes,
        };
        check_puzzle(puzzle, &provers).is_ok()
    }

    /// The line from `game` after `first`: the best reply, then the
    /// solver's only move by the same proof, while there is one (with the
    /// same goal, for the solve), up to the spec's answers. The line stops
    /// where a side would move twice in a row.
    fn line_from(&mut self, proof: Proof, game: &Game, first: OnlyMove) -> Vec<Move> {
        let solver = game.side_to_move();
        let mut game = game.clone();
        let mut line = vec![first.mv];
        game.play_unchecked(&first.mv);
        let mut answers = 1;
        while answers < self.spec.max_answers && !game.is_over() && game.side_to_move() != solver {
            let Some(reply) = self.reply(proof, &game) else {
                break;
            };
            let mut next = game.clone();
            next.play_unchecked(&reply);
            if next.is_over() || next.side_to_move() != solver {
                break;
            }
            let Some(answer) = self.only_move(proof, &next) else {
                break;
            };
            if proof == Proof::Solved && answer.goal != first.goal {
                break;
            }
            line.extend([reply, answer.mv]);
            next.play_unchecked(&answer.mv);
            game = next;
            answers += 1;
        }
        line
    }

    /// The set: at most `most` puzzles, ordered easiest first. Those
    /// converted from an earlier format come first (the player may have
    /// solved them), then the proven ones, then the searched ones, each
    /// group taken in turn from each difficulty (so the easy ones, the
    /// most common, do not crowd out the rest).
    /// Puzzles proven by a search's margin are kept only when a search
    /// [`DEEPER_BY`] plies deeper than theirs still chooses the answer (a
    /// margin seen at one depth that a deeper search overturns proves
    /// little).
    pub fn into_set(mut self, most: usize) -> PuzzleSet {
        self.found.retain(|p| match p.proof {
            Proof::SearchMargin { depth, .. } => deeper_search_agrees(p, depth + DEEPER_BY),
            _ => true,
        });
        let (former, found): (Vec<Puzzle>, Vec<Puzzle>) =
            (self.found.into_iter()).partition(|p| p.former_id.is_some());
        let (proven, searched): (Vec<Puzzle>, Vec<Puzzle>) = found
            .into_iter()
            .partition(|p| !matches!(p.proof, Proof::SearchMargin { .. }));
        let mut puzzles = Vec::new();
        for mut group in [former, proven, searched] {
            group.sort_by(|a, b| (a.depth, &a.position).cmp(&(b.depth, &b.position)));
            take_by_difficulty(group, most, &mut puzzles);
        }
        puzzles.sort_by(|a, b| (a.depth, &a.position).cmp(&(b.depth, &b.position)));
        PuzzleSet {
            version: PUZZLES_VERSION,
            game: self.variant.game,
            puzzles,
        }
    }
}

/// Moves puzzles of `found` (sorted easiest first) to `into` until it
/// holds `most`, taking in turn from each difficulty, the easiest of each
/// first (so the easy ones, the most common, do not crowd out the rest).
fn take_by_difficulty(found: Vec<Puzzle>, most: usize, into: &mut Vec<Puzzle>) {
    let mut by_difficulty: Vec<Vec<Puzzle>> = vec![Vec::new(); 5];
    for p in found.into_iter().rev() {
        by_difficulty[p.difficulty() as usize - 1].push(p);
    }
    while into.len() < most && by_difficulty.iter().any(|d| !d.is_empty()) {
        for group in by_difficulty.iter_mut() {
            if into.len() < most
                && let Some(p) = group.pop()
            {
                into.push(p);
            }
        }
    }
}
