//! The first board: what it needs before it is shown ([`BoardFiles`]: the
//! texts, the skin wanted for the game and that skin's pictures), and the
//! moment it has been drawn with them ([`FirstBoard`]), after which the
//! files it does not need (the other skins, the sounds) are fetched.
//!
//! The web page draws nothing until [`FirstBoard::files_in`] (`shell::web`),
//! and its loader waits for the same files, so both sides agree on what the
//! first board is.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::board::skin::SkinRequest;
use crate::game::board::skin::look::SkinLook;
use crate::game::board::view::BoardPoint;
use crate::game::common::i18n::I18n;
use crate::game::common::redraw::{self, LOADING_PULSE, LastAsk, NextFrame};
use crate::game::common::view::FirstBoard;
use crate::game::play::match_state::Match;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        note_first_board
            .in_set(FirstBoardNoted)
            .before(redraw::schedule_next_frame),
    );
}

/// Systems that read [`FirstBoard`] in the frame it changes order
/// themselves after this set.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FirstBoardNoted;

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

/// Whether the first board has what it is drawn with: its points and its
/// files, or the longest wait, `waited_secs` after the start.
pub fn files_in(board_spawned: bool, loaded: bool, waited_secs: f64) -> bool {
    (board_spawned && loaded) || waited_secs > LONGEST_WAIT_SECS
}

/// Sets [`FirstBoard::files_in`] once the board has its files, and
/// [`FirstBoard::drawn`] once it has been drawn with them and the frames
/// that follow the files' arrival are over (the last frame asked for no
/// other at once), asking for the frames this takes (the app draws only on
/// demand). What waits for the first board (the computer's first search,
/// the other skins, the sounds) so never shares the processor with the
/// app's start: under a software renderer each of those frames took 0.4 s.
fn note_first_board(
    mut first: ResMut<FirstBoard>,
    files: BoardFiles,
    points: Query<(), With<BoardPoint>>,
    time: Res<Time<Real>>,
    mut frames_with_files: Local<u32>,
    (mut next_frame, last_ask): (ResMut<NextFrame>, Res<LastAsk>),
) {
    if first.drawn {
        return;
    }
    if !first.files_in && files_in(!points.is_empty(), files.loaded(), time.elapsed_secs_f64()) {
        first.files_in = true;
    }
    if first.files_in {
        *frames_with_files += 1;
    }
    // Something that never stops moving cannot hold the rest back for good.
    let settled = last_ask.within != Some(Duration::ZERO)
        || time.elapsed_secs_f64() > 2.0 * LONGEST_WAIT_SECS;
    if *frames_with_files >= FRAMES_WITH_FILES && settled {
        first.drawn = true;
    } else {
        next_frame.within(LOADING_PULSE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_board_has_its_files_once_board_and_files_are_there_or_after_the_longest_wait() {
        assert!(!files_in(false, true, 1.0), "no board yet");
        assert!(!files_in(true, false, 1.0), "files still coming");
        assert!(files_in(true, true, 1.0));
        assert!(
            files_in(false, false, LONGEST_WAIT_SECS + 0.1),
            "a file that never comes"
        );
    }
}
