//! The server's hardening (issue 41): client text escaped in the log,
//! bounded queues, writer timeouts, per-address caps, a cap on rooms in
//! memory, and the expiry of abandoned rooms. Each test runs its own
//! `stronghold-server` on 127.0.0.1 with the flags it tests, and every
//! wait is bounded.

use crate::online_support;

use std::time::Duration;

use online_support::{Raw, Server};
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
