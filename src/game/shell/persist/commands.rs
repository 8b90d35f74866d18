//! What the saves window asks for: save, load and delete named saves, and
//! start a game from a pasted position string or move list; and the export
//! of a text file (an analysis). The window
//! (`ui::saves`) only sends [`SaveCommand`]s and draws [`SavesWindow`];
//! everything here runs headless, so tests drive it without egui.

use std::sync::Arc;

use bevy::prelude::*;

use super::{LastGame, Persistence, refused_notice, snapshot};
use crate::game::board::view::BoardLayout;
use crate::game::common::i18n::{Localize, Msg};
use crate::game::common::notice::Notice;
use crate::game::common::settings::Settings;
use crate::game::play::match_state::{Match, MatchReset};
use crate::rules::Game;
use crate::save::{Listed, Saves, Slot, file_stem};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavesWindow>()
        .add_message::<SaveCommand>()
        .add_systems(
            Update,
            (apply_save_commands, refresh_list)
                .chain()
                .in_set(crate::game::GameSet::Commands),
        );
}

/// A request from the saves window (or a test).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SaveCommand {
    /// Saves the game on the board under a name (replacing a save of the same name).
    Save(String),
    /// Loads a named save, by its stem.
    Load(String),
    /// Deletes a named save, by its stem.
    Delete(String),
    /// A new game from a position string, with the same players.
    StartFromPosition(String),
    /// The current game's start, then these moves (numbers like `12.` are skipped).
    PlayMoves(String),
    /// Writes text (a game's analysis) to `<name>.txt` in the exports
    /// folder (the desktop).
    ExportText { name: String, text: String },
}

/// The saves window: the flag that opens it (set by the panel or the
/// menu), and what it shows and edits.
#[derive(Resource, Debug)]
pub struct SavesWindow {
    pub open: bool,
    /// The name the next save gets.
    pub name: String,
    /// The paste box.
    pub paste: String,
    /// Why the pasted text was refused; nothing was changed.
    pub paste_error: Option<PasteError>,
    /// The named saves, newest first, as last read.
    pub listed: Vec<Listed>,
    /// The list must be read again (it changed, or the window opened).
    pub list_stale: bool,
    /// A question waiting for the player's answer.
    pub confirm: Option<Confirm>,
}

impl Default for SavesWindow {
    fn default() -> SavesWindow {
        SavesWindow {
            open: false,
            name: String::new(),
            paste: String::new(),
            paste_error: None,
            listed: Vec::new(),
            list_stale: true,
            confirm: None,
        }
    }
}

/// A question the window asks before it acts, naming a save by its stem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Delete this save for good?
    Delete(String),
    /// Replace the game in progress on the board by this save?
    Load(String),
}

/// Pasted text that was refused.
#[derive(Clone, Debug, PartialEq)]
pub struct PasteError {
    /// What is wrong, translated when shown.
    pub msg: Msg,
    /// The rules' reason (`column 25: unexpected ...`), translated when shown.
    pub detail: Msg,
    /// The refused text, and the column (from 1) of the problem in it.
    pub text: String,
    pub column: usize,
}

/// Everything the commands read and change.
#[derive(bevy::ecs::system::SystemParam)]
struct SaveParams<'w> {
    persistence: Res<'w, Persistence>,
    the_match: ResMut<'w, Match>,
    layout: ResMut<'w, BoardLayout>,
    settings: ResMut<'w, Settings>,
    window: ResMut<'w, SavesWindow>,
    notices: MessageWriter<'w, Notice>,
    reset: MessageWriter<'w, MatchReset>,
}

fn apply_save_commands(mut commands: MessageReader<SaveCommand>, mut p: SaveParams) {
    for command in commands.read() {
        match command {
            SaveCommand::Save(name) => p.save(name),
            SaveCommand::Load(stem) => p.load(stem),
            SaveCommand::Delete(stem) => p.delete(stem),
            SaveCommand::StartFromPosition(text) => p.start_from_position(text),
            SaveCommand::PlayMoves(text) => p.play_moves(text),
            SaveCommand::ExportText { name, text } => p.export_text(name, text),
        }
    }
}

impl SaveParams<'_> {
    /// The saves, or a notice that saving is off in this run.
    fn saves_or_tell(&mut self) -> Option<Arc<Saves>> {
        let saves = self.persistence.shared();
        if saves.is_none() {
            self.notices
                .write(Notice::warning(Msg::new("save-storage-off")));
        }
        saves
    }

    fn save(&mut self, name: &str) {
        let name = name.trim().to_string();
        let mut saved = snapshot(&self.the_match, &self.layout, &self.settings);
        saved.name = name.clone();
        let Some(saves) = self.saves_or_tell() else {
            return;
        };
        let result = saves.write_game(&Slot::Named(file_stem(&name)), &saved);
        let notice = match result {
            Ok(()) => Notice::info(Msg::new("save-saved").text("name", name)),
            Err(e) => Notice::error(Msg::new("save-write-failed").text("what", "named"))
                .with_detail(e.to_string()),
        };
        self.notices.write(notice);
        self.window.list_stale = true;
    }

    fn load(&mut self, stem: &str) {
        let Some(saves) = self.saves_or_tell() else {
            return;
        };
        let notice = match saves.load_game(&Slot::Named(stem.to_string())) {
            Ok(Some(restored)) => {
                let name = restored.saved.name.clone();
                self.put_on_board(LastGame::from_restored(restored));
                Notice::info(Msg::new("save-loaded").text("name", name))
            }
            Ok(None) => Notice::warning(Msg::new("save-missing").text("name", stem.to_string())),
            Err(refused) => refused_notice(&refused),
        };
        self.notices.write(notice);
        self.window.confirm = None;
        self.window.list_stale = true;
    }

    fn delete(&mut self, stem: &str) {
        let Some(saves) = self.saves_or_tell() else {
            return;
        };
        let notice = match saves.delete(stem) {
            Ok(()) => Notice::info(Msg::new("save-deleted").text("name", stem.to_string())),
            Err(e) => Notice::error(Msg::new("save-delete-failed").text("name", stem.to_string()))
                .with_detail(e.to_string()),
        };
        self.notices.write(notice);
        self.window.confirm = None;
        self.window.list_stale = true;
    }

    fn export_text(&mut self, name: &str, text: &str) {
        let Some(folder) = self.persistence.exports_folder() else {
            self.notices
                .write(Notice::warning(Msg::new("save-storage-off")));
            return;
        };
        let path = folder.join(format!("{}.txt", file_stem(name)));
        let written = std::fs::create_dir_all(folder)
            .and_then(|()| crate::save::store::write_atomic(&path, text.as_bytes()));
        let file = path.display().to_string();
        self.notices.write(match written {
            Ok(()) => Notice::info(Msg::new("analysis-exported").text("file", file)),
            Err(e) => Notice::error(Msg::new("analysis-export-failed").text("file", file))
                .with_detail(e.to_string()),
        });
    }

    /// Replaces the game on the board, keeping who plays unless the save says.
    fn put_on_board(&mut self, last: LastGame) {
        if let Some(skin) = &last.skin {
            self.settings.set_skin_for(last.the_match.kind(), skin);
        }
        self.layout.flipped = last.flipped;
        self.the_match.replace(last.the_match);
        self.reset.write(MatchReset);
    }

    fn start_from_position(&mut self, text: &str) {
        match Game::from_position_string(text.trim()) {
            Ok(game) => self.start_pasted(game, "save-pasted-position"),
            Err(e) => {
                self.window.paste_error = Some(PasteError {
                    msg: Msg::new("save-paste-bad-position").num("column", e.column() as u32),
                    detail: e.to_msg(),
                    text: text.trim().to_string(),
                    column: e.column(),
                });
            }
        }
    }

    fn play_moves(&mut self, text: &str) {
        let start = self.the_match.game();
        let mut game = Game::from_position(*start.variant(), *start.initial_position());
        let words = words_with_columns(text)
            .filter(|(_, w)| !is_move_number(w))
            .enumerate();
        for (i, (word_column, word)) in words {
            match game.parse_move(word) {
                Ok(mv) => {
                    game.play_unchecked(&mv);
                }
                Err(e) => {
                    self.window.paste_error = Some(PasteError {
                        msg: Msg::new("save-paste-bad-move")
                            .num("number", (i + 1) as u32)
                            .text("move", word.to_string()),
                        detail: e.to_msg(),
                        // One line, so the column counts as shown.
                        text: text.replace(char::is_whitespace, " "),
                        column: word_column + e.column() - 1,
                    });
                    return;
                }
            }
        }
        self.start_pasted(game, "save-pasted-moves");
    }

    /// Puts a game from pasted text on the board, with the same players.
    fn start_pasted(&mut self, game: Game, notice: &'static str) {
        use crate::rules::Side;
        let players = Match::players(
            self.the_match.player_at_start(Side::Hunters),
            self.the_match.player_at_start(Side::Crowd),
        );
        self.the_match.replace(Match::from_game(game, players));
        self.reset.write(MatchReset);
        self.window.paste_error = None;
        self.notices.write(Notice::info(Msg::new(notice)));
    }
}

/// The words of a text with the column (in characters, from 1) each starts at.
fn words_with_columns(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 1;
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some(&(_, c)) = chars.peek()
            && c.is_whitespace()
        {
            chars.next();
            column += 1;
        }
        let (start, _) = *chars.peek()?;
        let start_column = column;
        let mut end = text.len();
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() {
                end = i;
                break;
            }
            chars.next();
            column += 1;
        }
        Some((start_column, &text[start..end]))
    })
}

/// `12.` or `12...`: a move number in a copied score sheet.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// Reads the list of named saves when the window shows it and it changed.
fn refresh_list(persistence: Res<Persistence>, mut window: ResMut<SavesWindow>) {
    if !window.open || !window.list_stale {
        return;
    }
    window.list_stale = false;
    window.listed = match persistence.saves() {
        Some(saves) => saves.list().unwrap_or_else(|e| {
            warn!("cannot list the saves: {e}");
            Vec::new()
        }),
        None => Vec::new(),
    };
}
