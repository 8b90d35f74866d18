//! The player's settings, and their puzzle progress: one resource, applied
//! live by the systems that read it, and kept between runs by `persist` (a
//! RON file in the config directory on the desktop, `localStorage` on the
//! web).

use std::collections::BTreeMap;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::GameSet;
use crate::game::common::i18n::{I18n, Language};
use crate::game::common::puzzle_progress::PuzzleProgress;
use crate::rules::GameId;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>().add_systems(
        Update,
        apply_language
            .run_if(resource_changed::<Settings>)
            .in_set(GameSet::Commands),
    );
}

/// When the "threatened" overlay marks the crowd pieces a hunter could jump.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum ThreatMarks {
    /// For a person playing the crowd against the computer at Beginner or Easy.
    #[default]
    Auto,
    Always,
    Never,
}

/// Everything the settings screen changes.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub language: Language,
    /// The skin each game opens with, by game id (`pirates`, ...). A game
    /// missing here opens with its own skin.
    pub skins: BTreeMap<String, String>,
    /// 1.0 plays a step in about 0.2 s; 2.0 twice as fast.
    pub animation_speed: f32,
    /// Moves appear at once, without motion.
    pub reduced_motion: bool,
    /// The size of the text of the panel, menus and pages, and of the
    /// board's coordinates: 1.0 (100 %) to 2.0 (200 %).
    pub text_size: f32,
    /// 0.0 to 1.0.
    pub volume: f32,
    pub muted: bool,
    pub show_legal_moves: bool,
    pub threat_marks: ThreatMarks,
    pub show_coordinates: bool,
    /// A person's move waits for a confirming click before it is played.
    pub confirm_moves: bool,
    /// With two computer players, the least time between moves (seconds).
    pub ai_pace: f32,
    /// The window's last size in logical pixels (desktop).
    pub window_size: Option<(f32, f32)>,
    /// The default game server for online play (`ws://host:port/ws`,
    /// `wss://…` behind TLS, or just `host:port`), or several of the same
    /// games separated by commas (tried in turn). A link's server never
    /// lands here (see `play::online::ServerForNow`).
    pub server: String,
    /// Puzzles solved and the puzzle rating per game.
    pub puzzles: PuzzleProgress,
    /// The puzzles page's filters (theme, difficulty) per game id, as the
    /// player left them.
    pub puzzle_filters: BTreeMap<String, crate::game::common::puzzle_progress::PuzzleFilter>,
    /// The seat in the online game being played, kept so that a reload,
    /// a restart or a crash comes back to it; cleared when the game ends
    /// or the player leaves it.
    pub online_seat: Option<OnlineSeat>,
    /// The name this player goes by on game servers (empty: not chosen).
    pub player_name: String,
    /// This player's secret on game servers, made on first online use: no
    /// password, whoever holds it is this player (and keeps its ratings).
    pub player_key: String,
}

/// A seat in a running online game: enough to sit in it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlineSeat {
    /// The server's WebSocket address (or comma-separated addresses), as
    /// given to the client.
    pub server: String,
    /// The room's invite code.
    pub code: String,
    /// The seat's secret, which the server checks on `resume`.
    pub token: String,
    /// The opponent came from the lobby (a stranger, not a friend).
    #[serde(default)]
    pub from_lobby: bool,
}

/// The game server online play uses until the player names another: one
/// run on this machine (`bash scripts/server`).
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/ws";

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Language::English,
            skins: BTreeMap::new(),
            animation_speed: 1.0,
            reduced_motion: false,
            text_size: 1.0,
            volume: 0.7,
            muted: false,
            show_legal_moves: true,
            threat_marks: ThreatMarks::Auto,
            show_coordinates: true,
            confirm_moves: false,
            ai_pace: 0.6,
            window_size: None,
            server: DEFAULT_SERVER.to_string(),
            puzzles: PuzzleProgress::default(),
            puzzle_filters: BTreeMap::new(),
            online_seat: None,
            player_name: String::new(),
            player_key: String::new(),
        }
    }
}

impl Settings {
    /// The skin chosen for a game, if the player chose one.
    pub fn skin_for(&self, game: GameId) -> Option<&str> {
        self.skins.get(game.id()).map(String::as_str)
    }
    /// Remembers the skin a game opens with.
    pub fn set_skin_for(&mut self, game: GameId, skin: &str) {
        self.skins.insert(game.id().to_string(), skin.to_string());
    }
    /// The volume to play at, 0.0 when muted.
    pub fn effective_volume(&self) -> f32 {
        if self.muted {
            0.0
        } else {
            self.volume.clamp(0.0, 1.0)
        }
    }
}

/// The words follow the language setting. (The wings that act on other
/// settings read `Settings` themselves: animation, sound, the AI's pace.)
fn apply_language(settings: Res<Settings>, mut i18n: ResMut<I18n>) {
    if i18n.language() != settings.language {
        i18n.set_language(settings.language);
    }
}

#[cfg(test)]
mod puzzle_progress_file {
    use crate::game::common::puzzle_progress::PuzzleProgress;
    use crate::rules::GameId;

    /// Older puzzle progress reads through the settings file's reader, as
    /// the game loads it; a malformed history is a clear error, no panic.
    #[test]
    fn the_settings_file_reads_older_progress_and_refuses_a_malformed_one() {
        let old = r#"(solved: {"pirates": ["00ff"]}, rating: {"pirates": 1016.0}, tried: {"pirates": 1})"#;
        let p: PuzzleProgress = ron::from_str(old).unwrap();
        assert!(p.is_solved(GameId::named("pirates"), "00ff"));
        // The same through the settings file's reader, as the game loads it.
        use super::Settings;
        use crate::save::{LoadError, SettingsFile};
        let file = format!("(version: 1, settings: (volume: 0.5, puzzles: {old}))");
        let settings = SettingsFile::<Settings>::from_ron(&file).unwrap();
        assert_eq!(settings.puzzles, p);
        for bad in [
            r#"(history: {"pirates": [(number: 1, goal: Win, clean: "yes", rating: 1.0)]})"#,
            r#"(history: {"pirates": [(number: 1, goal: Sing, clean: true, rating: 1.0)]})"#,
            r#"(best_streak: {"pirates": -1})"#,
            r#"(history: {"pirates": [(number: 1, goal: Win, clean: true)]})"#,
        ] {
            let file = format!("(version: 1, settings: (puzzles: {bad}))");
            let err = SettingsFile::<Settings>::from_ron(&file).unwrap_err();
            assert!(
                matches!(err, LoadError::Damaged { line: 1, .. }),
                "{bad}: {err:?}"
            );
        }
    }
}
