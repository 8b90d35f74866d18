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
    OnlyMove, Provers, check_puzzle, depth_to_find, margin_only_move, proof_only_move,
    table_only_move, table_reply,
};
use crate::coach::puzzle::{PUZZLES_VERSION, Proof, Puzzle, PuzzleSet};
use crate::rules::{Game, GameKind, Move, Variant};

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

/// The prover ran out of its budget.
struct GaveUp;

/// Which prover a game's puzzles are proven by.
enum Prover {
    Table(Arc<Tablebase>),
    Proof(Box<FoxGeeseSolver>),
    Margin { depth: u32, margin: i32 },
}

/// Collects puzzles from games of one variant.
pub struct Harvester {
    variant: Variant,
    spec: HarvestSpec,
    prover: Prover,
    table: Option<Arc<Tablebase>>,
    seen: HashSet<String>,
    found: Vec<Puzzle>,
    /// Positions looked at, for the report.
    pub positions: u64,
}

impl Harvester {
    /// A harvester for `variant`: the table's proofs for Bagh-Chal (which
    /// needs `table`), the proof search's for Fox and Geese without
    /// sideways steps, a search's margin for the rest.
    pub fn new(
        variant: Variant,
        table: Option<Arc<Tablebase>>,
        spec: HarvestSpec,
    ) -> Result<Harvester, String> {
        let prover = match variant.kind {
            GameKind::BaghChal => Prover::Table(
                table
                    .clone()
                    .ok_or("Bagh-Chal puzzles need the sliding-phase table")?,
            ),
            GameKind::FoxGeese if !variant.options.sideways => Prover::Proof(Box::new(
                FoxGeeseSolver::new(variant, spec.proof_nodes, 20).map_err(|e| e.to_string())?,
            )),
            _ => Prover::Margin {
                depth: spec.margin_depth,
                margin: spec.margin,
            },
        };
        Ok(Harvester {
            variant,
            spec,
            prover,
            table,
            seen: HashSet::new(),
            found: Vec::new(),
            positions: 0,
        })
    }

    /// Puzzles found so far.
    pub fn found(&self) -> usize {
        self.found.len()
    }

    /// Looks at the positions of `game` for puzzles, from its end back
    /// to its start: the proof search's late proofs fill its table for
    /// the earlier ones, and where one position is beyond its budget the
    /// earlier ones are too (it stops there).
    pub fn harvest_game(&mut self, game: &Game) {
        let mut replay = game.clone();
        while replay.undo().is_some() {
            if replay.legal_moves().len() > 1 {
                self.positions += 1;
                match self.puzzle_at(&replay) {
                    Ok(Some(p)) => self.found.push(p),
                    Ok(None) => {}
                    Err(GaveUp) => return,
                }
            }
        }
    }

    fn proof(&self) -> Proof {
        match &self.prover {
            Prover::Table(_) => Proof::Table,
            Prover::Proof(_) => Proof::ProofSearch,
            Prover::Margin { depth, margin } => Proof::SearchMargin {
                depth: *depth,
                margin: *margin,
            },
        }
    }

    /// The only move here by the prover, if there is one.
    fn only_move(&mut self, game: &Game) -> Result<Option<OnlyMove>, GaveUp> {
        Ok(match &mut self.prover {
            Prover::Table(table) => table_only_move(table, game),
            Prover::Proof(solver) => {
                solver.allow_more_nodes(self.spec.proof_nodes);
                proof_only_move(solver, game).map_err(|_| GaveUp)?
            }
            Prover::Margin { depth, margin } => margin_only_move(game, *depth, *margin),
        })
    }

    /// The opponent's reply along a line: the table's best, else the
    /// search's (every reply loses to a proven win anyway).
    fn reply(&self, game: &Game) -> Option<Move> {
        if let Prover::Table(table) = &self.prover {
            return table_reply(table, game);
        }
        let depth = match &self.prover {
            Prover::Margin { depth, .. } => *depth,
            _ => 8,
        };
        Search::with_limits(game, SearchLimits::depth(depth), 0)
            .run_to_end()
            .map(|r| r.best)
    }

    /// The puzzle at `game`'s position, if it is one, is new, and its
    /// proof checks within the budget.
    /// A puzzle starts from its position alone (no history: every move
    /// the rules allow there is legal), so it is judged from there.
    fn puzzle_at(&mut self, game: &Game) -> Result<Option<Puzzle>, GaveUp> {
        let position = game.position_string();
        if self.seen.contains(&position) {
            return Ok(None);
        }
        self.seen.insert(position.clone());
        let game = Game::from_position(*game.variant(), *game.position());
        let Some(first) = self.only_move(&game)? else {
            return Ok(None);
        };
        let line = self.line_from(&game, first.mv);
        let puzzle = Puzzle {
            position,
            line: line.iter().map(Move::to_string).collect(),
            goal: first.goal,
            proof: self.proof(),
            depth: depth_to_find(&game, first.mv),
            win_in: first.win_in,
        };
        let provers = Provers {
            table: self.table.as_deref(),
            proof_nodes: self.spec.proof_nodes,
        };
        Ok(check_puzzle(&puzzle, &provers).ok().map(|()| puzzle))
    }

    /// The line from `game` after `first`: the best reply, then the
    /// solver's only move, while there is one, up to the spec's answers.
    fn line_from(&mut self, game: &Game, first: Move) -> Vec<Move> {
        let mut game = game.clone();
        let mut line = vec![first];
        game.play_unchecked(&first);
        let mut answers = 1;
        while answers < self.spec.max_answers && !game.is_over() {
            let Some(reply) = self.reply(&game) else {
                break;
            };
            let mut next = game.clone();
            next.play_unchecked(&reply);
            if next.is_over() {
                break;
            }
            let Ok(Some(answer)) = self.only_move(&next) else {
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
    /// rest), then ordered easiest first.
    pub fn into_set(mut self, most: usize) -> PuzzleSet {
        self.found
            .sort_by(|a, b| (a.depth, &a.position).cmp(&(b.depth, &b.position)));
        let mut by_difficulty: Vec<Vec<Puzzle>> = vec![Vec::new(); 5];
        for p in self.found.into_iter().rev() {
            by_difficulty[p.difficulty() as usize - 1].push(p);
        }
        let mut puzzles = Vec::new();
        while puzzles.len() < most && by_difficulty.iter().any(|d| !d.is_empty()) {
            for group in by_difficulty.iter_mut() {
                if puzzles.len() < most
                    && let Some(p) = group.pop()
                {
                    puzzles.push(p);
                }
            }
        }
        puzzles.sort_by(|a, b| (a.depth, &a.position).cmp(&(b.depth, &b.position)));
        PuzzleSet {
            version: PUZZLES_VERSION,
            game: self.variant.kind,
            puzzles,
        }
    }
}
