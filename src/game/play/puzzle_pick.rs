//! Which puzzle comes next: the puzzles page's filters (a theme, a
//! difficulty) and the next unsolved puzzle among those that match.
//! Plain functions of a set and the progress; the streak's choice is
//! `puzzle_streak`'s. The filters are kept with the settings.

use std::collections::{BTreeMap, HashMap};

use bevy::prelude::{Local, ResMut, Resource};

use crate::coach::puzzle::PuzzleSet;
use crate::game::common::puzzle_progress::PuzzleProgress;
use crate::game::common::settings::Settings;
use crate::rules::GameId;

pub use crate::game::common::puzzle_progress::PuzzleFilter;

/// The filter of each game's puzzles, as the page left it (kept with the
/// settings: [`keep_filters`]).
#[derive(Resource, Default, Debug, PartialEq)]
pub struct PuzzleFilters(HashMap<GameId, PuzzleFilter>);

impl PuzzleFilters {
    pub fn get(&self, kind: GameId) -> PuzzleFilter {
        self.0.get(&kind).copied().unwrap_or_default()
    }
    pub fn set(&mut self, kind: GameId, filter: PuzzleFilter) {
        self.0.insert(kind, filter);
    }

    /// As the settings keep them: by game id, only the filters that
    /// narrow the set.
    pub fn to_saved(&self) -> BTreeMap<String, PuzzleFilter> {
        self.0
            .iter()
            .filter(|(_, f)| **f != PuzzleFilter::default())
            .map(|(kind, f)| (kind.id().to_string(), *f))
            .collect()
    }

    /// From the settings (a game id no longer known is passed over).
    pub fn from_saved(saved: &BTreeMap<String, PuzzleFilter>) -> PuzzleFilters {
        PuzzleFilters(
            saved
                .iter()
                .filter_map(|(id, f)| Some((id.parse::<GameId>().ok()?, *f)))
                .collect(),
        )
    }
}

/// Keeps the page's filters and the settings' in step: the settings'
/// once they are in (read from the file at start), the page's when the
/// player changes them (then saved with the settings).
pub fn keep_filters(
    mut filters: ResMut<PuzzleFilters>,
    mut settings: ResMut<Settings>,
    mut synced: Local<Option<BTreeMap<String, PuzzleFilter>>>,
) {
    let now = filters.to_saved();
    match synced.as_ref() {
        Some(last) if *last != now => {
            settings.puzzle_filters.clone_from(&now);
            *synced = Some(now);
        }
        Some(last) if *last == settings.puzzle_filters => {}
        _ => {
            let saved = settings.puzzle_filters.clone();
            let from_settings = PuzzleFilters::from_saved(&saved);
            if *filters != from_settings {
                *filters = from_settings;
            }
            *synced = Some(saved);
        }
    }
}

/// Whether puzzle `index` of `set` is solved (under its former id too).
pub fn is_solved(set: &PuzzleSet, progress: &PuzzleProgress, index: usize) -> bool {
    progress.is_puzzle_solved(set.game, &set.puzzles[index])
}

/// The places in `set` of the puzzles `filter` lets through.
pub fn matching(set: &PuzzleSet, filter: PuzzleFilter) -> Vec<usize> {
    (0..set.puzzles.len())
        .filter(|&i| filter.matches(&set.puzzles[i]))
        .collect()
}

/// The puzzle to offer next in `set` among those `filter` lets through:
/// the first unsolved one after `after` (from the start without), going
/// round; when all are solved, simply the next one. `None` when none
/// matches.
pub fn next_puzzle(
    set: &PuzzleSet,
    progress: &PuzzleProgress,
    filter: PuzzleFilter,
    after: Option<usize>,
) -> Option<usize> {
    let n = set.puzzles.len();
    let first = after.map_or(0, |i| i + 1);
    let round: Vec<usize> = (0..n)
        .map(|k| (first + k) % n)
        .filter(|&i| filter.matches(&set.puzzles[i]))
        .collect();
    round
        .iter()
        .copied()
        .find(|&i| !is_solved(set, progress, i))
        .or(round.first().copied())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::coach::puzzle::{Goal, PUZZLES_VERSION, Proof, Puzzle};
    use crate::game::common::puzzle_progress::puzzle_id;

    /// A set of puzzles with these goals and depths (one move each, on the
    /// same position: only the answers tell them apart).
    pub(crate) fn set(puzzles: &[(Goal, u32)]) -> PuzzleSet {
        let moves = ["e5xc3", "a1xc3", "a5xc3", "e1xc3"];
        PuzzleSet {
            version: PUZZLES_VERSION,
            game: GameId::named("bagh-chal"),
            puzzles: puzzles
                .iter()
                .enumerate()
                .map(|(i, &(goal, depth))| Puzzle {
                    position: format!("bagh-chal TGGGT/GGGGG/GT1GG/GGGGG/GGGGT T 0/0 0 {}", 40 + i),
                    line: vec![moves[i % moves.len()].to_string()],
                    goal,
                    proof: Proof::Table,
                    depth,
                    win_in: None,
                    former_id: None,
                })
                .collect(),
        }
    }

    pub(crate) fn solve(set: &PuzzleSet, progress: &mut PuzzleProgress, index: usize) {
        let p = &set.puzzles[index];
        progress.mark_solved(set.game, &puzzle_id(&p.position, &p.line[0]));
    }

    #[test]
    fn a_filter_lets_through_its_theme_and_difficulty() {
        // Depths 1, 3, 8: difficulties 1, 2, 4.
        let s = set(&[
            (Goal::Win, 1),
            (Goal::Hold, 1),
            (Goal::Win, 3),
            (Goal::Win, 8),
        ]);
        let any = PuzzleFilter::default();
        assert_eq!(matching(&s, any), vec![0, 1, 2, 3]);
        let win = PuzzleFilter {
            goal: Some(Goal::Win),
            difficulty: None,
        };
        assert_eq!(matching(&s, win), vec![0, 2, 3]);
        let easy_wins = PuzzleFilter {
            difficulty: Some(1),
            ..win
        };
        assert_eq!(matching(&s, easy_wins), vec![0]);
        let hard_holds = PuzzleFilter {
            goal: Some(Goal::Hold),
            difficulty: Some(4),
        };
        assert!(matching(&s, hard_holds).is_empty());
        assert_eq!(
            next_puzzle(&s, &PuzzleProgress::default(), hard_holds, None),
            None
        );
    }

    #[test]
    fn the_next_puzzle_is_the_next_unsolved_one_that_matches() {
        let s = set(&[
            (Goal::Win, 1),
            (Goal::Hold, 1),
            (Goal::Win, 3),
            (Goal::Win, 1),
        ]);
        let mut progress = PuzzleProgress::default();
        let win = PuzzleFilter {
            goal: Some(Goal::Win),
            difficulty: None,
        };
        assert_eq!(next_puzzle(&s, &progress, win, None), Some(0));
        assert_eq!(next_puzzle(&s, &progress, win, Some(0)), Some(2));
        // Round the end, past the puzzle of another theme.
        assert_eq!(next_puzzle(&s, &progress, win, Some(3)), Some(0));
        solve(&s, &mut progress, 0);
        solve(&s, &mut progress, 2);
        assert_eq!(next_puzzle(&s, &progress, win, None), Some(3));
        assert_eq!(next_puzzle(&s, &progress, win, Some(3)), Some(3));
        solve(&s, &mut progress, 3);
        // All solved: simply the next one that matches.
        assert_eq!(next_puzzle(&s, &progress, win, Some(0)), Some(2));
        let easy = PuzzleFilter {
            goal: None,
            difficulty: Some(1),
        };
        assert_eq!(next_puzzle(&s, &progress, easy, None), Some(1));
    }
}
