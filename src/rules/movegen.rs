//! Moves: placements, steps, capture chains and passes, generated and
//! applied for any game file, from tables compiled once per game and
//! options ([`Rules`]).
//!
//! On a grid board ([`Layout::Grid`]) the bulk counts that perft and the
//! search lean on shift the whole set of pieces one direction at a time;
//! on any other board they walk the pieces. Both read the same tables, and
//! a test holds the counts to the generated moves.

use std::sync::Arc;

use super::board::{Bitboard, Board, CELLS, DIRECTIONS, Layout, Point};
use super::family::file::{Chain, NoMoves, NoRepeat, Progress};
use super::family::{MAX_CROWD, MAX_STACKS, Ruleset};
use super::outcome::{Outcome, Reason};
use super::position::{Position, zobrist};
use super::side::Side;
use super::special::Special;
use super::variant::Variant;

/// The longest chain a move can hold: a chain captures one crowd piece a
/// hop, and no crowd is larger than this.
pub const MAX_HOPS: usize = MAX_CROWD;

/// The most jump lines from one point.
pub const MAX_JUMPS: usize = 16;

/// What kind of move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// One step along a line: `c4-c5`.
    Step,
    /// One or more jumps by one hunter: `d6xd4xb4`.
    Jump,
    /// A piece from hand onto an empty point: `@c3`.
    Place,
    /// No move, in a game where a side with none passes: `pass`.
    Pass,
    /// A crowd piece taken off the board by the hunters' opening (Rimau-Rimau
    /// with two tigers): `xc5`.
    Remove,
}

/// One move. A chain is identified by its full path of landing points.
///
/// Aligned to eight bytes (56 in all): copied at 51, the last bytes went as
/// an overlapping four-byte store that the next sixteen-byte load of the
/// copy could not take from the store buffer, a stall on every move kept
/// (perft's history, the search's move lists).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(align(8))]
pub struct Move {
    kind: MoveKind,
    /// Start point; for a placement, the target; for a pass, point 0.
    from: Point,
    len: u8,
    /// Landing points (point indices), `len` of them.
    path: [u8; MAX_HOPS],
}

impl Move {
    fn new(kind: MoveKind, from: Point, landings: &[Point]) -> Move {
        let mut path = [0; MAX_HOPS];
        for (slot, p) in path.iter_mut().zip(landings) {
            *slot = p.index() as u8;
        }
        Move {
            kind,
            from,
            len: landings.len() as u8,
            path,
        }
    }
    pub fn step(from: Point, to: Point) -> Move {
        Move::new(MoveKind::Step, from, &[to])
    }
    pub fn place(to: Point) -> Move {
        Move::new(MoveKind::Place, to, &[to])
    }
    pub fn remove(at: Point) -> Move {
        Move::new(MoveKind::Remove, at, &[at])
    }
    pub fn pass() -> Move {
        Move::new(MoveKind::Pass, Point::from_index(0).expect("point 0"), &[])
    }
    /// A jump chain through `landings` (at least one, at most [`MAX_HOPS`]).
    pub fn jump(from: Point, landings: &[Point]) -> Option<Move> {
        if landings.is_empty() || landings.len() > MAX_HOPS {
            return None;
        }
        Some(Move::new(MoveKind::Jump, from, landings))
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
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Pass
    }
    /// Where the piece starts (for a placement, where it lands).
    pub fn from(&self) -> Point {
        self.from
    }
    /// Where the piece ends (for a pass, point 0).
    pub fn to(&self) -> Point {
        match self.len {
            0 => self.from,
            n => self.landing(n as usize - 1),
        }
    }
    fn landing(&self, i: usize) -> Point {
        Point::from_index(self.path[i]).expect("a landing point")
    }
    /// The landing points in order (one for a step or placement, none for
    /// a pass).
    pub fn landings(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.len as usize).map(|i| self.landing(i))
    }
    /// Number of hops (1 for a step or placement, 0 for a pass).
    pub fn hops(&self) -> usize {
        self.len as usize
    }
}

/// What a move did besides moving its piece: for the view and for huffing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Effects {
    /// Crowd pieces jumped and removed.
    pub captured: Bitboard,
    /// Hunters removed for failing to capture (huffing), where they stood
    /// after the move.
    pub huffed: Bitboard,
    /// The move ended round one of a two-round match: the position after
    /// it is round two's start.
    pub next_round: bool,
}

/// The ends of a game, as sets of points and counts.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Ends {
    pub crowd_at_most: Option<u32>,
    pub hunters_at_most: Option<u32>,
    pub crowd_fills: Option<Bitboard>,
    pub reaches: [Option<Bitboard>; 2],
    pub outlasts: [Option<u16>; 2],
    pub behind_crowd: bool,
    pub driven_onto: [Option<Bitboard>; 2],
}

/// What a side with no move does here ([`Rules::when_stuck`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stuck {
    Loses,
    Passes,
    Draws,
}

/// One game with its options, compiled into the tables the move generator
/// reads.
#[derive(Clone)]
pub struct Rules {
    pub variant: Variant,
    /// The game file (with the options applied) the tables come from.
    pub ruleset: Arc<Ruleset>,
    pub board: Arc<Board>,
    /// Every point of the board.
    points: Bitboard,
    /// The grid's stride ([`Layout::Grid`]), or 0 on any other board.
    stride: u8,
    /// Where a piece of each side may step from each point (before occupancy).
    steps: [[Bitboard; CELLS]; 2],
    /// On a grid: per side, per direction of [`DIRECTIONS`], the points
    /// with a step that way, so a side's steps are counted by shifts.
    step_sources: [[u64; 8]; 2],
    /// (jumped, landing) pairs from each point, as point indices.
    jumps: [[(u8, u8); MAX_JUMPS]; CELLS],
    jump_count: [u8; CELLS],
    /// On a grid: per direction, the points a jump goes that way from, so
    /// "which hunters can jump" is a few shifts.
    jump_sources: [u64; 8],
    /// `between[a * 64 + b]`: the point jumped over from `a` to `b`.
    between: Box<[u8]>,
    pub(super) place_on: [Bitboard; 2],
    pub(super) start: [Bitboard; 2],
    pub(super) in_hand: [u8; 2],
    pub(super) first: Side,
    chain: Chain,
    compulsory: bool,
    huffing: bool,
    in_a_row: [bool; 2],
    pub(super) ends: Ends,
    /// Whether a side wins by reaching a region, outlasting moves, getting
    /// behind the crowd or driving the other onto points (most games have
    /// none, and skip their checks).
    reaches_or_outlasts: bool,
    no_moves: [NoMoves; 2],
    pub(super) quiet_limit: Option<u16>,
    pub(super) repetition: Option<u8>,
    advance: bool,
    pub(super) no_repeat: bool,
    /// Each point's rank along the crowd's forward direction, from 0.
    rank: [u8; CELLS],
    /// Whether a side wins by outlasting the other's moves (the position
    /// then counts the moves made).
    pub(super) counts_moves: bool,
    /// The processor counts bits in one instruction (x86-64 only).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    popcnt: bool,
    /// The rules of a few games (stacks, line captures, ...), whose moves
    /// are made in [`super::special`]; `None` for every other game.
    pub(super) special: Option<Box<Special>>,
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rules")
            .field("variant", &self.variant)
            .finish()
    }
}

/// Moves every point of `b` by a grid offset (the caller masks the sources
/// so nothing wraps around a row).
#[inline(always)]
fn shift(b: u64, offset: i32) -> u64 {
    if offset > 0 {
        b << offset
    } else {
        b >> -offset
    }
}

/// Whether the processor counts bits in one instruction (looked at on
/// x86-64 only; WebAssembly and other targets have it anyway).
fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The grid offset of a step in direction `d` on a grid of `STRIDE`.
#[inline(always)]
const fn grid_offset<const STRIDE: i32>(d: usize) -> i32 {
    DIRECTIONS[d].1 as i32 * STRIDE + DIRECTIONS[d].0 as i32
}

/// The hunters that can jump, on a grid of `STRIDE`: one shift per
/// direction, each a constant (the eight directions unroll).
#[inline(always)]
fn grid_jumpers<const STRIDE: i32>(
    sources: &[u64; 8],
    hunters: u64,
    crowd: u64,
    empty: u64,
) -> u64 {
    let mut out = 0;
    for (d, &from) in sources.iter().enumerate() {
        let offset = grid_offset::<STRIDE>(d);
        let over = shift(hunters & from, offset) & crowd;
        let land = shift(over, offset) & empty;
        out |= shift(land, -2 * offset);
    }
    out
}

/// The steps of `pieces` to `empty` points, on a grid of `STRIDE`, counted
/// a direction at a time.
#[inline(always)]
fn grid_steps<const STRIDE: i32>(sources: &[u64; 8], pieces: u64, empty: u64) -> u64 {
    let mut total = 0;
    for (d, &from) in sources.iter().enumerate() {
        total += (shift(pieces & from, grid_offset::<STRIDE>(d)) & empty).count_ones() as u64;
    }
    total
}

impl Rules {
    /// The rules of a variant (compiled once per variant, then shared).
    pub fn new(variant: Variant) -> Rules {
        (*Rules::of(variant)).clone()
    }

    /// The rules of a variant, shared: compiled on first use.
    pub fn of(variant: Variant) -> Arc<Rules> {
        use std::collections::HashMap;
        use std::sync::{Mutex, OnceLock};
        static COMPILED: OnceLock<Mutex<HashMap<Variant, Arc<Rules>>>> = OnceLock::new();
        let cache = COMPILED.get_or_init(Default::default);
        if let Some(rules) = cache.lock().expect("rules cache").get(&variant) {
            return Arc::clone(rules);
        }
        let rules = Arc::new(Rules::compile(variant, variant.ruleset()));
        cache
            .lock()
            .expect("rules cache")
            .entry(variant)
            .or_insert(rules)
            .clone()
    }

    /// The tables of a checked game file.
    pub fn compile(variant: Variant, ruleset: Arc<Ruleset>) -> Rules {
        let board = Arc::new(Board::new(&ruleset.graph));
        let order = board.ordered().to_vec();
        let at = |node: u8| order[node as usize];
        let set = |nodes: u64| {
            super::family::graph::bits(nodes).fold(Bitboard::EMPTY, |b, n| b.with(at(n)))
        };
        let mut steps = [[Bitboard::EMPTY; CELLS]; 2];
        for (side_steps, table) in steps.iter_mut().zip(&ruleset.steps) {
            for (node, &targets) in table.iter().enumerate() {
                side_steps[at(node as u8).index()] = set(targets);
            }
        }
        let mut jumps = [[(0, 0); MAX_JUMPS]; CELLS];
        let mut jump_count = [0; CELLS];
        let mut between = vec![u8::MAX; CELLS * CELLS].into_boxed_slice();
        for p in board.points {
            for (i, &(over, to)) in board.jumps(p).iter().enumerate() {
                jumps[p.index()][i] = (over.index() as u8, to.index() as u8);
                between[p.index() * CELLS + to.index()] = over.index() as u8;
            }
            jump_count[p.index()] = board.jumps(p).len() as u8;
        }
        let sources = |targets: &dyn Fn(Point) -> Bitboard| -> [u64; 8] {
            std::array::from_fn(|d| {
                let Some(offset) = board.offset(d) else {
                    return 0;
                };
                board
                    .points
                    .filter(|&p| {
                        let q = p.index() as i32 + offset as i32;
                        (0..CELLS as i32).contains(&q)
                            && targets(p).contains(Point::from_index(q as u8).expect("a cell"))
                    })
                    .fold(0, |b, p| b | p.bit().0)
            })
        };
        let step_sources = [0, 1].map(|s| sources(&|p| steps[s][p.index()]));
        let jump_sources = sources(&|p| {
            board
                .jumps(p)
                .iter()
                .fold(Bitboard::EMPTY, |b, &(over, _)| b.with(over))
        });
        let stride = match board.layout {
            Layout::Grid { stride } => stride,
            Layout::Graph => 0,
        };
        let file = &ruleset.file;
        let forward = file.crowd.forward.vector();
        let rank = ranks(&board, forward);
        let e = &ruleset.ends;
        let ends = Ends {
            crowd_at_most: e.crowd_at_most.map(u32::from),
            hunters_at_most: e.hunters_at_most.map(u32::from),
            crowd_fills: e.crowd_fills.map(&set),
            reaches: e.reaches.map(|r| r.map(&set)),
            outlasts: e.outlasts,
            behind_crowd: e.behind_crowd,
            driven_onto: e.driven_onto.map(|r| r.map(&set)),
        };
        Rules {
            variant,
            points: board.points,
            stride,
            steps,
            step_sources,
            jumps,
            jump_count,
            jump_sources,
            between,
            place_on: ruleset.place_on.map(&set),
            start: ruleset.start.map(&set),
            in_hand: ruleset.in_hand,
            first: file.first,
            chain: file.capture.chain,
            compulsory: file.capture.compulsory,
            huffing: file.capture.huffing,
            in_a_row: [file.hunters.places_in_a_row, file.crowd.places_in_a_row],
            reaches_or_outlasts: ends.reaches.iter().any(Option::is_some)
                || ends.outlasts.iter().any(Option::is_some)
                || ends.driven_onto.iter().any(Option::is_some)
                || ends.behind_crowd
                || ruleset.two_rounds().is_some(),
            ends,
            no_moves: [file.no_moves.hunters, file.no_moves.crowd],
            quiet_limit: file.draws.quiet_limit,
            repetition: file.draws.repetition,
            advance: file.draws.progress == Progress::Advance,
            no_repeat: file.no_repeat == NoRepeat::OncePlaced,
            rank,
            counts_moves: ruleset.counts_moves(),
            popcnt: has_popcnt(),
            special: Special::compile(&ruleset, &board).map(Box::new),
            board,
            ruleset,
        }
    }

    /// The board the game is played on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every point of the board.
    pub(super) fn points(&self) -> Bitboard {
        self.points
    }

    /// How captures chain.
    pub(super) fn chain(&self) -> Chain {
        self.chain
    }

    /// The game's stack points, in the order of [`Position::stacks`].
    pub fn stack_points(&self) -> &[Point] {
        self.special.as_ref().map_or(&[], |sp| &sp.stack_points)
    }

    /// The pieces a point holds in `pos`: 0, 1, or a stack's count.
    pub fn pieces_on(&self, pos: &Position, p: Point) -> u32 {
        match pos.piece_at(p) {
            None => 0,
            Some(_) => {
                let slot = self.stack_points().iter().position(|&q| q == p);
                1 + slot.map_or(0, |i| pos.stacks[i] as u32)
            }
        }
    }

    /// A point's rank along the crowd's forward direction, from 0: how far
    /// forward it stands.
    pub fn rank(&self, p: Point) -> u8 {
        self.rank[p.index()]
    }

    /// How many pieces a side starts with, on the board (stacks counted
    /// whole) and in hand.
    pub fn starting_count(&self, side: Side) -> u32 {
        let stacked = match (&self.special, side) {
            (Some(sp), Side::Crowd) => sp.stack_start.iter().map(|&n| n as u32).sum(),
            _ => 0,
        };
        self.start[side.index()].count() + self.in_hand[side.index()] as u32 + stacked
    }

    /// Whether a hunter that can capture must.
    pub fn capture_compulsory(&self) -> bool {
        self.compulsory
    }

    /// Whether a hunter's capture may go on with more (a chain).
    pub fn chains(&self) -> bool {
        matches!(self.chain, Chain::Optional | Chain::Maximal)
    }

    /// Whether the hunters capture at all.
    pub fn captures(&self) -> bool {
        self.chain != Chain::NoCapture
    }

    /// Whether a hunter that could capture and does not is removed.
    pub fn huffing(&self) -> bool {
        self.huffing
    }

    /// Where a side may place its pieces in hand.
    pub fn placement_area(&self, side: Side) -> Bitboard {
        self.place_on[side.index()]
    }

    /// The region the crowd wins by filling, if the game has one.
    pub fn region_to_fill(&self) -> Option<Bitboard> {
        self.ends.crowd_fills
    }

    /// The region a side wins by reaching, if the game has one.
    pub fn region_to_reach(&self, side: Side) -> Option<Bitboard> {
        self.ends.reaches[side.index()]
    }

    /// The hunters win once the crowd (on the board and in hand) is at most this.
    pub fn crowd_at_most(&self) -> Option<u32> {
        self.ends.crowd_at_most
    }

    /// Plies without progress that draw, if the game has such a rule.
    pub fn quiet_limit(&self) -> Option<u16> {
        self.quiet_limit
    }

    /// How many times a position must stand to draw, if repetitions draw.
    pub fn repetition_limit(&self) -> Option<u8> {
        self.repetition
    }

    /// Whether a move may not recreate an earlier position once every piece
    /// is placed.
    pub fn forbids_repeats(&self) -> bool {
        self.no_repeat
    }

    /// Whether the crowd gaining ground counts as progress for the quiet count.
    pub fn advance_is_progress(&self) -> bool {
        self.advance
    }

    /// Whether a side places its pieces in hand one after the other, the
    /// other side waiting.
    pub fn places_in_a_row(&self, side: Side) -> bool {
        self.in_a_row[side.index()]
    }

    /// What a side with no move does.
    pub fn when_no_moves(&self, side: Side) -> NoMoves {
        self.no_moves[side.index()]
    }

    /// Whether a side wins by outlasting the other's moves, so that a
    /// position's [`Position::moves_made`] decides what may follow.
    pub fn counts_moves(&self) -> bool {
        self.counts_moves
    }

    /// The end when the side to move has no legal move (a pass the
    /// no-repeat rule forbids included): it loses, or the game is drawn,
    /// as the game says ([`super::Game::outcome`] reads it).
    pub fn no_move_outcome(&self, pos: &Position) -> Outcome {
        let stuck = pos.side_to_move;
        match self.when_stuck(pos) {
            Stuck::Draws => Outcome::draw(Reason::NoMoves(stuck)),
            Stuck::Loses | Stuck::Passes => Outcome::win(stuck.other(), Reason::NoMoves(stuck)),
        }
    }

    #[inline]
    fn empty(&self, pos: &Position) -> Bitboard {
        self.points & !pos.occupied()
    }

    /// The hunters of `hunters` that can jump a piece of `crowd` to a point of `empty`.
    #[inline(always)]
    fn jumpers(&self, hunters: Bitboard, crowd: Bitboard, empty: Bitboard) -> Bitboard {
        if self.chain == Chain::NoCapture {
            return Bitboard::EMPTY;
        }
        let (h, c, e) = (hunters.0, crowd.0, empty.0);
        match self.stride {
            7 => Bitboard(grid_jumpers::<7>(&self.jump_sources, h, c, e)),
            8 => Bitboard(grid_jumpers::<8>(&self.jump_sources, h, c, e)),
            _ => hunters
                .filter(|&h| {
                    self.jump_lines(h)
                        .any(|(over, land)| crowd.contains(over) && empty.contains(land))
                })
                .fold(Bitboard::EMPTY, |b, h| b.with(h)),
        }
    }

    #[inline]
    fn jump_lines(&self, p: Point) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.jumps[p.index()][..self.jump_count[p.index()] as usize]
            .iter()
            .map(|&(o, l)| (Point::from_index(o).unwrap(), Point::from_index(l).unwrap()))
    }

    /// Points a piece of `side` standing on `p` may step to, ignoring occupancy.
    pub fn step_targets(&self, side: Side, p: Point) -> Bitboard {
        self.steps[side.index()][p.index()]
    }

    /// True when the hunter on `p` has a capture available.
    pub fn can_jump(&self, pos: &Position, p: Point) -> bool {
        self.hunters_that_can_jump(pos).contains(p)
    }

    /// Hunters on the board that have a capture available.
    pub fn hunters_that_can_jump(&self, pos: &Position) -> Bitboard {
        self.jumpers(pos.hunters(), pos.crowd(), self.empty(pos))
    }

    /// The points a capture takes, in order (none unless a jump).
    pub fn captured<'a>(&'a self, mv: &'a Move) -> impl Iterator<Item = Point> + 'a {
        let run = match &self.special {
            Some(sp) if mv.kind == MoveKind::Jump => sp.line_run(mv.from, mv.to()),
            _ => &[],
        };
        let hops = mv.kind == MoveKind::Jump && run.is_empty();
        let hopped = self.hops(mv).filter(move |_| hops);
        run.iter().copied().chain(hopped)
    }

    /// Appends every move the rules allow in `pos`, before the no-repeat
    /// rule (which needs the history; see [`super::Game`]). A side with no
    /// move gets a pass where the game says it passes. A finished position
    /// is not detected here.
    pub fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        self.generate_moves(pos, out);
        if out.len() == start && self.when_stuck(pos) == Stuck::Passes {
            out.push(Move::pass());
        }
    }

    fn generate_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if let Some(sp) = &self.special {
            return self.generate_special(sp, pos, out);
        }
        let side = pos.side_to_move;
        let s = side.index();
        let empty = self.empty(pos);
        if pos.in_hand[s] > 0 {
            for p in self.place_on[s] & empty {
                out.push(Move::place(p));
            }
            return;
        }
        if side == Side::Hunters {
            let before = out.len();
            for h in self.jumpers(pos.hunters(), pos.crowd(), empty) {
                let others = pos.hunters().without(h);
                let mut path = [h; MAX_HOPS];
                self.chain_search(h, h, others, pos.crowd(), &mut path, 0, out);
            }
            if out.len() > before && self.compulsory {
                return;
            }
        }
        for p in pos.pieces[s] {
            for q in self.steps[s][p.index()] & empty {
                out.push(Move::step(p, q));
            }
        }
    }

    /// Counts what [`Rules::generate`] would append, without building moves.
    pub fn count(&self, pos: &Position) -> u64 {
        let n = self.count_moves(pos);
        if n == 0 && self.when_stuck(pos) == Stuck::Passes {
            1
        } else {
            n
        }
    }

    /// The moves of the side to move, counted: with the processor's
    /// population count where it has one (the default x86-64 target has
    /// none, and a count is then a dozen instructions).
    #[inline]
    fn count_moves(&self, pos: &Position) -> u64 {
        if let Some(sp) = &self.special {
            return self.count_special(sp, pos);
        }
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            // SAFETY: the processor has the instruction (checked when the
            // rules were compiled).
            return unsafe { self.count_moves_with_popcnt(pos) };
        }
        self.count_moves_portably(pos)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_moves_with_popcnt(&self, pos: &Position) -> u64 {
        self.count_moves_portably(pos)
    }

    #[inline(always)]
    fn count_moves_portably(&self, pos: &Position) -> u64 {
        let side = pos.side_to_move;
        let s = side.index();
        let empty = self.empty(pos);
        if pos.in_hand[s] > 0 {
            return (self.place_on[s] & empty).count() as u64;
        }
        let mut jumps = 0;
        if side == Side::Hunters {
            for h in self.jumpers(pos.hunters(), pos.crowd(), empty) {
                let others = pos.hunters().without(h);
                jumps += self.count_chains(h, others, pos.crowd(), 0);
            }
            if jumps > 0 && self.compulsory {
                return jumps;
            }
        }
        jumps + self.count_steps(side, pos.pieces[s], empty)
    }

    /// The steps of `pieces` (a side's) to points of `empty`.
    #[inline(always)]
    fn count_steps(&self, side: Side, pieces: Bitboard, empty: Bitboard) -> u64 {
        let s = side.index();
        match self.stride {
            7 => grid_steps::<7>(&self.step_sources[s], pieces.0, empty.0),
            8 => grid_steps::<8>(&self.step_sources[s], pieces.0, empty.0),
            _ => pieces
                .map(|p| (self.steps[s][p.index()] & empty).count() as u64)
                .sum(),
        }
    }

    /// Whether a capture that has made `depth` hops may go on.
    #[inline]
    fn goes_on(&self, depth: usize) -> bool {
        depth == 0 || (self.chains() && depth < MAX_HOPS)
    }

    /// Depth-first search of capture chains: each hop captures at once, so
    /// a captured point may be landed on later. A chain ends when its
    /// hunter cannot capture again, or (optional chains) at any hop.
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
        if self.goes_on(depth) {
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
        if depth > 0 && (!extended || self.chain == Chain::Optional) {
            out.push(Move::new(MoveKind::Jump, start, &path[..depth]));
        }
    }

    fn count_chains(&self, at: Point, others: Bitboard, crowd: Bitboard, depth: usize) -> u64 {
        let mut total = 0;
        let mut extended = false;
        if self.goes_on(depth) {
            for (over, land) in self.jump_lines(at) {
                if crowd.contains(over) && !(others | crowd).contains(land) {
                    extended = true;
                    total += self.count_chains(land, others, crowd.without(over), depth + 1);
                }
            }
        }
        if depth > 0 && (!extended || self.chain == Chain::Optional) {
            total += 1;
        }
        total
    }

    /// True when the side to move has a move other than a pass.
    pub fn can_move(&self, pos: &Position) -> bool {
        self.count_moves(pos) > 0
    }

    /// What happens to the side to move if it has no move (whether it has
    /// one is not looked at here).
    pub fn when_stuck(&self, pos: &Position) -> Stuck {
        let side = pos.side_to_move;
        let other_can_move = || {
            let mut flipped = *pos;
            flipped.side_to_move = side.other();
            self.can_move(&flipped)
        };
        if self
            .special
            .as_ref()
            .is_some_and(|sp| sp.waits_for_hands(pos))
        {
            return Stuck::Passes;
        }
        match self.no_moves[side.index()] {
            NoMoves::Loses => Stuck::Loses,
            NoMoves::LosesOncePlaced if pos.in_hand[side.other().index()] == 0 => Stuck::Loses,
            NoMoves::LosesOncePlaced | NoMoves::Passes if other_can_move() => Stuck::Passes,
            NoMoves::LosesOncePlaced | NoMoves::Passes | NoMoves::Draws => Stuck::Draws,
        }
    }

    /// The win `side` has in `pos`, if it has met a win condition (in a
    /// two-round match, the match's end, a draw too, whichever side asks).
    #[inline]
    pub fn win_of(&self, pos: &Position, side: Side) -> Option<Outcome> {
        let e = &self.ends;
        let won = |reason| Some(Outcome::win(side, reason));
        match side {
            Side::Hunters => {
                if e.crowd_at_most
                    .is_some_and(|k| pos.material(Side::Crowd) <= k)
                {
                    return won(Reason::CrowdTooFew);
                }
            }
            Side::Crowd => {
                if e.crowd_fills
                    .is_some_and(|region| pos.crowd().is_superset(region))
                {
                    return won(Reason::StrongholdFilled);
                }
                if e.hunters_at_most
                    .is_some_and(|k| pos.material(Side::Hunters) <= k)
                {
                    return won(Reason::HuntersGone);
                }
            }
        }
        if !self.reaches_or_outlasts {
            return None;
        }
        let s = side.index();
        if e.reaches[s].is_some_and(|region| !(pos.pieces[s] & region).is_empty()) {
            return won(Reason::RegionReached(side));
        }
        if e.outlasts[s].is_some_and(|limit| pos.moves_made[side.other().index()] >= limit) {
            return won(Reason::Outlasted(side));
        }
        if side == Side::Hunters && e.behind_crowd && self.hunter_behind_crowd(pos) {
            return won(Reason::BehindCrowd);
        }
        if let Some(end) = self.match_end(pos) {
            return Some(end);
        }
        let loser = side.other();
        if e.driven_onto[loser.index()]
            .is_some_and(|region| !(pos.pieces[loser.index()] & region).is_empty())
        {
            return won(Reason::DrivenOnto(loser));
        }
        None
    }

    /// The end of a two-round match, whichever side asks: in round two,
    /// the hunted piece shut in sooner than in round one (the crowd wins)
    /// or as soon (a draw), or lasting as long as it did in round one and
    /// still free, when it is sure to last longer (the hunters win; a draw
    /// where round one lasted its most plies, which round two cannot pass).
    fn match_end(&self, pos: &Position) -> Option<Outcome> {
        let most = self.two_rounds()?;
        if pos.rule_state != 1 || pos.in_hand != [0, 0] {
            return None;
        }
        let [first, second] = pos.moves_made;
        let reason = Reason::Survival { first, second };
        if self.hunted_blocked(pos) {
            return Some(if second < first {
                Outcome::win(Side::Crowd, reason)
            } else {
                Outcome::draw(reason)
            });
        }
        match second >= first {
            true if first >= most => Some(Outcome::draw(reason)),
            true => Some(Outcome::win(Side::Hunters, reason)),
            false => None,
        }
    }

    /// In a two-round match, the most plies a round lasts once the pieces
    /// are placed; `None` in every other game.
    pub fn two_rounds(&self) -> Option<u16> {
        self.special.as_ref().and_then(|sp| sp.two_rounds)
    }

    /// The round `pos` is in: 1, or 2 in a two-round match's second round.
    pub fn round(&self, pos: &Position) -> u8 {
        if self.two_rounds().is_some() && pos.rule_state == 1 {
            2
        } else {
            1
        }
    }

    /// The side whose player plays `role` in `pos`: the side the player
    /// took at the start. The players swap roles for round two of a
    /// two-round match; in every other game each plays one side throughout.
    pub fn player_side(&self, pos: &Position, role: Side) -> Side {
        if self.round(pos) == 2 {
            role.other()
        } else {
            role
        }
    }

    /// Whether the hunters win by getting behind the crowd (Wolf und Schaaf).
    pub fn wins_behind_crowd(&self) -> bool {
        self.ends.behind_crowd
    }

    /// Whether a hunter stands on a lower rank (along the crowd's forward)
    /// than every crowd piece on the board.
    fn hunter_behind_crowd(&self, pos: &Position) -> bool {
        let rearmost = pos.crowd().map(|p| self.rank[p.index()]).min();
        let hindmost_hunter = pos.hunters().map(|p| self.rank[p.index()]).min();
        matches!((hindmost_hunter, rearmost), (Some(h), Some(c)) if h < c)
    }

    /// The sum of the crowd's ranks: how far forward it stands.
    pub fn crowd_rank_sum(&self, pos: &Position) -> u16 {
        pos.crowd().map(|p| self.rank[p.index()] as u16).sum()
    }

    /// The ground mark: the highest crowd rank sum since the last capture.
    pub fn ground_mark(&self, pos: &Position) -> u16 {
        self.crowd_rank_sum(pos) + pos.ground_to_gain
    }

    /// A position and its hash. `ground_mark` (the highest crowd rank sum
    /// since the last capture) defaults to the crowd's rank sum.
    pub fn position(
        &self,
        pieces: [Bitboard; 2],
        side_to_move: Side,
        in_hand: [u8; 2],
        quiet_plies: u16,
        ground_mark: Option<u16>,
    ) -> Position {
        let mut p = Position {
            pieces,
            side_to_move,
            in_hand,
            quiet_plies,
            ground_to_gain: 0,
            moves_made: [0, 0],
            stacks: [0; MAX_STACKS],
            rule_state: 0,
            hash: 0,
        };
        p.ground_to_gain =
            ground_mark.map_or(0, |mark| mark.saturating_sub(self.crowd_rank_sum(&p)));
        p.hash = p.compute_hash();
        p
    }

    /// The start position.
    pub fn start_position(&self) -> Position {
        let mut pos = self.position(self.start, self.first, self.in_hand, 0, None);
        if let Some(sp) = &self.special {
            pos.stacks = sp.stack_start;
            pos.hash = pos.compute_hash();
        }
        pos
    }

    /// The points a jump chain hops over, one per landing (the move
    /// generator's own games: no line captures).
    #[inline]
    fn hops<'a>(&'a self, mv: &'a Move) -> impl Iterator<Item = Point> + 'a {
        let mut at = mv.from;
        mv.landings().filter_map(move |to| {
            let over = self.between[at.index() * CELLS + to.index()];
            at = to;
            Point::from_index(over)
        })
    }

    /// The position after `mv`, which must be one [`Rules::generate`] gave for `pos`.
    ///
    /// The new position is built from values kept apart and written once
    /// at the end: a copy changed a field at a time made the processor
    /// stall on reading the copy back (a store of one byte forwarded into
    /// a load of eight).
    pub fn apply(&self, pos: &Position, mv: &Move) -> (Position, Effects) {
        if let Some(sp) = &self.special {
            return self.apply_special(sp, pos, mv);
        }
        let side = pos.side_to_move;
        let s = side.index();
        let mut pieces = pos.pieces;
        let mut hash = pos.hash;
        let mut in_hand = pos.in_hand;
        let mut effects = Effects::default();
        let mut progress = false;
        match mv.kind {
            MoveKind::Place => {
                let to = mv.to();
                pieces[s] = pieces[s].with(to);
                hash ^= zobrist::piece(side, to) ^ zobrist::hand(side, in_hand[s]);
                in_hand[s] -= 1;
                hash ^= zobrist::hand(side, in_hand[s]);
                progress = true;
            }
            MoveKind::Step | MoveKind::Jump => {
                let (from, to) = (mv.from, mv.to());
                pieces[s] = pieces[s].without(from).with(to);
                hash ^= zobrist::piece(side, from) ^ zobrist::piece(side, to);
                if mv.kind == MoveKind::Jump {
                    for over in self.hops(mv) {
                        hash ^= zobrist::piece(Side::Crowd, over);
                        effects.captured = effects.captured.with(over);
                    }
                    pieces[Side::Crowd.index()] = pos.crowd() & !effects.captured;
                    progress = true;
                } else if side == Side::Hunters && self.huffing {
                    // Every hunter that could have captured before this step is removed.
                    for h in self.hunters_that_can_jump(pos) {
                        let stands = if h == from { to } else { h };
                        pieces[s] = pieces[s].without(stands);
                        hash ^= zobrist::piece(side, stands);
                        effects.huffed = effects.huffed.with(stands);
                        progress = true;
                    }
                }
            }
            // A removal comes only in a game with special rules.
            MoveKind::Pass | MoveKind::Remove => {}
        }
        let (ground_to_gain, gained) = self.ground_after(pos, mv, &effects);
        // Plies made while a side still holds pieces to place (setting up,
        // Bagh-Chal's placement phase) do not count towards the quiet draw.
        let quiet_plies = if progress || gained || pos.in_hand != [0, 0] {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        let mut moves_made = pos.moves_made;
        if self.counts_moves {
            moves_made[s] = moves_made[s].saturating_add(1);
        }
        let stays = mv.kind == MoveKind::Place && self.in_a_row[s] && in_hand[s] > 0;
        let side_to_move = if stays {
            side
        } else {
            hash ^= zobrist::CROWD_TO_MOVE;
            side.other()
        };
        let next = Position {
            pieces,
            side_to_move,
            in_hand,
            quiet_plies,
            ground_to_gain,
            moves_made,
            stacks: pos.stacks,
            rule_state: pos.rule_state,
            hash,
        };
        (next, effects)
    }

    /// The ground mark after `mv` (the crowd's highest rank sum since the
    /// last capture, kept as the gap below it; a capture restarts it from
    /// the new sum), and whether this move gained ground where the game
    /// counts that as progress.
    #[inline(always)]
    pub(super) fn ground_after(&self, pos: &Position, mv: &Move, effects: &Effects) -> (u16, bool) {
        let rank_change = match (pos.side_to_move, mv.kind) {
            (Side::Crowd, MoveKind::Step) => self.rank(mv.to()) as i32 - self.rank(mv.from) as i32,
            (Side::Crowd, MoveKind::Place) => self.rank(mv.to()) as i32,
            _ => 0,
        };
        if !effects.captured.is_empty() {
            return (0, false);
        }
        let gap = pos.ground_to_gain as i32 - rank_change;
        (gap.max(0) as u16, gap < 0 && self.advance)
    }
}

/// Each point's rank along `forward`: the index of its coordinate in that
/// direction among the board's distinct ones (0 the rearmost).
fn ranks(board: &Board, forward: (f32, f32)) -> [u8; CELLS] {
    let along = |p: Point| {
        let (x, y) = board.position(p);
        x * forward.0 + y * forward.1
    };
    let mut levels: Vec<f32> = board.points.map(along).collect();
    levels.sort_by(f32::total_cmp);
    levels.dedup();
    let mut rank = [0; CELLS];
    for p in board.points {
        rank[p.index()] = levels.partition_point(|&v| v < along(p)) as u8;
    }
    rank
}

/// What the rules of a variant say, asked of the variant.
impl Variant {
    fn rules(&self) -> Arc<Rules> {
        Rules::of(*self)
    }

    /// The stronghold (fortress) a crowd wins by filling, if the game has one.
    pub fn stronghold(&self) -> Option<Bitboard> {
        self.rules().region_to_fill()
    }

    /// Crowd pieces at the start (on the board or in hand).
    pub fn crowd_count(&self) -> u32 {
        self.rules().starting_count(Side::Crowd)
    }
    /// Hunter pieces at the start (on the board or in hand).
    pub fn hunter_count(&self) -> u32 {
        self.rules().starting_count(Side::Hunters)
    }
    /// A side's pieces at the start: one is a single piece (the fox, a
    /// vulture), named in the singular.
    pub fn side_count(&self, side: Side) -> u32 {
        self.rules().starting_count(side)
    }
    /// The hunters win once the crowd (on board and in hand) is below this.
    pub fn crowd_minimum(&self) -> u32 {
        self.rules().crowd_at_most().map_or(0, |k| k + 1)
    }
    /// Plies without progress that draw, if the game has such a rule.
    pub fn quiet_limit(&self) -> Option<u16> {
        self.rules().quiet_limit()
    }
    /// Threefold repetition draws (Asalto, Fox and Geese).
    pub fn threefold_draws(&self) -> bool {
        self.rules().repetition_limit().is_some()
    }
    /// Bagh-Chal: after placement, no move may recreate an earlier position.
    pub fn forbids_repeats(&self) -> bool {
        self.rules().forbids_repeats()
    }
    /// A crowd step to a higher rank counts as progress (not in Bagh-Chal).
    pub fn ground_counts(&self) -> bool {
        self.rules().advance_is_progress()
    }
    /// Hunters chain jumps (all but Bagh-Chal, whose tigers jump once).
    pub fn chains(&self) -> bool {
        self.rules().chains()
    }
    /// The hunters must jump when they can.
    pub fn capture_compulsory(&self) -> bool {
        self.rules().capture_compulsory()
    }
    /// Asalto: a hunter that could have jumped and did not is removed.
    pub fn huffing(&self) -> bool {
        self.rules().huffing()
    }
    /// Where pieces in hand may be placed (Asalto's officers: the fortress).
    pub fn placement_area(&self, side: Side) -> Bitboard {
        self.rules().placement_area(side)
    }
}

impl Position {
    /// The start position of a game.
    pub fn start(variant: &Variant) -> Position {
        Rules::of(*variant).start_position()
    }
}
