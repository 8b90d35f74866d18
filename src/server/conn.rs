//! One WebSocket connection: reads frames (size-capped, rate-limited,
//! parsed into commands), answers what it can itself (bad frames, entry
//! into a room, the lobby's seeks), hands the rest to its room, and writes
//! what the room sends back. A connection silent for the idle limit is
//! closed. A seek it posted is paired by the connection that takes it,
//! which hands over the room (`placed`).
//!
//! Every refused input gets an `error` event and a log line naming the
//! connection and its peer; nothing a connection sends can stop another.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc};
use tokio::time::{Instant, timeout};

use super::hub::{ConnectionSlot, Hub, NewRoom};
use super::limit::{RateLimit, Verdict};
use super::lobby::{Met, PostRefused, Seek};
use super::metrics::metrics;
use super::outbox::{OUTBOX_FRAMES, Outbound, Outbox};
use super::pairing::open_seeks_room;
use super::refusal::{busy_error, storage_error};
use super::room::{ConnId, Entry};
use super::room_handle::{NotSent, ROOM_WAIT, RoomHandle, RoomInput};
use super::store::{Identity, SeatPlayer};
use super::{logging, secret};
use crate::online::protocol::{
    ClockSpec, Command, ErrorKind, Event, GameSetup, ProtocolError, SeekInfo, check_key,
    check_name, parse_command,
};
use crate::rules::Side;

/// Lookups of unknown codes after which a connection is closed (guessing).
const UNKNOWN_ROOMS_LIMIT: u32 = 20;

/// Whether to keep reading.
enum Flow {
    Go,
    Stop,
}

struct Conn {
    id: ConnId,
    peer: SocketAddr,
    /// The client's address: the peer's, or forwarded by a trusted proxy.
    client: IpAddr,
    hub: Arc<Hub>,
    outbox: Outbox,
    room: Option<RoomHandle>,
    limit: RateLimit,
    unknown_rooms: u32,
    /// Where the connection that takes this one's seek sends the room.
    placed: mpsc::UnboundedSender<RoomHandle>,
    /// The player, once it said hello.
    identity: Option<Identity>,
}

/// Serves one upgraded connection until it ends, in a span that names it
/// (the log's lines from it carry its number and addresses).
pub(crate) async fn serve(
    socket: WebSocket,
    hub: Arc<Hub>,
    peer: SocketAddr,
    slot: ConnectionSlot,
) {
    use tracing::Instrument;
    let id = hub.next_conn();
    let client = slot.client();
    let span = tracing::info_span!("conn", id, %peer, %client);
    metrics().connections_opened.inc();
    serve_as(socket, hub, peer, slot, id).instrument(span).await;
    logging::flush_refusals(client);
}

async fn serve_as(
    socket: WebSocket,
    hub: Arc<Hub>,
    peer: SocketAddr,
    slot: ConnectionSlot,
    id: ConnId,
) {
    let client = slot.client();
    let (sink, mut stream) = socket.split();
    let (frames, queue) = mpsc::channel(OUTBOX_FRAMES);
    let outbox = Outbox {
        frames,
        kick: Arc::new(Notify::new()),
        client: Some(client),
    };
    let write_timeout = hub.config.write_timeout;
    let mut writer = tokio::spawn(write_frames(
        sink,
        slot,
        queue,
        Arc::clone(&outbox.kick),
        write_timeout,
        format!("conn {id} ({peer})"),
    ));
    let (placed, mut placed_in) = mpsc::unbounded_channel();
    let mut conn = Conn {
        id,
        peer,
        client,
        outbox: outbox.clone(),
        room: None,
        limit: RateLimit::new(Instant::now()),
        unknown_rooms: 0,
        placed,
        hub,
        identity: None,
    };
    let idle = conn.hub.config.idle;
    let mut moving_on = conn.hub.moving_on();
    loop {
        // The room a taker opened is taken in before the next frame: the
        // seeker's first command may follow its `seated` closely.
        let next = tokio::select! {
            biased;
            Some(room) = placed_in.recv() => {
                conn.placed_in(room).await;
                continue;
            }
            _ = outbox.kick.notified() => break,
            Ok(()) = moving_on.changed() => {
                // The node shuts down: on to the next server of the list.
                conn.outbox.send(&Event::MoveOn);
                conn.close(close_code::RESTART, "the server is restarting");
                break;
            }
            next = timeout(idle, stream.next()) => next,
        };
        if let Flow::Stop = conn.on_frame(next.ok(), idle).await {
            break;
        }
    }
    if let Some(room) = &conn.room {
        room.send(RoomInput::Leave { conn: id }).await;
    }
    // The seek goes; a room its taker opened meanwhile is left.
    conn.hub.lobby.gone(id);
    placed_in.close();
    while let Ok(room) = placed_in.try_recv() {
        room.send(RoomInput::Leave { conn: id }).await;
    }
    drop(conn);
    drop(outbox);
    // The writer ends when every outbox is dropped (rooms drop theirs on
    // Leave) and the frames still queued are written, each within the
    // write timeout. One that is still writing after that is stopped: the
    // socket is freed here, whatever its peer does.
    if timeout(write_timeout, &mut writer).await.is_err() {
        writer.abort();
        let _ = writer.await;
        tracing::warn!("conn {id} ({peer}): writer stopped");
    }
}

/// Writes queued frames until the queue closes or a close is asked for.
/// A write that takes longer than `write_timeout` (a peer that does not
/// read) ends the connection: the reader is kicked, and the socket (and
/// its `slot` in the counts) goes with this task.
async fn write_frames(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    _slot: ConnectionSlot,
    mut queue: mpsc::Receiver<Outbound>,
    kick: Arc<Notify>,
    write_timeout: std::time::Duration,
    label: String,
) {
    while let Some(outbound) = queue.recv().await {
        let (message, last) = match outbound {
            Outbound::Frame(frame) => (Message::Text(frame), false),
            Outbound::Close(code, reason) => {
                let frame = CloseFrame {
                    code,
                    reason: Utf8Bytes::from(reason),
                };
                (Message::Close(Some(frame)), true)
            }
        };
        match timeout(write_timeout, sink.send(message)).await {
            Ok(Ok(())) if !last => {}
            Ok(Ok(())) => break,
            Ok(Err(_)) => {
                kick.notify_one();
                return;
            }
            Err(_) => {
                tracing::warn!(
                    "{label}: a write took over {} s: closing",
                    write_timeout.as_secs_f64()
                );
                kick.notify_one();
                return;
            }
        }
    }
    let _ = timeout(write_timeout, sink.close()).await;
}

impl Conn {
    /// What the socket gave (None: nothing for `idle`).
    async fn on_frame(
        &mut self,
        next: Option<Option<Result<Message, axum::Error>>>,
        idle: std::time::Duration,
    ) -> Flow {
        match next {
            None => {
                self.refuse(
                    ErrorKind::Idle,
                    format!("nothing for {} s: closing", idle.as_secs()),
                );
                self.close(close_code::POLICY, "idle");
                Flow::Stop
            }
            Some(None) | Some(Some(Ok(Message::Close(_)))) => Flow::Stop,
            Some(Some(Err(e))) => self.read_failed(e),
            Some(Some(Ok(Message::Text(text)))) => self.on_text(text.as_str()).await,
            Some(Some(Ok(Message::Binary(_)))) => self.on_bad_frame(ProtocolError::NotText),
            Some(Some(Ok(_))) => Flow::Go,
        }
    }

    fn label(&self) -> String {
        let who = self
            .identity
            .as_ref()
            .map_or(String::new(), |i| format!(" {}", i.name));
        let from = if self.client == self.peer.ip() {
            self.peer.to_string()
        } else {
            format!("{} for {}", self.peer, self.client)
        };
        match &self.room {
            Some(room) => format!("conn {} ({from}{who}) room {}", self.id, room.code),
            None => format!("conn {} ({from}{who})", self.id),
        }
    }

    /// The connection's player as a seat holds it (rating to be looked up).
    fn seat_player(&self) -> Option<SeatPlayer> {
        self.identity.as_ref().map(|i| SeatPlayer {
            id: i.id,
            info: i.info(),
        })
    }

    /// `hello`: checks the name and key, then asks the store.
    async fn hello(&mut self, name: String, key: String, bot: bool) -> Flow {
        if let Err(e) = check_name(&name) {
            self.refuse(ErrorKind::BadName, e);
            return Flow::Go;
        }
        if let Err(e) = check_key(&key) {
            self.refuse(ErrorKind::BadKey, e);
            return Flow::Go;
        }
        match self.hub.store().hello(key, name, bot).await {
            Ok(Ok(identity)) => {
                let welcome = Event::Welcome {
                    player: identity.info(),
                    ratings: identity.ratings.clone(),
                };
                self.identity = Some(identity);
                tracing::info!("{}: hello", self.label());
                self.outbox.send(&welcome);
            }
            Ok(Err((kind, message))) => self.refuse(kind, message),
            Err(e) => {
                self.outbox.send(&storage_error(&e));
            }
        }
        Flow::Go
    }

    /// `my_games`: the player's recent games.
    async fn my_games(&mut self) -> Flow {
        let Some(identity) = &self.identity else {
            self.refuse(
                ErrorKind::NotIdentified,
                "say hello first: my_games needs a player".into(),
            );
            return Flow::Go;
        };
        match self.hub.games_of(identity.id).await {
            Ok(games) => {
                self.outbox.send(&Event::Games { games });
            }
            Err(e) => {
                self.outbox.send(&storage_error(&e));
            }
        }
        Flow::Go
    }

    /// Answers with an error and logs it.
    fn refuse(&self, kind: ErrorKind, message: String) {
        logging::refused(Some(self.client), kind, || {
            tracing::warn!(
                "{}: refused ({kind:?}): {}",
                self.label(),
                logging::quoted(&message)
            );
        });
        self.outbox.send(&Event::error(kind, message));
    }

    fn close(&self, code: u16, reason: &str) {
        let _ = self
            .outbox
            .frames
            .try_send(Outbound::Close(code, reason.to_string()));
    }

    /// A frame the socket could not read. Over the socket's cap: say so
    /// (the socket may still write), then close; a broken connection just ends.
    fn read_failed(&self, error: axum::Error) -> Flow {
        let error = error.into_inner();
        let too_large = matches!(
            error.downcast_ref::<tokio_tungstenite::tungstenite::Error>(),
            Some(tokio_tungstenite::tungstenite::Error::Capacity(_))
        );
        if too_large {
            self.refuse(
                ErrorKind::TooLarge,
                format!("frame over the socket's limit, closing: {error}"),
            );
            self.close(close_code::SIZE, "frame too large");
        } else {
            tracing::info!("{}: connection broken: {error}", self.label());
        }
        Flow::Stop
    }

    fn on_bad_frame(&mut self, error: ProtocolError) -> Flow {
        self.refuse(error.kind(), error.to_string());
        Flow::Go
    }

    /// A text frame: rate-limited, parsed, then acted on.
    async fn on_text(&mut self, text: &str) -> Flow {
        if let Some(flow) = self.over_rate_limit() {
            return flow;
        }
        match parse_command(text) {
            Ok(command) => self.on_command(command).await,
            Err(error) => self.on_bad_frame(error),
        }
    }

    /// The rate limit's word on one more frame: None to read it, else
    /// what follows its refusal (a warning once, then silence, then a
    /// close for flooding).
    fn over_rate_limit(&mut self) -> Option<Flow> {
        match self.limit.check(Instant::now()) {
            Verdict::Pass => None,
            Verdict::Refuse { first: true } => {
                self.refuse(
                    ErrorKind::RateLimited,
                    "too many messages: slow down".into(),
                );
                Some(Flow::Go)
            }
            Verdict::Refuse { first: false } => Some(Flow::Go),
            Verdict::Close => {
                self.refuse(ErrorKind::RateLimited, "flooding: closing".into());
                self.close(close_code::POLICY, "flooding");
                Some(Flow::Stop)
            }
        }
    }

    /// A command: the connection's own (hello, entries, the lobby), or
    /// its room's.
    async fn on_command(&mut self, command: Command) -> Flow {
        match command {
            Command::Create { .. }
            | Command::Join { .. }
            | Command::Resume { .. }
            | Command::Watch { .. }
            | Command::Seek { .. }
            | Command::Anyone { .. }
            | Command::Take { .. }
                if self.room.is_some() =>
            {
                self.refuse(
                    ErrorKind::AlreadySeated,
                    "this connection is in a room".into(),
                );
                Flow::Go
            }
            Command::Hello { .. } if self.room.is_some() => {
                self.refuse(
                    ErrorKind::AlreadySeated,
                    "say hello before entering a room".into(),
                );
                Flow::Go
            }
            Command::Hello { name, key, bot } => self.hello(name, key, bot).await,
            Command::MyGames => self.my_games().await,
            // The new room is counted here (refused at the address's cap).
            Command::Create { .. } | Command::Take { .. }
                if !self.hub.peers.new_room(self.client) =>
            {
                self.refuse(
                    ErrorKind::RateLimited,
                    "too many new rooms from your address: try later".into(),
                );
                Flow::Go
            }
            Command::Create {
                setup,
                side,
                clock,
                rated,
            } => self.create(setup, side, clock, rated).await,
            Command::Join { code } => self.join(&code).await,
            Command::Resume { code, token } => {
                self.enter(&code, || Ok(Entry::Resume { token })).await
            }
            Command::Watch { code } => self.enter(&code, || Ok(Entry::Watch)).await,
            Command::Seek { setup, side, clock } => self.seek(setup, side, clock, false).await,
            Command::Anyone { setup, clock } => self.seek(setup, None, clock, true).await,
            Command::Take { seek } => self.take(seek).await,
            Command::CancelSeek => {
                if !self.hub.lobby.cancel(self.id) {
                    self.refuse(ErrorKind::UnknownSeek, "no seek open".into());
                }
                Flow::Go
            }
            Command::Lobby => {
                self.hub.lobby.follow(self.id, self.outbox.clone());
                Flow::Go
            }
            Command::Ping if self.room.is_none() => {
                self.outbox.send(&Event::Pong);
                Flow::Go
            }
            command => self.forward(command).await,
        }
    }

    /// `create`: opens a room with this connection (and its player) in
    /// seat A.
    async fn create(
        &mut self,
        setup: GameSetup,
        side: Side,
        clock: Option<ClockSpec>,
        rated: bool,
    ) -> Flow {
        let outbox = self.outbox.clone();
        let room = NewRoom {
            setup,
            side,
            clock,
            player: self.seat_player(),
            rated,
        };
        let created = self.hub.create(room, self.id, outbox).await;
        self.entered(created)
    }

    /// `take`: plays seek `seek`, this node's or another's.
    async fn take(&mut self, seek: u64) -> Flow {
        let player = self.identity.as_ref().map(|i| i.id);
        if let Some(taken) = self.hub.lobby.take(seek, self.id, player) {
            return self.pair(taken, None).await;
        }
        match self.hub.lobby.node_of_seek(seek) {
            Some(node) => self.take_elsewhere(&node, seek, None).await,
            None => {
                self.refuse(ErrorKind::UnknownSeek, format!("no open seek {seek}"));
                Flow::Go
            }
        }
    }

    async fn enter(&mut self, code: &str, entry: impl FnOnce() -> Result<Entry, String>) -> Flow {
        let entry = match entry() {
            Ok(entry) => entry,
            Err(e) => {
                self.refuse(ErrorKind::Storage, e);
                return Flow::Go;
            }
        };
        // A code is always looked up: a seat's token or a code the server
        // knows gets in whatever others at this address guessed (one NAT,
        // many players). An address that has used up its unknown codes has
        // its connection closed at its next unknown one, so a guesser pays
        // a new connection per guess from then on.
        let guessed_out = !self.hub.peers.may_look_up(self.client);
        let outbox = self.outbox.clone();
        let entered = self.hub.enter(code, entry, self.id, outbox).await;
        if let Err(Event::Error {
            error: ErrorKind::UnknownRoom,
            ..
        }) = &entered
        {
            self.unknown_rooms += 1;
            let within_cap = self.hub.peers.unknown_code(self.client);
            let message = if guessed_out || !within_cap {
                Some("too many unknown codes from your address: closing")
            } else if self.unknown_rooms > UNKNOWN_ROOMS_LIMIT {
                Some("too many unknown codes: closing")
            } else {
                None
            };
            if let Some(message) = message {
                self.refuse(ErrorKind::UnknownRoom, message.into());
                self.close(close_code::POLICY, "guessing codes");
                return Flow::Stop;
            }
        }
        self.entered(entered)
    }

    /// A seek (checked as a room's setup would be): it meets one open
    /// that wants the same (a new seek meets only players waiting to play
    /// anyone; "play anyone" takes any), or is posted.
    async fn seek(
        &mut self,
        setup: GameSetup,
        side: Option<Side>,
        clock: Option<ClockSpec>,
        anyone: bool,
    ) -> Flow {
        let checked = setup
            .variant()
            .and_then(|variant| clock.map_or(Ok(()), |c| c.check()).map(|()| variant));
        // The lobby lists the setup as the rules write it, never the
        // client's own text.
        let setup = match checked {
            Ok(variant) => GameSetup::of(&variant),
            Err(e) => {
                self.refuse(ErrorKind::BadSetup, e);
                return Flow::Go;
            }
        };
        let player = match self.seat_player() {
            Some(player) => match self.hub.rated_player(&player, &setup, clock).await {
                Ok(player) => Some(player),
                Err(e) => {
                    self.outbox.send(&storage_error(&e));
                    return Flow::Go;
                }
            },
            None => None,
        };
        // Another node's seek that this one meets: taken there, if it
        // still can be (else this one is posted here).
        let name = player.as_ref().map(|p| p.info.name.as_str());
        if let Some((node, number)) = self.hub.lobby.other_match(&setup, clock, !anyone, name)
            && self.hub.peers.may_open_room(self.client)
        {
            let wanted = side.map(Side::other);
            if let Ok(code) = self.taken_elsewhere(&node, number, wanted).await {
                self.hub.peers.new_room(self.client);
                return self.join(&code).await;
            }
        }
        let seek = Seek {
            info: SeekInfo {
                seek: 0,
                setup,
                side,
                clock,
                anyone,
                player: player.as_ref().map(|p| p.info.clone()),
            },
            player,
            conn: self.id,
            outbox: self.outbox.clone(),
            placed: self.placed.clone(),
        };
        if !self.hub.peers.may_open_room(self.client) {
            self.refuse(
                ErrorKind::RateLimited,
                "too many new rooms from your address: try later".into(),
            );
            return Flow::Go;
        }
        match self.hub.lobby.meet_or_post(seek, !anyone) {
            Ok(Met::Taken(waiting)) => {
                self.hub.peers.new_room(self.client);
                self.pair(*waiting, side.map(Side::other)).await
            }
            Ok(Met::Posted(seek)) => {
                tracing::info!("{}: seek {seek} posted", self.label());
                self.outbox.send(&Event::Seeking { seek });
                Flow::Go
            }
            Err(PostRefused::AlreadySeeking) => {
                self.refuse(
                    ErrorKind::SeekRefused,
                    "this connection has a seek open".into(),
                );
                Flow::Go
            }
            Err(PostRefused::Full) => {
                self.refuse(
                    ErrorKind::SeekRefused,
                    "the lobby is full: try later".into(),
                );
                Flow::Go
            }
        }
    }

    /// Plays a seek taken off the list: opens its room with the seeker
    /// seated ([`open_seeks_room`]), and joins it.
    async fn pair(&mut self, seek: Seek, seeker_side: Option<Side>) -> Flow {
        self.hub.lobby.cancel(self.id);
        let (number, seeker) = (seek.info.seek, seek.conn);
        match open_seeks_room(&self.hub, seek, seeker_side).await {
            Ok(room) => {
                tracing::info!(
                    "{}: took seek {number} of conn {seeker}: room {}",
                    self.label(),
                    room.code
                );
                self.join(&room.code).await
            }
            Err(refusal) => self.entered(Err(refusal)),
        }
    }

    /// Takes another node's seek `seek` (found in its listing): that node
    /// opens the room, and this connection joins it there.
    async fn take_elsewhere(&mut self, node: &str, seek: u64, side: Option<Side>) -> Flow {
        match self.taken_elsewhere(node, seek, side).await {
            Ok(code) => self.join(&code).await,
            Err(refusal) => self.entered(Err(refusal)),
        }
    }

    /// The room node `node` opened for its seek `seek`, taken by this
    /// connection (wanting `side`), or the refusal.
    async fn taken_elsewhere(
        &mut self,
        node: &str,
        seek: u64,
        side: Option<Side>,
    ) -> Result<String, Event> {
        let Some(relay) = self.hub.relay() else {
            return Err(Event::error(
                ErrorKind::UnknownSeek,
                format!("no open seek {seek}"),
            ));
        };
        let player = self.identity.as_ref().map(|i| i.id);
        let code = relay.take_seek(node, seek, self.id, player, side).await?;
        self.hub.lobby.cancel(self.id);
        tracing::info!(
            "{}: took seek {seek} of node {}: room {code}",
            self.label(),
            logging::quoted(node)
        );
        Ok(code)
    }

    /// Takes seat B of room `code`, as this connection's player.
    async fn join(&mut self, code: &str) -> Flow {
        let player = self.seat_player();
        self.enter(code, || {
            Ok(Entry::Join {
                token: secret::token()?,
                player,
            })
        })
        .await
    }

    /// The room a taker of this connection's seek opened with it seated.
    async fn placed_in(&mut self, room: RoomHandle) {
        if self.room.is_some() {
            room.send(RoomInput::Leave { conn: self.id }).await;
            return;
        }
        self.room = Some(room);
        tracing::info!("{}: entered by its seek", self.label());
    }

    /// Keeps the room entered, or passes on the refusal.
    fn entered(&mut self, entered: Result<RoomHandle, Event>) -> Flow {
        match entered {
            Ok(room) => {
                self.hub.lobby.cancel(self.id);
                self.room = Some(room);
                tracing::info!("{}: entered", self.label());
            }
            Err(Event::Error { error, message }) => self.refuse(error, message),
            Err(other) => {
                self.outbox.send(&other);
            }
        }
        Flow::Go
    }

    /// Hands a command to the connection's room; a room whose inbox stays
    /// full is busy (the command is dropped, the connection told).
    async fn forward(&mut self, command: Command) -> Flow {
        let Some(room) = &self.room else {
            self.refuse(
                ErrorKind::NotSeated,
                format!(
                    "`{}` needs a room: create, join, resume, watch or seek one first",
                    command.kind()
                ),
            );
            return Flow::Go;
        };
        let command = RoomInput::Command {
            conn: self.id,
            command,
        };
        match room.offer(command, ROOM_WAIT).await {
            Ok(()) => {}
            Err(NotSent::Busy) => {
                if let Event::Error { error, message } = busy_error(&room.code) {
                    self.refuse(error, message);
                }
            }
            Err(NotSent::Closed) => {
                self.room = None;
                self.refuse(
                    ErrorKind::NotSeated,
                    "the room has closed: resume it".into(),
                );
            }
        }
        Flow::Go
    }
}
