//! Playing strengths: per-level depth, time and node budgets, and how much
//! seeded noise the low levels add to their evaluation.

use serde::{Deserialize, Serialize};

use super::SearchLimits;
use crate::rules::Side;

/// Playing strength.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Level {
    Beginner,
    Easy,
    Medium,
    Hard,
    Master,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Master,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Master => "Master",
        }
    }
    /// Parses a level name, case-insensitively (`hard`, `Master`).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
    }
    /// The budgets this level searches with. The three lower levels are
    /// bounded by depth and nodes only, so a seed replays the same game on
    /// any machine; Hard and Master think for a fixed time.
    pub const fn limits(self) -> SearchLimits {
        let (max_depth, time_ms, max_nodes) = match self {
            Level::Beginner => (2, None, Some(20_000)),
            Level::Easy => (3, None, Some(100_000)),
            Level::Medium => (6, None, Some(1_000_000)),
            Level::Hard => (64, Some(900), None),
            Level::Master => (64, Some(2_800), None),
        };
        SearchLimits {
            max_depth,
            time_ms,
            max_nodes,
        }
    }
    /// True when the level plays a game whose file says it is solved from
    /// the solution (`ai::solve`): Master.
    pub const fn plays_solved_games(self) -> bool {
        matches!(self, Level::Master)
    }
    /// True when the level reads Bagh-Chal's sliding-phase table when one
    /// is given: the two top levels never misjudge a won or lost position
    /// of the sliding phase.
    pub const fn uses_tablebase(self) -> bool {
        matches!(self, Level::Hard | Level::Master)
    }
    /// True when the level's `side` plays Bagh-Chal the fitted way (see
    /// `Engine::use_fitted_bagh_chal`): goats that weigh goats within the
    /// tigers' reach and the tigers' room more (`Weights::cautious_goats`),
    /// positions with goats in hand judged by the evaluation fitted to the
    /// placement solver (`PlacementWeights::FITTED`), and searches from the
    /// placement phase that ask at the horizon whether the goats keep a
    /// spare way out of a capture. Master's two sides and Hard's goats:
    /// Hard's goats end placement far better with it at Hard's own time
    /// (docs/ai-figures.md, "Hard's goats"); Hard's tigers keep the plain
    /// weights, so that Master's tigers stay a level above them.
    pub const fn fitted_bagh_chal(self, side: Side) -> bool {
        match side {
            Side::Crowd => matches!(self, Level::Hard | Level::Master),
            Side::Hunters => matches!(self, Level::Master),
        }
    }
    /// Half-width of the seeded noise added to every evaluation, in
    /// hundredths of a piece: large noise makes the low levels err the way
    /// a person does (misjudging, not moving at random). Hard and Master
    /// keep a trace of it only to vary their play between games.
    pub const fn randomness(self) -> i32 {
        match self {
            Level::Beginner => 80,
            Level::Easy => 30,
            Level::Medium => 10,
            Level::Hard => 2,
            Level::Master => 1,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that names no level.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownLevel(pub String);

impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown level `{}` (expected beginner, easy, medium, hard or master)",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

/// Parses a level name, case-insensitively, as [`Level::from_name`].
impl std::str::FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(name: &str) -> Result<Level, UnknownLevel> {
        Level::from_name(name).ok_or_else(|| UnknownLevel(name.to_string()))
    }
}
