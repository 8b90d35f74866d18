//! How a game ends: the winner (or a draw) and why.

use std::fmt;

use super::side::Side;
use super::variant::GameId;

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
    /// A hunter got behind every crowd piece (Wolf und Schaaf).
    BehindCrowd,
    /// A piece of this side was driven onto the points it loses on (Uxrijn
    /// Ever's calf on the pasture).
    DrivenOnto(Side),
    /// The side to move had no legal move: it loses, or (no winner) the
    /// game is drawn.
    NoMoves(Side),
    /// Round two of a two-round match settled it: the hunted piece lasted
    /// `first` plies in round one and `second` (so far) in round two.
    Survival { first: u16, second: u16 },
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

    /// A sentence for players, in English with the game's own names: "The
    /// Bulgars fill their goal".
    pub fn describe(&self, game: GameId) -> String {
        let rules = super::Rules::of(super::Variant::new(game));
        // One piece is "the fox has", several "the pirates have".
        let one = |side: Side| rules.starting_count(side) == 1;
        let name = |side: Side| {
            let (many, single, _) = game.piece_names(side);
            format!("The {}", if one(side) { single } else { many })
        };
        let has = |side: Side| if one(side) { "has" } else { "have" };
        let (hunters, crowd) = (Side::Hunters, Side::Crowd);
        match self.reason {
            Reason::CrowdTooFew => format!(
                "{} {} cut the {} below {}",
                name(hunters),
                has(hunters),
                game.piece_names(crowd).0,
                rules.crowd_at_most().map_or(0, |k| k + 1)
            ),
            Reason::StrongholdFilled => format!("{} fill their goal", name(crowd)),
            Reason::HuntersGone => {
                format!("Huffing has removed the {}", game.piece_names(hunters).0)
            }
            Reason::NoMoves(side) => format!("{} {} no legal move", name(side), has(side)),
            Reason::RegionReached(side) => {
                format!("{} {} reached the goal", name(side), has(side))
            }
            Reason::Outlasted(side) => {
                format!("{} {} held out to the move limit", name(side), has(side))
            }
            Reason::BehindCrowd => format!(
                "{} {} got behind every {}",
                name(hunters),
                has(hunters),
                game.piece_names(crowd).1
            ),
            Reason::DrivenOnto(side) => {
                format!(
                    "{} {} been driven onto the losing points",
                    name(side),
                    has(side)
                )
            }
            Reason::Survival { first, second } => {
                let hunted = game.piece_names(hunters).1;
                match self.winner {
                    Some(Side::Hunters) => {
                        format!("The {hunted} of round two has outlasted round one's {first} moves")
                    }
                    Some(Side::Crowd) => format!(
                        "The {hunted} of round two was shut in after {second} moves, round one's after {first}"
                    ),
                    None => format!("Both rounds' {hunted} lasted {first} moves"),
                }
            }
            Reason::QuietLimit => "Draw: too long without progress".to_string(),
            Reason::Repetition => "Draw: the same position came back".to_string(),
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
