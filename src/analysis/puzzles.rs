//! Harvesting puzzles from games ([`Harvester`]): every position of a
//! game where exactly one move does what a goal asks, proven by the
//! strongest prover the game has (Bagh-Chal's table, the Fox and Geese
//! proof search, else a search's margin; see [`crate::coach::prove`]),
//! with the line that follows while each answer stays the only one.
//!
//! Offline work (minutes of searching); the game only reads the sets it
//! writes (`assets/puzzles/`).

use std::collections::HashSet;
use std::sync::Arc;

use crate::ai::fox_geese_proof::FoxGeeseSolver;
use crate::ai::{Search, SearchLimits, Tablebase};
use crate::coach::prove::{
    OnlyMove, Provers, check_puzzle, depth_to_find, exact_proof, margin_only_move, proof_only_move,
    table_only_move, table_reply,
};
use crate::coach::puzzle::{Goal, PUZZLES_VERSION, Proof, Puzzle, PuzzleSet};
use crate::rules::{Game, Move, Variant};

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

/// Collects puzzles from games of one variant.
pub struct Harvester {
    variant: Variant,
    spec: HarvestSpec,
    table: Option<Arc<Tablebase>>,
    /// Fox and Geese without sideways steps: the proof search.
    solver: Option<Box<FoxGeeseSolver>>,
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
    /// margin (the fox has many winning moves nearly everywhere); Pirates'
    /// and Asalto's by a search's margin.
    pub fn new(
        variant: Variant,
        table: Option<Arc<Tablebase>>,
        spec: HarvestSpec,
    ) -> Result<Harvester, String> {
        let margin = Proof::SearchMargin {
            depth: spec.margin_depth,
            margin: spec.margin,
        };
        let mut solver = None;
        let proofs = match variant.game.plug_in() {
            Some("bagh-chal") => {
                table
                    .as_ref()
                    .ok_or("Bagh-Chal puzzles need the sliding-phase table")?;
                vec![Proof::Table]
            }
            Some("fox-geese") if variant.option("sideways") != Some("on") => {
                let s = FoxGeeseSolver::new(variant, spec.proof_nodes, 20)
                    .map_err(|e| e.to_string())?;
                solver = Some(Box::new(s));
                vec![Proof::ProofSearch, margin]
            }
            _ => vec![margin],
        };
        Ok(Harvester {
            variant,
            spec,
            table,
            solver,
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
            if replay.legal_moves().len() > 1 {
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
            Proof::SearchMargin { depth, margin } => margin_only_move(game, depth, margin),
        }
    }

    /// The opponent's reply along a line: the table's best, else the
    /// search's (a proven win holds against every reply anyway).
    fn reply(&self, proof: Proof, game: &Game) -> Option<Move> {
        if let (Proof::Table, Some(table)) = (proof, &self.table) {
            return table_reply(table, game);
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
        let position = game.position_string();
        if !self.seen.insert(position.clone()) {
            return None;
        }
        let game = Game::from_position(*game.variant(), *game.position());
        for &proof in proofs {
            let Some(first) = self.only_move(proof, &game) else {
                continue;
            };
            let line = self.line_from(proof, &game, first.mv);
            let (goal, win_in) = match proof {
                Proof::SearchMargin { .. } => self.searched_goal(first.goal, first.win_in),
                _ => (first.goal, first.win_in),
            };
            let puzzle = Puzzle {
                position,
                line: line.iter().map(|m| game.move_text(m)).collect(),
                goal,
                proof,
                depth: depth_to_find(&game, first.mv),
                win_in,
            };
            let provers = Provers {
                table: self.table.as_deref(),
                proof_nodes: self.spec.proof_nodes,
            };
            return check_puzzle(&puzzle, &provers).ok().map(|()| puzzle);
        }
        None
    }

    /// The line from `game` after `first`: the best reply, then the
    /// solver's only move by the same proof, while there is one, up to the
    /// spec's answers.
    fn line_from(&mut self, proof: Proof, game: &Game, first: Move) -> Vec<Move> {
        let mut game = game.clone();
        let mut line = vec![first];
        game.play_unchecked(&first);
        let mut answers = 1;
        while answers < self.spec.max_answers && !game.is_over() {
            let Some(reply) = self.reply(proof, &game) else {
                break;
            };
            let mut next = game.clone();
            next.play_unchecked(&reply);
            if next.is_over() {
                break;
            }
            let Some(answer) = self.only_move(proof, &next) else {
                break;
            };
            line.extend([reply, answer.mv]);
            next.play_unchecked(&answer.mv);
            game = next;
            answers += 1;
        }
        line
    }

    /// The set: at most `most` puzzles, taken in turn from each
    /// difficulty (so the easy ones, the most common, do not crowd out the
    /// rest), proven ones before searched ones, then ordered easiest
    /// first.
    /// Puzzles proven by a search's margin are kept only when a search
    /// [`DEEPER_BY`] plies deeper still chooses the answer (a margin seen
    /// at one depth that a deeper search overturns proves little).
    pub fn into_set(mut self, most: usize) -> PuzzleSet {
        let deeper = self.spec.margin_depth + DEEPER_BY;
        self.found.retain(|p| match p.proof {
            Proof::SearchMargin { .. } => deeper_search_agrees(p, deeper),
            _ => true,
        });
        // The proven puzzles first, then the searched ones, each in turn
        // from each difficulty.
        let (proven, searched): (Vec<Puzzle>, Vec<Puzzle>) = self
            .found
            .into_iter()
            .partition(|p| !matches!(p.proof, Proof::SearchMargin { .. }));
        let mut puzzles = Vec::new();
        for mut group in [proven, searched] {
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
