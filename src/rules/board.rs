//! The topology table: points, lines and jump lines of each board.
//!
//! Points live on a 7x7 grid (`index = rank * 7 + file`, both from 0), so a
//! point's name never depends on the board and every board fits a `u64`
//! bitboard. The same table drives the moves and the lines the game draws.

use std::fmt;
use std::sync::OnceLock;

/// Width of the grid every board is laid on.
pub const GRID: u8 = 7;
/// Number of grid cells (not all are points of a given board).
pub const CELLS: usize = (GRID as usize) * (GRID as usize);

/// A point of the grid: `rank * 7 + file`, file `a` = 0, rank `1` = 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(u8);

impl Point {
    /// The point at `file` (0 = a) and `rank` (0 = rank 1), if it is on the grid.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < GRID && rank < GRID {
            Some(Point(rank * GRID + file))
        } else {
            None
        }
    }
    /// The point with this grid index (`rank * 7 + file`).
    pub const fn from_index(index: u8) -> Option<Point> {
        if (index as usize) < CELLS {
            Some(Point(index))
        } else {
            None
        }
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// File from 0 (`a`).
    pub const fn file(self) -> u8 {
        self.0 % GRID
    }
    /// Rank from 0 (rank `1`). Higher is "forward" for the crowd.
    pub const fn rank(self) -> u8 {
        self.0 / GRID
    }
    pub const fn bit(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }
    /// Parses a point name such as `d4` (lower-case file, rank digit).
    pub fn parse(name: &str) -> Option<Point> {
        let b = name.as_bytes();
        if b.len() != 2
            || !(b'a'..b'a' + GRID).contains(&b[0])
            || !(b'1'..b'1' + GRID).contains(&b[1])
        {
            return None;
        }
        Point::new(b[0] - b'a', b[1] - b'1')
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A set of points, one bit per grid cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const fn contains(self, p: Point) -> bool {
        self.0 & (1u64 << p.0) != 0
    }
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn with(self, p: Point) -> Bitboard {
        Bitboard(self.0 | (1u64 << p.0))
    }
    pub const fn without(self, p: Point) -> Bitboard {
        Bitboard(self.0 & !(1u64 << p.0))
    }
    /// True when every point of `other` is in `self`.
    pub const fn is_superset(self, other: Bitboard) -> bool {
        other.0 & !self.0 == 0
    }
    /// The lowest point of the set, if any.
    pub fn first(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Some(Point(self.0.trailing_zeros() as u8))
        }
    }
}

impl Iterator for Bitboard {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            let p = Point(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(p)
        }
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}
impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}
impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ((1u64 << CELLS) - 1))
    }
}

/// The eight directions, as (file step, rank step). Index order is fixed:
/// N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The grid index offset of one step in each of [`DIRECTIONS`]
/// (`rank step * 7 + file step`), constant so shift loops unroll.
pub const DIRECTION_OFFSETS: [i8; 8] = {
    let mut out = [0; 8];
    let mut d = 0;
    while d < 8 {
        out[d] = DIRECTIONS[d].1 * GRID as i8 + DIRECTIONS[d].0;
        d += 1;
    }
    out
};

/// The three boards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoardKind {
    /// 33-point cross, diagonals on the alternating pattern (Pirates, Asalto).
    CrossAlternating,
    /// 33-point cross with every diagonal (Fox and Geese).
    CrossFull,
    /// 5x5 points, alternating diagonals (Bagh-Chal).
    Square5,
}

const NONE: u8 = u8::MAX;

/// Points, lines and jump lines of one board.
pub struct Topology {
    pub kind: BoardKind,
    /// Every point of the board.
    pub points: Bitboard,
    /// Files and ranks the board spans (7 for the cross, 5 for Bagh-Chal).
    pub size: u8,
    /// `step[p][d]`: the point joined to `p` by a line in direction `d`.
    step: [[u8; 8]; CELLS],
    /// `jump[p][d]`: (jumped point, landing point) along direction `d`.
    jump: [[(u8, u8); 8]; CELLS],
    /// All points joined to `p` by a line.
    pub neighbours: [Bitboard; CELLS],
}

impl Topology {
    /// The table of one board, built once.
    pub fn get(kind: BoardKind) -> &'static Topology {
        static TABLES: [OnceLock<Topology>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let slot = match kind {
            BoardKind::CrossAlternating => 0,
            BoardKind::CrossFull => 1,
            BoardKind::Square5 => 2,
        };
        TABLES[slot].get_or_init(|| Topology::build(kind))
    }

    /// The board of the game file that plays on it (`assets/games/classic/`):
    /// its points and lines become the step tables, each line a direction.
    fn build(kind: BoardKind) -> Topology {
        let id = match kind {
            BoardKind::CrossAlternating => "pirates",
            BoardKind::CrossFull => "fox-geese",
            BoardKind::Square5 => "bagh-chal",
        };
        let rules = super::family::classic(id)
            .expect("a classic game file")
            .unwrap_or_else(|e| panic!("built-in game file: {e}"));
        let graph = &rules.graph;
        let at = |p: u8| Point::parse(&graph.nodes[p as usize].name).expect("a point of the grid");
        let mut points = Bitboard::EMPTY;
        for p in 0..graph.nodes.len() as u8 {
            points = points.with(at(p));
        }
        let size = graph.nodes.iter().map(|n| n.x as u8 + 1).max().unwrap_or(0);
        let mut step = [[NONE; 8]; CELLS];
        for &(a, b) in &graph.lines {
            let (pa, pb) = (at(a), at(b));
            let delta = (
                pb.file() as i8 - pa.file() as i8,
                pb.rank() as i8 - pa.rank() as i8,
            );
            let d = DIRECTIONS
                .iter()
                .position(|&dir| dir == delta)
                .expect("a line to a neighbouring point of the grid");
            step[pa.index()][d] = pb.0;
            step[pb.index()][(d + 4) % 8] = pa.0;
        }
        let mut jump = [[(NONE, NONE); 8]; CELLS];
        let mut neighbours = [Bitboard::EMPTY; CELLS];
        for p in 0..CELLS {
            for d in 0..8 {
                let q = step[p][d];
                if q == NONE {
                    continue;
                }
                neighbours[p].0 |= 1 << q;
                let r = step[q as usize][d];
                if r != NONE {
                    jump[p][d] = (q, r);
                }
            }
        }
        Topology {
            kind,
            points,
            size,
            step,
            jump,
            neighbours,
        }
    }

    /// The point joined to `p` by a line in direction `d` (index into [`DIRECTIONS`]).
    #[inline]
    pub fn step(&self, p: Point, d: usize) -> Option<Point> {
        let q = self.step[p.index()][d];
        (q != NONE).then_some(Point(q))
    }

    /// (jumped point, landing point) from `p` along direction `d`.
    #[inline]
    pub fn jump(&self, p: Point, d: usize) -> Option<(Point, Point)> {
        let (q, r) = self.jump[p.index()][d];
        (q != NONE).then_some((Point(q), Point(r)))
    }

    /// Every line of the board once, as (from, to) with `from < to`: what the view draws.
    pub fn lines(&self) -> Vec<(Point, Point)> {
        let mut out = Vec::new();
        for p in self.points {
            for q in self.neighbours[p.index()] {
                if p < q {
                    out.push((p, q));
                }
            }
        }
        out
    }

    /// The line from `from` to `to`, as a direction index, if they are joined.
    pub fn direction(&self, from: Point, to: Point) -> Option<usize> {
        (0..8).find(|&d| self.step[from.index()][d] == to.0)
    }
}

/// Parses a set of point names separated by spaces, for tables in code and tests.
pub fn points(names: &str) -> Bitboard {
    names.split_whitespace().fold(Bitboard::EMPTY, |b, n| {
        b.with(Point::parse(n).expect("point name"))
    })
}
