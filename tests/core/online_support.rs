//! What the online tests share: a `stronghold-server` process on
//! 127.0.0.1 with a port the system chose, `stronghold-cli online` bots,
//! a raw WebSocket client for sending what no good client sends, and the
//! stored moves. Every wait is bounded.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use stronghold::online::protocol::{Event, GameResult, parse_event};
use stronghold::rules::{Game, GameId, Variant};
use tokio_tungstenite::tungstenite::stream::MaybeTlsStream;
use tokio_tungstenite::tungstenite::{self, Message, WebSocket};

/// The longest any one wait may take.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// A server process, killed when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    pub log: PathBuf,
}

impl Server {
    /// Starts a server with a fresh database and log in a temporary folder
    /// (kept as long as the folder returned), with extra flags.
    pub fn in_temp_dir(extra: &[&str]) -> (tempfile::TempDir, Server) {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let db = dir.path().join("games.sqlite3");
        let server = Server::start(&db, 0, &dir.path().join("server.log"), extra);
        (dir, server)
    }

    /// Starts a server on `db`, on `port` (0: the system chooses), with
    /// extra flags; its log goes to `log`.
    pub fn start(db: &Path, port: u16, log: &Path, extra: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_stronghold-server"));
        command
            .args(["--addr", &format!("127.0.0.1:{port}"), "--db"])
            .arg(db)
            .args(extra);
        Server::spawn(command, log)
    }

    /// Starts a server whose flags come from environment variables only
    /// (`STRONGHOLD_DB`, …), listening where the system chooses.
    pub fn start_with_env(log: &Path, vars: &[(&str, &str)]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_stronghold-server"));
        command
            .env("STRONGHOLD_ADDR", "127.0.0.1:0")
            .envs(vars.iter().copied());
        Server::spawn(command, log)
    }

    fn spawn(mut command: Command, log: &Path) -> Server {
        let log_file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .expect("a log file");
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(log_file)
            .spawn()
            .expect("the server starts");
        let lines = line_reader(child.stdout.take().expect("stdout"));
        let first = lines
            .recv_timeout(Duration::from_secs(30))
            .expect("the server says where it listens");
        let port = first
            .rsplit(':')
            .next()
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or_else(|| panic!("no port in `{first}`"));
        Server {
            child,
            port,
            log: log.to_path_buf(),
        }
    }

    pub fn url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }

    /// SIGTERM, as a rolling restart stops a node: the time it took to
    /// exit, which it must do by itself (bounded: SIGKILL after 15 s).
    pub fn terminate(&mut self) -> (Duration, ExitStatus) {
        let sent = Instant::now();
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "SIGTERM sent");
        loop {
            if let Some(status) = self.child.try_wait().expect("a status") {
                return (sent.elapsed(), status);
            }
            if sent.elapsed() > Duration::from_secs(15) {
                self.kill();
                panic!("the server did not exit within 15 s of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// SIGKILL, as a crash.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A port on 127.0.0.1 free now (the system chose it), for a server to
/// start on later.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A thread that sends each line of `stream`.
fn line_reader(stream: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// A `stronghold-cli online` process and the lines it printed so far.
pub struct Bot {
    pub child: Child,
    lines: Receiver<String>,
    pub seen: Vec<String>,
}

impl Bot {
    pub fn start(server: &str, args: &[&str]) -> Bot {
        let mut child = Command::new(env!("CARGO_BIN_EXE_stronghold-cli"))
            .args(["online", "--server", server])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the bot starts");
        let lines = line_reader(child.stdout.take().expect("stdout"));
        Bot {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for a line starting with `prefix`; the line.
    pub fn wait_for(&mut self, prefix: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(line) = self.seen.iter().find(|l| l.starts_with(prefix)) {
                return line.clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(RecvTimeoutError::Timeout) => panic!("no `{prefix}` line: {:?}", self.seen),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the bot ended before `{prefix}`: {:?}", self.seen)
                }
            }
        }
    }

    /// The move lines printed so far.
    pub fn moves_seen(&mut self) -> usize {
        while let Ok(line) = self.lines.try_recv() {
            self.seen.push(line);
        }
        self.seen.iter().filter(|l| l.starts_with("move ")).count()
    }

    /// Waits for the bot to exit; its status and every line.
    pub fn finish(mut self) -> (ExitStatus, Vec<String>) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("a status") {
                while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(2)) {
                    self.seen.push(line);
                }
                return (status, std::mem::take(&mut self.seen));
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the bot did not finish: {:?}", self.seen);
            }
            while let Ok(line) = self.lines.try_recv() {
                self.seen.push(line);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The moves of `move N: MOVE` lines, checking N counts from 1 without
/// a gap or a repeat.
pub fn moves_of(lines: &[String]) -> Vec<String> {
    let moves: Vec<(usize, String)> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("move "))
        .map(|rest| {
            let (n, mv) = rest.split_once(": ").expect("move N: MOVE");
            (n.parse().expect("a ply number"), mv.to_string())
        })
        .collect();
    for (i, (n, _)) in moves.iter().enumerate() {
        assert_eq!(*n, i + 1, "move lines out of order: {lines:?}");
    }
    moves.into_iter().map(|(_, mv)| mv).collect()
}

/// The moves stored for `code`'s game `game_no`, in order; `db` is the
/// server's `--db` (a SQLite file or a PostgreSQL URL).
pub fn stored_moves(db: &Path, code: &str, game_no: u32) -> Vec<String> {
    if let Some(url) = db.to_str().filter(|d| d.starts_with("postgres://")) {
        // Codes are the server's own letters and digits: safe to quote.
        let rows = crate::pg_cluster::query(
            url,
            &format!(
                "SELECT ply, mv FROM moves WHERE code = '{code}' AND game_no = {game_no} \
                 ORDER BY ply"
            ),
        );
        let rows: Vec<(u32, String)> = rows
            .into_iter()
            .map(|row| {
                let ply = row[0].as_deref().and_then(|p| p.parse().ok());
                (ply.expect("a ply"), row[1].clone().expect("a move"))
            })
            .collect();
        return in_order(rows);
    }
    let db = rusqlite::Connection::open(db).expect("the database opens");
    let mut statement = db
        .prepare("SELECT ply, mv FROM moves WHERE code = ?1 AND game_no = ?2 ORDER BY ply")
        .expect("a query");
    let rows: Vec<(u32, String)> = statement
        .query_map(rusqlite::params![code, game_no], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("readable rows");
    in_order(rows)
}

/// The moves of (ply, move) rows, checked to have no gap.
fn in_order(rows: Vec<(u32, String)>) -> Vec<String> {
    for (i, (ply, _)) in rows.iter().enumerate() {
        assert_eq!(*ply as usize, i, "stored plies with a gap");
    }
    rows.into_iter().map(|(_, mv)| mv).collect()
}

/// Replays `moves` with the independent Python implementation of the
/// rules (tools/reference/ref.py); its count of legal moves at the end.
pub fn reference_legal_moves_after(game: &str, options: &[&str], moves: &[String]) -> u64 {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/reference/ref.py");
    let output = Command::new("python3")
        .arg(script)
        .args([game, "1"])
        .args(options)
        .arg(format!("moves={}", moves.join(" ")))
        .output()
        .expect("python3 runs the reference rules");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the reference refuses the moves: {text} {}",
        String::from_utf8_lossy(&output.stderr)
    );
    text.trim().parse().expect("a count")
}

/// A bare WebSocket client, for frames no good client sends.
pub struct Raw {
    pub ws: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Raw {
    pub fn connect(server: &str) -> Raw {
        let (mut ws, _) = tungstenite::connect(format!("{server}/ws")).expect("a connection");
        if let MaybeTlsStream::Plain(stream) = ws.get_mut() {
            stream
                .set_read_timeout(Some(Duration::from_millis(200)))
                .expect("a timeout");
        }
        Raw { ws }
    }

    pub fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).expect("a frame sent");
    }

    pub fn send(&mut self, command: &stronghold::online::Command) {
        self.send_text(&command.to_frame());
    }

    /// The next event within `wait`, or None (also when closed).
    pub fn next(&mut self, wait: Duration) -> Option<Event> {
        let deadline = Instant::now() + wait;
        while Instant::now() < deadline {
            match self.ws.read() {
                Ok(Message::Text(text)) => {
                    return Some(parse_event(text.as_str()).expect("a readable event"));
                }
                Ok(Message::Close(_)) => return None,
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return None,
            }
        }
        None
    }

    /// Reads until an event `pick` accepts (others are skipped).
    pub fn expect<T>(&mut self, what: &str, mut pick: impl FnMut(&Event) -> Option<T>) -> T {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut skipped = Vec::new();
        while Instant::now() < deadline {
            if let Some(event) = self.next(Duration::from_millis(500)) {
                if let Some(found) = pick(&event) {
                    return found;
                }
                skipped.push(event);
            }
        }
        panic!("no {what}; got {skipped:?}");
    }

    /// True once the server has closed the connection (within 20 s).
    pub fn closed(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            match self.ws.read() {
                Ok(Message::Close(_)) => return true,
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return true,
            }
        }
        false
    }
}

/// A `GET` on the server; the body.
pub fn http_get(port: u16, path: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .expect("a request");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
}

/// Checks a finished pair of bots against each other, the store, our
/// rules and the reference; the moves.
pub fn check_game(db: &Path, game: &str, a: Bot, b: Bot) -> Vec<String> {
    let (a_status, a_lines) = a.finish();
    let (b_status, b_lines) = b.finish();
    assert!(a_status.success(), "{game}: bot A failed: {a_lines:?}");
    assert!(b_status.success(), "{game}: bot B failed: {b_lines:?}");
    let code = a_lines[0].strip_prefix("code: ").expect("code: first");
    assert_eq!(a_lines[0], b_lines[0], "{game}: both print the code first");
    let moves = moves_of(&a_lines);
    assert_eq!(
        moves,
        moves_of(&b_lines),
        "{game}: the two bots saw one game"
    );
    assert_eq!(moves, stored_moves(db, code, 1), "{game}: the store has it");
    let result_line = a_lines.last().expect("lines");
    assert_eq!(result_line, b_lines.last().expect("lines"));
    let mut replay = Game::new(Variant::new(game.parse::<GameId>().expect("a game")));
    for mv in &moves {
        let mv = replay.parse_move(mv).expect("a legal stored move");
        replay.play(&mv).expect("a legal stored move");
    }
    let outcome = replay.outcome().expect("the rules end the game");
    assert_eq!(result_line, &format!("result: {}", GameResult::of(outcome)));
    assert_eq!(
        reference_legal_moves_after(game, &[], &moves),
        0,
        "{game}: the reference also sees the game over"
    );
    moves
}

/// Two bots at level easy in a game of Pirates: A makes the room (the
/// crowd) on `a_servers`, B joins it on `b_servers`; returned once A has
/// seen 12 plies, with the room's code.
pub fn bots_twelve_plies_in(a_servers: &str, b_servers: &str) -> (Bot, Bot, String) {
    let mut a = Bot::start(
        a_servers,
        &["--create", "pirates", "--side", "crowd", "--level", "easy"],
    );
    let code = a.wait_for("code: ")["code: ".len()..].to_string();
    let b = Bot::start(b_servers, &["--join", &code, "--level", "easy"]);
    let deadline = Instant::now() + PATIENCE;
    while a.moves_seen() < 12 {
        assert!(Instant::now() < deadline, "no moves: {:?}", a.seen);
        std::thread::sleep(Duration::from_millis(20));
    }
    (a, b, code)
}
