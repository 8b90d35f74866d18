//! What the board's view tells the other wings, and what they ask of it:
//! whether an animation that input must wait for is playing, which piece to
//! shake for a refused move, and whether the first board has been drawn yet.
//! Input, the AI task, sound and the skins read these without depending on
//! the animation or drawing code.

use bevy::prelude::*;

use crate::rules::Point;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewBusy>()
        .init_resource::<FirstBoard>()
        .add_message::<ShakePiece>();
}

/// True while an animation that input must wait for is playing.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ViewBusy(pub bool);

/// Shake the piece on this point: a refused move.
#[derive(Message, Clone, Copy, Debug)]
pub struct ShakePiece(pub Point);

/// The first board's progress (set by `board::first_board`).
///
/// Until it has been drawn with its texts and pictures only what that board
/// needs is fetched: the other skins (the catalog reads every picture and
/// sound of each to check it) and the sounds wait. On the web that is most
/// of a megabyte off the first load (docs/web-figures.md), and the page
/// draws nothing before its files are in.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstBoard {
    /// The board exists and its files have arrived (or the longest wait
    /// has passed): from this frame on it is drawn.
    pub files_in: bool,
    /// It has been drawn with them, and the frames that follow their
    /// arrival are over: the app is still.
    pub drawn: bool,
}

/// Run condition: the first board has been drawn.
pub fn first_board_drawn(first: Res<FirstBoard>) -> bool {
    first.drawn
}
