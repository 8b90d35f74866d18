//! The computer opponent: a resumable search over [`crate::rules`].
//!
//! SKELETON: the API below is the contract the game uses; the search itself
//! is being written (issue 3). For now it returns the first legal move.

use serde::{Deserialize, Serialize};

use crate::rules::{Game, Move};

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
    /// The budgets this level searches with.
    pub fn limits(self) -> SearchLimits {
        SearchLimits {
            max_depth: 1,
            time_ms: None,
            max_nodes: None,
        }
    }
}

/// How far a search may go; it stops at the first limit reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SearchLimits {
    pub max_depth: u32,
    pub time_ms: Option<u64>,
    pub max_nodes: Option<u64>,
}

/// The answer of a finished search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    pub best: Move,
    /// From the side to move's point of view.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// What one slice of search reports.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SearchStatus {
    /// Still thinking: the deepest completed depth and its best move so far.
    Thinking {
        depth: u32,
        best: Option<Move>,
        nodes: u64,
    },
    Done(SearchResult),
}

/// A search that runs in slices and can be dropped at any moment.
pub struct Search {
    game: Game,
}

impl Search {
    /// A search for the side to move in `game` (cloned), at a level, with a seed for its randomness.
    pub fn new(game: &Game, level: Level, seed: u64) -> Search {
        Search::with_limits(game, level.limits(), seed)
    }
    pub fn with_limits(game: &Game, _limits: SearchLimits, _seed: u64) -> Search {
        Search { game: game.clone() }
    }
    /// Searches for about `node_budget` nodes, then reports. Panics never;
    /// a finished game answers `Thinking` with no best move forever.
    pub fn step(&mut self, _node_budget: u64) -> SearchStatus {
        match self.game.legal_moves().first() {
            Some(&best) => SearchStatus::Done(SearchResult {
                best,
                score: 0,
                depth: 1,
                nodes: 1,
                pv: vec![best],
            }),
            None => SearchStatus::Thinking {
                depth: 0,
                best: None,
                nodes: 0,
            },
        }
    }
}
