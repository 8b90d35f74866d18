//! The autosave of a hunt-family game (`assets/games/*.game.ron`): the
//! built-in game's id, the moves played in move text, who played each side,
//! the skin and a resignation. Replaying the moves rebuilds the history, so
//! take-back works on a resumed game as on a live one. A game read from a
//! file elsewhere (`--game-file`) is not kept: the file may be gone next
//! time.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::format::{FORMAT_VERSION, LoadError, decode, encode};
use crate::ai::Level;
use crate::rules::Side;
use crate::rules::family::{self, HuntGame, Ruleset};

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
    /// The save of `game`, or `None` when its rules are not a built-in
    /// game's (a file read from elsewhere).
    pub fn of_game(
        game: &HuntGame,
        hunters: Option<Level>,
        crowd: Option<Level>,
    ) -> Option<SavedFamilyGame> {
        let id = game.rules.id();
        let built_in = family::built_in(id)?;
        Arc::ptr_eq(&built_in, &game.rules).then(|| SavedFamilyGame {
            version: FORMAT_VERSION,
            saved_at: 0,
            game: id.to_string(),
            moves: game.moves().map(|m| game.rules.move_text(m)).collect(),
            hunters,
            crowd,
            skin: None,
            resigned: None,
        })
    }

    /// The game replayed: its rules, then every move (each must be legal
    /// in turn).
    pub fn restore(&self) -> Result<HuntGame, LoadError> {
        let rules: Arc<Ruleset> =
            family::built_in(&self.game).ok_or_else(|| LoadError::UnknownGame {
                game: self.game.clone(),
            })?;
        let mut game = HuntGame::new(rules);
        // Move texts hold no spaces: the list reads as one line.
        game.play_text(&self.moves.join(" "))
            .map_err(|e| LoadError::BadFamilyMove {
                number: e.number,
                text: self.moves[e.number - 1].clone(),
            })?;
        Ok(game)
    }

    /// True when the game has ended (by the rules or a resignation): such
    /// a game is not resumed at launch.
    pub fn is_finished(&self, game: &HuntGame) -> bool {
        self.resigned.is_some() || game.outcome().is_some()
    }

    pub fn to_ron(&self) -> String {
        encode(self, "a game of the hunt family")
    }

    pub fn from_ron(text: &str) -> Result<SavedFamilyGame, LoadError> {
        decode(text)
    }
}
