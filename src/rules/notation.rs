//! Move text (`c4-c5`, `d6xd4xb4`, `@c3`, `pass`) and the position string,
//! with each board's own point names.
//!
//! # Position string
//!
//! Six fields separated by single spaces (seven in a game a side wins by
//! outlasting the other's moves):
//!
//! ```text
//! pirates,compulsory=on,retreat=off 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54
//! ```
//!
//! 1. the game id, then each of its options as `,key=value`;
//! 2. the board, row by row from the top of the drawing, rows separated by
//!    `/`; each row lists the points at that height from left to right:
//!    the piece letter (the file's `letter` of each side) or a digit
//!    counting empty points (a run of more than nine is written as several
//!    digits, which add up);
//! 3. the side to move, as its piece letter;
//! 4. pieces in hand, `hunters/crowd`;
//! 5. plies without progress (the quiet draw's counter);
//! 6. the ground mark: the highest crowd rank sum (ranks from 0, along the
//!    crowd's forward direction) since the last capture;
//! 7. only where a side wins by outlasting the other's moves: the moves
//!    each side has made, `hunters/crowd`.
//!
//! Then, only where they are not the default, fields `key=value`:
//! `stacks=b2:5,d4:3` (the pieces on each stack point holding more than
//! one, in a game with stacks) and `rule=N` (the count a game's own rule
//! keeps: [`Position::rule_state`]).

mod error;

use std::fmt::Write as _;

pub use error::{CountField, MoveTextError, PositionError};

use super::board::{Bitboard, Board, Point};
use super::game::Game;
use super::movegen::{MAX_HOPS, Move, MoveKind, Rules};
use super::position::Position;
use super::side::Side;
use super::variant::{GameId, Variant};

impl Rules {
    /// The move's text, with the board's point names.
    pub fn move_text(&self, mv: &Move) -> String {
        let name = |p: Point| self.board().name(p);
        match mv.kind() {
            MoveKind::Pass => "pass".to_string(),
            MoveKind::Place => format!("@{}", name(mv.to())),
            MoveKind::Remove => format!("x{}", name(mv.to())),
            MoveKind::Step => format!("{}-{}", name(mv.from()), name(mv.to())),
            MoveKind::Jump => {
                let mut text = name(mv.from()).to_string();
                for p in mv.landings() {
                    text.push('x');
                    text.push_str(name(p));
                }
                text
            }
        }
    }

    /// Reads move text exactly as the notation writes it (case-sensitive, no
    /// spaces); not checked against a position.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        parse_move_on(self.board(), text)
    }
}

/// A point name at `text[at..]`, ending before the next `-` or `x` (names
/// never hold either): its point, and where it ends.
fn point_at(board: &Board, text: &str, at: usize) -> Result<(Point, usize), MoveTextError> {
    let end = text[at..]
        .find(|c: char| c == 'x' || !(c.is_ascii_lowercase() || c.is_ascii_digit()))
        .map_or(text.len(), |i| at + i);
    board
        .find(&text[at..end])
        .map(|p| (p, end))
        .ok_or_else(|| MoveTextError::ExpectedPoint {
            text: text.to_string(),
            column: at + 1,
        })
}

fn parse_move_on(board: &Board, text: &str) -> Result<Move, MoveTextError> {
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
    // A placement `@c3` or a removal `xc3`: one point after its mark.
    let one_point: Option<fn(Point) -> Move> = match text.as_bytes()[0] {
        b'@' => Some(Move::place),
        b'x' => Some(Move::remove),
        _ => None,
    };
    if let Some(make) = one_point {
        let (at, end) = point_at(board, text, 1)?;
        if end != text.len() || text.len() == 1 {
            return Err(E::TextAfterPlacement {
                text: owned(),
                column: end + 1,
            });
        }
        return Ok(make(at));
    }
    let (from, end) = point_at(board, text, 0)?;
    match text.as_bytes().get(end) {
        Some(b'-') => {
            let (to, after) = point_at(board, text, end + 1)?;
            if after != text.len() {
                return Err(E::TextAfterStep {
                    text: owned(),
                    column: after + 1,
                });
            }
            Ok(Move::step(from, to))
        }
        Some(b'x') => {
            let mut landings = Vec::new();
            let mut i = end;
            while i < text.len() {
                if text.as_bytes()[i] != b'x' {
                    return Err(E::ExpectedJumpMark {
                        text: owned(),
                        column: i + 1,
                    });
                }
                let (p, next) = point_at(board, text, i + 1)?;
                landings.push(p);
                if landings.len() > MAX_HOPS {
                    return Err(E::ChainTooLong {
                        text: owned(),
                        column: i + 1,
                    });
                }
                i = next;
            }
            Ok(Move::jump(from, &landings).expect("1..=MAX_HOPS landings"))
        }
        _ => Err(E::ExpectedSeparator {
            text: owned(),
            column: end + 1,
        }),
    }
}

impl Game {
    /// The move's text, with the board's point names.
    pub fn move_text(&self, mv: &Move) -> String {
        self.rules().move_text(mv)
    }

    /// The moves played, oldest first, as text.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves().map(|m| self.move_text(m)).collect()
    }

    /// Parses move text and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        let mv = self.rules().parse_move(text)?;
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

/// The side whose piece letter this is in the game.
fn side_of_letter(game: GameId, letter: char) -> Option<Side> {
    [Side::Hunters, Side::Crowd]
        .into_iter()
        .find(|&side| game.piece_names(side).2 == letter)
}

/// One row of the board field: letters, and digits for runs of empty points.
fn row_text(row: &[Point], pos: &Position, letter: impl Fn(Side) -> char) -> String {
    let mut text = String::new();
    let mut empty = 0;
    let flush = |text: &mut String, empty: &mut u32| {
        while *empty > 0 {
            let run = (*empty).min(9);
            text.push(char::from_digit(run, 10).expect("a digit"));
            *empty -= run;
        }
    };
    for &p in row {
        match pos.piece_at(p) {
            None => empty += 1,
            Some(side) => {
                flush(&mut text, &mut empty);
                text.push(letter(side));
            }
        }
    }
    flush(&mut text, &mut empty);
    text
}

/// Writes a position string.
pub fn position_string(variant: &Variant, pos: &Position) -> String {
    let rules = Rules::of(*variant);
    let letter = |side: Side| variant.game.piece_names(side).2;
    let rows: Vec<String> = rules
        .board()
        .rows()
        .iter()
        .map(|row| row_text(row, pos, letter))
        .collect();
    let mut s = format!(
        "{variant} {} {} {}/{} {} {}",
        rows.join("/"),
        letter(pos.side_to_move),
        pos.in_hand[0],
        pos.in_hand[1],
        pos.quiet_plies,
        rules.ground_mark(pos)
    );
    if rules.counts_moves {
        write!(s, " {}/{}", pos.moves_made[0], pos.moves_made[1]).expect("a string");
    }
    let stacks: Vec<String> = rules
        .stack_points()
        .iter()
        .zip(pos.stacks)
        .filter(|&(_, under)| under > 0)
        .map(|(&p, under)| format!("{}:{}", rules.board().name(p), under as u32 + 1))
        .collect();
    if !stacks.is_empty() {
        write!(s, " stacks={}", stacks.join(",")).expect("a string");
    }
    if pos.rule_state != 0 {
        write!(s, " rule={}", pos.rule_state).expect("a string");
    }
    s
}

/// The fields of a position string, each with the column it starts at.
struct Fields<'a> {
    game: (usize, &'a str),
    board: (usize, &'a str),
    side: (usize, &'a str),
    hands: (usize, &'a str),
    quiet: (usize, &'a str),
    mark: (usize, &'a str),
    moves: Option<(usize, &'a str)>,
    /// The trailing `key=value` fields.
    extras: Vec<(usize, &'a str)>,
}

impl<'a> Fields<'a> {
    /// Splits at single spaces: six or seven fields, none empty.
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
        if fields.iter().any(|(_, f)| f.is_empty()) {
            return Err(PositionError::FieldCount {
                found: fields.len(),
            });
        }
        let mut extras = Vec::new();
        while fields.len() > 6 && fields.last().is_some_and(|(_, f)| f.contains('=')) {
            extras.insert(0, fields.pop().expect("a field"));
        }
        match fields[..] {
            [game, board, side, hands, quiet, mark] => Ok(Fields {
                game,
                board,
                side,
                hands,
                quiet,
                mark,
                moves: None,
                extras,
            }),
            [game, board, side, hands, quiet, mark, moves] => Ok(Fields {
                game,
                board,
                side,
                hands,
                quiet,
                mark,
                moves: Some(moves),
                extras,
            }),
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
    let game = variant.game;
    let rules = Rules::of(variant);
    if fields.moves.is_some() != rules.counts_moves {
        return Err(PositionError::FieldCount {
            found: 6 + fields.moves.is_some() as usize,
        });
    }
    let pieces = parse_board(fields.board, game, rules.board())?;
    let side = parse_side(fields.side, game)?;
    let hands = parse_hands(fields.hands, &rules)?;
    let quiet_max = rules.quiet_limit().map_or(u16::MAX as u32, |l| l as u32);
    let quiet = parse_count(fields.quiet, CountField::QuietPlies, quiet_max)?;
    let mark = parse_count(fields.mark, CountField::GroundMark, u16::MAX as u32)?;
    check_material(&rules, fields.board.0, pieces, hands)?;
    if hands[0] > 0 && rules.places_in_a_row(Side::Hunters) && side != Side::Hunters {
        return Err(PositionError::HuntersInHandNotToMove {
            column: fields.side.0,
            game,
        });
    }
    let mut position = rules.position(
        pieces,
        side,
        [hands[0] as u8, hands[1] as u8],
        quiet as u16,
        Some(mark as u16),
    );
    if let Some(moves) = fields.moves {
        let made = parse_pair(
            moves,
            [CountField::HuntersMoves, CountField::CrowdMoves],
            [u16::MAX as u32; 2],
        )?;
        position.moves_made = made.map(|n| n as u16);
    }
    for &extra in &fields.extras {
        read_extra(&rules, &mut position, extra)?;
    }
    position.hash = position.compute_hash();
    let most = rules.crowd_limit();
    if position.material(Side::Crowd) > most {
        return Err(PositionError::CrowdCount {
            column: fields.board.0,
            game,
            most,
            found: position.material(Side::Crowd),
        });
    }
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

/// A trailing `stacks=b2:5,d4:3` or `rule=N` field.
fn read_extra(
    rules: &Rules,
    position: &mut Position,
    (column, text): (usize, &str),
) -> Result<(), PositionError> {
    let bad = || PositionError::BadExtra {
        column,
        found: text.to_string(),
    };
    let (key, value) = text.split_once('=').ok_or_else(bad)?;
    match key {
        "stacks" if !rules.stack_points().is_empty() => {
            for item in value.split(',') {
                let (name, count) = item.split_once(':').ok_or_else(bad)?;
                let p = rules.board().find(name).ok_or_else(bad)?;
                let slot = rules
                    .stack_points()
                    .iter()
                    .position(|&q| q == p)
                    .ok_or_else(bad)?;
                let count: u8 = count.parse().map_err(|_| bad())?;
                if count < 2 || !position.crowd().contains(p) || position.stacks[slot] != 0 {
                    return Err(bad());
                }
                position.stacks[slot] = count - 1;
            }
            Ok(())
        }
        "rule" if rules.keeps_rule_state() => {
            let n: u8 = value.parse().map_err(|_| bad())?;
            if n == 0 || !rules.rule_state_fits(position, n) {
                return Err(bad());
            }
            position.rule_state = n;
            Ok(())
        }
        _ => Err(bad()),
    }
}

/// Field 1: the game id, then `,key=value` options.
fn parse_game((column, text): (usize, &str)) -> Result<Variant, PositionError> {
    let mut parts = text.split(',');
    let id = parts.next().unwrap_or("");
    let mut variant = Variant::from_id(id).map_err(|_| PositionError::UnknownGame {
        column,
        id: id.to_string(),
    })?;
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
    game: GameId,
    board: &Board,
) -> Result<[Bitboard; 2], PositionError> {
    let rows = board.rows();
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
        let rank = (rows.len() - i) as u8;
        parse_rank(rank_column, rank_text, game, rank, &rows[i], &mut pieces)?;
        rank_column += rank_text.len() + 1;
    }
    Ok(pieces)
}

/// One row of the board (`rank` counts rows from the bottom, from 1):
/// piece letters and digits counting empty points, covering the row's
/// points (`row`, left to right) exactly.
fn parse_rank(
    column: usize,
    text: &str,
    game: GameId,
    rank: u8,
    row: &[Point],
    pieces: &mut [Bitboard; 2],
) -> Result<(), PositionError> {
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
        let side = side_of_letter(game, ch).ok_or(PositionError::UnexpectedPiece {
            column,
            found: ch,
            game,
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

/// Field 3: the side to move, as its piece letter.
fn parse_side((column, text): (usize, &str), game: GameId) -> Result<Side, PositionError> {
    let mut letters = text.chars();
    let side = match (letters.next(), letters.next()) {
        (Some(letter), None) => side_of_letter(game, letter),
        _ => None,
    };
    side.ok_or_else(|| PositionError::BadSide {
        column,
        found: text.to_string(),
        game,
    })
}

/// Field 4: pieces in hand, `hunters/crowd`, each within what the game allows.
fn parse_hands((column, text): (usize, &str), rules: &Rules) -> Result<[u32; 2], PositionError> {
    parse_pair(
        (column, text),
        [CountField::HuntersInHand, CountField::CrowdInHand],
        rules.in_hand.map(u32::from),
    )
}

/// Two counts `a/b`, each from 0 to its maximum.
fn parse_pair(
    (column, text): (usize, &str),
    fields: [CountField; 2],
    max: [u32; 2],
) -> Result<[u32; 2], PositionError> {
    let (a, b) = text
        .split_once('/')
        .ok_or_else(|| PositionError::HandSyntax {
            column,
            found: text.to_string(),
        })?;
    Ok([
        parse_count((column, a), fields[0], max[0])?,
        parse_count((column + a.len() + 1, b), fields[1], max[1])?,
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
/// or at most where huffing can take them) and at most its crowd.
fn check_material(
    rules: &Rules,
    board_column: usize,
    pieces: [Bitboard; 2],
    hands: [u32; 2],
) -> Result<(), PositionError> {
    let game = rules.variant.game;
    let hunters = pieces[0].count() + hands[0];
    let crowd = pieces[1].count() + hands[1];
    // Hunters are lost only to huffing: elsewhere they are all there.
    let exact = !rules.huffing();
    let needed = rules.starting_count(Side::Hunters);
    if (exact && hunters != needed) || hunters > needed {
        return Err(PositionError::HunterCount {
            column: board_column,
            game,
            exact,
            needed,
            found: hunters,
        });
    }
    let most = rules.crowd_limit();
    if crowd > most {
        return Err(PositionError::CrowdCount {
            column: board_column,
            game,
            most,
            found: crowd,
        });
    }
    Ok(())
}
