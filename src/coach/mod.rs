//! The coach: what the engine knows, put in front of a player. A game
//! analysed move by move ([`GameAnalyser`], [`Analysis`]): every move
//! graded ([`Grade`]) by how much of its side's expected result it gave
//! away, with the evaluation before and after, the best move, and an exact
//! verdict ([`Verdict`]) where the table, the proof search or the rules
//! know the value; and puzzles ([`puzzle`]) whose answers they prove
//! ([`prove`]).
//!
//! Plain Rust like the engine: the game runs it (on a compute thread, or a
//! slice at a time on the web), the command line prints it
//! (`stronghold-cli analyse`, `stronghold-cli puzzles`).
//!
//! ```
//! use stronghold::ai::{Level, Search};
//! use stronghold::coach::{Effort, GameAnalyser};
//! use stronghold::rules::{Game, GameId, Variant};
//!
//! let mut game = Game::new(Variant::new(GameId::named("pirates")));
//! game.play_text("d4-d5 c6-c7").unwrap();
//! let mut analyser = GameAnalyser::new(&game, Effort::of_level(Level::Beginner), None);
//! while analyser.result().is_none() {
//!     let progress = analyser.step(Search::SLICE_NODES);
//!     assert!(progress.done <= progress.total);
//! }
//! let analysis = analyser.result().unwrap();
//! assert_eq!(analysis.plies.len(), game.ply());
//! ```
//!
//! The modules depend one way: `rules` <- `ai` <- `coach` <- `analysis`
//! <- `cli`, and the game uses `coach` as it uses `ai`.

mod analyse;
pub mod exact;
pub mod grade;
pub mod lesson;
pub mod prove;
pub mod puzzle;
pub mod remote;
mod report;
pub mod score;

pub use analyse::{GameAnalyser, Progress, has_exact_verdicts};
pub use exact::{Exact, Known, Source, Verdict, VerdictKind};
pub use grade::Grade;
pub use report::{ANALYSIS_VERSION, Analysis, AnalysisFileError, Effort, PlyReport, SideSummary};
pub use score::Score;
