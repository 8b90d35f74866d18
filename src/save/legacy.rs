//! Files written before every game was played the same way: the hunt
//! family's own autosave (`family-autosave.ron`: the game's id, its moves,
//! who played each side, the skin, a resignation). It is read once, at
//! launch, into the one autosave's [`SavedGame`] (kept in the autosave or
//! as a named save: [`super::Saves::take_family_autosave`]) and then left
//! behind; no new file is written in this form.

use serde::{Deserialize, Serialize};

use super::format::{Ending, FORMAT_VERSION, LoadError, SavedGame, decode};
use crate::ai::Level;
use crate::rules::{Game, GameId, Side, Variant, position_string};

/// A saved family game.
///
/// ```ron
/// (
///     version: 2,
///     saved_at: 1767225600,
///     game: "kaooa",
///     moves: ["c1", "d4"],
///     hunters: Some(Easy),
///     crowd: None,
///     skin: Some("classic"),
///     resigned: None,
/// )
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedFamilyGame {
    pub version: u32,
    /// When it was written, in seconds since 1970-01-01 UTC.
    #[serde(default)]
    pub saved_at: u64,
    /// The built-in game's id (`kaooa`).
    pub game: String,
    /// The moves played, oldest first, in the game's move text.
    pub moves: Vec<String>,
    /// Who plays the hunters: `None` is a person, a level the computer.
    pub hunters: Option<Level>,
    pub crowd: Option<Level>,
    /// The skin the game was shown with.
    #[serde(default)]
    pub skin: Option<String>,
    /// The side that resigned, if one did.
    #[serde(default)]
    pub resigned: Option<Side>,
}

impl SavedFamilyGame {
    /// The same game as the one autosave holds it: replayed from the
    /// game's start (each move must be legal in turn).
    pub fn to_saved_game(&self) -> Result<SavedGame, LoadError> {
        let id = GameId::find(&self.game).ok_or_else(|| LoadError::UnknownGame {
            game: self.game.clone(),
        })?;
        let mut game = Game::new(Variant::new(id));
        for (i, text) in self.moves.iter().enumerate() {
            let mv = game
                .parse_move(text)
                .map_err(|_| LoadError::BadFamilyMove {
                    number: i + 1,
                    text: text.clone(),
                })?;
            game.play_unchecked(&mv);
        }
        Ok(SavedGame {
            version: FORMAT_VERSION,
            name: String::new(),
            saved_at: self.saved_at,
            start: position_string(game.variant(), game.initial_position()),
            moves: game.move_texts(),
            redo: Vec::new(),
            hunters: self.hunters,
            crowd: self.crowd,
            skin: self.skin.clone(),
            flipped: false,
            ending: self.resigned.map(Ending::Resigned),
            analysis: None,
        })
    }

    pub fn from_ron(text: &str) -> Result<SavedFamilyGame, LoadError> {
        decode(text)
    }
}
