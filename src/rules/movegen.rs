//! Moves: steps, placements and jump chains, generated and applied.

use super::board::{Bitboard, CELLS, DIRECTION_OFFSETS, Point, Topology};
use super::position::{Position, zobrist};
use super::variant::{Side, Variant};

/// The longest chain a move can hold. A chain captures one crowd piece per
/// hop and no crowd is larger than 24.
pub const MAX_HOPS: usize = 24;

/// What kind of move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// One step along a line: `c4-c5`.
    Step,
    /// One or more jumps by one hunter: `d6xd4xb4`.
    Jump,
    /// A piece from hand onto an empty point: `@c3`.
    Place,
}

/// One move. A chain is identified by its full path of landing points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    kind: MoveKind,
    /// Start point; for a placement, the target.
    from: Point,
    len: u8,
    /// Landing points (grid indices), `len` of them.
    path: [u8; MAX_HOPS],
}

impl Move {
    pub fn step(from: Point, to: Point) -> Move {
        let mut path = [0; MAX_HOPS];
        path[0] = to.index() as u8;
        Move {
            kind: MoveKind::Step,
            from,
            len: 1,
            path,
        }
    }
    pub fn place(to: Point) -> Move {
        let mut path = [0; MAX_HOPS];
        path[0] = to.index() as u8;
        Move {
            kind: MoveKind::Place,
            from: to,
            len: 1,
            path,
        }
    }
    /// A jump chain through `landings` (at least one, at most [`MAX_HOPS`]).
    pub fn jump(from: Point, landings: &[Point]) -> Option<Move> {
        if landings.is_empty() || landings.len() > MAX_HOPS {
            return None;
        }
        let mut path = [0; MAX_HOPS];
        for (slot, p) in path.iter_mut().zip(landings) {
            *slot = p.index() as u8;
        }
        Some(Move {
            kind: MoveKind::Jump,
            from,
            len: landings.len() as u8,
            path,
        })
    }
    pub fn kind(&self) -> MoveKind {
        self.kind
    }
    pub fn is_jump(&self) -> bool {
        self.kind == MoveKind::Jump
    }
    pub fn is_placement(&self) -> bool {
        self.kind == MoveKind::Place
    }
    /// Where the piece starts (for a placement, where it lands).
    pub fn from(&self) -> Point {
        self.from
    }
    /// Where the piece ends.
    pub fn to(&self) -> Point {
        self.landing(self.len as usize - 1)
    }
    fn landing(&self, i: usize) -> Point {
        Point::from_index(self.path[i]).expect("landing on the grid")
    }
    /// The landing points in order (one for a step or placement).
    pub fn landings(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.len as usize).map(|i| self.landing(i))
    }
    /// Number of hops (1 for a step or placement).
    pub fn hops(&self) -> usize {
        self.len as usize
    }
    /// The points jumped over, in order (empty unless a jump).
    pub fn captured(&self) -> impl Iterator<Item = Point> + '_ {
        let mut at = self.from;
        self.landings().filter_map(move |to| {
            let over = Point::from_index(((at.index() + to.index()) / 2) as u8);
            at = to;
            if self.kind == MoveKind::Jump {
                over
            } else {
                None
            }
        })
    }
}

/// What a move did besides moving its piece: for the view and for huffing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Effects {
    /// Crowd pieces jumped and removed.
    pub captured: Bitboard,
    /// Hunters removed for failing to jump (Asalto's huff), where they stood
    /// after the move.
    pub huffed: Bitboard,
}

/// The rules of one variant, with its movement tables precomputed.
#[derive(Clone)]
pub struct Rules {
    pub variant: Variant,
    pub topology: &'static Topology,
    /// Where a crowd piece on each point may step (before occupancy).
    crowd_targets: [Bitboard; CELLS],
    /// (jumped, landing) pairs from each point, as grid indices.
    jumps: [[(u8, u8); 8]; CELLS],
    jump_count: [u8; CELLS],
    /// For each direction, the points from which a jump goes that way, so
    /// "can anyone jump" is a few shifts.
    jump_sources: [Bitboard; 8],
    /// The same for crowd steps, per crowd direction.
    crowd_shifts: Vec<(i8, Bitboard)>,
}

/// Moves every point of `b` by a grid offset (the caller masks the sources
/// so nothing wraps around a row).
#[inline]
fn shift(b: u64, offset: i8) -> u64 {
    if offset > 0 {
        b << offset
    } else {
        b >> -offset
    }
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rules")
            .field("variant", &self.variant)
            .finish()
    }
}

impl Rules {
    pub fn new(variant: Variant) -> Rules {
        let topology = Topology::get(variant.kind.board());
        let mut crowd_targets = [Bitboard::EMPTY; CELLS];
        let mut jumps = [[(0, 0); 8]; CELLS];
        let mut jump_count = [0; CELLS];
        let sources = |has_line: &dyn Fn(Point) -> bool| {
            topology
                .points
                .filter(|&p| has_line(p))
                .fold(Bitboard::EMPTY, |b, p| b.with(p))
        };
        let jump_sources: [Bitboard; 8] =
            std::array::from_fn(|d| sources(&|p| topology.jump(p, d).is_some()));
        let crowd_shifts = variant
            .crowd_directions()
            .iter()
            .map(|&d| {
                (
                    DIRECTION_OFFSETS[d],
                    sources(&|p| topology.step(p, d).is_some()),
                )
            })
            .collect();
        for p in topology.points {
            for &d in variant.crowd_directions() {
                if let Some(q) = topology.step(p, d) {
                    crowd_targets[p.index()] = crowd_targets[p.index()].with(q);
                }
            }
            for d in 0..8 {
                if let Some((over, land)) = topology.jump(p, d) {
                    let n = &mut jump_count[p.index()];
                    jumps[p.index()][*n as usize] = (over.index() as u8, land.index() as u8);
                    *n += 1;
                }
            }
        }
        Rules {
            variant,
            topology,
            crowd_targets,
            jumps,
            jump_count,
            jump_sources,
            crowd_shifts,
        }
    }

    /// The hunters of `hunters` that can jump a piece of `crowd` to a point of `empty`.
    #[inline]
    fn jumpers(&self, hunters: Bitboard, crowd: Bitboard, empty: Bitboard) -> Bitboard {
        let mut out = 0;
        for (d, &offset) in DIRECTION_OFFSETS.iter().enumerate() {
            let over = shift(hunters.0 & self.jump_sources[d].0, offset) & crowd.0;
            let land = shift(over, offset) & empty.0;
            out |= shift(land, -2 * offset);
        }
        Bitboard(out)
    }

    #[inline]
    fn jump_lines(&self, p: Point) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.jumps[p.index()][..self.jump_count[p.index()] as usize]
            .iter()
            .map(|&(o, l)| (Point::from_index(o).unwrap(), Point::from_index(l).unwrap()))
    }

    /// Points a piece of `side` standing on `p` may step to, ignoring occupancy.
    pub fn step_targets(&self, side: Side, p: Point) -> Bitboard {
        match side {
            Side::Hunters => self.topology.neighbours[p.index()],
            Side::Crowd => self.crowd_targets[p.index()],
        }
    }

    /// True when the hunter on `p` has a jump available.
    pub fn can_jump(&self, pos: &Position, p: Point) -> bool {
        self.hunters_that_can_jump(pos).contains(p)
    }

    /// Hunters on the board that have a jump available.
    pub fn hunters_that_can_jump(&self, pos: &Position) -> Bitboard {
        let empty = !pos.occupied() & self.topology.points;
        self.jumpers(pos.hunters(), pos.crowd(), empty)
    }

    /// Appends every move the rules allow in `pos`, before Bagh-Chal's
    /// no-repeat filter (which needs the history; see [`super::Game`]).
    /// A finished position is not detected here.
    pub fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        let side = pos.side_to_move;
        let empty = !pos.occupied() & self.topology.points;
        if pos.in_hand[side.index()] > 0 {
            for p in self.variant.placement_area(side) & empty {
                out.push(Move::place(p));
            }
            // Bagh-Chal's goats place until their hand is empty; Asalto's officers too.
            return;
        }
        match side {
            Side::Crowd => {
                for p in pos.crowd() {
                    for q in self.crowd_targets[p.index()] & empty {
                        out.push(Move::step(p, q));
                    }
                }
            }
            Side::Hunters => {
                let before = out.len();
                for h in self.jumpers(pos.hunters(), pos.crowd(), empty) {
                    self.generate_jumps(pos, h, out);
                }
                if out.len() > before && self.variant.capture_compulsory() {
                    return;
                }
                for h in pos.hunters() {
                    for q in self.topology.neighbours[h.index()] & empty {
                        out.push(Move::step(h, q));
                    }
                }
            }
        }
    }

    /// Counts what [`Rules::generate`] would append, without building moves.
    pub fn count(&self, pos: &Position) -> u64 {
        let side = pos.side_to_move;
        let empty = !pos.occupied() & self.topology.points;
        if pos.in_hand[side.index()] > 0 {
            return (self.variant.placement_area(side) & empty).count() as u64;
        }
        match side {
            Side::Crowd => self
                .crowd_shifts
                .iter()
                .map(|&(offset, sources)| {
                    (shift(pos.crowd().0 & sources.0, offset) & empty.0).count_ones() as u64
                })
                .sum(),
            Side::Hunters => {
                let mut jumps = 0;
                for h in self.jumpers(pos.hunters(), pos.crowd(), empty) {
                    let others = pos.hunters().without(h);
                    jumps += self.count_chains(h, others, pos.crowd(), 0);
                }
                if jumps > 0 && self.variant.capture_compulsory() {
                    return jumps;
                }
                let steps: u64 = pos
                    .hunters()
                    .map(|h| (self.topology.neighbours[h.index()] & empty).count() as u64)
                    .sum();
                jumps + steps
            }
        }
    }

    fn generate_jumps(&self, pos: &Position, h: Point, out: &mut Vec<Move>) {
        let others = pos.hunters().without(h);
        let mut path = [Point::from_index(0).unwrap(); MAX_HOPS];
        self.chain_search(h, h, others, pos.crowd(), &mut path, 0, out);
    }

    /// Depth-first search of jump chains: each hop captures at once, so a
    /// captured point may be landed on later, and a chain ends only when its
    /// hunter cannot jump again (Bagh-Chal's tigers stop after one hop).
    #[allow(clippy::too_many_arguments)]
    fn chain_search(
        &self,
        start: Point,
        at: Point,
        others: Bitboard,
        crowd: Bitboard,
        path: &mut [Point; MAX_HOPS],
        depth: usize,
        out: &mut Vec<Move>,
    ) {
        let mut extended = false;
        if depth == 0 || (self.variant.chains() && depth < MAX_HOPS) {
            for (over, land) in self.jump_lines(at) {
                if crowd.contains(over) && !(others | crowd).contains(land) {
                    extended = true;
                    path[depth] = land;
                    self.chain_search(
                        start,
                        land,
                        others,
                        crowd.without(over),
                        path,
                        depth + 1,
                        out,
                    );
                }
            }
        }
        if !extended && depth > 0 {
            out.push(Move::jump(start, &path[..depth]).expect("chain within MAX_HOPS"));
        }
    }

    fn count_chains(&self, at: Point, others: Bitboard, crowd: Bitboard, depth: usize) -> u64 {
        let mut total = 0;
        if depth == 0 || (self.variant.chains() && depth < MAX_HOPS) {
            for (over, land) in self.jump_lines(at) {
                if crowd.contains(over) && !(others | crowd).contains(land) {
                    total += self.count_chains(land, others, crowd.without(over), depth + 1);
                }
            }
        }
        if total == 0 && depth > 0 { 1 } else { total }
    }

    /// The position after `mv`, which must be one [`Rules::generate`] gave for `pos`.
    pub fn apply(&self, pos: &Position, mv: &Move) -> (Position, Effects) {
        let side = pos.side_to_move;
        let s = side.index();
        let mut next = *pos;
        let mut effects = Effects::default();
        let mut progress = false;
        match mv.kind {
            MoveKind::Place => {
                let to = mv.to();
                next.pieces[s] = next.pieces[s].with(to);
                next.hash ^= zobrist::piece(side, to) ^ zobrist::hand(side, pos.in_hand[s]);
                next.in_hand[s] -= 1;
                next.hash ^= zobrist::hand(side, next.in_hand[s]);
                progress = true;
            }
            MoveKind::Step | MoveKind::Jump => {
                let (from, to) = (mv.from, mv.to());
                next.pieces[s] = next.pieces[s].without(from).with(to);
                next.hash ^= zobrist::piece(side, from) ^ zobrist::piece(side, to);
                if mv.kind == MoveKind::Jump {
                    for over in mv.captured() {
                        next.hash ^= zobrist::piece(Side::Crowd, over);
                        effects.captured = effects.captured.with(over);
                    }
                    next.pieces[Side::Crowd.index()] = pos.crowd() & !effects.captured;
                    progress = true;
                } else if side == Side::Hunters && self.variant.huffing() {
                    // Every hunter that could have jumped before this step is removed.
                    for h in self.hunters_that_can_jump(pos) {
                        let stands = if h == from { to } else { h };
                        next.pieces[s] = next.pieces[s].without(stands);
                        next.hash ^= zobrist::piece(side, stands);
                        effects.huffed = effects.huffed.with(stands);
                        progress = true;
                    }
                }
            }
        }
        // Ground: the crowd's rank sum rising above its mark since the last capture.
        // (After a capture the mark restarts from the new sum.)
        let rank_change = match (side, mv.kind) {
            (Side::Crowd, MoveKind::Step) => mv.to().rank() as i32 - mv.from.rank() as i32,
            (Side::Crowd, MoveKind::Place) => mv.to().rank() as i32,
            _ => 0,
        };
        next.ground_to_gain = if !effects.captured.is_empty() {
            0
        } else {
            let gap = pos.ground_to_gain as i32 - rank_change;
            if gap < 0 && self.variant.ground_counts() {
                progress = true;
            }
            gap.max(0) as u16
        };
        // Plies made while pieces are still in hand (setup, Bagh-Chal's
        // placement phase) do not count towards the no-progress draw.
        next.quiet_plies = if progress || pos.in_hand != [0, 0] {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        // Asalto's officers place both before the rebels move.
        let stays = mv.kind == MoveKind::Place && side == Side::Hunters && next.in_hand[s] > 0;
        if !stays {
            next.side_to_move = side.other();
            next.hash ^= zobrist::CROWD_TO_MOVE;
        }
        (next, effects)
    }
}
