//! A finished analysis ([`Analysis`]): a report per ply, what the game
//! saves beside the moves (RON) and exports as text, and what its screen
//! draws: the graph ([`Analysis::graph`]) and each side's summary
//! ([`Analysis::summary`]).

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::exact::Verdict;
use super::grade::{Grade, move_accuracy};
use super::score::Score;
use crate::ai::SearchLimits;
use crate::rules::{Game, Side, Variant};

/// The version of [`Analysis`] this build writes; a file with a higher
/// one was written by a newer Stronghold and is refused.
pub const ANALYSIS_VERSION: u32 = 1;

/// How hard an analysis looks at each position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Effort {
    /// Each position's search.
    pub limits: SearchLimits,
    /// Fox and Geese: positions each proof may visit before it gives up
    /// (the verdict is then the search's alone).
    pub proof_nodes: u64,
}

/// One move of the game, judged.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PlyReport {
    /// Counted from 1.
    pub ply: u32,
    /// The side that moved.
    pub side: Side,
    /// The move played, in move text.
    pub played: String,
    pub grade: Grade,
    /// For the side that moved: the position before the move, with its
    /// best move.
    pub before: Score,
    /// For the side that moved: the position after the move played.
    pub after: Score,
    /// Points of the side's expected result (0 to 100) the move gave away.
    pub lost: f64,
    /// The best move found here (the move played, when it was).
    pub best: String,
    /// The line the search expects after the best move, best move first.
    pub line: Vec<String>,
    /// The depth the search of the position before reached.
    pub depth: u32,
    /// What the move did to the side's result, where it is known exactly.
    pub verdict: Option<Verdict>,
}

impl PlyReport {
    /// The line the command line prints:
    /// `ply N MOVE GRADE before B after A best M[ exact SOURCE: WORDS][ line M1 M2 …]`,
    /// the last part the line the search expects after the best move (its
    /// principal variation, the best move first).
    pub fn line_text(&self) -> String {
        let mut s = format!(
            "ply {} {} {} before {} after {} best {}",
            self.ply,
            self.played,
            self.grade.id(),
            self.before,
            self.after,
            self.best
        );
        if let Some(v) = &self.verdict {
            write!(s, " exact {}", v.describe()).unwrap();
        }
        if !self.line.is_empty() {
            write!(s, " line {}", self.line.join(" ")).unwrap();
        }
        s
    }
}

/// One side's moves over the game.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct SideSummary {
    pub moves: u32,
    /// Moves of each grade, in the order of [`Grade::ALL`].
    pub grades: [u32; 5],
    /// The mean of the moves' accuracies ([`move_accuracy`]), 0 to 100;
    /// 100 for a side that made no move.
    pub accuracy: f64,
}

impl SideSummary {
    pub fn count(&self, grade: Grade) -> u32 {
        self.grades[grade as usize]
    }
}

/// A game analysed move by move.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Analysis {
    pub version: u32,
    pub variant: Variant,
    /// The position string of the position the game began from.
    pub start: String,
    /// The moves analysed, in move text.
    pub moves: Vec<String>,
    pub effort: Effort,
    /// A report per move, in order.
    pub plies: Vec<PlyReport>,
}

/// Why an analysis file could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AnalysisFileError {
    /// Not RON, or not an analysis: the parser's message.
    Malformed(String),
    /// Written by a newer Stronghold.
    TooNew { version: u32 },
}

impl std::fmt::Display for AnalysisFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisFileError::Malformed(why) => write!(f, "not an analysis: {why}"),
            AnalysisFileError::TooNew { version } => write!(
                f,
                "the analysis has version {version}; this build reads up to {ANALYSIS_VERSION}"
            ),
        }
    }
}

impl std::error::Error for AnalysisFileError {}

impl Analysis {
    /// True when this is the analysis of `game`'s moves from its start (so
    /// the game need not be analysed again).
    pub fn is_for(&self, game: &Game) -> bool {
        // The same start, read rather than spelt alike: a string written
        // before its game had options names none (they were the defaults).
        let start = crate::rules::position_string(game.variant(), game.initial_position());
        let same_start = self.start == start
            || Game::from_position_string(&self.start).is_ok_and(|g| {
                g.variant() == game.variant() && g.initial_position() == game.initial_position()
            });
        same_start
            && self.moves.len() == game.ply()
            && self
                .moves
                .iter()
                .zip(game.moves())
                .all(|(a, m)| *a == game.move_text(m))
    }

    /// In a two-round match, how many of the moves are round one's (all
    /// of them while round two has not begun; none when the start or a
    /// move cannot be read); None in other games.
    pub fn round_one_moves(&self) -> Option<usize> {
        self.variant.game.ruleset().two_rounds()?;
        let Ok(mut game) = Game::from_position_string(&self.start) else {
            return Some(0);
        };
        for text in &self.moves {
            if game.round() == 2 {
                break;
            }
            let Ok(mv) = game.parse_move(text) else {
                return Some(0);
            };
            game.play_unchecked(&mv);
        }
        game.round_one_moves()
    }

    /// `side`'s moves: how many of each grade, and the accuracy.
    pub fn summary(&self, side: Side) -> SideSummary {
        let mut s = SideSummary::default();
        let mut accuracy = 0.0;
        for p in self.plies.iter().filter(|p| p.side == side) {
            s.moves += 1;
            s.grades[p.grade as usize] += 1;
            accuracy += move_accuracy(p.lost);
        }
        s.accuracy = if s.moves == 0 {
            100.0
        } else {
            accuracy / s.moves as f64
        };
        s
    }

    /// `side`'s expected result (0 to 1) along the game: before the first
    /// move, then after each move. Its points are the graph.
    pub fn graph(&self, side: Side) -> Vec<f64> {
        let kind = self.variant.game;
        let mut points = Vec::with_capacity(self.plies.len() + 1);
        if let Some(first) = self.plies.first() {
            points.push(first.before.for_side(first.side, side).chance(kind));
        }
        for p in &self.plies {
            points.push(p.after.for_side(p.side, side).chance(kind));
        }
        points
    }

    /// The analysis as text: a line per ply, then each side's summary.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for p in &self.plies {
            writeln!(s, "{}", p.line_text()).unwrap();
        }
        for side in [Side::Hunters, Side::Crowd] {
            writeln!(s, "{}", self.summary_text(side)).unwrap();
        }
        s
    }

    /// `side hunters accuracy 81.5 best 10 good 4 inaccuracy 2 mistake 1 blunder 0`.
    pub fn summary_text(&self, side: Side) -> String {
        let sum = self.summary(side);
        let name = match side {
            Side::Hunters => "hunters",
            Side::Crowd => "crowd",
        };
        let mut s = format!("side {name} accuracy {:.1}", sum.accuracy);
        for g in Grade::ALL {
            write!(s, " {} {}", g.id(), sum.count(g)).unwrap();
        }
        s
    }

    /// The analysis as RON, as the game saves it.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("an analysis is plain data")
    }

    /// Reads [`Analysis::to_ron`]'s text back.
    pub fn from_ron(text: &str) -> Result<Analysis, AnalysisFileError> {
        // The version first: a newer file is refused for being newer,
        // whatever else changed in it.
        #[derive(Deserialize)]
        struct VersionOnly {
            version: u32,
        }
        let malformed = |e: ron::error::SpannedError| AnalysisFileError::Malformed(e.to_string());
        let probe: VersionOnly = ron::from_str(text).map_err(malformed)?;
        if probe.version > ANALYSIS_VERSION {
            return Err(AnalysisFileError::TooNew {
                version: probe.version,
            });
        }
        ron::from_str(text).map_err(malformed)
    }
}
