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

use std::fmt;

use super::board::{Bitboard, Point};
use super::game::Game;
use super::movegen::{MAX_HOPS, Move, MoveKind};
use super::position::Position;
use super::variant::{GameKind, Side, Variant};

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
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

/// Text that is not a move, or not a legal one. `column` counts characters from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveTextError {
    pub text: String,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` (column {}): {}",
            self.text, self.column, self.message
        )
    }
}

impl std::error::Error for MoveTextError {}

impl Move {
    /// Parses move text exactly as the spec writes it (case-sensitive, no spaces).
    pub fn parse(text: &str) -> Result<Move, MoveTextError> {
        let err = |column: usize, message: &str| MoveTextError {
            text: text.to_string(),
            column,
            message: message.to_string(),
        };
        if !text.is_ascii() {
            let column = text.chars().position(|c| !c.is_ascii()).unwrap_or(0) + 1;
            return Err(err(column, "unexpected character"));
        }
        let point_at = |i: usize| -> Result<Point, MoveTextError> {
            text.get(i..i + 2).and_then(Point::parse).ok_or_else(|| {
                err(
                    i + 1,
                    "expected a point name: a file letter a-g then a rank digit 1-7",
                )
            })
        };
        if text.is_empty() {
            return Err(err(1, "empty move"));
        }
        if let Some(rest) = text.strip_prefix('@') {
            let to = point_at(1)?;
            if rest.len() != 2 {
                return Err(err(4, "unexpected text after the placement"));
            }
            return Ok(Move::place(to));
        }
        let from = point_at(0)?;
        match text.as_bytes().get(2) {
            None => Err(err(3, "expected `-` for a step or `x` for a jump")),
            Some(b'-') => {
                let to = point_at(3)?;
                if text.len() != 5 {
                    return Err(err(6, "unexpected text after the step"));
                }
                Ok(Move::step(from, to))
            }
            Some(b'x') => {
                let mut landings = Vec::new();
                let mut i = 2;
                while i < text.len() {
                    if text.as_bytes()[i] != b'x' {
                        return Err(err(i + 1, "expected `x` before the next landing point"));
                    }
                    landings.push(point_at(i + 1)?);
                    if landings.len() > MAX_HOPS {
                        return Err(err(i + 1, "chain too long"));
                    }
                    i += 3;
                }
                Ok(Move::jump(from, &landings).expect("1..=MAX_HOPS landings"))
            }
            Some(_) => Err(err(3, "expected `-` for a step or `x` for a jump")),
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
            let why = if self.is_over() {
                "not legal: the game is over"
            } else {
                "not a legal move here"
            };
            Err(MoveTextError {
                text: text.to_string(),
                column: 1,
                message: why.to_string(),
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
    let topo = super::board::Topology::get(variant.kind.board());
    let letter = |side: Side| variant.kind.piece_names(side).2;
    for rank in (0..topo.size).rev() {
        let mut empty = 0;
        for file in 0..topo.size {
            let p = Point::new(file, rank).expect("on grid");
            if !topo.points.contains(p) {
                continue;
            }
            match pos.piece_at(p) {
                None => empty += 1,
                Some(side) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(letter(side));
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(&format!(
        " {} {}/{} {} {}",
        letter(pos.side_to_move),
        pos.in_hand[0],
        pos.in_hand[1],
        pos.quiet_plies,
        pos.ground_mark()
    ));
    s
}

/// A position string that cannot be read. `column` counts characters from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "position string, column {}: {}",
            self.column, self.message
        )
    }
}

impl std::error::Error for PositionError {}

/// Reads a position string (see the module docs) into a variant and position.
pub fn parse_position(text: &str) -> Result<(Variant, Position), PositionError> {
    let err = |column: usize, message: String| PositionError { column, message };
    if !text.is_ascii() {
        let column = text.chars().position(|c| !c.is_ascii()).unwrap_or(0) + 1;
        return Err(err(column, "unexpected non-ASCII character".into()));
    }
    // Fields with their starting columns.
    let mut fields = Vec::new();
    let mut col = 1;
    for f in text.split(' ') {
        fields.push((col, f));
        col += f.len() + 1;
    }
    const NAMES: [&str; 6] = [
        "game",
        "board",
        "side to move",
        "hand",
        "quiet plies",
        "ground mark",
    ];
    if fields.len() != 6 || fields.iter().any(|(_, f)| f.is_empty()) {
        return Err(err(
            1,
            format!(
                "expected 6 fields separated by single spaces ({}), found {}",
                NAMES.join(", "),
                fields.len()
            ),
        ));
    }

    // 1. Game and options.
    let (c0, head) = fields[0];
    let mut parts = head.split(',');
    let id = parts.next().unwrap_or("");
    let kind = GameKind::from_id(id).ok_or_else(|| {
        err(
            c0,
            format!("unknown game `{id}` (expected pirates, asalto, fox-geese or bagh-chal)"),
        )
    })?;
    let mut variant = Variant::new(kind);
    let mut oc = c0 + id.len() + 1;
    for opt in parts {
        variant
            .set_option(opt)
            .map_err(|e| err(oc, e.to_string()))?;
        oc += opt.len() + 1;
    }

    // 2. Board.
    let (c1, board) = fields[1];
    let topo = super::board::Topology::get(kind.board());
    let letter = |side: Side| kind.piece_names(side).2;
    let mut pieces = [Bitboard::EMPTY; 2];
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != topo.size as usize {
        return Err(err(
            c1,
            format!("the board has {} ranks, found {}", topo.size, ranks.len()),
        ));
    }
    let mut rc = c1;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = topo.size - 1 - i as u8;
        let row: Vec<Point> = (0..topo.size)
            .filter_map(|f| Point::new(f, rank))
            .filter(|p| topo.points.contains(*p))
            .collect();
        let mut at = 0;
        for (j, ch) in rank_text.chars().enumerate() {
            let column = rc + j;
            if let Some(n) = ch.to_digit(10).filter(|&n| n >= 1) {
                at += n as usize;
                if at > row.len() {
                    return Err(err(
                        column,
                        format!("rank {} has only {} points", rank + 1, row.len()),
                    ));
                }
                continue;
            }
            let side = if ch == letter(Side::Hunters) {
                Side::Hunters
            } else if ch == letter(Side::Crowd) {
                Side::Crowd
            } else {
                return Err(err(
                    column,
                    format!(
                        "unexpected `{ch}`: expected {}, {} or a digit 1-7",
                        letter(Side::Hunters),
                        letter(Side::Crowd)
                    ),
                ));
            };
            let Some(&p) = row.get(at) else {
                return Err(err(
                    column,
                    format!("rank {} has only {} points", rank + 1, row.len()),
                ));
            };
            pieces[side.index()] = pieces[side.index()].with(p);
            at += 1;
        }
        if at != row.len() {
            return Err(err(
                rc,
                format!(
                    "rank {} describes {at} points, it has {}",
                    rank + 1,
                    row.len()
                ),
            ));
        }
        rc += rank_text.len() + 1;
    }

    // 3. Side to move.
    let (c2, side_text) = fields[2];
    let hunter_letter = letter(Side::Hunters).to_string();
    let crowd_letter = letter(Side::Crowd).to_string();
    let side = if side_text == hunter_letter {
        Side::Hunters
    } else if side_text == crowd_letter {
        Side::Crowd
    } else {
        return Err(err(
            c2,
            format!("side to move must be {hunter_letter} or {crowd_letter}, found `{side_text}`"),
        ));
    };

    // 4. Hands.
    let (c3, hand_text) = fields[3];
    let number = |column: usize, s: &str, what: &str, max: u32| -> Result<u32, PositionError> {
        match s.parse::<u32>() {
            Ok(n) if n <= max && s.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => Err(err(
                column,
                format!("{what} must be a whole number from 0 to {max}, found `{s}`"),
            )),
        }
    };
    let (h_text, c_text) = hand_text
        .split_once('/')
        .ok_or_else(|| err(c3, "hand must be `hunters/crowd`, e.g. 0/20".into()))?;
    let hunter_hand_max = if kind == GameKind::Asalto { 2 } else { 0 };
    let crowd_hand_max = if kind == GameKind::BaghChal { 20 } else { 0 };
    let h_hand = number(c3, h_text, "hunters in hand", hunter_hand_max)?;
    let c_hand = number(
        c3 + h_text.len() + 1,
        c_text,
        "crowd in hand",
        crowd_hand_max,
    )?;

    // 5, 6. Counters.
    let (c4, quiet_text) = fields[4];
    let limit = variant.quiet_limit().map_or(u16::MAX as u32, |l| l as u32);
    let quiet = number(c4, quiet_text, "quiet plies", limit)?;
    let (c5, mark_text) = fields[5];
    let mark = number(c5, mark_text, "ground mark", u16::MAX as u32)?;

    // Material and consistency.
    let hunters_total = pieces[0].count() + h_hand;
    let crowd_total = pieces[1].count() + c_hand;
    let fixed_hunters = kind != GameKind::Asalto;
    if (fixed_hunters && hunters_total != variant.hunter_count())
        || hunters_total > variant.hunter_count()
    {
        let (plural, _, _) = kind.piece_names(Side::Hunters);
        let want = if fixed_hunters { "exactly" } else { "at most" };
        return Err(err(
            c1,
            format!(
                "{kind} needs {want} {} {plural}, found {hunters_total}",
                variant.hunter_count()
            ),
        ));
    }
    if crowd_total > variant.crowd_count() {
        let (plural, _, _) = kind.piece_names(Side::Crowd);
        return Err(err(
            c1,
            format!(
                "{kind} has at most {} {plural}, found {crowd_total}",
                variant.crowd_count()
            ),
        ));
    }
    if h_hand > 0 && side != Side::Hunters {
        return Err(err(
            c2,
            "while officers are in hand, the officers are to move".into(),
        ));
    }
    let position = Position::from_parts(
        pieces,
        side,
        [h_hand as u8, c_hand as u8],
        quiet as u16,
        Some(mark as u16),
    );
    if mark < position.crowd_rank_sum() as u32 {
        return Err(err(
            c5,
            format!(
                "ground mark {mark} is below the crowd's rank sum {}",
                position.crowd_rank_sum()
            ),
        ));
    }
    Ok((variant, position))
}
