//! Why move text or a position string was refused: enums with the column
//! and the offending text, so the CLI prints them in English (`Display`)
//! and the game translates each kind (the `error-*` messages).

use std::fmt;

use crate::rules::side::Side;
use crate::rules::variant::{GameId, OptionError};

/// Text that is not a move, or not a legal one. Columns count characters from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveTextError {
    /// Nothing was written.
    Empty,
    /// A character outside ASCII.
    UnexpectedCharacter { text: String, column: usize },
    /// No point of the board's (`c4`, `h5`) where one must be.
    ExpectedPoint { text: String, column: usize },
    /// The first point is followed by neither `-` nor `x`.
    ExpectedSeparator { text: String, column: usize },
    /// A jump's landing is not preceded by `x`.
    ExpectedJumpMark { text: String, column: usize },
    /// Something follows a whole placement (`@c3`).
    TextAfterPlacement { text: String, column: usize },
    /// Something follows a whole step (`c3-c4`).
    TextAfterStep { text: String, column: usize },
    /// More landings than any chain can have.
    ChainTooLong { text: String, column: usize },
    /// A well-formed move that is not legal in the position.
    Illegal { text: String },
    /// A well-formed move, but the game is over.
    GameOver { text: String },
}

impl MoveTextError {
    /// The refused text.
    pub fn text(&self) -> &str {
        match self {
            MoveTextError::Empty => "",
            MoveTextError::UnexpectedCharacter { text, .. }
            | MoveTextError::ExpectedPoint { text, .. }
            | MoveTextError::ExpectedSeparator { text, .. }
            | MoveTextError::ExpectedJumpMark { text, .. }
            | MoveTextError::TextAfterPlacement { text, .. }
            | MoveTextError::TextAfterStep { text, .. }
            | MoveTextError::ChainTooLong { text, .. }
            | MoveTextError::Illegal { text }
            | MoveTextError::GameOver { text } => text,
        }
    }

    /// The column of the problem, from 1 (1 for a move that is not legal).
    pub fn column(&self) -> usize {
        match self {
            MoveTextError::UnexpectedCharacter { column, .. }
            | MoveTextError::ExpectedPoint { column, .. }
            | MoveTextError::ExpectedSeparator { column, .. }
            | MoveTextError::ExpectedJumpMark { column, .. }
            | MoveTextError::TextAfterPlacement { column, .. }
            | MoveTextError::TextAfterStep { column, .. }
            | MoveTextError::ChainTooLong { column, .. } => *column,
            MoveTextError::Empty
            | MoveTextError::Illegal { .. }
            | MoveTextError::GameOver { .. } => 1,
        }
    }

    /// What is wrong, in English.
    fn problem(&self) -> &'static str {
        match self {
            MoveTextError::Empty => "empty move",
            MoveTextError::UnexpectedCharacter { .. } => "unexpected character",
            MoveTextError::ExpectedPoint { .. } => "expected a point of the board",
            MoveTextError::ExpectedSeparator { .. } => "expected `-` for a step or `x` for a jump",
            MoveTextError::ExpectedJumpMark { .. } => "expected `x` before the next landing point",
            MoveTextError::TextAfterPlacement { .. } => "unexpected text after the placement",
            MoveTextError::TextAfterStep { .. } => "unexpected text after the step",
            MoveTextError::ChainTooLong { .. } => "chain too long",
            MoveTextError::Illegal { .. } => "not a legal move here",
            MoveTextError::GameOver { .. } => "not legal: the game is over",
        }
    }
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` (column {}): {}",
            self.text(),
            self.column(),
            self.problem()
        )
    }
}

impl std::error::Error for MoveTextError {}

/// A number field of the position string.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CountField {
    HuntersInHand,
    CrowdInHand,
    QuietPlies,
    GroundMark,
    HuntersMoves,
    CrowdMoves,
}

impl CountField {
    pub const ALL: [CountField; 6] = [
        CountField::HuntersInHand,
        CountField::CrowdInHand,
        CountField::QuietPlies,
        CountField::GroundMark,
        CountField::HuntersMoves,
        CountField::CrowdMoves,
    ];
    /// A short key; the message files select their wording on it.
    pub const fn id(self) -> &'static str {
        match self {
            CountField::HuntersInHand => "hunters-in-hand",
            CountField::CrowdInHand => "crowd-in-hand",
            CountField::QuietPlies => "quiet-plies",
            CountField::GroundMark => "ground-mark",
            CountField::HuntersMoves => "hunters-moves",
            CountField::CrowdMoves => "crowd-moves",
        }
    }
    const fn english(self) -> &'static str {
        match self {
            CountField::HuntersInHand => "hunters in hand",
            CountField::CrowdInHand => "crowd in hand",
            CountField::QuietPlies => "quiet plies",
            CountField::GroundMark => "ground mark",
            CountField::HuntersMoves => "hunters' moves made",
            CountField::CrowdMoves => "crowd's moves made",
        }
    }
}

/// A position string that cannot be read. Columns count characters from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// A character outside ASCII.
    NonAscii { column: usize },
    /// Not six non-empty fields separated by single spaces.
    FieldCount { found: usize },
    /// The first field names no game.
    UnknownGame { column: usize, id: String },
    /// An option after the game id cannot be set.
    BadOption { column: usize, error: OptionError },
    /// The board field has the wrong number of ranks.
    RankCount {
        column: usize,
        expected: u8,
        found: usize,
    },
    /// A rank describes more points than it has. `rank` counts from 1.
    RankTooLong {
        column: usize,
        rank: u8,
        points: usize,
    },
    /// A rank describes fewer points than it has.
    RankTooShort {
        column: usize,
        rank: u8,
        described: usize,
        points: usize,
    },
    /// A character in the board that is neither a piece letter of the game nor a digit.
    UnexpectedPiece {
        column: usize,
        found: char,
        game: GameId,
    },
    /// The side to move is not one of the game's two piece letters.
    BadSide {
        column: usize,
        found: String,
        game: GameId,
    },
    /// The hands field is not `hunters/crowd`.
    HandSyntax { column: usize, found: String },
    /// A number field is not a whole number from 0 to `max`.
    BadCount {
        column: usize,
        field: CountField,
        found: String,
        max: u32,
    },
    /// Hunters on the board and in hand: the game needs exactly (or at
    /// most, when `exact` is false) `needed`.
    HunterCount {
        column: usize,
        game: GameId,
        exact: bool,
        needed: u32,
        found: u32,
    },
    /// More crowd pieces on the board and in hand than the game has.
    CrowdCount {
        column: usize,
        game: GameId,
        most: u32,
        found: u32,
    },
    /// Hunters wait in hand, yet the crowd is to move.
    HuntersInHandNotToMove { column: usize, game: GameId },
    /// The ground mark is below the crowd's rank sum on the board.
    GroundMarkTooLow {
        column: usize,
        mark: u32,
        rank_sum: u32,
    },
    /// A trailing field that is not `stacks=...` on the game's stack points
    /// or `rule=N` in a game whose own rule keeps a count.
    BadExtra { column: usize, found: String },
}

impl PositionError {
    /// The column of the problem, from 1.
    pub fn column(&self) -> usize {
        use PositionError::*;
        match self {
            FieldCount { .. } => 1,
            NonAscii { column }
            | UnknownGame { column, .. }
            | BadOption { column, .. }
            | RankCount { column, .. }
            | RankTooLong { column, .. }
            | RankTooShort { column, .. }
            | UnexpectedPiece { column, .. }
            | BadSide { column, .. }
            | HandSyntax { column, .. }
            | BadCount { column, .. }
            | HunterCount { column, .. }
            | CrowdCount { column, .. }
            | HuntersInHandNotToMove { column, .. }
            | GroundMarkTooLow { column, .. }
            | BadExtra { column, .. } => *column,
        }
    }

    /// What is wrong, in English (without the column).
    fn problem(&self) -> String {
        use PositionError::*;
        let letter = |game: GameId, side: Side| game.piece_names(side).2;
        let plural = |game: GameId, side: Side| game.piece_names(side).0;
        match self {
            NonAscii { .. } => "unexpected non-ASCII character".to_string(),
            FieldCount { found } => format!(
                "expected 6 fields separated by single spaces (game, board, side to move, \
                 hand, quiet plies, ground mark; and the moves made where a side wins by \
                 outlasting them), found {found}"
            ),
            UnknownGame { id, .. } => crate::rules::variant::UnknownGame(id.clone()).to_string(),
            BadOption { error, .. } => error.to_string(),
            RankCount {
                expected, found, ..
            } => format!("the board has {expected} ranks, found {found}"),
            RankTooLong { rank, points, .. } => format!("rank {rank} has only {points} points"),
            RankTooShort {
                rank,
                described,
                points,
                ..
            } => format!("rank {rank} describes {described} points, it has {points}"),
            UnexpectedPiece { found, game, .. } => format!(
                "unexpected `{found}`: expected {}, {} or a digit 1-9",
                letter(*game, Side::Hunters),
                letter(*game, Side::Crowd)
            ),
            BadSide { found, game, .. } => format!(
                "side to move must be {} or {}, found `{found}`",
                letter(*game, Side::Hunters),
                letter(*game, Side::Crowd)
            ),
            HandSyntax { .. } => "hand must be `hunters/crowd`, e.g. 0/20".to_string(),
            BadCount {
                field, found, max, ..
            } => format!(
                "{} must be a whole number from 0 to {max}, found `{found}`",
                field.english()
            ),
            HunterCount {
                game,
                exact,
                needed,
                found,
                ..
            } => format!(
                "{game} needs {} {needed} {}, found {found}",
                if *exact { "exactly" } else { "at most" },
                plural(*game, Side::Hunters)
            ),
            CrowdCount {
                game, most, found, ..
            } => format!(
                "{game} has at most {most} {}, found {found}",
                plural(*game, Side::Crowd)
            ),
            HuntersInHandNotToMove { game, .. } => format!(
                "while {0} are in hand, the {0} are to move",
                plural(*game, Side::Hunters)
            ),
            GroundMarkTooLow { mark, rank_sum, .. } => {
                format!("ground mark {mark} is below the crowd's rank sum {rank_sum}")
            }
            BadExtra { found, .. } => format!(
                "`{found}`: expected `stacks=POINT:COUNT,...` (a stack point of the game \
                 holding a crowd piece, 2 or more pieces) or `rule=N` (a game whose own \
                 rule keeps a count)"
            ),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "position string, column {}: {}",
            self.column(),
            self.problem()
        )
    }
}

impl std::error::Error for PositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionError::BadOption { error, .. } => Some(error),
            _ => None,
        }
    }
}
