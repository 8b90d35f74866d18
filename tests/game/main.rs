//! Every test of the Bevy game, in one binary (the game is linked once):
//! the headless app driven as a player drives it (input, the computer,
//! review, analysis, puzzles, online, launch, saves and settings), the
//! words of both languages, the rules pages and the skins.
//!
//! A new test file of the game is a module here (docs/ARCHITECTURE.md,
//! "Where the tests go").

#[path = "../save_common/mod.rs"]
mod save_common;

mod any_board;
mod game_ai;
mod game_analysis;
mod game_input;
mod game_launch;
mod game_lessons;
mod game_online;
mod game_puzzles;
mod game_review;
mod i18n;
mod keyboard_menus;
mod keyboard_play;
mod online_fake;
mod panel_layout;
mod persist_app;
mod release_files;
mod rules_page;
mod skins;
