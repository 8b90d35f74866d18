//! Persistence in the app: the settings and an autosave of the current game
//! kept between runs, named saves, and the last unfinished game resumed at
//! launch. The files and their format are [`crate::save`] (no Bevy); this
//! module decides when to load and write them and tells the player when a
//! file was refused.
//!
//! - At launch, [`Persistence::boot`] reads the settings and the autosave
//!   before the app is built (the window opens at the remembered size), and
//!   [`Boot::install`] puts them in the app.
//! - The autosave is written after every change to the game (a move, undo,
//!   redo, a new game, a changed player, a finished analysis), at once, on the I/O threads (a
//!   slow disk never stalls a frame): a crash loses at most the move being
//!   written, never an older save.
//! - The settings are written half a second after they stop changing (a
//!   dragged slider is one write), and on exit.
//! - Off unless the launcher turns it on: [`crate::game::headless_app`] never
//!   touches the player's files.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::ai::Level;
use crate::coach::Analysis;
use crate::game::board::view::BoardLayout;
use crate::game::common::i18n::{I18n, Localize, Msg};
use crate::game::common::notice::Notice;
use crate::game::common::settings::Settings;
use crate::game::play::analysis::analysed_plies;
use crate::game::play::match_state::{Conclusion, Match, Player};
use crate::rules::Side;
use crate::save::{Ending, Refused, RestoredGame, SavedGame, Saves, Slot};

mod commands;
#[cfg(target_arch = "wasm32")]
mod web;
mod writer;

pub use commands::{Confirm, PasteError, SaveCommand, SavesWindow};
pub use writer::{PersistState, SETTINGS_SETTLE_SECONDS, flush};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Persistence>()
        .init_resource::<BootNotices>()
        .init_resource::<Resumed>()
        .add_systems(
            Update,
            send_boot_notices.in_set(crate::game::GameSet::Commands),
        );
    if !cfg!(target_arch = "wasm32") {
        // On the web the canvas fills the page instead.
        app.add_systems(Update, remember_window_size);
    }
    writer::plugin(app);
    commands::plugin(app);
}

/// The smallest window size worth remembering (a minimized window reports 0).
const MIN_WINDOW_SIZE: f32 = 200.0;

/// Where saves and settings live; off (nothing read or written) by default.
#[derive(Resource, Clone, Default)]
pub struct Persistence {
    saves: Option<Arc<Saves>>,
    /// Where exported text files go (the desktop: `analyses/` beside the saves).
    exports: Option<std::path::PathBuf>,
}

impl Persistence {
    /// Nothing is read or written (tests, `headless_app`).
    pub fn off() -> Persistence {
        Persistence::default()
    }
    /// Files in a folder (tests use a temporary one).
    pub fn in_dir(root: impl Into<std::path::PathBuf>) -> Persistence {
        let root = root.into();
        Persistence {
            exports: Some(root.join("analyses")),
            saves: Some(Arc::new(Saves::in_dir(root))),
        }
    }
    /// The platform's place: the config folder on the desktop (as the
    /// `directories` crate finds it, honouring `XDG_CONFIG_HOME` and `HOME`
    /// on Linux), `localStorage` on the web. Off when there is none.
    pub fn platform() -> Persistence {
        #[cfg(target_arch = "wasm32")]
        {
            Persistence {
                saves: Some(Arc::new(Saves::new(web::WebStore))),
                exports: None,
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            // The folder is named after the package: `stronghold`.
            match directories::ProjectDirs::from("", "", env!("CARGO_PKG_NAME")) {
                Some(dirs) => Persistence::in_dir(dirs.config_dir()),
                None => {
                    warn!("no home folder: settings and saves are not kept");
                    Persistence::off()
                }
            }
        }
    }
    pub fn saves(&self) -> Option<&Saves> {
        self.saves.as_deref()
    }
    /// The saves, shared (to use while the app's resources are borrowed).
    pub fn shared(&self) -> Option<Arc<Saves>> {
        self.saves.clone()
    }
    /// The folder exported text files are written to, if there is one.
    pub fn exports_folder(&self) -> Option<&std::path::Path> {
        self.exports.as_deref()
    }
    pub fn is_on(&self) -> bool {
        self.saves.is_some()
    }
    /// Where the autosave lives (a path or a storage key), for the player.
    pub fn autosave_location(&self) -> Option<String> {
        self.saves().map(|s| s.store().location(&Slot::Autosave))
    }

    /// Reads the settings and the autosave, moving aside (and reporting)
    /// what cannot be read. Call before building the window.
    pub fn boot(self) -> Boot {
        let mut boot = Boot {
            settings: Settings::default(),
            last_game: None,
            notices: Vec::new(),
            settings_blocked: false,
            autosave_blocked: false,
            persistence: self.clone(),
        };
        let Some(saves) = self.saves() else {
            return boot;
        };
        match saves.load_settings::<Settings>() {
            Ok(Some(settings)) => boot.settings = sanitized(settings),
            Ok(None) => {}
            Err(refused) => {
                boot.settings_blocked = refused.moved_to.is_err();
                boot.notices.push(refused_notice(&refused));
            }
        }
        match saves.load_game(&Slot::Autosave) {
            Ok(Some(restored)) if !restored.is_finished() => {
                boot.last_game = Some(LastGame::from_restored(restored));
            }
            Ok(_) => {}
            Err(refused) => {
                boot.autosave_blocked = refused.moved_to.is_err();
                boot.notices.push(refused_notice(&refused));
            }
        }
        // A game left on the family's own screen before every game was
        // played alike: continued here when the autosave has none, else
        // kept as a named save.
        let autosave_free = boot.last_game.is_none() && !boot.autosave_blocked;
        match saves.take_family_autosave(autosave_free) {
            Ok(Some(taken)) if taken.slot == Slot::Autosave => {
                boot.last_game = Some(LastGame::from_restored(taken.restored));
            }
            Ok(Some(taken)) if taken.kept => boot.notices.push(Notice::info(
                Msg::new("save-family-kept").text("name", taken.restored.saved.name),
            )),
            Ok(_) => {}
            Err(refused) => boot.notices.push(refused_notice(&refused)),
        }
        boot
    }
}

/// What was read at launch, to put into the app.
#[derive(Clone)]
pub struct Boot {
    /// The settings read (defaults when there were none or they were refused).
    pub settings: Settings,
    /// The last unfinished game, when the autosave holds one.
    pub last_game: Option<LastGame>,
    notices: Vec<Notice>,
    /// A refused file that could not be moved aside: not overwritten.
    settings_blocked: bool,
    autosave_blocked: bool,
    persistence: Persistence,
}

/// A game read from a save, ready to play on.
#[derive(Clone, Debug)]
pub struct LastGame {
    pub the_match: Match,
    pub flipped: bool,
    pub skin: Option<String>,
}

impl LastGame {
    pub fn from_restored(restored: RestoredGame) -> LastGame {
        let player = |level: Option<Level>| level.map_or(Player::Human, Player::Ai);
        let saved = &restored.saved;
        let players = Match::players(player(saved.hunters), player(saved.crowd));
        let mut the_match = Match::from_game(restored.game, players).with_redo(restored.redo);
        // An analysis that does not fit the game (a hand-edited file) is left out.
        let analysis = saved.analysis.clone().map(Arc::new);
        the_match.set_analysis(analysis.filter(|a| analysed_plies(a, the_match.game()) > 0));
        match saved.ending {
            Some(Ending::Resigned(side)) => the_match.resign(side),
            Some(Ending::DrawAgreed) => the_match.agree_draw(),
            None => {}
        }
        LastGame {
            flipped: saved.flipped,
            skin: saved.skin.clone(),
            the_match,
        }
    }
}

impl Boot {
    /// Puts the settings, the persistence and (when `resume`, and there is
    /// one) the last unfinished game into the app. Call after adding
    /// [`crate::game::GamePlugin`]; without `resume` the app keeps the match it has.
    pub fn install(self, app: &mut App, resume: bool) {
        let mut settings = self.settings;
        let mut notices = self.notices;
        if resume && let Some(last) = self.last_game {
            if let Some(skin) = &last.skin {
                settings.set_skin_for(last.the_match.kind(), skin);
            }
            app.insert_resource(
                BoardLayout::for_variant(last.the_match.variant()).turned(last.flipped),
            );
            let plies = last.the_match.game().ply();
            if plies > 0 {
                notices.push(Notice::info(
                    Msg::new("save-resumed").num("moves", plies as u32),
                ));
            }
            app.insert_resource(last.the_match);
            app.insert_resource(Resumed(true));
        }
        let mut state = PersistState::default();
        state.settings_blocked = self.settings_blocked;
        state.autosave_blocked = self.autosave_blocked;
        state.settings_written = Some(settings.clone());
        app.insert_resource(settings)
            .insert_resource(self.persistence)
            .insert_resource(state)
            .insert_resource(BootNotices(notices));
    }
}

/// True when the game on the board is the last game, resumed at launch
/// (the menu's "continue").
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resumed(pub bool);

/// Notices from launch, sent once the message files are loaded (so the log
/// says them in words too), or after [`BOOT_NOTICE_FRAMES`] frames without.
#[derive(Resource, Default)]
struct BootNotices(Vec<Notice>);

/// How many frames launch notices wait for the message files at most.
const BOOT_NOTICE_FRAMES: u32 = 600;

fn send_boot_notices(
    mut pending: ResMut<BootNotices>,
    mut notices: MessageWriter<Notice>,
    i18n: Res<I18n>,
    mut waited: Local<u32>,
) {
    if pending.0.is_empty() {
        return;
    }
    *waited += 1;
    if i18n.is_ready() || *waited > BOOT_NOTICE_FRAMES {
        notices.write_batch(std::mem::take(&mut pending.0));
    }
}

/// The save of what is on the board now.
pub fn snapshot(the_match: &Match, layout: &BoardLayout, settings: &Settings) -> SavedGame {
    let level = |side: Side| match the_match.player_at_start(side) {
        Player::Human | Player::Remote => None,
        Player::Ai(level) => Some(level),
    };
    let ending = match the_match.conclusion() {
        // A save has no clocks or seats: a game lost on time or left is
        // kept as resigned by the side that lost it.
        Some(
            Conclusion::Resigned(side)
            | Conclusion::TimeOut(side)
            | Conclusion::Abandoned(side)
            | Conclusion::Stalled(side),
        ) => Some(Ending::Resigned(side)),
        Some(Conclusion::DrawAgreed) => Some(Ending::DrawAgreed),
        // An aborted game had at most one move: it stays unfinished.
        Some(Conclusion::Rules(_) | Conclusion::Aborted) | None => None,
    };
    // The analysis goes with the game as long as it judges any of its moves.
    let analysis = the_match
        .analysis()
        .filter(|a| analysed_plies(a, the_match.game()) > 0)
        .map(|a| Analysis::clone(a));
    SavedGame {
        skin: settings.skin_for(the_match.kind()).map(str::to_string),
        flipped: layout.flipped,
        ending,
        analysis,
        ..SavedGame::of_game(
            the_match.game(),
            the_match.redo_moves(),
            level(Side::Hunters),
            level(Side::Crowd),
        )
    }
}

/// Keeps the window's size in the settings, so the next run opens at it.
fn remember_window_size(
    windows: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    mut settings: ResMut<Settings>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let size = (window.width().round(), window.height().round());
    if size.0 < MIN_WINDOW_SIZE || size.1 < MIN_WINDOW_SIZE {
        return;
    }
    if settings.window_size != Some(size) {
        settings.window_size = Some(size);
    }
}

/// The window size to open at: the remembered one when it is sane.
pub fn window_size(settings: &Settings) -> Option<(u32, u32)> {
    let (w, h) = settings.window_size?;
    let sane = |v: f32| v.is_finite() && (MIN_WINDOW_SIZE..=16_384.0).contains(&v);
    (sane(w) && sane(h)).then(|| (w.round() as u32, h.round() as u32))
}

/// Settings as read, with numbers a hand edit could have broken put back in
/// range (a NaN speed would stop every animation).
fn sanitized(mut s: Settings) -> Settings {
    let d = Settings::default();
    let fix = |v: f32, lo: f32, hi: f32, default: f32| {
        if v.is_finite() {
            v.clamp(lo, hi)
        } else {
            default
        }
    };
    s.animation_speed = fix(s.animation_speed, 0.25, 3.0, d.animation_speed);
    s.volume = fix(s.volume, 0.0, 1.0, d.volume);
    s.text_size = fix(s.text_size, 1.0, 2.0, d.text_size);
    s.ai_pace = fix(s.ai_pace, 0.0, 5.0, d.ai_pace);
    if s.server.trim().is_empty() {
        s.server = d.server;
    }
    if s.window_size.is_some() && window_size(&s).is_none() {
        s.window_size = None;
    }
    s
}

/// The notice for a refused file: what it was, why, and where it went (or
/// that it stays where it was, never to be written over).
pub fn refused_notice(refused: &Refused) -> Notice {
    // Where it was, then the parser's or the system's own words, if any.
    let mut detail = refused.location.clone();
    if let Some(words) = refused.error.foreign_words() {
        detail = format!("{detail}: {words}");
    }
    let Ok(moved_to) = &refused.moved_to else {
        let why = refused.moved_to.as_ref().err().cloned().unwrap_or_default();
        return Notice::error(
            Msg::new("save-kept-in-place")
                .text("reason", refused.error.reason())
                .text("file", refused.location.clone()),
        )
        .with_reason(refused.error.to_msg())
        .with_detail(format!("{detail}; {why}"));
    };
    let (id, name) = match &refused.slot {
        Slot::Settings => ("save-settings-refused", String::new()),
        Slot::Autosave | Slot::FamilyAutosave => ("save-autosave-refused", String::new()),
        Slot::Named(stem) => ("save-named-refused", stem.clone()),
    };
    Notice::error(
        Msg::new(id)
            .text("reason", refused.error.reason())
            .text("name", name)
            .text("file", file_name(moved_to)),
    )
    .with_reason(refused.error.to_msg())
    .with_detail(detail)
}

/// The last part of a path (the whole key on the web).
fn file_name(location: &str) -> String {
    std::path::Path::new(location).file_name().map_or_else(
        || location.to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
