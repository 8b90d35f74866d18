//! A proof search for Fox and Geese without sideways steps: which side wins
//! with perfect play, from any position.
//!
//! With sideways steps off every goose move climbs a rank, so no position
//! can recur and every game ends (RULES.md, Fox and Geese: no draw is
//! possible); the game is a finite tree and each position is won by one
//! side. The search is a depth-first AND/OR proof: the fox's positions
//! are won for the fox if some move wins, the geese's if every move does.
//! Proven positions go into a table keyed exactly (geese, fox point, side
//! to move fit in one word), so transpositions are proven once. The search
//! works on that word-sized position with its own move generator (checked
//! against the rules' in the tests), at about ten million positions a
//! second before the fox's move ordering, which looks one ply further and
//! costs most of the time but makes the proofs far smaller.

use crate::rules::board::CELLS;
use crate::rules::movegen::MAX_HOPS;
use crate::rules::{Move, Position, Rules, Side, Variant};

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
    /// The table of proven positions could not be allocated.
    NoMemory { bytes: u64 },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::NotSolvable(why) => f.write_str(why),
            SolveError::OutOfNodes { nodes } => {
                write!(f, "no proof within the node budget ({nodes} nodes)")
            }
            SolveError::NoMemory { bytes } => {
                write!(f, "not enough memory for a table of {} MB", bytes >> 20)
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
const CACHED_BIT: u64 = 1 << 58;

impl ProofTable {
    fn new(bits: u32) -> Result<ProofTable, SolveError> {
        let len = 2usize << bits;
        // Asking first turns a table too large for the machine into an
        // error; the table itself is then a zeroed allocation, which the
        // system fills only where it is written (a 2-node proof does not
        // clear a gigabyte).
        Vec::<u64>::new()
            .try_reserve_exact(len)
            .map_err(|_| SolveError::NoMemory {
                bytes: len as u64 * 8,
            })?;
        let slots = vec![0; len];
        Ok(ProofTable {
            slots,
            mask: (1 << bits) - 1,
            stored: 0,
        })
    }
    fn bucket(&self, key: u64) -> usize {
        2 * ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask)
    }
    /// Starts loading the bucket of `key` into the cache, so that the
    /// probe that follows does not stall on main memory.
    #[inline]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[self.bucket(key)] as *const u64;
            // SAFETY: a prefetch is only a hint; the pointer is in bounds.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    slot as *const i8,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
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

/// A position as the proof sees it: the geese (grid bits), the fox's
/// point and who moves. Positions are searched in this form rather than
/// as [`Position`]s, so a node costs a few shifts, not a move list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Node {
    geese: u64,
    fox: u8,
    fox_to_move: bool,
}

impl Node {
    fn of(pos: &Position) -> Option<Node> {
        Some(Node {
            geese: pos.crowd().0,
            fox: pos.hunters().first()?.index() as u8,
            fox_to_move: pos.side_to_move == Side::Hunters,
        })
    }

    /// The exact table key: geese (grid bits 0..48), fox point, side; the
    /// smaller of the position's and its mirror image's (the cross and
    /// its lines are symmetric left to right, so both have one value).
    fn key(self) -> u64 {
        let fox = self.fox as u64;
        let side = (self.fox_to_move as u64) << 56;
        let plain = self.geese | fox << 49 | side;
        let mirror_fox = fox - fox % 7 + (6 - fox % 7);
        let mirrored = mirror(self.geese) | mirror_fox << 49 | side;
        plain.min(mirrored)
    }
}

/// The lines of the board as the proof uses them, taken from [`Rules`].
struct Lines {
    points: u64,
    neighbours: [u64; CELLS],
    goose_steps: [u64; CELLS],
    /// Per point: (jumped point, landing point) along each line that has both.
    jumps: [[(u8, u8); 8]; CELLS],
    jump_count: [u8; CELLS],
    /// Per rank and pattern of geese on it: the points of the rank above
    /// they can step to.
    climb_rows: [[u64; 128]; 7],
    minimum: u32,
}

impl Lines {
    fn new(rules: &Rules) -> Lines {
        let topology = rules.board();
        let mut lines = Lines {
            points: topology.points.0,
            neighbours: [0; CELLS],
            goose_steps: [0; CELLS],
            jumps: [[(0, 0); 8]; CELLS],
            jump_count: [0; CELLS],
            climb_rows: [[0; 128]; 7],
            minimum: rules.variant.crowd_minimum(),
        };
        for p in topology.points {
            let i = p.index();
            lines.neighbours[i] = topology.neighbours[i].0;
            lines.goose_steps[i] = rules.step_targets(Side::Crowd, p).0;
            for d in 0..8 {
                if let Some((over, land)) = topology.jump(p, d) {
                    let n = lines.jump_count[i] as usize;
                    lines.jumps[i][n] = (over.index() as u8, land.index() as u8);
                    lines.jump_count[i] += 1;
                }
            }
        }
        for rank in 0..7 {
            for pattern in 0..128usize {
                lines.climb_rows[rank][pattern] = (0..7)
                    .filter(|file| pattern >> file & 1 == 1)
                    .map(|file| lines.goose_steps[rank * 7 + file])
                    .fold(0, |a, b| a | b);
            }
        }
        lines
    }

    /// The points the geese of `geese` could step to, ignoring occupancy.
    fn climb(&self, geese: u64) -> u64 {
        let mut out = 0;
        for (rank, row) in self.climb_rows.iter().enumerate() {
            out |= row[(geese >> (7 * rank)) as usize & 127];
        }
        out
    }

    /// Every position one move from `node`, appended to `out`; chains of
    /// jumps end only where the fox cannot jump again, as in the rules.
    fn children(&self, node: Node, out: &mut Vec<Node>) {
        let fox_bit = 1u64 << node.fox;
        if node.fox_to_move {
            self.chains(node.fox, node.geese, 0, out);
            let mut steps = self.neighbours[node.fox as usize] & !node.geese;
            while steps != 0 {
                let to = steps.trailing_zeros() as u8;
                steps &= steps - 1;
                out.push(Node {
                    geese: node.geese,
                    fox: to,
                    fox_to_move: false,
                });
            }
        } else {
            let empty = self.points & !node.geese & !fox_bit;
            let mut geese = node.geese;
            while geese != 0 {
                let from = geese & geese.wrapping_neg();
                geese &= geese - 1;
                let mut steps = self.goose_steps[from.trailing_zeros() as usize] & empty;
                while steps != 0 {
                    let to = steps & steps.wrapping_neg();
                    steps &= steps - 1;
                    out.push(Node {
                        geese: node.geese ^ from ^ to,
                        fox: node.fox,
                        fox_to_move: true,
                    });
                }
            }
        }
    }

    fn chains(&self, at: u8, geese: u64, hops: usize, out: &mut Vec<Node>) {
        let mut extended = false;
        if hops < MAX_HOPS {
            let i = at as usize;
            for &(over, land) in &self.jumps[i][..self.jump_count[i] as usize] {
                if geese >> over & 1 == 1 && geese >> land & 1 == 0 {
                    extended = true;
                    self.chains(land, geese & !(1 << over), hops + 1, out);
                }
            }
        }
        if !extended && hops > 0 {
            out.push(Node {
                geese,
                fox: at,
                fox_to_move: false,
            });
        }
    }
}

/// The points of ranks `0..=rank`.
fn up_to_rank(rank: usize) -> u64 {
    (1u64 << (7 * (rank + 1))) - 1
}

/// The proof search and its table of proven positions.
pub struct FoxGeeseSolver {
    rules: Rules,
    lines: Lines,
    proven: ProofTable,
    /// Recent answers of [`FoxGeeseSolver::settled`], which the search
    /// asks about the same positions several times (2^16 slots: a larger
    /// cache misses on main memory and costs more than it saves).
    settled_cache: Vec<std::cell::Cell<u64>>,
    nodes: u64,
    node_budget: u64,
    /// Positions one move on, per ply, reused.
    buffers: Vec<Vec<Node>>,
    /// Called every 2^24 nodes with the count so far.
    progress: Option<Box<dyn FnMut(u64) + Send>>,
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
        if variant.game.id() != "fox-geese" {
            return Err(SolveError::NotSolvable(format!(
                "the proof search is for Fox and Geese, not {}",
                variant.game
            )));
        }
        if variant.option("sideways") == Some("on") {
            return Err(SolveError::NotSolvable(
                "with sideways steps positions can recur: the proof search needs sideways=off"
                    .into(),
            ));
        }
        let rules = Rules::new(variant);
        Ok(FoxGeeseSolver {
            lines: Lines::new(&rules),
            rules,
            proven: ProofTable::new(table_bits.clamp(4, 32))?,
            settled_cache: vec![std::cell::Cell::new(0); 1 << 16],
            nodes: 0,
            node_budget,
            buffers: Vec::new(),
            progress: None,
            shortcuts: true,
        })
    }

    /// Reports the node count every 16 M nodes (long proofs).
    pub fn on_progress(&mut self, report: Box<dyn FnMut(u64) + Send>) {
        self.progress = Some(report);
    }

    /// Allows `more` positions beyond those visited so far. A proof that
    /// ran out of nodes can be asked again after this and goes on where it
    /// stopped, near enough: what it proved is in the table, so only the
    /// line it was on is searched again. This is how a proof runs in
    /// slices (the game's analysis, between frames on the web).
    pub fn allow_more_nodes(&mut self, more: u64) {
        self.node_budget = self.nodes.saturating_add(more);
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
        match self.fox_wins_position(pos)? {
            true => Ok(Winner::Fox),
            false => Ok(Winner::Geese),
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
            if self.fox_wins_position(&next)? == fox {
                wins.push(mv);
            }
        }
        Ok(wins)
    }

    fn fox_wins_position(&mut self, pos: &Position) -> Result<bool, SolveError> {
        let node = Node::of(pos)
            .ok_or_else(|| SolveError::NotSolvable("the position has no fox".into()))?;
        self.fox_wins(node, 0)
            .ok_or(SolveError::OutOfNodes { nodes: self.nodes })
    }

    /// True when the fox wins `node`; `None` when the budget ran out.
    fn fox_wins(&mut self, node: Node, ply: usize) -> Option<bool> {
        if let Some(known) = self.settled(node) {
            return Some(known);
        }
        let key = node.key();
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
        let mut children = std::mem::take(&mut self.buffers[ply]);
        children.clear();
        self.lines.children(node, &mut children);
        let result = if children.is_empty() {
            // The side to move is stuck and loses.
            Some(!node.fox_to_move)
        } else {
            self.search_children(node, &mut children, ply)
        };
        self.buffers[ply] = children;
        let result = result?;
        self.proven.put(key, result, self.nodes - before);
        Some(result)
    }

    /// The side to move wins if one move wins for it. Moves whose result
    /// is already known (settled or in the table) are looked at first.
    fn search_children(&mut self, node: Node, children: &mut [Node], ply: usize) -> Option<bool> {
        let mover = node.fox_to_move;
        for child in children.iter() {
            self.proven.prefetch(child.key());
        }
        for &child in children.iter() {
            let known = self.settled(child).or_else(|| self.proven.get(child.key()));
            if known == Some(mover) {
                return Some(mover);
            }
        }
        self.order(node, children);
        for &child in children.iter() {
            if self.fox_wins(child, ply + 1)? == mover {
                return Some(mover);
            }
        }
        Some(!mover)
    }

    /// Results known without a search: too few geese, or a fox that can
    /// never be penned in. Geese step only up the board, so no goose ever
    /// reaches a rank below the lowest goose, and none reaches that rank
    /// again once it has left it. A fox standing there or lower with an
    /// empty point beside or below it (at most its own rank) has two points
    /// no goose can take, and can step between them for ever; the geese
    /// run out of moves first. The same holds for an empty point next to
    /// the fox below every goose, wherever the fox is: it steps there.
    fn settled(&self, node: Node) -> Option<bool> {
        let key = node.key();
        let slot = &self.settled_cache[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize];
        let entry = slot.get();
        if entry & KEY_BITS == key && entry & CACHED_BIT != 0 {
            return (entry & RESULT_BIT != 0).then_some(true);
        }
        let known = self.settle(node);
        slot.set(key | CACHED_BIT | if known.is_some() { RESULT_BIT } else { 0 });
        known
    }

    fn settle(&self, node: Node) -> Option<bool> {
        if node.geese.count_ones() < self.lines.minimum {
            return Some(true);
        }
        if !self.shortcuts {
            return None;
        }
        let fox = node.fox as usize;
        let fox_rank = fox / 7;
        let lowest = node.geese.trailing_zeros() as usize / 7;
        let empty = self.lines.points & !node.geese & !(1 << fox);
        let around = self.lines.neighbours[fox] & empty;
        if fox_rank < lowest {
            return Some(true);
        }
        let refuge = if fox_rank == lowest {
            around & up_to_rank(fox_rank) != 0
        } else {
            lowest > 0 && around & up_to_rank(lowest - 1) != 0
        };
        if refuge {
            return Some(true);
        }
        self.fox_escapes(node).then_some(true)
    }

    /// True when the fox can walk to a refuge before any goose can block
    /// its way: two neighbouring points no goose can ever reach (none
    /// stands where it could climb to them from), between which it then
    /// steps for ever. A goose needs at least one move per rank to reach a
    /// point, so a point of the walk is free when the fox gets there if no
    /// goose could climb to it in the goose moves made by then.
    fn fox_escapes(&self, node: Node) -> bool {
        const LOOK: usize = 12;
        let geese = node.geese;
        let lines = &self.lines;
        // `free_within[t]`: points no goose can stand on within t - 1 goose
        // moves (a goose needs one move per rank it climbs, whatever stands
        // in its way); `never`: points no goose can ever climb to.
        let mut free_within = [lines.points; 8];
        let mut reach = geese;
        for free in free_within.iter_mut().skip(1) {
            *free = lines.points & !reach;
            reach |= lines.climb(reach);
        }
        let never = lines.points & !reach;
        let mut shelter = 0u64;
        let mut candidates = never;
        while candidates != 0 {
            let x = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if lines.neighbours[x] & never != 0 {
                shelter |= 1 << x;
            }
        }
        if shelter == 0 {
            return false;
        }
        // Goose moves made before the fox's first step.
        let head_start = (!node.fox_to_move) as usize;
        let fox = 1u64 << node.fox;
        let (mut frontier, mut seen) = (fox, fox);
        for step in 0..=LOOK {
            if frontier & shelter != 0 {
                return true;
            }
            let mut around = 0;
            let mut points = frontier;
            while points != 0 {
                around |= lines.neighbours[points.trailing_zeros() as usize];
                points &= points - 1;
            }
            let free_then = never | free_within[(step + 1 + head_start).min(7)];
            frontier = around & !seen & !geese & free_then;
            seen |= frontier;
            if frontier == 0 {
                break;
            }
        }
        false
    }

    /// Likely winners first. For the fox, the moves that leave the geese
    /// the fewest replies not already lost (settled or proven), then moves
    /// down the board: a one-ply look further that makes the proofs tens
    /// of times smaller than ordering by captures. For the geese, steps
    /// that keep a goose beside the one stepping (a closed rank).
    fn order(&self, node: Node, children: &mut [Node]) {
        if node.fox_to_move {
            let mut replies = Vec::with_capacity(32);
            children.sort_by_cached_key(|&c| {
                replies.clear();
                self.lines.children(c, &mut replies);
                for r in &replies {
                    self.proven.prefetch(r.key());
                }
                let open = replies
                    .iter()
                    .filter(|&&r| {
                        self.settled(r) != Some(true) && self.proven.get(r.key()) != Some(true)
                    })
                    .count();
                (open, c.fox / 7, c.geese.count_ones())
            });
        } else {
            let neighbours = &self.lines.neighbours;
            children.sort_by_key(|c| {
                let moved = c.geese & !node.geese;
                let to = moved.trailing_zeros() as usize;
                // Geese next to the one that moved: fewer gaps to jump through.
                let company = (neighbours[to] & c.geese).count_ones() as i32;
                (-company, to / 7)
            });
        }
    }
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

/// Plain minimax over [`Game`]'s outcome and legal moves, remembering
/// positions by their position string: the reference the solvers are
/// tested against.
#[cfg(test)]
pub(crate) fn brute_force(
    game: &mut crate::rules::Game,
    seen: &mut std::collections::HashMap<String, Winner>,
) -> Winner {
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

/// A game between a fox moving at random and geese searching `depth`
/// plies (with `randomness`), to `plies` or its end: late positions of it
/// are small trees, won by either side.
#[cfg(test)]
pub(crate) fn random_fox_game(
    rng: &mut crate::ai::rng::SplitMix64,
    plies: usize,
    depth: u32,
    randomness: i32,
) -> crate::rules::Game {
    let mut game = crate::rules::Game::new(Variant::new(crate::rules::GameId::named("fox-geese")));
    while game.ply() < plies && !game.is_over() {
        let mv = if game.side_to_move() == Side::Hunters {
            let moves = game.legal_moves();
            moves[rng.below(moves.len() as u64) as usize]
        } else {
            let limits = crate::ai::SearchLimits::depth(depth);
            let seed = rng.next_u64();
            let mut search = crate::ai::Search::with_randomness(&game, limits, randomness, seed);
            search.run_to_end().unwrap().best
        };
        game.play_unchecked(&mv);
    }
    game
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::rules::Game;

    #[test]
    fn agrees_with_plain_minimax_on_random_endings() {
        // Late positions of games between a random fox and searching geese:
        // small trees, won by either side.
        let mut rng = crate::ai::rng::SplitMix64::new(3);
        let mut winners = Vec::new();
        while winners.len() < 12 {
            let plies = 60 + rng.below(20) as usize;
            let mut game = random_fox_game(&mut rng, plies, 3, 30);
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
        // Positions from late in games between searching geese and
        // a fox that moves at random: the proof with the shortcuts (a fox
        // that can reach a refuge) and without them agree.
        let mut rng = crate::ai::rng::SplitMix64::new(8);
        let mut winners = Vec::new();
        while winners.len() < 6 {
            let plies = 56 + rng.below(10) as usize;
            let game = random_fox_game(&mut rng, plies, 4, 20);
            if game.is_over() {
                continue;
            }
            let mut plain = FoxGeeseSolver::new(*game.variant(), 500_000, 18).unwrap();
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
    fn the_proofs_moves_are_the_rules_moves() {
        // Random play: every position one move on, as the proof makes
        // them, is a position the rules' own moves lead to, and no more.
        let mut rng = crate::ai::rng::SplitMix64::new(11);
        let mut checked = 0;
        for _ in 0..40 {
            let mut game = Game::new(Variant::new(crate::rules::GameId::named("fox-geese")));
            let lines = Lines::new(game.rules());
            while !game.is_over() {
                let pos = *game.position();
                let mut ours = Vec::new();
                lines.children(Node::of(&pos).unwrap(), &mut ours);
                let theirs: Vec<Node> = game
                    .legal_moves()
                    .iter()
                    .map(|mv| Node::of(&game.rules().apply(&pos, mv).0).unwrap())
                    .collect();
                let sorted = |nodes: &[Node]| {
                    let mut all: Vec<_> = nodes
                        .iter()
                        .map(|n| (n.geese, n.fox, n.fox_to_move))
                        .collect();
                    all.sort_unstable();
                    all
                };
                assert_eq!(sorted(&ours), sorted(&theirs), "{}", game.position_string());
                checked += 1;
                let moves = game.legal_moves();
                game.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 1000, "{checked}");
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
        let mut v = Variant::new(crate::rules::GameId::named("fox-geese"));
        v.set_option("sideways=on").unwrap();
        assert!(FoxGeeseSolver::new(v, 1, 10).is_err());
        assert!(
            FoxGeeseSolver::new(Variant::new(crate::rules::GameId::named("pirates")), 1, 10)
                .is_err()
        );
    }

    #[test]
    fn a_small_budget_gives_up_rather_than_guess() {
        let game = Game::new(Variant::new(crate::rules::GameId::named("fox-geese")));
        let mut solver = FoxGeeseSolver::new(*game.variant(), 100, 10).unwrap();
        assert!(matches!(
            solver.solve(game.position()),
            Err(SolveError::OutOfNodes { .. })
        ));
    }
}
