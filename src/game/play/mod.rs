//! The match: the authoritative `Match` resource and the move intents that
//! change it, review of past positions, the computer's moves (the AI task and
//! its pace), hints, the game's analysis, puzzles and lessons from the
//! player's mistakes, and online play
//! against a friend through the game server (`online`).
//!
//! Reads only `common`. Nothing here spawns or moves an entity: the board
//! wing draws what this wing decides.

use bevy::prelude::*;

pub mod ai_pace;
pub mod ai_task;
pub mod ai_worker;
pub mod analysis;
pub mod background_search;
pub mod hint;
pub mod lesson;
pub mod match_state;
pub mod online;
pub mod puzzle;
pub mod puzzle_pick;
pub mod puzzle_streak;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        match_state::plugin,
        ai_task::plugin,
        hint::plugin,
        online::plugin,
        analysis::plugin,
        puzzle::plugin,
        lesson::plugin,
    ));
}
