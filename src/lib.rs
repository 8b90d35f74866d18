//! Stronghold: hunt board games.
// CI's `-Dwarnings` makes a function over clippy.toml's threshold an error.
#![warn(clippy::too_many_lines)]

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
