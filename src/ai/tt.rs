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

    /// The grid index of the move's start point (0 for [`MoveKey::NONE`]).
    #[inline]
    pub fn start_index(self) -> usize {
        (self.0 >> 2 & 63) as usize
    }

    pub fn of(mv: &Move) -> MoveKey {
        let kind = match mv.kind() {
            MoveKind::Step => 1u32,
            MoveKind::Jump => 2,
            MoveKind::Place => 3,
            MoveKind::Remove => 4,
            // No other key has every bit set (a jump's kind is 0b10).
            MoveKind::Pass => return MoveKey(u32::MAX),
        };
        let mut route = 0u32;
        if mv.is_jump() {
            for p in mv.landings() {
                route = route.wrapping_mul(53).wrapping_add(p.index() as u32 + 1);
            }
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
    pub mv: MoveKey,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
}

/// A fixed-size table (a power of two of slots). A slot is two words, the
/// key and the packed entry, so that a new table is zeroed memory the
/// system hands out lazily instead of megabytes written on every move.
pub struct TranspositionTable {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> TranspositionTable {
        let n = 1usize << bits;
        TranspositionTable {
            slots: vec![[0; 2]; n],
            mask: n - 1,
        }
    }

    /// Starts loading the slot of `key` into the cache: the probe that
    /// follows a move is otherwise a stall on main memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[key as usize & self.mask] as *const [u64; 2];
            // SAFETY: a prefetch is only a hint; the pointer is in bounds.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    slot as *const i8,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, data] = self.slots[key as usize & self.mask];
        if k != key {
            return None;
        }
        let bound = match data >> 56 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            mv: MoveKey(data as u32),
            score: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8 as i8,
            bound,
        })
    }

    /// Stores a result, keeping a deeper one of the same position.
    pub fn store(&mut self, key: u64, mv: MoveKey, score: i32, depth: i32, bound: Bound) {
        let old = self.probe(key);
        if let Some(old) = old
            && old.depth as i32 > depth
            && bound != Bound::Exact
        {
            return;
        }
        // Keep the known best move when this result has none.
        let mv = match old {
            Some(old) if mv == MoveKey::NONE => old.mv,
            _ => mv,
        };
        let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let depth = depth.clamp(0, i8::MAX as i32) as u8;
        let bound = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = mv.0 as u64 | (score as u16 as u64) << 32 | (depth as u64) << 48 | bound << 56;
        self.slots[key as usize & self.mask] = [key, data];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let mut tt = TranspositionTable::new(4);
        assert!(tt.probe(77).is_none());
        tt.store(77, MoveKey(12345), -29_990, 9, Bound::Lower);
        let e = tt.probe(77).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (MoveKey(12345), -29_990, 9, Bound::Lower)
        );
        // A shallower bound does not replace a deeper result.
        tt.store(77, MoveKey::NONE, 5, 3, Bound::Upper);
        assert_eq!(tt.probe(77).unwrap().depth, 9);
        // An exact one does, keeping the move.
        tt.store(77, MoveKey::NONE, 5, 3, Bound::Exact);
        let e = tt.probe(77).unwrap();
        assert_eq!((e.mv, e.score, e.bound), (MoveKey(12345), 5, Bound::Exact));
        // Another key in the same slot is not mistaken for it.
        assert!(tt.probe(77 + 16).is_none());
    }
}
