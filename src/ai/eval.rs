//! The evaluation: one set of terms written from the crowd's point of view
//! and negated for the hunters (seed 000, "What the computer does"), so the
//! two sides can never value the same position differently.

use crate::rules::board::{CELLS, DIRECTIONS, GRID, Point};
use crate::rules::{GameKind, Position, Rules, Side};

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
    pub const fn for_game(kind: GameKind) -> Weights {
        match kind {
            GameKind::Pirates | GameKind::Asalto => Weights {
                piece: 100,
                even_crowd: 20,
                rank: 3,
                stronghold: 10,
                hunter_room: 5,
                hunter_trapped: 30,
                jumpable_crowd_to_move: 35,
                jumpable_hunters_to_move: 80,
                exposed: 6,
                edge: 0,
            },
            // No stronghold: the geese win by penning the fox in.
            GameKind::FoxGeese => Weights {
                piece: 100,
                even_crowd: 11,
                rank: 5,
                stronghold: 0,
                hunter_room: 10,
                hunter_trapped: 0,
                jumpable_crowd_to_move: 35,
                jumpable_hunters_to_move: 80,
                exposed: 8,
                edge: 0,
            },
            // No stronghold and no forward: goats in hand count as pieces,
            // edges are the safe placements, trapped tigers are the goal.
            GameKind::BaghChal => Weights {
                piece: 100,
                even_crowd: 20,
                rank: 0,
                stronghold: 0,
                hunter_room: 6,
                hunter_trapped: 25,
                jumpable_crowd_to_move: 40,
                jumpable_hunters_to_move: 80,
                exposed: 5,
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
    /// Per direction: the grid offset of one step, and the points with a
    /// line that way. Jumps over the whole crowd at once, as bit shifts.
    offsets: [i32; 8],
    lines: [u64; 8],
    /// (jumped, landing) masks from each point, `jump_count[p]` of them.
    jumps: [[(u64, u64); 8]; CELLS],
    jump_count: [u8; CELLS],
    /// Points whose rank (from 0) has bit 0, 1 or 2 set: the crowd's rank
    /// sum in three popcounts.
    rank_bits: [u64; 3],
    stronghold: u64,
    edge: u64,
}

impl Evaluator {
    pub fn new(rules: &Rules) -> Evaluator {
        let topo = rules.topology;
        let mut e = Evaluator {
            weights: Weights::for_game(rules.variant.kind),
            points: topo.points.0,
            neighbours: [0; CELLS],
            crowd_targets: [0; CELLS],
            offsets: [0; 8],
            lines: [0; 8],
            jumps: [[(0, 0); 8]; CELLS],
            jump_count: [0; CELLS],
            rank_bits: [0; 3],
            stronghold: rules.variant.stronghold().map_or(0, |s| s.0),
            edge: 0,
        };
        for p in topo.points {
            let i = p.index();
            e.neighbours[i] = topo.neighbours[i].0;
            e.crowd_targets[i] = rules.step_targets(Side::Crowd, p).0;
            for d in 0..8 {
                if topo.step(p, d).is_some() {
                    e.lines[d] |= p.bit().0;
                }
                if let Some((over, land)) = topo.jump(p, d) {
                    e.jumps[i][e.jump_count[i] as usize] = (over.bit().0, land.bit().0);
                    e.jump_count[i] += 1;
                }
            }
            for (bit, mask) in e.rank_bits.iter_mut().enumerate() {
                if p.rank() >> bit & 1 == 1 {
                    *mask |= p.bit().0;
                }
            }
            if on_rim(p, topo.size) {
                e.edge |= p.bit().0;
            }
        }
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            e.offsets[d] = dr as i32 * GRID as i32 + df as i32;
        }
        e
    }

    /// Crowd pieces that could be jumped along some line: the landing
    /// beyond is empty and the point before holds a piece of `from`
    /// (hunters: jumpable now) or is free (`from` = empty: exposed).
    fn jump_targets(&self, crowd: u64, empty: u64, from: u64) -> u64 {
        let mut out = 0;
        for d in 0..8 {
            let o = self.offsets[d];
            let lines = self.lines[d];
            // c has a line towards d and c + o is empty.
            let landing = lines & shift(empty, -o);
            // c - o has a line towards d and holds `from`.
            let approach = shift(lines & from, o);
            out |= crowd & landing & approach;
        }
        out
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The score for the side to move, or `None` when it has no move at
    /// all (it loses). Bagh-Chal's no-repeat rule is not looked at here.
    pub fn evaluate(&self, pos: &Position) -> Option<i32> {
        self.evaluate_with_threats(pos).map(|(score, _)| score)
    }

    /// [`Evaluator::evaluate`], and whether some hunter has a jump.
    pub fn evaluate_with_threats(&self, pos: &Position) -> Option<(i32, bool)> {
        let w = &self.weights;
        let crowd = pos.crowd().0;
        let hunters = pos.hunters().0;
        let empty = self.points & !(crowd | hunters);
        let stm = pos.side_to_move;

        let mut room = 0i32;
        let mut trapped = 0i32;
        let mut hs = hunters;
        while hs != 0 {
            let h = hs.trailing_zeros() as usize;
            hs &= hs - 1;
            let mut moves = (self.neighbours[h] & empty).count_ones() as i32;
            for &(over, land) in &self.jumps[h][..self.jump_count[h] as usize] {
                moves += (crowd & over != 0 && empty & land != 0) as i32;
            }
            room += moves;
            trapped += (moves == 0) as i32;
        }
        let jumpable = self.jump_targets(crowd, empty, hunters);

        if pos.in_hand[stm.index()] == 0 {
            let stuck = match stm {
                Side::Hunters => room == 0,
                Side::Crowd => !self.crowd_can_move(crowd, empty),
            };
            if stuck {
                return None;
            }
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
            let exposed = self.jump_targets(crowd, empty, empty | hunters) & !jumpable;
            score -= w.exposed * exposed.count_ones() as i32;
        }
        let score = match stm {
            Side::Crowd => score,
            Side::Hunters => -score,
        };
        Some((score, jumpable != 0))
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

/// `bits` moved by `by` grid cells (up the board when positive).
#[inline]
fn shift(bits: u64, by: i32) -> u64 {
    if by >= 0 { bits << by } else { bits >> -by }
}

/// True for a point on the outer ring of a square board.
fn on_rim(p: Point, size: u8) -> bool {
    size == 5 && (p.file() == 0 || p.rank() == 0 || p.file() == size - 1 || p.rank() == size - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::SplitMix64;
    use crate::rules::{Game, GameKind, Variant};

    /// Crowd pieces some hunter could jump, the slow way: every jump line
    /// of every hunter.
    fn jumpable_by_lines(rules: &Rules, pos: &Position) -> u64 {
        let empty = !pos.occupied() & rules.topology.points;
        let mut out = 0;
        for h in pos.hunters() {
            for d in 0..8 {
                if let Some((over, land)) = rules.topology.jump(h, d)
                    && pos.crowd().contains(over)
                    && empty.contains(land)
                {
                    out |= over.bit().0;
                }
            }
        }
        out
    }

    #[test]
    fn shifted_jumps_match_the_jump_lines() {
        let mut rng = SplitMix64::new(5);
        for kind in GameKind::ALL {
            let g0 = Game::new(Variant::new(kind));
            let e = Evaluator::new(g0.rules());
            for _ in 0..60 {
                let mut g = g0.clone();
                for _ in 0..rng.below(120) {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    g.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
                }
                let pos = g.position();
                let empty = !pos.occupied().0 & e.points;
                assert_eq!(
                    e.jump_targets(pos.crowd().0, empty, pos.hunters().0),
                    jumpable_by_lines(g.rules(), pos),
                    "{}",
                    g.position_string()
                );
            }
        }
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
