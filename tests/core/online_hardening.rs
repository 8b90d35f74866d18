//! The server's hardening (issue 41): client text escaped in the log,
//! bounded queues, writer timeouts, per-address caps, a cap on rooms in
//! memory, and the expiry of abandoned rooms. Each test runs its own
//! `stronghold-server` on 127.0.0.1 with the flags it tests, and every
//! wait is bounded. The cap on rooms in memory and the expiry have bodies
//! that take the database (`--db`), which `online_postgres` runs again on
//! PostgreSQL.

use crate::online_support;

use std::path::Path;
use std::time::{Duration, Instant};

use online_support::{Raw, Server, http_get};
use stronghold::online::protocol::{Command, ErrorKind, Event, GameSetup, SeatStatus};
use stronghold::rules::{Game, GameId, Side, Variant};

/// The error kind of the next error event.
fn error_of(raw: &mut Raw) -> ErrorKind {
    raw.expect("an error", |e| match e {
        Event::Error { error, .. } => Some(*error),
        _ => None,
    })
}

/// A new pirates room without a clock: (creator, code, creator's token).
fn created(url: &str, side: Side) -> (Raw, String, String) {
    let mut x = Raw::connect(url);
    x.send(&Command::Create {
        setup: GameSetup::of(&Variant::new(GameId::named("pirates"))),
        side,
        clock: None,
        rated: false,
    });
    let (code, token) = x.expect("seated", |e| match e {
        Event::Seated { code, token, .. } => Some((code.clone(), token.clone())),
        _ => None,
    });
    (x, code, token)
}

/// A room with both seats taken: (creator, joiner, code, creator's token,
/// joiner's token).
fn seated_pair(url: &str) -> (Raw, Raw, String, String, String) {
    let (mut x, code, token) = created(url, Side::Hunters);
    let mut y = Raw::connect(url);
    y.send(&Command::Join { code: code.clone() });
    let joiner = y.expect("seated", |e| match e {
        Event::Seated { token, .. } => Some(token.clone()),
        _ => None,
    });
    x.expect("the joiner's presence", |e| {
        matches!(
            e,
            Event::Presence {
                status: SeatStatus::Connected,
                ..
            }
        )
        .then_some(())
    });
    (x, y, code, token, joiner)
}

/// A code and a move with a newline, an escape sequence and quotes reach
/// the log as one line each, quoted, with all of them escaped: no client
/// text can forge a line, colour a terminal or close its own quotes.
#[test]
fn client_text_in_the_log_is_quoted_and_escaped() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    let url = server.url();
    let forged = "\"\n2026-01-01T00:00:00.000Z FORGED room x: ended\u{1b}[2J";
    let mut guesser = Raw::connect(&url);
    guesser.send(&Command::Join {
        code: format!("code{forged}"),
    });
    assert_eq!(error_of(&mut guesser), ErrorKind::UnknownRoom);
    let (mut x, mut y, _, _, _) = seated_pair(&url);
    let mover = if Game::new(Variant::new(GameId::named("pirates"))).side_to_move() == Side::Hunters
    {
        &mut x
    } else {
        &mut y
    };
    mover.send(&Command::Move {
        ply: 0,
        mv: format!("move{forged}"),
    });
    assert_eq!(error_of(mover), ErrorKind::IllegalMove);
    let log = server.log_text();
    let lines: Vec<&str> = log.lines().filter(|l| l.contains("FORGED")).collect();
    assert_eq!(lines.len(), 2, "one line per input:\n{log}");
    for line in lines {
        assert!(
            line.contains(r#"\"\n2026-01-01T00:00:00.000Z FORGED room x: ended\u{1b}[2J"#),
            "escaped and quoted: {line}"
        );
        assert!(!line.contains('\u{1b}'), "{line}");
    }
    assert!(
        !log.lines()
            .any(|l| l.starts_with("2026-01-01T00:00:00.000Z FORGED"))
    );
}

/// A flood of bad frames from one address writes a few lines and a count
/// (issue 55: 14,381 lines in 10 s from one address before), over several
/// connections, and every refusal is counted once.
#[test]
fn a_flood_of_bad_frames_is_summarised_in_the_log() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    let url = server.url();
    let (connections, frames) = (8, 25);
    for _ in 0..connections {
        let mut raw = Raw::connect(&url);
        for i in 0..frames {
            raw.send_text(&format!("not a command {i}"));
        }
        for _ in 0..frames {
            error_of(&mut raw);
        }
    }
    let summarised = |log: &str| -> u64 {
        log.lines()
            .filter(|l| l.contains("not written one by one"))
            .filter_map(|l| {
                l.split(" refused=")
                    .nth(1)?
                    .split(' ')
                    .next()?
                    .parse::<u64>()
                    .ok()
            })
            .sum()
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut log = server.log_text();
    while Instant::now() < deadline {
        log = server.log_text();
        let written = log.lines().filter(|l| l.contains(": refused (")).count() as u64;
        if written + summarised(&log) >= connections * frames {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let written = log.lines().filter(|l| l.contains(": refused (")).count() as u64;
    assert!(
        written <= 10,
        "{written} lines for one address's refusals:\n{log}"
    );
    assert_eq!(written + summarised(&log), connections * frames, "{log}");
}

/// Open connections as `/health` counts them (sockets the server holds).
fn connections(port: u16) -> u64 {
    let health = http_get(port, "/health");
    health
        .split(" rooms in memory, ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {health}"))
}

/// A WebSocket client whose socket has a tiny receive buffer, to stop
/// reading with.
fn tiny_buffer_client(port: u16) -> tungstenite::WebSocket<std::net::TcpStream> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .expect("a runtime");
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket.set_recv_buffer_size(1024).expect("a small buffer");
        socket
            .connect(([127, 0, 0, 1], port).into())
            .await
            .expect("a connection")
    });
    let stream = stream.into_std().expect("a std stream");
    stream.set_nonblocking(false).expect("blocking");
    let url = format!("ws://127.0.0.1:{port}/ws");
    let (ws, _) = tungstenite::client(url, stream).expect("a handshake");
    ws
}

/// A spectator that asks for the room's state again and again but never
/// reads: the server's write to it stalls, the write timeout closes it
/// and frees its socket, and the players are served on.
#[test]
fn a_peer_that_stops_reading_is_closed_after_the_write_timeout() {
    let (_dir, server) = Server::in_temp_dir(&["--write-timeout-secs", "1"]);
    let url = server.url();
    let (mut x, _y, code, _, _) = seated_pair(&url);
    let mut stuck = tiny_buffer_client(server.port);
    stuck
        .send(tungstenite::Message::text(
            Command::Watch { code }.to_frame(),
        ))
        .expect("a frame");
    let counted = Instant::now();
    while connections(server.port) != 3 {
        assert!(
            counted.elapsed() < Duration::from_secs(10),
            "three connections"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let began = Instant::now();
    let mut last_health = Instant::now();
    let mut sending = true;
    loop {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "the stuck peer is still connected:\n{}",
            server.log_text()
        );
        if sending {
            // Within the rate limit (15 a second).
            sending = stuck
                .send(tungstenite::Message::text(Command::Sync.to_frame()))
                .is_ok();
        }
        std::thread::sleep(Duration::from_millis(70));
        if last_health.elapsed() > Duration::from_millis(500) {
            last_health = Instant::now();
            if connections(server.port) == 2 {
                break;
            }
        }
    }
    eprintln!("the stuck peer was freed after {:?}", began.elapsed());
    assert!(server.log_text().contains("a write took over 1 s: closing"));
    x.send(&Command::Ping);
    x.expect("a pong", |e| matches!(e, Event::Pong).then_some(()));
}

/// A WebSocket connection with an `X-Forwarded-For` header (when given);
/// the HTTP status of a refusal.
fn connect_as(port: u16, forwarded: Option<&str>) -> Result<Raw, u16> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://127.0.0.1:{port}/ws")
        .into_client_request()
        .expect("a request");
    if let Some(forwarded) = forwarded {
        request.headers_mut().insert(
            "x-forwarded-for",
            forwarded.parse().expect("a header value"),
        );
    }
    match tokio_tungstenite::tungstenite::connect(request) {
        Ok((mut ws, _)) => {
            if let tokio_tungstenite::tungstenite::stream::MaybeTlsStream::Plain(stream) =
                ws.get_mut()
            {
                stream
                    .set_read_timeout(Some(Duration::from_millis(200)))
                    .expect("a timeout");
            }
            Ok(Raw { ws })
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Err(response.status().as_u16())
        }
        Err(e) => panic!("neither a connection nor a refusal: {e}"),
    }
}

/// Connections past the cap from one address are refused (429); one
/// closed frees its place. A forwarded address from a peer that is no
/// trusted proxy changes nothing.
#[test]
fn connections_past_the_cap_per_address_are_refused() {
    let (_dir, server) = Server::in_temp_dir(&["--max-connections-per-ip", "3"]);
    let port = server.port;
    let mut open: Vec<Raw> = ["10.1.1.1", "10.1.1.2", "10.1.1.3"]
        .iter()
        .map(|forwarded| connect_as(port, Some(forwarded)).expect("under the cap"))
        .collect();
    assert_eq!(connect_as(port, Some("10.1.1.4")).err(), Some(429));
    assert_eq!(connect_as(port, None).err(), Some(429));
    for raw in &mut open {
        raw.send(&Command::Ping);
        raw.expect("a pong", |e| matches!(e, Event::Pong).then_some(()));
    }
    drop(open.pop());
    let freed = Instant::now();
    while connect_as(port, None).is_err() {
        assert!(freed.elapsed() < Duration::from_secs(10), "a place freed");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        server
            .log_text()
            .contains("refused a connection from 127.0.0.1")
    );
}

/// Behind a trusted proxy, each forwarded address has its own cap.
#[test]
fn behind_a_trusted_proxy_each_forwarded_address_has_its_cap() {
    let (_dir, server) = Server::in_temp_dir(&[
        "--max-connections-per-ip",
        "2",
        "--trusted-proxy",
        "127.0.0.1",
    ]);
    let port = server.port;
    let _a1 = connect_as(port, Some("198.51.100.1")).expect("under the cap");
    // A proxy in front of the trusted one: the last untrusted address counts.
    let _a2 = connect_as(port, Some("6.6.6.6, 198.51.100.1")).expect("under the cap");
    assert_eq!(connect_as(port, Some("198.51.100.1")).err(), Some(429));
    let _b1 = connect_as(port, Some("198.51.100.2")).expect("another address");
    let _b2 = connect_as(port, Some("198.51.100.2")).expect("another address");
    let _own = connect_as(port, None).expect("the proxy's own address");
    assert!(
        server
            .log_text()
            .contains("refused a connection from 198.51.100.1 (peer 127.0.0.1:")
    );
}

/// Unknown codes are counted per address: new connections do not reset
/// the count, and past it the lookup is refused and the connection closed.
#[test]
fn unknown_codes_are_capped_per_address_across_reconnects() {
    let (_dir, server) = Server::in_temp_dir(&["--max-unknown-codes-per-ip", "6"]);
    let url = server.url();
    for attempt in 0..3 {
        let mut guesser = Raw::connect(&url);
        for guess in 0..2 {
            guesser.send(&Command::Join {
                code: format!("zzzzzzzz{attempt}{guess}"),
            });
            assert_eq!(error_of(&mut guesser), ErrorKind::UnknownRoom);
        }
    }
    let mut guesser = Raw::connect(&url);
    guesser.send(&Command::Join {
        code: "zzzzzzzzzz".into(),
    });
    let message = guesser.expect("the refusal", |e| match e {
        Event::Error {
            error: ErrorKind::UnknownRoom,
            message,
        } => Some(message.clone()),
        _ => None,
    });
    assert!(message.contains("too many unknown codes"), "{message}");
    assert!(guesser.closed());
}

/// Another client's guessing never locks a player out (issue 55): once
/// an address has used up its unknown codes, a seat's own token and a
/// code the server knows still get in from it (a reconnect, a spectator),
/// and only unknown codes are refused.
#[test]
fn guesses_from_an_address_never_lock_out_its_players() {
    let (_dir, server) = Server::in_temp_dir(&["--max-unknown-codes-per-ip", "6"]);
    let url = server.url();
    let (x, y, code, x_token, y_token) = seated_pair(&url);
    let mut refused = false;
    for attempt in 0..8 {
        let mut guesser = Raw::connect(&url);
        guesser.send(&Command::Join {
            code: format!("zzzzzzzzz{attempt}"),
        });
        let message = guesser.expect("the refusal", |e| match e {
            Event::Error { message, .. } => Some(message.clone()),
            _ => None,
        });
        refused |= message.contains("too many unknown codes");
    }
    assert!(refused, "the guesses were never refused");
    drop((x, y));
    resume_and_move(
        &url,
        &code,
        [(Side::Hunters, &x_token), (Side::Crowd, &y_token)],
    );
    let mut spectator = Raw::connect(&url);
    spectator.send(&Command::Watch { code: code.clone() });
    spectator.expect("the room", |e| match e {
        Event::State(_) => Some(()),
        Event::Error { message, .. } => panic!("the spectator was refused: {message}"),
        _ => None,
    });
}

/// Rooms opened per address are capped, on new connections too.
#[test]
fn new_rooms_are_capped_per_address() {
    let (_dir, server) = Server::in_temp_dir(&["--max-new-rooms-per-ip", "3"]);
    let url = server.url();
    for _ in 0..3 {
        created(&url, Side::Hunters);
    }
    let mut x = Raw::connect(&url);
    x.send(&Command::Create {
        setup: GameSetup::of(&Variant::new(GameId::named("pirates"))),
        side: Side::Crowd,
        clock: None,
        rated: false,
    });
    assert_eq!(error_of(&mut x), ErrorKind::RateLimited);
}

/// Rooms in memory as `/health` counts them.
fn rooms_in_memory(port: u16) -> u64 {
    let health = http_get(port, "/health");
    health
        .split("ok: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {health}"))
}

/// Waits (bounded) until `/health` counts at most `most` rooms in memory.
fn wait_for_rooms_at_most(server: &Server, most: u64) {
    let began = Instant::now();
    while rooms_in_memory(server.port) > most {
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "still {} rooms in memory:\n{}",
            rooms_in_memory(server.port),
            server.log_text()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Both seats of `code` come back and the side to move plays the first
/// move, which the other seat receives.
fn resume_and_move(url: &str, code: &str, tokens: [(Side, &str); 2]) {
    let game = Game::new(Variant::new(GameId::named("pirates")));
    let mv = game.move_text(&game.legal_moves()[0]);
    let mut seats: Vec<(Side, Raw)> = tokens
        .iter()
        .map(|(side, token)| {
            let mut raw = Raw::connect(url);
            raw.send(&Command::Resume {
                code: code.to_string(),
                token: token.to_string(),
            });
            let you = raw.expect("the room", |e| match e {
                Event::State(s) => Some(s.you),
                _ => None,
            });
            assert_eq!(you, Some(*side));
            (*side, raw)
        })
        .collect();
    seats.sort_by_key(|(side, _)| *side != game.side_to_move());
    let [(_, mover), (_, other)] = &mut seats[..] else {
        panic!("two seats");
    };
    mover.send(&Command::Move { ply: 0, mv });
    other.expect("the move", |e| {
        matches!(e, Event::Moved { ply: 0, .. }).then_some(())
    });
}

/// With a cap of two rooms in memory, four rooms whose players left leave
/// at most two in memory (the longest idle go first); a room dropped from
/// memory comes back from the store on its next entry and plays on.
#[test]
fn idle_rooms_beyond_the_cap_leave_memory_and_come_back() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    idle_rooms_beyond_the_cap_on(&dir.path().join("games.sqlite3"), dir.path(), |_| {});
}

/// The cap test's body on `db` (a SQLite file or a PostgreSQL URL), the
/// log in `dir`; `dropped` is told the room the cap dropped from memory
/// before that room is entered again.
pub(crate) fn idle_rooms_beyond_the_cap_on(db: &Path, dir: &Path, dropped: impl Fn(&str)) {
    let log = dir.join("cap.log");
    let server = Server::start(db, 0, &log, &["--max-rooms-in-memory", "2"]);
    let url = server.url();
    let mut rooms = Vec::new();
    for _ in 0..4 {
        let (x, y, code, token, joiner) = seated_pair(&url);
        drop((x, y));
        rooms.push((code, token, joiner));
    }
    wait_for_rooms_at_most(&server, 2);
    // The longest idle go first: almost always the first room, but which
    // one depends on when each room took its players' departures.
    let log = server.log_text();
    let (code, token, joiner) = rooms
        .iter()
        .find(|(code, _, _)| {
            log.contains(&format!(
                "room {code}: unloaded (over the cap of 2 rooms in memory)"
            ))
        })
        .unwrap_or_else(|| panic!("no room unloaded for the cap:\n{log}"));
    dropped(code);
    resume_and_move(
        &url,
        code,
        [
            (Side::Hunters, token.as_str()),
            (Side::Crowd, joiner.as_str()),
        ],
    );
    assert!(
        server
            .log_text()
            .contains(&format!("room {code}: loaded from the store"))
    );
}

/// A room whose game never finished and that nobody visits for the expiry
/// time is removed: its code is then unknown, whether it was in memory
/// or only in the store (after a restart). A finished game is kept.
#[test]
fn abandoned_rooms_expire_and_finished_games_are_kept() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    abandoned_rooms_expire_on(&dir.path().join("games.sqlite3"), dir.path(), &[]);
}

/// The expiry test's body on `db` (a SQLite file or a PostgreSQL URL),
/// the log in `dir`, `extra` given to both servers (the one before the
/// restart and the one after); the codes of the room expired in memory,
/// the one expired from the store only, and the finished one kept.
pub(crate) fn abandoned_rooms_expire_on(db: &Path, dir: &Path, extra: &[&str]) -> [String; 3] {
    let log = dir.join("expiry.log");
    // A room stored by a server without expiry, then a restart with it.
    let mut before = Server::start(db, 0, &log, extra);
    let (x, y, stored_only, _, _) = seated_pair(&before.url());
    drop((x, y));
    before.kill();
    let flags: Vec<&str> = ["--expire-after", "2s"]
        .into_iter()
        .chain(extra.iter().copied())
        .collect();
    let server = Server::start(db, 0, &log, &flags);
    let url = server.url();
    let (x, y, in_memory, _, _) = seated_pair(&url);
    drop((x, y));
    let (mut x, mut y, finished, _, _) = seated_pair(&url);
    x.send(&Command::Resign);
    for raw in [&mut x, &mut y] {
        raw.expect("the end", |e| {
            matches!(e, Event::Ended { .. }).then_some(())
        });
    }
    drop((x, y));
    // Watched through the archive page, which is no visit.
    let began = Instant::now();
    for code in [&in_memory, &stored_only] {
        while !http_get(server.port, &format!("/api/games/{code}")).starts_with("HTTP/1.1 404") {
            assert!(
                began.elapsed() < Duration::from_secs(30),
                "room {code} is still there:\n{}",
                server.log_text()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        let mut raw = Raw::connect(&url);
        raw.send(&Command::Watch { code: code.clone() });
        assert_eq!(error_of(&mut raw), ErrorKind::UnknownRoom);
    }
    let text = server.log_text();
    for code in [&in_memory, &stored_only] {
        assert!(text.contains(&format!("room {code}: expired")), "{text}");
    }
    let mut watcher = Raw::connect(&url);
    watcher.send(&Command::Watch {
        code: finished.clone(),
    });
    let result = watcher.expect("the finished room", |e| match e {
        Event::State(s) => Some(s.result),
        _ => None,
    });
    assert!(result.is_some());
    [in_memory, stored_only, finished]
}
