//! The board: its points (named, with drawing coordinates), the lines that
//! join them and the jump lines, as the rules and the drawing both use
//! them. One table draws the lines and generates the moves.
//!
//! A point is an index below 64, so a set of points is a `u64`
//! ([`Bitboard`]). Where the board fits a grid (every point at whole
//! coordinates, every line one step to a neighbouring cell, as on the
//! cross and the Alquerque square), a point's index is its cell,
//! `rank * stride + file`, and a step in one of the eight directions is one
//! shift of the whole set: the move generator counts moves in bulk that way
//! ([`Layout::Grid`]). Any other board (a star, a hound board) numbers its
//! points in the file's order ([`Layout::Graph`]).

use super::family::graph::{Graph, Node};

/// The most points a board may have: a position is a `u64` per side.
pub const CELLS: usize = 64;

/// A point of a board: an index below [`CELLS`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(u8);

impl Point {
    /// The point with this index, if it is below [`CELLS`].
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
    pub const fn bit(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }
}

/// A set of points, one bit per point index.
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
        Bitboard(!self.0)
    }
}

/// The eight directions of a grid, as (file step, rank step). Index order
/// is fixed: N, NE, E, SE, S, SW, W, NW.
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

/// How a board's points are numbered.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Point `rank * stride + file` (from the lowest file and rank of the
    /// board), every line one step in one of [`DIRECTIONS`].
    Grid { stride: u8 },
    /// In the file's order.
    Graph,
}

/// The widest grid numbered with the classic stride of seven (the cross,
/// whose point indices were always `rank * 7 + file`); wider grids up to
/// eight take a stride of eight.
const NARROW_STRIDE: i32 = 7;

/// One board: points, names, coordinates, lines and jump lines.
#[derive(Clone, Debug)]
pub struct Board {
    /// Every point of the board.
    pub points: Bitboard,
    pub layout: Layout,
    /// The points in the file's order.
    order: Vec<Point>,
    /// Per point index: its name and where it is drawn (empty for an index
    /// that is no point).
    names: Vec<String>,
    coords: Vec<(f32, f32)>,
    /// All points joined to each point by a line.
    pub neighbours: [Bitboard; CELLS],
    /// Each line once, as (from, to) with `from < to`.
    lines: Vec<(Point, Point)>,
    /// Per point: (jumped point, landing point) of each jump line from it;
    /// on a grid, in the order of [`DIRECTIONS`].
    jumps: Vec<Vec<(Point, Point)>>,
}

impl Board {
    /// The board of a checked graph, numbered on a grid where it fits one.
    pub fn new(graph: &Graph) -> Board {
        let layout = grid_layout(&graph.nodes, &graph.lines);
        let order: Vec<Point> = match layout {
            Layout::Graph => (0..graph.nodes.len() as u8).map(Point).collect(),
            Layout::Grid { stride } => {
                let (x0, y0) = lowest_corner(&graph.nodes);
                graph
                    .nodes
                    .iter()
                    .map(|n| {
                        let (file, rank) = ((n.x - x0) as u8, (n.y - y0) as u8);
                        Point(rank * stride + file)
                    })
                    .collect()
            }
        };
        let mut names = vec![String::new(); CELLS];
        let mut coords = vec![(0.0, 0.0); CELLS];
        for (node, &p) in graph.nodes.iter().zip(&order) {
            names[p.index()] = node.name.clone();
            coords[p.index()] = (node.x, node.y);
        }
        let at = |i: u8| order[i as usize];
        let mut neighbours = [Bitboard::EMPTY; CELLS];
        let mut lines: Vec<(Point, Point)> = graph
            .lines
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (at(a), at(b));
                neighbours[a.index()] = neighbours[a.index()].with(b);
                neighbours[b.index()] = neighbours[b.index()].with(a);
                (a.min(b), a.max(b))
            })
            .collect();
        lines.sort();
        let mut jumps = vec![Vec::new(); CELLS];
        for (i, from_jumps) in graph.jumps.iter().enumerate() {
            let from = order[i];
            jumps[from.index()] = from_jumps.iter().map(|&(o, t)| (at(o), at(t))).collect();
            if let Layout::Grid { stride } = layout {
                // The classic order: north first, clockwise.
                jumps[from.index()].sort_by_key(|&(over, _)| direction_of(stride, from, over));
            }
        }
        Board {
            points: order.iter().fold(Bitboard::EMPTY, |b, &p| b.with(p)),
            layout,
            order,
            names,
            coords,
            neighbours,
            lines,
            jumps,
        }
    }

    /// The point's name (`d4`, `h5`).
    pub fn name(&self, p: Point) -> &str {
        &self.names[p.index()]
    }

    /// The point of this name.
    pub fn find(&self, name: &str) -> Option<Point> {
        self.order
            .iter()
            .copied()
            .find(|&p| self.names[p.index()] == name)
    }

    /// Where the point is drawn: x to the right, y up, in the file's unit.
    pub fn position(&self, p: Point) -> (f32, f32) {
        self.coords[p.index()]
    }

    /// The points in the file's order.
    pub fn ordered(&self) -> &[Point] {
        &self.order
    }

    /// Every line of the board once, as (from, to) with `from < to`: what
    /// the view draws.
    pub fn lines(&self) -> &[(Point, Point)] {
        &self.lines
    }

    /// (jumped point, landing point) of each jump line from `p`.
    pub fn jumps(&self, p: Point) -> &[(Point, Point)] {
        &self.jumps[p.index()]
    }

    /// The grid offset of a step in direction `d` (index into
    /// [`DIRECTIONS`]), on a grid board.
    pub fn offset(&self, d: usize) -> Option<i8> {
        match self.layout {
            Layout::Grid { stride } => Some(DIRECTIONS[d].1 * stride as i8 + DIRECTIONS[d].0),
            Layout::Graph => None,
        }
    }

    /// On a grid board, the point joined to `p` by a line in direction `d`
    /// (index into [`DIRECTIONS`]).
    pub fn step(&self, p: Point, d: usize) -> Option<Point> {
        let q = p.index() as i32 + self.offset(d)? as i32;
        let q = Point::from_index(u8::try_from(q).ok()?)?;
        self.neighbours[p.index()].contains(q).then_some(q)
    }

    /// On a grid board, (jumped point, landing point) from `p` along
    /// direction `d`, if a jump line goes that way.
    pub fn jump(&self, p: Point, d: usize) -> Option<(Point, Point)> {
        let over = self.step(p, d)?;
        self.jumps(p).iter().copied().find(|&(o, _)| o == over)
    }

    /// The points of a space-separated list of names; `None` when one is
    /// not a point of the board.
    pub fn set(&self, names: &str) -> Option<Bitboard> {
        names
            .split_whitespace()
            .try_fold(Bitboard::EMPTY, |b, n| Some(b.with(self.find(n)?)))
    }

    /// The length of the board's shortest line on the drawing: the unit a
    /// drawing scales the board by.
    pub fn spacing(&self) -> f32 {
        let shortest = self
            .lines
            .iter()
            .map(|&(a, b)| {
                let ((ax, ay), (bx, by)) = (self.position(a), self.position(b));
                (bx - ax).hypot(by - ay)
            })
            .fold(f32::MAX, f32::min);
        if shortest.is_finite() && shortest > 0.0 {
            shortest
        } else {
            1.0
        }
    }

    /// The lowest and highest x and y of the points, on the drawing.
    pub fn bounds(&self) -> ((f32, f32), (f32, f32)) {
        self.points.fold(
            ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN)),
            |((x0, y0), (x1, y1)), p| {
                let (x, y) = self.position(p);
                ((x0.min(x), y0.min(y)), (x1.max(x), y1.max(y)))
            },
        )
    }

    /// The board's outline as groups of points, each drawn as the
    /// rectangle around it: the cross's two arms (its widest rows, its
    /// tallest columns), or, for any other shape, all the points.
    pub fn bands(&self) -> Vec<Bitboard> {
        let group = |key: &dyn Fn(Point) -> f32| {
            let count = |p: Point| self.points.filter(|&q| key(q) == key(p)).count();
            let most = self.points.map(count).max().unwrap_or(0);
            self.points
                .filter(|&p| count(p) == most)
                .fold(Bitboard::EMPTY, |b, p| b.with(p))
        };
        let wide = group(&|p| self.position(p).1);
        let tall = group(&|p| self.position(p).0);
        if wide == self.points || (wide | tall) != self.points {
            vec![self.points]
        } else {
            vec![wide, tall]
        }
    }

    /// The rows of the drawing, top first, each left to right: the points
    /// that share a height. A position string lists the board row by row.
    pub fn rows(&self) -> Vec<Vec<Point>> {
        let mut points: Vec<Point> = self.order.clone();
        points.sort_by(|&a, &b| {
            let ((ax, ay), (bx, by)) = (self.position(a), self.position(b));
            by.total_cmp(&ay).then(ax.total_cmp(&bx))
        });
        let mut rows: Vec<Vec<Point>> = Vec::new();
        for p in points {
            match rows.last_mut() {
                Some(row) if self.position(row[0]).1 == self.position(p).1 => row.push(p),
                _ => rows.push(vec![p]),
            }
        }
        rows
    }
}

/// The lowest x and y of the nodes.
fn lowest_corner(nodes: &[Node]) -> (f32, f32) {
    nodes
        .iter()
        .fold((f32::MAX, f32::MAX), |(x, y), n| (x.min(n.x), y.min(n.y)))
}

/// A grid numbering for the board, if it fits one: whole coordinates, at
/// most eight files and 64 cells, and every line one step to a
/// neighbouring cell.
fn grid_layout(nodes: &[Node], lines: &[(u8, u8)]) -> Layout {
    let whole = |v: f32| v.fract() == 0.0 && v.abs() < 64.0;
    if !nodes.iter().all(|n| whole(n.x) && whole(n.y)) {
        return Layout::Graph;
    }
    let (x0, y0) = lowest_corner(nodes);
    let files = nodes.iter().map(|n| (n.x - x0) as i32).max().unwrap_or(0) + 1;
    let ranks = nodes.iter().map(|n| (n.y - y0) as i32).max().unwrap_or(0) + 1;
    let stride = if files <= NARROW_STRIDE {
        NARROW_STRIDE
    } else {
        8
    };
    if files > 8 || ranks * stride > CELLS as i32 {
        return Layout::Graph;
    }
    let unit_steps = lines.iter().all(|&(a, b)| {
        let (a, b) = (&nodes[a as usize], &nodes[b as usize]);
        let (dx, dy) = ((b.x - a.x).abs(), (b.y - a.y).abs());
        dx <= 1.0 && dy <= 1.0
    });
    if unit_steps {
        Layout::Grid {
            stride: stride as u8,
        }
    } else {
        Layout::Graph
    }
}

/// The direction (index into [`DIRECTIONS`]) of the step from `a` to its
/// neighbour `b` on a grid of this stride.
fn direction_of(stride: u8, a: Point, b: Point) -> usize {
    let delta = b.0 as i32 - a.0 as i32;
    DIRECTIONS
        .iter()
        .position(|&(df, dr)| dr as i32 * stride as i32 + df as i32 == delta)
        .expect("a step to a neighbouring cell")
}

impl Board {
    /// Files and ranks a grid board spans (7 for the cross, 5 for Bagh-Chal).
    pub fn size(&self) -> u8 {
        self.points
            .map(|p| {
                let (x, y) = self.position(p);
                x.max(y) as u8 + 1
            })
            .max()
            .unwrap_or(0)
    }
}

/// The classic grid of seven files: a point's name from its cell, for the
/// four first games' boards, whose cells are their points.
pub const GRID: u8 = 7;

impl Point {
    /// The point at `file` (0 = a) and `rank` (0 = rank 1) of a seven-file grid.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < GRID && rank < GRID {
            Some(Point(rank * GRID + file))
        } else {
            None
        }
    }
    /// File from 0 (`a`), on a seven-file grid.
    pub const fn file(self) -> u8 {
        self.0 % GRID
    }
    /// Rank from 0 (rank `1`), on a seven-file grid.
    pub const fn rank(self) -> u8 {
        self.0 / GRID
    }
    /// Parses a point name such as `d4` of a seven-file grid.
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

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Parses a set of point names of a seven-file grid, for tables in code and tests.
pub fn points(names: &str) -> Bitboard {
    names.split_whitespace().fold(Bitboard::EMPTY, |b, n| {
        b.with(Point::parse(n).expect("point name"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Rules, Variant};

    fn board(id: &str) -> std::sync::Arc<Board> {
        Rules::of(Variant::new(GameId::named(id))).board.clone()
    }

    #[test]
    fn the_cross_keeps_its_cells_and_the_star_its_file_order() {
        let cross = board("pirates");
        assert_eq!(cross.layout, Layout::Grid { stride: 7 });
        assert_eq!(cross.points.count(), 33);
        // d4 is file 3, rank 3: cell 3 * 7 + 3.
        assert_eq!(cross.find("d4").map(Point::index), Some(24));
        let star = board("kaooa");
        assert_eq!(star.layout, Layout::Graph);
        assert_eq!(star.ordered()[0], Point(0));
    }

    #[test]
    fn the_cross_is_two_bands_and_the_square_one() {
        let cross = board("pirates");
        let bands = cross.bands();
        assert_eq!(bands.len(), 2);
        assert_eq!(bands[0].count(), 21);
        assert_eq!(bands[0] | bands[1], cross.points);
        assert_eq!(board("bagh-chal").bands(), vec![board("bagh-chal").points]);
    }

    #[test]
    fn rows_go_from_the_top_left_to_right() {
        let square = board("bagh-chal");
        let rows = square.rows();
        assert_eq!(rows.len(), 5);
        let names: Vec<&str> = rows[0].iter().map(|&p| square.name(p)).collect();
        assert_eq!(names, ["a5", "b5", "c5", "d5", "e5"]);
    }

    #[test]
    fn a_grid_step_and_jump_follow_the_lines() {
        let cross = board("pirates");
        let (d4, d5) = (cross.find("d4").unwrap(), cross.find("d5").unwrap());
        // North of d4 is d5; d5 has no diagonal on the alternating pattern.
        assert_eq!(cross.step(d4, 0), Some(d5));
        assert_eq!(cross.step(d4, 1), cross.find("e5"));
        assert_eq!(cross.step(d5, 1), None);
        assert_eq!(
            cross.jump(d4, 0),
            Some((cross.find("d5").unwrap(), cross.find("d6").unwrap()))
        );
        assert_eq!(cross.spacing(), 1.0);
    }
}
