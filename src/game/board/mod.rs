//! The board on screen: points and lines, pieces, the player's clicks and
//! drags and the keyboard's cursor, the animations of moves, sounds, skins, the arrows of hints and
//! analysis, and what the first board waits for.
//!
//! Reads `play` (what to draw) and `common`. Its entities are a view of the
//! match: a click becomes a `MoveIntent` that `play` checks, never a change
//! made here.

use bevy::prelude::*;

pub mod animation;
pub mod arrows;
pub mod audio;
pub mod cursor;
pub mod first_board;
pub mod glyphs;
pub mod input;
pub mod pieces;
pub mod skin;
pub mod stacks;
pub mod tween;
pub mod view;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        skin::plugin,
        glyphs::plugin,
        view::plugin,
        pieces::plugin,
        input::plugin,
        cursor::plugin,
        animation::plugin,
        audio::plugin,
        first_board::plugin,
        arrows::plugin,
        stacks::plugin,
    ));
}
