//! `stronghold-server`: rooms where two players (and any spectators) play
//! one of the hunt games over WebSocket, behind the `server` feature.
//!
//! The server is the authority: it checks every move with [`crate::rules`],
//! keeps the clocks, and stores every change (in SQLite, or PostgreSQL)
//! before it tells anyone (so a crash loses no acknowledged move). The
//! protocol is [`crate::online`]'s.
//!
//! - [`conn`]: one connection: frames in (capped, rate-limited, parsed),
//!   frames out, the idle limit;
//! - [`hub`]: the rooms in memory and each room's task;
//! - [`lobby`]: the open seeks and the pairing of a seek with its taker;
//!   [`pairing`]: a taken seek's room opened;
//! - [`relay`]: several nodes, one game (proxies and guests over the bus);
//! - [`room`]: one room's rules of conduct, without I/O;
//! - [`outbox`] (a connection as rooms reach it), [`room_handle`] (a room
//!   as connections reach it) and [`refusal`]: what these pass each
//!   other, below them all, so that they import one way
//!   (`tests/core/architecture.rs`);
//! - [`clock`], [`store`], [`secret`] (codes and tokens), [`limit`]
//!   (rate limits), [`log`].
//!
//! Routes: `GET /ws` upgrades to the protocol, `GET /health` answers 200,
//! `GET /api/lobby` lists the open seeks and the games being played (JSON,
//! as the `lobby` event),
//! `GET /api/games/CODE` gives a room's last game as text, `GET
//! /api/players/NAME` a player's ratings and recent games.
//!
//! Players: a connection may say who it is (`hello`: a secret key the
//! client made, and a display name); [`store`] keeps the players and their
//! [`glicko`] ratings per game and clock class, updated in the transaction
//! that stores a rated game's end.

mod clock;
mod conn;
mod glicko;
mod hub;
mod limit;
mod lobby;
mod log;
mod outbox;
mod pairing;
mod peers;
mod refusal;
mod relay;
mod room;
mod room_handle;
mod secret;
pub mod store;

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, State};
use axum::response::IntoResponse;
use axum::routing::get;

use crate::online::protocol::MAX_COMMAND_BYTES;

/// The largest frame the socket reads at all; frames between the
/// protocol's cap and this one get a `too_large` error, larger ones close
/// the connection.
const SOCKET_MAX_BYTES: usize = 16 * MAX_COMMAND_BYTES;
/// Each connection's read and write buffers.
const SOCKET_BUFFER_BYTES: usize = 8 * 1024;
/// Each connection's kernel send buffer. Left alone, Linux grows it up to
/// 4 MiB for a peer that does not read; capped, a stalled peer holds at
/// most this, the WebSocket's buffer and its outbox, and its writes stall
/// soon enough for the write timeout to close it. A game's frames are a
/// few hundred bytes: this is many of them in flight.
const KERNEL_SEND_BUFFER_BYTES: usize = 32 * 1024;

/// What the server runs with (its command line).
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: String,
    /// A SQLite file, or a `postgres://` (`postgresql://`) URL.
    pub db: PathBuf,
    /// A connection silent this long is closed.
    pub idle: Duration,
    /// A seat gone this long may be claimed against.
    pub claim_after: Duration,
    /// A game whose side to move has not made its first move this long
    /// after its turn began is aborted (the clock's time, if shorter).
    pub abort_after: Duration,
    /// In a game without a clock, a connected player who has not moved
    /// this long may be claimed against.
    pub stall_after: Duration,
    /// A room nobody is in (and whose clock is not running) leaves memory.
    pub unload_after: Duration,
    /// A write to a connection's socket that takes longer closes it (a
    /// peer that stopped reading).
    pub write_timeout: Duration,
    /// Open connections per client address (0: no cap).
    pub max_connections_per_ip: u32,
    /// Unknown codes a client address may look up per 10 minutes (0: no cap).
    pub max_unknown_codes_per_ip: u32,
    /// Rooms a client address may open per 10 minutes (0: no cap).
    pub max_new_rooms_per_ip: u32,
    /// Peers whose `X-Forwarded-For` names the client (reverse proxies).
    pub trusted_proxies: Vec<IpAddr>,
    /// Idle rooms (nobody in them, no clock running) beyond this many in
    /// memory leave it, longest idle first (0: no cap).
    pub max_rooms_in_memory: usize,
    /// A room whose game never finished, with no move and nobody in it
    /// this long, is removed from memory and the store (None: never).
    /// Never by default: a deletion cannot be undone, and a stored room
    /// costs a few rows, so the operator chooses (30d suits a public server).
    pub expire_after: Option<Duration>,
    /// This node's name in the rooms' leases (PostgreSQL); None: the host's
    /// name and the address listened on.
    pub node: Option<String>,
    /// How long a room's lease lasts unless renewed (PostgreSQL): how long
    /// a room of a node that died waits before another node may take it.
    pub lease: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: "127.0.0.1:7878".into(),
            db: PathBuf::from("stronghold.sqlite3"),
            idle: Duration::from_secs(60),
            claim_after: Duration::from_secs(60),
            abort_after: Duration::from_secs(30),
            stall_after: Duration::from_secs(300),
            unload_after: Duration::from_secs(600),
            write_timeout: Duration::from_secs(10),
            max_connections_per_ip: 100,
            max_unknown_codes_per_ip: 30,
            max_new_rooms_per_ip: 100,
            trusted_proxies: Vec::new(),
            max_rooms_in_memory: 10_000,
            expire_after: None,
            node: None,
            lease: Duration::from_secs(30),
        }
    }
}

/// The usage text.
pub const USAGE: &str =
    "usage: stronghold-server [--addr HOST:PORT] [--db FILE|URL] [--idle-secs S] [--claim-secs S] [--abort-secs S]
       [--stall-secs S] [--write-timeout-secs S] [--max-connections-per-ip N]
       [--max-unknown-codes-per-ip N] [--max-new-rooms-per-ip N] [--trusted-proxy IP]...
       [--max-rooms-in-memory N] [--expire-after DURATION] [--node NAME] [--lease-secs S]
  Serves online games of Stronghold over WebSocket (ws://HOST:PORT/ws), GET /health and
  GET /api/lobby (the open seeks), GET /api/games/CODE (a room's last game as text) and
  GET /api/players/NAME (a player's ratings and recent games as text).
  --addr HOST:PORT  where to listen (default 127.0.0.1:7878; 0.0.0.0:7878 for the LAN;
                    port 0 lets the system choose, and the first line says which)
  --db FILE|URL     the SQLite file every game is kept in (default stronghold.sqlite3), or a
                    PostgreSQL database (postgres://USER@HOST/DB), whose tables the server
                    creates and migrates itself
  --idle-secs S     close connections silent for S seconds (default 60)
  --claim-secs S    a player gone S seconds may be claimed against (default 60)
  --abort-secs S    a game whose side to move has not made its first move S seconds after its
                    turn began is aborted, for nobody (default 30, or the clock's time if shorter)
  --stall-secs S    in a game without a clock, a player who has sat on a move S seconds may be
                    claimed against while connected (default 300)
  --write-timeout-secs S
                    close a connection when one write to it takes over S seconds (a peer that
                    does not read; default 10)
  --max-connections-per-ip N
                    open connections per client address (default 100; 0: no cap); more are
                    refused with HTTP 429
  --max-unknown-codes-per-ip N
                    unknown room codes a client address may look up per 10 minutes (default 30;
                    0: no cap); past it the connection is closed, and the next ones too
  --max-new-rooms-per-ip N
                    rooms a client address may open per 10 minutes (default 100; 0: no cap)
  --trusted-proxy IP
                    a reverse proxy whose X-Forwarded-For names the client (repeatable); from
                    any other peer the header is ignored and the peer's address counts
  --max-rooms-in-memory N
                    idle rooms (nobody in them, no clock running) beyond N in memory leave it,
                    longest idle first; they stay stored and come back on their next entry
                    (default 10000; 0: no cap)
  --expire-after DURATION
                    remove a room whose game never finished once it has had no move and nobody
                    in it for DURATION (30d, 12h, 90m, 45s), from memory and the store; its code
                    is then unknown. Finished games are always kept (default never)
  --node NAME       with PostgreSQL: this server's name in the rooms' leases (default: the
                    host's name and the address listened on); a room has one owner at a time
  --lease-secs S    with PostgreSQL: a room's lease lasts S seconds unless renewed (default 30):
                    how long another node waits for the rooms of one that died";

impl Config {
    /// Reads the command line (the words after the program's name).
    pub fn from_args(words: &[String]) -> Result<Config, String> {
        let mut config = Config::default();
        let mut it = words.iter();
        while let Some(flag) = it.next() {
            let mut value = || {
                it.next()
                    .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))
            };
            match flag.as_str() {
                "--addr" => config.addr = value()?.clone(),
                "--db" => config.db = PathBuf::from(value()?),
                "--idle-secs" => config.idle = seconds(flag, value()?)?,
                "--claim-secs" => config.claim_after = seconds(flag, value()?)?,
                "--abort-secs" => config.abort_after = seconds(flag, value()?)?,
                "--stall-secs" => config.stall_after = seconds(flag, value()?)?,
                "--write-timeout-secs" => config.write_timeout = seconds(flag, value()?)?,
                "--max-connections-per-ip" => {
                    config.max_connections_per_ip = count(flag, value()?)?
                }
                "--max-unknown-codes-per-ip" => {
                    config.max_unknown_codes_per_ip = count(flag, value()?)?
                }
                "--max-new-rooms-per-ip" => config.max_new_rooms_per_ip = count(flag, value()?)?,
                "--max-rooms-in-memory" => {
                    config.max_rooms_in_memory = count(flag, value()?)? as usize
                }
                "--expire-after" => {
                    let text = value()?;
                    config.expire_after = match text.as_str() {
                        "never" => None,
                        text => Some(duration(flag, text)?),
                    };
                }
                "--trusted-proxy" => {
                    let text = value()?;
                    let ip = text.parse().map_err(|_| {
                        format!("--trusted-proxy takes an IP address, not `{text}`")
                    })?;
                    config.trusted_proxies.push(ip);
                }
                "--node" => config.node = Some(node_name(value()?)?),
                "--lease-secs" => config.lease = seconds(flag, value()?)?,
                other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
            }
        }
        Ok(config)
    }
}

/// A count for a cap (0: no cap).
fn count(flag: &str, text: &str) -> Result<u32, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a whole number (0: no cap), not `{text}`"))
}

/// `30d`, `12h`, `90m`, `45s` or plain seconds.
fn duration(flag: &str, text: &str) -> Result<Duration, String> {
    let (number, unit) = match text.char_indices().last() {
        Some((i, 'd')) => (&text[..i], 86_400.0),
        Some((i, 'h')) => (&text[..i], 3_600.0),
        Some((i, 'm')) => (&text[..i], 60.0),
        Some((i, 's')) => (&text[..i], 1.0),
        _ => (text, 1.0),
    };
    match number.parse::<f64>() {
        Ok(n) if n > 0.0 && n * unit < 1e10 => Ok(Duration::from_secs_f64(n * unit)),
        _ => Err(format!(
            "{flag} takes a duration such as 30d, 12h, 90m or 45s (or never), not `{text}`"
        )),
    }
}

/// A duration as the log writes it: `30d`, `2h`, `45s`, `1.5s`.
pub(crate) fn duration_text(d: Duration) -> String {
    let s = d.as_secs_f64();
    for (unit, length) in [("d", 86_400.0), ("h", 3_600.0), ("m", 60.0)] {
        if s >= length && (s / length).fract() == 0.0 {
            return format!("{}{unit}", s / length);
        }
    }
    format!("{s}s")
}

fn seconds(flag: &str, text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s < 1e7 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "{flag} takes a positive number of seconds, not `{text}`"
        )),
    }
}

/// Runs the server until the process ends. The first line on standard
/// output names the address it listens on.
pub fn run(config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(serve(config))
}

async fn serve(config: Config) -> Result<(), String> {
    let store = store::Store::open(&config.db).await?;
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    // The first line on standard output: scripts and tests read the port.
    let mut stdout = std::io::stdout();
    let _ = writeln!(stdout, "stronghold-server listening on {addr}");
    let _ = stdout.flush();
    log::line(format_args!(
        "listening on {addr}, games in {}",
        store::describe(&config.db)
    ));
    let expire_after = config.expire_after;
    let node = config
        .node
        .clone()
        .unwrap_or_else(|| format!("{}/{addr}", host_name()));
    if store.is_shared() {
        log::line(format_args!(
            "node {node}: rooms leased for {} s at a time",
            config.lease.as_secs_f64()
        ));
    }
    let hub = Arc::new(hub::Hub::new(store, config, node));
    if let Some(after) = expire_after {
        tokio::spawn(hub::expire_abandoned(Arc::clone(&hub), after));
    }
    if hub.relay().is_some() {
        // Open before the first connection, so that this node hears the
        // others from its first room on.
        let bus = relay::session::open_bus(&hub).await?;
        tokio::spawn(relay::session::run(Arc::clone(&hub), bus));
    }
    let app = Router::new()
        .route("/ws", get(upgrade))
        .route("/health", get(health))
        .route("/api/lobby", get(lobby))
        .route("/api/games/{code}", get(archived_game))
        .route("/api/players/{name}", get(player_page))
        .with_state(hub);
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|socket| {
        let socket = socket2::SockRef::from(&*socket);
        let _ = socket.set_send_buffer_size(KERNEL_SEND_BUFFER_BYTES);
    });
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
    .map_err(|e| format!("server stopped: {e}"))
}

/// `--node`: a name the relay's channels and log lines can carry (up
/// to 48 bytes, no spaces or control characters).
fn node_name(name: &str) -> Result<String, String> {
    let fits = !name.is_empty()
        && name.len() <= 48
        && !name.chars().any(|c| c.is_whitespace() || c.is_control());
    if fits {
        Ok(name.to_string())
    } else {
        Err(format!(
            "--node: `{}` is not a node name (1 to 48 bytes, no spaces or control characters)",
            name.escape_debug()
        ))
    }
}

/// The machine's name (Linux), or `localhost`.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|name| name.trim().to_string())
        .ok()
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "localhost".into())
}

async fn upgrade(
    ws: WebSocketUpgrade,
    State(hub): State<Arc<hub::Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
) -> axum::response::Response {
    let client = hub.peers.client(peer.ip(), &headers);
    // The place is taken before the upgrade, so a burst of upgrades cannot
    // pass the cap together; it is given back when the socket is freed.
    let Some(slot) = hub.admit(client) else {
        log::line(format_args!(
            "refused a connection from {client} (peer {peer}): it has its cap open"
        ));
        return (
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            "too many connections from your address\n",
        )
            .into_response();
    };
    // Small buffers: a thousand connections at tungstenite's default
    // (128 KiB each way) would hold over 100 MB for frames of a few hundred bytes.
    ws.max_message_size(SOCKET_MAX_BYTES)
        .max_frame_size(SOCKET_MAX_BYTES)
        .read_buffer_size(SOCKET_BUFFER_BYTES)
        .write_buffer_size(SOCKET_BUFFER_BYTES)
        .on_upgrade(move |socket| conn::serve(socket, hub, peer, slot))
        .into_response()
}

async fn health(State(hub): State<Arc<hub::Hub>>) -> String {
    let (rooms, connections) = hub.counts();
    format!("ok: {rooms} rooms in memory, {connections} connections\n")
}

/// The open seeks and the games being played, as the `lobby` event lists
/// them.
async fn lobby(State(hub): State<Arc<hub::Hub>>) -> impl IntoResponse {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        hub.lobby.listing_now().to_frame(),
    )
}

/// A room's last game as text, or 404.
async fn archived_game(
    State(hub): State<Arc<hub::Hub>>,
    axum::extract::Path(code): axum::extract::Path<String>,
) -> impl IntoResponse {
    plain_text(hub.archive(&code).await, "no game has this code")
}

/// A player's ratings and recent games as text, or 404.
async fn player_page(
    State(hub): State<Arc<hub::Hub>>,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> impl IntoResponse {
    plain_text(hub.player_page(&name).await, "no player has this name")
}

/// A text page: 200 with it, 404 with `missing`, or 503 for the store.
fn plain_text(page: Result<Option<String>, String>, missing: &str) -> impl IntoResponse + use<> {
    use axum::http::StatusCode;
    let plain = [(
        axum::http::header::CONTENT_TYPE,
        "text/plain; charset=utf-8",
    )];
    match page {
        Ok(Some(text)) => (StatusCode::OK, plain, text),
        Ok(None) => (StatusCode::NOT_FOUND, plain, format!("{missing}\n")),
        Err(e) => (
            StatusCode::SERVICE_UNAVAILABLE,
            plain,
            format!("the store could not read it: {e}\n"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(words: &[&str]) -> Result<Config, String> {
        Config::from_args(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn the_limits_are_read_from_the_command_line() {
        let c = config(&[
            "--max-connections-per-ip",
            "0",
            "--trusted-proxy",
            "127.0.0.1",
            "--trusted-proxy",
            "::1",
            "--max-rooms-in-memory",
            "5",
            "--expire-after",
            "30d",
        ])
        .expect("a config");
        assert_eq!(c.max_connections_per_ip, 0);
        assert_eq!(c.trusted_proxies.len(), 2);
        assert_eq!(c.max_rooms_in_memory, 5);
        assert_eq!(c.expire_after, Some(Duration::from_secs(30 * 86_400)));
        assert_eq!(Config::default().expire_after, None);
        assert!(config(&["--trusted-proxy", "proxy.example"]).is_err());
        assert!(config(&["--expire-after", "soon"]).is_err());
        assert!(config(&["--max-new-rooms-per-ip", "-1"]).is_err());
    }

    #[test]
    fn durations_read_and_written() {
        let read = |text| duration("--expire-after", text);
        assert_eq!(read("90m"), Ok(Duration::from_secs(5400)));
        assert_eq!(read("12h"), Ok(Duration::from_secs(43_200)));
        assert_eq!(read("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(read("45"), Ok(Duration::from_secs(45)));
        assert!(read("0s").is_err() && read("d").is_err() && read("").is_err());
        assert_eq!(duration_text(Duration::from_secs(30 * 86_400)), "30d");
        assert_eq!(duration_text(Duration::from_secs(2)), "2s");
    }
}
