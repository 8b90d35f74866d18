//! The transposition table: one entry per slot, keyed by the Zobrist hash.

use crate::rules::{Move, MoveKind};

/// How a stored score relates to the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a cutoff).
    Lower,
    /// The true value is at most the score (nothing raised alpha).
    Upper,
}

/// A move in 32 bits, enough to recognise it among the legal moves: kind,
/// from, to, hops and a checksum of the landings. Never 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveKey(u32);

impl MoveKey {
    pub const NONE: MoveKey = MoveKey(0);

    pub fn of(mv: &Move) -> MoveKey {
        let kind = match mv.kind() {
            MoveKind::Step => 1u32,
            MoveKind::Jump => 2,
            MoveKind::Place => 3,
        };
        let mut route = 0u32;
        for p in mv.landings() {
            route = route.wrapping_mul(53).wrapping_add(p.index() as u32 + 1);
        }
        MoveKey(
            kind | (mv.from().index() as u32) << 2
                | (mv.to().index() as u32) << 8
                | (mv.hops() as u32 & 31) << 14
                | (route & 0x1FFF) << 19,
        )
    }
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub mv: MoveKey,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
}

/// A fixed-size table (a power of two of entries).
pub struct TranspositionTable {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> TranspositionTable {
        let n = 1usize << bits;
        TranspositionTable {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores a result, keeping a deeper one of the same position.
    pub fn store(&mut self, key: u64, mv: MoveKey, score: i32, depth: i32, bound: Bound) {
        let slot = &mut self.slots[key as usize & self.mask];
        if let Some(old) = slot
            && old.key == key
            && old.depth as i32 > depth
            && bound != Bound::Exact
        {
            return;
        }
        let mv = match slot {
            // Keep the known best move when this result has none.
            Some(old) if old.key == key && mv == MoveKey::NONE => old.mv,
            _ => mv,
        };
        *slot = Some(Entry {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, i8::MAX as i32) as i8,
            bound,
        });
    }
}
