//! The two sides of every hunt game.

use serde::{Deserialize, Serialize};

/// The two sides of every hunt game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Side {
    /// The few that capture: pirates, officers, the fox, tigers.
    Hunters,
    /// The many that cannot: Bulgars, rebels, geese, goats.
    Crowd,
}

impl Side {
    pub const fn other(self) -> Side {
        match self {
            Side::Hunters => Side::Crowd,
            Side::Crowd => Side::Hunters,
        }
    }
    pub const fn index(self) -> usize {
        self as usize
    }
}
