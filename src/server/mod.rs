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
//! - [`room`]: one room's rules of conduct, without I/O;
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
mod room;
mod secret;
pub mod store;

use std::io::Write;
use std::net::SocketAddr;
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
            node: None,
            lease: Duration::from_secs(30),
        }
    }
}

/// The usage text.
pub const USAGE: &str =
    "usage: stronghold-server [--addr HOST:PORT] [--db FILE|URL] [--idle-secs S] [--claim-secs S] [--abort-secs S]
       [--stall-secs S] [--node NAME] [--lease-secs S]
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
                "--node" => config.node = Some(value()?.clone()),
                "--lease-secs" => config.lease = seconds(flag, value()?)?,
                other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
            }
        }
        Ok(config)
    }
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
    let app = Router::new()
        .route("/ws", get(upgrade))
        .route("/health", get(health))
        .route("/api/lobby", get(lobby))
        .route("/api/games/{code}", get(archived_game))
        .route("/api/players/{name}", get(player_page))
        .with_state(hub);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
    .map_err(|e| format!("server stopped: {e}"))
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
) -> impl IntoResponse {
    // Small buffers: a thousand connections at tungstenite's default
    // (128 KiB each way) would hold over 100 MB for frames of a few hundred bytes.
    ws.max_message_size(SOCKET_MAX_BYTES)
        .max_frame_size(SOCKET_MAX_BYTES)
        .read_buffer_size(SOCKET_BUFFER_BYTES)
        .write_buffer_size(SOCKET_BUFFER_BYTES)
        .on_upgrade(move |socket| conn::serve(socket, hub, peer))
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
