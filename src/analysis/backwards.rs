//! Fox and Geese without sideways steps solved backwards: every position
//! that can follow a given one (by default the start), each goose set at
//! once, the sets furthest on first.
//!
//! Every goose move climbs a rank and every capture takes geese away, so
//! the geese alone order the game: a goose set leads only to sets with a
//! higher rank sum, or with fewer geese. Solving the sets with fewer geese
//! first, and those with as many from the highest rank sum down, every
//! move leads to a position already solved: no proof search, no iteration.
//! For one goose set the answer for every fox point is a word: the points
//! from which the fox wins with the geese to move. (With the fox to move
//! it follows from that word and the smaller sets', so it is kept only
//! while the sets of its size are being solved.) A set's place in its
//! table is its rank among all sets of as many geese (colex order), so a
//! table is a plain array; for 13 geese that is 573 M sets, 2.3 GB.
//!
//! The forward proof search ([`super::solve`]) proves single positions
//! near the end; this answers the start, at the price of memory.

use web_time::Instant;

use crate::ai::fox_geese_proof::{SolveError, Winner};
use crate::ai::rng::SplitMix64;
use crate::rules::board::Bitboard;
use crate::rules::movegen::MAX_HOPS;
use crate::rules::{Move, Position, Rules, Side, Variant};

/// The cross has 33 points; the table numbers them 0..33 in rank order,
/// so a goose step always moves a bit up and a set's successors have
/// larger numbers.
const POINTS: usize = 33;
const RANKS: usize = 7;

/// The board in the table's own numbering.
struct Board {
    /// Grid index (the rules' numbering) of each point.
    grid: [u8; POINTS],
    rank: [u8; POINTS],
    neighbours: [u64; POINTS],
    goose_steps: [u64; POINTS],
    /// (jumped point, landing point) along each line that has both.
    jumps: [Vec<(u8, u8)>; POINTS],
    /// `rank_sum_prefix[i]`: the ranks of points `0..i` added up.
    rank_sum_prefix: [usize; POINTS + 1],
    /// `binomial[n][k]`, n up to 33.
    binomial: [[u64; POINTS + 1]; POINTS + 1],
}

impl Board {
    fn new(rules: &Rules) -> Result<Board, SolveError> {
        let topology = rules.board();
        let grid: Vec<u8> = topology
            .points
            .into_iter()
            .map(|p| p.index() as u8)
            .collect();
        let grid: [u8; POINTS] = grid.try_into().map_err(|_| {
            SolveError::NotSolvable("solving backwards needs the 33-point cross".into())
        })?;
        let size = topology.size() as usize;
        let mut compact = [u8::MAX; 64];
        for (i, &g) in grid.iter().enumerate() {
            compact[g as usize] = i as u8;
        }
        let mut board = Board {
            grid,
            rank: grid.map(|g| g / size as u8),
            neighbours: [0; POINTS],
            goose_steps: [0; POINTS],
            jumps: std::array::from_fn(|_| Vec::new()),
            rank_sum_prefix: [0; POINTS + 1],
            binomial: [[0; POINTS + 1]; POINTS + 1],
        };
        for (i, p) in topology.points.into_iter().enumerate() {
            board.neighbours[i] = board.compact(topology.neighbours[p.index()].0);
            board.goose_steps[i] = board.compact(rules.step_targets(Side::Crowd, p).0);
            for d in 0..8 {
                if let Some((over, land)) = topology.jump(p, d) {
                    let pair = (compact[over.index()], compact[land.index()]);
                    board.jumps[i].push(pair);
                }
            }
            board.rank_sum_prefix[i + 1] = board.rank_sum_prefix[i] + board.rank[i] as usize;
        }
        // Every goose step must climb, or the order of the sets is wrong.
        for i in 0..POINTS {
            if board.goose_steps[i] & ((2u64 << i) - 1) != 0 {
                return Err(SolveError::NotSolvable(
                    "solving backwards needs geese that only step up the board".into(),
                ));
            }
        }
        for n in 0..=POINTS {
            board.binomial[n][0] = 1;
            for k in 1..=n {
                board.binomial[n][k] = board.binomial[n - 1][k - 1] + board.binomial[n - 1][k];
            }
        }
        Ok(board)
    }

    fn all(&self) -> u64 {
        (1u64 << POINTS) - 1
    }

    /// The rules' grid bits as the table's points.
    fn compact(&self, bits: u64) -> u64 {
        let mut out = 0;
        for (i, &g) in self.grid.iter().enumerate() {
            out |= (bits >> g & 1) << i;
        }
        out
    }

    /// A set's place among all sets of as many points at or above point
    /// `base` (colex rank).
    fn index(&self, set: u64, base: u32) -> usize {
        let mut index = 0;
        let mut rest = set >> base;
        let mut k = 1;
        while rest != 0 {
            index += self.binomial[rest.trailing_zeros() as usize][k];
            rest &= rest - 1;
            k += 1;
        }
        index as usize
    }

    /// How many sets of `geese` points at or above point `base` there
    /// are: a table's length.
    fn sets(&self, geese: usize, base: u32) -> usize {
        self.binomial[POINTS - base as usize][geese] as usize
    }

    /// The first point of the lowest rank with a goose of `geese`: no goose
    /// ever comes below it again.
    fn base(&self, geese: u64) -> u32 {
        let lowest = self.rank[geese.trailing_zeros().min(POINTS as u32 - 1) as usize];
        self.rank.iter().position(|&r| r == lowest).unwrap_or(0) as u32
    }
}

/// A word of fox points for a goose set, stored in 32 bits: a fox never
/// stands on a goose, so the set's lowest goose's bit is always clear and
/// is left out.
fn pack(fox_points: u64, geese: u64) -> u32 {
    let at = geese.trailing_zeros();
    let below = (1u64 << at) - 1;
    ((fox_points & below) | (fox_points >> (at + 1) << at)) as u32
}

fn unpack(word: u32, geese: u64) -> u64 {
    let at = geese.trailing_zeros();
    let word = word as u64;
    let below = (1u64 << at) - 1;
    (word & below) | (word >> at << (at + 1))
}

/// One layer solved: all sets of `geese` geese with this rank sum.
pub struct LayerDone {
    pub geese: usize,
    pub rank_sum: usize,
    pub sets: usize,
    pub seconds: f64,
}

/// What a built table holds, per number of geese.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct GeeseCount {
    pub geese: usize,
    /// Goose sets that can follow the root with this many geese (an upper
    /// bound: sets whose geese are no lower than the root's, rank by rank).
    pub sets: u64,
    /// Positions with the geese to move (sets times free fox points).
    pub positions: u64,
    /// Of those, the ones the fox wins.
    pub fox_wins: u64,
}

/// Every position that can follow a root position, solved.
pub struct FoxGeeseTable {
    rules: Rules,
    board: Board,
    minimum: usize,
    /// `caps[r]`: at most this many geese on ranks `0..=r` (the root's).
    caps: [usize; RANKS],
    root_geese: usize,
    /// The first point of the root's lowest goose's rank: the tables index
    /// sets of the points from there up.
    base: u32,
    /// Per number of geese: the packed fox points that win with the geese
    /// to move, by set index (empty below the rules' minimum).
    geese_to_move: Vec<Vec<u32>>,
    counts: Vec<GeeseCount>,
}

impl FoxGeeseTable {
    /// Memory the tables for `pos` take, in bytes (at the peak, while the
    /// largest sets are solved).
    pub fn bytes_needed(variant: Variant, pos: &Position) -> Result<u64, SolveError> {
        let rules = Self::rules_for(variant)?;
        let board = Board::new(&rules)?;
        let root = board.compact(pos.crowd().0);
        let base = board.base(root);
        let count = root.count_ones() as usize;
        let minimum = variant.crowd_minimum() as usize;
        let tables: usize = (minimum..=count).map(|n| board.sets(n, base)).sum();
        let largest = if count >= minimum {
            board.sets(count, base)
        } else {
            0
        };
        Ok(4 * (tables + largest) as u64)
    }

    fn rules_for(variant: Variant) -> Result<Rules, SolveError> {
        if variant.game.id() != "fox-geese" {
            return Err(SolveError::NotSolvable(format!(
                "solving backwards is for Fox and Geese, not {}",
                variant.game
            )));
        }
        if variant.option("sideways") == Some("on") {
            return Err(SolveError::NotSolvable(
                "with sideways steps positions can recur: solving backwards needs sideways=off"
                    .into(),
            ));
        }
        Ok(Rules::new(variant))
    }

    /// Solves every position that can follow `pos`, on `threads` threads,
    /// calling `progress` after each layer of goose sets.
    pub fn build(
        variant: Variant,
        pos: &Position,
        threads: usize,
        progress: &mut dyn FnMut(&LayerDone),
    ) -> Result<FoxGeeseTable, SolveError> {
        let rules = Self::rules_for(variant)?;
        let board = Board::new(&rules)?;
        let root = board.compact(pos.crowd().0);
        let mut caps = [0; RANKS];
        for (i, &r) in board.rank.iter().enumerate() {
            if root >> i & 1 == 1 {
                caps[r as usize..].iter_mut().for_each(|c| *c += 1);
            }
        }
        let base = board.base(root);
        let mut table = FoxGeeseTable {
            rules,
            board,
            minimum: variant.crowd_minimum() as usize,
            caps,
            root_geese: root.count_ones() as usize,
            base,
            geese_to_move: Vec::new(),
            counts: Vec::new(),
        };
        let threads = threads.max(1);
        for geese in 0..=table.root_geese {
            if geese < table.minimum {
                table.geese_to_move.push(Vec::new());
                continue;
            }
            let size = table.board.sets(geese, table.base);
            let mut this = zeroed(size)?;
            let mut fox_to_move = zeroed(size)?;
            let mut count = GeeseCount {
                geese,
                ..GeeseCount::default()
            };
            let (ranks, base) = (&table.board.rank_sum_prefix, table.base as usize);
            let low = ranks[base + geese] - ranks[base];
            let high = ranks[POINTS] - ranks[POINTS - geese];
            for rank_sum in (low..=high).rev() {
                let start = Instant::now();
                let mut sets = Vec::new();
                table.collect_sets(base, geese, rank_sum, 0, 0, &mut sets);
                if sets.is_empty() {
                    continue;
                }
                let solved = table.solve_layer(&sets, &fox_to_move, threads);
                for (&set, (geese_word, fox_word)) in sets.iter().zip(solved) {
                    let index = table.board.index(set, table.base);
                    this[index] = geese_word;
                    fox_to_move[index] = fox_word;
                    count.fox_wins += unpack(geese_word, set).count_ones() as u64;
                }
                count.sets += sets.len() as u64;
                count.positions += sets.len() as u64 * (POINTS - geese) as u64;
                progress(&LayerDone {
                    geese,
                    rank_sum,
                    sets: sets.len(),
                    seconds: start.elapsed().as_secs_f64(),
                });
            }
            table.geese_to_move.push(this);
            table.counts.push(count);
        }
        Ok(table)
    }

    /// The sets of `left` more geese on points `from..` adding `rank_sum`
    /// to the ranks, with `chosen` geese chosen so far (all on lower points,
    /// so on ranks at most the next one's), within the root's caps.
    fn collect_sets(
        &self,
        from: usize,
        left: usize,
        rank_sum: usize,
        chosen: usize,
        set: u64,
        out: &mut Vec<u64>,
    ) {
        if left == 0 {
            if rank_sum == 0 {
                out.push(set);
            }
            return;
        }
        if POINTS - from < left {
            return;
        }
        let prefix = &self.board.rank_sum_prefix;
        let lowest = prefix[from + left] - prefix[from];
        let highest = prefix[POINTS] - prefix[POINTS - left];
        if rank_sum < lowest || rank_sum > highest {
            return;
        }
        for i in from..=POINTS - left {
            let rank = self.board.rank[i] as usize;
            if rank > rank_sum {
                break;
            }
            if chosen < self.caps[rank] {
                let (sum, bit) = (rank_sum - rank, 1u64 << i);
                self.collect_sets(i + 1, left - 1, sum, chosen + 1, set | bit, out);
            }
        }
    }

    /// Every set of one layer: (geese to move, fox to move) packed words,
    /// the sets shared out among the threads.
    fn solve_layer(&self, sets: &[u64], fox_to_move: &[u32], threads: usize) -> Vec<(u32, u32)> {
        let chunk = sets.len().div_ceil(threads).max(1);
        std::thread::scope(|scope| {
            let parts: Vec<_> = sets
                .chunks(chunk)
                .map(|part| {
                    scope.spawn(move || {
                        part.iter()
                            .map(|&set| self.solve_set(set, fox_to_move))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            parts
                .into_iter()
                .flat_map(|p| p.join().expect("a solving thread panicked"))
                .collect()
        })
    }

    fn solve_set(&self, geese: u64, fox_to_move: &[u32]) -> (u32, u32) {
        let empty = self.board.all() & !geese;
        // With the geese to move, the fox wins where every goose move leads
        // to a fox win, a move onto the fox's own point not being one; with
        // no move at all the geese are stuck and lose, which the empty AND
        // (every point) says too.
        let mut fox_wins = self.board.all();
        let mut movers = geese;
        while movers != 0 {
            let from = movers & movers.wrapping_neg();
            movers &= movers - 1;
            let mut steps = self.board.goose_steps[from.trailing_zeros() as usize] & empty;
            while steps != 0 {
                let to = steps & steps.wrapping_neg();
                steps &= steps - 1;
                let next = geese ^ from ^ to;
                fox_wins &= unpack(fox_to_move[self.board.index(next, self.base)], next) | to;
            }
        }
        fox_wins &= empty;
        let fox_moving = self.fox_to_move_wins(geese, fox_wins);
        (pack(fox_wins, geese), pack(fox_moving, geese))
    }

    /// The fox points that win with the fox to move, given those that win
    /// with the geese to move (`geese_to_move`) for the same set: a step to
    /// one of those, or a chain of jumps to a win among fewer geese.
    fn fox_to_move_wins(&self, geese: u64, geese_to_move: u64) -> u64 {
        let empty = self.board.all() & !geese;
        let mut wins = 0;
        let mut targets = geese_to_move;
        while targets != 0 {
            wins |= self.board.neighbours[targets.trailing_zeros() as usize];
            targets &= targets - 1;
        }
        wins &= empty;
        let mut rest = empty & !wins;
        while rest != 0 {
            let fox = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.a_chain_wins(fox, geese) {
                wins |= 1 << fox;
            }
        }
        wins
    }

    /// Whether some chain of jumps from `at` wins for the fox.
    fn a_chain_wins(&self, at: usize, geese: u64) -> bool {
        self.any_chain_end(at, geese, 0, &mut |left, end| {
            self.fox_wins_geese_to_move(left, end)
        })
    }

    /// Calls `end` with (geese left, landing point) for each chain of jumps
    /// from `at`, `hops` jumps in, until it returns true; whether one did.
    /// A chain ends only where the fox cannot jump again, as in the rules.
    fn any_chain_end(
        &self,
        at: usize,
        geese: u64,
        hops: usize,
        end: &mut dyn FnMut(u64, usize) -> bool,
    ) -> bool {
        let mut extended = false;
        if hops < MAX_HOPS {
            for &(over, land) in &self.board.jumps[at] {
                if geese >> over & 1 == 1 && geese >> land & 1 == 0 {
                    extended = true;
                    let left = geese & !(1 << over);
                    if self.any_chain_end(land as usize, left, hops + 1, end) {
                        return true;
                    }
                }
            }
        }
        !extended && hops > 0 && end(geese, at)
    }

    /// Looked up: the fox on `fox` wins with these geese to move.
    fn fox_wins_geese_to_move(&self, geese: u64, fox: usize) -> bool {
        let count = geese.count_ones() as usize;
        if count < self.minimum {
            return true;
        }
        let word = self.geese_to_move[count][self.board.index(geese, self.base)];
        unpack(word, geese) >> fox & 1 == 1
    }

    /// Whether the table covers `geese`: no more geese than the root, and
    /// on each rank and below no more than the root had there.
    fn covers(&self, geese: u64) -> bool {
        let count = geese.count_ones() as usize;
        if count > self.root_geese {
            return false;
        }
        let mut below = [0; RANKS];
        for i in 0..POINTS {
            if geese >> i & 1 == 1 {
                below[self.board.rank[i] as usize..]
                    .iter_mut()
                    .for_each(|b| *b += 1);
            }
        }
        below.iter().zip(&self.caps).all(|(b, cap)| b <= cap)
    }

    /// Who wins `pos` with perfect play; `None` when it cannot follow the
    /// root (a goose lower, or more geese).
    pub fn winner(&self, pos: &Position) -> Option<Winner> {
        let geese = self.board.compact(pos.crowd().0);
        let fox_grid = pos.hunters().first()?.index();
        let fox = self
            .board
            .grid
            .iter()
            .position(|&g| g as usize == fox_grid)?;
        if !self.covers(geese) {
            return None;
        }
        let fox_wins = if geese.count_ones() < self.minimum as u32 {
            true
        } else if pos.side_to_move == Side::Crowd {
            self.fox_wins_geese_to_move(geese, fox)
        } else {
            let count = geese.count_ones() as usize;
            let word = self.geese_to_move[count][self.board.index(geese, self.base)];
            self.fox_to_move_wins(geese, unpack(word, geese)) >> fox & 1 == 1
        };
        Some(if fox_wins { Winner::Fox } else { Winner::Geese })
    }

    /// The moves of `pos` that keep its winner's win (none when the side
    /// to move loses); `None` when the table does not cover `pos`.
    pub fn winning_moves(&self, pos: &Position) -> Option<Vec<Move>> {
        let mover = match pos.side_to_move {
            Side::Hunters => Winner::Fox,
            Side::Crowd => Winner::Geese,
        };
        self.winner(pos)?;
        let mut moves = Vec::new();
        self.rules.generate(pos, &mut moves);
        let mut wins = Vec::new();
        for mv in moves {
            let (next, _) = self.rules.apply(pos, &mv);
            if self.winner(&next)? == mover {
                wins.push(mv);
            }
        }
        Some(wins)
    }

    /// A random position the table covers, with as many geese as the root
    /// and either side to move (`None` if a thousand goose sets drawn all
    /// broke the root's caps).
    pub fn random_position(&self, rng: &mut SplitMix64) -> Option<Position> {
        let mut points: Vec<usize> = (self.base as usize..POINTS).collect();
        for _ in 0..1000 {
            let mut geese = 0u64;
            for k in 0..self.root_geese.min(points.len()) {
                let pick = k + rng.below((points.len() - k) as u64) as usize;
                points.swap(k, pick);
                geese |= 1 << points[k];
            }
            if !self.covers(geese) {
                continue;
            }
            let free: Vec<usize> = (0..POINTS).filter(|&i| geese >> i & 1 == 0).collect();
            let fox = free[rng.below(free.len() as u64) as usize];
            let grid = |set: u64| {
                (0..POINTS)
                    .filter(|&i| set >> i & 1 == 1)
                    .map(|i| 1u64 << self.board.grid[i])
                    .sum::<u64>()
            };
            let side = if rng.below(2) == 0 {
                Side::Hunters
            } else {
                Side::Crowd
            };
            let pieces = [Bitboard(grid(1 << fox)), Bitboard(grid(geese))];
            return Some(self.rules.position(pieces, side, [0, 0], 0, None));
        }
        None
    }

    /// The game and options the table solves.
    pub fn variant(&self) -> &Variant {
        &self.rules.variant
    }

    /// What was solved, per number of geese (from the rules' minimum up).
    pub fn counts(&self) -> &[GeeseCount] {
        &self.counts
    }
}

/// A zeroed table, or the error saying it did not fit.
fn zeroed(len: usize) -> Result<Vec<u32>, SolveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| SolveError::NoMemory {
        bytes: 4 * len as u64,
    })?;
    v.resize(len, 0);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::ai::fox_geese_proof::{brute_force, random_fox_game};
    use crate::ai::rng::SplitMix64;
    use crate::rules::Game;

    #[test]
    fn agrees_with_plain_minimax_on_every_position_after_late_ones() {
        // Roots late in games, and made by hand (the fox in a corner of
        // the top arm, one goose step from being penned in; five geese, two
        // on the first rank, so the tables index every point); from each,
        // the table against plain minimax over the rules' own moves, at the
        // root and along random continuations to the end.
        let mut rng = SplitMix64::new(5);
        let mut roots: Vec<Game> = [
            "fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29",
            "fox-geese 1FG/GGG/2G1G2/7/7/3/3 F 0/0 0 29",
            "fox-geese 3/3/7/3F3/G5G/1G1/G1G G 0/0 0 5",
        ]
        .iter()
        .map(|text| Game::from_position_string(text).unwrap())
        .collect();
        while roots.len() < 11 {
            let plies = 56 + rng.below(20) as usize;
            let game = random_fox_game(&mut rng, plies, 3, 30);
            // Small tables only (a goose left far behind makes them large).
            let bytes = FoxGeeseTable::bytes_needed(*game.variant(), game.position()).unwrap();
            if !game.is_over() && bytes < 64 << 20 {
                roots.push(game);
            }
        }
        let (mut checked, mut winners) = (0, Vec::new());
        for root in roots {
            let table =
                FoxGeeseTable::build(*root.variant(), root.position(), 2, &mut |_| {}).unwrap();
            let mut seen = HashMap::new();
            for _ in 0..4 {
                let mut game = root.clone();
                loop {
                    let expected = brute_force(&mut game, &mut seen);
                    let text = game.position_string();
                    assert_eq!(table.winner(game.position()), Some(expected), "{text}");
                    winners.push(expected);
                    checked += 1;
                    if game.is_over() {
                        break;
                    }
                    let moves = game.legal_moves();
                    game.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 300, "{checked}");
        assert!(winners.contains(&Winner::Fox) && winners.contains(&Winner::Geese));
    }

    #[test]
    fn the_chains_of_jumps_are_the_rules_captures() {
        // Random play: from every position with the fox to move, the ends
        // of the chains of jumps the table follows (geese left, landing
        // point) are those of the rules' capturing moves, and no more.
        let mut rng = SplitMix64::new(13);
        let start = Game::new(Variant::new(crate::rules::GameId::named("fox-geese")));
        // Any table will do: the chains do not look at it.
        let late =
            Game::from_position_string("fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29").unwrap();
        let table = FoxGeeseTable::build(*late.variant(), late.position(), 1, &mut |_| {}).unwrap();
        let board = &table.board;
        let (mut positions, mut chains) = (0, 0);
        for _ in 0..60 {
            let mut game = start.clone();
            while !game.is_over() {
                let pos = *game.position();
                if game.side_to_move() == Side::Hunters {
                    let geese = board.compact(pos.crowd().0);
                    let fox = board.compact(pos.hunters().0).trailing_zeros() as usize;
                    let mut ours = Vec::new();
                    table.any_chain_end(fox, geese, 0, &mut |left, end| {
                        ours.push((left, end));
                        false
                    });
                    let mut theirs: Vec<(u64, usize)> = game
                        .legal_moves()
                        .iter()
                        .map(|mv| game.rules().apply(&pos, mv).0)
                        .filter(|next| next.crowd() != pos.crowd())
                        .map(|next| {
                            let left = board.compact(next.crowd().0);
                            (
                                left,
                                board.compact(next.hunters().0).trailing_zeros() as usize,
                            )
                        })
                        .collect();
                    for list in [&mut ours, &mut theirs] {
                        list.sort_unstable();
                        list.dedup();
                    }
                    assert_eq!(ours, theirs, "{}", game.position_string());
                    positions += 1;
                    chains += ours
                        .iter()
                        .filter(|(left, _)| (geese ^ left).count_ones() > 1)
                        .count();
                }
                let moves = game.legal_moves();
                game.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        assert!(
            positions > 1000 && chains > 20,
            "{positions} positions, {chains} chains"
        );
    }

    #[test]
    fn the_winning_moves_keep_the_win_and_the_others_lose_it() {
        let mut rng = SplitMix64::new(9);
        let game = random_fox_game(&mut rng, 60, 3, 30);
        let table = FoxGeeseTable::build(*game.variant(), game.position(), 1, &mut |_| {}).unwrap();
        let winner = table.winner(game.position()).unwrap();
        let mover = match game.side_to_move() {
            Side::Hunters => Winner::Fox,
            Side::Crowd => Winner::Geese,
        };
        let winning = table.winning_moves(game.position()).unwrap();
        assert_eq!(winning.is_empty(), winner != mover);
        let mut seen = HashMap::new();
        for mv in game.legal_moves() {
            let mut after = game.clone();
            after.play_unchecked(&mv);
            let keeps = brute_force(&mut after, &mut seen) == mover;
            assert_eq!(
                winning.contains(&mv),
                keeps,
                "{} in {}",
                game.move_text(&mv),
                game.position_string()
            );
        }
    }

    #[test]
    fn positions_the_root_cannot_lead_to_are_not_answered() {
        let late =
            Game::from_position_string("fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29").unwrap();
        let table = FoxGeeseTable::build(*late.variant(), late.position(), 1, &mut |_| {}).unwrap();
        // A goose lower than any of the root's.
        let lower =
            Game::from_position_string("fox-geese F1G/GGG/2G4/7/3G3/3/3 G 0/0 0 29").unwrap();
        assert_eq!(table.winner(lower.position()), None);
        assert_eq!(table.winning_moves(lower.position()), None);
        assert!(table.winner(late.position()).is_some());
    }

    #[test]
    fn counts_every_set_and_position_it_solved() {
        // Six geese on the top three ranks: the sets counted are every set
        // of the points from the fifth rank up with no more geese on a rank
        // and those below it than the root had, found here by trying all
        // 2^13 subsets; the fox's wins, by plain minimax on each position.
        let text = "fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29";
        let late = Game::from_position_string(text).unwrap();
        let table = FoxGeeseTable::build(*late.variant(), late.position(), 2, &mut |_| {}).unwrap();
        let board = &table.board;
        let top: Vec<usize> = (0..POINTS).filter(|&i| board.rank[i] >= 4).collect();
        let caps = [2, 5, 6]; // the root's geese on ranks 5, 5-6, 5-7
        let mut seen = HashMap::new();
        let mut expected = vec![GeeseCount::default(); 7];
        for subset in 0u32..1 << top.len() {
            let geese: u64 = top
                .iter()
                .enumerate()
                .filter(|(bit, _)| subset >> bit & 1 == 1)
                .map(|(_, &i)| 1u64 << i)
                .sum();
            let on = |rank: u8| {
                (0..POINTS)
                    .filter(|&i| geese >> i & 1 == 1 && board.rank[i] <= rank)
                    .count()
            };
            let n = geese.count_ones() as usize;
            if !(4..=6).contains(&n) || (4..=6).any(|r| on(r as u8) > caps[r - 4]) {
                continue;
            }
            let count = &mut expected[n];
            count.geese = n;
            count.sets += 1;
            for fox in (0..POINTS).filter(|&i| geese >> i & 1 == 0) {
                count.positions += 1;
                let string = position_string(board, geese, fox);
                let mut game = Game::from_position_string(&string).unwrap();
                if brute_force(&mut game, &mut seen) == Winner::Fox {
                    count.fox_wins += 1;
                }
            }
        }
        assert_eq!(table.counts(), &expected[4..]);
        assert!(expected[6].fox_wins > 0 && expected[6].fox_wins < expected[6].positions);
    }

    /// The position string of geese (table points) and a fox, geese to
    /// move, with no progress owed.
    fn position_string(board: &Board, geese: u64, fox: usize) -> String {
        let mut grid = [' '; 49];
        for i in 0..POINTS {
            let g = board.grid[i] as usize;
            grid[g] = if geese >> i & 1 == 1 {
                'G'
            } else if i == fox {
                'F'
            } else {
                '.'
            };
        }
        let rows: Vec<String> = (0..7)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut gap = 0;
                for file in 0..7 {
                    match grid[rank * 7 + file] {
                        ' ' => {}
                        '.' => gap += 1,
                        c => {
                            if gap > 0 {
                                row += &gap.to_string();
                                gap = 0;
                            }
                            row.push(c);
                        }
                    }
                }
                if gap > 0 {
                    row += &gap.to_string();
                }
                row
            })
            .collect();
        let rank_sum: usize = (0..POINTS)
            .filter(|&i| geese >> i & 1 == 1)
            .map(|i| board.rank[i] as usize)
            .sum();
        format!("fox-geese {} G 0/0 0 {rank_sum}", rows.join("/"))
    }

    #[test]
    fn refuses_sideways_steps_and_other_games() {
        let mut v = Variant::new(crate::rules::GameId::named("fox-geese"));
        v.set_option("sideways=on").unwrap();
        let start = Game::new(v);
        let build = |v: Variant, pos: &Position| FoxGeeseTable::build(v, pos, 1, &mut |_| {});
        assert!(build(v, start.position()).is_err());
        let pirates = Game::new(Variant::new(crate::rules::GameId::named("pirates")));
        assert!(build(*pirates.variant(), pirates.position()).is_err());
    }
}
