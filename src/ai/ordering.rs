//! Move ordering: the table's move first, then jumps by length, then the
//! killer moves of the ply, then quiet moves by their history.

use super::tt::MoveKey;
use crate::rules::board::CELLS;
use crate::rules::{Move, Side};

/// The table's move: the best move of an earlier search of the position.
const TT_MOVE: i32 = 1 << 30;
/// Jumps come next, longer chains first ([`PER_HOP`] each): a capture is
/// the likeliest cutoff.
const JUMP: i32 = 1 << 28;
/// Per hop of a jump: even the longest chain stays below the table's move.
const PER_HOP: i32 = 1024;
/// The two killers of the ply (quiet moves that cut off beside it), the
/// newer first.
const KILLER: [i32; 2] = [1 << 27, (1 << 27) - 1];
/// History scores stay below this, under the killers.
const HISTORY_CAP: i32 = 1 << 24;

/// Killers per ply and history per (side, from, to).
pub struct MoveOrder {
    killers: Vec<[MoveKey; 2]>,
    history: Vec<i32>,
}

impl MoveOrder {
    /// Scores at or above this are the table move, jumps and killers:
    /// never reduced.
    pub const KILLER_FLOOR: i32 = KILLER[1];

    pub fn new(plies: usize) -> MoveOrder {
        MoveOrder {
            killers: vec![[MoveKey::NONE; 2]; plies],
            history: vec![0; 2 * CELLS * CELLS],
        }
    }

    fn history_index(side: Side, mv: &Move) -> usize {
        (side.index() * CELLS + mv.from().index()) * CELLS + mv.to().index()
    }

    /// Fills `scores` for `moves` (same length), searched at `ply` by `side`.
    pub fn score(
        &self,
        moves: &[Move],
        scores: &mut [i32],
        ply: usize,
        tt_move: MoveKey,
        side: Side,
    ) {
        let killers = &self.killers[ply.min(self.killers.len() - 1)];
        for (mv, s) in moves.iter().zip(scores.iter_mut()) {
            *s = if mv.is_jump() {
                JUMP + mv.hops() as i32 * PER_HOP
            } else {
                0
            };
        }
        if tt_move == MoveKey::NONE && killers[0] == MoveKey::NONE {
            for (mv, s) in moves.iter().zip(scores.iter_mut()) {
                if *s == 0 {
                    *s = self.history[Self::history_index(side, mv)];
                }
            }
            return;
        }
        // Only a move from the start point of one of these can be one of
        // them: the rest skip building their key.
        let starts = 1u64 << tt_move.start_index()
            | 1u64 << killers[0].start_index()
            | 1u64 << killers[1].start_index();
        for (mv, s) in moves.iter().zip(scores.iter_mut()) {
            if starts >> mv.from().index() & 1 == 0 {
                if *s == 0 {
                    *s = self.history[Self::history_index(side, mv)];
                }
                continue;
            }
            let key = MoveKey::of(mv);
            if key == tt_move {
                *s = TT_MOVE;
            } else if *s == 0 {
                *s = if key == killers[0] {
                    KILLER[0]
                } else if key == killers[1] {
                    KILLER[1]
                } else {
                    self.history[Self::history_index(side, mv)]
                };
            }
        }
    }

    /// A quiet move caused a cutoff at `ply` with `depth` left.
    pub fn reward(&mut self, mv: &Move, ply: usize, depth: i32, side: Side) {
        let i = ply.min(self.killers.len() - 1);
        let key = MoveKey::of(mv);
        if self.killers[i][0] != key {
            self.killers[i][1] = self.killers[i][0];
            self.killers[i][0] = key;
        }
        // Depth squared: a cutoff high in the tree saves the most.
        let h = &mut self.history[Self::history_index(side, mv)];
        *h = (*h + depth.max(1) * depth.max(1)).min(HISTORY_CAP);
    }
}
