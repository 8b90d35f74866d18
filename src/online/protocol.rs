//! The wire protocol's messages (version [`VERSION`]): what a client sends
//! ([`Command`]), what the server sends ([`Event`]), the parts they share,
//! and the typed errors of a frame that is not one of them
//! ([`ProtocolError`]). The module comment of [`crate::online`] describes
//! the conversation.

use std::fmt;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::{GameId, Outcome, Reason, Side, Variant};

/// The protocol version every frame carries as `"v"`.
pub const VERSION: u64 = 1;
/// The largest frame a client may send, in bytes: a command is small; a
/// larger frame is refused unread.
pub const MAX_COMMAND_BYTES: usize = 4 * 1024;
/// The largest frame a client accepts from the server: a `state` carries
/// every move of a game (a few thousand at most).
pub const MAX_EVENT_BYTES: usize = 1024 * 1024;

/// What a client asks of the server.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Command {
    /// Opens a room and takes a seat in it.
    Create {
        #[serde(flatten)]
        setup: GameSetup,
        #[serde(with = "side_text")]
        side: Side,
        #[serde(default)]
        clock: Option<ClockSpec>,
        /// The game counts for both players' ratings (when both have
        /// said who they are: `hello`).
        #[serde(default)]
        rated: bool,
    },
    /// Takes the free seat of a room.
    Join {
        code: String,
    },
    /// Takes one's seat again on a new connection.
    Resume {
        code: String,
        token: String,
    },
    /// Looks on, read-only.
    Watch {
        code: String,
    },
    /// Plays a move: `ply` is the number of moves before it (0 first).
    Move {
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Wins a game whose opponent has been gone longer than the room's grace.
    ClaimWin,
    /// After the end: offers (or accepts) the next game, sides swapped.
    Rematch,
    /// Asks for the whole room again (`state`).
    Sync,
    Ping,
    /// Posts a seek in the lobby: a game wanted, with the side (none:
    /// either) and clock. The answer is `seeking`; whoever takes it opens
    /// a room with this connection seated (`seated` and `state`).
    Seek {
        #[serde(flatten)]
        setup: GameSetup,
        #[serde(with = "opt_side_text", default)]
        side: Option<Side>,
        #[serde(default)]
        clock: Option<ClockSpec>,
    },
    /// Plays anyone who wants the same game and clock: takes the first
    /// such seek, or posts one (sides drawn at random) and waits.
    Anyone {
        #[serde(flatten)]
        setup: GameSetup,
        #[serde(default)]
        clock: Option<ClockSpec>,
    },
    /// Takes a seek listed in the lobby: the game starts for both.
    Take {
        seek: u64,
    },
    /// Withdraws this connection's seek.
    CancelSeek,
    /// Asks for the lobby (`lobby`), and for it again whenever it changes.
    Lobby,
    /// Says who this connection's player is, before anything else: the
    /// player's secret key (made by the client on first use) and display
    /// name. A new key takes a free name; a known key keeps its player and
    /// may take a new free name. The answer is `welcome`. Games of two
    /// players who said hello can be rated; the lobby's always are.
    Hello {
        name: String,
        key: String,
        /// A program playing (marked as a bot wherever its name shows).
        #[serde(default)]
        bot: bool,
    },
    /// Asks for this player's recent games (`games`), after `hello`.
    MyGames,
}

/// The `kind` of every command, to tell an unknown kind from bad fields.
const COMMAND_KINDS: [&str; 20] = [
    "create",
    "join",
    "resume",
    "watch",
    "move",
    "resign",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "claim_win",
    "rematch",
    "sync",
    "ping",
    "seek",
    "anyone",
    "take",
    "cancel_seek",
    "lobby",
    "hello",
    "my_games",
];

/// What the server tells a client.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// You have a seat: keep the token to `resume` it.
    Seated {
        code: String,
        token: String,
        #[serde(with = "side_text")]
        side: Side,
    },
    /// The whole room: after create, join, resume, watch, sync and a rematch.
    State(Box<RoomState>),
    /// A move was stored (the mover's acknowledgement too).
    Moved {
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
        #[serde(default)]
        clocks: Option<Clocks>,
    },
    /// A seat's player came, left or may now be claimed against.
    Presence {
        #[serde(with = "side_text")]
        side: Side,
        status: SeatStatus,
    },
    DrawOffered {
        #[serde(with = "side_text")]
        by: Side,
    },
    DrawDeclined {
        #[serde(with = "side_text")]
        by: Side,
    },
    RematchOffered {
        #[serde(with = "side_text")]
        by: Side,
    },
    /// The game is over.
    Ended {
        result: GameResult,
        #[serde(default)]
        clocks: Option<Clocks>,
        /// Each player's rating before and after, when the game was rated.
        #[serde(default)]
        ratings: Option<RatingChanges>,
    },
    /// A command refused, or a frame not read; nothing changed.
    Error {
        error: ErrorKind,
        message: String,
    },
    Pong,
    /// The server is going away (a restart): connect to the next server
    /// of the list at once and resume there. (A client that does not know
    /// this event reconnects when the connection closes, a moment later.)
    MoveOn,
    /// This connection's seek is posted, with its number.
    Seeking {
        seek: u64,
    },
    /// The lobby: the open seeks, oldest first, and the games being
    /// played (both seats taken, not over), to watch.
    Lobby {
        seeks: Vec<SeekInfo>,
        #[serde(default)]
        games: Vec<LiveGame>,
    },
    /// The answer to `hello`: the player as the server knows it, with a
    /// rating for each game and clock class it has played rated.
    Welcome {
        player: PlayerInfo,
        #[serde(default)]
        ratings: Vec<PoolRating>,
    },
    /// The answer to `my_games`: the player's recent games, newest first.
    Games {
        games: Vec<ArchivedGame>,
    },
}

/// A player as others see it: the name, whether it is a program, and its
/// rating in the game and clock class at hand (none before hello'd games).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub name: String,
    #[serde(default)]
    pub bot: bool,
    #[serde(default)]
    pub rating: Option<Rating>,
}

impl fmt::Display for PlayerInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if self.bot {
            f.write_str(" [bot]")?;
        }
        if let Some(rating) = self.rating {
            write!(f, " ({rating})")?;
        }
        Ok(())
    }
}

/// A Glicko-2 rating as shown: rounded, with its deviation, provisional
/// while the deviation is large (written `1500?`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Rating {
    pub rating: u32,
    pub deviation: u32,
    pub provisional: bool,
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rating)?;
        if self.provisional {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// A rating in one pool (a game and clock class, as [`rating_pool`] names it).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PoolRating {
    pub pool: String,
    #[serde(flatten)]
    pub rating: Rating,
    pub games: u32,
}

/// One player's rating before and after a rated game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RatingChange {
    pub old: Rating,
    pub new: Rating,
}

impl RatingChange {
    /// The change in rounded points (`+12`, `-7`).
    pub fn delta(&self) -> i64 {
        i64::from(self.new.rating) - i64::from(self.old.rating)
    }
}

impl fmt::Display for RatingChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.old, self.new)
    }
}

/// Both players' changes after a rated game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RatingChanges {
    pub hunters: RatingChange,
    pub crowd: RatingChange,
}

impl RatingChanges {
    pub fn get(&self, side: Side) -> RatingChange {
        match side {
            Side::Hunters => self.hunters,
            Side::Crowd => self.crowd,
        }
    }
}

/// Who plays each side (none: a seat nobody took, or a player who did
/// not say hello).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Players {
    #[serde(default)]
    pub hunters: Option<PlayerInfo>,
    #[serde(default)]
    pub crowd: Option<PlayerInfo>,
}

impl Players {
    pub fn get(&self, side: Side) -> Option<&PlayerInfo> {
        match side {
            Side::Hunters => self.hunters.as_ref(),
            Side::Crowd => self.crowd.as_ref(),
        }
    }
    pub fn set(&mut self, side: Side, player: Option<PlayerInfo>) {
        match side {
            Side::Hunters => self.hunters = player,
            Side::Crowd => self.crowd = player,
        }
    }
}

/// A finished or running game as the archive keeps it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ArchivedGame {
    pub code: String,
    pub game_no: u32,
    #[serde(flatten)]
    pub setup: GameSetup,
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    #[serde(default)]
    pub players: Players,
    #[serde(default)]
    pub rated: bool,
    pub moves: Vec<String>,
    #[serde(default)]
    pub result: Option<GameResult>,
    #[serde(default)]
    pub ratings: Option<RatingChanges>,
    /// When it ended (or began, if it has not), in ms since 1970.
    #[serde(default)]
    pub at_ms: i64,
}

/// Whether a game of a rated room, ended with `result` after `plies`
/// moves, changes the ratings: not when aborted, nor when a side never
/// moved (a resignation, a draw or a claim before the game began counts
/// for nobody, as lichess aborts a game before both have moved).
pub fn changes_ratings(result: &GameResult, plies: usize) -> bool {
    result.reason != EndReason::Aborted && plies >= MIN_RATED_PLIES
}

/// The fewest moves of a game that changes ratings: one each.
pub const MIN_RATED_PLIES: usize = 2;

/// The rating pool of a game and clock: `pirates/blitz`. Ratings are kept
/// per game and clock class, as lichess keeps them per variant and speed.
pub fn rating_pool(game: &str, clock: Option<ClockSpec>) -> String {
    let class = clock.map_or("untimed", |c| c.class());
    format!("{game}/{class}")
}

/// The longest display name.
pub const MAX_NAME_CHARS: usize = 20;

/// Why `name` cannot be a display name, if it cannot: 2 to 20 letters
/// (any alphabet), digits, `_` or `-`, beginning with a letter or digit.
pub fn check_name(name: &str) -> Result<(), String> {
    let count = name.chars().count();
    if !(2..=MAX_NAME_CHARS).contains(&count) {
        return Err(format!(
            "a name has 2 to {MAX_NAME_CHARS} characters, not {count}"
        ));
    }
    if !name.chars().next().is_some_and(char::is_alphanumeric) {
        return Err("a name begins with a letter or a digit".into());
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(format!(
            "a name has letters, digits, `_` and `-` only, not {bad:?}"
        ));
    }
    Ok(())
}

/// Why `key` cannot be a player key: 16 to 64 of `0-9 a-z A-Z _ -`.
pub fn check_key(key: &str) -> Result<(), String> {
    let ok = (16..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err("a player key is 16 to 64 letters, digits, `_` or `-`".into())
    }
}

/// A game being played, as the lobby lists it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LiveGame {
    pub code: String,
    #[serde(flatten)]
    pub setup: GameSetup,
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    #[serde(default)]
    pub players: Players,
}

/// A seek as the lobby lists it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeekInfo {
    pub seek: u64,
    #[serde(flatten)]
    pub setup: GameSetup,
    /// The seeker's side; none for either.
    #[serde(with = "opt_side_text", default)]
    pub side: Option<Side>,
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// Posted by "play anyone".
    #[serde(default)]
    pub anyone: bool,
    /// Who seeks (none: a player who did not say hello; unrated).
    #[serde(default)]
    pub player: Option<PlayerInfo>,
}

/// The `kind` of every event.
const EVENT_KINDS: [&str; 15] = [
    "seated",
    "state",
    "moved",
    "presence",
    "draw_offered",
    "draw_declined",
    "rematch_offered",
    "ended",
    "error",
    "pong",
    "move_on",
    "seeking",
    "lobby",
    "welcome",
    "games",
];

/// A game and its options as the command line writes them
/// (`pirates`, `["compulsory=off"]`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSetup {
    pub game: String,
    #[serde(default)]
    pub options: Vec<String>,
}

impl GameSetup {
    /// The setup of a variant, every option written out.
    pub fn of(variant: &Variant) -> GameSetup {
        GameSetup {
            game: variant.game.id().to_string(),
            options: variant.option_strings(),
        }
    }

    /// The setup of a variant to play online: any built-in game, with its
    /// options; a game read from a file is refused (a server knows only
    /// the built-in games, and would read a file's id that is also a
    /// built-in game's as that game).
    pub fn online(variant: &Variant) -> Result<GameSetup, String> {
        check_online(variant.game)?;
        Ok(GameSetup::of(variant))
    }

    /// The variant this names, or why it names none (in English): a
    /// built-in game (every one of them, see [`GameId::built_in`]) with
    /// options it has.
    pub fn variant(&self) -> Result<Variant, String> {
        let kind: GameId = self.game.parse().map_err(|e| format!("{e}"))?;
        check_online(kind)?;
        let mut variant = Variant::new(kind);
        for option in &self.options {
            variant.set_option(option).map_err(|e| format!("{e}"))?;
        }
        Ok(variant)
    }
}

/// Why `game` cannot be played online, if it cannot: only the built-in
/// games can (a game read from a file at run time is this program's alone).
pub fn check_online(game: GameId) -> Result<(), String> {
    if game.is_built_in() {
        Ok(())
    } else {
        Err(format!(
            "{game} is read from a file: online play has the built-in games only"
        ))
    }
}

/// A clock: minutes for the game plus seconds added after each move, as
/// `M+I` (`5+3`, `0.5+0`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockSpec {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

impl ClockSpec {
    /// The longest game a clock may give: three hours.
    pub const MAX_INITIAL_MS: u64 = 3 * 60 * 60 * 1000;
    /// The largest increment: one minute.
    pub const MAX_INCREMENT_MS: u64 = 60 * 1000;

    /// The clock's class, by its estimated length (the time plus forty
    /// increments, as lichess reckons it): `bullet` under 3 minutes,
    /// `blitz` under 8, `rapid` under 25, then `classical`.
    pub fn class(&self) -> &'static str {
        let estimate_ms = self.initial_ms + 40 * self.increment_ms;
        match estimate_ms {
            ms if ms < 3 * 60_000 => "bullet",
            ms if ms < 8 * 60_000 => "blitz",
            ms if ms < 25 * 60_000 => "rapid",
            _ => "classical",
        }
    }

    /// Why this clock cannot be used, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        if self.initial_ms < 1000 || self.initial_ms > Self::MAX_INITIAL_MS {
            return Err("a clock's time is between 1 second and 180 minutes".into());
        }
        if self.increment_ms > Self::MAX_INCREMENT_MS {
            return Err("a clock's increment is at most 60 seconds".into());
        }
        Ok(())
    }
}

impl FromStr for ClockSpec {
    type Err = String;
    fn from_str(text: &str) -> Result<ClockSpec, String> {
        let bad = || format!("a clock is MINUTES+SECONDS (5+3), not `{text}`");
        let (minutes, seconds) = text.split_once('+').ok_or_else(bad)?;
        let ms = |t: &str, unit: f64| match t.trim().parse::<f64>() {
            Ok(x) if x.is_finite() && x >= 0.0 && x * unit < 1e12 => Ok((x * unit).round() as u64),
            _ => Err(bad()),
        };
        let clock = ClockSpec {
            initial_ms: ms(minutes, 60_000.0)?,
            increment_ms: ms(seconds, 1000.0)?,
        };
        clock.check()?;
        Ok(clock)
    }
}

impl fmt::Display for ClockSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.initial_ms as f64 / 60_000.0;
        let seconds = self.increment_ms as f64 / 1000.0;
        write!(f, "{minutes}+{seconds}")
    }
}

/// Each side's remaining time when the server sent it, and whose runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Clocks {
    pub hunters_ms: u64,
    pub crowd_ms: u64,
    #[serde(with = "opt_side_text", default)]
    pub running: Option<Side>,
}

impl Clocks {
    pub fn get(&self, side: Side) -> u64 {
        match side {
            Side::Hunters => self.hunters_ms,
            Side::Crowd => self.crowd_ms,
        }
    }
}

/// Who is in a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SeatStatus {
    /// Nobody has taken it yet.
    Empty,
    Connected,
    /// Its player left; the other may claim the win in `claim_in_ms`
    /// (0: now).
    Gone {
        claim_in_ms: u64,
    },
    /// Here, but in a game without a clock it has not moved for the
    /// server's stall time: the other may claim the win now.
    Stalled,
}

/// The whole room, as a client needs it to show the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RoomState {
    pub code: String,
    #[serde(flatten)]
    pub setup: GameSetup,
    /// 1 for the room's first game, one more after each rematch.
    pub game_no: u32,
    /// The receiver's side; none for a spectator.
    #[serde(with = "opt_side_text", default)]
    pub you: Option<Side>,
    /// Every move played, in the rules' notation.
    pub moves: Vec<String>,
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    #[serde(default)]
    pub clocks: Option<Clocks>,
    pub hunters: SeatStatus,
    pub crowd: SeatStatus,
    #[serde(with = "opt_side_text", default)]
    pub draw_offer: Option<Side>,
    #[serde(with = "opt_side_text", default)]
    pub rematch_offer: Option<Side>,
    #[serde(default)]
    pub result: Option<GameResult>,
    pub spectators: u32,
    #[serde(default)]
    pub players: Players,
    /// The game counts for the players' ratings.
    #[serde(default)]
    pub rated: bool,
    /// The ratings the game gave, once it has ended rated.
    #[serde(default)]
    pub ratings: Option<RatingChanges>,
}

impl RoomState {
    pub fn seat(&self, side: Side) -> SeatStatus {
        match side {
            Side::Hunters => self.hunters,
            Side::Crowd => self.crowd,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameResult {
    /// None for a draw. On the wire a side is a seat's, the side its
    /// player took at the start (in round two of a two-round match that
    /// player plays the other role).
    #[serde(with = "opt_side_text", default)]
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl GameResult {
    /// The result the rules give.
    pub fn of(outcome: Outcome) -> GameResult {
        let reason = match outcome.reason {
            Reason::CrowdTooFew => EndReason::CrowdTooFew,
            Reason::StrongholdFilled => EndReason::StrongholdFilled,
            Reason::HuntersGone => EndReason::HuntersGone,
            // On the wire a hunter behind the crowd has reached its goal
            // (the region behind the rearmost crowd piece): clients of
            // every version read it.
            Reason::RegionReached(_) | Reason::BehindCrowd => EndReason::RegionReached,
            // A side driven onto the points it loses on: the other side has
            // driven it to its goal.
            Reason::DrivenOnto(_) => EndReason::RegionReached,
            Reason::Outlasted(_) => EndReason::Outlasted,
            Reason::Survival { .. } => EndReason::Survival,
            Reason::NoMoves(_) => EndReason::NoMoves,
            Reason::QuietLimit => EndReason::QuietLimit,
            Reason::Repetition => EndReason::Repetition,
        };
        GameResult {
            winner: outcome.winner,
            reason,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(Side::Hunters) => f.write_str("hunters win")?,
            Some(Side::Crowd) => f.write_str("crowd wins")?,
            None => f.write_str("draw")?,
        }
        write!(f, " ({})", self.reason.id())
    }
}

/// Why a game ended: the rules' reasons, then the players' and the clock's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    CrowdTooFew,
    StrongholdFilled,
    HuntersGone,
    /// The winner's piece reached its goal.
    RegionReached,
    /// The winner outlasted the other side's moves.
    Outlasted,
    /// Round two of a two-round match settled who lasted longer.
    Survival,
    /// The side to move had no legal move.
    NoMoves,
    QuietLimit,
    Repetition,
    Resigned,
    /// The loser's time ran out.
    Flag,
    DrawAgreed,
    /// The loser left and the winner claimed the game.
    Abandoned,
    /// A side did not make its first move in time: the game counts for
    /// nobody.
    Aborted,
    /// In a game without a clock, the loser sat on its move longer than the
    /// server's stall time and the winner claimed the game.
    Stalled,
}

impl EndReason {
    /// The reason's name on the wire.
    pub fn id(self) -> &'static str {
        match self {
            EndReason::CrowdTooFew => "crowd_too_few",
            EndReason::StrongholdFilled => "stronghold_filled",
            EndReason::HuntersGone => "hunters_gone",
            EndReason::RegionReached => "region_reached",
            EndReason::Outlasted => "outlasted",
            EndReason::Survival => "survival",
            EndReason::NoMoves => "no_moves",
            EndReason::QuietLimit => "quiet_limit",
            EndReason::Repetition => "repetition",
            EndReason::Resigned => "resigned",
            EndReason::Flag => "flag",
            EndReason::DrawAgreed => "draw_agreed",
            EndReason::Abandoned => "abandoned",
            EndReason::Aborted => "aborted",
            EndReason::Stalled => "stalled",
        }
    }
}

/// What went wrong, in an `error` event.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    // The frame.
    TooLarge,
    NotText,
    Malformed,
    Version,
    UnknownKind,
    BadFields,
    /// Too many frames, too many new rooms from one address, or a room
    /// too busy to take the command now: try again in a moment.
    RateLimited,
    Idle,
    // The room and the seat.
    BadSetup,
    UnknownRoom,
    RoomFull,
    BadToken,
    AlreadySeated,
    NotSeated,
    /// The other seat is still empty: the game has not begun.
    NoOpponent,
    // The game.
    NotYourTurn,
    StalePly,
    IllegalMove,
    GameOver,
    GameNotOver,
    NoDrawOffer,
    /// A side offers a draw at most once per move pair.
    DrawTooSoon,
    OpponentPresent,
    // The lobby.
    /// No open seek has this number (taken, withdrawn, or never posted).
    UnknownSeek,
    /// This connection has a seek open already, or the lobby is full.
    SeekRefused,
    // Who you are.
    /// A display name too long, too short, or with characters it may not have.
    BadName,
    /// A player key that is not one, or a name another key has.
    NameTaken,
    BadKey,
    /// `my_games` before `hello`.
    NotIdentified,
    // The server.
    Storage,
}

/// A frame that is not a message of this protocol.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ProtocolError {
    /// Longer than the cap; not read.
    TooLarge { len: usize, max: usize },
    /// A binary frame where text was expected.
    NotText,
    /// Not JSON.
    Malformed { detail: String },
    /// JSON, but not an object.
    NotAnObject,
    /// `v` missing or another version.
    Version { found: Option<u64> },
    /// No `kind`, or one that is not text.
    MissingKind,
    /// A `kind` this version does not have.
    UnknownKind { kind: String },
    /// A known kind with missing or wrong fields.
    BadFields { kind: String, detail: String },
}

impl ProtocolError {
    /// The error's kind, as an `error` event names it.
    pub fn kind(&self) -> ErrorKind {
        match self {
            ProtocolError::TooLarge { .. } => ErrorKind::TooLarge,
            ProtocolError::NotText => ErrorKind::NotText,
            ProtocolError::Malformed { .. }
            | ProtocolError::NotAnObject
            | ProtocolError::MissingKind => ErrorKind::Malformed,
            ProtocolError::Version { .. } => ErrorKind::Version,
            ProtocolError::UnknownKind { .. } => ErrorKind::UnknownKind,
            ProtocolError::BadFields { .. } => ErrorKind::BadFields,
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::TooLarge { len, max } => {
                write!(f, "frame of {len} bytes is over the {max}-byte limit")
            }
            ProtocolError::NotText => f.write_str("binary frame: the protocol is JSON text"),
            ProtocolError::Malformed { detail } => write!(f, "not JSON: {detail}"),
            ProtocolError::NotAnObject => f.write_str("a message is a JSON object"),
            ProtocolError::Version { found: Some(v) } => {
                write!(f, "protocol version {v} is not {VERSION}")
            }
            ProtocolError::Version { found: None } => {
                write!(f, "no protocol version `v` (expected {VERSION})")
            }
            ProtocolError::MissingKind => f.write_str("no `kind` text"),
            ProtocolError::UnknownKind { kind } => write!(f, "unknown kind `{kind}`"),
            ProtocolError::BadFields { kind, detail } => write!(f, "bad `{kind}`: {detail}"),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// Reads a client's frame.
pub fn parse_command(frame: &str) -> Result<Command, ProtocolError> {
    parse(frame, MAX_COMMAND_BYTES, &COMMAND_KINDS)
}

/// Reads a server's frame.
pub fn parse_event(frame: &str) -> Result<Event, ProtocolError> {
    parse(frame, MAX_EVENT_BYTES, &EVENT_KINDS)
}

impl Command {
    /// The command as a frame.
    pub fn to_frame(&self) -> String {
        to_frame(self)
    }
    /// Its `kind`, for log lines.
    pub fn kind(&self) -> &'static str {
        kind_of(self, &COMMAND_KINDS)
    }
}

impl Event {
    /// The event as a frame.
    pub fn to_frame(&self) -> String {
        to_frame(self)
    }
    /// Its `kind`, for log lines.
    pub fn kind(&self) -> &'static str {
        kind_of(self, &EVENT_KINDS)
    }
    /// An `error` event.
    pub fn error(error: ErrorKind, message: impl Into<String>) -> Event {
        Event::Error {
            error,
            message: message.into(),
        }
    }
}

fn parse<T: DeserializeOwned>(frame: &str, max: usize, kinds: &[&str]) -> Result<T, ProtocolError> {
    if frame.len() > max {
        return Err(ProtocolError::TooLarge {
            len: frame.len(),
            max,
        });
    }
    let mut value: Value = serde_json::from_str(frame).map_err(|e| ProtocolError::Malformed {
        detail: e.to_string(),
    })?;
    let object = value.as_object_mut().ok_or(ProtocolError::NotAnObject)?;
    match object.remove("v") {
        Some(v) if v.as_u64() == Some(VERSION) => {}
        found => {
            return Err(ProtocolError::Version {
                found: found.and_then(|v| v.as_u64()),
            });
        }
    }
    let kind = match object.get("kind") {
        Some(Value::String(kind)) => kind.clone(),
        _ => return Err(ProtocolError::MissingKind),
    };
    if !kinds.contains(&kind.as_str()) {
        return Err(ProtocolError::UnknownKind { kind });
    }
    serde_json::from_value(value).map_err(|e| ProtocolError::BadFields {
        kind,
        detail: e.to_string(),
    })
}

fn to_frame<T: Serialize>(message: &T) -> String {
    let mut value = serde_json::to_value(message).expect("protocol messages serialize");
    if let Value::Object(object) = &mut value {
        object.insert("v".into(), Value::from(VERSION));
    }
    value.to_string()
}

/// The `kind` a message serializes with, as one of `kinds`.
fn kind_of<T: Serialize>(message: &T, kinds: &[&'static str]) -> &'static str {
    let value = serde_json::to_value(message).ok();
    let kind = value.as_ref().and_then(|v| v.get("kind")?.as_str());
    kinds
        .iter()
        .find(|k| Some(**k) == kind)
        .copied()
        .unwrap_or("?")
}

/// A side on the wire: `hunters` or `crowd`.
pub mod side_text {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::rules::Side;

    pub fn name(side: Side) -> &'static str {
        match side {
            Side::Hunters => "hunters",
            Side::Crowd => "crowd",
        }
    }

    pub fn from_name(name: &str) -> Option<Side> {
        match name {
            "hunters" => Some(Side::Hunters),
            "crowd" => Some(Side::Crowd),
            _ => None,
        }
    }

    pub fn serialize<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(name(*side))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        let text = String::deserialize(d)?;
        from_name(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("side `{text}` is not hunters or crowd"))
        })
    }
}

/// An optional side on the wire: `hunters`, `crowd` or null.
mod opt_side_text {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::side_text;
    use crate::rules::Side;

    pub fn serialize<S: Serializer>(side: &Option<Side>, s: S) -> Result<S::Ok, S::Error> {
        match side {
            Some(side) => s.serialize_str(side_text::name(*side)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Side>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(text) => side_text::from_name(&text).map(Some).ok_or_else(|| {
                serde::de::Error::custom(format!("side `{text}` is not hunters or crowd"))
            }),
        }
    }
}
