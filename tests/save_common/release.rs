//! The files the release of 2026-12 wrote (`tests/data/release-2026-12`,
//! made by that release's own code: its README says how): where they are,
//! a copy to load (loading changes a folder: a refused file is moved
//! aside, the family's old autosave is read once), and what the old code
//! said of each (`expected.ron`, `server/*-expected.ron`), for the tests
//! of both binaries.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use stronghold::ai::Level;
use stronghold::rules::{Game, Side};
use stronghold::save::Ending;

/// The folder of the old release's files.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/release-2026-12")
}

/// A copy of the old config folder (settings, autosaves, named saves) in a
/// temporary folder.
pub fn config_copy() -> tempfile::TempDir {
    let copy = tempfile::tempdir().expect("a temporary folder");
    copy_dir(&dir().join("config"), copy.path());
    copy
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a folder");
    for entry in fs::read_dir(from).expect("the old files") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).expect("a copy");
        }
    }
}

/// Reads one of the expectation files the old code wrote.
pub fn read<T: for<'de> Deserialize<'de>>(file: &str) -> T {
    let path = dir().join(file);
    let text = fs::read_to_string(&path).expect("an expectation file");
    ron::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What the old code said of a position.
#[derive(Clone, Debug, Deserialize)]
pub struct PositionFacts {
    pub position: String,
    pub to_move: Side,
    /// Sorted.
    pub legal: Vec<String>,
}

/// Checks that today's `game` stands where the old rules stood: the same
/// position (the old string reads as today's game, variant and all; a
/// game given options since writes them in its string, so the strings
/// themselves may differ), side to move and legal moves (by text).
pub fn assert_same_position(game: &Game, old: &PositionFacts, what: &str) {
    assert_same_string(&game.position_string(), &old.position, what);
    assert_eq!(game.side_to_move(), old.to_move, "{what}: the side to move");
    let mut legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.move_text(m))
        .collect();
    legal.sort();
    assert_eq!(legal, old.legal, "{what}: the legal moves");
}

/// Checks that a position string written today and one the old code wrote
/// name the same game, options and position.
pub fn assert_same_string(today: &str, old: &str, what: &str) {
    let read = |s: &str| {
        let game = Game::from_position_string(s).unwrap_or_else(|e| panic!("{what}: {s}: {e}"));
        (*game.variant(), *game.position())
    };
    assert_eq!(
        read(today),
        read(old),
        "{what}: the position ({today} against {old})"
    );
}

/// A save as the old code read it back.
#[derive(Clone, Debug, Deserialize)]
pub struct SaveFacts {
    /// The file, under the config folder (`autosave.ron`, `saves/STEM.ron`).
    pub file: String,
    pub name: String,
    pub game: String,
    pub options: Vec<String>,
    pub start: String,
    pub moves: Vec<String>,
    pub redo: Vec<String>,
    pub hunters: Option<Level>,
    pub crowd: Option<Level>,
    pub skin: Option<String>,
    pub flipped: bool,
    pub ending: Option<Ending>,
    pub finished: bool,
    /// Plies its analysis covers (0: none).
    pub analysed: usize,
    pub now: PositionFacts,
    pub after_redo: PositionFacts,
}

impl SaveFacts {
    /// The named save's file stem, or None for the autosave.
    pub fn stem(&self) -> Option<&str> {
        self.file.strip_prefix("saves/")?.strip_suffix(".ron")
    }
}

/// The family screen's autosave as the old code read it back.
#[derive(Clone, Debug, Deserialize)]
pub struct FamilyFacts {
    pub file: String,
    pub game: String,
    pub moves: Vec<String>,
    pub hunters: Option<Level>,
    pub crowd: Option<Level>,
    pub skin: Option<String>,
    pub to_move: Side,
    /// The points of each side's pieces, by the board's names, sorted.
    pub hunters_at: Vec<String>,
    pub crowd_at: Vec<String>,
    pub in_hand: [u8; 2],
    /// Sorted.
    pub legal: Vec<String>,
}

/// Checks today's game of the family's old autosave against the old facts.
pub fn assert_same_family_position(game: &Game, old: &FamilyFacts) {
    let board = game.rules().board();
    let at = |side: Side| {
        let mut names: Vec<String> = game.position().pieces[side.index()]
            .into_iter()
            .map(|p| board.name(p).to_string())
            .collect();
        names.sort();
        names
    };
    assert_eq!(at(Side::Hunters), old.hunters_at, "the hunters' points");
    assert_eq!(at(Side::Crowd), old.crowd_at, "the crowd's points");
    assert_eq!(game.position().in_hand, old.in_hand, "pieces in hand");
    assert_eq!(game.side_to_move(), old.to_move, "the side to move");
    let mut legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.move_text(m))
        .collect();
    legal.sort();
    assert_eq!(legal, old.legal, "the legal moves");
}

/// The settings' language, as the old file names it (the game's
/// `Language` is not in the plain-Rust tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Lang {
    English,
    Russian,
}

/// Puzzle progress as the old code counted it.
#[derive(Clone, Debug, Deserialize)]
pub struct ProgressFacts {
    /// Per key of the solved map (`pirates`, `family/kaooa`): the ids.
    pub solved: BTreeMap<String, Vec<String>>,
    pub rating: BTreeMap<String, f64>,
    pub tried: BTreeMap<String, u32>,
    pub history_len: BTreeMap<String, usize>,
    pub best_streak: BTreeMap<String, u32>,
}

/// `expected.ron`: what the old code said of the config folder.
#[derive(Clone, Debug, Deserialize)]
pub struct Expected {
    pub settings_file: String,
    pub language: Lang,
    pub skins: BTreeMap<String, String>,
    pub player_name: String,
    pub player_key: String,
    pub progress: ProgressFacts,
    pub saves: Vec<SaveFacts>,
    pub family: FamilyFacts,
}

pub fn expected() -> Expected {
    read("expected.ron")
}

/// A player's rating in one pool, as the old server stored it.
#[derive(Clone, Debug, Deserialize)]
pub struct StoredRating {
    pub pool: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

/// A player as the old server stored it.
#[derive(Clone, Debug, Deserialize)]
pub struct StoredPlayer {
    pub name: String,
    pub key: String,
    pub bot: bool,
    pub ratings: Vec<StoredRating>,
}

/// A game as the old server stored it, replayed by the old rules.
#[derive(Clone, Debug, Deserialize)]
pub struct StoredGame {
    pub code: String,
    pub game_no: u32,
    pub game: String,
    pub options: Vec<String>,
    pub rated: bool,
    /// The stored result's winner and reason (`crowd`, `no_moves`).
    pub winner: Option<String>,
    pub reason: Option<String>,
    pub moves: Vec<String>,
    /// Before each ply, and after the last.
    pub plies: Vec<PositionFacts>,
    /// The old rules' own outcome after the last move (Debug text).
    pub outcome: Option<String>,
}

/// `server/*-expected.ron`: a database the old server wrote.
#[derive(Clone, Debug, Deserialize)]
pub struct ServerFacts {
    pub players: Vec<StoredPlayer>,
    pub games: Vec<StoredGame>,
}
