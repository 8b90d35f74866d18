//! Numbering the positions of Bagh-Chal's sliding phase: the board on 25
//! local points, the moves and un-moves on it, and a dense index per
//! number of goats (tigers as a 4-subset of 25, then the goats as a subset
//! of the 21 points the tigers leave).

use crate::rules::board::Point;
use crate::rules::{Bitboard, GameId, Position, Rules, Side, Variant};

/// Points of the 5x5 board.
pub const POINTS: usize = 25;
/// Points left once the four tigers stand.
const FREE: usize = POINTS - TIGERS;
/// Tigers on the board.
pub const TIGERS: usize = 4;

/// The board in local numbering (`rank * 5 + file`), as bit masks.
pub struct Board {
    /// Points joined to each point by a line.
    pub neighbours: [u32; POINTS],
    /// (jumped, landing) pairs along the lines from each point.
    pub jumps: [[(u8, u8); 8]; POINTS],
    pub jump_count: [u8; POINTS],
    /// Local point to the rules' grid point, and back (`u8::MAX` off board).
    to_grid: [Point; POINTS],
    from_grid: [u8; 64],
}

impl Board {
    pub fn new() -> Board {
        let rules = Rules::of(Variant::new(GameId::named("bagh-chal")));
        let topo = rules.board();
        let to_grid: [Point; POINTS] =
            std::array::from_fn(|i| Point::new((i % 5) as u8, (i / 5) as u8).expect("on the grid"));
        let mut from_grid = [u8::MAX; 64];
        for (i, p) in to_grid.iter().enumerate() {
            from_grid[p.index()] = i as u8;
        }
        let local = |p: Point| from_grid[p.index()];
        let mut b = Board {
            neighbours: [0; POINTS],
            jumps: [[(0, 0); 8]; POINTS],
            jump_count: [0; POINTS],
            to_grid,
            from_grid,
        };
        for (i, &p) in to_grid.iter().enumerate() {
            for q in topo.neighbours[p.index()] {
                b.neighbours[i] |= 1 << local(q);
            }
            for d in 0..8 {
                if let Some((over, land)) = topo.jump(p, d) {
                    b.jumps[i][b.jump_count[i] as usize] = (local(over), local(land));
                    b.jump_count[i] += 1;
                }
            }
        }
        b
    }

    /// A rules bitboard in local numbering.
    pub fn local(&self, bits: Bitboard) -> u32 {
        bits.fold(0, |m, p| m | 1 << self.from_grid[p.index()])
    }

    /// A local mask as a rules bitboard.
    pub fn grid(&self, mask: u32) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        let mut m = mask;
        while m != 0 {
            b = b.with(self.to_grid[m.trailing_zeros() as usize]);
            m &= m - 1;
        }
        b
    }

    /// The tigers and goats of a rules position, locally.
    pub fn pieces(&self, pos: &Position) -> (u32, u32) {
        (
            self.local(pos.pieces[Side::Hunters.index()]),
            self.local(pos.pieces[Side::Crowd.index()]),
        )
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

/// `bits` with the bits at the positions of `holes` taken out (the higher
/// bits move down): the goats among the points the tigers leave.
#[inline]
pub fn squeeze(bits: u32, holes: u32) -> u32 {
    let mut x = bits;
    let mut h = holes;
    // Highest hole first, so the lower holes keep their places.
    while h != 0 {
        let t = 31 - h.leading_zeros();
        h &= !(1 << t);
        let low = x & ((1 << t) - 1);
        x = low | (x >> (t + 1)) << t;
    }
    x
}

/// The inverse of [`squeeze`]: zeros put back at the positions of `holes`.
#[inline]
pub fn spread(bits: u32, holes: u32) -> u32 {
    let mut x = bits;
    let mut h = holes;
    // Lowest hole first.
    while h != 0 {
        let t = h.trailing_zeros();
        h &= h - 1;
        let low = x & ((1 << t) - 1);
        x = low | (x >> t) << (t + 1);
    }
    x
}

/// Positions (for one side to move) with `goats` goats: tiger sets times
/// goat sets, without building an [`Indexer`].
pub fn positions(goats: usize) -> u64 {
    let choose = |n: u64, k: u64| (0..k).fold(1u64, |c, i| c * (n - i) / (i + 1));
    choose(POINTS as u64, TIGERS as u64) * choose(FREE as u64, goats.min(FREE) as u64)
}

/// Dense numbering of the positions with a given number of goats.
pub struct Indexer {
    binomial: [[u32; POINTS + 1]; POINTS + 1],
    /// Every tiger set, in index order.
    tiger_sets: Vec<u32>,
    /// Per goat count, every goat set over the 21 free points, in index order.
    goat_sets: Vec<Vec<u32>>,
    /// The index of a goat set among the sets of its size (2^21 entries).
    goat_index: Vec<u16>,
}

impl Indexer {
    pub fn new() -> Indexer {
        let mut binomial = [[0u32; POINTS + 1]; POINTS + 1];
        for n in 0..=POINTS {
            binomial[n][0] = 1;
            for k in 1..=n {
                binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
            }
        }
        let mut ix = Indexer {
            binomial,
            tiger_sets: Vec::new(),
            goat_sets: vec![Vec::new(); FREE + 1],
            goat_index: vec![0; 1 << FREE],
        };
        // Colex order: a set's index is the sum of C(position, rank).
        ix.tiger_sets = vec![0; ix.binomial[POINTS][TIGERS] as usize];
        for d in 3..POINTS {
            for c in 2..d {
                for b in 1..c {
                    for a in 0..b {
                        let mask = 1 << a | 1 << b | 1 << c | 1 << d;
                        let i = ix.colex(mask) as usize;
                        ix.tiger_sets[i] = mask;
                    }
                }
            }
        }
        for n in 0..=FREE {
            ix.goat_sets[n] = vec![0; ix.binomial[FREE][n] as usize];
        }
        for mask in 0u32..1 << FREE {
            let i = ix.colex(mask);
            ix.goat_index[mask as usize] = i as u16;
            ix.goat_sets[mask.count_ones() as usize][i as usize] = mask;
        }
        ix
    }

    /// The set's rank among the sets of its size, in colex order.
    pub fn colex(&self, mask: u32) -> u32 {
        let mut m = mask;
        let mut i = 0;
        let mut k = 1;
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            i += self.binomial[p][k];
            k += 1;
        }
        i
    }

    /// Goat sets of size `goats` per tiger set.
    pub fn goat_sets(&self, goats: usize) -> u64 {
        self.binomial[FREE][goats] as u64
    }
    /// Positions (for one side to move) with `goats` goats.
    pub fn size(&self, goats: usize) -> u64 {
        self.tiger_sets.len() as u64 * self.goat_sets(goats)
    }

    /// The index of tigers and goats (local masks; `goats` goats in all).
    #[inline]
    pub fn index(&self, tigers: u32, goats: u32) -> u64 {
        let n = goats.count_ones() as usize;
        let t = self.colex(tigers) as u64;
        let g = self.goat_index[squeeze(goats, tigers) as usize] as u64;
        t * self.goat_sets(n) + g
    }

    /// The tigers and goats of an index.
    #[inline]
    pub fn pieces(&self, index: u64, goats: usize) -> (u32, u32) {
        let per = self.goat_sets(goats);
        let tigers = self.tiger_sets[(index / per) as usize];
        let g = self.goat_sets[goats][(index % per) as usize];
        (tigers, spread(g, tigers))
    }

    /// The tiger set with index `t`, for walking the positions in order.
    pub fn tiger_set(&self, t: usize) -> u32 {
        self.tiger_sets[t]
    }
    /// The goat sets (over the free points) of size `goats`, in index order.
    pub fn free_goat_sets(&self, goats: usize) -> &[u32] {
        &self.goat_sets[goats]
    }
    pub fn tiger_set_count(&self) -> usize {
        self.tiger_sets.len()
    }
}

impl Default for Indexer {
    fn default() -> Indexer {
        Indexer::new()
    }
}

/// Classes of tiger sets under the board's symmetries (Burnside's lemma:
/// 12,650 sets, 6 fixed by each quarter turn, 66 by the half turn, 150 by
/// each of the four reflections; the sum over 8).
pub const STORED_TIGER_SETS: usize = 1_666;

/// The eight symmetries of the square board (rotations and reflections),
/// under which lines, moves and so every value are the same: the table
/// keeps one tiger set of each class and turns the others onto it.
pub struct Symmetry {
    /// Per symmetry, the image of a 5-bit slice of a mask (points
    /// 5c..5c+4) as a whole mask: a mask is mapped with five lookups.
    slices: [[[u32; 32]; 5]; 8],
    /// Per tiger set index: the class's stored tiger set index (its
    /// smallest) and the symmetries taking this set onto it (a bit each;
    /// more than one when the set is itself symmetric).
    class_of: Vec<(u16, u8)>,
    /// Per tiger set index: its place among the stored ones (classes' smallest).
    slot: Vec<u16>,
    stored: usize,
}

/// A map of the board's (file, rank) to itself.
pub type PointMap = fn(usize, usize) -> (usize, usize);

/// The eight symmetries as maps of (file, rank): the identity, three
/// turns, four reflections.
pub const SYMMETRIES: [PointMap; 8] = [
    |f, r| (f, r),
    |f, r| (4 - r, f),
    |f, r| (4 - f, 4 - r),
    |f, r| (r, 4 - f),
    |f, r| (4 - f, r),
    |f, r| (f, 4 - r),
    |f, r| (r, f),
    |f, r| (4 - r, 4 - f),
];

/// Each symmetry as a permutation of the local points.
pub fn symmetry_permutations() -> [[usize; POINTS]; 8] {
    std::array::from_fn(|m| {
        std::array::from_fn(|p| {
            let (f, r) = SYMMETRIES[m](p % 5, p / 5);
            r * 5 + f
        })
    })
}

impl Symmetry {
    pub fn new(ix: &Indexer) -> Symmetry {
        let maps = SYMMETRIES;
        let slices = std::array::from_fn(|m| {
            std::array::from_fn(|c| {
                std::array::from_fn(|bits| {
                    (0..5)
                        .filter(|b| bits >> b & 1 == 1)
                        .map(|b| {
                            let p = 5 * c + b;
                            let (f, r) = maps[m](p % 5, p / 5);
                            1u32 << (5 * r + f)
                        })
                        .fold(0, |a, bit| a | bit)
                })
            })
        });
        let mut sym = Symmetry {
            slices,
            class_of: Vec::with_capacity(ix.tiger_set_count()),
            slot: vec![u16::MAX; ix.tiger_set_count()],
            stored: 0,
        };
        for t in 0..ix.tiger_set_count() {
            let tigers = ix.tiger_set(t);
            let images: Vec<u32> = (0..8).map(|m| ix.colex(sym.apply(m, tigers))).collect();
            let best = *images.iter().min().expect("eight symmetries");
            let onto = (0..8)
                .filter(|&m| images[m] == best)
                .fold(0u8, |b, m| b | 1 << m);
            sym.class_of.push((best as u16, onto));
            if best as usize == t {
                sym.slot[t] = sym.stored as u16;
                sym.stored += 1;
            }
        }
        sym
    }

    /// The image of a mask under symmetry `m`.
    #[inline]
    pub fn apply(&self, m: usize, mask: u32) -> u32 {
        let s = &self.slices[m];
        s[0][(mask & 31) as usize]
            | s[1][(mask >> 5 & 31) as usize]
            | s[2][(mask >> 10 & 31) as usize]
            | s[3][(mask >> 15 & 31) as usize]
            | s[4][(mask >> 20 & 31) as usize]
    }

    /// Tiger sets kept, one per class.
    pub fn stored_tiger_sets(&self) -> usize {
        self.stored
    }

    /// The place in a folded table of the position (tigers, goats): the
    /// position turned so its tiger set is its class's smallest, then
    /// numbered as [`Indexer::index`] does within the kept tiger sets.
    /// When the tiger set is itself symmetric, several symmetries turn it
    /// onto its class's set: the one giving the smallest goat number is
    /// used, so that every image of a position lands on one place.
    #[inline]
    pub fn folded_index(&self, ix: &Indexer, tigers: u32, goats: u32) -> u64 {
        let (class, onto) = self.class_of[ix.colex(tigers) as usize];
        let canonical_tigers = ix.tiger_set(class as usize);
        let mut g = u64::MAX;
        let mut ms = onto;
        while ms != 0 {
            let m = ms.trailing_zeros() as usize;
            ms &= ms - 1;
            let image = squeeze(self.apply(m, goats), canonical_tigers);
            g = g.min(ix.goat_index[image as usize] as u64);
        }
        self.slot[class as usize] as u64 * ix.goat_sets(goats.count_ones() as usize) + g
    }

    /// Keeps the blocks of `full` (indexed by [`Indexer::index`], `goats`
    /// goats) whose tiger set is its class's smallest.
    pub fn fold(&self, ix: &Indexer, goats: usize, full: &[u8]) -> Vec<u8> {
        let per = ix.goat_sets(goats) as usize;
        let mut out = Vec::with_capacity(self.stored * per);
        for t in 0..ix.tiger_set_count() {
            if self.slot[t] != u16::MAX {
                out.extend_from_slice(&full[t * per..(t + 1) * per]);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squeeze_and_spread_are_inverse() {
        let holes = 0b1_0000_0000_0100_0001_0000_0010;
        for bits in [0u32, 1, 0b1011_0110, 0x1F_FFFF, 0x15_5555] {
            let spread_out = spread(bits, holes);
            assert_eq!(spread_out & holes, 0);
            assert_eq!(spread_out.count_ones(), bits.count_ones());
            assert_eq!(squeeze(spread_out, holes), bits);
        }
    }

    #[test]
    fn every_index_names_one_position() {
        let ix = Indexer::new();
        assert_eq!(ix.tiger_set_count(), 12_650);
        assert_eq!(positions(20), 12_650 * 21);
        for goats in [20, 18, 16] {
            let size = ix.size(goats);
            for i in (0..size).step_by(9_973).chain([0, size - 1]) {
                let (t, g) = ix.pieces(i, goats);
                assert_eq!(t.count_ones(), 4);
                assert_eq!(g.count_ones() as usize, goats);
                assert_eq!(t & g, 0);
                assert!(t | g < 1 << POINTS);
                assert_eq!(ix.index(t, g), i);
            }
        }
    }

    #[test]
    fn symmetric_positions_share_their_folded_place() {
        let ix = Indexer::new();
        let sym = Symmetry::new(&ix);
        // Burnside: (12,650 + 2 x 6 + 66 + 4 x 150) / 8 = 1,666 classes.
        assert_eq!(sym.stored_tiger_sets(), STORED_TIGER_SETS);
        let goats = 18;
        let folded_size = sym.stored_tiger_sets() as u64 * ix.goat_sets(goats);
        for i in (0..ix.size(goats)).step_by(7_919) {
            let (t, g) = ix.pieces(i, goats);
            let place = sym.folded_index(&ix, t, g);
            assert!(place < folded_size);
            for m in 0..8 {
                let (tm, gm) = (sym.apply(m, t), sym.apply(m, g));
                assert_eq!(tm.count_ones(), 4);
                assert_eq!(gm.count_ones() as usize, goats);
                assert_eq!(sym.folded_index(&ix, tm, gm), place, "symmetry {m}");
            }
        }
    }

    #[test]
    fn the_local_board_has_the_rules_lines() {
        let b = Board::new();
        // a1 (corner, with diagonals): b1, a2, b2; b1: a1, c1, b2.
        assert_eq!(b.neighbours[0], 1 << 1 | 1 << 5 | 1 << 6);
        assert_eq!(b.neighbours[1], 1 | 1 << 2 | 1 << 6);
        // c3 (centre) joins all eight around it.
        assert_eq!(b.neighbours[12].count_ones(), 8);
        // a1 jumps over b1 to c1, a2 to a3, b2 to c3.
        assert_eq!(b.jump_count[0], 3);
    }
}
