//! What surrounds the game: launch options (command line or page address),
//! saves and settings on disk or in `localStorage`, the web page's glue, the
//! invite to an online game, the about text and the frame log.
//!
//! Reads `board`, `play` and `common`; the egui pages in `ui` read this wing,
//! never the other way.

use bevy::prelude::*;

pub mod about;
pub mod frame_log;
pub mod invite;
pub mod launch;
pub mod launch_error;
pub mod persist;
pub mod web;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        persist::plugin,
        about::plugin,
        frame_log::plugin,
        web::plugin,
    ));
}
