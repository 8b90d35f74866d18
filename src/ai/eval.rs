//! The evaluation: one set of terms written from the crowd's point of view
//! and negated for the hunters (seed 000, "What the computer does"), so the
//! two sides can never value the same position differently.

use crate::rules::board::{CELLS, Point};
use crate::rules::{GameKind, Position, Rules, Side};

/// Weights of the terms, per game. All are from the crowd's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each crowd piece left, on the board or in hand.
    pub piece: i32,
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
    /// Each crowd piece on the edge of the board, where it can be jumped
    /// along the edge only (Bagh-Chal's safe placements).
    pub edge: i32,
}

impl Weights {
    pub const fn for_game(kind: GameKind) -> Weights {
        match kind {
            GameKind::Pirates | GameKind::Asalto => Weights {
                piece: 100,
                rank: 3,
                stronghold: 10,
                hunter_room: 5,
                hunter_trapped: 30,
                jumpable_crowd_to_move: 35,
                jumpable_hunters_to_move: 80,
                edge: 0,
            },
            // No stronghold: the geese win by penning the fox in.
            GameKind::FoxGeese => Weights {
                piece: 100,
                rank: 5,
                stronghold: 0,
                hunter_room: 10,
                hunter_trapped: 0,
                jumpable_crowd_to_move: 35,
                jumpable_hunters_to_move: 80,
                edge: 0,
            },
            // No stronghold and no forward: goats in hand count as pieces,
            // edges are the safe placements, trapped tigers are the goal.
            GameKind::BaghChal => Weights {
                piece: 100,
                rank: 0,
                stronghold: 0,
                hunter_room: 6,
                hunter_trapped: 25,
                jumpable_crowd_to_move: 40,
                jumpable_hunters_to_move: 80,
                edge: 3,
            },
        }
    }
}

/// The evaluation of one variant, with its board tables as plain bit masks.
pub struct Evaluator {
    weights: Weights,
    points: u64,
    neighbours: [u64; CELLS],
    crowd_targets: [u64; CELLS],
    /// (jumped, landing) masks from each point, `jump_count[p]` of them.
    jumps: [[(u64, u64); 8]; CELLS],
    jump_count: [u8; CELLS],
    rank_masks: [u64; 7],
    stronghold: u64,
    edge: u64,
    /// Crowd pieces at the start: scores count the pieces lost, so an
    /// even game reads near 0.
    crowd_start: i32,
}

impl Evaluator {
    pub fn new(rules: &Rules) -> Evaluator {
        let topo = rules.topology;
        let mut e = Evaluator {
            weights: Weights::for_game(rules.variant.kind),
            points: topo.points.0,
            neighbours: [0; CELLS],
            crowd_targets: [0; CELLS],
            jumps: [[(0, 0); 8]; CELLS],
            jump_count: [0; CELLS],
            rank_masks: [0; 7],
            stronghold: rules.variant.stronghold().map_or(0, |s| s.0),
            edge: 0,
            crowd_start: rules.variant.crowd_count() as i32,
        };
        for p in topo.points {
            let i = p.index();
            e.neighbours[i] = topo.neighbours[i].0;
            e.crowd_targets[i] = rules.step_targets(Side::Crowd, p).0;
            for d in 0..8 {
                if let Some((over, land)) = topo.jump(p, d) {
                    e.jumps[i][e.jump_count[i] as usize] = (over.bit().0, land.bit().0);
                    e.jump_count[i] += 1;
                }
            }
            e.rank_masks[p.rank() as usize] |= p.bit().0;
            if on_rim(p, topo.size) {
                e.edge |= p.bit().0;
            }
        }
        e
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The score for the side to move, or `None` when it has no move at
    /// all (it loses). Bagh-Chal's no-repeat rule is not looked at here.
    pub fn evaluate(&self, pos: &Position) -> Option<i32> {
        let w = &self.weights;
        let crowd = pos.crowd().0;
        let hunters = pos.hunters().0;
        let empty = self.points & !(crowd | hunters);
        let stm = pos.side_to_move;

        let mut room = 0i32;
        let mut trapped = 0i32;
        let mut jumpable = 0u64;
        let mut hs = hunters;
        while hs != 0 {
            let h = hs.trailing_zeros() as usize;
            hs &= hs - 1;
            let mut moves = (self.neighbours[h] & empty).count_ones() as i32;
            for &(over, land) in &self.jumps[h][..self.jump_count[h] as usize] {
                if crowd & over != 0 && empty & land != 0 {
                    jumpable |= over;
                    moves += 1;
                }
            }
            room += moves;
            trapped += (moves == 0) as i32;
        }

        if pos.in_hand[stm.index()] == 0 {
            let stuck = match stm {
                Side::Hunters => room == 0,
                Side::Crowd => !self.crowd_can_move(crowd, empty),
            };
            if stuck {
                return None;
            }
        }

        let mut rank_sum = 0i32;
        for (r, mask) in self.rank_masks.iter().enumerate().skip(1) {
            rank_sum += r as i32 * (crowd & mask).count_ones() as i32;
        }
        let threat = match stm {
            Side::Crowd => w.jumpable_crowd_to_move,
            Side::Hunters => w.jumpable_hunters_to_move,
        };
        let score = w.piece * (pos.material(Side::Crowd) as i32 - self.crowd_start)
            + w.rank * rank_sum
            + w.stronghold * (crowd & self.stronghold).count_ones() as i32
            + w.edge * (crowd & self.edge).count_ones() as i32
            - w.hunter_room * room
            + w.hunter_trapped * trapped
            - threat * jumpable.count_ones() as i32;
        Some(match stm {
            Side::Crowd => score,
            Side::Hunters => -score,
        })
    }

    fn crowd_can_move(&self, crowd: u64, empty: u64) -> bool {
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

/// True for a point on the outer ring of a square board.
fn on_rim(p: Point, size: u8) -> bool {
    size == 5 && (p.file() == 0 || p.rank() == 0 || p.file() == size - 1 || p.rank() == size - 1)
}
