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

use crate::rules::{GameKind, Outcome, Reason, Side, Variant};

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
}

/// The `kind` of every command, to tell an unknown kind from bad fields.
const COMMAND_KINDS: [&str; 18] = [
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
    },
    /// A command refused, or a frame not read; nothing changed.
    Error {
        error: ErrorKind,
        message: String,
    },
    Pong,
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
}

/// A game being played, as the lobby lists it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LiveGame {
    pub code: String,
    #[serde(flatten)]
    pub setup: GameSetup,
    #[serde(default)]
    pub clock: Option<ClockSpec>,
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
}

/// The `kind` of every event.
const EVENT_KINDS: [&str; 12] = [
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
    "seeking",
    "lobby",
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
            game: variant.kind.id().to_string(),
            options: variant.option_strings(),
        }
    }

    /// The variant this names, or why it names none (in English).
    pub fn variant(&self) -> Result<Variant, String> {
        let kind: GameKind = self.game.parse().map_err(|e| format!("{e}"))?;
        let mut variant = Variant::new(kind);
        for option in &self.options {
            variant.set_option(option).map_err(|e| format!("{e}"))?;
        }
        Ok(variant)
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
    /// None for a draw.
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
}

impl EndReason {
    /// The reason's name on the wire.
    pub fn id(self) -> &'static str {
        match self {
            EndReason::CrowdTooFew => "crowd_too_few",
            EndReason::StrongholdFilled => "stronghold_filled",
            EndReason::HuntersGone => "hunters_gone",
            EndReason::NoMoves => "no_moves",
            EndReason::QuietLimit => "quiet_limit",
            EndReason::Repetition => "repetition",
            EndReason::Resigned => "resigned",
            EndReason::Flag => "flag",
            EndReason::DrawAgreed => "draw_agreed",
            EndReason::Abandoned => "abandoned",
            EndReason::Aborted => "aborted",
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
