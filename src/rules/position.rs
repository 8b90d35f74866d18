//! A position: pieces, side to move, pieces in hand, no-progress counters, hash.

use super::board::{Bitboard, CELLS, Point, Topology, points};
use super::variant::{GameKind, Side, Variant};

/// Everything that decides what may happen next, except the history
/// (kept by [`super::Game`] for the repetition rules).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Points holding a piece of each side, indexed by [`Side::index`].
    pub pieces: [Bitboard; 2],
    pub side_to_move: Side,
    /// Pieces not yet placed, per side (Asalto's officers, Bagh-Chal's goats).
    pub in_hand: [u8; 2],
    /// Plies in a row without progress (capture, huff, ground gained; in
    /// Bagh-Chal, movement plies without a capture).
    pub quiet_plies: u16,
    /// How far the crowd's rank sum is below its highest value since the
    /// last capture (the ground mark): a crowd step gains ground only when
    /// it lifts the sum above the mark. Kept as a gap so moves update it
    /// without summing the board.
    pub ground_to_gain: u16,
    /// Zobrist hash of pieces, side to move and hands.
    pub hash: u64,
}

impl Position {
    /// The start position of a game.
    pub fn start(variant: &Variant) -> Position {
        let topo = Topology::get(variant.kind.board());
        let (hunters, crowd, hands, side) = match variant.kind {
            GameKind::Pirates => (
                points("c6 e6"),
                topo.points & !variant.stronghold().unwrap_or_default(),
                [0, 0],
                Side::Crowd,
            ),
            GameKind::Asalto => (
                Bitboard::EMPTY,
                topo.points & !variant.stronghold().unwrap_or_default(),
                [2, 0],
                Side::Hunters,
            ),
            GameKind::FoxGeese => {
                let extra = match variant.options.geese {
                    15 => "a4 g4",
                    17 => "a4 b4 f4 g4",
                    _ => "",
                };
                let geese = points("c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3") | points(extra);
                (points("d4"), geese, [0, 0], Side::Hunters)
            }
            GameKind::BaghChal => (points("a1 e1 a5 e5"), Bitboard::EMPTY, [0, 20], Side::Crowd),
        };
        Position::from_parts([hunters, crowd], side, hands, 0, None)
    }

    /// Builds a position and its hash. `ground_mark` (the highest crowd rank
    /// sum since the last capture) defaults to the crowd's rank sum.
    pub fn from_parts(
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
            hash: 0,
        };
        p.ground_to_gain = ground_mark.map_or(0, |mark| mark.saturating_sub(p.crowd_rank_sum()));
        p.hash = p.compute_hash();
        p
    }

    pub fn hunters(&self) -> Bitboard {
        self.pieces[Side::Hunters.index()]
    }
    pub fn crowd(&self) -> Bitboard {
        self.pieces[Side::Crowd.index()]
    }
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }
    /// The side whose piece stands on `p`, if any.
    pub fn piece_at(&self, p: Point) -> Option<Side> {
        if self.hunters().contains(p) {
            Some(Side::Hunters)
        } else if self.crowd().contains(p) {
            Some(Side::Crowd)
        } else {
            None
        }
    }
    /// The ground mark: the highest crowd rank sum since the last capture.
    pub fn ground_mark(&self) -> u16 {
        self.crowd_rank_sum() + self.ground_to_gain
    }
    /// Sum of the ranks (from 0) of the crowd's pieces: how far up the board they are.
    pub fn crowd_rank_sum(&self) -> u16 {
        self.crowd().map(|p| p.rank() as u16).sum()
    }
    /// Pieces of a side on the board and in hand.
    pub fn material(&self, side: Side) -> u32 {
        self.pieces[side.index()].count() + self.in_hand[side.index()] as u32
    }

    /// The hash from scratch (positions keep it up to date incrementally).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in [Side::Hunters, Side::Crowd] {
            for p in self.pieces[side.index()] {
                h ^= zobrist::piece(side, p);
            }
            h ^= zobrist::hand(side, self.in_hand[side.index()]);
        }
        if self.side_to_move == Side::Crowd {
            h ^= zobrist::CROWD_TO_MOVE;
        }
        h
    }
}

/// Zobrist keys, fixed at compile time so hashes are the same in every run.
pub mod zobrist {
    use super::*;

    const fn splitmix(mut x: u64) -> u64 {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }
    const HAND_MAX: usize = 32;
    const KEYS: [u64; 2 * CELLS + 2 * HAND_MAX + 1] = {
        let mut k = [0u64; 2 * CELLS + 2 * HAND_MAX + 1];
        let mut i = 0;
        while i < k.len() {
            k[i] = splitmix(0x5354_524F_4E47_u64 ^ (i as u64).wrapping_mul(0x1000_0000_01B3));
            i += 1;
        }
        k
    };
    pub const CROWD_TO_MOVE: u64 = KEYS[2 * CELLS + 2 * HAND_MAX];

    #[inline]
    pub fn piece(side: Side, p: Point) -> u64 {
        KEYS[side.index() * CELLS + p.index()]
    }
    /// Key for a hand count; a count of 0 hashes to 0 so finished placement adds nothing.
    #[inline]
    pub fn hand(side: Side, count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            KEYS[2 * CELLS + side.index() * HAND_MAX + (count as usize % HAND_MAX)]
        }
    }
}
