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
//!   (rate limits), [`logging`], [`metrics`], [`drain`] (SIGTERM).
//!
//! Routes: `GET /ws` upgrades to the protocol, `GET /health` answers 200
//! while the process lives, `GET /ready` while the database (and the
//! nodes' bus) answers, `GET /metrics` gives Prometheus text,
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
mod drain;
mod glicko;
mod hub;
mod limit;
mod lobby;
mod logging;
mod metrics;
mod outbox;
mod pairing;
mod peers;
mod refusal;
mod relay;
mod room;
mod room_handle;
mod secret;
pub mod store;

pub use logging::{LogFormat, init as init_log};

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

/// What the server runs with: its command line, each flag also read from
/// an environment variable (for a container), the flag winning.
#[derive(Clone, Debug, clap::Parser)]
#[command(
    name = "stronghold-server",
    version,
    about = "Serves online games of Stronghold over WebSocket",
    long_about = "Serves online games of Stronghold over WebSocket (ws://HOST:PORT/ws), with \
        GET /health (the process lives), GET /ready (the database answers), GET /metrics \
        (Prometheus text), GET /api/lobby (the open seeks), GET /api/games/CODE (a room's last \
        game as text) and GET /api/players/NAME (a player's ratings and recent games as text).\n\n\
        SIGTERM (or Ctrl-C) drains the node: it stops taking connections, hands its rooms over \
        and tells its clients to reconnect elsewhere, then exits."
)]
pub struct Config {
    /// Where to listen (0.0.0.0:7878 for the LAN; port 0 lets the system
    /// choose, and the first line on standard output says which).
    #[arg(
        long,
        env = "STRONGHOLD_ADDR",
        default_value = "127.0.0.1:7878",
        value_name = "HOST:PORT"
    )]
    pub addr: String,
    /// The SQLite file every game is kept in, or a PostgreSQL database
    /// (postgres://USER@HOST/DB), whose tables the server creates and
    /// migrates itself.
    #[arg(
        long,
        env = "STRONGHOLD_DB",
        default_value = "stronghold.sqlite3",
        value_name = "FILE|URL"
    )]
    pub db: PathBuf,
    /// Close connections silent this many seconds.
    #[arg(long = "idle-secs", env = "STRONGHOLD_IDLE_SECS", default_value = "60", value_parser = seconds, value_name = "S")]
    pub idle: Duration,
    /// A player gone this many seconds may be claimed against.
    #[arg(long = "claim-secs", env = "STRONGHOLD_CLAIM_SECS", default_value = "60", value_parser = seconds, value_name = "S")]
    pub claim_after: Duration,
    /// A game whose side to move has not made its first move this many
    /// seconds after its turn began is aborted, for nobody (or the clock's
    /// time, if shorter).
    #[arg(long = "abort-secs", env = "STRONGHOLD_ABORT_SECS", default_value = "30", value_parser = seconds, value_name = "S")]
    pub abort_after: Duration,
    /// In a game without a clock, a player who has sat on a move this many
    /// seconds may be claimed against while connected.
    #[arg(long = "stall-secs", env = "STRONGHOLD_STALL_SECS", default_value = "300", value_parser = seconds, value_name = "S")]
    pub stall_after: Duration,
    /// A room nobody is in (and whose clock is not running) leaves memory.
    #[arg(skip = Duration::from_secs(600))]
    pub unload_after: Duration,
    /// Close a connection when one write to it takes longer than this many
    /// seconds (a peer that stopped reading).
    #[arg(long = "write-timeout-secs", env = "STRONGHOLD_WRITE_TIMEOUT_SECS", default_value = "10", value_parser = seconds, value_name = "S")]
    pub write_timeout: Duration,
    /// Open connections per client address (0: no cap); more are refused
    /// with HTTP 429.
    #[arg(
        long,
        env = "STRONGHOLD_MAX_CONNECTIONS_PER_IP",
        default_value = "100",
        value_name = "N"
    )]
    pub max_connections_per_ip: u32,
    /// Unknown room codes a client address may look up per 10 minutes (0:
    /// no cap); past it, a connection from there that looks up an unknown
    /// code is closed. Seat tokens and known codes always get in.
    #[arg(
        long,
        env = "STRONGHOLD_MAX_UNKNOWN_CODES_PER_IP",
        default_value = "30",
        value_name = "N"
    )]
    pub max_unknown_codes_per_ip: u32,
    /// Rooms a client address may open per 10 minutes (0: no cap).
    #[arg(
        long,
        env = "STRONGHOLD_MAX_NEW_ROOMS_PER_IP",
        default_value = "100",
        value_name = "N"
    )]
    pub max_new_rooms_per_ip: u32,
    /// A reverse proxy whose X-Forwarded-For names the client (repeatable;
    /// comma-separated in the variable); from any other peer the header is
    /// ignored and the peer's address counts.
    #[arg(
        long = "trusted-proxy",
        env = "STRONGHOLD_TRUSTED_PROXIES",
        value_delimiter = ',',
        value_name = "IP"
    )]
    pub trusted_proxies: Vec<IpAddr>,
    /// Idle rooms (nobody in them, no clock running) beyond this many in
    /// memory leave it, longest idle first; they stay stored and come back
    /// on their next entry (0: no cap).
    #[arg(
        long,
        env = "STRONGHOLD_MAX_ROOMS_IN_MEMORY",
        default_value = "10000",
        value_name = "N"
    )]
    pub max_rooms_in_memory: usize,
    /// Remove a room whose game never finished once it has had no move and
    /// nobody in it this long (30d, 12h, 90m, 45s), from memory and the
    /// store; its code is then unknown. Finished games are always kept.
    /// Never by default: a deletion cannot be undone, so the operator
    /// chooses (30d suits a public server).
    #[arg(long, env = "STRONGHOLD_EXPIRE_AFTER", default_value = "never", value_parser = expiry, value_name = "DURATION")]
    pub expire_after: Expiry,
    /// With PostgreSQL: this node's name in the rooms' leases (default: the
    /// host's name and the address listened on); a room has one owner at a
    /// time.
    #[arg(long, env = "STRONGHOLD_NODE", value_parser = node_name, value_name = "NAME")]
    pub node: Option<String>,
    /// With PostgreSQL: a room's lease lasts this many seconds unless
    /// renewed: how long another node waits for the rooms of one that died.
    #[arg(long = "lease-secs", env = "STRONGHOLD_LEASE_SECS", default_value = "30", value_parser = seconds, value_name = "S")]
    pub lease: Duration,
    /// Which log lines to write, as RUST_LOG reads it: a level (error,
    /// warn, info, debug, trace) or directives such as
    /// `stronghold::server::conn=debug,info`.
    #[arg(long, env = "RUST_LOG", default_value = "info", value_name = "FILTER")]
    pub log: String,
    /// How log lines are written on standard error.
    #[arg(
        long,
        env = "STRONGHOLD_LOG_FORMAT",
        value_enum,
        default_value = "text"
    )]
    pub log_format: LogFormat,
}

/// `--expire-after`: a duration, or None for never. (An alias, so that
/// clap reads it as one value with a default, not as an optional flag.)
pub type Expiry = Option<Duration>;

impl Default for Config {
    /// The defaults the flags name.
    fn default() -> Config {
        <Config as clap::Parser>::try_parse_from(["stronghold-server"]).expect("the defaults parse")
    }
}

impl Config {
    /// Reads a command line (the words after the program's name) and the
    /// environment. The error is clap's, with the usage (and `--help`'s
    /// text or the version, which are no errors: `Error::exit` prints those).
    pub fn from_args<I: Into<std::ffi::OsString> + Clone>(
        words: impl IntoIterator<Item = I>,
    ) -> Result<Config, clap::Error> {
        let program = std::iter::once(std::ffi::OsString::from("stronghold-server"));
        <Config as clap::Parser>::try_parse_from(program.chain(words.into_iter().map(Into::into)))
    }
}

/// `30d`, `12h`, `90m`, `45s` or plain seconds.
fn duration(text: &str) -> Result<Duration, String> {
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
            "a duration such as 30d, 12h, 90m or 45s (or never), not `{text}`"
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

fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s < 1e7 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("a positive number of seconds, not `{text}`")),
    }
}

/// `--expire-after`: `never`, or a duration.
fn expiry(text: &str) -> Result<Expiry, String> {
    match text {
        "never" => Ok(None),
        text => duration(text).map(Some),
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
    tracing::info!(
        "listening on {addr}, games in {}",
        store::describe(&config.db)
    );
    let expire_after = config.expire_after;
    let node = config
        .node
        .clone()
        .unwrap_or_else(|| format!("{}/{addr}", host_name()));
    if store.is_shared() {
        tracing::info!(
            "node {node}: rooms leased for {} s at a time",
            config.lease.as_secs_f64()
        );
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
        .route("/ready", get(ready))
        .route("/metrics", get(metrics_page))
        .route("/api/lobby", get(lobby))
        .route("/api/games/{code}", get(archived_game))
        .route("/api/players/{name}", get(player_page))
        .with_state(Arc::clone(&hub));
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|socket| {
        let socket = socket2::SockRef::from(&*socket);
        let _ = socket.set_send_buffer_size(KERNEL_SEND_BUFFER_BYTES);
    });
    // The listener closes at the signal; HTTP requests in flight finish
    // (upgraded connections are the hub's, drained below).
    let (closed, listener_closed) = tokio::sync::oneshot::channel();
    let serving = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        drain::signal().await;
        let _ = closed.send(());
    });
    let serving = tokio::spawn(serving.into_future());
    let _ = listener_closed.await;
    drain::drain(&hub).await;
    // Plain HTTP requests still running get a moment, no more.
    let _ = tokio::time::timeout(Duration::from_millis(500), serving).await;
    Ok(())
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
            "`{}` is not a node name (1 to 48 bytes, no spaces or control characters)",
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
        tracing::warn!("refused a connection from {client} (peer {peer}): it has its cap open");
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

/// 200 while the store answers (and, on PostgreSQL, the nodes' bus is
/// open), else 503: a load balancer sends players only to a node that can
/// keep their moves. `/health` answers while the process lives.
async fn ready(State(hub): State<Arc<hub::Hub>>) -> impl IntoResponse + use<> {
    use axum::http::StatusCode;
    match hub.readiness().await {
        Ok(()) => (StatusCode::OK, "ready\n".to_string()),
        Err(why) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready: {why}\n"),
        ),
    }
}

/// The metrics in Prometheus text (OpenMetrics 1.0).
async fn metrics_page(State(hub): State<Arc<hub::Hub>>) -> impl IntoResponse + use<> {
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        hub.metrics_text(),
    )
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

    fn config(words: &[&str]) -> Result<Config, clap::Error> {
        Config::from_args(words)
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
            "--log-format",
            "json",
        ])
        .expect("a config");
        assert_eq!(c.max_connections_per_ip, 0);
        assert_eq!(c.trusted_proxies.len(), 2);
        assert_eq!(c.max_rooms_in_memory, 5);
        assert_eq!(c.expire_after, Some(Duration::from_secs(30 * 86_400)));
        assert_eq!(c.log_format, LogFormat::Json);
        assert_eq!(Config::default().expire_after, None);
        assert_eq!(Config::default().idle, Duration::from_secs(60));
        assert!(config(&["--trusted-proxy", "proxy.example"]).is_err());
        assert!(config(&["--expire-after", "soon"]).is_err());
        assert!(config(&["--max-new-rooms-per-ip", "-1"]).is_err());
        assert!(config(&["--node", "two words"]).is_err());
    }

    #[test]
    fn a_misspelt_flag_gets_a_suggestion() {
        let error = config(&["--idle-sec", "5"]).expect_err("no such flag");
        assert_eq!(error.kind(), clap::error::ErrorKind::UnknownArgument);
        assert!(error.to_string().contains("--idle-secs"), "{error}");
    }

    #[test]
    fn durations_read_and_written() {
        assert_eq!(duration("90m"), Ok(Duration::from_secs(5400)));
        assert_eq!(duration("12h"), Ok(Duration::from_secs(43_200)));
        assert_eq!(duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(duration("45"), Ok(Duration::from_secs(45)));
        assert!(duration("0s").is_err() && duration("d").is_err() && duration("").is_err());
        assert_eq!(expiry("never"), Ok(None));
        assert_eq!(duration_text(Duration::from_secs(30 * 86_400)), "30d");
        assert_eq!(duration_text(Duration::from_secs(2)), "2s");
    }
}
