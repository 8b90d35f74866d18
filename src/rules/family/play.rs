//! Positions, moves and games of a [`Ruleset`]: generation, playing,
//! the ends, and perft.

use std::fmt;
use std::sync::Arc;

use super::file::{Chain, NoMoves};
use super::graph::bits;
use super::ruleset::{MAX_CROWD, Ruleset};
use crate::rules::side::Side;

/// What a move does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HuntMoveKind {
    Step,
    Jump,
    Place,
    /// No legal move, in a game where that side passes.
    Pass,
}

/// One whole turn: a placement, a step, a complete capture chain, or a pass.
/// Two chains differ when their landing points differ.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HuntMove {
    pub kind: HuntMoveKind,
    /// Where the piece starts (a placement's target; 0 for a pass).
    pub from: u8,
    len: u8,
    path: [u8; MAX_CROWD],
}

impl HuntMove {
    fn new(kind: HuntMoveKind, from: u8, landings: &[u8]) -> HuntMove {
        let mut path = [0; MAX_CROWD];
        path[..landings.len()].copy_from_slice(landings);
        HuntMove {
            kind,
            from,
            len: landings.len() as u8,
            path,
        }
    }
    pub fn step(from: u8, to: u8) -> HuntMove {
        HuntMove::new(HuntMoveKind::Step, from, &[to])
    }
    pub fn place(to: u8) -> HuntMove {
        HuntMove::new(HuntMoveKind::Place, to, &[to])
    }
    pub fn jump(from: u8, landings: &[u8]) -> HuntMove {
        HuntMove::new(HuntMoveKind::Jump, from, landings)
    }
    pub fn pass() -> HuntMove {
        HuntMove::new(HuntMoveKind::Pass, 0, &[])
    }
    /// The landing points in order (one for a step or placement).
    pub fn landings(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }
    /// Where the piece ends.
    pub fn to(&self) -> u8 {
        self.landings().last().copied().unwrap_or(self.from)
    }
}

/// A position: pieces, hands, side to move, plies without progress, each
/// side's moves made (for move limits), and the hash.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HuntPosition {
    pub pieces: [u64; 2],
    pub in_hand: [u8; 2],
    pub side_to_move: Side,
    pub quiet_plies: u16,
    pub moves_made: [u16; 2],
    pub hash: u64,
}

/// What a side with no move does here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stuck {
    Loses,
    Passes,
    Draws,
}

/// How a game of the family ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HuntReason {
    CrowdTooFew,
    RegionFilled,
    RegionReached(Side),
    Outlasted(Side),
    /// This side had no move: it lost, or (with no winner) the game is
    /// drawn.
    NoMoves(Side),
    QuietLimit,
    Repetition,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HuntOutcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: HuntReason,
}

impl Ruleset {
    /// The start position.
    pub fn start_position(&self) -> HuntPosition {
        let mut pos = HuntPosition {
            pieces: self.start,
            in_hand: self.in_hand,
            side_to_move: self.file.first,
            quiet_plies: 0,
            moves_made: [0, 0],
            hash: 0,
        };
        pos.hash = self.hash(&pos);
        pos
    }

    fn hash(&self, pos: &HuntPosition) -> u64 {
        let mut h = hand_key(Side::Hunters, pos.in_hand[0]) ^ hand_key(Side::Crowd, pos.in_hand[1]);
        for s in 0..2 {
            for p in bits(pos.pieces[s]) {
                h ^= self.zobrist[p as usize][s];
            }
        }
        if pos.side_to_move == Side::Crowd {
            h ^= CROWD_TO_MOVE;
        }
        h
    }

    fn empty(&self, pos: &HuntPosition) -> u64 {
        self.graph.all() & !(pos.pieces[0] | pos.pieces[1])
    }

    /// Appends every move the rules allow in `pos` (the ends and the
    /// repetition draw aside). A side with none gets a pass where the game
    /// says it passes.
    pub fn generate(&self, pos: &HuntPosition, out: &mut Vec<HuntMove>) {
        let start = out.len();
        self.generate_moves(pos, out);
        if out.len() == start && self.when_stuck(pos) == Stuck::Passes {
            out.push(HuntMove::pass());
        }
    }

    /// What happens to the side to move if it has no move (whether it has
    /// one is not looked at here).
    fn when_stuck(&self, pos: &HuntPosition) -> Stuck {
        let side = pos.side_to_move;
        let other_can_move = || {
            let mut flipped = *pos;
            flipped.side_to_move = side.other();
            self.can_move(&flipped)
        };
        match self.file.no_moves.of(side) {
            NoMoves::Loses => Stuck::Loses,
            NoMoves::LosesOncePlaced if pos.in_hand[side.other().index()] == 0 => Stuck::Loses,
            NoMoves::LosesOncePlaced | NoMoves::Passes if other_can_move() => Stuck::Passes,
            NoMoves::LosesOncePlaced | NoMoves::Passes | NoMoves::Draws => Stuck::Draws,
        }
    }

    /// True when the side to move has a move other than a pass.
    pub fn can_move(&self, pos: &HuntPosition) -> bool {
        let mut moves = Vec::new();
        self.generate_moves(pos, &mut moves);
        !moves.is_empty()
    }

    fn generate_moves(&self, pos: &HuntPosition, out: &mut Vec<HuntMove>) {
        let side = pos.side_to_move;
        let s = side.index();
        let empty = self.empty(pos);
        if pos.in_hand[s] > 0 {
            for p in bits(self.place_on[s] & empty) {
                out.push(HuntMove::place(p));
            }
            return;
        }
        let before = out.len();
        if side == Side::Hunters && self.file.capture.chain != Chain::NoCapture {
            let mut path = [0u8; MAX_CROWD];
            for h in bits(pos.pieces[0]) {
                let others = pos.pieces[0] & !(1 << h);
                self.chains(h, h, others, pos.pieces[1], &mut path, 0, out);
            }
            if out.len() > before && self.file.capture.compulsory {
                return;
            }
        }
        for p in bits(pos.pieces[s]) {
            for q in bits(self.steps[s][p as usize] & empty) {
                out.push(HuntMove::step(p, q));
            }
        }
    }

    /// Capture chains from `at`: each hop takes its piece at once, so a
    /// chain may land where it took earlier.
    #[allow(clippy::too_many_arguments)]
    fn chains(
        &self,
        start: u8,
        at: u8,
        others: u64,
        crowd: u64,
        path: &mut [u8; MAX_CROWD],
        depth: usize,
        out: &mut Vec<HuntMove>,
    ) {
        let chain = self.file.capture.chain;
        let goes_on = depth == 0 || matches!(chain, Chain::Optional | Chain::Maximal);
        let mut extended = false;
        if goes_on {
            for &(over, to) in &self.graph.jumps[at as usize] {
                if crowd & (1 << over) != 0 && (others | crowd) & (1 << to) == 0 {
                    extended = true;
                    path[depth] = to;
                    self.chains(
                        start,
                        to,
                        others,
                        crowd & !(1 << over),
                        path,
                        depth + 1,
                        out,
                    );
                }
            }
        }
        let may_stop = !extended || chain == Chain::Optional;
        if depth > 0 && may_stop {
            out.push(HuntMove::jump(start, &path[..depth]));
        }
    }

    /// The points a jump move takes, in order.
    pub fn captured(&self, mv: &HuntMove) -> Vec<u8> {
        if mv.kind != HuntMoveKind::Jump {
            return Vec::new();
        }
        let mut at = mv.from;
        mv.landings()
            .iter()
            .map(|&to| {
                let over = self.between[at as usize * 64 + to as usize];
                at = to;
                over
            })
            .collect()
    }

    /// The position after `mv`, which must be one [`Ruleset::generate`] gave.
    pub fn apply(&self, pos: &HuntPosition, mv: &HuntMove) -> HuntPosition {
        let side = pos.side_to_move;
        let s = side.index();
        let mut next = *pos;
        let mut progress = false;
        match mv.kind {
            HuntMoveKind::Place => {
                next.pieces[s] |= 1 << mv.from;
                next.hash ^= self.zobrist[mv.from as usize][s] ^ hand_key(side, pos.in_hand[s]);
                next.in_hand[s] -= 1;
                next.hash ^= hand_key(side, next.in_hand[s]);
                progress = true;
            }
            HuntMoveKind::Step | HuntMoveKind::Jump => {
                let to = mv.to();
                next.pieces[s] = (next.pieces[s] & !(1 << mv.from)) | 1 << to;
                next.hash ^= self.zobrist[mv.from as usize][s] ^ self.zobrist[to as usize][s];
                for over in self.captured(mv) {
                    next.pieces[1] &= !(1 << over);
                    next.hash ^= self.zobrist[over as usize][1];
                    progress = true;
                }
            }
            HuntMoveKind::Pass => {}
        }
        next.quiet_plies = if progress {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        next.moves_made[s] = pos.moves_made[s].saturating_add(1);
        next.side_to_move = side.other();
        next.hash ^= CROWD_TO_MOVE;
        next
    }

    /// The end reached by the position itself (not by the side to move
    /// having no move, nor a repetition): the mover's wins first.
    pub fn end_of(&self, pos: &HuntPosition) -> Option<HuntOutcome> {
        let mover = pos.side_to_move.other();
        let win = |side: Side, reason| {
            Some(HuntOutcome {
                winner: Some(side),
                reason,
            })
        };
        let ends = &self.ends;
        for side in [mover, mover.other()] {
            let s = side.index();
            if side == Side::Hunters
                && let Some(k) = ends.crowd_at_most
                && pos.pieces[1].count_ones() + pos.in_hand[1] as u32 <= k as u32
            {
                return win(side, HuntReason::CrowdTooFew);
            }
            if side == Side::Crowd
                && let Some(region) = ends.crowd_fills
                && pos.pieces[1] & region == region
            {
                return win(side, HuntReason::RegionFilled);
            }
            if let Some(region) = ends.reaches[s]
                && pos.pieces[s] & region != 0
            {
                return win(side, HuntReason::RegionReached(side));
            }
            if let Some(limit) = ends.outlasts[s]
                && pos.moves_made[side.other().index()] >= limit
            {
                return win(side, HuntReason::Outlasted(side));
            }
        }
        if let Some(limit) = self.file.draws.quiet_limit
            && pos.quiet_plies >= limit
        {
            return Some(HuntOutcome {
                winner: None,
                reason: HuntReason::QuietLimit,
            });
        }
        None
    }
}

/// Hash keys of the hands and the side to move (the points' keys are the
/// ruleset's).
const CROWD_TO_MOVE: u64 = 0x2d35_8dcc_aa6c_78a5;
fn hand_key(side: Side, count: u8) -> u64 {
    let mut z =
        (count as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (side.index() as u64) << 61;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^ (z >> 31)
}

/// A game of the family in progress: its rules, the position and the
/// history (for undo and repetitions).
#[derive(Clone, Debug)]
pub struct HuntGame {
    pub rules: Arc<Ruleset>,
    position: HuntPosition,
    history: Vec<(HuntPosition, HuntMove)>,
}

/// A move the rules refuse now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalHuntMove(pub String);

impl fmt::Display for IllegalHuntMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.0)
    }
}

impl std::error::Error for IllegalHuntMove {}

impl HuntGame {
    pub fn new(rules: Arc<Ruleset>) -> HuntGame {
        let position = rules.start_position();
        HuntGame {
            rules,
            position,
            history: Vec::new(),
        }
    }
    /// A game from `position`, with no history.
    pub fn at(rules: Arc<Ruleset>, position: HuntPosition) -> HuntGame {
        HuntGame {
            rules,
            position,
            history: Vec::new(),
        }
    }
    pub fn position(&self) -> &HuntPosition {
        &self.position
    }
    pub fn moves(&self) -> impl Iterator<Item = &HuntMove> {
        self.history.iter().map(|(_, mv)| mv)
    }
    /// The side that made each move, oldest first.
    pub fn movers(&self) -> impl Iterator<Item = Side> + '_ {
        self.history.iter().map(|(before, _)| before.side_to_move)
    }

    /// How many times the current position has stood (with the same side
    /// to move), this one included.
    fn occurrences(&self) -> usize {
        let now = &self.position;
        let same = |p: &HuntPosition| {
            p.hash == now.hash
                && p.pieces == now.pieces
                && p.in_hand == now.in_hand
                && p.side_to_move == now.side_to_move
        };
        1 + self.history.iter().filter(|(p, _)| same(p)).count()
    }

    fn drawn_by_repetition(&self) -> bool {
        self.rules
            .file
            .draws
            .repetition
            .is_some_and(|times| self.occurrences() >= times as usize)
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<HuntOutcome> {
        if let Some(end) = self.rules.end_of(&self.position) {
            return Some(end);
        }
        let stuck = self.position.side_to_move;
        if !self.rules.can_move(&self.position) {
            match self.rules.when_stuck(&self.position) {
                Stuck::Loses => {
                    return Some(HuntOutcome {
                        winner: Some(stuck.other()),
                        reason: HuntReason::NoMoves(stuck),
                    });
                }
                Stuck::Draws => {
                    return Some(HuntOutcome {
                        winner: None,
                        reason: HuntReason::NoMoves(stuck),
                    });
                }
                Stuck::Passes => {}
            }
        }
        if self.drawn_by_repetition() {
            return Some(HuntOutcome {
                winner: None,
                reason: HuntReason::Repetition,
            });
        }
        None
    }

    /// The legal moves, or the outcome when there are none: one move
    /// generation where [`HuntGame::outcome`] and
    /// [`HuntGame::legal_moves`] would make two (for the search).
    pub fn moves_or_outcome(&self) -> Result<Vec<HuntMove>, HuntOutcome> {
        let moves = self.legal_moves();
        if !moves.is_empty() {
            return Ok(moves);
        }
        // No legal move: the game is over (a side that passes has a pass).
        Err(self.outcome().unwrap_or(HuntOutcome {
            winner: None,
            reason: HuntReason::Repetition,
        }))
    }

    /// Every legal move; none once the game is over.
    pub fn legal_moves(&self) -> Vec<HuntMove> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    fn legal_moves_into(&self, out: &mut Vec<HuntMove>) {
        if self.rules.end_of(&self.position).is_some() || self.drawn_by_repetition() {
            return;
        }
        self.rules.generate(&self.position, out);
    }

    /// Plays a legal move; anything else changes nothing.
    pub fn play(&mut self, mv: &HuntMove) -> Result<(), IllegalHuntMove> {
        if !self.legal_moves().contains(mv) {
            return Err(IllegalHuntMove(self.rules.move_text(mv)));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, mv: &HuntMove) {
        let next = self.rules.apply(&self.position, mv);
        self.history.push((self.position, *mv));
        self.position = next;
    }

    pub fn undo(&mut self) -> Option<HuntMove> {
        let (before, mv) = self.history.pop()?;
        self.position = before;
        Some(mv)
    }

    /// Leaf count of the move tree to `depth` plies; a finished position
    /// counts 0 at depth > 0.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for mv in &moves {
            self.play_unchecked(mv);
            total += self.perft(depth - 1);
            self.undo();
        }
        total
    }

    /// Per root move leaf counts, in move-text order.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .legal_moves()
            .into_iter()
            .map(|mv| {
                self.play_unchecked(&mv);
                let n = self.perft(depth.saturating_sub(1));
                self.undo();
                (self.rules.move_text(&mv), n)
            })
            .collect();
        out.sort();
        out
    }
}
