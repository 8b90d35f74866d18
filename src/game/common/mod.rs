//! The vocabulary every wing reads: the screen the player is on, the
//! player's settings (with the puzzle progress), the words (languages and
//! message files), notices, the signals the board's view gives the rest
//! (busy animating, a piece to shake), and when the next frame is drawn
//! (`redraw`).
//!
//! This wing depends on no other wing of the game, so any of them may read
//! it.

use bevy::prelude::*;

pub mod i18n;
pub mod notice;
pub mod puzzle_progress;
pub mod redraw;
pub mod screens;
pub mod settings;
pub mod text_asset;
pub mod view;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        screens::plugin,
        text_asset::plugin,
        i18n::plugin,
        notice::plugin,
        redraw::plugin,
        settings::plugin,
        view::plugin,
    ));
}
