//! Offline analysis for the command-line tool: solvers and table builders
//! that take minutes and gigabytes, which the game never runs.
//!
//! - [`solve`]: Fox and Geese proved position by position (a depth-first
//!   AND/OR proof search);
//! - [`backwards`]: Fox and Geese solved backwards, every position that can
//!   follow a given one at once;
//! - [`tablebase`]: Bagh-Chal's sliding-phase table built by retrograde
//!   analysis, and the end of placement solved against it.
//!
//! The modules depend one way: `rules` <- `ai` <- `analysis` <- `cli`.
//! Analysis uses the rules, and from [`crate::ai`] the search (to play
//! test games), the random numbers and the table's format and index (a
//! table it builds is the one the game probes); `ai` never uses analysis,
//! so the game (and its web module) carries none of it.

pub mod backwards;
pub mod solve;
pub mod tablebase;
