//! A client of `stronghold-server` that never blocks: [`Client::poll`]
//! once a frame (or in a loop) returns what arrived, and
//! [`Client::send`] queues a command. It opens the connection with the
//! command that says what it came for ([`Opening`]), keeps the seat token
//! the server gives, pings, and when the connection is lost it tries again
//! with growing pauses and resumes the seat (the server then sends the
//! whole room). It may be given several servers (`URL1,URL2`, nodes that
//! serve the same rooms): when a connection cannot be made, it tries the
//! next one, round the list, with the same growing pauses.
//!
//! The socket is ewebsock's: tungstenite on a thread of its own natively,
//! the browser's WebSocket on the web. Natively a `Client` is `Send`; on
//! the web it is neither `Send` nor `Sync` (keep it where it was made: a
//! Bevy app holds it as a non-send resource).

use std::sync::Arc;

use web_time::{Duration, Instant};

use super::protocol::{
    ClockSpec, Command, Event, GameSetup, MAX_EVENT_BYTES, ProtocolError, parse_event,
};
use crate::rules::Side;

/// How often a connected client pings (on the first poll after this long:
/// an app that polls once a frame needs no frame more often).
pub const PING_EVERY: Duration = Duration::from_secs(5);
/// A server silent this long is taken for gone (it answers every ping).
const SILENCE_LIMIT: Duration = Duration::from_secs(20);
/// The first pause before connecting again; it doubles up to the most.
const FIRST_RETRY: Duration = Duration::from_millis(250);
const LONGEST_RETRY: Duration = Duration::from_secs(4);
/// How long the native socket's thread waits for a frame before it
/// looks for one to send (ewebsock's default is 10 ms).
const NATIVE_READ_SLICE: Duration = Duration::from_millis(4);

/// What a client came for: the command each new connection opens with
/// (after the first seat, always `resume`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Opening {
    Create {
        setup: GameSetup,
        side: Side,
        clock: Option<ClockSpec>,
        rated: bool,
    },
    Join {
        code: String,
    },
    Resume {
        code: String,
        token: String,
    },
    Watch {
        code: String,
    },
    /// A seek in the lobby (posted again on a new connection until taken).
    Seek {
        setup: GameSetup,
        side: Option<Side>,
        clock: Option<ClockSpec>,
    },
    /// Plays anyone who wants the same game and clock.
    Anyone {
        setup: GameSetup,
        clock: Option<ClockSpec>,
    },
    /// Takes a seek the lobby lists.
    Take {
        seek: u64,
    },
    /// Follows the lobby's list of seeks.
    Lobby,
    /// Asks for the player's recent games (`games`).
    MyGames,
}

impl Opening {
    fn command(&self) -> Command {
        match self.clone() {
            Opening::Create {
                setup,
                side,
                clock,
                rated,
            } => Command::Create {
                setup,
                side,
                clock,
                rated,
            },
            Opening::Join { code } => Command::Join { code },
            Opening::Resume { code, token } => Command::Resume { code, token },
            Opening::Watch { code } => Command::Watch { code },
            Opening::Seek { setup, side, clock } => Command::Seek { setup, side, clock },
            Opening::Anyone { setup, clock } => Command::Anyone { setup, clock },
            Opening::Take { seek } => Command::Take { seek },
            Opening::Lobby => Command::Lobby,
            Opening::MyGames => Command::MyGames,
        }
    }
}

/// Who the client's player is: said (`hello`) before the opening on
/// every connection.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Identity {
    pub name: String,
    /// The player's secret key (see [`new_player_key`]).
    pub key: String,
    pub bot: bool,
}

impl Identity {
    fn hello(&self) -> Command {
        Command::Hello {
            name: self.name.clone(),
            key: self.key.clone(),
            bot: self.bot,
        }
    }
}

/// A new player key: 32 hex digits from the system's random source (the
/// browser's `crypto.getRandomValues` on the web).
pub fn new_player_key() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A seat the server gave: keep it to come back (`Opening::Resume`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Session {
    pub code: String,
    pub token: String,
    pub side: Side,
}

/// Where the connection stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ConnectionStatus {
    /// The first connection is being made.
    Connecting,
    Connected,
    /// The connection was lost; `attempt` tries so far.
    Reconnecting {
        attempt: u32,
    },
}

/// What [`Client::poll`] reports.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ClientEvent {
    /// A connection is open and its opening command sent; the server's
    /// answer (`seated`, `state`, or an `error`) follows.
    Connected,
    /// The connection was lost; the client tries again after `retry_in`.
    Lost { reason: String, retry_in: Duration },
    /// A message of the server.
    Server(Event),
    /// A frame of the server this client cannot read (another version?).
    Unreadable(ProtocolError),
}

/// Why a command was not sent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SendError {
    /// No connection is open now: nothing was queued (the state the server
    /// sends after reconnecting says what stands).
    NotConnected,
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not connected to the server")
    }
}

impl std::error::Error for SendError {}

struct Socket {
    tx: ewebsock::WsSender,
    rx: ewebsock::WsReceiver,
    open: bool,
}

/// A connection to a server that keeps itself up; see the module comment.
pub struct Client {
    /// The servers' WebSocket addresses, never empty; `at` is the one
    /// connected to (or tried next).
    urls: Vec<String>,
    at: usize,
    opening: Opening,
    identity: Option<Identity>,
    session: Option<Session>,
    socket: Option<Socket>,
    /// Connection attempts that failed in a row.
    failures: u32,
    retry_at: Option<Instant>,
    last_heard: Instant,
    last_ping: Instant,
    ever_connected: bool,
    /// Called from the socket's side when something arrives (an app that
    /// sleeps between frames wakes to poll).
    wake: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl Client {
    /// A client of the server at `server` (`ws://host:port`, `wss://…`,
    /// or `http(s)://`; or several, separated by commas, tried in turn),
    /// which connects at the first [`Client::poll`].
    pub fn new(server: &str, opening: Opening) -> Client {
        let now = Instant::now();
        Client {
            urls: socket_urls(server),
            at: 0,
            session: None,
            opening,
            identity: None,
            socket: None,
            failures: 0,
            retry_at: Some(now),
            last_heard: now,
            last_ping: now,
            ever_connected: false,
            wake: None,
        }
    }

    /// Says who the player is (`hello`) first on each connection.
    pub fn with_identity(mut self, identity: Option<Identity>) -> Client {
        self.identity = identity;
        self
    }

    /// Calls `wake` whenever a message or a change of the connection
    /// arrives (from the socket's thread natively), so an app that draws
    /// only when something changes can poll at once.
    pub fn wake_with(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        self.wake = Some(Arc::new(wake));
    }

    /// The WebSocket address it connects to (or tries next).
    pub fn url(&self) -> &str {
        self.urls.get(self.at).map_or("", String::as_str)
    }

    /// Every server it may use, as a comma-separated list of WebSocket
    /// addresses (what [`socket_list`] makes of the address it was given).
    pub fn servers(&self) -> String {
        self.urls.join(",")
    }

    /// The seat the server gave, once it has.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    pub fn status(&self) -> ConnectionStatus {
        match &self.socket {
            Some(s) if s.open => ConnectionStatus::Connected,
            _ if !self.ever_connected => ConnectionStatus::Connecting,
            _ => ConnectionStatus::Reconnecting {
                attempt: self.failures,
            },
        }
    }

    /// Sends a command now, or says there is no connection. `Ok` means
    /// handed to an open socket, not received: a connection that is
    /// dropping as it is sent loses the command without an error. What must
    /// arrive is checked against the server's state instead (a move is sent
    /// again after a reconnect until the server's room has it; see
    /// `game::play::online`).
    pub fn send(&mut self, command: &Command) -> Result<(), SendError> {
        match &mut self.socket {
            Some(socket) if socket.open => {
                socket
                    .tx
                    .send(ewebsock::WsMessage::Text(command.to_frame()));
                Ok(())
            }
            _ => Err(SendError::NotConnected),
        }
    }

    /// Closes the connection for good (no reconnecting).
    pub fn close(&mut self) {
        self.socket = None;
        self.retry_at = None;
    }

    /// Everything that arrived since the last call; connects, pings and
    /// reconnects as time says. Never blocks.
    pub fn poll(&mut self) -> Vec<ClientEvent> {
        let now = Instant::now();
        let mut events = Vec::new();
        if self.socket.is_none() && self.retry_at.is_some_and(|at| now >= at) {
            self.connect(now, &mut events);
        }
        while let Some(ws_event) = self.socket.as_ref().and_then(|s| s.rx.try_recv()) {
            self.receive(ws_event, now, &mut events);
        }
        if self.socket.as_ref().is_some_and(|s| s.open) {
            if now.duration_since(self.last_heard) > SILENCE_LIMIT {
                self.lose("the server stopped answering".into(), now, &mut events);
            } else if now.duration_since(self.last_ping) > PING_EVERY {
                self.last_ping = now;
                let _ = self.send(&Command::Ping);
            }
        }
        events
    }

    fn connect(&mut self, now: Instant, events: &mut Vec<ClientEvent>) {
        let mut options = ewebsock::Options {
            max_incoming_frame_size: MAX_EVENT_BYTES,
            ..Default::default()
        };
        if cfg!(not(target_arch = "wasm32")) {
            options.read_timeout = Some(NATIVE_READ_SLICE);
        }
        let socket = match self.wake.clone() {
            Some(wake) => ewebsock::connect_with_wakeup(self.url(), options, move || wake()),
            None => ewebsock::connect(self.url(), options),
        };
        match socket {
            Ok((tx, rx)) => {
                self.socket = Some(Socket {
                    tx,
                    rx,
                    open: false,
                });
                self.retry_at = None;
                self.last_heard = now;
            }
            Err(e) => self.lose(e, now, events),
        }
    }

    fn receive(&mut self, ws_event: ewebsock::WsEvent, now: Instant, out: &mut Vec<ClientEvent>) {
        use ewebsock::{WsEvent, WsMessage};
        match ws_event {
            WsEvent::Opened => {
                if let Some(socket) = &mut self.socket {
                    socket.open = true;
                }
                self.ever_connected = true;
                self.failures = 0;
                self.last_heard = now;
                self.last_ping = now;
                if let Some(hello) = self.identity.as_ref().map(Identity::hello) {
                    let _ = self.send(&hello);
                }
                let _ = self.send(&self.opening.command());
                out.push(ClientEvent::Connected);
            }
            WsEvent::Message(WsMessage::Text(text)) => {
                self.last_heard = now;
                match parse_event(&text) {
                    Ok(Event::MoveOn) => self.move_on(now, out),
                    Ok(event) => {
                        self.note(&event);
                        out.push(ClientEvent::Server(event));
                    }
                    Err(e) => out.push(ClientEvent::Unreadable(e)),
                }
            }
            WsEvent::Message(WsMessage::Binary(_)) => {
                out.push(ClientEvent::Unreadable(ProtocolError::NotText));
            }
            WsEvent::Message(_) => self.last_heard = now,
            WsEvent::Error(reason) => self.lose(reason, now, out),
            WsEvent::Closed => self.lose("the server closed the connection".into(), now, out),
        }
    }

    /// Keeps what a client must remember from an event: the seat.
    fn note(&mut self, event: &Event) {
        match event {
            Event::Seated { code, token, side } => {
                self.session = Some(Session {
                    code: code.clone(),
                    token: token.clone(),
                    side: *side,
                });
                self.opening = Opening::Resume {
                    code: code.clone(),
                    token: token.clone(),
                };
            }
            Event::State(state) => {
                let Some(you) = state.you else { return };
                match (&mut self.session, &self.opening) {
                    (Some(session), _) => session.side = you,
                    // Resumed with a token from before: the state names the side.
                    (None, Opening::Resume { code, token }) => {
                        self.session = Some(Session {
                            code: code.clone(),
                            token: token.clone(),
                            side: you,
                        });
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// The server is restarting: the next server of the list, at once
    /// (this one stops taking connections; a lone server is tried again).
    fn move_on(&mut self, now: Instant, events: &mut Vec<ClientEvent>) {
        self.socket = None;
        self.at = (self.at + 1) % self.urls.len().max(1);
        let retry_in = if self.urls.len() > 1 {
            Duration::ZERO
        } else {
            FIRST_RETRY
        };
        self.retry_at = Some(now + retry_in);
        events.push(ClientEvent::Lost {
            reason: "the server is restarting".into(),
            retry_in,
        });
    }

    /// The connection is lost, or could not be made: try again after a
    /// pause that grows with each failure in a row. A connection that was
    /// open is tried again on the same server first (a dropped connection
    /// is often only that); one that never opened moves on to the next
    /// server of the list (the same one when there is only one).
    fn lose(&mut self, reason: String, now: Instant, events: &mut Vec<ClientEvent>) {
        let was_open = self.socket.as_ref().is_some_and(|s| s.open);
        self.socket = None;
        if !was_open && self.urls.len() > 1 {
            self.at = (self.at + 1) % self.urls.len();
        }
        let retry_in = FIRST_RETRY
            .saturating_mul(1 << self.failures.min(8))
            .min(LONGEST_RETRY);
        self.failures += 1;
        self.retry_at = Some(now + retry_in);
        events.push(ClientEvent::Lost { reason, retry_in });
    }
}

/// The WebSocket address of a server given as `host:port`, `ws://…`,
/// `wss://…` or `http(s)://…`: its `/ws` path.
pub fn socket_url(server: &str) -> String {
    let server = server.trim().trim_end_matches('/');
    let (scheme, rest) = match server.split_once("://") {
        Some(("http", rest)) => ("ws", rest),
        Some(("https", rest)) => ("wss", rest),
        Some((scheme, rest)) => (scheme, rest),
        None => ("ws", server),
    };
    if rest.contains('/') {
        format!("{scheme}://{rest}")
    } else {
        format!("{scheme}://{rest}/ws")
    }
}

/// The WebSocket addresses of a comma-separated list of servers (each as
/// [`socket_url`] reads it), in order, without blanks or repeats; never
/// empty (a blank list gives what `socket_url` makes of it).
pub fn socket_urls(servers: &str) -> Vec<String> {
    let mut urls: Vec<String> = Vec::new();
    for server in servers.split(',').filter(|s| !s.trim().is_empty()) {
        let url = socket_url(server);
        if !urls.contains(&url) {
            urls.push(url);
        }
    }
    if urls.is_empty() {
        urls.push(socket_url(servers));
    }
    urls
}

/// [`socket_urls`] as one comma-separated string: the form a list of
/// servers is compared and kept in.
pub fn socket_list(servers: &str) -> String {
    socket_urls(servers).join(",")
}

#[cfg(test)]
mod tests {
    use super::{socket_list, socket_url};

    #[test]
    fn server_addresses_become_socket_urls() {
        assert_eq!(socket_url("127.0.0.1:7878"), "ws://127.0.0.1:7878/ws");
        assert_eq!(socket_url("ws://h:1/"), "ws://h:1/ws");
        assert_eq!(
            socket_url("https://games.example"),
            "wss://games.example/ws"
        );
        assert_eq!(socket_url("wss://e/x/ws"), "wss://e/x/ws");
    }

    #[test]
    fn a_list_of_servers_becomes_socket_urls() {
        assert_eq!(
            socket_list(" 127.0.0.1:1 , ws://h:2/,,127.0.0.1:1"),
            "ws://127.0.0.1:1/ws,ws://h:2/ws"
        );
        assert_eq!(socket_list("h:3"), "ws://h:3/ws");
    }
}
