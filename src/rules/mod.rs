//! The rules of every hunt game: plain Rust, no Bevy, no I/O. A game is
//! its file (`assets/games/*.game.ron`, [`family::file`]), compiled into
//! the tables one move generator reads ([`Rules`]).
//!
//! [`Game`] is the entry point: it holds a [`Variant`], the current
//! [`Position`] and the history, and answers legal moves, plays and undoes
//! them, and reports the [`Outcome`].

pub mod board;
pub mod family;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod position;
pub mod side;
mod special;
mod special_moves;
pub mod threats;
pub mod variant;

pub use board::{Bitboard, Board, Point};
pub use game::{Game, IllegalMove};
pub use movegen::{Effects, Move, MoveKind, Rules, Stuck};
pub use notation::{CountField, MoveTextError, PositionError, parse_position, position_string};
pub use outcome::{Outcome, Reason};
pub use position::Position;
pub use side::Side;
pub use threats::threatened;
pub use variant::{GameId, OptionError, UnknownGame, Variant, VariantError};
