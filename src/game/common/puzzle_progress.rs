//! The player's puzzle progress, kept with the settings: which puzzles are
//! solved, and a rating per game that rises with puzzles solved cleanly
//! and falls with the rest (Elo's formula, each puzzle rated by its
//! difficulty).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::rules::GameKind;

/// Where every player's rating starts.
pub const START_RATING: f64 = 1000.0;
/// How far one puzzle moves the rating at most (Elo's K).
const RATING_STEP: f64 = 32.0;

/// Puzzles solved and ratings, per game (by game id: `bagh-chal`, ...).
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PuzzleProgress {
    /// The puzzles solved, by [`puzzle_id`].
    pub solved: BTreeMap<String, BTreeSet<String>>,
    /// The rating, for games with a puzzle tried.
    pub rating: BTreeMap<String, f64>,
    /// Puzzles tried (rated), per game.
    pub tried: BTreeMap<String, u32>,
}

/// A puzzle's rating from its difficulty (1 to 5): 900 to 1700.
pub fn puzzle_rating(difficulty: u8) -> f64 {
    700.0 + 200.0 * f64::from(difficulty.clamp(1, 5))
}

/// A puzzle's id: its position and answer, hashed (FNV-1a), so a set
/// rebuilt in another order keeps what was solved.
pub fn puzzle_id(position: &str, first_move: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in position.bytes().chain([b' ']).chain(first_move.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

impl PuzzleProgress {
    /// The player's rating in a game.
    pub fn rating(&self, game: GameKind) -> f64 {
        self.rating
            .get(game.id())
            .copied()
            .filter(|r| r.is_finite())
            .unwrap_or(START_RATING)
    }

    pub fn is_solved(&self, game: GameKind, id: &str) -> bool {
        self.solved.get(game.id()).is_some_and(|s| s.contains(id))
    }

    pub fn solved_count(&self, game: GameKind) -> usize {
        self.solved.get(game.id()).map_or(0, BTreeSet::len)
    }

    /// Counts a puzzle tried: solved cleanly (no wrong move, no hint) or
    /// not; returns the change in rating. A puzzle solved in the end is
    /// marked solved either way. A puzzle solved before is not rated
    /// again: `None`, and nothing changes.
    pub fn record(
        &mut self,
        game: GameKind,
        id: &str,
        difficulty: u8,
        clean: bool,
        solved: bool,
    ) -> Option<f64> {
        if self.is_solved(game, id) {
            return None;
        }
        let before = self.rating(game);
        let expected = 1.0 / (1.0 + 10f64.powf((puzzle_rating(difficulty) - before) / 400.0));
        let score = if clean { 1.0 } else { 0.0 };
        let after = (before + RATING_STEP * (score - expected)).round();
        self.rating.insert(game.id().to_string(), after);
        *self.tried.entry(game.id().to_string()).or_default() += 1;
        if solved {
            self.mark_solved(game, id);
        }
        Some(after - before)
    }

    /// Marks a puzzle solved without rating it (solved again after a try).
    pub fn mark_solved(&mut self, game: GameKind, id: &str) {
        self.solved
            .entry(game.id().to_string())
            .or_default()
            .insert(id.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_solves_raise_the_rating_and_the_rest_lower_it() {
        let mut p = PuzzleProgress::default();
        let game = GameKind::BaghChal;
        assert_eq!(p.rating(game), START_RATING);
        let up = p.record(game, "a", 3, true, true).unwrap();
        assert!(up > 0.0 && up <= RATING_STEP);
        assert!(p.is_solved(game, "a"));
        // Solved again: not rated again, nothing moves.
        let before = p.clone();
        assert_eq!(p.record(game, "a", 3, true, true), None);
        assert_eq!(p.record(game, "a", 3, false, false), None);
        assert_eq!(p, before);
        let down = p.record(game, "b", 1, false, true).unwrap();
        assert!(down < 0.0);
        assert!(
            p.is_solved(game, "b"),
            "solved after a wrong move still counts as solved"
        );
        // A harder puzzle is worth more than an easy one.
        let mut q = PuzzleProgress::default();
        assert!(
            q.record(game, "c", 5, true, true)
                > PuzzleProgress::default().record(game, "c", 1, true, true)
        );
        assert_eq!(p.solved_count(game), 2);
        assert_eq!(p.rating(GameKind::Pirates), START_RATING);
    }

    #[test]
    fn ids_follow_the_puzzle_not_its_place() {
        let a = puzzle_id(
            "bagh-chal TGGGT/GGGGG/GT1GG/GGGGG/GGGGT T 0/0 0 40",
            "e5xc3",
        );
        assert_eq!(
            a,
            puzzle_id(
                "bagh-chal TGGGT/GGGGG/GT1GG/GGGGG/GGGGT T 0/0 0 40",
                "e5xc3"
            )
        );
        assert_ne!(
            a,
            puzzle_id(
                "bagh-chal TGGGT/GGGGG/GT1GG/GGGGG/GGGGT T 0/0 0 40",
                "a1xc3"
            )
        );
        assert_eq!(a.len(), 16);
    }
}
