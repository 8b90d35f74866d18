//! A rules page's diagram as data: a board, its pieces and the marks on
//! it. [`super::diagrams`] builds every scene from the rules engine, so
//! the points are the board's, the pieces stand where the engine put them
//! and every arrow is a move it generated.

use crate::rules::{Bitboard, GameId, Move, Point, Position, Rules, Side};

/// How an arrow is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArrowStyle {
    /// A move the rules allow.
    Move,
    /// A move only a rule option allows (dashed).
    Optional,
    /// A capture that was possible and not made (huffing).
    Missed,
    /// A hop the rules do not allow (crossed out).
    Forbidden,
}

/// A move drawn as an arrow through its points: the start, then every landing.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub points: Vec<Point>,
    pub style: ArrowStyle,
}

impl Arrow {
    pub fn of(mv: &Move, style: ArrowStyle) -> Arrow {
        Arrow {
            points: std::iter::once(mv.from()).chain(mv.landings()).collect(),
            style,
        }
    }
}

/// A point marked with a dashed ring and a label: where a rule option
/// puts extra pieces (Fox and Geese's 15 and 17 geese).
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    pub point: Point,
    pub side: Side,
    /// The option's value that adds the piece (`15`).
    pub label: String,
}

/// One diagram: a board, pieces and marks.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The game whose board it is.
    pub game: GameId,
    /// Points to shade: a region to fill or reach, or where pieces are placed.
    pub region: Bitboard,
    pub hunters: Bitboard,
    pub crowd: Bitboard,
    pub arrows: Vec<Arrow>,
    /// Crowd pieces the drawn jump removes (crossed out).
    pub captured: Bitboard,
    /// Hunters huffing removes (crossed out).
    pub huffed: Bitboard,
    /// Points where a piece may be placed (small dots).
    pub targets: Bitboard,
    /// A placement shown as a piece dropping in.
    pub drop: Option<(Point, Side)>,
    pub rings: Vec<Ring>,
    /// Pieces in hand, shown beside the board: (hunters, crowd).
    pub in_hand: [u8; 2],
    /// The points that hold a stack of more than one piece, with its
    /// height (drawn on the piece, as the board draws it).
    pub stacks: Vec<(Point, u32)>,
}

impl Scene {
    /// The board with the pieces of a position.
    pub fn of(rules: &Rules, pos: &Position) -> Scene {
        Scene {
            game: rules.variant.game,
            region: Bitboard::EMPTY,
            hunters: pos.hunters(),
            crowd: pos.crowd(),
            arrows: Vec::new(),
            captured: Bitboard::EMPTY,
            huffed: Bitboard::EMPTY,
            targets: Bitboard::EMPTY,
            drop: None,
            rings: Vec::new(),
            in_hand: pos.in_hand,
            stacks: rules
                .stack_points()
                .iter()
                .map(|&p| (p, rules.pieces_on(pos, p)))
                .filter(|&(_, height)| height > 1)
                .collect(),
        }
    }
}
