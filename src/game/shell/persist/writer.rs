//! Writing the autosave and the settings as the game goes.
//!
//! The autosave follows every change to the game. On the desktop each write
//! (a temporary file, flushed to disk, renamed) runs on the I/O threads, one
//! at a time: the flush to disk takes from under a millisecond to 15 ms on
//! the machine this was measured on (`benches/save.rs`), which on the main
//! thread would be a dropped frame on a move. A change made while a write runs
//! waits, and only the newest waiting game is written. On the web
//! `localStorage` is fast and belongs to the main thread, so it is written
//! there. An online game is not autosaved (the server keeps it), nor a game
//! read from a file elsewhere (`--game-file`: the file may be gone next
//! time). The settings are written half a second after they stop changing
//! (a dragged slider is one write). Everything pending is written on exit.

use std::io;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, block_on, futures::check_ready};

use super::{Persistence, snapshot};
use crate::game::board::view::BoardLayout;
use crate::game::common::i18n::Msg;
use crate::game::common::notice::Notice;
use crate::game::common::redraw::{LOADING_PULSE, NextFrame};
use crate::game::common::settings::Settings;
use crate::game::play::lesson::LessonSession;
use crate::game::play::match_state::Match;
use crate::game::play::puzzle::PuzzleSession;
use crate::save::{SavedGame, Saves, Slot};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PersistState>()
        .add_systems(Startup, remember_starting_game)
        .add_systems(Last, (autosave, save_settings, flush_on_exit).chain());
}

/// How long the settings must stay unchanged before they are written.
pub const SETTINGS_SETTLE_SECONDS: f64 = 0.5;

/// What the writers remember between frames.
#[derive(Resource, Default)]
pub struct PersistState {
    /// The game's autosave.
    autosave: SlotWriter<SavedGame>,
    /// The settings as last written (or as read at launch).
    pub(super) settings_written: Option<Settings>,
    /// When the settings last changed, while they wait to be written.
    settings_changed_at: Option<f64>,
    /// The settings as last seen: a page that only borrows them mutably
    /// marks them changed every frame without changing them.
    settings_seen: Option<Settings>,
    /// A refused file could not be moved aside: never write over it.
    pub(super) autosave_blocked: bool,
    pub(super) settings_blocked: bool,
    /// The last write failed (told once, not on every move).
    write_failing: bool,
}

/// One slot's writes, one at a time: what was last handed to a write, the
/// newest value waiting for the write in progress, and that write (on the
/// desktop's I/O threads).
struct SlotWriter<T> {
    written: Option<T>,
    waiting: Option<T>,
    task: Option<Task<io::Result<()>>>,
}

impl<T> Default for SlotWriter<T> {
    fn default() -> Self {
        SlotWriter {
            written: None,
            waiting: None,
            task: None,
        }
    }
}

/// How a value is written to its slot.
type WriteFn<T> = fn(&Saves, &T) -> io::Result<()>;

impl<T: Clone + PartialEq + Send + Sync + 'static> SlotWriter<T> {
    /// Queues `now` unless it is what was last written.
    fn offer(&mut self, now: T) {
        if self.written.as_ref() != Some(&now) {
            self.written = Some(now.clone());
            self.waiting = Some(now);
        }
    }

    /// Collects the write in progress when it is done, then starts the
    /// waiting one; each result goes to `report`. True while a write runs.
    fn pump(
        &mut self,
        saves: &std::sync::Arc<Saves>,
        write: WriteFn<T>,
        mut report: impl FnMut(io::Result<()>),
    ) -> bool {
        if let Some(task) = self.task.as_mut()
            && let Some(result) = check_ready(task)
        {
            self.task = None;
            report(result);
        }
        if self.task.is_some() {
            return true;
        }
        let Some(value) = self.waiting.take() else {
            return false;
        };
        if cfg!(target_arch = "wasm32") {
            report(write(saves, &value));
            false
        } else {
            let saves = saves.clone();
            self.task = Some(IoTaskPool::get().spawn(async move { write(&saves, &value) }));
            true
        }
    }

    /// Waits for the write in progress, then writes the waiting value.
    fn finish(&mut self, saves: &Saves, write: WriteFn<T>, mut report: impl FnMut(io::Result<()>)) {
        if let Some(task) = self.task.take() {
            report(block_on(task));
        }
        if let Some(value) = self.waiting.take() {
            report(write(saves, &value));
        }
    }
}

fn write_classic(saves: &Saves, game: &SavedGame) -> io::Result<()> {
    saves.write_game(&Slot::Autosave, game)
}

/// The game on the board at launch counts as written: a launch alone never
/// replaces the autosave, only a change to the game does.
fn remember_starting_game(
    the_match: Res<Match>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    mut state: ResMut<PersistState>,
) {
    state.autosave.written = Some(snapshot(&the_match, &layout, &settings));
}

/// Queues the game when it changed, and keeps one write going.
fn autosave(
    persistence: Res<Persistence>,
    the_match: Res<Match>,
    (puzzle, lesson): (Res<PuzzleSession>, Res<LessonSession>),
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    mut state: ResMut<PersistState>,
    mut notices: MessageWriter<Notice>,
    mut next_frame: ResMut<NextFrame>,
) {
    let Some(saves) = persistence.shared() else {
        return;
    };
    let changed = the_match.is_changed() || layout.is_changed() || settings.is_changed();
    // An online game lives on the server, and a puzzle or a lesson on the
    // board is no game to resume: the autosave keeps the last game at this
    // screen (the one the puzzle or lesson put aside).
    let exercise = puzzle.is_active() || lesson.is_active();
    let kept = the_match.kind().is_built_in() && !the_match.is_online() && !exercise;
    if changed && !state.autosave_blocked && kept {
        state
            .autosave
            .offer(snapshot(&the_match, &layout, &settings));
    }
    let state = &mut *state;
    let writing = state.autosave.pump(&saves, write_classic, |result| {
        report_write(&mut state.write_failing, &mut notices, "autosave", result);
    });
    if writing {
        // The write's end (and any newer autosave waiting) needs a frame.
        next_frame.within(LOADING_PULSE);
    }
}

/// Writes the settings once they have settled.
fn save_settings(
    persistence: Res<Persistence>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut state: ResMut<PersistState>,
    mut notices: MessageWriter<Notice>,
    mut next_frame: ResMut<NextFrame>,
) {
    let Some(saves) = persistence.saves() else {
        return;
    };
    let now = time.elapsed_secs_f64();
    if settings.is_changed() && state.settings_seen.as_ref() != Some(&*settings) {
        state.settings_seen = Some(settings.clone());
        if state.settings_written.as_ref() != Some(&*settings) {
            state.settings_changed_at = Some(now);
        }
    }
    match state.settings_changed_at {
        Some(at) if now - at >= SETTINGS_SETTLE_SECONDS => {
            write_settings(saves, &settings, &mut state, &mut notices);
        }
        Some(at) => next_frame.within_secs(at + SETTINGS_SETTLE_SECONDS - now),
        None => {}
    }
}

fn write_settings(
    saves: &Saves,
    settings: &Settings,
    state: &mut PersistState,
    notices: &mut MessageWriter<Notice>,
) {
    state.settings_changed_at = None;
    if state.settings_blocked {
        return;
    }
    let result = saves.write_settings(settings);
    report_write(&mut state.write_failing, notices, "settings", result);
    state.settings_written = Some(settings.clone());
}

/// On exit, everything pending is written before the app goes.
fn flush_on_exit(
    mut exits: MessageReader<AppExit>,
    persistence: Res<Persistence>,
    settings: Res<Settings>,
    mut state: ResMut<PersistState>,
    mut notices: MessageWriter<Notice>,
) {
    if exits.read().count() == 0 {
        return;
    }
    let Some(saves) = persistence.saves() else {
        return;
    };
    finish_autosave(saves, &mut state, &mut notices);
    if state.settings_changed_at.is_some() {
        write_settings(saves, &settings, &mut state, &mut notices);
    }
}

/// Waits for the write in progress and writes the waiting game.
fn finish_autosave(saves: &Saves, state: &mut PersistState, notices: &mut MessageWriter<Notice>) {
    let failing = &mut state.write_failing;
    state.autosave.finish(saves, write_classic, |result| {
        report_write(failing, notices, "autosave", result);
    });
}

/// Writes the autosave now if a write is pending (tests call it before
/// reading the file; the app does it on exit).
pub fn flush(world: &mut World) {
    world.run_system_cached(flush_system).ok();
}

fn flush_system(
    persistence: Res<Persistence>,
    mut state: ResMut<PersistState>,
    mut notices: MessageWriter<Notice>,
) {
    if let Some(saves) = persistence.saves() {
        finish_autosave(saves, &mut state, &mut notices);
    }
}

/// Tells the player about the first failed write in a row.
fn report_write(
    failing: &mut bool,
    notices: &mut MessageWriter<Notice>,
    what: &'static str,
    result: io::Result<()>,
) {
    match result {
        Ok(()) => *failing = false,
        Err(e) => {
            if !*failing {
                notices.write(
                    Notice::error(Msg::new("save-write-failed").text("what", what))
                        .with_detail(e.to_string()),
                );
            }
            *failing = true;
        }
    }
}
