//! Why a game file is refused, and where in the file.

use std::fmt;

use crate::rules::side::Side;

/// What is wrong with a game file. `Display` is the English of the command
/// line; the game translates each kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The text is not a game file (RON's own message).
    Syntax(String),
    /// The file is not UTF-8 text.
    NotText,
    /// The file's `id` is not lower case letters, digits and hyphens.
    BadId(String),
    GridSize {
        files: u8,
        ranks: u8,
    },
    UnknownPoint {
        name: String,
        field: String,
    },
    PointTwice {
        name: String,
        field: String,
    },
    BadPointName(String),
    BadCoordinate(String),
    SamePlace(String, String),
    TooManyPoints(usize),
    TooFewPoints(usize),
    ShortLine(String),
    LineToItself(String),
    PointWithoutLines(String),
    BadJump(String),
    JumpOffLines(String),
    JumpNotStraight(String),
    BadLetter(char),
    SameLetter(char),
    /// A point where both sides start.
    BothStartOn(String),
    NoPieces(Side),
    CrowdTooLarge(usize),
    /// A side has more pieces than the board has points.
    TooManyPieces {
        pieces: usize,
        points: usize,
    },
    /// An end the game can never reach, and why.
    Unreachable(Unreachable),
    NoEnds,
    /// An option whose default is not one of its values (or has none).
    BadOption(String),
    /// More options than a game may have.
    TooManyOptions(usize),
    /// The line evaluation on a board that is no grid of at most seven files.
    LinesNeedGrid,
    /// A rule of a few games used where it cannot work.
    Misused(Misused),
}

/// How a rule of a few games (stacks, several placements a turn, line
/// captures, [`super::file::SpecialRule`]) is used where it cannot work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Misused {
    /// A stack not written `point=count`, not on a crowd start point, of
    /// fewer than two pieces, or named twice.
    BadStack(String),
    /// More stack points than a game may have.
    TooManyStacks(usize),
    /// Stacks of hunters.
    HunterStacks,
    /// A point to restack on that holds no stack at the start.
    RestackOffStack(String),
    /// A first turn of fewer than two placements, more than the hand, or
    /// with `places_in_a_row`.
    FirstTurnPlaces(u8),
    /// A line capture with capture chains.
    LineNeedsSingleHop,
    /// A crowd whose forward flips but that steps no one way.
    FlipNeedsForward,
    /// Hunters that take turns, but fewer than two of them.
    TurnsNeedTwoHunters,
    /// An owed piece where nothing captures, or nowhere to add it.
    OwedNeedsCaptures,
    /// Two rules that each keep a count of their own.
    TwoCounters,
    /// A side starting on a point it may never enter.
    StartsKeptOff(String),
    /// Level lengths without a line capture.
    LevelLengthsNeedLine,
    /// A rule for a chain's later hops where captures do not chain.
    LaterHopsNeedChains,
    /// A removal after the first placement, but no hunters placed in a row
    /// (two or more) or no crowd piece on the board to remove.
    RemovalNeedsPlacements,
    /// A two-round match with captures, with other than one hunter, or
    /// with rounds of no plies.
    TwoRoundsNeedBlockade,
}

impl fmt::Display for Misused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misused::BadStack(item) => write!(
                f,
                "the stack `{item}` must be `point=count` on a crowd start point, with at least 2 pieces, each point once"
            ),
            Misused::TooManyStacks(n) => write!(f, "{n} stack points (at most 4)"),
            Misused::HunterStacks => write!(f, "only the crowd's pieces stack"),
            Misused::RestackOffStack(name) => {
                write!(f, "`{name}` in `restack_on` holds no stack at the start")
            }
            Misused::FirstTurnPlaces(n) => write!(
                f,
                "a first turn of {n} placements (2 up to the pieces in hand, and not with `places_in_a_row`)"
            ),
            Misused::LineNeedsSingleHop => {
                write!(f, "a line capture needs `chain: Single`")
            }
            Misused::FlipNeedsForward => write!(
                f,
                "the crowd's forward flips, but its steps are not `Forward` or `ForwardOrSideways`"
            ),
            Misused::TurnsNeedTwoHunters => {
                write!(f, "the hunters take turns, but there are fewer than two")
            }
            Misused::OwedNeedsCaptures => write!(
                f,
                "a declined capture owes a piece, but nothing captures or no point is named"
            ),
            Misused::TwoCounters => write!(
                f,
                "`CrowdForwardFlips`, `HuntersTakeTurns`, `DeclinedCaptureOwes` and `TwoRounds` cannot be combined"
            ),
            Misused::StartsKeptOff(name) => {
                write!(f, "a side starts on `{name}`, which its `keep_off` bars")
            }
            Misused::LevelLengthsNeedLine => {
                write!(
                    f,
                    "`level_lengths` needs a line capture (`line` other than `One`)"
                )
            }
            Misused::LaterHopsNeedChains => {
                write!(
                    f,
                    "`later_hops` needs capture chains (`Optional` or `Maximal`)"
                )
            }
            Misused::RemovalNeedsPlacements => write!(
                f,
                "`RemoveAfterFirstPlacement` needs two or more hunters in hand placed in a row, and crowd pieces on the board"
            ),
            Misused::TwoRoundsNeedBlockade => write!(
                f,
                "`TwoRounds` needs `chain: NoCapture`, one hunter, and rounds of at least one ply"
            ),
        }
    }
}

impl Misused {
    /// The text in the file the problem is about.
    fn anchor(&self) -> String {
        match self {
            Misused::BadStack(item) => item.clone(),
            Misused::RestackOffStack(_) => "restack_on".to_string(),
            Misused::TooManyStacks(_) | Misused::HunterStacks => "stacks".to_string(),
            Misused::FirstTurnPlaces(_) => "first_turn_places".to_string(),
            Misused::LineNeedsSingleHop => "line:".to_string(),
            Misused::FlipNeedsForward => "CrowdForwardFlips".to_string(),
            Misused::TurnsNeedTwoHunters => "HuntersTakeTurns".to_string(),
            Misused::OwedNeedsCaptures => "DeclinedCaptureOwes".to_string(),
            Misused::TwoCounters => "special".to_string(),
            Misused::StartsKeptOff(_) => "keep_off".to_string(),
            Misused::LevelLengthsNeedLine => "level_lengths".to_string(),
            Misused::LaterHopsNeedChains => "later_hops".to_string(),
            Misused::RemovalNeedsPlacements => "RemoveAfterFirstPlacement".to_string(),
            Misused::TwoRoundsNeedBlockade => "TwoRounds".to_string(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Syntax(message) => write!(f, "{message}"),
            Problem::NotText => write!(f, "the file is not UTF-8 text"),
            Problem::BadId(id) => write!(
                f,
                "the id `{id}` must be lower-case letters, digits and hyphens"
            ),
            Problem::GridSize { files, ranks } => write!(
                f,
                "a grid of {files} files and {ranks} ranks (1 to 23 files, 1 to 9 ranks)"
            ),
            Problem::UnknownPoint { name, field } => {
                write!(f, "`{name}` in `{field}` is not a point of the board")
            }
            Problem::PointTwice { name, field } => {
                write!(f, "`{name}` is named twice in `{field}`")
            }
            Problem::BadPointName(name) => write!(
                f,
                "the point name `{name}` must be lower-case letters and digits, start with a letter, have no `x` and be at most 8 long"
            ),
            Problem::BadCoordinate(name) => {
                write!(f, "the point `{name}` has no finite coordinates")
            }
            Problem::SamePlace(a, b) => {
                write!(f, "the points `{a}` and `{b}` are drawn in the same place")
            }
            Problem::TooManyPoints(n) => write!(f, "the board has {n} points (at most 64)"),
            Problem::TooFewPoints(n) => write!(f, "the board has {n} points (at least 2)"),
            Problem::ShortLine(run) => write!(f, "the line `{run}` needs at least two points"),
            Problem::LineToItself(name) => write!(f, "a line joins `{name}` to itself"),
            Problem::PointWithoutLines(name) => write!(f, "the point `{name}` has no lines"),
            Problem::BadJump(triple) => {
                write!(
                    f,
                    "the jump line `{triple}` must name three points: from, over, to"
                )
            }
            Problem::JumpOffLines(triple) => {
                write!(
                    f,
                    "the jump line `{triple}` does not follow the board's lines"
                )
            }
            Problem::JumpNotStraight(triple) => {
                write!(f, "the jump line `{triple}` is not straight")
            }
            Problem::BadLetter(c) => {
                write!(f, "the piece letter `{c}` must be an upper-case letter")
            }
            Problem::SameLetter(c) => write!(f, "both sides use the letter `{c}`"),
            Problem::BothStartOn(name) => write!(f, "both sides start on `{name}`"),
            Problem::NoPieces(side) => write!(f, "the {} have no pieces", side_word(*side)),
            Problem::CrowdTooLarge(n) => write!(f, "the crowd has {n} pieces (at most 48)"),
            Problem::TooManyPieces { pieces, points } => {
                write!(
                    f,
                    "{pieces} pieces of one side on a board of {points} points"
                )
            }
            Problem::Unreachable(why) => write!(f, "an end that can never come: {why}"),
            Problem::NoEnds => write!(f, "the game has no way to end"),
            Problem::TooManyOptions(n) => write!(f, "{n} options (at most 4)"),
            Problem::LinesNeedGrid => write!(
                f,
                "the `Lines` evaluation needs a grid board of at most seven files, every line one step"
            ),
            Problem::BadOption(key) => write!(
                f,
                "the option `{key}` needs values, its default among them, and changes for other values only"
            ),
            Problem::Misused(why) => write!(f, "{why}"),
        }
    }
}

/// Why an end can never come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// The crowd is to be cut down, but nothing captures.
    NothingCaptures,
    /// The crowd starts with `crowd`, not more than the `limit` that ends it.
    CrowdAlreadyDown { crowd: usize, limit: u8 },
    /// A region to fill with no point in it.
    EmptyRegion,
    /// More points to fill than the crowd has pieces.
    RegionTooLarge { points: usize, pieces: usize },
    /// The crowd can never stand on some point of the region.
    RegionOutOfReach,
    /// No piece of the side can ever reach the region.
    GoalOutOfReach,
    /// A move limit of 0.
    ZeroMoves,
    /// The hunters are to be cut down, but nothing removes them (no huffing).
    HuntersNeverLost,
    /// The hunters are to get behind the crowd, but the crowd has no
    /// forward (it may step any way, or not at all).
    CrowdHasNoForward,
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreachable::NothingCaptures => write!(f, "the crowd is cut down but nothing captures"),
            Unreachable::CrowdAlreadyDown { crowd, limit } => {
                write!(f, "the crowd starts with {crowd}, not more than {limit}")
            }
            Unreachable::EmptyRegion => write!(f, "an empty region to fill"),
            Unreachable::RegionTooLarge { points, pieces } => {
                write!(f, "{points} points to fill with {pieces} pieces")
            }
            Unreachable::RegionOutOfReach => {
                write!(f, "the crowd can never stand on every point to fill")
            }
            Unreachable::GoalOutOfReach => write!(f, "no piece can ever reach the region"),
            Unreachable::ZeroMoves => write!(f, "a move limit of 0"),
            Unreachable::CrowdHasNoForward => write!(
                f,
                "the hunters are to get behind the crowd, but the crowd steps no one way"
            ),
            Unreachable::HuntersNeverLost => {
                write!(
                    f,
                    "the hunters are cut down but nothing removes them (no huffing)"
                )
            }
        }
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Hunters => "hunters",
        Side::Crowd => "crowd",
    }
}

impl Problem {
    /// The text in the file the problem is about, to find its line.
    pub fn anchor(&self) -> Option<String> {
        match self {
            Problem::UnknownPoint { name, .. }
            | Problem::PointTwice { name, .. }
            | Problem::BadPointName(name)
            | Problem::BadCoordinate(name)
            | Problem::LineToItself(name)
            | Problem::PointWithoutLines(name)
            | Problem::BothStartOn(name)
            | Problem::SamePlace(_, name) => Some(name.clone()),
            Problem::BadId(text)
            | Problem::ShortLine(text)
            | Problem::BadJump(text)
            | Problem::JumpOffLines(text)
            | Problem::JumpNotStraight(text) => Some(text.clone()),
            Problem::GridSize { .. } => Some("grid".to_string()),
            Problem::BadLetter(c) | Problem::SameLetter(c) => Some(format!("'{c}'")),
            Problem::TooManyPoints(_) | Problem::TooFewPoints(_) => Some("board".to_string()),
            Problem::NoPieces(side) => Some(format!("{}:", side_word(*side))),
            Problem::CrowdTooLarge(_) => Some("crowd:".to_string()),
            Problem::TooManyPieces { .. } => Some("in_hand".to_string()),
            Problem::Unreachable(_) | Problem::NoEnds => Some("ends".to_string()),
            Problem::BadOption(key) => Some(format!("\"{key}\"")),
            Problem::TooManyOptions(_) => Some("options".to_string()),
            Problem::LinesNeedGrid => Some("Lines".to_string()),
            Problem::Misused(why) => Some(why.anchor()),
            Problem::Syntax(_) | Problem::NotText => None,
        }
    }
}

/// A refused game file: which file, where in it, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFileError {
    /// The file's path, or a name for a built-in game.
    pub file: String,
    /// From 1; 0 when the problem has no place in the text.
    pub line: usize,
    pub column: usize,
    pub problem: Problem,
}

impl GameFileError {
    /// The error for `problem` in `text`, placed at its span (a syntax
    /// error) or at the first mention of what it is about.
    pub fn locate(file: &str, text: &str, problem: Problem, at: Option<(usize, usize)>) -> Self {
        let (line, column) = at
            .or_else(|| {
                let anchor = problem.anchor()?;
                let quoted = [format!("\"{anchor}"), format!(" {anchor}"), anchor.clone()];
                let offset = quoted
                    .iter()
                    .find_map(|q| text.find(q.as_str()).map(|i| i + q.len() - anchor.len()))?;
                let before = &text[..offset];
                let line = before.matches('\n').count() + 1;
                let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                Some((line, column))
            })
            .unwrap_or((0, 0));
        GameFileError {
            file: file.to_string(),
            line,
            column,
            problem,
        }
    }
}

impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.problem
            )
        } else {
            write!(f, "{}: {}", self.file, self.problem)
        }
    }
}

impl std::error::Error for GameFileError {}
