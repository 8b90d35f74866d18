//! A game file's board turned into a graph: named points with drawing
//! coordinates, the lines between them, and the jump lines (from, over,
//! to), checked.

use super::file::{BoardSpec, Diagonals, GridSpec};
use super::problem::Problem;

/// At most this many points: a position is a `u64` per side.
pub const MAX_POINTS: usize = 64;

/// How far from straight three points may be and still make a jump line
/// (the sine of the angle between the two steps).
const STRAIGHT: f32 = 1e-3;

/// One point of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub name: String,
    /// Where it is drawn: x right, y up, in grid steps.
    pub x: f32,
    pub y: f32,
}

/// The board as the rules and the drawing use it.
#[derive(Clone, Debug)]
pub struct Graph {
    pub nodes: Vec<Node>,
    /// Each line once, as a pair of point indices (lower first).
    pub lines: Vec<(u8, u8)>,
    /// `neighbours[p]`: the points joined to `p` by a line.
    pub neighbours: Vec<u64>,
    /// `jumps[p]`: (over, to) for every jump line starting at `p`.
    pub jumps: Vec<Vec<(u8, u8)>>,
}

impl Graph {
    /// The index of a point by name.
    pub fn find(&self, name: &str) -> Option<u8> {
        self.nodes
            .iter()
            .position(|n| n.name == name)
            .map(|i| i as u8)
    }

    /// Every point of the board, as a set.
    pub fn all(&self) -> u64 {
        if self.nodes.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.nodes.len()) - 1
        }
    }

    /// The set of points a space-separated list names.
    pub fn set(&self, names: &str, field: &str) -> Result<u64, Problem> {
        let mut set = 0u64;
        for name in names.split_whitespace() {
            let p = self.find(name).ok_or_else(|| Problem::UnknownPoint {
                name: name.to_string(),
                field: field.to_string(),
            })?;
            if set & (1 << p) != 0 {
                return Err(Problem::PointTwice {
                    name: name.to_string(),
                    field: field.to_string(),
                });
            }
            set |= 1 << p;
        }
        Ok(set)
    }

    /// The step from `a` to `b` on the drawing.
    pub fn vector(&self, a: u8, b: u8) -> (f32, f32) {
        let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        (b.x - a.x, b.y - a.y)
    }

    /// True when `a -> b -> c` goes straight on (same direction, no bend).
    fn straight(&self, a: u8, b: u8, c: u8) -> bool {
        let (u, v) = (self.vector(a, b), self.vector(b, c));
        let (lu, lv) = (u.0.hypot(u.1), v.0.hypot(v.1));
        if lu == 0.0 || lv == 0.0 {
            return false;
        }
        let cross = (u.0 * v.1 - u.1 * v.0) / (lu * lv);
        let dot = u.0 * v.0 + u.1 * v.1;
        cross.abs() < STRAIGHT && dot > 0.0
    }

    fn joined(&self, a: u8, b: u8) -> bool {
        self.neighbours[a as usize] & (1 << b) != 0
    }

    /// Builds and checks the graph a board spec describes: its points (the
    /// grid's, less those removed, and those listed), its lines, then its
    /// jump lines.
    pub fn build(spec: &BoardSpec) -> Result<Graph, Problem> {
        let (mut nodes, mut lines) = match spec.grid {
            Some(grid) => grid_points(grid)?,
            None => (Vec::new(), Vec::new()),
        };
        for removed in &spec.remove {
            let at = nodes
                .iter()
                .position(|n| &n.name == removed)
                .ok_or_else(|| Problem::UnknownPoint {
                    name: removed.clone(),
                    field: "remove".to_string(),
                })?;
            nodes.remove(at);
            lines.retain(|(a, b)| a != removed && b != removed);
        }
        add_listed_points(&mut nodes, &spec.points)?;
        for run in &spec.lines {
            let names: Vec<&str> = run.split_whitespace().collect();
            if names.len() < 2 {
                return Err(Problem::ShortLine(run.clone()));
            }
            for pair in names.windows(2) {
                lines.push((pair[0].to_string(), pair[1].to_string()));
            }
        }
        let mut graph = Graph {
            neighbours: vec![0; nodes.len()],
            jumps: vec![Vec::new(); nodes.len()],
            nodes,
            lines: Vec::new(),
        };
        graph.join(&lines)?;
        match &spec.jumps {
            None => graph.straight_jumps(),
            Some(triples) => graph.listed_jumps(triples)?,
        }
        Ok(graph)
    }

    /// Joins the named pairs by lines; every point needs one.
    fn join(&mut self, lines: &[(String, String)]) -> Result<(), Problem> {
        for (a, b) in lines {
            let find = |name: &str| {
                self.find(name).ok_or_else(|| Problem::UnknownPoint {
                    name: name.to_string(),
                    field: "lines".to_string(),
                })
            };
            let (a, b) = (find(a)?, find(b)?);
            if a == b {
                return Err(Problem::LineToItself(self.nodes[a as usize].name.clone()));
            }
            if !self.joined(a, b) {
                self.neighbours[a as usize] |= 1 << b;
                self.neighbours[b as usize] |= 1 << a;
                self.lines.push((a.min(b), a.max(b)));
            }
        }
        match (0..self.nodes.len()).find(|&p| self.neighbours[p] == 0) {
            Some(lonely) => Err(Problem::PointWithoutLines(self.nodes[lonely].name.clone())),
            None => Ok(()),
        }
    }

    /// Every run of three joined points that goes straight on is a jump line.
    fn straight_jumps(&mut self) {
        for over in 0..self.nodes.len() as u8 {
            let around = self.neighbours[over as usize];
            for from in bits(around) {
                for to in bits(around) {
                    if from != to && self.straight(from, over, to) {
                        self.jumps[from as usize].push((over, to));
                    }
                }
            }
        }
    }

    /// The jump lines the file lists (`"from over to"`), each both ways,
    /// each along two lines and straight.
    fn listed_jumps(&mut self, triples: &[String]) -> Result<(), Problem> {
        for triple in triples {
            let names: Vec<&str> = triple.split_whitespace().collect();
            let [from, over, to] = names[..] else {
                return Err(Problem::BadJump(triple.clone()));
            };
            self.set(triple, "jumps")?;
            let (from, over, to) = (
                self.find(from).expect("checked by set"),
                self.find(over).expect("checked by set"),
                self.find(to).expect("checked by set"),
            );
            if !self.joined(from, over) || !self.joined(over, to) {
                return Err(Problem::JumpOffLines(triple.clone()));
            }
            if !self.straight(from, over, to) {
                return Err(Problem::JumpNotStraight(triple.clone()));
            }
            for (a, b) in [(from, to), (to, from)] {
                if !self.jumps[a as usize].contains(&(over, b)) {
                    self.jumps[a as usize].push((over, b));
                }
            }
        }
        Ok(())
    }
}

/// A grid's points, named like a chess board at whole coordinates, and its
/// lines along files, ranks and the diagonals it draws.
#[allow(clippy::type_complexity)]
fn grid_points(grid: GridSpec) -> Result<(Vec<Node>, Vec<(String, String)>), Problem> {
    if grid.files == 0 || grid.ranks == 0 || grid.files > 23 || grid.ranks > 9 {
        return Err(Problem::GridSize {
            files: grid.files,
            ranks: grid.ranks,
        });
    }
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let (files, ranks) = (grid.files as i32, grid.ranks as i32);
    let (mut nodes, mut lines) = (Vec::new(), Vec::new());
    for r in 0..ranks {
        for f in 0..files {
            nodes.push(Node {
                name: name(f, r),
                x: f as f32,
                y: r as f32,
            });
            let diagonal = match grid.diagonals {
                Diagonals::None => false,
                Diagonals::Alternating => (f + r) % 2 == 0,
                Diagonals::All => true,
            };
            let mut dirs = vec![(1, 0), (0, 1)];
            if diagonal {
                dirs.extend([(1, 1), (-1, 1)]);
            }
            for (df, dr) in dirs {
                let (g, s) = (f + df, r + dr);
                if (0..files).contains(&g) && (0..ranks).contains(&s) {
                    lines.push((name(f, r), name(g, s)));
                }
            }
        }
    }
    Ok((nodes, lines))
}

/// Adds the points the file lists to the grid's: each a new name, drawn at
/// finite coordinates, no two in one place, 2 to 64 in all.
fn add_listed_points(nodes: &mut Vec<Node>, listed: &[(String, f32, f32)]) -> Result<(), Problem> {
    for (name, x, y) in listed {
        if !valid_name(name) {
            return Err(Problem::BadPointName(name.clone()));
        }
        if !x.is_finite() || !y.is_finite() {
            return Err(Problem::BadCoordinate(name.clone()));
        }
        if nodes.iter().any(|n| &n.name == name) {
            return Err(Problem::PointTwice {
                name: name.clone(),
                field: "points".to_string(),
            });
        }
        nodes.push(Node {
            name: name.clone(),
            x: *x,
            y: *y,
        });
    }
    if nodes.len() > MAX_POINTS {
        return Err(Problem::TooManyPoints(nodes.len()));
    }
    if nodes.len() < 2 {
        return Err(Problem::TooFewPoints(nodes.len()));
    }
    for (i, a) in nodes.iter().enumerate() {
        if let Some(b) = nodes[..i].iter().find(|b| b.x == a.x && b.y == a.y) {
            return Err(Problem::SamePlace(b.name.clone(), a.name.clone()));
        }
    }
    Ok(())
}

/// The points of a set, lowest first.
pub fn bits(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let p = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(p)
        }
    })
}

/// A point name is lower-case letters and digits, starting with a letter,
/// at most 8 long, and without `x`, so it never clashes with the move
/// notation's `-`, `x` and `@`.
pub fn valid_name(name: &str) -> bool {
    matches!(name.chars().next(), Some(c) if c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && name.len() <= 8
        && !name.contains('x')
}
