//! The save file format: RON with a format version. A game is its start
//! position string, the move texts played and the moves taken back, with
//! who played each side; replaying them rebuilds the whole history, so undo,
//! review and the repetition rules work on a loaded game as on a live one.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::coach::Analysis;
use crate::rules::{Game, GameId, Move, MoveTextError, PositionError, Side};

/// The format this build writes. A file with a higher version is refused
/// (never half-read): it was written by a newer Stronghold. Version 2 adds
/// a game's analysis; files of version 1 read as games without one.
pub const FORMAT_VERSION: u32 = 2;

/// A saved game, as stored in the autosave and in named saves.
///
/// ```ron
/// (
///     version: 2,
///     name: "Tuesday",
///     saved_at: 1767225600,
///     start: "pirates,compulsory=on,retreat=off 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54",
///     moves: ["c3-c4", "c6-c5"],
///     redo: ["c4-c5"],
///     hunters: Some(Medium),
///     crowd: None,
///     skin: Some("classic"),
///     flipped: false,
///     ending: None,
/// )
/// ```
///
/// An analysed game has an `analysis: Some((...))` too (see
/// [`crate::coach::Analysis`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    pub version: u32,
    /// The name the player gave a named save; empty for the autosave.
    #[serde(default)]
    pub name: String,
    /// When it was written, in seconds since 1970-01-01 UTC.
    #[serde(default)]
    pub saved_at: u64,
    /// The position string of the position the game began from (it names
    /// the game and its options).
    pub start: String,
    /// The moves played, oldest first, in move text.
    pub moves: Vec<String>,
    /// The moves taken back, the next to redo first.
    #[serde(default)]
    pub redo: Vec<String>,
    /// Who plays the hunters: `None` is a person, a level the computer.
    pub hunters: Option<Level>,
    /// Who plays the crowd.
    pub crowd: Option<Level>,
    /// The skin the game was shown with.
    #[serde(default)]
    pub skin: Option<String>,
    /// The board was turned around.
    #[serde(default)]
    pub flipped: bool,
    /// An ending outside the rules: a resignation or an agreed draw (the
    /// rules' own endings follow from the moves).
    #[serde(default)]
    pub ending: Option<Ending>,
    /// The game's analysis, when it was analysed: its moves are the
    /// game's first moves (all of them, unless it went on after).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Analysis>,
}

/// How a game ended other than by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// This side resigned.
    Resigned(Side),
    DrawAgreed,
}

/// A saved game read back and replayed.
#[derive(Clone, Debug)]
pub struct RestoredGame {
    pub saved: SavedGame,
    /// The game with its full history.
    pub game: Game,
    /// The moves taken back, the next to redo first; each was checked to be
    /// playable in turn after the game.
    pub redo: Vec<Move>,
}

impl RestoredGame {
    /// True when the game has ended (by the rules, or by a resignation or
    /// an agreed draw): such a game is not resumed at launch.
    pub fn is_finished(&self) -> bool {
        self.saved.ending.is_some() || self.game.is_over()
    }
}

impl SavedGame {
    /// The save of a game: its history, the moves taken back (the next to
    /// redo first) and its players.
    pub fn of_game<'a>(
        game: &Game,
        redo: impl IntoIterator<Item = &'a Move>,
        hunters: Option<Level>,
        crowd: Option<Level>,
    ) -> SavedGame {
        SavedGame {
            version: FORMAT_VERSION,
            name: String::new(),
            saved_at: 0,
            start: crate::rules::position_string(game.variant(), game.initial_position()),
            moves: game.move_texts(),
            redo: redo.into_iter().map(|m| game.move_text(m)).collect(),
            hunters,
            crowd,
            skin: None,
            flipped: false,
            ending: None,
            analysis: None,
        }
    }

    /// The game the save names, read from the start position string alone.
    pub fn kind(&self) -> Option<GameId> {
        let id = self.start.split([',', ' ']).next()?;
        GameId::find(id)
    }

    /// Replays the save: the start position, every move (each must be legal
    /// in turn), then the moves taken back on a copy, so a redo can never
    /// fail later.
    pub fn restore(&self) -> Result<RestoredGame, LoadError> {
        let mut game = Game::from_position_string(&self.start)
            .map_err(|e| LoadError::BadStart(Box::new(e)))?;
        play_all(&mut game, &self.moves).map_err(|(number, error)| LoadError::BadMove {
            number,
            redo: false,
            error,
        })?;
        let mut ahead = game.clone();
        let redo =
            play_all(&mut ahead, &self.redo).map_err(|(number, error)| LoadError::BadMove {
                number,
                redo: true,
                error,
            })?;
        Ok(RestoredGame {
            saved: self.clone(),
            game,
            redo,
        })
    }

    /// Written as RON, with a comment that says what the file is.
    pub fn to_ron(&self) -> String {
        encode(self, "a game")
    }

    /// Reads a save (see [`decode`]).
    pub fn from_ron(text: &str) -> Result<SavedGame, LoadError> {
        decode(text)
    }
}

/// Plays move texts in turn; on failure, the 1-based number of the move
/// and why.
fn play_all(game: &mut Game, moves: &[String]) -> Result<Vec<Move>, (usize, Box<MoveTextError>)> {
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let mv = game.parse_move(text).map_err(|e| (i + 1, Box::new(e)))?;
        game.play_unchecked(&mv);
        played.push(mv);
    }
    Ok(played)
}

/// The settings file: the settings (any serde type) under a format version.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsFile<T> {
    pub version: u32,
    pub settings: T,
}

impl<T: Serialize + DeserializeOwned> SettingsFile<T> {
    pub fn to_ron(settings: &T) -> String
    where
        T: Clone,
    {
        encode(
            &SettingsFile {
                version: FORMAT_VERSION,
                settings: settings.clone(),
            },
            "the settings",
        )
    }
    pub fn from_ron(text: &str) -> Result<T, LoadError> {
        decode::<SettingsFile<T>>(text).map(|f| f.settings)
    }
}

/// Why a stored file was refused. Every case keeps the file (it is moved
/// aside, never deleted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// It could not be read at all (the system's own words), or it is gone.
    Unreadable { message: String },
    /// It is not UTF-8 text: byte `byte` (from 1) is the first that is not.
    NotText { byte: usize },
    /// It is not valid RON for the format: damaged, cut short or hand-edited
    /// wrongly. `line` and `column` count from 1; `message` is the parser's.
    Damaged {
        line: usize,
        column: usize,
        message: String,
    },
    /// A newer Stronghold wrote it.
    NewerVersion { found: u32 },
    /// Its start position string does not read. (The rules' errors are
    /// boxed: they are large and rare, and every load returns this type.)
    BadStart(Box<PositionError>),
    /// A move does not replay: `number` counts from 1 in the moves played,
    /// or (`redo`) in the moves taken back.
    BadMove {
        number: usize,
        redo: bool,
        error: Box<MoveTextError>,
    },
    /// A family game's save names a game this build does not have.
    UnknownGame { game: String },
    /// A family game's move does not replay: `number` counts from 1.
    BadFamilyMove { number: usize, text: String },
}

impl LoadError {
    /// A short key for the kind of problem; the message files select their
    /// wording on it.
    pub fn reason(&self) -> &'static str {
        match self {
            LoadError::Unreadable { .. } | LoadError::NotText { .. } => "unreadable",
            LoadError::Damaged { .. } => "damaged",
            LoadError::NewerVersion { .. } => "newer",
            LoadError::BadStart(_)
            | LoadError::BadMove { .. }
            | LoadError::UnknownGame { .. }
            | LoadError::BadFamilyMove { .. } => "bad-game",
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NO_REPLAY: &str = "the game does not replay";
        match self {
            LoadError::Unreadable { message } => write!(f, "cannot be read: {message}"),
            LoadError::NotText { byte } => {
                write!(f, "cannot be read: not UTF-8 text (byte {byte})")
            }
            LoadError::Damaged {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            LoadError::NewerVersion { found } => write!(
                f,
                "format version {found}, newer than this build's {FORMAT_VERSION}"
            ),
            LoadError::BadStart(error) => write!(f, "{NO_REPLAY}: {error}"),
            LoadError::BadMove {
                number,
                redo: false,
                error,
            } => write!(f, "{NO_REPLAY}: move {number}: {error}"),
            LoadError::BadMove {
                number,
                redo: true,
                error,
            } => write!(f, "{NO_REPLAY}: move {number} to redo: {error}"),
            LoadError::UnknownGame { game } => write!(f, "no game is called {game:?} here"),
            LoadError::BadFamilyMove { number, text } => {
                write!(f, "{NO_REPLAY}: move {number} ({text}) is not legal")
            }
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::BadStart(error) => Some(error.as_ref()),
            LoadError::BadMove { error, .. } => Some(error.as_ref()),
            _ => None,
        }
    }
}

/// Reads stored bytes as text.
pub fn text_of(bytes: &[u8]) -> Result<&str, LoadError> {
    std::str::from_utf8(bytes).map_err(|e| LoadError::NotText {
        byte: e.valid_up_to() + 1,
    })
}

/// Reads a versioned RON value: the version first (so a newer file is
/// refused for being newer, whatever else changed), then the whole value.
pub fn decode<T: DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    #[derive(Deserialize)]
    struct VersionOnly {
        version: u32,
    }
    let probe: VersionOnly = ron::from_str(text).map_err(damaged)?;
    if probe.version > FORMAT_VERSION {
        return Err(LoadError::NewerVersion {
            found: probe.version,
        });
    }
    ron::from_str(text).map_err(damaged)
}

/// A parse error at the point where the parser gave up (the end of its
/// span: the offending token, or the end of a cut-short file).
fn damaged(e: ron::error::SpannedError) -> LoadError {
    LoadError::Damaged {
        line: e.span.end.line,
        column: e.span.end.col,
        message: e.code.to_string(),
    }
}

/// Writes a value as RON under a comment naming what it holds.
pub(super) fn encode<T: Serialize>(value: &T, what: &str) -> String {
    let config = ron::ser::PrettyConfig::new()
        .compact_arrays(true)
        .indentor("    ");
    // Serializing plain data (strings, numbers, options) cannot fail.
    let body = ron::ser::to_string_pretty(value, config).expect("plain data serializes");
    format!(
        "// Stronghold: {what} (format {FORMAT_VERSION}). A file the game cannot read is moved aside, never deleted.\n{body}\n"
    )
}
