//! What the board's view tells the other wings, and what they ask of it:
//! whether an animation that input must wait for is playing, and which
//! piece to shake for a refused move. Input, the AI task and sound read these
//! without depending on the animation code.

use bevy::prelude::*;

use crate::rules::Point;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewBusy>().add_message::<ShakePiece>();
}

/// True while an animation that input must wait for is playing.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ViewBusy(pub bool);

/// Shake the piece on this point: a refused move.
#[derive(Message, Clone, Copy, Debug)]
pub struct ShakePiece(pub Point);
