//! A position: pieces, side to move, pieces in hand, no-progress counters,
//! moves made (where a side wins by outlasting them), hash.

use super::board::{Bitboard, CELLS, Point};
use super::family::MAX_STACKS;
use super::side::Side;

/// Everything that decides what may happen next, except the history
/// (kept by [`super::Game`] for the repetition rules).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Points holding a piece of each side, indexed by [`Side::index`].
    pub pieces: [Bitboard; 2],
    pub side_to_move: Side,
    /// Pieces not yet placed, per side (Asalto's officers, Bagh-Chal's goats).
    pub in_hand: [u8; 2],
    /// Plies in a row without progress (a capture, a huff, a placement,
    /// and where the game counts it, ground gained).
    pub quiet_plies: u16,
    /// How far the crowd's rank sum is below its highest value since the
    /// last capture (the ground mark): a crowd step gains ground only when
    /// it lifts the sum above the mark. Kept as a gap so moves update it
    /// without summing the board.
    pub ground_to_gain: u16,
    /// Moves each side has made, in a game a side wins by outlasting the
    /// other's moves (0 in every other game).
    pub moves_made: [u16; 2],
    /// The pieces under the top one on each of the game's stack points, in
    /// the order of its file (0 where a game has no stacks): a crowd piece
    /// on a stack point stands for `1 + stacks[i]` pieces.
    pub stacks: [u8; MAX_STACKS],
    /// The count a game's own rule keeps (0 in every other game): El
    /// Perro's flipped forward (1), which hunter moved last (its point + 1)
    /// where the hunters take turns, the crowd pieces owed for declined
    /// captures (RULES.md and docs/game-files.md, "Rules of a few games").
    pub rule_state: u8,
    /// Zobrist hash of pieces, side to move, hands, stacks and the rule's count.
    pub hash: u64,
}

impl Position {
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
    /// Pieces of a side on the board (stacks counted whole) and in hand.
    pub fn material(&self, side: Side) -> u32 {
        let stacked = match side {
            Side::Hunters => 0,
            Side::Crowd => self.stacked(),
        };
        self.pieces[side.index()].count() + self.in_hand[side.index()] as u32 + stacked
    }

    /// The crowd pieces under the top ones of its stacks.
    pub fn stacked(&self) -> u32 {
        self.stacks.iter().map(|&n| n as u32).sum()
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
        for (slot, &n) in self.stacks.iter().enumerate() {
            h ^= zobrist::stack(slot, n);
        }
        h ^ zobrist::rule_state(self.rule_state)
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
    const HAND_MAX: usize = 64;
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
    /// Key for the pieces under a stack's top one (0 for none).
    #[inline]
    pub fn stack(slot: usize, under: u8) -> u64 {
        if under == 0 {
            0
        } else {
            splitmix(0x5354_4143_4B00 ^ ((slot as u64) << 8 | under as u64))
        }
    }
    /// Key for a game's own rule count (0 for 0).
    #[inline]
    pub fn rule_state(count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            splitmix(0x5255_4C45_0000 ^ count as u64)
        }
    }
}
