//! The first board: what it needs before it is shown ([`BoardFiles`]: the
//! texts, the skin wanted for the game and that skin's pictures), and the
//! moment it has been drawn with them ([`FirstBoard`]), after which the
//! files it does not need (the other skins, the sounds) are fetched.
//!
//! The web page keeps its loader up until the same files are in
//! (`shell::web`), so both sides agree on what the first board is.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::board::skin::SkinRequest;
use crate::game::board::skin::look::SkinLook;
use crate::game::board::view::BoardPoint;
use crate::game::common::i18n::I18n;
use crate::game::common::redraw::{LOADING_PULSE, NextFrame};
use crate::game::common::view::FirstBoard;
use crate::game::play::match_state::Match;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, note_first_board);
}

/// How long the first board may wait for its texts and pictures before it
/// counts as drawn with whatever it has (a file that neither arrives nor
/// fails).
pub const LONGEST_WAIT_SECS: f64 = 15.0;

/// Frames with the board's files in before it counts as drawn: the first
/// of them draws it, the second starts after that drawing is done.
const FRAMES_WITH_FILES: u32 = 2;

/// What the first board needs before it is shown: the texts, the skin
/// wanted for the game (not the built-in one standing in while it loads),
/// and the skin's pictures.
#[derive(SystemParam)]
pub struct BoardFiles<'w> {
    i18n: Res<'w, I18n>,
    request: Res<'w, SkinRequest>,
    the_match: Res<'w, Match>,
    look: Res<'w, SkinLook>,
    materials: Res<'w, Assets<ColorMaterial>>,
    server: Res<'w, AssetServer>,
}

impl BoardFiles<'_> {
    /// Every file the board needs has arrived (or failed, and is drawn without).
    pub fn loaded(&self) -> bool {
        self.i18n.is_ready()
            && self.request.settled_for(self.the_match.kind())
            && self.look.pictures_settled(&self.materials, &self.server)
    }
}

/// Whether the first board counts as drawn after `frames_with_files` frames
/// with its points and files in, `waited_secs` after the start.
pub fn first_board_done(frames_with_files: u32, waited_secs: f64) -> bool {
    frames_with_files >= FRAMES_WITH_FILES || waited_secs > LONGEST_WAIT_SECS
}

/// Sets [`FirstBoard::drawn`] once the board has been drawn with its files,
/// asking for the frames that takes (the app draws only on demand).
fn note_first_board(
    mut first: ResMut<FirstBoard>,
    files: BoardFiles,
    points: Query<(), With<BoardPoint>>,
    time: Res<Time<Real>>,
    mut frames_with_files: Local<u32>,
    mut next_frame: ResMut<NextFrame>,
) {
    if first.drawn {
        return;
    }
    *frames_with_files = if !points.is_empty() && files.loaded() {
        *frames_with_files + 1
    } else {
        0
    };
    if first_board_done(*frames_with_files, time.elapsed_secs_f64()) {
        first.drawn = true;
    } else {
        next_frame.within(LOADING_PULSE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_board_is_drawn_a_frame_after_its_files_are_in_or_after_the_longest_wait() {
        assert!(!first_board_done(0, 1.0), "files still coming");
        assert!(!first_board_done(1, 1.0), "the frame that draws it");
        assert!(first_board_done(2, 1.0), "the frame after it");
        assert!(
            first_board_done(0, LONGEST_WAIT_SECS + 0.1),
            "waited long enough"
        );
    }
}
