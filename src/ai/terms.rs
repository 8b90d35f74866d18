//! The general evaluation terms: how the search judges a position of any
//! game whose file asks for them (`computer: (evaluation: Family(...))`,
//! the default), from what the file says and nothing else.
//!
//! The terms, all counted from the hunters' side (positive: hunters
//! better), in hundredths of a piece:
//!
//! - **material against the goal**: each capture counts more the nearer it
//!   brings the hunters to the crowd count that wins (`CrowdAtMost`);
//! - **the hunters' room**: their moves, and a hunter with one move or none
//!   counted as nearly trapped (the blockade's progress, the crowd's aim
//!   wherever a blocked side loses);
//! - **crowd pieces the hunters can jump next** (each threatened piece);
//! - **the crowd closing in**: each line between a crowd piece and the
//!   hunter nearest it;
//! - **regions**: crowd pieces on a region to fill, and each side's
//!   distance to a region it wins by reaching;
//! - **drawn captures**: in a drawn end, each crowd piece already taken
//!   ([`Terms::draw_score`]).
//!
//! [`TermWeights`] holds the weights; a game file may set any of them.
//! A position in which the side to move has no move, and loses or draws
//! for it, has no evaluation: the search scores it by the rules.

use std::sync::Arc;

use crate::rules::board::CELLS;
use crate::rules::family::file::{EvaluationSpec, WeightsSpec};
use crate::rules::{Bitboard, Position, Rules, Side, Stuck};

/// Lines between two points counted at most: farther is as far.
const FAR: u8 = 16;

/// The terms' weights, in hundredths of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermWeights {
    /// A captured crowd piece, before the goal's factor.
    pub capture: i32,
    /// One hunter move (step or capture) more.
    pub hunter_move: i32,
    /// A hunter with one move left or none.
    pub hunter_trapped: i32,
    /// A crowd piece a hunter can jump now.
    pub threatened: i32,
    /// A crowd piece on a point of the region to fill.
    pub region_held: i32,
    /// One step nearer a region to reach.
    pub region_step: i32,
    /// Each line between a crowd piece and the hunter nearest it: the
    /// crowd closing in (the blockade's progress), counted for the
    /// hunters while the crowd stays away.
    pub crowd_distance: i32,
    /// Each crowd piece taken, in a drawn end: among draws, the hunters
    /// prefer the one that took more (0: every draw is worth the same).
    pub drawn_capture: i32,
}

impl TermWeights {
    /// The weights a file leaves out take these (`docs/game-files.md`).
    pub const DEFAULT: TermWeights = TermWeights {
        capture: 100,
        hunter_move: 6,
        hunter_trapped: 45,
        threatened: 30,
        region_held: 25,
        region_step: 40,
        crowd_distance: 4,
        drawn_capture: 0,
    };

    /// The defaults with the weights a file sets.
    pub fn from_spec(spec: &WeightsSpec) -> TermWeights {
        let d = TermWeights::DEFAULT;
        TermWeights {
            capture: spec.capture.unwrap_or(d.capture),
            hunter_move: spec.hunter_move.unwrap_or(d.hunter_move),
            hunter_trapped: spec.hunter_trapped.unwrap_or(d.hunter_trapped),
            threatened: spec.threatened.unwrap_or(d.threatened),
            region_held: spec.region_held.unwrap_or(d.region_held),
            region_step: spec.region_step.unwrap_or(d.region_step),
            crowd_distance: spec.crowd_distance.unwrap_or(d.crowd_distance),
            drawn_capture: spec.drawn_capture.unwrap_or(d.drawn_capture),
        }
    }

    /// The weights of a game's file (the defaults for a file that asks for
    /// another evaluation).
    pub fn of(rules: &Rules) -> TermWeights {
        match &rules.variant.game.file().computer.evaluation {
            EvaluationSpec::Family(spec) => TermWeights::from_spec(spec),
            EvaluationSpec::Lines(_) => TermWeights::DEFAULT,
        }
    }
}

/// What the terms need of one game, worked out once from its rules.
pub struct Terms {
    rules: Arc<Rules>,
    weights: TermWeights,
    crowd_total: i32,
    /// Captures that win, if captures win.
    captures_to_win: Option<i32>,
    fill: Option<Bitboard>,
    /// Per side: every point's distance (in lines, at most [`FAR`]) to a
    /// region it wins by reaching.
    reach: [Option<Box<[u8; CELLS]>>; 2],
    /// Whether the hunters win by getting behind the crowd.
    behind_crowd: bool,
    /// `apart[p][q]`: lines between points `p` and `q` (at most [`FAR`]).
    apart: Box<[[u8; CELLS]; CELLS]>,
    captures: bool,
}

impl Terms {
    pub fn new(rules: &Rules) -> Terms {
        let board = rules.board();
        let crowd_total = rules.starting_count(Side::Crowd) as i32;
        let mut apart = Box::new([[FAR; CELLS]; CELLS]);
        for p in board.points {
            apart[p.index()] = distances(rules, p.bit());
        }
        let reach = [Side::Hunters, Side::Crowd].map(|side| {
            rules
                .region_to_reach(side)
                .map(|r| Box::new(distances(rules, r)))
        });
        Terms {
            rules: Rules::of(rules.variant),
            weights: TermWeights::of(rules),
            crowd_total,
            captures_to_win: rules.crowd_at_most().map(|k| crowd_total - k as i32),
            fill: rules.region_to_fill(),
            reach,
            behind_crowd: rules.wins_behind_crowd(),
            apart,
            captures: rules.captures(),
        }
    }

    pub fn weights(&self) -> &TermWeights {
        &self.weights
    }

    /// Crowd pieces taken so far.
    fn captured(&self, pos: &Position) -> i32 {
        self.crowd_total - pos.material(Side::Crowd) as i32
    }

    /// The score for the side to move, and whether some hunter has a jump;
    /// `None` when the side to move has no move and so loses, or draws
    /// (it is not a pass).
    pub fn evaluate_with_threats(&self, pos: &Position) -> Option<(i32, bool)> {
        let empty = self.rules.board().points & !pos.occupied();
        let room = self.hunters_room(pos, empty);
        if self.is_stuck(pos, empty, room.moves) {
            return None;
        }
        let hunters = self.hunters_score(pos, &room);
        let score = match pos.side_to_move {
            Side::Hunters => hunters,
            Side::Crowd => -hunters,
        };
        Some((score, !room.threatened.is_empty()))
    }

    /// A drawn end for the side to move: the crowd pieces taken, weighed
    /// by [`TermWeights::drawn_capture`] (0 by default).
    pub fn draw_score(&self, pos: &Position) -> i32 {
        let hunters = self.captured(pos) * self.weights.drawn_capture;
        match pos.side_to_move {
            Side::Hunters => hunters,
            Side::Crowd => -hunters,
        }
    }

    /// The hunters' moves along the board's lines and the crowd pieces
    /// they can jump.
    fn hunters_room(&self, pos: &Position, empty: Bitboard) -> Room {
        let board = self.rules.board();
        let mut room = Room::default();
        for h in pos.hunters() {
            let mut moves = (board.neighbours[h.index()] & empty).count() as i32;
            if self.captures {
                for &(over, to) in board.jumps(h) {
                    if pos.crowd().contains(over) && empty.contains(to) {
                        moves += 1;
                        room.threatened = room.threatened.with(over);
                    }
                }
            }
            room.moves += moves;
            if moves <= 1 {
                room.nearly_trapped += 2 - moves;
            }
        }
        room
    }

    /// True when the side to move has no move and does not pass: the
    /// rules then end the game.
    fn is_stuck(&self, pos: &Position, empty: Bitboard, hunters_room: i32) -> bool {
        let side = pos.side_to_move;
        let s = side.index();
        let can_move = if pos.in_hand[s] > 0 {
            !(self.rules.placement_area(side) & empty).is_empty()
        } else if side == Side::Hunters && hunters_room == 0 {
            // No line from any hunter leads to an empty point or over a
            // crowd piece to one: nothing to step to or jump.
            false
        } else {
            self.rules.can_move(pos)
        };
        !can_move && self.rules.when_stuck(pos) != Stuck::Passes
    }

    /// The position's value for the hunters.
    fn hunters_score(&self, pos: &Position, room: &Room) -> i32 {
        let w = &self.weights;
        let captured = self.captured(pos);
        let mut score = match self.captures_to_win {
            // Each capture weighs more as the goal comes near.
            Some(goal) if goal > 0 => captured * w.capture * (goal + captured) / goal,
            _ => captured * w.capture,
        };
        score += room.moves * w.hunter_move - room.nearly_trapped * w.hunter_trapped;
        score += room.threatened.count() as i32 * w.threatened;
        if w.crowd_distance != 0 && !pos.hunters().is_empty() {
            let apart: i32 = pos
                .crowd()
                .map(|c| {
                    let row = &self.apart[c.index()];
                    pos.hunters().map(|h| row[h.index()]).min().unwrap_or(0) as i32
                })
                .sum();
            score += apart * w.crowd_distance;
        }
        if let Some(region) = self.fill {
            score -= (pos.crowd() & region).count() as i32 * w.region_held;
        }
        if self.behind_crowd {
            // Ranks the hindmost hunter still has to fall back to stand
            // behind the rearmost crowd piece: a region to reach that moves.
            let rank = |b: Bitboard| b.map(|p| i32::from(self.rules.rank(p))).min();
            if let (Some(hunter), Some(crowd)) = (rank(pos.hunters()), rank(pos.crowd())) {
                score -= (hunter - crowd + 1).max(0) * w.region_step;
            }
        }
        for side in [Side::Hunters, Side::Crowd] {
            if let Some(dist) = &self.reach[side.index()] {
                let nearest = pos.pieces[side.index()]
                    .map(|p| dist[p.index()])
                    .min()
                    .unwrap_or(FAR);
                let value = nearest as i32 * w.region_step;
                score += if side == Side::Hunters { -value } else { value };
            }
        }
        score
    }
}

/// What [`Terms::hunters_room`] finds.
#[derive(Default)]
struct Room {
    /// Steps to empty points and jumps, over every hunter.
    moves: i32,
    /// Per hunter with one move: 1; with none: 2.
    nearly_trapped: i32,
    /// Crowd pieces some hunter can jump.
    threatened: Bitboard,
}

/// Every point's distance along lines to the nearest point of `region`
/// (at most [`FAR`]).
fn distances(rules: &Rules, region: Bitboard) -> [u8; CELLS] {
    let board = rules.board();
    let mut dist = [FAR; CELLS];
    let mut reached = region & board.points;
    for p in reached {
        dist[p.index()] = 0;
    }
    let mut frontier = reached;
    let mut d = 0;
    while !frontier.is_empty() && d < FAR {
        d += 1;
        let mut next = Bitboard::EMPTY;
        for p in frontier {
            next = next | board.neighbours[p.index()];
        }
        next = next & !reached;
        for q in next {
            dist[q.index()] = d;
        }
        reached = reached | next;
        frontier = next;
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, GameId, Variant};

    fn terms(id: &str) -> (Game, Terms) {
        let game = Game::new(Variant::new(GameId::named(id)));
        let terms = Terms::new(game.rules());
        (game, terms)
    }

    #[test]
    fn a_file_sets_its_own_weights_and_keeps_the_rest() {
        let (_, komikan) = terms("komikan");
        assert_eq!(komikan.weights().crowd_distance, 0);
        assert_eq!(komikan.weights().drawn_capture, 50);
        assert_eq!(komikan.weights().capture, TermWeights::DEFAULT.capture);
        let (_, kaooa) = terms("kaooa");
        assert_eq!(*kaooa.weights(), TermWeights::DEFAULT);
    }

    #[test]
    fn one_evaluation_for_both_sides() {
        for id in ["cercar-la-liebre", "el-zorro", "jeu-militaire", "adugo"] {
            let (game, terms) = terms(id);
            let pos = *game.position();
            let mut flipped = pos;
            flipped.side_to_move = pos.side_to_move.other();
            let a = terms.evaluate_with_threats(&pos).expect("a move").0;
            let b = terms.evaluate_with_threats(&flipped).expect("a move").0;
            assert_eq!(a, -b, "{id}");
        }
    }

    #[test]
    fn the_army_nearer_its_goal_is_better_for_it() {
        // Jeu Militaire: the army wins by reaching a tower's starting point.
        let (mut game, terms) = terms("jeu-militaire");
        let start = terms.evaluate_with_threats(game.position()).unwrap().0;
        game.play_text("b2-b3 a2-a3").unwrap();
        // The army (hunters) to move, one step from a2.
        let near = terms.evaluate_with_threats(game.position()).unwrap().0;
        assert!(near > start, "{near} against {start}");
    }

    #[test]
    fn a_trapped_side_that_loses_has_no_evaluation() {
        // Hund efter Hare: a hare with no move loses; hounds with none pass.
        let (game, terms) = terms("hund-efter-hare-vendsyssel");
        let rules = game.rules();
        let mut pos = *game.position();
        pos.side_to_move = Side::Hunters;
        let hare = pos.hunters().first().unwrap();
        // Hounds on every point joined to the hare.
        pos.pieces[Side::Crowd.index()] = rules.board().neighbours[hare.index()];
        pos.hash = pos.compute_hash();
        assert!(!rules.can_move(&pos));
        assert!(terms.evaluate_with_threats(&pos).is_none());
        // The hounds to move in the same position have moves.
        pos.side_to_move = Side::Crowd;
        pos.hash = pos.compute_hash();
        assert!(terms.evaluate_with_threats(&pos).is_some());
    }

    #[test]
    fn distances_count_lines() {
        let (game, _) = terms("bagh-chal");
        let rules = game.rules();
        let board = rules.board();
        let a1 = board.find("a1").unwrap();
        let d = distances(rules, a1.bit());
        assert_eq!(d[a1.index()], 0);
        assert_eq!(d[board.find("b2").unwrap().index()], 1);
        assert_eq!(d[board.find("e5").unwrap().index()], 4);
        assert_eq!(d[board.find("e4").unwrap().index()], 4);
    }
}
