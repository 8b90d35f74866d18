//! The game file: what `assets/games/NAME.game.ron` holds, as serde types.
//!
//! A file says what a player and the rules need and nothing the engine can
//! work out: the board is points with coordinates and the lines through
//! them (a grid can be named instead of listed), and jump lines come from
//! straight triples of points unless the file lists them. `docs/game-files.md`
//! documents every field with a complete example; [`super::Ruleset`] is what
//! the file becomes once checked.

use serde::Deserialize;

use crate::rules::side::Side;

/// A text in both of the game's languages.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Words {
    pub en: String,
    pub ru: String,
}

/// Where on the new-game page a game is listed.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Region {
    Europe,
    Asia,
    Africa,
    Americas,
    Oceania,
}

/// The board family: the shape a player recognises, for browsing.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardFamily {
    /// The 33-point cross and its relatives.
    Cross,
    /// The Alquerque square of 5x5 points, with or without extra points.
    Alquerque,
    /// A square grid with a triangle (or two) on its sides.
    Triangles,
    /// The five-pointed star.
    Star,
    /// Small graphs of hare-and-hounds games.
    Hounds,
    /// Anything else.
    Other,
}

/// One game, as its file says it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// The command-line name: lower case with hyphens (`cercar-la-liebre`).
    pub id: String,
    pub name: Words,
    /// Where and when it is played or recorded ("Spain, 1283").
    pub origin: Words,
    pub region: Region,
    /// Where the rules come from: a Ludii `.lud` path or a book.
    pub source: String,
    /// One line for the new-game page.
    pub description: Words,
    pub board: BoardSpec,
    pub hunters: SideSpec,
    pub crowd: SideSpec,
    /// Who moves first.
    pub first: Side,
    #[serde(default)]
    pub capture: CaptureSpec,
    /// How the game ends besides a side with no move ([`GameFile::no_moves`]).
    pub ends: Vec<EndSpec>,
    /// What the region a side wins by filling or reaching is called
    /// ("stronghold", "fortress"), where it has a name.
    #[serde(default)]
    pub goal: Option<Words>,
    /// What a side with no legal move does, per side.
    #[serde(default)]
    pub no_moves: NoMovesSpec,
    #[serde(default)]
    pub draws: DrawSpec,
    /// The skin the game opens in (any skin fits any board).
    #[serde(default = "default_skin")]
    pub skin: String,
    /// Every reading of the source that is ours, with its reason: the rules
    /// page shows each as **Chosen**.
    #[serde(default)]
    pub chosen: Vec<Words>,
    /// What a player may like to know beyond the rules, paragraph by
    /// paragraph: the game's history, its names, what is known of perfect
    /// play. The rules page shows them under "About the game".
    #[serde(default)]
    pub about: Vec<Words>,
    /// The result with perfect play, where the game has been solved
    /// (`stronghold-cli solve`): the rules page shows it, and a test solves
    /// the game again and checks it.
    #[serde(default)]
    pub solved: Option<SolvedSpec>,
    /// Once every piece is placed, whether a move may bring back a
    /// position seen before (Bagh-Chal's rule).
    #[serde(default)]
    pub no_repeat: NoRepeat,
    /// The game's options: each with its values, its default and the tag
    /// the new-game page shows.
    #[serde(default)]
    pub options: Vec<OptionSpec>,
    /// What the computer player needs to know of this game beyond its
    /// rules: how it judges a position, and the engine's plug-in for it.
    #[serde(default)]
    pub computer: ComputerSpec,
    /// Rules of one game or a few that the fields above cannot say
    /// ([`SpecialRule`]); at most one that keeps a count of its own.
    #[serde(default)]
    pub special: Vec<SpecialRule>,
}

/// A rule a few games have and the others do not.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum SpecialRule {
    /// Whenever no crowd piece can step forward, the crowd's forward turns
    /// round (El Perro's goats walk back once they reach the far side).
    /// Its steps must be `Forward` or `ForwardOrSideways`.
    CrowdForwardFlips,
    /// The hunter that moved may not move next: the hunters take turns
    /// (Jeu de Renard with two foxes).
    HuntersTakeTurns,
    /// No piece moves while either side still holds pieces to place; a
    /// side whose hand is empty passes until then (Hyvn aetter Hare).
    PlaceAllFirst,
    /// When a hunter that could capture makes a step instead, the crowd is
    /// owed a new piece: at its next turn it first adds one on an empty
    /// point of these (point names), then moves (Renard et les Poules).
    DeclinedCaptureOwes(String),
    /// The hunters' opening: after their first placement, their next ply
    /// removes any one crowd piece from the board, and they place again
    /// (Rimau-Rimau with two tigers). Needs hunters in hand, placed in a row.
    RemoveAfterFirstPlacement,
    /// A match of two rounds, the players swapping roles for the second
    /// (Gioco dell'Orso, To Kinegi tou Lagou). A round ends when the
    /// hunters' piece cannot step, checked after every ply once the pieces
    /// are placed, or after this many such plies. The player whose hunted
    /// piece lasted more plies wins; the same number draws. Needs no
    /// captures and one hunter.
    TwoRounds(u16),
}

/// What the computer player knows of a game beyond its rules.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ComputerSpec {
    /// The evaluation's terms and weights.
    #[serde(default)]
    pub evaluation: EvaluationSpec,
    /// A plug-in of the engine's, by name: knowledge of one game the
    /// engine holds in code (`bagh-chal`: the table of the sliding phase at
    /// the search's horizon and the placement evaluation fitted to the
    /// solver; `fox-geese`: the proof search behind exact verdicts).
    #[serde(default)]
    pub plug_in: Option<String>,
    /// Hundredths of a piece that move a player's expected result from
    /// 50 % to 73 % (one unit of the logistic curve the analysis grades
    /// with); by default from the captures that win (docs/analysis.md).
    #[serde(default)]
    pub grade_scale: Option<u16>,
}

/// Which evaluation judges a game's positions, with its weights (in
/// hundredths of a piece).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum EvaluationSpec {
    /// The family's general terms (material against the goal, the hunters'
    /// room, threatened pieces, regions), each weight left out keeping the
    /// default.
    Family(WeightsSpec),
    /// The terms of the first games' engine, counted along the board's
    /// lines all at once (a grid board of at most seven files): material
    /// from an even crowd, ranks climbed, the region held, the hunters'
    /// room and traps, pieces a hunter can jump, exposed pieces, the rim.
    Lines(LineWeights),
}

impl Default for EvaluationSpec {
    fn default() -> EvaluationSpec {
        EvaluationSpec::Family(WeightsSpec::default())
    }
}

/// The weights of [`EvaluationSpec::Lines`], all from the crowd's side.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LineWeights {
    /// Each crowd piece left, on the board or in hand, counted from `even_crowd`.
    pub piece: i32,
    /// The crowd size at which the game is about even.
    pub even_crowd: i32,
    /// Each rank a crowd piece has climbed.
    pub rank: i32,
    /// Each point of the region to fill the crowd holds.
    pub region: i32,
    /// Each move the hunters could make.
    pub hunter_room: i32,
    /// Each hunter that cannot move.
    pub hunter_trapped: i32,
    /// Each crowd piece a hunter could jump, with the crowd to move.
    pub jumpable_crowd_to_move: i32,
    /// Each crowd piece a hunter could jump, with the hunters to move.
    pub jumpable_hunters_to_move: i32,
    /// Each crowd piece with an empty point behind it and a point in front
    /// a hunter could stand on.
    pub exposed: i32,
    /// Each crowd piece on the rim of the board.
    pub edge: i32,
}

/// The family evaluation's weights a game file sets; each left out keeps
/// the default.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WeightsSpec {
    #[serde(default)]
    pub capture: Option<i32>,
    #[serde(default)]
    pub hunter_move: Option<i32>,
    #[serde(default)]
    pub hunter_trapped: Option<i32>,
    #[serde(default)]
    pub threatened: Option<i32>,
    #[serde(default)]
    pub region_held: Option<i32>,
    #[serde(default)]
    pub region_step: Option<i32>,
    #[serde(default)]
    pub crowd_distance: Option<i32>,
    #[serde(default)]
    pub drawn_capture: Option<i32>,
}

/// Whether a move may recreate an earlier position.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum NoRepeat {
    /// Any move the other rules allow (repetitions may draw: `draws`).
    #[default]
    Allowed,
    /// Once neither side holds pieces to place, no move may bring back a
    /// position (pieces and side to move) that stood since the last
    /// capture or placement.
    OncePlaced,
}

/// One option of a game: its values, the default, and what each other
/// value changes in the file.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    /// As on the command line (`--option KEY=VALUE`).
    pub key: String,
    pub values: Vec<String>,
    pub default: String,
    pub tag: OptionTag,
    /// What choosing a value changes, value by value (the default changes
    /// nothing: the file as written is the default game).
    #[serde(default)]
    pub set: Vec<(String, Vec<OptionEffect>)>,
}

/// One change an option's value makes to the game the file describes.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum OptionEffect {
    /// Whether a hunter that can capture must.
    Compulsory(bool),
    /// How captures chain.
    Chain(Chain),
    /// The directions a side's steps may take.
    Steps(Side, Steps),
    /// More points a side's pieces start on (space-separated names).
    AddStart(Side, String),
    /// The draw after this many quiet plies, or none.
    QuietLimit(Option<u16>),
    /// The draw by repeating a position this many times, or none.
    Repetition(Option<u8>),
    /// The most plies a round of a two-round match lasts
    /// ([`SpecialRule::TwoRounds`]), or no limit.
    RoundLimit(Option<u16>),
}

/// Where an option's default comes from, as the new-game page tags it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum OptionTag {
    Traditional,
    Variant,
    /// Our choice, with its reason on the rules page.
    Chosen,
}

/// A proven result: who wins from the start, and in how many plies at most
/// (`None` winner: a draw).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SolvedSpec {
    pub winner: Option<Side>,
    #[serde(default)]
    pub plies: Option<u16>,
    /// Positions the solve went through.
    pub positions: u32,
    /// Where the quiet draw decides the result (a draw, then): the forced
    /// win the solve finds with that draw left out. Only in a game where no
    /// move resets the quiet count, so that the solve reckons the draw in
    /// exactly (Uxrijn Ever).
    #[serde(default)]
    pub without_quiet_draw: Option<SolvedWin>,
}

/// A forced win: who wins, and in how many plies at most.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SolvedWin {
    pub winner: Side,
    pub plies: u16,
}

fn default_skin() -> String {
    "classic".to_string()
}

/// The board: points and the lines that join them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    pub family: BoardFamily,
    /// A grid of points named like a chess board (`a1` bottom left), at
    /// integer coordinates, joined along files and ranks (and diagonals as
    /// it says). Points and lines below add to it.
    #[serde(default)]
    pub grid: Option<GridSpec>,
    /// Grid points that are not on the board (the corners of a cross).
    #[serde(default)]
    pub remove: Vec<String>,
    /// Points besides the grid's: a name and where it is drawn (x right,
    /// y up, in grid steps).
    #[serde(default)]
    pub points: Vec<(String, f32, f32)>,
    /// Lines besides the grid's, each a run of point names joined in order
    /// (`"c1 c0 b-1"`).
    #[serde(default)]
    pub lines: Vec<String>,
    /// Jump lines as triples (`"a1 b2 c3"`: from, over, to, and back). When
    /// absent, every straight run of three joined points is one.
    #[serde(default)]
    pub jumps: Option<Vec<String>>,
}

/// A rectangular grid of points.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridSpec {
    pub files: u8,
    pub ranks: u8,
    #[serde(default)]
    pub diagonals: Diagonals,
}

/// Which diagonals a grid draws.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Diagonals {
    /// None: only files and ranks.
    #[default]
    None,
    /// Through every point whose file and rank add up to an even number
    /// (the Alquerque pattern: `a1` has diagonals).
    Alternating,
    /// Through every point.
    All,
}

/// One side: its names, its pieces and how they move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// One piece ("vulture"), and several ("vultures").
    pub one: Words,
    pub many: Words,
    /// The Russian forms for counting its pieces, after two to four and
    /// after five or more ("2 пирата", "5 пиратов"), where they are not
    /// simply `many`.
    #[serde(default)]
    pub counted_ru: Option<(String, String)>,
    /// The letter of its pieces in position strings.
    pub letter: char,
    /// Points its pieces start on, separated by spaces.
    #[serde(default)]
    pub start: String,
    /// Pieces it holds to place.
    #[serde(default)]
    pub in_hand: u8,
    /// Where its pieces may be placed (point names; all points when empty).
    #[serde(default)]
    pub place_on: String,
    /// Which way its steps may go.
    #[serde(default)]
    pub steps: Steps,
    /// Which way is forward for it (for [`Steps`]).
    #[serde(default)]
    pub forward: Heading,
    /// While it holds pieces, it places them one after the other, the other
    /// side waiting (Asalto's officers); otherwise the sides alternate.
    #[serde(default)]
    pub places_in_a_row: bool,
    /// Its first placement turn places this many pieces, one after the
    /// other; later turns place one (Orissa Tiger Game's goats place four).
    #[serde(default)]
    pub first_turn_places: Option<u8>,
    /// Start points that hold a stack of several pieces, with the number in
    /// each (`"b2=5 d2=5"`; the crowd only, at most four points). A stack's
    /// pieces leave it one at a time, and a jump over a stack takes one.
    #[serde(default)]
    pub stacks: String,
    /// Stack points its pieces may step onto while one of theirs stands
    /// there, adding to the stack (Sher Bakar's goats restack).
    #[serde(default)]
    pub restack_on: String,
    /// Points its pieces may never enter (Uxrijn Ever's cow, which only the
    /// calf may reach).
    #[serde(default)]
    pub keep_off: String,
}

/// The directions a side's steps may take, measured on the drawing in
/// sectors of the compass rose of 16 (22.5 degrees each, as Ludii measures
/// them).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Steps {
    /// Along any line.
    #[default]
    Any,
    /// Straight ahead only (within 11.25 degrees of forward).
    Ahead,
    /// Forward, straight or slanted (less than 78.75 degrees from forward).
    Forward,
    /// Forward or sideways, never back (less than 101.25 degrees from
    /// forward).
    ForwardOrSideways,
    /// No steps at all (pieces are only placed).
    None,
}

impl Steps {
    /// Whether a step whose direction makes `cos` (the cosine of its angle
    /// with forward) is allowed.
    pub fn allows(self, cos: f32) -> bool {
        match self {
            Steps::Any => true,
            Steps::Ahead => cos > 0.980_785,
            Steps::Forward => cos > 0.195_09,
            Steps::ForwardOrSideways => cos > -0.195_09,
            Steps::None => false,
        }
    }
}

/// A direction on the drawing.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Heading {
    /// Up the drawing (y grows).
    #[default]
    North,
    South,
    East,
    West,
}

impl Heading {
    /// The unit vector of the heading.
    pub fn vector(self) -> (f32, f32) {
        match self {
            Heading::North => (0.0, 1.0),
            Heading::South => (0.0, -1.0),
            Heading::East => (1.0, 0.0),
            Heading::West => (-1.0, 0.0),
        }
    }
}

/// How the hunters capture.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CaptureSpec {
    /// Whether a capture goes on to more captures, and whether it may stop.
    #[serde(default)]
    pub chain: Chain,
    /// A hunter that can capture must (some capture, not the longest).
    #[serde(default)]
    pub compulsory: bool,
    /// Huffing: when the hunters make a move that is not a capture, every
    /// hunter that could have captured is removed (Asalto).
    #[serde(default)]
    pub huffing: bool,
    /// How many crowd pieces in a line one jump may cross, taking them all.
    #[serde(default)]
    pub line: LineCapture,
    /// The run lengths a line capture may have along a level line of the
    /// drawing (every point at one height), where they differ from `line`'s.
    #[serde(default)]
    pub level_lengths: Option<Vec<u8>>,
    /// Which way a chain's hops after the first may go.
    #[serde(default)]
    pub later_hops: LaterHops,
}

impl Default for CaptureSpec {
    fn default() -> CaptureSpec {
        CaptureSpec {
            chain: Chain::Single,
            compulsory: false,
            huffing: false,
            line: LineCapture::One,
            level_lengths: None,
            later_hops: LaterHops::Any,
        }
    }
}

/// How long a line of crowd pieces a jump crosses: the hunter jumps an
/// unbroken run of crowd pieces along one line to the empty point just past
/// it, and every piece of the run is taken.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum LineCapture {
    /// One piece, the jump of most games.
    #[default]
    One,
    /// A run of an odd number: 1, 3, 5, ... (Rimoe).
    Odd,
    /// A run of one of these lengths (Merimueng-rimueng-do: 1, 3 or 4).
    Lengths(Vec<u8>),
}

impl LineCapture {
    /// Whether a run of `n` crowd pieces may be jumped.
    pub fn allows(&self, n: usize) -> bool {
        match self {
            LineCapture::One => n == 1,
            LineCapture::Odd => n % 2 == 1,
            LineCapture::Lengths(lengths) => lengths.iter().any(|&l| l as usize == n),
        }
    }
}

/// Which way a capture chain's hops after the first may go.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum LaterHops {
    /// Along any line, as the first.
    #[default]
    Any,
    /// Along any line but straight back the way the hop before came (Bagh
    /// Bandi: Ludii's `(difference Orthogonal OppositeDirection)`, where on
    /// a board of points every drawn line counts as orthogonal).
    NotBack,
}

/// How many hops a capture may make.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Chain {
    /// No captures at all (hare and hounds).
    NoCapture,
    /// One hop.
    #[default]
    Single,
    /// Hops go on while the hunter can jump again; it may stop after any.
    Optional,
    /// Hops go on while the hunter can jump again; it may not stop early.
    Maximal,
}

/// One way the game ends with a winner.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum EndSpec {
    /// The hunters win once the crowd has this many pieces or fewer, on the
    /// board and in hand together.
    CrowdAtMost(u8),
    /// The crowd wins once its pieces hold every one of these points.
    CrowdFills(String),
    /// This side wins once one of its pieces stands on one of these points.
    Reaches(Side, String),
    /// This side wins once the other has made this many moves (a move limit
    /// that counts against the other side, as in Hare and Hounds).
    OutlastsMoves(Side, u16),
    /// The crowd wins once the hunters have this many pieces or fewer, on
    /// the board and in hand (hunters are lost only to huffing).
    HuntersAtMost(u8),
    /// The hunters win once one of them stands behind every crowd piece on
    /// the board: on a lower rank, counted along the crowd's forward
    /// direction, than the crowd's rearmost piece (Wolf und Schaaf). The
    /// crowd must step forward only (`steps` other than `Any` and `None`).
    HuntersBehindCrowd,
    /// This side loses once one of its pieces stands on one of these
    /// points (Uxrijn Ever's calf, driven onto the pasture).
    DrivenOnto(Side, String),
}

/// What each side does when it has no legal move.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct NoMovesSpec {
    #[serde(default)]
    pub hunters: NoMoves,
    #[serde(default)]
    pub crowd: NoMoves,
}

impl NoMovesSpec {
    pub fn of(&self, side: Side) -> NoMoves {
        match side {
            Side::Hunters => self.hunters,
            Side::Crowd => self.crowd,
        }
    }
}

/// What a side with no legal move does.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum NoMoves {
    /// It loses.
    #[default]
    Loses,
    /// It loses once the other side has placed all its pieces; before
    /// that it passes.
    LosesOncePlaced,
    /// It passes; when neither side can move the game is drawn.
    Passes,
    /// The game is drawn.
    Draws,
}

/// The draws.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DrawSpec {
    /// A draw after this many plies in a row with no capture and no
    /// placement.
    #[serde(default)]
    pub quiet_limit: Option<u16>,
    /// A draw when the same position (with the same side to move) comes up
    /// this many times.
    #[serde(default)]
    pub repetition: Option<u8>,
    /// What resets the quiet count besides a capture (or a huff) and a
    /// placement, which always do.
    #[serde(default)]
    pub progress: Progress,
}

/// What counts as progress for the quiet count, besides captures and
/// placements.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Progress {
    /// Nothing else.
    #[default]
    CapturesAndPlacements,
    /// Also the crowd gaining ground: a crowd move that lifts the sum of its
    /// pieces' ranks (counted along its forward direction) above the
    /// highest it has been since the last capture.
    Advance,
}
