//! Move text (`c4-c5`, `d6xd4xb4`, `@c3`) and the position string.
//!
//! # Position string
//!
//! Six fields separated by single spaces:
//!
//! ```text
//! pirates,compulsory=on,retreat=off 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54
//! ```
//!
//! 1. the game id, then each of its options as `,key=value`;
//! 2. the board, top rank first, ranks separated by `/`; each rank lists
//!    the board's points on that rank from left to right: the piece letter
//!    (hunters `P` `O` `F` `T`, crowd `B` `R` `G` `G`) or a digit counting
//!    empty points;
//! 3. the side to move, as its piece letter;
//! 4. pieces in hand, `hunters/crowd`;
//! 5. plies without progress (the no-progress draw counter);
//! 6. the ground mark: the highest crowd rank sum (ranks from 0) since the
//!    last capture.

mod error;

use std::fmt;

pub use error::{CountField, MoveTextError, PositionError};

use super::board::{Bitboard, Point};
use super::game::Game;
use super::movegen::{MAX_HOPS, Move, MoveKind};
use super::position::Position;
use super::side::Side;
use super::variant::{GameKind, Variant};

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Pass => write!(f, "pass"),
            MoveKind::Place => write!(f, "@{}", self.to()),
            MoveKind::Step => write!(f, "{}-{}", self.from(), self.to()),
            MoveKind::Jump => {
                write!(f, "{}", self.from())?;
                for p in self.landings() {
                    write!(f, "x{p}")?;
                }
                Ok(())
            }
        }
    }
}

impl Move {
    /// Parses move text exactly as the spec writes it (case-sensitive, no spaces).
    pub fn parse(text: &str) -> Result<Move, MoveTextError> {
        use MoveTextError as E;
        let owned = || text.to_string();
        if text.is_empty() {
            return Err(E::Empty);
        }
        if text == "pass" {
            return Ok(Move::pass());
        }
        if !text.is_ascii() {
            let column = text.chars().position(|c| !c.is_ascii()).unwrap_or(0) + 1;
            return Err(E::UnexpectedCharacter {
                text: owned(),
                column,
            });
        }
        let point_at = |i: usize| -> Result<Point, MoveTextError> {
            text.get(i..i + 2)
                .and_then(Point::parse)
                .ok_or_else(|| E::ExpectedPoint {
                    text: owned(),
                    column: i + 1,
                })
        };
        if let Some(rest) = text.strip_prefix('@') {
            let to = point_at(1)?;
            if rest.len() != 2 {
                return Err(E::TextAfterPlacement {
                    text: owned(),
                    column: 4,
                });
            }
            return Ok(Move::place(to));
        }
        let from = point_at(0)?;
        match text.as_bytes().get(2) {
            Some(b'-') => {
                let to = point_at(3)?;
                if text.len() != 5 {
                    return Err(E::TextAfterStep {
                        text: owned(),
                        column: 6,
                    });
                }
                Ok(Move::step(from, to))
            }
            Some(b'x') => {
                let mut landings = Vec::new();
                let mut i = 2;
                while i < text.len() {
                    let column = i + 1;
                    if text.as_bytes()[i] != b'x' {
                        return Err(E::ExpectedJumpMark {
                            text: owned(),
                            column,
                        });
                    }
                    landings.push(point_at(i + 1)?);
                    if landings.len() > MAX_HOPS {
                        return Err(E::ChainTooLong {
                            text: owned(),
                            column,
                        });
                    }
                    i += 3;
                }
                Ok(Move::jump(from, &landings).expect("1..=MAX_HOPS landings"))
            }
            _ => Err(E::ExpectedSeparator {
                text: owned(),
                column: 3,
            }),
        }
    }
}

impl Game {
    /// Parses move text and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        let mv = Move::parse(text)?;
        if self.is_legal(&mv) {
            Ok(mv)
        } else {
            let text = text.to_string();
            Err(if self.is_over() {
                MoveTextError::GameOver { text }
            } else {
                MoveTextError::Illegal { text }
            })
        }
    }

    /// Plays moves given as text separated by spaces; stops at the first bad one.
    pub fn play_text(&mut self, moves: &str) -> Result<(), MoveTextError> {
        for word in moves.split_whitespace() {
            let mv = self.parse_move(word)?;
            self.play_unchecked(&mv);
        }
        Ok(())
    }

    /// The position string of the current position (see the module docs).
    pub fn position_string(&self) -> String {
        position_string(self.variant(), self.position())
    }

    /// A game starting from a position string, with no history.
    pub fn from_position_string(text: &str) -> Result<Game, PositionError> {
        let (variant, position) = parse_position(text)?;
        Ok(Game::from_position(variant, position))
    }
}

/// Writes a position string.
pub fn position_string(variant: &Variant, pos: &Position) -> String {
    let mut s = variant.kind.id().to_string();
    for o in variant.option_strings() {
        s.push(',');
        s.push_str(&o);
    }
    s.push(' ');
    let rules = super::Rules::of(*variant);
    let letter = |side: Side| variant.kind.piece_names(side).2;
    let rows: Vec<String> = rules
        .board()
        .rows()
        .iter()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for &p in row {
                match pos.piece_at(p) {
                    None => empty += 1,
                    Some(side) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(letter(side));
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    s.push_str(&rows.join("/"));
    s.push_str(&format!(
        " {} {}/{} {} {}",
        letter(pos.side_to_move),
        pos.in_hand[0],
        pos.in_hand[1],
        pos.quiet_plies,
        rules.ground_mark(pos)
    ));
    s
}

/// The six fields of a position string, each with the column it starts at.
struct Fields<'a> {
    game: (usize, &'a str),
    board: (usize, &'a str),
    side: (usize, &'a str),
    hands: (usize, &'a str),
    quiet: (usize, &'a str),
    mark: (usize, &'a str),
}

impl<'a> Fields<'a> {
    /// Splits at single spaces: exactly six fields, none empty.
    fn split(text: &'a str) -> Result<Fields<'a>, PositionError> {
        if !text.is_ascii() {
            let column = text.chars().position(|c| !c.is_ascii()).unwrap_or(0) + 1;
            return Err(PositionError::NonAscii { column });
        }
        let mut fields = Vec::new();
        let mut column = 1;
        for field in text.split(' ') {
            fields.push((column, field));
            column += field.len() + 1;
        }
        match fields[..] {
            [game, board, side, hands, quiet, mark]
                if fields.iter().all(|(_, f)| !f.is_empty()) =>
            {
                Ok(Fields {
                    game,
                    board,
                    side,
                    hands,
                    quiet,
                    mark,
                })
            }
            _ => Err(PositionError::FieldCount {
                found: fields.len(),
            }),
        }
    }
}

/// Reads a position string (see the module docs) into a variant and position.
pub fn parse_position(text: &str) -> Result<(Variant, Position), PositionError> {
    let fields = Fields::split(text)?;
    let variant = parse_game(fields.game)?;
    let kind = variant.kind;
    let rules = super::Rules::of(variant);
    let pieces = parse_board(fields.board, kind, &rules)?;
    let side = parse_side(fields.side, kind)?;
    let hands = parse_hands(fields.hands, &rules)?;
    let quiet_max = variant.quiet_limit().map_or(u16::MAX as u32, |l| l as u32);
    let quiet = parse_count(fields.quiet, CountField::QuietPlies, quiet_max)?;
    let mark = parse_count(fields.mark, CountField::GroundMark, u16::MAX as u32)?;
    check_material(&variant, &rules, fields.board.0, pieces, hands)?;
    if hands[0] > 0 && rules.places_in_a_row(Side::Hunters) && side != Side::Hunters {
        return Err(PositionError::HuntersInHandNotToMove {
            column: fields.side.0,
            game: kind,
        });
    }
    let position = rules.position(
        pieces,
        side,
        [hands[0] as u8, hands[1] as u8],
        quiet as u16,
        Some(mark as u16),
    );
    let rank_sum = rules.crowd_rank_sum(&position) as u32;
    if mark < rank_sum {
        return Err(PositionError::GroundMarkTooLow {
            column: fields.mark.0,
            mark,
            rank_sum,
        });
    }
    Ok((variant, position))
}

/// Field 1: the game id, then `,key=value` options.
fn parse_game((column, text): (usize, &str)) -> Result<Variant, PositionError> {
    let mut parts = text.split(',');
    let id = parts.next().unwrap_or("");
    let kind = GameKind::from_id(id).ok_or_else(|| PositionError::UnknownGame {
        column,
        id: id.to_string(),
    })?;
    let mut variant = Variant::new(kind);
    let mut option_column = column + id.len() + 1;
    for option in parts {
        variant
            .set_option(option)
            .map_err(|error| PositionError::BadOption {
                column: option_column,
                error,
            })?;
        option_column += option.len() + 1;
    }
    Ok(variant)
}

/// Field 2: the board, top row first, rows separated by `/`.
fn parse_board(
    (column, text): (usize, &str),
    kind: GameKind,
    rules: &super::Rules,
) -> Result<[Bitboard; 2], PositionError> {
    let rows = rules.board().rows();
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != rows.len() {
        return Err(PositionError::RankCount {
            column,
            expected: rows.len() as u8,
            found: ranks.len(),
        });
    }
    let mut pieces = [Bitboard::EMPTY; 2];
    let mut rank_column = column;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = (rows.len() - 1 - i) as u8;
        parse_rank(rank_column, rank_text, kind, rank, &rows[i], &mut pieces)?;
        rank_column += rank_text.len() + 1;
    }
    Ok(pieces)
}

/// One rank of the board (`rank` from 0): piece letters and digits counting
/// empty points, covering the rank's points (`row`, left to right) exactly.
fn parse_rank(
    column: usize,
    text: &str,
    kind: GameKind,
    rank: u8,
    row: &[Point],
    pieces: &mut [Bitboard; 2],
) -> Result<(), PositionError> {
    let rank = rank + 1;
    let too_long = |column| PositionError::RankTooLong {
        column,
        rank,
        points: row.len(),
    };
    let mut at = 0;
    for (j, ch) in text.chars().enumerate() {
        let column = column + j;
        if let Some(n) = ch.to_digit(10).filter(|&n| n >= 1) {
            at += n as usize;
            if at > row.len() {
                return Err(too_long(column));
            }
            continue;
        }
        let side = side_of_letter(kind, ch).ok_or(PositionError::UnexpectedPiece {
            column,
            found: ch,
            game: kind,
        })?;
        let &p = row.get(at).ok_or_else(|| too_long(column))?;
        pieces[side.index()] = pieces[side.index()].with(p);
        at += 1;
    }
    if at != row.len() {
        return Err(PositionError::RankTooShort {
            column,
            rank,
            described: at,
            points: row.len(),
        });
    }
    Ok(())
}

/// The side whose piece letter this is in the game.
fn side_of_letter(kind: GameKind, letter: char) -> Option<Side> {
    [Side::Hunters, Side::Crowd]
        .into_iter()
        .find(|&side| kind.piece_names(side).2 == letter)
}

/// Field 3: the side to move, as its piece letter.
fn parse_side((column, text): (usize, &str), kind: GameKind) -> Result<Side, PositionError> {
    let mut letters = text.chars();
    let side = match (letters.next(), letters.next()) {
        (Some(letter), None) => side_of_letter(kind, letter),
        _ => None,
    };
    side.ok_or_else(|| PositionError::BadSide {
        column,
        found: text.to_string(),
        game: kind,
    })
}

/// Field 4: pieces in hand, `hunters/crowd`, each within what the game allows.
fn parse_hands(
    (column, text): (usize, &str),
    rules: &super::Rules,
) -> Result<[u32; 2], PositionError> {
    let (hunters, crowd) = text
        .split_once('/')
        .ok_or_else(|| PositionError::HandSyntax {
            column,
            found: text.to_string(),
        })?;
    let hunters_max = rules.in_hand[0] as u32;
    let crowd_max = rules.in_hand[1] as u32;
    Ok([
        parse_count((column, hunters), CountField::HuntersInHand, hunters_max)?,
        parse_count(
            (column + hunters.len() + 1, crowd),
            CountField::CrowdInHand,
            crowd_max,
        )?,
    ])
}

/// A whole number from 0 to `max`, digits only.
fn parse_count(
    (column, text): (usize, &str),
    field: CountField,
    max: u32,
) -> Result<u32, PositionError> {
    match text.parse::<u32>() {
        Ok(n) if n <= max && text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(PositionError::BadCount {
            column,
            field,
            found: text.to_string(),
            max,
        }),
    }
}

/// The pieces on the board and in hand fit the game: its hunters (exactly,
/// or at most where they enter from hand) and at most its crowd.
fn check_material(
    variant: &Variant,
    rules: &super::Rules,
    board_column: usize,
    pieces: [Bitboard; 2],
    hands: [u32; 2],
) -> Result<(), PositionError> {
    let game = variant.kind;
    let hunters = pieces[0].count() + hands[0];
    let crowd = pieces[1].count() + hands[1];
    // Hunters are lost only to huffing: elsewhere they are all there.
    let exact = !rules.huffing();
    let needed = variant.hunter_count();
    if (exact && hunters != needed) || hunters > needed {
        return Err(PositionError::HunterCount {
            column: board_column,
            game,
            exact,
            needed,
            found: hunters,
        });
    }
    if crowd > variant.crowd_count() {
        return Err(PositionError::CrowdCount {
            column: board_column,
            game,
            most: variant.crowd_count(),
            found: crowd,
        });
    }
    Ok(())
}
