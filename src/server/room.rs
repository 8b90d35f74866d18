//! One room's rules of conduct, without I/O: who sits where, whose turn,
//! the clock, offers, presence, and the end.
//!
//! Every input ([`Room::enter`], [`Room::command`], [`Room::leave`],
//! [`Room::tick`]) returns a [`Decision`]: events to send now, and perhaps
//! a [`Change`] that must be stored before it happens. The room's task
//! stores the change ([`Room::write_for`]), then calls [`Room::apply`] and
//! sends what that returns, so nothing is relayed that is not on disk.

use std::collections::HashMap;

use tokio::time::{Duration, Instant};

use super::clock::Clock;
use super::store::{RoomRecord, SeatPlayer, Write, Written};
use crate::online::protocol::{
    ClockSpec, Command, EndReason, ErrorKind, Event, GameResult, GameSetup, Players, RatingChanges,
    RoomState, SeatStatus, rating_pool,
};
use crate::rules::{Game, Move, Side, Variant};

/// A connection's number, unique in the server's life.
pub(crate) type ConnId = u64;

/// Seat A created the room; seat B joined it.
const SEAT_A: usize = 0;
const SEAT_B: usize = 1;

/// What a connection is in a room.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Role {
    Seat(usize),
    Spectator,
}

/// How a connection comes into a room (sent between nodes as JSON when
/// the room is served by another, see `relay`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "as", rename_all = "snake_case")]
pub(crate) enum Entry {
    /// The connection that created the room, into seat A.
    Creator,
    /// Into seat B, with the token drawn for it, and its player if it
    /// said hello.
    Join {
        token: String,
        player: Option<SeatPlayer>,
    },
    Resume {
        token: String,
    },
    Watch,
}

/// Who an event is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum To {
    Conn(ConnId),
    All,
    Others(ConnId),
}

#[derive(Clone, Debug)]
pub(crate) struct Out {
    pub(crate) to: To,
    pub(crate) event: Event,
}

/// A change to the room that is stored before it is applied.
#[derive(Clone, Debug)]
pub(crate) enum Change {
    SeatB {
        conn: ConnId,
        token: String,
        /// Its rating is looked up before the change is stored
        /// ([`Change::player_to_rate`]).
        player: Option<SeatPlayer>,
    },
    Move {
        ply: u32,
        mv: Move,
        text: String,
        clocks: Option<[u64; 2]>,
        end: Option<GameResult>,
    },
    End {
        result: GameResult,
    },
    /// The next game, sides swapped.
    NewGame,
}

impl Change {
    /// The seat's player whose rating in the room's pool the change should
    /// show, looked up by the room's task before it stores the change.
    pub(crate) fn player_to_rate(&mut self) -> Option<&mut SeatPlayer> {
        match self {
            Change::SeatB { player, .. } => player.as_mut(),
            _ => None,
        }
    }
}

/// What an input decided: events to send now, and a change to store.
#[derive(Debug, Default)]
pub(crate) struct Decision {
    pub(crate) outs: Vec<Out>,
    pub(crate) change: Option<Change>,
}

impl Decision {
    fn send(to: To, event: Event) -> Decision {
        Decision {
            outs: vec![Out { to, event }],
            change: None,
        }
    }
    fn change(change: Change) -> Decision {
        Decision {
            outs: Vec::new(),
            change: Some(change),
        }
    }
}

/// A refusal: the error kind and the reason, for the one who asked.
type Refusal = (ErrorKind, String);

#[derive(Clone, Debug, Default)]
struct Seat {
    token: Option<String>,
    /// The player, if it said hello (its rating as of the game's start).
    player: Option<SeatPlayer>,
    conns: u32,
    gone_since: Option<Instant>,
    /// The "may be claimed now" presence was sent.
    claim_told: bool,
}

pub(crate) struct Room {
    code: String,
    variant: Variant,
    clock_spec: Option<ClockSpec>,
    seats: [Seat; 2],
    game_no: u32,
    /// Seat A's side in this game.
    a_side: Side,
    game: Game,
    clock: Option<Clock>,
    result: Option<GameResult>,
    draw_offer: Option<Side>,
    /// Per side (`Side::index`), the ply of its last draw offer: one per
    /// move pair, so an offer declined cannot be sent again at once.
    draw_offered_at: [Option<usize>; 2],
    rematch_offer: Option<Side>,
    members: HashMap<ConnId, Role>,
    /// How long a seat must be gone before the other may claim the win.
    claim_after: Duration,
    /// How long a side has for its first move.
    abort_after: Duration,
    /// How long, without a clock, the side to move may sit on its move
    /// before the other may claim the win.
    stall_after: Duration,
    /// When the side to move's turn began (both seats taken), and whether
    /// its stall was told.
    turn_began: Option<Instant>,
    stall_told: bool,
    /// When the game is aborted unless the side to move makes its first
    /// move (from when both seats are taken until each side has moved).
    first_move_due: Option<Instant>,
    /// The creator asked for rated games (they are, when both players
    /// said hello and are not the same).
    rated: bool,
    /// The last game's rating changes, once it has ended rated.
    ratings: Option<RatingChanges>,
}

/// How long a room waits: for a gone player before a claim, for a first
/// move before the game is aborted.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timing {
    pub(crate) claim_after: Duration,
    pub(crate) abort_after: Duration,
    pub(crate) stall_after: Duration,
}

/// Who opens a room: seat A's side, token and player.
pub(crate) struct Creator {
    pub(crate) side: Side,
    pub(crate) token: String,
    pub(crate) player: Option<SeatPlayer>,
}

impl Room {
    /// A new room: seat A (the creator's) on the creator's side, seat B free.
    pub(crate) fn new(
        code: String,
        variant: Variant,
        clock_spec: Option<ClockSpec>,
        creator: Creator,
        rated: bool,
        timing: Timing,
    ) -> Room {
        let mut seats: [Seat; 2] = Default::default();
        seats[SEAT_A].token = Some(creator.token);
        seats[SEAT_A].player = creator.player;
        Room {
            code,
            variant,
            clock_spec,
            seats,
            game_no: 1,
            a_side: creator.side,
            game: Game::new(variant),
            clock: clock_spec.map(Clock::new),
            result: None,
            draw_offer: None,
            draw_offered_at: [None; 2],
            rematch_offer: None,
            members: HashMap::new(),
            claim_after: timing.claim_after,
            abort_after: timing.abort_after,
            stall_after: timing.stall_after,
            turn_began: None,
            stall_told: false,
            first_move_due: None,
            rated,
            ratings: None,
        }
    }

    /// The rating pool of this room's games.
    pub(crate) fn pool(&self) -> String {
        rating_pool(self.variant.game.id(), self.clock_spec)
    }

    /// Its games count for the ratings: asked for, and two different
    /// players who said hello.
    pub(crate) fn is_rated(&self) -> bool {
        match (&self.seats[SEAT_A].player, &self.seats[SEAT_B].player) {
            (Some(a), Some(b)) => self.rated && a.id != b.id,
            _ => false,
        }
    }

    /// Who plays each side.
    fn players(&self) -> Players {
        let mut players = Players::default();
        for seat in [SEAT_A, SEAT_B] {
            let info = self.seats[seat].player.as_ref().map(|p| p.info.clone());
            players.set(self.side_of(seat), info);
        }
        players
    }

    /// The time a side has for its first move: the server's, or the
    /// clock's own if shorter.
    fn first_move_time(&self) -> Duration {
        let clock = self
            .clock_spec
            .map_or(Duration::MAX, |c| Duration::from_millis(c.initial_ms));
        self.abort_after.min(clock)
    }

    /// Starts (or stops) the wait for the side to move's first move: while
    /// both seats are taken and a side has not moved yet.
    fn await_first_move(&mut self, now: Instant) {
        self.first_move_due =
            (self.is_live() && self.game.ply() < 2).then(|| now + self.first_move_time());
        self.turn_began = self.is_live().then_some(now);
        self.stall_told = false;
    }

    /// When the side to move, connected, may be claimed against for
    /// sitting on its move: games without a clock, after the first moves.
    fn stall_due(&self) -> Option<Instant> {
        if self.clock_spec.is_some() || self.first_move_due.is_some() || !self.is_live() {
            return None;
        }
        Some(self.turn_began? + self.stall_after)
    }

    /// The side to move has sat on its move past the stall time.
    fn stalled(&self, side: Side, now: Instant) -> bool {
        self.game.player_to_move() == side && self.stall_due().is_some_and(|due| due <= now)
    }

    /// The room as stored, its moves replayed through the rules; both
    /// seats count as gone from `now` until their players come back.
    pub(crate) fn restore(
        record: RoomRecord,
        timing: Timing,
        now: Instant,
    ) -> Result<Room, String> {
        let variant = record.setup.variant()?;
        let [player_a, player_b] = record.players;
        let mut room = Room::new(
            record.code,
            variant,
            record.clock,
            Creator {
                side: record.a_side,
                token: record.token_a,
                player: player_a,
            },
            record.rated,
            timing,
        );
        room.seats[SEAT_B].token = record.token_b;
        room.seats[SEAT_B].player = player_b;
        room.ratings = record.ratings;
        room.game_no = record.game_no;
        for (i, stored) in record.moves.iter().enumerate() {
            let mv = room
                .game
                .parse_move(&stored.mv)
                .map_err(|e| format!("stored move {} `{}`: {e}", i + 1, stored.mv))?;
            room.game.play_unchecked(&mv);
        }
        room.result = record.result.or_else(|| rules_result(&room.game));
        let to_move = Some(room.game.player_to_move()).filter(|_| room.result.is_none());
        let remaining = record.moves.last().and_then(|m| m.clocks);
        let ply = room.game.ply() as u32;
        room.clock = record
            .clock
            .map(|spec| Clock::restored(spec, remaining, to_move, ply, now));
        for seat in &mut room.seats {
            if seat.token.is_some() {
                seat.gone_since = Some(now);
            }
        }
        room.await_first_move(now);
        Ok(room)
    }

    pub(crate) fn code(&self) -> &str {
        &self.code
    }

    /// Both seats have their players (the game has begun).
    fn both_seated(&self) -> bool {
        self.seats.iter().all(|s| s.token.is_some())
    }

    /// The game is being played: both seats taken, not over.
    pub(crate) fn is_live(&self) -> bool {
        self.both_seated() && self.result.is_none()
    }

    /// The game as the lobby lists it while it is being played.
    pub(crate) fn live(&self) -> Option<crate::online::protocol::LiveGame> {
        self.is_live().then(|| crate::online::protocol::LiveGame {
            code: self.code.clone(),
            setup: GameSetup::of(&self.variant),
            clock: self.clock_spec,
            players: self.players(),
        })
    }

    /// How the game ended, if it has: as stored, or by the rules.
    pub(crate) fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Nobody is connected.
    pub(crate) fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// No game of the room has ended: if everyone leaves it for good, it
    /// is abandoned (a room with a finished game is kept).
    pub(crate) fn never_finished(&self) -> bool {
        self.game_no == 1 && self.result.is_none()
    }

    /// A clock runs (the room must stay in memory for its flag).
    pub(crate) fn clock_running(&self) -> bool {
        self.result.is_none() && self.clock.as_ref().is_some_and(|c| c.flag_at().is_some())
    }

    fn side_of(&self, seat: usize) -> Side {
        if seat == SEAT_A {
            self.a_side
        } else {
            self.a_side.other()
        }
    }

    fn seat_of(&self, side: Side) -> usize {
        if side == self.a_side { SEAT_A } else { SEAT_B }
    }

    fn seat_status(&self, seat: usize, now: Instant) -> SeatStatus {
        let s = &self.seats[seat];
        match (&s.token, s.conns, s.gone_since) {
            (None, _, _) => SeatStatus::Empty,
            (Some(_), 0, Some(since)) => SeatStatus::Gone {
                claim_in_ms: (since + self.claim_after)
                    .saturating_duration_since(now)
                    .as_millis() as u64,
            },
            _ if self.stalled(self.side_of(seat), now) => SeatStatus::Stalled,
            _ => SeatStatus::Connected,
        }
    }

    /// The whole room as `conn` sees it.
    fn state_for(&self, conn: ConnId, now: Instant) -> Event {
        let you = match self.members.get(&conn) {
            Some(Role::Seat(seat)) => Some(self.side_of(*seat)),
            _ => None,
        };
        Event::State(Box::new(RoomState {
            code: self.code.clone(),
            setup: GameSetup::of(&self.variant),
            game_no: self.game_no,
            you,
            moves: self.game.move_texts(),
            clock: self.clock_spec,
            clocks: self.clock.as_ref().map(|c| c.view(now)),
            hunters: self.seat_status(self.seat_of(Side::Hunters), now),
            crowd: self.seat_status(self.seat_of(Side::Crowd), now),
            draw_offer: self.draw_offer,
            rematch_offer: self.rematch_offer,
            result: self.result,
            spectators: self
                .members
                .values()
                .filter(|r| **r == Role::Spectator)
                .count() as u32,
            players: self.players(),
            rated: self.is_rated(),
            ratings: self.ratings,
        }))
    }

    fn attach(&mut self, conn: ConnId, role: Role) {
        self.members.insert(conn, role);
        if let Role::Seat(seat) = role {
            let s = &mut self.seats[seat];
            s.conns += 1;
            s.gone_since = None;
            s.claim_told = false;
        }
    }

    /// A connection asks in. `Err` is the refusal to send it (it is then
    /// not a member).
    pub(crate) fn enter(
        &mut self,
        conn: ConnId,
        entry: Entry,
        now: Instant,
    ) -> Result<Decision, Event> {
        if self.members.contains_key(&conn) {
            return Err(Event::error(
                ErrorKind::AlreadySeated,
                "already in this room",
            ));
        }
        match entry {
            Entry::Creator => {
                self.attach(conn, Role::Seat(SEAT_A));
                let token = self.seats[SEAT_A].token.clone().unwrap_or_default();
                Ok(self.welcome(conn, token, SEAT_A, now))
            }
            Entry::Join { token, player } => {
                if self.seats[SEAT_B].token.is_some() {
                    return Err(Event::error(
                        ErrorKind::RoomFull,
                        format!("room {} has both its players; watch it instead", self.code),
                    ));
                }
                Ok(Decision::change(Change::SeatB {
                    conn,
                    token,
                    player,
                }))
            }
            Entry::Resume { token } => {
                let seat = (0..2)
                    .find(|&s| self.seats[s].token.as_deref() == Some(token.as_str()))
                    .ok_or_else(|| {
                        Event::error(
                            ErrorKind::BadToken,
                            format!("that is no seat token of room {}", self.code),
                        )
                    })?;
                let was_gone = self.seats[seat].conns == 0;
                self.attach(conn, Role::Seat(seat));
                let mut decision = Decision::send(To::Conn(conn), self.state_for(conn, now));
                if was_gone {
                    decision
                        .outs
                        .push(self.presence(seat, To::Others(conn), now));
                }
                Ok(decision)
            }
            Entry::Watch => {
                self.attach(conn, Role::Spectator);
                Ok(Decision::send(To::Conn(conn), self.state_for(conn, now)))
            }
        }
    }

    /// `seated` and the state for a new seat's connection, and its
    /// presence for the others.
    fn welcome(&self, conn: ConnId, token: String, seat: usize, now: Instant) -> Decision {
        let seated = Event::Seated {
            code: self.code.clone(),
            token,
            side: self.side_of(seat),
        };
        Decision {
            outs: vec![
                Out {
                    to: To::Conn(conn),
                    event: seated,
                },
                Out {
                    to: To::Conn(conn),
                    event: self.state_for(conn, now),
                },
                self.presence(seat, To::Others(conn), now),
            ],
            change: None,
        }
    }

    fn presence(&self, seat: usize, to: To, now: Instant) -> Out {
        Out {
            to,
            event: Event::Presence {
                side: self.side_of(seat),
                status: self.seat_status(seat, now),
            },
        }
    }

    /// A connection went away.
    pub(crate) fn leave(&mut self, conn: ConnId, now: Instant) -> Decision {
        let Some(Role::Seat(seat)) = self.members.remove(&conn) else {
            return Decision::default();
        };
        let s = &mut self.seats[seat];
        s.conns = s.conns.saturating_sub(1);
        if s.conns > 0 {
            return Decision::default();
        }
        s.gone_since = Some(now);
        s.claim_told = false;
        Decision {
            outs: vec![self.presence(seat, To::All, now)],
            change: None,
        }
    }

    /// A member's command (entries are handled by [`Room::enter`]).
    pub(crate) fn command(&mut self, conn: ConnId, command: Command, now: Instant) -> Decision {
        let refuse =
            |(kind, message): Refusal| Decision::send(To::Conn(conn), Event::error(kind, message));
        let Some(&role) = self.members.get(&conn) else {
            return refuse((ErrorKind::NotSeated, "not in a room".into()));
        };
        match command {
            Command::Ping => return Decision::send(To::Conn(conn), Event::Pong),
            Command::Sync => return Decision::send(To::Conn(conn), self.state_for(conn, now)),
            Command::Create { .. }
            | Command::Join { .. }
            | Command::Resume { .. }
            | Command::Watch { .. } => {
                return refuse((
                    ErrorKind::AlreadySeated,
                    format!("already in room {}", self.code),
                ));
            }
            _ => {}
        }
        let Role::Seat(seat) = role else {
            return refuse((ErrorKind::NotSeated, "spectators only watch".into()));
        };
        let side = self.side_of(seat);
        let decided = match command {
            Command::Move { ply, mv } => self.decide_move(side, ply, &mv, now),
            Command::Resign => self
                .playing()
                .map(|_| end(side.other(), EndReason::Resigned)),
            Command::OfferDraw => self.offer_draw(side),
            Command::AcceptDraw => self.answer_draw(side, true),
            Command::DeclineDraw => self.answer_draw(side, false),
            Command::ClaimWin => self.claim_win(seat, now),
            Command::Rematch => self.rematch(side),
            _ => Ok(Decision::default()),
        };
        decided.unwrap_or_else(refuse)
    }

    /// The game is in progress, with both players seated.
    fn playing(&self) -> Result<(), Refusal> {
        if self.result.is_some() {
            return Err((ErrorKind::GameOver, "the game is over".into()));
        }
        if self.seats[SEAT_B].token.is_none() {
            return Err((ErrorKind::NoOpponent, "nobody has joined yet".into()));
        }
        Ok(())
    }

    fn decide_move(
        &mut self,
        side: Side,
        ply: u32,
        text: &str,
        now: Instant,
    ) -> Result<Decision, Refusal> {
        self.playing()?;
        let played = self.game.ply() as u32;
        if ply != played {
            return Err((
                ErrorKind::StalePly,
                format!("a move for ply {ply}, but {played} plies are played"),
            ));
        }
        if self.game.player_to_move() != side {
            return Err((ErrorKind::NotYourTurn, "it is not your turn".into()));
        }
        if self
            .clock
            .as_ref()
            .is_some_and(|c| c.flag_at().is_some_and(|(s, at)| s == side && at <= now))
        {
            return Ok(end(side.other(), EndReason::Flag));
        }
        let mv = self
            .game
            .parse_move(text)
            .map_err(|e| (ErrorKind::IllegalMove, e.to_string()))?;
        self.game.play_unchecked(&mv);
        let end = rules_result(&self.game);
        self.game.undo();
        Ok(Decision::change(Change::Move {
            ply,
            text: self.game.move_text(&mv),
            mv,
            clocks: self.clock.as_ref().map(|c| c.after_move(side, ply, now)),
            end,
        }))
    }

    fn offer_draw(&mut self, side: Side) -> Result<Decision, Refusal> {
        self.playing()?;
        if self.draw_offer == Some(side.other()) {
            return self.answer_draw(side, true);
        }
        let ply = self.game.ply();
        if self.draw_offered_at[side.index()].is_some_and(|at| ply < at + 2) {
            return Err((
                ErrorKind::DrawTooSoon,
                "one draw offer per move pair: play on first".into(),
            ));
        }
        self.draw_offered_at[side.index()] = Some(ply);
        self.draw_offer = Some(side);
        Ok(Decision::send(To::All, Event::DrawOffered { by: side }))
    }

    fn answer_draw(&mut self, side: Side, accept: bool) -> Result<Decision, Refusal> {
        self.playing()?;
        if self.draw_offer != Some(side.other()) {
            return Err((ErrorKind::NoDrawOffer, "no draw is offered to you".into()));
        }
        if accept {
            return Ok(Decision::change(Change::End {
                result: GameResult {
                    winner: None,
                    reason: EndReason::DrawAgreed,
                },
            }));
        }
        self.draw_offer = None;
        Ok(Decision::send(To::All, Event::DrawDeclined { by: side }))
    }

    fn claim_win(&self, seat: usize, now: Instant) -> Result<Decision, Refusal> {
        self.playing()?;
        let other = &self.seats[1 - seat];
        match other.gone_since {
            Some(since) if other.conns == 0 && since + self.claim_after <= now => {
                Ok(end(self.side_of(seat), EndReason::Abandoned))
            }
            Some(since) if other.conns == 0 => Err((
                ErrorKind::OpponentPresent,
                format!(
                    "your opponent may still come back: claim in {} s",
                    (since + self.claim_after)
                        .saturating_duration_since(now)
                        .as_secs()
                        + 1
                ),
            )),
            _ if self.stalled(self.side_of(1 - seat), now) => {
                Ok(end(self.side_of(seat), EndReason::Stalled))
            }
            _ => Err((ErrorKind::OpponentPresent, "your opponent is here".into())),
        }
    }

    fn rematch(&mut self, side: Side) -> Result<Decision, Refusal> {
        if self.result.is_none() {
            return Err((ErrorKind::GameNotOver, "finish this game first".into()));
        }
        if self.rematch_offer == Some(side.other()) {
            return Ok(Decision::change(Change::NewGame));
        }
        self.rematch_offer = Some(side);
        Ok(Decision::send(To::All, Event::RematchOffered { by: side }))
    }

    /// What time alone decides: a flag fall, a seat gone long enough to
    /// be claimed.
    pub(crate) fn tick(&mut self, now: Instant) -> Decision {
        if self.result.is_some() {
            return Decision::default();
        }
        if let Some((side, at)) = self.clock.as_ref().and_then(Clock::flag_at)
            && at <= now
        {
            return end(side.other(), EndReason::Flag);
        }
        if self.first_move_due.is_some_and(|due| due <= now) {
            return Decision::change(Change::End {
                result: GameResult {
                    winner: None,
                    reason: EndReason::Aborted,
                },
            });
        }
        let mut decision = Decision::default();
        if !self.stall_told && self.stall_due().is_some_and(|due| due <= now) {
            self.stall_told = true;
            let seat = self.seat_of(self.game.player_to_move());
            decision.outs.push(self.presence(seat, To::All, now));
        }
        for seat in 0..2 {
            let s = &self.seats[seat];
            if let Some(since) = s.gone_since
                && !s.claim_told
                && since + self.claim_after <= now
            {
                self.seats[seat].claim_told = true;
                decision.outs.push(self.presence(seat, To::All, now));
            }
        }
        decision
    }

    /// When [`Room::tick`] has something to do next.
    pub(crate) fn next_deadline(&self) -> Option<Instant> {
        if self.result.is_some() {
            return None;
        }
        let flag = self
            .clock
            .as_ref()
            .and_then(Clock::flag_at)
            .map(|(_, at)| at);
        let claims = self
            .seats
            .iter()
            .filter(|s| !s.claim_told)
            .filter_map(|s| s.gone_since.map(|since| since + self.claim_after));
        let stall = self.stall_due().filter(|_| !self.stall_told);
        flag.into_iter()
            .chain(claims)
            .chain(self.first_move_due)
            .chain(stall)
            .min()
    }

    /// The write that stores `change`, at wall-clock `at_ms`.
    pub(crate) fn write_for(&self, change: &Change, at_ms: i64) -> Write {
        let code = self.code.clone();
        match change {
            Change::SeatB { token, player, .. } => Write::SeatB {
                code,
                token_b: token.clone(),
                player_b: player.as_ref().map(|p| p.id),
            },
            Change::Move {
                ply,
                text,
                clocks,
                end,
                ..
            } => Write::Move {
                code,
                game_no: self.game_no,
                ply: *ply,
                mv: text.clone(),
                clocks: *clocks,
                end: *end,
                at_ms,
            },
            Change::End { result } => Write::End {
                code,
                game_no: self.game_no,
                result: *result,
                at_ms,
            },
            Change::NewGame => Write::NewGame {
                code,
                game_no: self.game_no + 1,
                a_side: self.a_side.other(),
            },
        }
    }

    /// Makes a stored change happen (`written`: what storing it did); the
    /// events to send.
    pub(crate) fn apply(&mut self, change: Change, written: Written, now: Instant) -> Vec<Out> {
        if written.ratings.is_some() {
            self.ratings = written.ratings;
        }
        match change {
            Change::SeatB {
                conn,
                token,
                player,
            } => {
                self.seats[SEAT_B].token = Some(token.clone());
                let named = player.is_some();
                self.seats[SEAT_B].player = player;
                self.await_first_move(now);
                self.attach(conn, Role::Seat(SEAT_B));
                let mut outs = self.welcome(conn, token, SEAT_B, now).outs;
                // A named player: the others learn who sat and whether the
                // game is rated, in the whole room after the presence.
                if named {
                    let others = self.members.keys().filter(|&&other| other != conn);
                    outs.extend(others.map(|&other| Out {
                        to: To::Conn(other),
                        event: self.state_for(other, now),
                    }));
                }
                outs
            }
            Change::Move {
                ply,
                mv,
                text,
                clocks,
                end,
            } => self.apply_move(ply, &mv, text, clocks, end, now),
            Change::End { result } => self.finish(result, now),
            Change::NewGame => self.new_game(now),
        }
    }

    fn apply_move(
        &mut self,
        ply: u32,
        mv: &Move,
        text: String,
        clocks: Option<[u64; 2]>,
        end: Option<GameResult>,
        now: Instant,
    ) -> Vec<Out> {
        self.game.play_unchecked(mv);
        self.draw_offer = None;
        self.await_first_move(now);
        let next = Some(self.game.player_to_move()).filter(|_| end.is_none());
        if let (Some(clock), Some(remaining)) = (&mut self.clock, clocks) {
            clock.set(remaining, next, ply + 1, now);
        }
        let mut outs = vec![Out {
            to: To::All,
            event: Event::Moved {
                ply,
                mv: text,
                clocks: self.clock.as_ref().map(|c| c.view(now)),
            },
        }];
        if let Some(result) = end {
            outs.extend(self.finish(result, now));
        }
        outs
    }

    fn finish(&mut self, result: GameResult, now: Instant) -> Vec<Out> {
        self.result = Some(result);
        self.draw_offer = None;
        self.first_move_due = None;
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        // The next game shows the ratings this one gave.
        if let Some(changes) = self.ratings {
            for seat in [SEAT_A, SEAT_B] {
                let side = self.side_of(seat);
                if let Some(player) = &mut self.seats[seat].player {
                    player.info.rating = Some(changes.get(side).new);
                }
            }
        }
        vec![Out {
            to: To::All,
            event: Event::Ended {
                result,
                clocks: self.clock.as_ref().map(|c| c.view(now)),
                ratings: self.ratings,
            },
        }]
    }

    fn new_game(&mut self, now: Instant) -> Vec<Out> {
        self.game_no += 1;
        self.a_side = self.a_side.other();
        self.ratings = None;
        self.game = Game::new(self.variant);
        self.clock = self.clock_spec.map(Clock::new);
        self.result = None;
        self.draw_offer = None;
        self.draw_offered_at = [None; 2];
        self.rematch_offer = None;
        for seat in &mut self.seats {
            seat.claim_told = false;
        }
        self.await_first_move(now);
        self.members
            .keys()
            .map(|&conn| Out {
                to: To::Conn(conn),
                event: self.state_for(conn, now),
            })
            .collect()
    }
}

/// A decision to end the game: `winner` wins for `reason`.
fn end(winner: Side, reason: EndReason) -> Decision {
    Decision::change(Change::End {
        result: GameResult {
            winner: Some(winner),
            reason,
        },
    })
}

/// The rules' result of `game`, if it is over, with the winner as the side
/// its player took at the start (the room's seats keep their sides; the
/// players of a two-round match swap roles for round two).
fn rules_result(game: &Game) -> Option<GameResult> {
    let mut result = GameResult::of(game.outcome()?);
    result.winner = result.winner.map(|role| game.player_side(role));
    Some(result)
}
