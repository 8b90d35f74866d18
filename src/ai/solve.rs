//! A proof search for Fox and Geese without sideways steps: which side wins
//! with perfect play, from any position.
//!
//! With sideways steps off every goose move climbs a rank, so no position
//! can recur and every game ends (RULES.md, Fox and Geese: no draw is
//! possible); the game is a finite tree and each position is won by one
//! side. The search is a depth-first AND/OR proof: the fox's positions
//! are won for the fox if some move wins, the geese's if every move does.
//! Proven positions go into a table keyed exactly (geese, fox point, side
//! to move fit in one word), so transpositions are proven once.

use crate::rules::board::CELLS;
use crate::rules::{GameKind, Move, Position, Rules, Side, Variant};

/// Who wins a position with perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Winner {
    Fox,
    Geese,
}

/// Why a proof could not be given.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolveError {
    /// Only Fox and Geese with sideways steps off is a finite tree.
    NotSolvable(String),
    /// The node budget ran out first.
    OutOfNodes { nodes: u64 },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::NotSolvable(why) => f.write_str(why),
            SolveError::OutOfNodes { nodes } => {
                write!(f, "no proof within the node budget ({nodes} nodes)")
            }
        }
    }
}

/// Proven positions, in a fixed-size table that forgets: a slot holds the
/// exact key (so a hit is never wrong), the result and how much work the
/// proof took; of the two slots of a bucket, one keeps the costliest
/// proof and the other the latest.
struct ProofTable {
    slots: Vec<u64>,
    mask: usize,
    stored: u64,
}

const RESULT_BIT: u64 = 1 << 57;
const KEY_BITS: u64 = RESULT_BIT - 1;

impl ProofTable {
    fn new(bits: u32) -> ProofTable {
        ProofTable {
            slots: vec![0; 2 << bits],
            mask: (1 << bits) - 1,
            stored: 0,
        }
    }
    fn bucket(&self, key: u64) -> usize {
        2 * ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask)
    }
    fn get(&self, key: u64) -> Option<bool> {
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .find(|&&e| e != 0 && e & KEY_BITS == key)
            .map(|&e| e & RESULT_BIT != 0)
    }
    fn put(&mut self, key: u64, fox_wins: bool, work: u64) {
        let b = self.bucket(key);
        let weight = (64 - work.leading_zeros() as u64).min(63);
        let entry = key | if fox_wins { RESULT_BIT } else { 0 } | weight << 58;
        self.stored += 1;
        if self.slots[b] >> 58 <= weight {
            self.slots[b] = entry;
        } else {
            self.slots[b + 1] = entry;
        }
    }
}

/// The proof search and its table of proven positions.
pub struct FoxGeeseSolver {
    rules: Rules,
    /// Per point: the points from which a goose could ever get there
    /// (itself included), whatever stands in the way.
    cone: [u64; CELLS],
    proven: ProofTable,
    nodes: u64,
    node_budget: u64,
    /// Move lists per ply, reused.
    buffers: Vec<Vec<Move>>,
    /// Called every 2^24 nodes with the count so far.
    progress: Option<Box<dyn FnMut(u64)>>,
    /// The shortcuts of [`FoxGeeseSolver::settled`] beyond the rules' own
    /// ends (off only to check them).
    shortcuts: bool,
}

impl FoxGeeseSolver {
    /// A solver for `variant`, which must be Fox and Geese without
    /// sideways steps, with a table of `2^(table_bits + 1)` words.
    pub fn new(
        variant: Variant,
        node_budget: u64,
        table_bits: u32,
    ) -> Result<FoxGeeseSolver, SolveError> {
        if variant.kind != GameKind::FoxGeese {
            return Err(SolveError::NotSolvable(format!(
                "the proof search is for Fox and Geese, not {}",
                variant.kind
            )));
        }
        if variant.options.sideways {
            return Err(SolveError::NotSolvable(
                "with sideways steps positions can recur: the proof search needs sideways=off"
                    .into(),
            ));
        }
        let rules = Rules::new(variant);
        let cone = goose_cones(&rules);
        Ok(FoxGeeseSolver {
            cone,
            rules,
            proven: ProofTable::new(table_bits.clamp(4, 32)),
            nodes: 0,
            node_budget,
            buffers: Vec::new(),
            progress: None,
            shortcuts: true,
        })
    }

    /// Reports the node count every 16 M nodes (long proofs).
    pub fn on_progress(&mut self, report: Box<dyn FnMut(u64)>) {
        self.progress = Some(report);
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
    /// Proofs written to the table (some since overwritten).
    pub fn table_size(&self) -> u64 {
        self.proven.stored
    }

    /// Who wins `pos` with perfect play (the game must not be over by a
    /// draw rule, which cannot happen without sideways steps).
    pub fn solve(&mut self, pos: &Position) -> Result<Winner, SolveError> {
        match self.fox_wins(pos, 0) {
            Some(true) => Ok(Winner::Fox),
            Some(false) => Ok(Winner::Geese),
            None => Err(SolveError::OutOfNodes { nodes: self.nodes }),
        }
    }

    /// The winning moves of the side to move in `pos` (none when it loses).
    pub fn winning_moves(&mut self, pos: &Position) -> Result<Vec<Move>, SolveError> {
        let mut moves = Vec::new();
        self.rules.generate(pos, &mut moves);
        let fox = pos.side_to_move == Side::Hunters;
        let mut wins = Vec::new();
        for mv in moves {
            let (next, _) = self.rules.apply(pos, &mv);
            let fox_wins = self
                .fox_wins(&next, 1)
                .ok_or(SolveError::OutOfNodes { nodes: self.nodes })?;
            if fox_wins == fox {
                wins.push(mv);
            }
        }
        Ok(wins)
    }

    /// The exact table key: geese (grid bits 0..48), fox point, side; the
    /// smaller of the position's and its mirror image's (the cross and
    /// its lines are symmetric left to right, so both have one value).
    fn key(pos: &Position) -> u64 {
        let fox = pos.hunters().0.trailing_zeros() as u64;
        let side = (pos.side_to_move.index() as u64) << 56;
        let plain = pos.crowd().0 | fox << 49 | side;
        let mirror_fox = fox - fox % 7 + (6 - fox % 7);
        let mirrored = mirror(pos.crowd().0) | mirror_fox << 49 | side;
        plain.min(mirrored)
    }

    /// True when the fox wins `pos`; `None` when the budget ran out.
    fn fox_wins(&mut self, pos: &Position, ply: usize) -> Option<bool> {
        if let Some(known) = self.settled(pos) {
            return Some(known);
        }
        let key = Self::key(pos);
        if let Some(known) = self.proven.get(key) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > self.node_budget {
            return None;
        }
        if self.nodes & ((1 << 24) - 1) == 0
            && let Some(report) = self.progress.as_mut()
        {
            report(self.nodes);
        }
        let before = self.nodes;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, || Vec::with_capacity(64));
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        self.rules.generate(pos, &mut moves);
        let fox_to_move = pos.side_to_move == Side::Hunters;
        let result = if moves.is_empty() {
            // The side to move is stuck and loses.
            Some(!fox_to_move)
        } else {
            self.order(pos, &mut moves);
            self.search_moves(pos, &moves, fox_to_move, ply)
        };
        self.buffers[ply] = moves;
        let result = result?;
        self.proven.put(key, result, self.nodes - before);
        Some(result)
    }

    /// The fox wins if one move wins for it; the geese win if one move
    /// wins for them.
    fn search_moves(
        &mut self,
        pos: &Position,
        moves: &[Move],
        fox_to_move: bool,
        ply: usize,
    ) -> Option<bool> {
        for mv in moves {
            let (next, _) = self.rules.apply(pos, mv);
            if self.fox_wins(&next, ply + 1)? == fox_to_move {
                return Some(fox_to_move);
            }
        }
        Some(!fox_to_move)
    }

    /// Results known without a search: too few geese, or a fox that can
    /// never be penned in. Geese step only up the board, so no goose ever
    /// reaches a rank below the lowest goose, and none reaches that rank
    /// again once it has left it. A fox standing there or lower with an
    /// empty point beside or below it (at most its own rank) has two points
    /// no goose can take, and can step between them for ever; the geese
    /// run out of moves first. The same holds for an empty point next to
    /// the fox below every goose, wherever the fox is: it steps there.
    fn settled(&self, pos: &Position) -> Option<bool> {
        let geese = pos.crowd();
        if geese.count() < self.rules.variant.crowd_minimum() {
            return Some(true);
        }
        if !self.shortcuts {
            return None;
        }
        let fox = pos.hunters().first()?;
        let lowest = geese.first()?.rank();
        let empty = !(geese | pos.hunters()) & self.rules.topology.points;
        let around = self.rules.topology.neighbours[fox.index()] & empty;
        let refuge = if fox.rank() <= lowest {
            around.into_iter().any(|p| p.rank() <= fox.rank())
        } else {
            around.into_iter().any(|p| p.rank() < lowest)
        };
        if fox.rank() < lowest || refuge {
            return Some(true);
        }
        self.fox_escapes(pos).then_some(true)
    }

    /// True when the fox can walk to a refuge before any goose can block
    /// its way: two neighbouring points no goose can ever reach (none
    /// stands where it could climb to them from), between which it then
    /// steps for ever. A goose needs at least one move per rank to reach a
    /// point, so a point of the walk is free when the fox gets there if no
    /// goose could climb to it in the goose moves made by then.
    fn fox_escapes(&self, pos: &Position) -> bool {
        const NEVER: usize = usize::MAX;
        const LOOK: usize = 12;
        let geese = pos.crowd().0;
        let topo = self.rules.topology;
        // Goose moves before some goose can stand on point `x`.
        let race = |x: usize| -> usize {
            let climbers = geese & self.cone[x];
            if climbers == 0 {
                NEVER
            } else {
                x / 7 - (63 - climbers.leading_zeros() as usize) / 7
            }
        };
        let shelter = |x: usize| {
            race(x) == NEVER
                && topo.neighbours[x]
                    .into_iter()
                    .any(|q| race(q.index()) == NEVER)
        };
        // Goose moves made before the fox's first step.
        let head_start = (pos.side_to_move == Side::Crowd) as usize;
        let fox = pos.hunters().0;
        let (mut frontier, mut seen) = (fox, fox);
        for step in 0..=LOOK {
            let mut next = 0;
            let mut points = frontier;
            while points != 0 {
                let x = points.trailing_zeros() as usize;
                points &= points - 1;
                if shelter(x) {
                    return true;
                }
                let mut around = topo.neighbours[x].0 & !seen & !geese;
                while around != 0 {
                    let q = around.trailing_zeros() as usize;
                    around &= around - 1;
                    if race(q) == NEVER || race(q) >= step + 1 + head_start {
                        next |= 1 << q;
                    }
                }
            }
            seen |= next;
            frontier = next;
            if frontier == 0 {
                break;
            }
        }
        false
    }

    /// Likely winners first: for the fox, captures (longest first), then
    /// moves down the board, towards the back of the geese; for the geese,
    /// steps that keep a goose behind the one stepping (a closed rank).
    fn order(&self, pos: &Position, moves: &mut [Move]) {
        match pos.side_to_move {
            Side::Hunters => {
                moves.sort_by_key(|m| (-(m.hops() as i32), m.to().rank()));
            }
            Side::Crowd => {
                let geese = pos.crowd();
                let neighbours = &self.rules.topology.neighbours;
                moves.sort_by_key(|m| {
                    let left = geese.without(m.from()).with(m.to());
                    // Geese next to the one that moved: fewer gaps to jump through.
                    let company = (neighbours[m.to().index()] & left).count() as i32;
                    (-company, m.to().rank())
                });
            }
        }
    }
}

/// For every point, the points a goose could climb to it from.
fn goose_cones(rules: &Rules) -> [u64; CELLS] {
    let mut cone = [0u64; CELLS];
    let mut points: Vec<crate::rules::Point> = rules.topology.points.into_iter().collect();
    // Lower ranks first: a goose arrives from a lower rank.
    points.sort_by_key(|p| p.rank());
    for &x in &points {
        cone[x.index()] = x.bit().0;
        for &y in &points {
            if rules.step_targets(Side::Crowd, y).contains(x) {
                cone[x.index()] |= cone[y.index()];
            }
        }
    }
    cone
}

/// A bitboard reflected left to right (file a to g) on the 7x7 grid.
fn mirror(bits: u64) -> u64 {
    let mut out = 0;
    for rank in 0..7 {
        let row = (bits >> (7 * rank)) & 0x7F;
        out |= ((row as u8).reverse_bits() as u64 >> 1) << (7 * rank);
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::rules::Game;

    /// Plain minimax over [`Game`]'s outcome and legal moves, remembering
    /// positions by their position string: the reference.
    fn brute_force(game: &mut Game, seen: &mut HashMap<String, Winner>) -> Winner {
        if let Some(o) = game.outcome() {
            return match o.winner {
                Some(Side::Hunters) => Winner::Fox,
                Some(Side::Crowd) => Winner::Geese,
                None => panic!("no draws without sideways steps"),
            };
        }
        let key = game.position_string();
        if let Some(&w) = seen.get(&key) {
            return w;
        }
        let me = match game.side_to_move() {
            Side::Hunters => Winner::Fox,
            Side::Crowd => Winner::Geese,
        };
        let mut result = if me == Winner::Fox {
            Winner::Geese
        } else {
            Winner::Fox
        };
        for mv in game.legal_moves() {
            game.play_unchecked(&mv);
            let w = brute_force(game, seen);
            game.undo();
            if w == me {
                result = me;
                break;
            }
        }
        seen.insert(key, result);
        result
    }

    #[test]
    fn agrees_with_plain_minimax_on_random_endings() {
        // Late positions of games between a random fox and searching geese:
        // small trees, won by either side.
        let mut rng = crate::ai::rng::SplitMix64::new(3);
        let mut winners = Vec::new();
        while winners.len() < 12 {
            let mut game = Game::new(Variant::new(GameKind::FoxGeese));
            let plies = 60 + rng.below(20) as usize;
            while game.ply() < plies && !game.is_over() {
                let mv = if game.side_to_move() == Side::Hunters {
                    let moves = game.legal_moves();
                    moves[rng.below(moves.len() as u64) as usize]
                } else {
                    let limits = crate::ai::SearchLimits::depth(3);
                    let mut search =
                        crate::ai::Search::with_randomness(&game, limits, 30, rng.next_u64());
                    search.run_to_end().unwrap().best
                };
                game.play_unchecked(&mv);
            }
            if game.is_over() {
                continue;
            }
            let mut solver = FoxGeeseSolver::new(*game.variant(), 10_000_000, 16).unwrap();
            let proof = solver.solve(game.position()).unwrap();
            assert_eq!(
                proof,
                brute_force(&mut game, &mut HashMap::new()),
                "{}",
                game.position_string()
            );
            winners.push(proof);
        }
        // Made by hand: the fox in a corner of the top arm, one goose
        // step from being penned in (geese to move), and the same a ply
        // earlier with the fox to move and every move losing.
        for text in [
            "fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29",
            "fox-geese 1FG/GGG/2G1G2/7/7/3/3 F 0/0 0 29",
        ] {
            let mut game = Game::from_position_string(text).unwrap();
            let mut solver = FoxGeeseSolver::new(*game.variant(), 1_000_000, 16).unwrap();
            let proof = solver.solve(game.position()).unwrap();
            assert_eq!(proof, brute_force(&mut game, &mut HashMap::new()), "{text}");
            winners.push(proof);
        }
        assert!(winners.contains(&Winner::Fox) && winners.contains(&Winner::Geese));
    }

    #[test]
    fn the_shortcuts_agree_with_the_search_without_them() {
        // Positions from the middle of games between searching geese and
        // a fox that moves at random: the proof with the shortcuts (a fox
        // that can reach a refuge) and without them agree.
        let mut rng = crate::ai::rng::SplitMix64::new(8);
        let mut winners = Vec::new();
        while winners.len() < 6 {
            let mut game = Game::new(Variant::new(GameKind::FoxGeese));
            let plies = 50 + rng.below(10) as usize;
            while game.ply() < plies && !game.is_over() {
                let mv = if game.side_to_move() == Side::Hunters {
                    let moves = game.legal_moves();
                    moves[rng.below(moves.len() as u64) as usize]
                } else {
                    let limits = crate::ai::SearchLimits::depth(4);
                    let seed = rng.next_u64();
                    let mut search = crate::ai::Search::with_randomness(&game, limits, 20, seed);
                    search.run_to_end().unwrap().best
                };
                game.play_unchecked(&mv);
            }
            if game.is_over() {
                continue;
            }
            let mut plain = FoxGeeseSolver::new(*game.variant(), 3_000_000, 18).unwrap();
            plain.shortcuts = false;
            // Too big for the search without shortcuts: take another.
            let Ok(without) = plain.solve(game.position()) else {
                continue;
            };
            let with = FoxGeeseSolver::new(*game.variant(), 3_000_000, 18)
                .unwrap()
                .solve(game.position());
            assert_eq!(with, Ok(without), "{}", game.position_string());
            winners.push(without);
        }
    }

    #[test]
    fn a_fox_below_every_goose_wins() {
        let game =
            Game::from_position_string("fox-geese 3/3/7/GGGGGGG/7/1F1/3 G 0/0 0 40").unwrap();
        let mut solver = FoxGeeseSolver::new(*game.variant(), 1_000, 10).unwrap();
        assert_eq!(solver.solve(game.position()), Ok(Winner::Fox));
    }

    #[test]
    fn refuses_sideways_steps_and_other_games() {
        let mut v = Variant::new(GameKind::FoxGeese);
        v.set_option("sideways=on").unwrap();
        assert!(FoxGeeseSolver::new(v, 1, 10).is_err());
        assert!(FoxGeeseSolver::new(Variant::new(GameKind::Pirates), 1, 10).is_err());
    }

    #[test]
    fn a_small_budget_gives_up_rather_than_guess() {
        let game = Game::new(Variant::new(GameKind::FoxGeese));
        let mut solver = FoxGeeseSolver::new(*game.variant(), 100, 10).unwrap();
        assert!(matches!(
            solver.solve(game.position()),
            Err(SolveError::OutOfNodes { .. })
        ));
    }
}
