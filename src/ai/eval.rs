//! The evaluation: the one a game's file chooses ([`Evaluation`]), the
//! line terms of the first games ([`Evaluator`]) or the general terms
//! ([`super::terms`]). Each is one set of terms written from one side's
//! point of view and negated for the other (seed 000, "What the computer
//! does"), so the two sides can never value the same position differently.

use super::terms::Terms;
use crate::rules::board::{CELLS, DIRECTIONS, Layout, Point};
use crate::rules::family::file::EvaluationSpec;
use crate::rules::{GameId, Position, Rules, Side};

/// The evaluation a game's file chooses: `Lines` (the first games' terms,
/// counted along a grid of seven files all at once) or `Family` (the
/// general terms). One branch per call, no dynamic dispatch.
// One per search: the line terms' tables stay inline, read at every node
// without a pointer to follow.
#[allow(clippy::large_enum_variant)]
pub enum Evaluation {
    Lines(Evaluator),
    Terms(Terms),
}

impl Evaluation {
    /// The evaluation the game's file asks for; a file that asks for the
    /// line terms on a board they cannot read (not a grid of seven files)
    /// gets the general terms.
    pub fn new(rules: &Rules) -> Evaluation {
        let grid_of_seven = rules.board().layout == Layout::Grid { stride: 7 };
        match rules.variant.game.file().computer.evaluation {
            EvaluationSpec::Lines(_) if grid_of_seven => Evaluation::Lines(Evaluator::new(rules)),
            _ => Evaluation::Terms(Terms::new(rules)),
        }
    }

    /// The score for the side to move, and whether some hunter has a jump;
    /// `None` when the side to move has no move and the rules end the game
    /// for it (the search then scores the end).
    #[inline]
    pub fn evaluate_with_threats(&self, pos: &Position) -> Option<(i32, bool)> {
        match self {
            Evaluation::Lines(e) => e.evaluate_with_threats(pos),
            Evaluation::Terms(t) => t.evaluate_with_threats(pos),
        }
    }

    /// [`Evaluation::evaluate_with_threats`] without the threats.
    pub fn evaluate(&self, pos: &Position) -> Option<i32> {
        self.evaluate_with_threats(pos).map(|(score, _)| score)
    }

    /// A drawn end, for the side to move: 0, or what the file's weights
    /// make of the pieces taken ([`super::terms::TermWeights::drawn_capture`]).
    #[inline]
    pub fn draw_score(&self, pos: &Position) -> i32 {
        match self {
            Evaluation::Lines(_) => 0,
            Evaluation::Terms(t) => t.draw_score(pos),
        }
    }

    /// The line terms, where the game uses them (Bagh-Chal's fitted
    /// weights are set on them).
    pub fn lines_mut(&mut self) -> Option<&mut Evaluator> {
        match self {
            Evaluation::Lines(e) => Some(e),
            Evaluation::Terms(_) => None,
        }
    }
}

/// Weights of the terms, per game. All are from the crowd's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each crowd piece left, on the board or in hand, counted from
    /// `even_crowd`.
    pub piece: i32,
    /// The crowd size at which the game is about even, where material
    /// scores 0. The draw rules score 0 too, so this decides which side
    /// plays for a draw: in Pirates and Bulgars a crowd of 24 is well ahead
    /// (compulsory capture lets it pen the pirates in), so it pushes on and
    /// the pirates are the ones glad to draw.
    pub even_crowd: i32,
    /// Each rank a crowd piece has climbed (towards the stronghold, or
    /// towards the fox for the geese).
    pub rank: i32,
    /// Each stronghold (fortress) point the crowd holds.
    pub stronghold: i32,
    /// Each move the hunters could make (steps and first hops): their room.
    pub hunter_room: i32,
    /// Each hunter that cannot move at all.
    pub hunter_trapped: i32,
    /// Each crowd piece a hunter could jump, when the crowd is to move and
    /// can still cover it.
    pub jumpable_crowd_to_move: i32,
    /// Each crowd piece a hunter could jump, when the hunters are to move.
    pub jumpable_hunters_to_move: i32,
    /// Each crowd piece with an empty point behind it on a line and a
    /// point in front a hunter could stand on: seed 000's "a Bulgar about
    /// to be taken", before any hunter has arrived.
    pub exposed: i32,
    /// Each crowd piece on the edge of the board, where it can be jumped
    /// along the edge only (Bagh-Chal's safe placements).
    pub edge: i32,
}

impl Weights {
    /// The weights a game file gives the line terms (the four first
    /// games' files: `computer: (evaluation: Lines(...))`); a game judged
    /// by other terms gets zeros but for material.
    pub fn for_game(game: GameId) -> Weights {
        match &game.file().computer.evaluation {
            EvaluationSpec::Lines(w) => Weights {
                piece: w.piece,
                even_crowd: w.even_crowd,
                rank: w.rank,
                stronghold: w.region,
                hunter_room: w.hunter_room,
                hunter_trapped: w.hunter_trapped,
                jumpable_crowd_to_move: w.jumpable_crowd_to_move,
                jumpable_hunters_to_move: w.jumpable_hunters_to_move,
                exposed: w.exposed,
                edge: w.edge,
            },
            EvaluationSpec::Family(_) => Weights {
                piece: 100,
                even_crowd: 0,
                rank: 0,
                stronghold: 0,
                hunter_room: 0,
                hunter_trapped: 0,
                jumpable_crowd_to_move: 0,
                jumpable_hunters_to_move: 0,
                exposed: 0,
                edge: 0,
            },
        }
    }
}

impl Weights {
    /// Bagh-Chal's weights for a careful goat player (Master's goats):
    /// goats the tigers could reach are a real cost, the rim (corners, and
    /// pairs on an edge, which no tiger can jump) is worth more, and every
    /// move the tigers have counts almost double, since tigers with room
    /// set up the double attacks that take goats late in placement.
    /// Measured against Hard's tigers (docs/ai-figures.md): fewer goats
    /// lost by the end of placement.
    pub const fn cautious_goats(self) -> Weights {
        Weights {
            exposed: 20,
            edge: 6,
            hunter_room: 10,
            ..self
        }
    }
}

/// Weights for Bagh-Chal positions with goats still to place, in
/// hundredths of a goat from the goats' side, one for each of
/// [`Evaluator::features`] (named by [`FEATURE_NAMES`]): the score is
/// their sum. Fitted to the placement solver's exact results
/// (`tablebase labels`, `tools/strength/fit_placement.py`; see
/// docs/ai-figures.md, "A placement evaluation fitted to the solver").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementWeights(pub [i32; FEATURE_NAMES.len()]);

impl PlacementWeights {
    /// The fit of docs/ai-figures.md (`fit.txt` beside its labels).
    pub const FITTED: PlacementWeights = PlacementWeights([
        0,    // in_hand (the same for every leaf of a search)
        -111, // taken
        0,    // tiger_room
        75,   // tigers_trapped
        -17,  // jumpable_goats_to_move
        -84,  // jumpable_tigers_to_move
        -26,  // exposed
        -16,  // goats_rim
        9,    // goats_corner
        9,    // goats_crossing
        6,    // tigers_rim
        -13,  // tigers_corner
        -8,   // tigers_crossing
        -1,   // unsafe_empty
        0,    // empty (follows from goats in hand and taken)
    ]);
}

/// The evaluation of one variant, with its board tables as plain bit masks.
pub struct Evaluator {
    weights: Weights,
    /// Used instead of `weights` while goats are in hand (Bagh-Chal only).
    placement: Option<PlacementWeights>,
    /// The crowd at the start (to count the pieces taken).
    crowd_count: i32,
    points: u64,
    crowd_targets: [u64; CELLS],
    /// Per direction (offset [`OFFSETS`]`[d]`): the points with a line that
    /// way. Steps and jumps of every piece at once, as bit shifts.
    lines: [u64; 8],
    /// Points whose rank (from 0) has bit 0, 1 or 2 set: the crowd's rank
    /// sum in three popcounts.
    rank_bits: [u64; 3],
    stronghold: u64,
    edge: u64,
    /// The corners, and the points with diagonal lines (for [`Evaluator::features`]).
    corners: u64,
    crossings: u64,
    /// The processor counts bits in one instruction (only looked at on x86-64).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    popcnt: bool,
}

impl Evaluator {
    pub fn new(rules: &Rules) -> Evaluator {
        let topo = rules.board();
        let mut e = Evaluator {
            weights: Weights::for_game(rules.variant.game),
            placement: None,
            crowd_count: rules.variant.crowd_count() as i32,
            points: topo.points.0,
            crowd_targets: [0; CELLS],
            lines: [0; 8],
            rank_bits: [0; 3],
            stronghold: rules.variant.stronghold().map_or(0, |s| s.0),
            edge: 0,
            corners: 0,
            crossings: 0,
            popcnt: has_popcnt(),
        };
        for p in topo.points {
            let i = p.index();
            e.crowd_targets[i] = rules.step_targets(Side::Crowd, p).0;
            for (d, &o) in OFFSETS.iter().enumerate() {
                if let Some(q) = topo.step(p, d) {
                    debug_assert_eq!(q.index() as i32, i as i32 + o);
                    e.lines[d] |= p.bit().0;
                    if o.abs() == 6 || o.abs() == 8 {
                        e.crossings |= p.bit().0;
                    }
                }
            }
            for (bit, mask) in e.rank_bits.iter_mut().enumerate() {
                if p.rank() >> bit & 1 == 1 {
                    *mask |= p.bit().0;
                }
            }
            if on_rim(p, topo.size()) {
                e.edge |= p.bit().0;
                if (p.file() == 0 || p.file() == topo.size() - 1)
                    && (p.rank() == 0 || p.rank() == topo.size() - 1)
                {
                    e.corners |= p.bit().0;
                }
            }
        }
        e
    }

    /// The hunters' moves and the crowd's weak points, over every line at
    /// once.
    #[inline(always)]
    fn lines_facts(&self, crowd: u64, hunters: u64, empty: u64) -> LineFacts {
        let mut acc = LineAcc {
            crowd,
            hunters,
            empty,
            open: empty | hunters,
            ..LineAcc::default()
        };
        // One call per direction with its offset as a constant, so that
        // every shift is a single instruction (a loop is not unrolled).
        self.line::<0>(&mut acc);
        self.line::<1>(&mut acc);
        self.line::<2>(&mut acc);
        self.line::<3>(&mut acc);
        self.line::<4>(&mut acc);
        self.line::<5>(&mut acc);
        self.line::<6>(&mut acc);
        self.line::<7>(&mut acc);
        LineFacts {
            room: acc.room as i32,
            trapped: (hunters & !acc.movers).count_ones() as i32,
            jumpable: acc.jumpable,
            open_behind: acc.open_behind,
        }
    }

    /// The facts along direction `D`.
    #[inline(always)]
    fn line<const D: usize>(&self, acc: &mut LineAcc) {
        let o = OFFSETS[D];
        let lines = self.lines[D];
        // Points with a line towards D whose next point is empty.
        let before_empty = lines & shift(acc.empty, -o);
        // Crowd pieces with an empty landing beyond them...
        let landing = acc.crowd & before_empty;
        // ... and a hunter on the point before: jumpable now;
        let jumped = landing & shift(lines & acc.hunters, o);
        // ... or a point before that a hunter could stand on.
        acc.open_behind |= landing & shift(lines & acc.open, o);
        acc.jumpable |= jumped;
        // Hunters with a move this way (a step or a jump, never both).
        let movers = (acc.hunters & before_empty) | shift(jumped, -o);
        acc.movers |= movers;
        // One instruction with the processor's popcount (and in WebAssembly).
        acc.room += movers.count_ones();
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Evaluates with other weights from now on.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// The weights for positions with goats in hand, when set.
    pub fn placement_weights(&self) -> Option<PlacementWeights> {
        self.placement
    }

    /// Evaluates positions with goats in hand with these weights from now on.
    pub fn set_placement_weights(&mut self, weights: PlacementWeights) {
        self.placement = Some(weights);
    }

    /// The score for the side to move, or `None` when it has no move at
    /// all (it loses). Bagh-Chal's no-repeat rule is not looked at here.
    pub fn evaluate(&self, pos: &Position) -> Option<i32> {
        self.evaluate_with_threats(pos).map(|(score, _)| score)
    }

    /// [`Evaluator::evaluate`], and whether some hunter has a jump.
    #[inline]
    pub fn evaluate_with_threats(&self, pos: &Position) -> Option<(i32, bool)> {
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            // SAFETY: the processor has the instruction (checked in `new`).
            return unsafe { self.evaluate_with_popcnt(pos) };
        }
        self.evaluate_portably(pos)
    }

    /// The evaluation compiled with the processor's population count, which
    /// the default x86-64 target lacks (a count is then a dozen
    /// instructions, and the evaluation makes about ten).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn evaluate_with_popcnt(&self, pos: &Position) -> Option<(i32, bool)> {
        self.evaluate_portably(pos)
    }

    #[inline(always)]
    fn evaluate_portably(&self, pos: &Position) -> Option<(i32, bool)> {
        let w = &self.weights;
        let crowd = pos.crowd().0;
        let hunters = pos.hunters().0;
        let empty = self.points & !(crowd | hunters);
        let stm = pos.side_to_move;

        let facts = self.lines_facts(crowd, hunters, empty);
        let LineFacts {
            room,
            trapped,
            jumpable,
            open_behind,
        } = facts;

        if pos.in_hand[stm.index()] == 0 {
            let stuck = match stm {
                Side::Hunters => room == 0,
                Side::Crowd => !self.crowd_can_move(crowd, empty),
            };
            if stuck {
                return None;
            }
        }

        if let Some(p) = &self.placement
            && pos.in_hand[Side::Crowd.index()] > 0
        {
            let f = self.feature_values(pos, crowd, hunters, empty, &facts);
            let score: i32 = p.0.iter().zip(f).map(|(w, x)| w * x).sum();
            return Some(match stm {
                Side::Crowd => (score, jumpable != 0),
                Side::Hunters => (-score, jumpable != 0),
            });
        }

        let mut score = w.piece * (pos.material(Side::Crowd) as i32 - w.even_crowd)
            - w.hunter_room * room
            + w.hunter_trapped * trapped;
        if w.rank != 0 {
            let mut rank_sum = 0;
            for (bit, mask) in self.rank_bits.iter().enumerate() {
                rank_sum += ((crowd & mask).count_ones() as i32) << bit;
            }
            score += w.rank * rank_sum;
        }
        if self.stronghold != 0 {
            score += w.stronghold * (crowd & self.stronghold).count_ones() as i32;
        }
        if self.edge != 0 {
            score += w.edge * (crowd & self.edge).count_ones() as i32;
        }
        let threat = match stm {
            Side::Crowd => w.jumpable_crowd_to_move,
            Side::Hunters => w.jumpable_hunters_to_move,
        };
        if jumpable != 0 {
            score -= threat * jumpable.count_ones() as i32;
        }
        if w.exposed != 0 {
            let exposed = open_behind & !jumpable;
            score -= w.exposed * exposed.count_ones() as i32;
        }
        let score = match stm {
            Side::Crowd => score,
            Side::Hunters => -score,
        };
        Some((score, jumpable != 0))
    }

    /// The raw facts behind the evaluation of a Bagh-Chal position, and a
    /// few more, named by [`FEATURE_NAMES`]: what the placement evaluation
    /// weighs ([`PlacementWeights`]), and what `tablebase labels` writes
    /// beside the placement solver's exact values to fit it.
    pub fn features(&self, pos: &Position) -> [i32; FEATURE_NAMES.len()] {
        let crowd = pos.crowd().0;
        let hunters = pos.hunters().0;
        let empty = self.points & !(crowd | hunters);
        let facts = self.lines_facts(crowd, hunters, empty);
        self.feature_values(pos, crowd, hunters, empty, &facts)
    }

    /// [`Evaluator::features`] from the facts the evaluation has found.
    #[inline(always)]
    fn feature_values(
        &self,
        pos: &Position,
        crowd: u64,
        hunters: u64,
        empty: u64,
        facts: &LineFacts,
    ) -> [i32; FEATURE_NAMES.len()] {
        let LineFacts {
            room,
            trapped,
            jumpable,
            open_behind,
        } = *facts;
        let count = |bits: u64| bits.count_ones() as i32;
        let goats_to_move = pos.side_to_move == Side::Crowd;
        [
            pos.in_hand[Side::Crowd.index()] as i32,
            self.crowd_count - pos.material(Side::Crowd) as i32,
            room,
            trapped,
            if goats_to_move { count(jumpable) } else { 0 },
            if goats_to_move { 0 } else { count(jumpable) },
            count(open_behind & !jumpable),
            count(crowd & self.edge),
            count(crowd & self.corners),
            count(crowd & self.crossings),
            count(hunters & self.edge),
            count(hunters & self.corners),
            count(hunters & self.crossings),
            count(self.unsafe_empty(hunters, empty)),
            count(empty),
        ]
    }

    /// The empty points where a goat placed now could be jumped at once: a
    /// tiger next to it on a line with the point beyond empty.
    fn unsafe_empty(&self, hunters: u64, empty: u64) -> u64 {
        let mut bits = 0;
        for (d, &o) in OFFSETS.iter().enumerate() {
            let lines = self.lines[d];
            let before_empty = lines & shift(empty, -o);
            bits |= empty & before_empty & shift(lines & hunters, o);
        }
        bits
    }

    fn crowd_can_move(&self, crowd: u64, empty: u64) -> bool {
        // Every crowd may step straight up a file (one rank is 7 cells on
        // the grid), so that settles almost every position at once.
        if (crowd << 7) & empty != 0 {
            return true;
        }
        let mut cs = crowd;
        while cs != 0 {
            let c = cs.trailing_zeros() as usize;
            cs &= cs - 1;
            if self.crowd_targets[c] & empty != 0 {
                return true;
            }
        }
        false
    }
}

/// The names of [`Evaluator::features`], in order.
pub const FEATURE_NAMES: [&str; 15] = [
    "in_hand",
    "taken",
    "tiger_room",
    "tigers_trapped",
    "jumpable_goats_to_move",
    "jumpable_tigers_to_move",
    "exposed",
    "goats_rim",
    "goats_corner",
    "goats_crossing",
    "tigers_rim",
    "tigers_corner",
    "tigers_crossing",
    "unsafe_empty",
    "empty",
];

/// The grid offset of one step in each direction on the boards of seven
/// files it evaluates: constants, so the loops over directions unroll.
const OFFSETS: [i32; 8] = {
    let mut o = [0; 8];
    let mut d = 0;
    while d < 8 {
        o[d] = DIRECTIONS[d].1 as i32 * 7 + DIRECTIONS[d].0 as i32;
        d += 1;
    }
    o
};

/// [`Evaluator::lines_facts`] while it goes through the directions.
#[derive(Default)]
struct LineAcc {
    crowd: u64,
    hunters: u64,
    empty: u64,
    open: u64,
    jumpable: u64,
    open_behind: u64,
    movers: u64,
    room: u32,
}

/// What [`Evaluator::lines_facts`] finds.
#[derive(Clone, Copy, Default)]
struct LineFacts {
    /// Moves the hunters could make (steps and first hops).
    room: i32,
    /// Hunters without a move.
    trapped: i32,
    /// Crowd pieces a hunter could jump now.
    jumpable: u64,
    /// Crowd pieces with an empty point behind them on a line and an empty
    /// or hunter-held point in front.
    open_behind: u64,
}

/// `bits` moved by `by` grid cells (up the board when positive).
#[inline(always)]
fn shift(bits: u64, by: i32) -> u64 {
    if by >= 0 { bits << by } else { bits >> -by }
}

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

/// True for a point on the outer ring of a square board.
fn on_rim(p: Point, size: u8) -> bool {
    size == 5 && (p.file() == 0 || p.rank() == 0 || p.file() == size - 1 || p.rank() == size - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::SplitMix64;
    use crate::rules::{Game, GameId, Variant};

    /// The facts of [`Evaluator::lines_facts`], the slow way: every line
    /// of every piece, one at a time.
    fn facts_by_lines(rules: &Rules, pos: &Position) -> (i32, i32, u64, u64) {
        let topo = rules.board();
        let empty = !pos.occupied() & topo.points;
        let (mut room, mut trapped, mut jumpable, mut open_behind) = (0, 0, 0, 0);
        for h in pos.hunters() {
            let mut moves = (topo.neighbours[h.index()] & empty).count() as i32;
            for d in 0..8 {
                if let Some((over, land)) = topo.jump(h, d)
                    && pos.crowd().contains(over)
                    && empty.contains(land)
                {
                    jumpable |= over.bit().0;
                    moves += 1;
                }
            }
            room += moves;
            trapped += (moves == 0) as i32;
        }
        for c in pos.crowd() {
            for d in 0..8 {
                let Some(land) = topo.step(c, d) else {
                    continue;
                };
                let before = topo
                    .points
                    .into_iter()
                    .find(|&p| topo.step(p, d) == Some(c));
                if empty.contains(land) && before.is_some_and(|p| !pos.crowd().contains(p)) {
                    open_behind |= c.bit().0;
                }
            }
        }
        (room, trapped, jumpable, open_behind)
    }

    /// `start` and up to `plies` random moves (fewer when the game ends).
    fn random_game(start: &Game, plies: u64, rng: &mut SplitMix64) -> Game {
        let mut g = start.clone();
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
        }
        g
    }

    #[test]
    fn shifted_lines_match_the_lines_one_by_one() {
        let mut rng = SplitMix64::new(5);
        // The games evaluated along the lines: the four first games.
        for kind in GameId::built_in().take(4) {
            let g0 = Game::new(Variant::new(kind));
            let e = Evaluator::new(g0.rules());
            for _ in 0..80 {
                let plies = rng.below(120);
                let g = random_game(&g0, plies, &mut rng);
                let pos = g.position();
                let empty = !pos.occupied().0 & e.points;
                let f = e.lines_facts(pos.crowd().0, pos.hunters().0, empty);
                assert_eq!(
                    (f.room, f.trapped, f.jumpable, f.open_behind),
                    facts_by_lines(g.rules(), pos),
                    "{}",
                    g.position_string()
                );
            }
        }
    }

    /// The placement evaluation is the fitted sum over the features the
    /// fit read (`tablebase labels`), for either side to move; once every
    /// goat is placed the usual weights take over.
    #[test]
    fn placement_evaluation_is_the_fitted_sum_of_the_features() {
        let g0 = Game::new(Variant::new(GameId::named("bagh-chal")));
        let mut e = Evaluator::new(g0.rules());
        let p = PlacementWeights::FITTED;
        e.set_placement_weights(p);
        let plain = Evaluator::new(g0.rules());
        let mut rng = SplitMix64::new(11);
        let (mut placing, mut sliding) = (0, 0);
        for _ in 0..200 {
            let plies = rng.below(50);
            let g = random_game(&g0, plies, &mut rng);
            let pos = g.position();
            let Some(score) = e.evaluate(pos) else {
                continue;
            };
            if pos.in_hand[Side::Crowd.index()] == 0 {
                sliding += 1;
                assert_eq!(Some(score), plain.evaluate(pos));
                continue;
            }
            placing += 1;
            let sum: i32 = p.0.iter().zip(e.features(pos)).map(|(w, x)| w * x).sum();
            let expected = if pos.side_to_move == Side::Crowd {
                sum
            } else {
                -sum
            };
            assert_eq!(score, expected, "{}", g.position_string());
        }
        assert!(placing > 50 && sliding > 10, "{placing} {sliding}");
    }

    /// The features count what their names say, on a position set by hand.
    #[test]
    fn features_count_corners_crossings_and_unsafe_points() {
        // Goats on a1, b1 (rim; a1 a corner and a crossing) and c3 (a
        // crossing); tigers on e5 and e1 (corners), a3 (rim, a crossing)
        // and c2 (inside, no diagonals).
        let g = Game::from_position_string("bagh-chal 4T/5/T1G2/2T2/GG2T G 0/17 0 6").unwrap();
        let e = Evaluator::new(g.rules());
        let f = e.features(g.position());
        let get = |name: &str| f[FEATURE_NAMES.iter().position(|n| *n == name).unwrap()];
        assert_eq!(get("in_hand"), 17);
        assert_eq!(get("taken"), 0);
        assert_eq!(get("goats_rim"), 2);
        assert_eq!(get("goats_corner"), 1);
        assert_eq!(get("goats_crossing"), 2);
        assert_eq!(get("tigers_rim"), 3);
        assert_eq!(get("tigers_corner"), 2);
        assert_eq!(get("tigers_crossing"), 3);
        assert_eq!(get("empty"), 18);
        // c3, with c2's tiger below and c4 empty; the goats are to move.
        assert_eq!(get("jumpable_goats_to_move"), 1);
        assert_eq!(get("jumpable_tigers_to_move"), 0);
        // Unsafe points, the slow way: place a goat there, and see whether
        // some tiger's jump takes it.
        let unsafe_points = g
            .legal_moves()
            .iter()
            .filter(|placement| {
                let mut after = g.clone();
                after.play_unchecked(placement);
                after.legal_moves().iter().any(|mv| {
                    mv.is_jump() && after.rules().captured(mv).any(|p| p == placement.to())
                })
            })
            .count();
        assert_eq!(get("unsafe_empty"), unsafe_points as i32);
        assert!(unsafe_points >= 2, "b2 and d2, next to c2");
    }

    #[test]
    fn one_evaluation_for_both_sides() {
        // The same pieces with the other side to move: the score changes
        // sign (up to the side-to-move threat weight), never drifts apart.
        let g =
            Game::from_position_string("pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54")
                .unwrap();
        let e = Evaluator::new(g.rules());
        let crowd_view = e.evaluate(g.position()).unwrap();
        let mut flipped = *g.position();
        flipped.side_to_move = Side::Hunters;
        let hunter_view = e.evaluate(&flipped).unwrap();
        assert_eq!(crowd_view, -hunter_view);
        assert!(crowd_view > 0, "24 Bulgars at the start are ahead");
    }
}
