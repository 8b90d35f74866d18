//! The computer opponent: a resumable search over [`crate::rules`].
//!
//! [`Search`] runs in slices: each [`Search::step`] spends about a node
//! budget and reports, so the same code runs on a desktop thread and
//! between frames in the single-threaded browser. Drop it at any moment to
//! cancel, or call [`Search::stop`] to get the best move found so far.
//!
//! ```
//! use stronghold::ai::{Level, Search, SearchStatus};
//! use stronghold::rules::{Game, GameId, Variant};
//!
//! let game = Game::new(Variant::new(GameId::named("pirates")));
//! let mut search = Search::new(&game, Level::Easy, 42);
//! let result = loop {
//!     if let SearchStatus::Done(r) = search.step(Search::SLICE_NODES) {
//!         break r;
//!     }
//! };
//! assert!(game.is_legal(&result.best));
//! ```
//!
//! This is the engine the game runs, and all of it:
//!
//! - `search`: the general alpha-beta engine (an explicit stack, resumable);
//! - `bagh_chal`: what the search knows of Bagh-Chal beyond its rules (the
//!   table at the horizon, the fitted evaluation), behind a small interface;
//! - [`eval`]: the evaluation a game's file chooses, the line terms of the
//!   first games or the general terms ([`terms`]), one branch per call;
//! - `ordering`, `tt`, `board`: move ordering, the table of searched
//!   positions, the board the search moves on (every game's ends, passes,
//!   draws and the no-repeat rule);
//! - [`solve`]: a small game solved backwards (Master plays a game whose
//!   file says it is solved from its solution; the CLI's `solve` prints it);
//! - `level`: the levels ([`Level`]) and their limits; [`rng`]: seeded
//!   random numbers;
//! - [`tablebase`]: Bagh-Chal's sliding-phase table as the game uses it:
//!   its values, index and file format, loaded and probed;
//! - [`fox_geese_proof`]: who wins a Fox and Geese position, proved within
//!   a node budget (the game's analysis gives exact verdicts with it, a
//!   slice at a time);
//! - [`remote`]: a search run elsewhere (the web page's AI worker): its
//!   request and replies.
//!
//! The modules depend one way: `rules` <- `ai` <- `coach` <- `analysis` <-
//! `cli`. The offline work only the command-line tool runs (the backwards
//! solver, the table's builder) is in [`crate::analysis`], which uses this
//! module; nothing here uses it, so the game links none of it.

mod bagh_chal;
mod board;
pub mod eval;
pub mod fox_geese_proof;
mod level;
mod ordering;
pub mod remote;
pub mod rng;
mod search;
pub mod solve;
pub mod tablebase;
pub mod terms;
mod tt;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use web_time::{Duration, Instant};

use crate::rules::{Game, Move};

pub use bagh_chal::TABLE_WIN;
pub use level::Level;
pub use search::{MATE, MATE_BOUND, MAX_DEPTH};
pub use tablebase::Tablebase;

use search::{Engine, RunEnd};

/// How far a search may go; it stops at the first limit reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SearchLimits {
    pub max_depth: u32,
    pub time_ms: Option<u64>,
    pub max_nodes: Option<u64>,
}

impl SearchLimits {
    /// Search to a fixed depth, with no other limit.
    pub const fn depth(max_depth: u32) -> SearchLimits {
        SearchLimits {
            max_depth,
            time_ms: None,
            max_nodes: None,
        }
    }
    /// Search as deep as `time_ms` milliseconds allow.
    pub const fn time(time_ms: u64) -> SearchLimits {
        SearchLimits {
            max_depth: MAX_DEPTH,
            time_ms: Some(time_ms),
            max_nodes: None,
        }
    }
}

/// The answer of a finished search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    pub best: Move,
    /// From the side to move's point of view, in hundredths of a piece;
    /// beyond [`MATE_BOUND`] a forced win (`MATE - plies`) or loss.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// Plies to the end when the score is a forced result: positive when
    /// the side to move wins, negative when it loses.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score > MATE_BOUND {
            Some(MATE - self.score)
        } else if self.score < -MATE_BOUND {
            Some(-(MATE + self.score))
        } else {
            None
        }
    }
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
    /// `None` when the game is already over.
    engine: Option<Engine>,
    time_limit: Option<Duration>,
    /// Set by the first step: the time limit counts from there.
    deadline: Option<Instant>,
    result: Option<SearchResult>,
    stop_requested: bool,
    /// The level it plays at, when made by [`Search::new`].
    level: Option<Level>,
    /// Whether the side to move plays Bagh-Chal the fitted way
    /// ([`Level::fitted_bagh_chal`]).
    fitted_bagh_chal: bool,
    /// The variant, to know which tables serve it.
    variant: crate::rules::Variant,
}

impl Search {
    /// A node budget per step that keeps a browser frame smooth (a few ms).
    pub const SLICE_NODES: u64 = 20_000;

    /// A search for the side to move in `game` (cloned), at a level, with a seed for its randomness.
    pub fn new(game: &Game, level: Level, seed: u64) -> Search {
        Search::for_level(game, level, level.limits(), seed)
    }
    /// A search at a level with other limits (a level's time scaled, say):
    /// the level's randomness and tablebase use, these limits. Master plays
    /// a game whose file says it is solved from the solution.
    pub fn for_level(game: &Game, level: Level, limits: SearchLimits, seed: u64) -> Search {
        let mut s = Search::with_randomness(game, limits, level.randomness(), seed);
        s.level = Some(level);
        s.fitted_bagh_chal = game.variant().game.plug_in() == Some("bagh-chal")
            && level.fitted_bagh_chal(game.side_to_move());
        if let (true, Some(engine)) = (s.fitted_bagh_chal, s.engine.as_mut()) {
            engine.use_fitted_bagh_chal();
        }
        if level.plays_solved_games() {
            s.play_from_solution(game);
        }
        s
    }

    /// Where the game's file says it is solved: the solution's move in a
    /// won or lost position (the quickest win, the longest loss), or the
    /// search's choice among the moves that keep a drawn one.
    fn play_from_solution(&mut self, game: &Game) {
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        let Some(solution) = solve::solution_for(*game.variant()) else {
            return;
        };
        match solve::solved_move(game, &solution) {
            solve::SolvedMove::Decided(result) => self.result = Some(result),
            solve::SolvedMove::KeepDraw(moves) => engine.restrict_root(&moves),
            solve::SolvedMove::Unknown => {}
        }
    }
    /// A search with explicit limits and no randomness.
    pub fn with_limits(game: &Game, limits: SearchLimits, seed: u64) -> Search {
        Search::with_randomness(game, limits, 0, seed)
    }
    /// A search with explicit limits and seeded evaluation noise of at most
    /// `randomness` hundredths of a piece either way (see [`Level::randomness`]).
    pub fn with_randomness(
        game: &Game,
        limits: SearchLimits,
        randomness: i32,
        seed: u64,
    ) -> Search {
        Search {
            engine: Engine::new(
                game,
                limits.max_depth,
                limits.max_nodes,
                limits.time_ms.is_some(),
                randomness,
                seed,
            ),
            time_limit: limits.time_ms.map(Duration::from_millis),
            deadline: None,
            result: None,
            stop_requested: false,
            level: None,
            fitted_bagh_chal: false,
            variant: *game.variant(),
        }
    }

    /// Lets the search read Bagh-Chal's sliding phase from `table`, when
    /// the table serves this game and the level plays with it (see
    /// [`Level::uses_tablebase`]; a search made with explicit limits
    /// always does). Call before the first [`Search::step`].
    pub fn with_tablebase(mut self, table: Option<&Arc<Tablebase>>) -> Search {
        let wanted = self.level.is_none_or(Level::uses_tablebase);
        if let (Some(table), Some(engine), true) = (table, self.engine.as_mut(), wanted)
            && table.serves(&self.variant)
        {
            engine.set_tablebase(Arc::clone(table));
            if self.fitted_bagh_chal {
                engine.count_spare_moves_in_placement();
            }
        }
        self
    }

    /// Searches for about `node_budget` nodes, then reports. Panics never;
    /// a finished game answers `Thinking` with no best move forever.
    pub fn step(&mut self, node_budget: u64) -> SearchStatus {
        if let Some(r) = &self.result {
            return SearchStatus::Done(r.clone());
        }
        let Some(engine) = self.engine.as_mut() else {
            return SearchStatus::Thinking {
                depth: 0,
                best: None,
                nodes: 0,
            };
        };
        if self.deadline.is_none() {
            self.deadline = self.time_limit.map(|t| Instant::now() + t);
        }
        let end = if self.stop_requested {
            RunEnd::Finished
        } else {
            engine.run(node_budget, self.deadline)
        };
        match end {
            RunEnd::Paused => {
                let done = engine.completed();
                SearchStatus::Thinking {
                    depth: done.map_or(0, |c| c.depth),
                    best: done.map(|c| c.best),
                    nodes: engine.nodes(),
                }
            }
            RunEnd::Finished => {
                let best = engine.best_so_far();
                let result = SearchResult {
                    best: best.best,
                    score: best.score,
                    depth: best.depth,
                    nodes: engine.nodes(),
                    pv: best.pv,
                };
                self.result = Some(result.clone());
                SearchStatus::Done(result)
            }
        }
    }

    /// Asks the search to finish: the next [`Search::step`] answers `Done`
    /// with the best move found so far (a legal move even before the first
    /// iteration completes).
    pub fn stop(&mut self) {
        self.stop_requested = true;
    }

    /// Steps until done; `None` when the game is over.
    pub fn run_to_end(&mut self) -> Option<SearchResult> {
        self.engine.as_ref()?;
        loop {
            if let SearchStatus::Done(r) = self.step(Self::SLICE_NODES * 10) {
                return Some(r);
            }
        }
    }

    /// The rules of the game searched.
    pub fn rules(&self) -> Arc<crate::rules::Rules> {
        crate::rules::Rules::of(self.variant)
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.engine.as_ref().map_or(0, Engine::nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;
    use crate::rules::Variant;

    #[test]
    fn hard_and_master_goats_and_master_tigers_play_bagh_chal_the_fitted_way() {
        let fitted = |game: &Game, level| Search::new(game, level, 1).fitted_bagh_chal;
        let mut bagh_chal = Game::new(Variant::new(GameId::named("bagh-chal")));
        let goats: Vec<bool> = Level::ALL.iter().map(|&l| fitted(&bagh_chal, l)).collect();
        assert_eq!(goats, [false, false, false, true, true]);
        bagh_chal.play_text("@c1").unwrap();
        let tigers: Vec<bool> = Level::ALL.iter().map(|&l| fitted(&bagh_chal, l)).collect();
        assert_eq!(tigers, [false, false, false, false, true]);
        let pirates = Game::new(Variant::new(GameId::named("pirates")));
        assert!(!fitted(&pirates, Level::Master));
    }
}
