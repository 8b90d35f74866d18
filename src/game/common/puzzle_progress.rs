//! The player's puzzle progress, kept with the settings: which puzzles are
//! solved, a rating per game that rises with puzzles solved cleanly and
//! falls with the rest (Elo's formula, each puzzle rated by its fixed
//! difficulty), the rated tries behind it (the dashboard's graph and
//! accuracy by theme), and the best streak.
//!
//! Fields added after the first version read as empty from older files
//! (`#[serde(default)]`); a malformed file is refused whole by the
//! settings' loader, which says why and keeps the file.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

pub use crate::coach::puzzle::puzzle_id;
use crate::coach::puzzle::{Goal, Puzzle, PuzzleSet};
use crate::rules::GameId;

/// Where every player's rating starts.
pub const START_RATING: f64 = 1000.0;
/// How far one puzzle moves the rating at most (Elo's K).
const RATING_STEP: f64 = 32.0;
/// Rated tries kept per game, the latest: enough for the graph and the
/// accuracy, small enough for the settings file.
pub const HISTORY_LEN: usize = 400;

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
    /// The latest rated tries, per game, oldest first (at most
    /// [`HISTORY_LEN`]).
    #[serde(default)]
    pub history: BTreeMap<String, Vec<RatedTry>>,
    /// The longest streak, per game.
    #[serde(default)]
    pub best_streak: BTreeMap<String, u32>,
}

/// One rated try: which one it was, its theme, how it went, and the rating
/// after it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatedTry {
    /// The try's number in its game, from 1 (the game's `tried` count
    /// after it): the graph's x.
    pub number: u32,
    pub goal: Goal,
    /// Solved with no wrong move and no hint.
    pub clean: bool,
    pub rating: f64,
}

/// How the player does at one theme: rated tries and clean solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalAccuracy {
    pub goal: Goal,
    pub tried: u32,
    pub clean: u32,
}

impl GoalAccuracy {
    /// Clean solves per try, 0 to 1 (0 with no try).
    pub fn share(&self) -> f64 {
        if self.tried == 0 {
            0.0
        } else {
            f64::from(self.clean) / f64::from(self.tried)
        }
    }
}

/// What a rated try says of its puzzle and how it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated {
    pub goal: Goal,
    /// 1 to 5: [`crate::coach::puzzle::Puzzle::difficulty`].
    pub difficulty: u8,
    /// No wrong move, no hint.
    pub clean: bool,
}

/// A puzzle's rating from its difficulty (1 to 5): 900 to 1700.
pub fn puzzle_rating(difficulty: u8) -> f64 {
    700.0 + 200.0 * f64::from(difficulty.clamp(1, 5))
}

/// Which puzzles of a set the player wants (the puzzles page's filters,
/// kept with the settings): `None` is any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PuzzleFilter {
    /// The theme: what the puzzle asks.
    pub goal: Option<Goal>,
    /// 1 to 5: [`crate::coach::puzzle::Puzzle::difficulty`].
    pub difficulty: Option<u8>,
}

impl PuzzleFilter {
    pub fn matches(&self, puzzle: &crate::coach::puzzle::Puzzle) -> bool {
        self.goal.is_none_or(|g| g == puzzle.goal)
            && self.difficulty.is_none_or(|d| d == puzzle.difficulty())
    }
}

/// Where the hunt family's earlier release kept a game's solved puzzles
/// in [`PuzzleProgress::solved`] (`family/ID`), by their former ids
/// ([`Puzzle::former_id`]): read, never written.
pub fn former_key(game: GameId) -> String {
    format!("family/{}", game.id())
}

impl PuzzleProgress {
    /// The player's rating in a game.
    pub fn rating(&self, game: GameId) -> f64 {
        self.rating
            .get(game.id())
            .copied()
            .filter(|r| r.is_finite())
            .unwrap_or(START_RATING)
    }

    pub fn is_solved(&self, game: GameId, id: &str) -> bool {
        self.is_solved_in(game.id(), id)
    }

    pub fn solved_count(&self, game: GameId) -> usize {
        self.solved_in(game.id())
    }

    /// Whether puzzle `id` kept under `key` (a game's id, or
    /// [`former_key`]) is solved.
    fn is_solved_in(&self, key: &str, id: &str) -> bool {
        self.solved.get(key).is_some_and(|s| s.contains(id))
    }

    /// How many puzzles kept under `key` are solved.
    fn solved_in(&self, key: &str) -> usize {
        self.solved.get(key).map_or(0, BTreeSet::len)
    }

    /// Whether `puzzle` of `game`'s set is solved: by its id, or, for a
    /// puzzle converted from the hunt family's earlier sets, by its former
    /// id where that release kept it ([`former_key`]).
    pub fn is_puzzle_solved(&self, game: GameId, puzzle: &Puzzle) -> bool {
        self.is_solved(game, &puzzle.id())
            || (puzzle.former_id.as_ref())
                .is_some_and(|former| self.is_solved_in(&former_key(game), former))
    }

    /// How many puzzles of `set` are solved.
    pub fn solved_of(&self, set: &PuzzleSet) -> usize {
        (set.puzzles.iter())
            .filter(|p| self.is_puzzle_solved(set.game, p))
            .count()
    }

    /// Counts a puzzle tried: solved cleanly (no wrong move, no hint) or
    /// not; returns the change in rating. A puzzle solved in the end is
    /// marked solved either way. A puzzle solved before is not rated
    /// again: `None`, and nothing changes.
    pub fn record(&mut self, game: GameId, id: &str, puzzle: Rated, solved: bool) -> Option<f64> {
        if self.is_solved(game, id) {
            return None;
        }
        let before = self.rating(game);
        let expected =
            1.0 / (1.0 + 10f64.powf((puzzle_rating(puzzle.difficulty) - before) / 400.0));
        let score = if puzzle.clean { 1.0 } else { 0.0 };
        let after = (before + RATING_STEP * (score - expected)).round();
        self.rating.insert(game.id().to_string(), after);
        let tried = self.tried.entry(game.id().to_string()).or_default();
        *tried += 1;
        let number = *tried;
        let history = self.history.entry(game.id().to_string()).or_default();
        history.push(RatedTry {
            number,
            goal: puzzle.goal,
            clean: puzzle.clean,
            rating: after,
        });
        if history.len() > HISTORY_LEN {
            history.drain(..history.len() - HISTORY_LEN);
        }
        if solved {
            self.mark_solved(game, id);
        }
        Some(after - before)
    }

    /// Puzzles tried (rated) in a game.
    pub fn tried_count(&self, game: GameId) -> u32 {
        self.tried.get(game.id()).copied().unwrap_or(0)
    }

    /// The rated tries kept for a game, oldest first.
    pub fn history(&self, game: GameId) -> &[RatedTry] {
        self.history.get(game.id()).map_or(&[], Vec::as_slice)
    }

    /// The rating along the kept tries: (try number, rating after it),
    /// leaving out a number a hand edit broke.
    pub fn rating_series(&self, game: GameId) -> Vec<(u32, f64)> {
        self.history(game)
            .iter()
            .filter(|t| t.rating.is_finite())
            .map(|t| (t.number, t.rating))
            .collect()
    }

    /// Tries and clean solves per theme over the kept tries, for the
    /// themes tried, in [`Goal`]'s order.
    pub fn accuracy_by_goal(&self, game: GameId) -> Vec<GoalAccuracy> {
        let mut by_goal: Vec<GoalAccuracy> = Vec::new();
        for t in self.history(game) {
            let at = match by_goal.iter().position(|a| a.goal == t.goal) {
                Some(at) => at,
                None => {
                    by_goal.push(GoalAccuracy {
                        goal: t.goal,
                        tried: 0,
                        clean: 0,
                    });
                    by_goal.len() - 1
                }
            };
            by_goal[at].tried += 1;
            by_goal[at].clean += u32::from(t.clean);
        }
        by_goal.sort_by_key(|a| a.goal as u8);
        by_goal
    }

    /// The longest streak in a game.
    pub fn best_streak(&self, game: GameId) -> u32 {
        self.best_streak.get(game.id()).copied().unwrap_or(0)
    }

    /// Keeps a streak's length as the best if it is longer; whether it was.
    pub fn note_streak(&mut self, game: GameId, length: u32) -> bool {
        let best = self.best_streak.entry(game.id().to_string()).or_default();
        let longer = length > *best;
        *best = (*best).max(length);
        longer
    }

    /// Marks a puzzle solved without rating it (solved again after a try).
    pub fn mark_solved(&mut self, game: GameId, id: &str) {
        self.solved
            .entry(game.id().to_string())
            .or_default()
            .insert(id.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(difficulty: u8, clean: bool) -> Rated {
        Rated {
            goal: Goal::Win,
            difficulty,
            clean,
        }
    }

    #[test]
    fn clean_solves_raise_the_rating_and_the_rest_lower_it() {
        let mut p = PuzzleProgress::default();
        let game = GameId::named("bagh-chal");
        assert_eq!(p.rating(game), START_RATING);
        let up = p.record(game, "a", rated(3, true), true).unwrap();
        assert!(up > 0.0 && up <= RATING_STEP);
        assert!(p.is_solved(game, "a"));
        // Solved again: not rated again, nothing moves.
        let before = p.clone();
        assert_eq!(p.record(game, "a", rated(3, true), true), None);
        assert_eq!(p.record(game, "a", rated(3, false), false), None);
        assert_eq!(p, before);
        let down = p.record(game, "b", rated(1, false), true).unwrap();
        assert!(down < 0.0);
        assert!(
            p.is_solved(game, "b"),
            "solved after a wrong move still counts as solved"
        );
        // A harder puzzle is worth more than an easy one.
        let mut q = PuzzleProgress::default();
        assert!(
            q.record(game, "c", rated(5, true), true)
                > PuzzleProgress::default().record(game, "c", rated(1, true), true)
        );
        assert_eq!(p.solved_count(game), 2);
        assert_eq!(p.rating(GameId::named("pirates")), START_RATING);
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

    #[test]
    fn every_rated_try_is_kept_with_its_theme_and_the_rating_after_it() {
        let game = GameId::named("fox-geese");
        let mut p = PuzzleProgress::default();
        let tries = [
            (Goal::Win, true),
            (Goal::Win, false),
            (Goal::BestMove, true),
            (Goal::Win, true),
        ];
        for (i, (goal, clean)) in tries.into_iter().enumerate() {
            let puzzle = Rated {
                goal,
                difficulty: 2,
                clean,
            };
            p.record(game, &i.to_string(), puzzle, true).unwrap();
        }
        // Solved before: not rated, so not in the history either.
        let again = rated(2, false);
        assert_eq!(p.record(game, "0", again, false), None);
        assert_eq!(p.tried_count(game), 4);
        let series = p.rating_series(game);
        assert_eq!(
            series.iter().map(|s| s.0).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        assert_eq!(series.last().unwrap().1, p.rating(game));
        assert!(series[1].1 < series[0].1, "a try with help lowers it");
        let accuracy = p.accuracy_by_goal(game);
        assert_eq!(
            accuracy,
            vec![
                GoalAccuracy {
                    goal: Goal::Win,
                    tried: 3,
                    clean: 2
                },
                GoalAccuracy {
                    goal: Goal::BestMove,
                    tried: 1,
                    clean: 1
                },
            ]
        );
        assert!((accuracy[0].share() - 2.0 / 3.0).abs() < 1e-9);
        assert!(p.accuracy_by_goal(GameId::named("pirates")).is_empty());
    }

    #[test]
    fn the_history_keeps_the_latest_tries_and_their_numbers() {
        let game = GameId::named("asalto");
        let mut p = PuzzleProgress::default();
        for i in 0..HISTORY_LEN + 5 {
            p.record(game, &i.to_string(), rated(1, i % 2 == 0), false);
        }
        let history = p.history(game);
        assert_eq!(history.len(), HISTORY_LEN);
        assert_eq!(history[0].number, 6);
        assert_eq!(history.last().unwrap().number, (HISTORY_LEN + 5) as u32);
        assert_eq!(p.tried_count(game), (HISTORY_LEN + 5) as u32);
    }

    #[test]
    fn a_broken_rating_in_the_history_is_left_out_of_the_graph() {
        let game = GameId::named("pirates");
        let mut p = PuzzleProgress::default();
        p.record(game, "a", rated(1, true), true);
        p.record(game, "b", rated(1, true), true);
        p.history.get_mut(game.id()).unwrap()[0].rating = f64::NAN;
        assert_eq!(p.rating_series(game).len(), 1);
    }

    #[test]
    fn only_a_longer_streak_is_the_best() {
        let game = GameId::named("bagh-chal");
        let mut p = PuzzleProgress::default();
        assert_eq!(p.best_streak(game), 0);
        assert!(p.note_streak(game, 3));
        assert!(!p.note_streak(game, 2));
        assert!(!p.note_streak(game, 3));
        assert_eq!(p.best_streak(game), 3);
        assert_eq!(p.best_streak(GameId::named("pirates")), 0);
    }

    /// Progress written before the history and streaks existed still
    /// reads, with both empty; a malformed history is an error that names
    /// what it expected, not a panic.
    #[test]
    fn older_progress_reads_and_a_malformed_one_is_refused() {
        let old = r#"(solved: {"pirates": ["00ff"]}, rating: {"pirates": 1016.0}, tried: {"pirates": 1})"#;
        let p: PuzzleProgress = ron::from_str(old).unwrap();
        assert!(p.is_solved(GameId::named("pirates"), "00ff"));
        assert_eq!(p.rating(GameId::named("pirates")), 1016.0);
        assert!(p.history(GameId::named("pirates")).is_empty());
        assert_eq!(p.best_streak(GameId::named("pirates")), 0);
        let mut q = p.clone();
        q.record(GameId::named("pirates"), "a", rated(3, true), true);
        q.note_streak(GameId::named("pirates"), 2);
        let text = ron::to_string(&q).unwrap();
        assert_eq!(ron::from_str::<PuzzleProgress>(&text).unwrap(), q);
    }
}
