//! Stronghold: hunt board games.
pub mod ai;
pub mod analysis;
pub mod assets;
pub mod cli;
pub mod coach;
#[cfg(feature = "game")]
pub mod game;
#[cfg(feature = "online")]
pub mod online;
pub mod rules;
pub mod save;
#[cfg(feature = "server")]
pub mod server;
