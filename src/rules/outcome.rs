//! How a game ends: the winner (or a draw) and why.

use std::fmt;

use super::side::Side;
use super::variant::GameKind;

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// The hunters cut the crowd below what it needs (9 Bulgars or rebels,
    /// 4 geese) or took five goats.
    CrowdTooFew,
    /// Crowd pieces hold all nine stronghold points.
    StrongholdFilled,
    /// Huffing removed the hunters (Asalto: every officer).
    HuntersGone,
    /// A piece of this side reached the region it wins by reaching.
    RegionReached(Side),
    /// This side outlasted the other's moves.
    Outlasted(Side),
    /// The side to move had no legal move: it loses, or (no winner) the
    /// game is drawn.
    NoMoves(Side),
    /// Too many plies without progress.
    QuietLimit,
    /// The same position a third time.
    Repetition,
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: Reason,
}

impl Outcome {
    pub const fn win(side: Side, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(side),
            reason,
        }
    }
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// A sentence for players, in the game's own names: "The Bulgars fill the stronghold".
    pub fn describe(&self, game: GameKind) -> String {
        let name = |side: Side| {
            let (plural, _, _) = game.piece_names(side);
            if game == GameKind::FoxGeese && side == Side::Hunters {
                "The fox".to_string()
            } else {
                format!("The {plural}")
            }
        };
        let crowd = game.piece_names(Side::Crowd).0;
        let hunters = name(Side::Hunters);
        match self.reason {
            Reason::CrowdTooFew => match game {
                GameKind::BaghChal => "The tigers have taken five goats".to_string(),
                GameKind::FoxGeese => format!("{hunters} has cut the geese below four"),
                _ => format!("{hunters} have cut the {crowd} below nine"),
            },
            Reason::StrongholdFilled => {
                let place = if game == GameKind::Asalto {
                    "fortress"
                } else {
                    "stronghold"
                };
                format!("{} fill the {place}", name(Side::Crowd))
            }
            Reason::HuntersGone => "Huffing has removed every officer".to_string(),
            Reason::NoMoves(side) => {
                let verb = if game == GameKind::FoxGeese && side == Side::Hunters {
                    "has"
                } else {
                    "have"
                };
                format!("{} {verb} no legal move", name(side))
            }
            Reason::RegionReached(side) => format!("{} reach their goal", name(side)),
            Reason::Outlasted(side) => format!("{} outlast the other side", name(side)),
            Reason::QuietLimit => "Draw: too long without progress".to_string(),
            Reason::Repetition => "Draw: the same position a third time".to_string(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(Side::Hunters) => write!(f, "hunters win ({:?})", self.reason),
            Some(Side::Crowd) => write!(f, "crowd wins ({:?})", self.reason),
            None => write!(f, "draw ({:?})", self.reason),
        }
    }
}
