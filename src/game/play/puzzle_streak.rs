//! Streak mode: puzzles of rising difficulty, one after another, until the
//! first miss (a wrong move, a hint, or leaving a puzzle unsolved). The
//! best streak of each game is kept in the puzzle progress. A streak
//! started with a theme chosen on the puzzles page keeps to that theme.
//!
//! Plain state: the puzzle session ([`super::puzzle`]) tells it what
//! happened and starts the puzzle it picks.

use crate::coach::puzzle::{Goal, PuzzleSet};
use crate::game::common::puzzle_progress::PuzzleProgress;
use crate::game::play::puzzle_pick::is_solved;
use crate::rules::GameId;

/// Puzzles solved at each difficulty before the next one up.
pub const PER_DIFFICULTY: u32 = 2;

/// Where a streak stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreakState {
    /// A puzzle of the streak is being solved.
    Solving,
    /// The last one was solved: the next can come.
    Between,
    /// Missed: the streak is over at its length.
    Over,
}

/// A streak in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Streak {
    pub kind: GameId,
    /// Puzzles solved in a row.
    pub length: u32,
    pub state: StreakState,
    /// This streak is the game's longest yet.
    pub new_best: bool,
    /// Its theme: only puzzles that ask this (None: any).
    pub goal: Option<Goal>,
    /// The puzzles given so far (places in the set): none comes twice.
    used: Vec<usize>,
}

impl Streak {
    pub fn new(kind: GameId) -> Streak {
        Streak {
            kind,
            length: 0,
            state: StreakState::Between,
            new_best: false,
            goal: None,
            used: Vec::new(),
        }
    }

    /// A streak of the puzzles that ask `goal` only (None: any).
    pub fn of_theme(kind: GameId, goal: Option<Goal>) -> Streak {
        Streak {
            goal,
            ..Streak::new(kind)
        }
    }

    pub fn is_over(&self) -> bool {
        self.state == StreakState::Over
    }

    /// The difficulty the next puzzle should have: 1 at the start, one up
    /// every [`PER_DIFFICULTY`] puzzles solved, up to 5.
    pub fn target_difficulty(&self) -> u8 {
        (1 + self.length / PER_DIFFICULTY).min(5) as u8
    }

    /// Picks the next puzzle of `set` and marks it being solved; `None`
    /// when the streak cannot go on (over, mid-puzzle, or no puzzle left).
    pub fn next(&mut self, set: &PuzzleSet, progress: &PuzzleProgress) -> Option<usize> {
        if self.state != StreakState::Between {
            return None;
        }
        let target = self.target_difficulty();
        let index = streak_puzzle(set, progress, &self.used, target, self.goal)?;
        self.used.push(index);
        self.state = StreakState::Solving;
        Some(index)
    }

    /// The puzzle being solved was solved cleanly: one more, kept as the
    /// best when it is.
    pub fn solved(&mut self, progress: &mut PuzzleProgress) {
        if self.state != StreakState::Solving {
            return;
        }
        self.length += 1;
        self.state = StreakState::Between;
        if progress.note_streak(self.kind, self.length) {
            self.new_best = true;
        }
    }

    /// A wrong move or a hint, or the puzzle left unsolved: the streak is
    /// over (a puzzle already solved is not missed).
    pub fn missed(&mut self) {
        if self.state == StreakState::Solving {
            self.state = StreakState::Over;
        }
    }
}

/// A streak's next puzzle: one not given yet, of the least difficulty at
/// or above `target` (below it only when none is left above), unsolved
/// ones first, then the set's order.
pub fn streak_puzzle(
    set: &PuzzleSet,
    progress: &PuzzleProgress,
    used: &[usize],
    target: u8,
    goal: Option<Goal>,
) -> Option<usize> {
    (0..set.puzzles.len())
        .filter(|i| !used.contains(i))
        .filter(|&i| goal.is_none_or(|g| set.puzzles[i].goal == g))
        .min_by_key(|&i| {
            let d = set.puzzles[i].difficulty();
            // Those at or above the target first, the nearest first.
            let distance = if d >= target {
                (0, d - target)
            } else {
                (1, target - d)
            };
            (distance, is_solved(set, progress, i), i)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::play::puzzle_pick::tests::{set, solve};

    /// A streak with a theme offers only puzzles of it, rising as any
    /// streak does, and ends when its theme has none left.
    #[test]
    fn a_themed_streak_keeps_to_its_theme() {
        let s = set(&[
            (Goal::Win, 1),
            (Goal::Hold, 1),
            (Goal::Hold, 3),
            (Goal::Win, 3),
        ]);
        let progress = PuzzleProgress::default();
        let mut hold = Streak::of_theme(GameId::named("bagh-chal"), Some(Goal::Hold));
        let mut given = Vec::new();
        while let Some(index) = hold.next(&s, &progress) {
            given.push(index);
            hold.solved(&mut PuzzleProgress::default());
        }
        assert_eq!(given, [1, 2], "the holds, easier first");
        let mut any = Streak::new(GameId::named("bagh-chal"));
        assert_eq!(any.next(&s, &progress), Some(0), "without a theme, any");
    }

    #[test]
    fn a_streak_rises_in_difficulty_and_ends_at_the_first_miss() {
        // Difficulties 1 1 1 2 3 5 (depths 1 1 1 3 5 12).
        let s = set(&[
            (Goal::Win, 1),
            (Goal::Hold, 1),
            (Goal::Win, 1),
            (Goal::Win, 3),
            (Goal::Win, 5),
            (Goal::Win, 12),
        ]);
        let mut progress = PuzzleProgress::default();
        solve(&s, &mut progress, 0);
        let mut streak = Streak::new(GameId::named("bagh-chal"));
        // Unsolved first at the same difficulty.
        assert_eq!(streak.next(&s, &progress), Some(1));
        assert_eq!(streak.next(&s, &progress), None, "one at a time");
        streak.solved(&mut progress);
        assert_eq!(streak.next(&s, &progress), Some(2));
        streak.solved(&mut progress);
        assert_eq!(streak.target_difficulty(), 2);
        assert_eq!(streak.next(&s, &progress), Some(3));
        streak.solved(&mut progress);
        assert_eq!(streak.next(&s, &progress), Some(4));
        streak.solved(&mut progress);
        // Target 3, none left there: the nearest harder one.
        assert_eq!(streak.target_difficulty(), 3);
        assert_eq!(streak.next(&s, &progress), Some(5));
        assert_eq!(streak.length, 4);
        assert!(streak.new_best);
        assert_eq!(progress.best_streak(GameId::named("bagh-chal")), 4);
        streak.missed();
        assert!(streak.is_over());
        streak.solved(&mut progress);
        assert_eq!(streak.length, 4, "solving after the miss does not count");
        assert_eq!(streak.next(&s, &progress), None);

        // An easier puzzle comes only when none is left at or above the
        // target.
        let mut long = Streak::new(GameId::named("bagh-chal"));
        long.length = 6;
        assert_eq!(long.target_difficulty(), 4);
        long.used = vec![5];
        assert_eq!(long.next(&s, &progress), Some(4), "the hardest left");
        long.solved(&mut progress);
        assert!(long.new_best);
        assert_eq!(progress.best_streak(GameId::named("bagh-chal")), 7);
        // A shorter streak leaves the best alone.
        let mut short = Streak::new(GameId::named("bagh-chal"));
        short.next(&s, &progress);
        short.solved(&mut progress);
        assert!(!short.new_best);
        assert_eq!(progress.best_streak(GameId::named("bagh-chal")), 7);
    }

    #[test]
    fn a_missed_puzzle_already_solved_does_not_end_the_streak() {
        let s = set(&[(Goal::Win, 1), (Goal::Win, 1)]);
        let mut progress = PuzzleProgress::default();
        let mut streak = Streak::new(GameId::named("bagh-chal"));
        streak.next(&s, &progress);
        streak.solved(&mut progress);
        streak.missed();
        assert_eq!(streak.state, StreakState::Between);
        assert_eq!(streak.next(&s, &progress), Some(1));
        assert_eq!(streak.next(&s, &progress), None);
        streak.solved(&mut progress);
        assert_eq!(streak.next(&s, &progress), None, "no puzzle left");
    }
}
