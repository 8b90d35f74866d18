//! Stronghold: hunt board games.
pub mod ai;
pub mod analysis;
pub mod assets;
pub mod cli;
pub mod coach;
#[cfg(feature = "game")]
pub mod game;
pub mod rules;
pub mod save;
