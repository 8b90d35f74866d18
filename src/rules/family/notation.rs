//! Moves of a family game as text, with the board's own point names:
//! `@c3` (a placement), `c4-c5` (a step), `d6xd4xb4` (a capture chain,
//! every landing named), `pass`.

use std::fmt;

use super::play::{HuntGame, HuntMove, HuntMoveKind};
use super::ruleset::{MAX_CROWD, Ruleset};

/// A move text that is not a move of this board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HuntMoveTextError {
    pub text: String,
    pub reason: &'static str,
}

impl fmt::Display for HuntMoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for HuntMoveTextError {}

/// A move of a list that could not be played: its number (from 1) and why
/// (it could not be read, or it is not legal there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveListError {
    pub number: usize,
    pub reason: String,
}

impl HuntGame {
    /// Plays moves in move text, separated by spaces. The first that cannot
    /// be read or is not legal stops it there, the moves before it played.
    pub fn play_text(&mut self, moves: &str) -> Result<(), MoveListError> {
        for (i, word) in moves.split_whitespace().enumerate() {
            let fail = |reason: String| MoveListError {
                number: i + 1,
                reason,
            };
            let mv = self
                .rules
                .parse_move(word)
                .map_err(|e| fail(e.to_string()))?;
            self.play(&mv).map_err(|e| fail(e.to_string()))?;
        }
        Ok(())
    }
}

impl Ruleset {
    /// The move's text.
    pub fn move_text(&self, mv: &HuntMove) -> String {
        match mv.kind {
            HuntMoveKind::Pass => "pass".to_string(),
            HuntMoveKind::Place => format!("@{}", self.name(mv.from)),
            HuntMoveKind::Step => format!("{}-{}", self.name(mv.from), self.name(mv.to())),
            HuntMoveKind::Jump => {
                let mut text = self.name(mv.from).to_string();
                for &p in mv.landings() {
                    text.push('x');
                    text.push_str(self.name(p));
                }
                text
            }
        }
    }

    /// Reads a move's text (not checked against a position).
    pub fn parse_move(&self, text: &str) -> Result<HuntMove, HuntMoveTextError> {
        let err = |reason| HuntMoveTextError {
            text: text.to_string(),
            reason,
        };
        let point = |name: &str| {
            self.graph
                .find(name)
                .ok_or(err("no such point on this board"))
        };
        let text = text.trim();
        if text == "pass" {
            return Ok(HuntMove::pass());
        }
        if let Some(to) = text.strip_prefix('@') {
            return Ok(HuntMove::place(point(to)?));
        }
        if let Some((from, to)) = text.split_once('-') {
            return Ok(HuntMove::step(point(from)?, point(to)?));
        }
        let mut names = text.split('x');
        let from = point(names.next().unwrap_or_default())?;
        let landings = names.map(point).collect::<Result<Vec<u8>, _>>()?;
        if landings.is_empty() {
            return Err(err("expected @to, from-to, fromxto… or pass"));
        }
        if landings.len() > MAX_CROWD {
            return Err(err("too many hops"));
        }
        Ok(HuntMove::jump(from, &landings))
    }
}
