//! A table of Bagh-Chal's sliding phase: for every position with all goats
//! placed, who wins under our rules (RULES.md: the quiet limit) and in how
//! many plies, so the search reads perfect values instead of guessing.
//!
//! This module is what the game needs: the values, the probe, and the file
//! ([`Tablebase::to_bytes`] stores a table, [`Tablebase::from_bytes`] loads
//! it). It does no I/O: the caller reads the file (from disk or over HTTP)
//! and hands the bytes in, then passes the table to
//! [`crate::ai::Search::with_tablebase`]. The retrograde analysis that
//! computes a table is offline work, in `crate::analysis::tablebase`.

pub mod index;

use crate::rules::{Position, Variant};

use index::{Board, Indexer, STORED_TIGER_SETS, Symmetry};

/// The rules a table is built for: ours are `SlidingRules::OURS`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SlidingRules {
    /// Goats in the game (all on the board when sliding starts).
    pub goats: usize,
    /// Captures that win for the tigers.
    pub captures_to_win: usize,
    /// Plies without a capture that draw.
    pub quiet_limit: u8,
}

impl SlidingRules {
    /// RULES.md: twenty goats, five captures win, a hundred quiet plies draw.
    pub const OURS: SlidingRules = SlidingRules {
        goats: 20,
        captures_to_win: 5,
        quiet_limit: 100,
    };
}

/// The values of one sub-game: a byte ([`Value`]) per position, indexed
/// by [`Indexer::index`], for each side to move.
#[derive(Clone, Debug)]
pub struct Subgame {
    pub captured: usize,
    pub goats: usize,
    pub tigers_to_move: Vec<u8>,
    pub goats_to_move: Vec<u8>,
}

/// Who wins a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    TigersWin,
    GoatsWin,
    Draw,
}

/// One position's entry: a draw, or a side that forces a win within so
/// many plies (to the capture that decides it, or to the loser having no
/// move). A draw may also say how soon the tigers can force a capture
/// anyway (one that does not decide the game), in steps of four plies.
///
/// Bytes: 0 draw; 1 + p tigers win in p plies (p ≤ 100); 102 + p / 4 draw,
/// but the tigers force a capture within p plies; 128 + p goats win in p.
/// The analysis of fragile draws (`crate::analysis::tablebase::mark_fragile`)
/// marks a copy with 229; the table itself never holds that byte.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Value(pub u8);

impl Value {
    pub const DRAW: Value = Value(0);
    /// A draw with no capture the tigers can force, but fragile (only in
    /// the copies `crate::analysis::tablebase::mark_fragile` marks).
    pub const FRAGILE_DRAW: Value = Value(229);
    /// The longest win the bytes hold.
    pub const MAX_PLIES: u8 = 100;
    /// The tigers force a win within `plies` plies (at most 100).
    pub const fn tigers_win(plies: u8) -> Value {
        Value(1 + plies)
    }
    /// The goats force a win within `plies` plies (at most 100).
    pub const fn goats_win(plies: u8) -> Value {
        Value(128 + plies)
    }
    /// A draw in which the tigers can still force a capture within `plies`
    /// plies (kept rounded down to a multiple of four).
    pub const fn draw_with_capture(plies: u8) -> Value {
        let step = plies / 4;
        Value(102 + if step > 25 { 25 } else { step })
    }
    /// The side that can force a win (with no quiet limit in view).
    pub fn winner(self) -> Outcome {
        match self.0 {
            1..=101 => Outcome::TigersWin,
            128..=228 => Outcome::GoatsWin,
            _ => Outcome::Draw,
        }
    }
    /// Plies the winner needs, if a side wins.
    pub fn plies(self) -> Option<u8> {
        match self.0 {
            1..=101 => Some(self.0 - 1),
            128..=228 => Some(self.0 - 128),
            _ => None,
        }
    }
    /// In a draw: plies within which the tigers can force some capture
    /// (rounded down to a multiple of four), if they can.
    pub fn capture_within(self) -> Option<u8> {
        match self.0 {
            102..=127 => Some((self.0 - 102) * 4),
            _ => None,
        }
    }
    /// True for a draw with no capture the tigers can force in which they
    /// can still leave the goats a single move that keeps it so.
    pub fn is_fragile(self) -> bool {
        self == Value::FRAGILE_DRAW
    }
    /// The result with `quiet` plies already played without a capture:
    /// a win needs its plies to fit before the limit.
    pub fn outcome(self, quiet: u16, limit: u8) -> Outcome {
        match self.plies() {
            Some(p) if p as u16 + quiet <= limit as u16 => self.winner(),
            _ => Outcome::Draw,
        }
    }
}

/// A sliding-phase position looked up in the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Probe {
    pub value: Value,
    /// The result from here, with the position's quiet plies counted.
    pub outcome: Outcome,
    /// Goats captured so far.
    pub captured: usize,
}

/// Why table bytes could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TablebaseError(pub String);

impl std::fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bagh-Chal table: {}", self.0)
    }
}

impl std::error::Error for TablebaseError {}

/// The values of the sub-games with 0, 1, … captures, up to those stored.
/// Of each class of symmetric positions one is kept ([`Symmetry`]), so a
/// sub-game takes an eighth of its positions' bytes.
pub struct Tablebase {
    rules: SlidingRules,
    board: Board,
    index: Indexer,
    symmetry: Symmetry,
    /// `subgames[k]` has `k` goats captured; its value arrays are folded.
    subgames: Vec<Subgame>,
}

/// Bytes of a folded sub-game with `goats` goats, per side to move.
fn folded_size(goats: usize) -> usize {
    index::positions(goats) as usize / 12_650 * STORED_TIGER_SETS
}

const MAGIC: &[u8; 8] = b"SHBCTB01";

impl Tablebase {
    /// A table of the given sub-games, which must be those with 0, 1, …
    /// captures in order.
    pub fn new(rules: SlidingRules, subgames: Vec<Subgame>) -> Tablebase {
        debug_assert!(subgames.iter().enumerate().all(|(k, s)| s.captured == k));
        let index = Indexer::new();
        let symmetry = Symmetry::new(&index);
        let subgames = subgames
            .into_iter()
            .map(|s| Subgame {
                tigers_to_move: symmetry.fold(&index, s.goats, &s.tigers_to_move),
                goats_to_move: symmetry.fold(&index, s.goats, &s.goats_to_move),
                ..s
            })
            .collect();
        Tablebase::folded(rules, subgames, index, symmetry)
    }

    /// A table of sub-games already folded.
    fn folded(
        rules: SlidingRules,
        subgames: Vec<Subgame>,
        index: Indexer,
        symmetry: Symmetry,
    ) -> Tablebase {
        Tablebase {
            rules,
            board: Board::new(),
            index,
            symmetry,
            subgames,
        }
    }

    pub fn rules(&self) -> SlidingRules {
        self.rules
    }
    /// Sub-games held (folded): positions with up to `len - 1` goats captured.
    pub fn subgames(&self) -> &[Subgame] {
        &self.subgames
    }
    pub fn indexer(&self) -> &Indexer {
        &self.index
    }
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// True when the table answers for this variant (Bagh-Chal with its
    /// quiet limit, as built).
    pub fn serves(&self, variant: &Variant) -> bool {
        variant.game.id() == "bagh-chal"
            && variant.quiet_limit() == Some(self.rules.quiet_limit as u16)
            && variant.crowd_count() as usize == self.rules.goats
    }

    /// The entry for a position of the sliding phase with few enough
    /// captures; `None` during placement or beyond the table.
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        if pos.in_hand != [0, 0] {
            return None;
        }
        let (tigers, goats) = self.board.pieces(pos);
        let on_board = goats.count_ones() as usize;
        let captured = self.rules.goats.checked_sub(on_board)?;
        let sub = self.subgames.get(captured)?;
        if tigers.count_ones() as usize != index::TIGERS {
            return None;
        }
        let i = self.symmetry.folded_index(&self.index, tigers, goats) as usize;
        let values = match pos.side_to_move {
            crate::rules::Side::Hunters => &sub.tigers_to_move,
            crate::rules::Side::Crowd => &sub.goats_to_move,
        };
        let value = Value(*values.get(i)?);
        Some(Probe {
            value,
            outcome: value.outcome(pos.quiet_plies, self.rules.quiet_limit),
            captured,
        })
    }

    /// The table as a file: a header, then each sub-game's values deflated.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend([
            self.rules.goats as u8,
            self.rules.captures_to_win as u8,
            self.rules.quiet_limit,
            self.subgames.len() as u8,
        ]);
        for s in &self.subgames {
            let mut raw = s.tigers_to_move.clone();
            raw.extend_from_slice(&s.goats_to_move);
            let packed = miniz_oxide::deflate::compress_to_vec(&raw, 9);
            out.push(s.captured as u8);
            out.extend((packed.len() as u32).to_le_bytes());
            out.extend(checksum(&raw).to_le_bytes());
            out.extend(packed);
        }
        out
    }

    /// Reads [`Tablebase::to_bytes`]'s output, checking every part.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tablebase, TablebaseError> {
        let err = |m: &str| TablebaseError(m.to_string());
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or_else(|| err("not a table file (wrong header)"))?;
        let [goats, captures_to_win, quiet_limit, count, rest @ ..] = rest else {
            return Err(err("the file ends inside its header"));
        };
        let rules = SlidingRules {
            goats: *goats as usize,
            captures_to_win: *captures_to_win as usize,
            quiet_limit: *quiet_limit,
        };
        if rules.goats > 21 || rules.captures_to_win > rules.goats || *count as usize > rules.goats
        {
            return Err(err("the header's rules are impossible"));
        }
        let mut subgames = Vec::new();
        let mut rest = rest;
        for k in 0..*count as usize {
            let (sub, after) = read_subgame(rest, k, &rules)?;
            subgames.push(sub);
            rest = after;
        }
        if !rest.is_empty() {
            return Err(err("unexpected bytes after the last sub-game"));
        }
        let index = Indexer::new();
        let symmetry = Symmetry::new(&index);
        Ok(Tablebase::folded(rules, subgames, index, symmetry))
    }
}

/// One stored sub-game and the bytes after it.
fn read_subgame<'a>(
    bytes: &'a [u8],
    k: usize,
    rules: &SlidingRules,
) -> Result<(Subgame, &'a [u8]), TablebaseError> {
    let err = |m: String| TablebaseError(m);
    let [captured, l0, l1, l2, l3, c0, c1, c2, c3, rest @ ..] = bytes else {
        return Err(err(format!(
            "sub-game {k}: the file ends inside its header"
        )));
    };
    if *captured as usize != k {
        return Err(err(format!(
            "sub-game {k}: found {captured} captures instead"
        )));
    }
    let len = u32::from_le_bytes([*l0, *l1, *l2, *l3]) as usize;
    let sum = u32::from_le_bytes([*c0, *c1, *c2, *c3]);
    if rest.len() < len {
        return Err(err(format!("sub-game {k}: the file is cut short")));
    }
    let (packed, after) = rest.split_at(len);
    let goats = rules.goats - k;
    let size = folded_size(goats);
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(packed, 2 * size)
        .map_err(|e| err(format!("sub-game {k}: damaged data ({e:?})")))?;
    if raw.len() != 2 * size || checksum(&raw) != sum {
        return Err(err(format!("sub-game {k}: damaged data (checksum)")));
    }
    let (t, g) = raw.split_at(size);
    let sub = Subgame {
        captured: k,
        goats,
        tigers_to_move: t.to_vec(),
        goats_to_move: g.to_vec(),
    };
    Ok((sub, after))
}

/// FNV-1a over the values, to catch a damaged download.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811C_9DC5u32, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_count_the_quiet_plies() {
        let v = Value::tigers_win(10);
        assert_eq!(v.outcome(0, 100), Outcome::TigersWin);
        assert_eq!(v.outcome(90, 100), Outcome::TigersWin);
        assert_eq!(v.outcome(91, 100), Outcome::Draw);
        let g = Value::goats_win(0);
        assert_eq!(g.outcome(100, 100), Outcome::GoatsWin);
        assert_eq!(Value::DRAW.outcome(0, 100), Outcome::Draw);
        let threatened = Value::draw_with_capture(13);
        assert_eq!(threatened.winner(), Outcome::Draw);
        assert_eq!(threatened.plies(), None);
        assert_eq!(threatened.capture_within(), Some(12));
        assert_eq!(Value::draw_with_capture(100).capture_within(), Some(100));
        assert_eq!(Value::tigers_win(100).winner(), Outcome::TigersWin);
        assert_eq!(Value::goats_win(100).plies(), Some(100));
    }
}
