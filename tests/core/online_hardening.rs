//! The server's hardening (issue 41): client text escaped in the log,
//! bounded queues, writer timeouts, per-address caps, a cap on rooms in
//! memory, and the expiry of abandoned rooms. Each test runs its own
//! `stronghold-server` on 127.0.0.1 with the flags it tests, and every
//! wait is bounded.

use crate::online_support;

use std::time::{Duration, Instant};

use online_support::{Raw, Server, http_get};
use stronghold::online::protocol::{Command, ErrorKind, Event, GameSetup, SeatStatus};
use stronghold::rules::{Game, GameKind, Side, Variant};

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
        setup: GameSetup::of(&Variant::new(GameKind::Pirates)),
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
    let mover = if Game::new(Variant::new(GameKind::Pirates)).side_to_move() == Side::Hunters {
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
