//! Puzzles: a position, the one move that does what the goal asks
//! ([`Goal`]), and the line that follows, each answer proven the only one
//! ([`Proof`]: Bagh-Chal's table, the Fox and Geese proof search, the
//! game solved backwards, or a search's margin); a set per game
//! ([`PuzzleSet`], a RON asset under `assets/puzzles/`, one format for
//! every game), and one being solved ([`PuzzleRun`]).
//!
//! The proofs are checked again by [`super::prove`].

use serde::{Deserialize, Serialize};

use crate::rules::{Game, GameId, Move, PositionError, Side};

/// The version of [`PuzzleSet`] this build writes and reads: 2 added the
/// quickest win ([`Goal::WinQuickest`]), the backward solve
/// ([`Proof::Solved`]) and a puzzle's former id ([`Puzzle::former_id`]).
pub const PUZZLES_VERSION: u32 = 2;

/// What the player has to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Goal {
    /// Find the only move that wins by force.
    Win,
    /// Find the quickest win: more than one move wins, and only this one
    /// wins in the fewest plies (the others win later, draw or lose).
    WinQuickest,
    /// Find the only move that keeps the draw: every other one loses.
    Hold,
    /// Find the move that takes the most: a capture of as many pieces as
    /// any move takes, that the search prefers to every other by a margin
    /// (the hunters of Pirates and Asalto, who rarely win).
    TakeMost,
    /// Find the move that holds out longest in a lost position: every move
    /// loses within the search, this one at least two plies later.
    HoldOut,
    /// Find the move a deep search prefers to every other by a margin.
    BestMove,
}

impl Goal {
    /// The word `puzzles list` prints.
    pub const fn id(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::WinQuickest => "win-quickest",
            Goal::Hold => "hold",
            Goal::TakeMost => "take-most",
            Goal::HoldOut => "hold-out",
            Goal::BestMove => "best-move",
        }
    }
}

/// How each answer of the line is known to be the only one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Proof {
    /// Bagh-Chal's sliding-phase table: every other legal move changes the
    /// result (positions with goats in hand count when every move from
    /// them reaches the table).
    Table,
    /// The Fox and Geese proof search: every other legal move loses.
    ProofSearch,
    /// The game solved backwards from its start (a small game whose file
    /// says it is solved, `ai::solve`): the value of every move is known,
    /// and each answer is the only one that keeps its result (or, for the
    /// quickest win, the only one that wins soonest), with every win
    /// coming before the draw for quiet moves could.
    Solved,
    /// A full search of the position's moves, each to `depth` plies in all:
    /// the answer scores at least `margin` hundredths of a piece above
    /// every other move (forced wins and losses count as far apart).
    SearchMargin { depth: u32, margin: i32 },
}

impl Proof {
    /// The word `puzzles list` prints: `table`, `proof`, `solved`,
    /// `search-margin`.
    pub const fn id(self) -> &'static str {
        match self {
            Proof::Table => "table",
            Proof::ProofSearch => "proof",
            Proof::Solved => "solved",
            Proof::SearchMargin { .. } => "search-margin",
        }
    }
}

/// One puzzle.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Puzzle {
    /// The position string of the position to solve.
    pub position: String,
    /// The solution: the solver's moves and the replies the computer plays,
    /// in order, from the solver's first move to the solver's last.
    pub line: Vec<String>,
    pub goal: Goal,
    pub proof: Proof,
    /// How deep the solution is: the fewest plies a plain search (no
    /// table, no proof) must look ahead to choose the first answer, or
    /// [`Puzzle::BEYOND`] when no search of up to 15 plies chooses it.
    pub depth: u32,
    /// Plies to the end of the game with best play, when the proof knows.
    #[serde(default)]
    pub win_in: Option<u32>,
    /// The puzzle's id in an earlier format, where it was converted from
    /// one (the hunt family's sets were written as moves from the start):
    /// progress the player made under that id still counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub former_id: Option<String>,
}

impl Puzzle {
    /// The depth of a puzzle whose answer no search of up to 15 plies finds.
    pub const BEYOND: u32 = 16;

    /// The game at the puzzle's position.
    pub fn game(&self) -> Result<Game, PositionError> {
        Game::from_position_string(&self.position)
    }

    /// 1 (easiest) to 5 from [`Puzzle::depth`]: up to 2, 4, 6, 9 plies, more.
    pub fn difficulty(&self) -> u8 {
        match self.depth {
            0..=2 => 1,
            3..=4 => 2,
            5..=6 => 3,
            7..=9 => 4,
            _ => 5,
        }
    }

    /// `puzzles list`'s line: the position string, a tab, the line's moves.
    pub fn list_line(&self) -> String {
        format!("{}\t{}", self.position, self.line.join(" "))
    }

    /// The puzzle's id in the player's progress: [`puzzle_id`] of its
    /// position and first answer.
    pub fn id(&self) -> String {
        puzzle_id(&self.position, self.line.first().map_or("", String::as_str))
    }
}

/// A puzzle's id: its position and answer, hashed (FNV-1a), so a set
/// rebuilt in another order keeps what was solved. (The hunt family's
/// earlier sets hashed the moves from the start, joined by spaces, in
/// place of the position: [`Puzzle::former_id`].)
pub fn puzzle_id(position: &str, first_move: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in position.bytes().chain([b' ']).chain(first_move.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// A game's puzzles, easiest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleSet {
    pub version: u32,
    pub game: GameId,
    pub puzzles: Vec<Puzzle>,
}

/// Why a puzzle file could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PuzzleFileError {
    /// Not RON, or not a puzzle set: the parser's message.
    Malformed(String),
    /// Written by a newer Stronghold.
    TooNew { version: u32 },
}

impl std::fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PuzzleFileError::Malformed(why) => write!(f, "not a puzzle set: {why}"),
            PuzzleFileError::TooNew { version } => write!(
                f,
                "the puzzle set has version {version}; this build reads up to {PUZZLES_VERSION}"
            ),
        }
    }
}

impl std::error::Error for PuzzleFileError {}

impl PuzzleSet {
    /// Where a game's set is, under the assets folder.
    pub fn asset_path(kind: GameId) -> String {
        format!("puzzles/{}.ron", kind.id())
    }

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .compact_arrays(true)
            .struct_names(false);
        ron::ser::to_string_pretty(self, config).expect("a puzzle set is plain data")
    }

    pub fn from_ron(text: &str) -> Result<PuzzleSet, PuzzleFileError> {
        #[derive(Deserialize)]
        struct VersionOnly {
            version: u32,
        }
        let malformed = |e: ron::error::SpannedError| PuzzleFileError::Malformed(e.to_string());
        let probe: VersionOnly = ron::from_str(text).map_err(malformed)?;
        if probe.version > PUZZLES_VERSION {
            return Err(PuzzleFileError::TooNew {
                version: probe.version,
            });
        }
        ron::from_str(text).map_err(malformed)
    }
}

/// What a move tried in a puzzle did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Attempt {
    /// Not the answer: nothing was played; try again.
    Wrong,
    /// The answer; the computer's reply (played already) follows.
    Right { reply: Move },
    /// The last answer: the puzzle is solved.
    Solved,
}

/// A puzzle being solved: the game so far along its line.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    game: Game,
    line: Vec<Move>,
    /// Moves of the line played so far.
    next: usize,
    solver: Side,
}

/// Why a puzzle cannot be played: its position or a move of its line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BadPuzzle {
    Position(PositionError),
    /// The line's move at this index (from 0) is not legal there.
    Move {
        index: usize,
        text: String,
    },
}

impl std::fmt::Display for BadPuzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadPuzzle::Position(e) => write!(f, "the puzzle's position: {e}"),
            BadPuzzle::Move { index, text } => {
                write!(f, "the puzzle's move {} ({text}) is not legal", index + 1)
            }
        }
    }
}

impl std::error::Error for BadPuzzle {}

impl PuzzleRun {
    /// The puzzle at its start, its whole line checked to be legal.
    pub fn new(puzzle: &Puzzle) -> Result<PuzzleRun, BadPuzzle> {
        let game = puzzle.game().map_err(BadPuzzle::Position)?;
        let mut check = game.clone();
        let mut line = Vec::with_capacity(puzzle.line.len());
        for (index, text) in puzzle.line.iter().enumerate() {
            let bad = || BadPuzzle::Move {
                index,
                text: text.clone(),
            };
            let mv = check.parse_move(text).map_err(|_| bad())?;
            check.play_unchecked(&mv);
            line.push(mv);
        }
        if line.is_empty() {
            return Err(BadPuzzle::Move {
                index: 0,
                text: String::new(),
            });
        }
        let solver = game.side_to_move();
        Ok(PuzzleRun {
            game,
            line,
            next: 0,
            solver,
        })
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side the player plays.
    pub fn solver(&self) -> Side {
        self.solver
    }

    /// The answer expected now (the hint), until the puzzle is solved.
    pub fn expected(&self) -> Option<Move> {
        self.line.get(self.next).copied()
    }

    pub fn is_solved(&self) -> bool {
        self.next >= self.line.len()
    }

    /// Tries `mv`: the answer is played (with the reply after it), any
    /// other move changes nothing.
    pub fn try_move(&mut self, mv: &Move) -> Attempt {
        if self.expected() != Some(*mv) {
            return Attempt::Wrong;
        }
        self.game.play_unchecked(mv);
        self.next += 1;
        // Replies until the solver is to move again (or the line ends).
        let mut reply = None;
        while let Some(r) = self.expected() {
            if self.game.side_to_move() == self.solver {
                break;
            }
            self.game.play_unchecked(&r);
            self.next += 1;
            reply = Some(r);
        }
        match reply {
            Some(reply) if !self.is_solved() => Attempt::Right { reply },
            _ => Attempt::Solved,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(line: &[&str]) -> Puzzle {
        Puzzle {
            position: "bagh-chal TGGGT/GGGGG/GT1GG/GGGGG/GGGGT T 0/0 0 40".into(),
            line: line.iter().map(|s| s.to_string()).collect(),
            goal: Goal::Win,
            proof: Proof::Table,
            depth: 1,
            win_in: Some(1),
            former_id: None,
        }
    }

    #[test]
    fn a_run_takes_the_answer_and_refuses_the_rest() {
        let mut run = PuzzleRun::new(&puzzle(&["e5xc3"])).unwrap();
        assert_eq!(run.solver(), Side::Hunters);
        assert_eq!(
            run.try_move(&run.game().rules().parse_move("b3-c3").unwrap()),
            Attempt::Wrong
        );
        assert_eq!(run.game().ply(), 0);
        assert_eq!(
            run.expected(),
            Some(run.game().rules().parse_move("e5xc3").unwrap())
        );
        assert_eq!(
            run.try_move(&run.game().rules().parse_move("e5xc3").unwrap()),
            Attempt::Solved
        );
        assert!(run.is_solved());
    }

    #[test]
    fn an_illegal_line_is_refused_with_its_move() {
        let err = PuzzleRun::new(&puzzle(&["e5xc3", "a1-a2"])).unwrap_err();
        assert_eq!(
            err,
            BadPuzzle::Move {
                index: 1,
                text: "a1-a2".into()
            }
        );
    }

    #[test]
    fn a_set_reads_back_and_a_newer_one_is_refused() {
        let set = PuzzleSet {
            version: PUZZLES_VERSION,
            game: GameId::named("bagh-chal"),
            puzzles: vec![puzzle(&["e5xc3"])],
        };
        assert_eq!(PuzzleSet::from_ron(&set.to_ron()), Ok(set.clone()));
        let newer = set.to_ron().replacen("version: 2", "version: 9", 1);
        assert_eq!(
            PuzzleSet::from_ron(&newer),
            Err(PuzzleFileError::TooNew { version: 9 })
        );
        assert!(matches!(
            PuzzleSet::from_ron("(nope)"),
            Err(PuzzleFileError::Malformed(_))
        ));
    }
}
