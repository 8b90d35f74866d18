//! One WebSocket connection: reads frames (size-capped, rate-limited,
//! parsed into commands), answers what it can itself (bad frames, entry
//! into a room), hands the rest to its room, and writes what the room
//! sends back. A connection silent for the idle limit is closed.
//!
//! Every refused input gets an `error` event and a log line naming the
//! connection and its peer; nothing a connection sends can stop another.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc};
use tokio::time::{Instant, timeout};

use super::hub::{Hub, OUTBOX_FRAMES, Outbound, Outbox, RoomHandle, RoomInput};
use super::limit::{RateLimit, Verdict};
use super::log;
use super::room::{ConnId, Entry};
use crate::online::protocol::{Command, ErrorKind, Event, ProtocolError, parse_command};

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
    hub: Arc<Hub>,
    outbox: Outbox,
    room: Option<RoomHandle>,
    limit: RateLimit,
    unknown_rooms: u32,
}

/// Serves one upgraded connection until it ends.
pub(crate) async fn serve(socket: WebSocket, hub: Arc<Hub>, peer: SocketAddr) {
    let id = hub.connected();
    let (sink, mut stream) = socket.split();
    let (frames, queue) = mpsc::channel(OUTBOX_FRAMES);
    let outbox = Outbox {
        frames,
        kick: Arc::new(Notify::new()),
    };
    let writer = tokio::spawn(write_frames(sink, queue));
    let mut conn = Conn {
        id,
        peer,
        outbox: outbox.clone(),
        room: None,
        limit: RateLimit::new(Instant::now()),
        unknown_rooms: 0,
        hub,
    };
    let idle = conn.hub.config.idle;
    loop {
        let next = tokio::select! {
            next = timeout(idle, stream.next()) => next,
            _ = outbox.kick.notified() => break,
        };
        let flow = match next {
            Err(_) => {
                conn.refuse(
                    ErrorKind::Idle,
                    format!("nothing for {} s: closing", idle.as_secs()),
                );
                conn.close(close_code::POLICY, "idle");
                Flow::Stop
            }
            Ok(None) | Ok(Some(Ok(Message::Close(_)))) => Flow::Stop,
            Ok(Some(Err(e))) => conn.read_failed(e),
            Ok(Some(Ok(Message::Text(text)))) => conn.on_text(text.as_str()).await,
            Ok(Some(Ok(Message::Binary(_)))) => conn.on_bad_frame(ProtocolError::NotText),
            Ok(Some(Ok(_))) => Flow::Go,
        };
        if let Flow::Stop = flow {
            break;
        }
    }
    if let Some(room) = &conn.room {
        room.send(RoomInput::Leave { conn: id });
    }
    conn.hub.disconnected();
    drop(conn);
    drop(outbox);
    // The writer ends when every outbox is dropped (rooms drop theirs on Leave).
    let _ = timeout(std::time::Duration::from_secs(5), writer).await;
}

/// Writes queued frames until the queue closes or a close is asked for.
async fn write_frames(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut queue: mpsc::Receiver<Outbound>,
) {
    while let Some(outbound) = queue.recv().await {
        let message = match outbound {
            Outbound::Frame(frame) => Message::Text(frame),
            Outbound::Close(code, reason) => {
                let frame = CloseFrame {
                    code,
                    reason: Utf8Bytes::from(reason),
                };
                let _ = sink.send(Message::Close(Some(frame))).await;
                break;
            }
        };
        if sink.send(message).await.is_err() {
            break;
        }
    }
    let _ = sink.close().await;
}

impl Conn {
    fn label(&self) -> String {
        match &self.room {
            Some(room) => format!("conn {} ({}) room {}", self.id, self.peer, room.code),
            None => format!("conn {} ({})", self.id, self.peer),
        }
    }

    /// Answers with an error and logs it.
    fn refuse(&self, kind: ErrorKind, message: String) {
        log::line(format_args!(
            "{}: refused ({kind:?}): {message}",
            self.label()
        ));
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
            log::line(format_args!("{}: connection broken: {error}", self.label()));
        }
        Flow::Stop
    }

    fn on_bad_frame(&mut self, error: ProtocolError) -> Flow {
        self.refuse(error.kind(), error.to_string());
        Flow::Go
    }

    async fn on_text(&mut self, text: &str) -> Flow {
        match self.limit.check(Instant::now()) {
            Verdict::Pass => {}
            Verdict::Refuse { first: true } => {
                self.refuse(
                    ErrorKind::RateLimited,
                    "too many messages: slow down".into(),
                );
                return Flow::Go;
            }
            Verdict::Refuse { first: false } => return Flow::Go,
            Verdict::Close => {
                self.refuse(ErrorKind::RateLimited, "flooding: closing".into());
                self.close(close_code::POLICY, "flooding");
                return Flow::Stop;
            }
        }
        let command = match parse_command(text) {
            Ok(command) => command,
            Err(error) => return self.on_bad_frame(error),
        };
        match command {
            Command::Create { .. }
            | Command::Join { .. }
            | Command::Resume { .. }
            | Command::Watch { .. }
                if self.room.is_some() =>
            {
                self.refuse(
                    ErrorKind::AlreadySeated,
                    "this connection is in a room".into(),
                );
                Flow::Go
            }
            Command::Create { setup, side, clock } => {
                let outbox = self.outbox.clone();
                let created = self.hub.create(setup, side, clock, self.id, outbox).await;
                self.entered(created)
            }
            Command::Join { code } => {
                self.enter(&code, || {
                    Ok(Entry::Join {
                        token: super::secret::token()?,
                    })
                })
                .await
            }
            Command::Resume { code, token } => {
                self.enter(&code, || Ok(Entry::Resume { token })).await
            }
            Command::Watch { code } => self.enter(&code, || Ok(Entry::Watch)).await,
            Command::Ping if self.room.is_none() => {
                self.outbox.send(&Event::Pong);
                Flow::Go
            }
            command => self.forward(command),
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
        let outbox = self.outbox.clone();
        let entered = self.hub.enter(code, entry, self.id, outbox).await;
        if let Err(Event::Error {
            error: ErrorKind::UnknownRoom,
            ..
        }) = &entered
        {
            self.unknown_rooms += 1;
            if self.unknown_rooms > UNKNOWN_ROOMS_LIMIT {
                self.refuse(
                    ErrorKind::UnknownRoom,
                    "too many unknown codes: closing".into(),
                );
                self.close(close_code::POLICY, "guessing codes");
                return Flow::Stop;
            }
        }
        self.entered(entered)
    }

    /// Keeps the room entered, or passes on the refusal.
    fn entered(&mut self, entered: Result<RoomHandle, Event>) -> Flow {
        match entered {
            Ok(room) => {
                self.room = Some(room);
                log::line(format_args!("{}: entered", self.label()));
            }
            Err(Event::Error { error, message }) => self.refuse(error, message),
            Err(other) => {
                self.outbox.send(&other);
            }
        }
        Flow::Go
    }

    /// Hands a command to the connection's room.
    fn forward(&mut self, command: Command) -> Flow {
        let Some(room) = &self.room else {
            self.refuse(
                ErrorKind::NotSeated,
                format!(
                    "`{}` needs a room: create, join, resume or watch one first",
                    command.kind()
                ),
            );
            return Flow::Go;
        };
        if !room.send(RoomInput::Command {
            conn: self.id,
            command,
        }) {
            self.room = None;
            self.refuse(
                ErrorKind::NotSeated,
                "the room has closed: resume it".into(),
            );
        }
        Flow::Go
    }
}
