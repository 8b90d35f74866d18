//! Why a launch's options were refused: the command line's flags or the web
//! page's address (`?moves=…`). Typed, so the player reads it in their
//! language (`error-launch-*` in `errors.ftl`); its English `Display` is
//! for logs and the terminal when the message files are missing.

use std::fmt;

use crate::game::common::i18n::{Localize, Msg};
use crate::rules::family::GameFileError;
use crate::rules::{MoveTextError, OptionError};

#[derive(Clone, Debug, PartialEq)]
pub enum LaunchError {
    /// A flag given without its value.
    NeedsValue {
        flag: String,
    },
    UnknownArgument {
        arg: String,
    },
    UnknownGame {
        id: String,
    },
    UnknownPlayer {
        text: String,
    },
    UnknownLanguage {
        code: String,
    },
    UnknownSide {
        text: String,
    },
    NotInviteCode {
        text: String,
    },
    /// `--review`, `--puzzle` or `--exit-after` with a value that is not
    /// a number.
    NotNumber {
        flag: String,
        text: String,
    },
    /// `--text-size` out of 100 to 200.
    TextSize {
        text: String,
    },
    BadClock {
        text: String,
    },
    BadOption(OptionError),
    /// `--moves`: the move that does not read or play.
    BadMoves(MoveTextError),
    /// `--game-file`: the file cannot be read (the system's words).
    GameFileUnreadable {
        path: String,
        message: String,
    },
    /// `--game-file`: the file reads, but is not a game.
    GameFile(Box<GameFileError>),
    /// The web page has no files to read.
    NoFilesOnTheWeb {
        path: String,
    },
    /// The page address has a `%` not followed by two hex digits.
    BadAddress {
        text: String,
    },
}

impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LaunchError as E;
        match self {
            E::NeedsValue { flag } => write!(f, "{flag} needs a value"),
            E::UnknownArgument { arg } => write!(f, "unknown argument `{arg}`"),
            E::UnknownGame { id } => write!(f, "unknown game `{id}`"),
            E::UnknownPlayer { text } => write!(
                f,
                "unknown player `{text}`: human, beginner, easy, medium, hard or master"
            ),
            E::UnknownLanguage { code } => write!(f, "unknown language `{code}`: en or ru"),
            E::UnknownSide { text } => write!(f, "unknown side `{text}`: hunters or crowd"),
            E::NotInviteCode { text } => write!(f, "`{text}` is not an invite code"),
            E::NotNumber { flag, text } => write!(f, "{flag}: `{text}` is not a number"),
            E::TextSize { text } => {
                write!(f, "--text-size takes 100 to 200 (per cent), not `{text}`")
            }
            E::BadClock { text } => {
                write!(
                    f,
                    "a clock is MINUTES+SECONDS (5+3, at most 180+60), not `{text}`"
                )
            }
            E::BadOption(e) => write!(f, "--option: {e}"),
            E::BadMoves(e) => write!(f, "--moves: {e}"),
            E::GameFileUnreadable { path, message } => write!(f, "{path}: {message}"),
            E::GameFile(e) => write!(f, "{e}"),
            E::NoFilesOnTheWeb { path } => {
                write!(f, "{path}: the web page cannot read game files")
            }
            E::BadAddress { text } => write!(f, "the address part `{text}` does not decode"),
        }
    }
}

impl std::error::Error for LaunchError {}

impl Localize for LaunchError {
    fn to_msg(&self) -> Msg {
        use LaunchError as E;
        let with_text = |id: &'static str, text: &str| Msg::new(id).text("text", text.to_string());
        match self {
            E::NeedsValue { flag } => with_text("error-launch-needs-value", flag),
            E::UnknownArgument { arg } => with_text("error-launch-unknown-argument", arg),
            E::UnknownGame { id } => with_text("error-launch-unknown-game", id),
            E::UnknownPlayer { text } => with_text("error-launch-unknown-player", text),
            E::UnknownLanguage { code } => with_text("error-launch-unknown-language", code),
            E::UnknownSide { text } => with_text("error-launch-unknown-side", text),
            E::NotInviteCode { text } => with_text("error-launch-not-invite", text),
            E::NotNumber { flag, text } => {
                with_text("error-launch-not-number", text).text("flag", flag.clone())
            }
            E::TextSize { text } => with_text("error-launch-text-size", text),
            E::BadClock { text } => with_text("error-launch-bad-clock", text),
            E::BadOption(e) => Msg::new("error-launch-option").nested("error", e.to_msg()),
            E::BadMoves(e) => Msg::new("error-launch-moves").nested("error", e.to_msg()),
            E::GameFileUnreadable { path, .. } => with_text("error-launch-file-unreadable", path),
            E::GameFile(e) => e.to_msg(),
            E::NoFilesOnTheWeb { path } => with_text("error-launch-no-files-on-the-web", path),
            E::BadAddress { text } => with_text("error-launch-bad-address", text),
        }
    }
    fn foreign_words(&self) -> Option<&str> {
        match self {
            LaunchError::GameFileUnreadable { message, .. } => Some(message),
            LaunchError::GameFile(e) => e.foreign_words(),
            _ => None,
        }
    }
}
