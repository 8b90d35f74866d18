//! Every test that needs no Bevy, in one binary: the rules, the AI, the
//! coach, saves, the command-line tool, the house rules read from the
//! source, and online play (the protocol, and the server with its bots).
//!
//! One binary instead of one per file: each test binary is compiled and
//! linked on its own, and a fresh clone's test run was mostly that
//! (docs/ARCHITECTURE.md, "Where the tests go"). A new test file is a
//! module here (or in `tests/game/` if it needs the Bevy game).

#[path = "../save_common/mod.rs"]
mod save_common;

use std::sync::{Arc, OnceLock};

/// Bagh-Chal's shipped table, read once for every test that needs it.
fn shipped_table() -> Arc<stronghold::ai::Tablebase> {
    static TABLE: OnceLock<Arc<stronghold::ai::Tablebase>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/assets/tablebase/bagh-chal.sctb"
            );
            let bytes = std::fs::read(path).expect("the shipped table");
            Arc::new(stronghold::ai::Tablebase::from_bytes(&bytes).expect("a readable table"))
        })
        .clone()
}

mod ai_cli;
mod ai_draws;
mod ai_every_game;
mod ai_forced_wins;
mod ai_levels;
mod ai_slices;
mod ai_tablebase;
mod architecture;
mod cli;
mod cli_soak;
mod coach;
mod family;
mod lesson;
mod module_layers;
mod notation;
mod perft;
mod properties;
mod puzzle_sets;
mod release_files;
mod rules;
mod save_format;
mod special_rules;
mod table_check;

#[cfg(feature = "server")]
mod online_every_game;
#[cfg(feature = "server")]
mod online_hardening;
#[cfg(feature = "server")]
mod online_ops;
#[cfg(feature = "server")]
mod online_players;
#[cfg(feature = "server")]
mod online_postgres;
#[cfg(feature = "online")]
mod online_protocol;
#[cfg(feature = "server")]
mod online_server;
#[cfg(feature = "server")]
mod online_support;
#[cfg(feature = "server")]
mod pg_cluster;
#[cfg(feature = "server")]
mod release_server;
