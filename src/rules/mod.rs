//! The rules of the four hunt games: plain Rust, no Bevy, no I/O.
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
pub mod threats;
pub mod variant;

pub use board::{Bitboard, Point};
pub use game::{Game, IllegalMove};
pub use movegen::Topology;
pub use movegen::{Effects, Move, MoveKind, Rules};
pub use notation::{CountField, MoveTextError, PositionError, parse_position, position_string};
pub use outcome::{Outcome, Reason};
pub use position::Position;
pub use side::Side;
pub use threats::threatened;
pub use variant::{
    BoardKind, GameKind, OptionError, OptionKey, OptionSetting, Options, UnknownGame, Variant,
};
