//! Offline analysis for the command-line tool: solvers and table builders
//! that take minutes and gigabytes, which the game never runs.
//!
//! - [`backwards`]: Fox and Geese solved backwards, every position that can
//!   follow a given one at once;
//! - [`tablebase`]: Bagh-Chal's sliding-phase table built by retrograde
//!   analysis, and the end of placement solved against it;
//! - [`puzzles`]: puzzles harvested from games, each answer proven the
//!   only one.
//!
//! The modules depend one way: `rules` <- `ai` <- `coach` <- `analysis` <-
//! `cli`. Analysis uses the rules, and from [`crate::ai`] the search (to
//! play test games), the random numbers, the table's format and index (a
//! table it builds is the one the game probes) and the Fox and Geese proof
//! search (which the game runs too, for the coach's exact verdicts); from
//! [`crate::coach`] the puzzles' format and their proofs (to harvest them).
//! Neither `ai` nor `coach` uses analysis, so the game (and its web
//! module) carries none of it.

pub mod backwards;
pub mod puzzles;
pub mod tablebase;
