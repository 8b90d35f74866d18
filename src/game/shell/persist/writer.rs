//! Writing the autosave and the settings as the game goes.
//!
//! The autosave follows every change to the game. On the desktop each write
//! (a temporary file, flushed to disk, renamed) runs on the I/O threads, one
//! at a time: the flush to disk takes from under a millisecond to 15 ms on
//! the machine this was measured on (`benches/save.rs`), which on the main
//! thread would be a dropped frame on a move. A change made while a write runs
//! waits, and only the newest waiting game is written. On the web
//! `localStorage` is fast and belongs to the main thread, so it is written
//! there. An online game is not autosaved (the server keeps it). The
//! settings are written half a second after they stop changing
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
    /// The game as last handed to a write (or as found at launch).
    pub(super) autosave_written: Option<SavedGame>,
    /// A game waiting for the write in progress to finish.
    autosave_waiting: Option<SavedGame>,
    /// The write in progress (desktop).
    autosave_task: Option<Task<io::Result<()>>>,
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

/// The game on the board at launch counts as written: a launch alone never
/// replaces the autosave, only a change to the game does.
fn remember_starting_game(
    the_match: Res<Match>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    mut state: ResMut<PersistState>,
) {
    state.autosave_written = Some(snapshot(&the_match, &layout, &settings));
}

/// Queues the game when it changed, and keeps one write going.
fn autosave(
    persistence: Res<Persistence>,
    the_match: Res<Match>,
    puzzle: Res<PuzzleSession>,
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
    // An online game lives on the server, and a puzzle on the board is no
    // game to resume: the autosave keeps the last game at this screen (the
    // one the puzzle put aside).
    if changed && !state.autosave_blocked && !the_match.is_online() && !puzzle.is_active() {
        let now = snapshot(&the_match, &layout, &settings);
        if state.autosave_written.as_ref() != Some(&now) {
            state.autosave_written = Some(now.clone());
            state.autosave_waiting = Some(now);
        }
    }
    if let Some(task) = state.autosave_task.as_mut()
        && let Some(result) = check_ready(task)
    {
        state.autosave_task = None;
        report_write(&mut state, &mut notices, "autosave", result);
    }
    if state.autosave_task.is_some() {
        // The write's end (and any newer autosave waiting) needs a frame.
        next_frame.within(LOADING_PULSE);
        return;
    }
    let Some(game) = state.autosave_waiting.take() else {
        return;
    };
    if cfg!(target_arch = "wasm32") {
        let result = saves.write_game(&Slot::Autosave, &game);
        report_write(&mut state, &mut notices, "autosave", result);
    } else {
        let task = IoTaskPool::get().spawn(async move { saves.write_game(&Slot::Autosave, &game) });
        state.autosave_task = Some(task);
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
    report_write(state, notices, "settings", result);
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
    if let Some(task) = state.autosave_task.take() {
        let result = block_on(task);
        report_write(state, notices, "autosave", result);
    }
    if let Some(game) = state.autosave_waiting.take() {
        let result = saves.write_game(&Slot::Autosave, &game);
        report_write(state, notices, "autosave", result);
    }
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
    state: &mut PersistState,
    notices: &mut MessageWriter<Notice>,
    what: &'static str,
    result: io::Result<()>,
) {
    match result {
        Ok(()) => state.write_failing = false,
        Err(e) => {
            if !state.write_failing {
                notices.write(
                    Notice::error(Msg::new("save-write-failed").text("what", what))
                        .with_detail(e.to_string()),
                );
            }
            state.write_failing = true;
        }
    }
}
