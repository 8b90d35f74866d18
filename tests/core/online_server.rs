//! `stronghold-server` with real processes on 127.0.0.1: two bots play
//! each game through it and the stored moves replay legally (with our
//! rules and the independent reference); a SIGKILL mid-game loses and
//! doubles nothing (games in SQLite, and in PostgreSQL); every kind of bad input gets its error and log line
//! while another room plays on; draws, rematches, resignation, claims
//! and the clock's flag.

use crate::online_support;
use crate::pg_cluster::PgCluster;

use std::path::Path;
use std::time::Duration;

use online_support::{
    Bot, Raw, Server, bots_twelve_plies_in, check_game, http_get, moves_of, stored_moves,
};
use stronghold::online::protocol::{
    ClockSpec, Command, EndReason, ErrorKind, Event, GameResult, GameSetup, SeatStatus,
};
use stronghold::rules::{Game, GameId, Side, Variant};

#[test]
fn two_bots_play_each_game_and_the_stored_moves_replay() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db, 0, &dir.path().join("server.log"), &[]);
    let url = server.url();
    let games = [
        ("pirates", "crowd", None),
        ("asalto", "hunters", Some("5+2")),
        ("fox-geese", "crowd", None),
        ("bagh-chal", "hunters", None),
    ];
    let pairs: Vec<(&str, Bot, Bot)> = games
        .iter()
        .enumerate()
        .map(|(i, (game, side, clock))| {
            let seed = (i + 1).to_string();
            let mut create = vec!["--create", game, "--side", side, "--level", "easy"];
            create.extend(["--pace-ms", "10", "--seed", &seed]);
            if let Some(clock) = clock {
                create.extend(["--clock", clock]);
            }
            let mut a = Bot::start(&url, &create);
            let code = a.wait_for("code: ")["code: ".len()..].to_string();
            let join = [
                "--join",
                &code,
                "--level",
                "easy",
                "--pace-ms",
                "10",
                "--seed",
                &seed,
            ];
            let b = Bot::start(&url, &join);
            (*game, a, b)
        })
        .collect();
    for (game, a, b) in pairs {
        let moves = check_game(&db, game, a, b);
        assert!(moves.len() > 4, "{game}: a whole game, not a few plies");
    }
    assert!(!server.log_text().contains("panicked"));
}

#[test]
fn a_server_killed_mid_game_comes_back_and_both_bots_finish() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    killed_mid_game_comes_back(&db, &dir.path().join("server.log"));
}

/// The same kill -9 with the games in PostgreSQL (a cluster of the test's).
#[test]
fn a_server_on_postgres_killed_mid_game_comes_back_and_both_bots_finish() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    killed_mid_game_comes_back(Path::new(&url), &dir.path().join("server.log"));
}

/// A server on `db` (its `--db`) killed 12 plies into a game two bots
/// play, and started again on the same port: the bots finish, and every
/// move they saw is stored once.
fn killed_mid_game_comes_back(db: &Path, log: &Path) {
    let mut server = Server::start(db, 0, log, &[]);
    let url = server.url();
    let (mut a, b, _) = bots_twelve_plies_in(&url, &url);
    server.kill();
    let at_kill = a.moves_seen();
    std::thread::sleep(Duration::from_millis(800));
    let server = Server::start(db, server.port, log, &[]);
    let moves = check_game(db, "pirates", a, b);
    assert!(
        moves.len() > at_kill,
        "the game went on after the restart ({at_kill} plies at the kill)"
    );
    assert!(server.log_text().contains("loaded from the store"));
}

/// Two servers of the same games for the bots (`--server A,B`): A is
/// killed (SIGKILL) mid-game and B starts on another port over the same
/// store; both bots find A gone, move on to B, resume their seats there
/// (B restores the room from the store) and finish one game.
#[test]
fn bots_move_to_the_next_server_when_theirs_is_killed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let mut first = Server::start(&db, 0, &dir.path().join("a.log"), &[]);
    let second_port = online_support::free_port();
    let servers = format!("{},ws://127.0.0.1:{second_port}", first.url());
    let (mut a, b, _) = bots_twelve_plies_in(&servers, &servers);
    first.kill();
    let at_kill = a.moves_seen();
    std::thread::sleep(Duration::from_millis(800));
    let second = Server::start(&db, second_port, &dir.path().join("b.log"), &[]);
    let moves = check_game(&db, "pirates", a, b);
    assert!(
        moves.len() > at_kill,
        "the game went on on the second server ({at_kill} plies at the kill)"
    );
    let log = second.log_text();
    assert!(log.contains("loaded from the store"), "{log}");
    assert!(!log.contains("panicked"), "{log}");
}

/// `stronghold-cli online --watch CODE` prints the game two bots play, the
/// moves made before it came first, and the result, like a player; a code
/// no room has is refused, and a spectator takes no level.
#[test]
fn a_spectator_prints_the_game_as_the_players_do() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db, 0, &dir.path().join("server.log"), &[]);
    let url = server.url();
    let mut a = Bot::start(
        &url,
        &[
            "--create",
            "fox-geese",
            "--level",
            "easy",
            "--pace-ms",
            "20",
        ],
    );
    let code = a.wait_for("code: ")["code: ".len()..].to_string();
    let b = Bot::start(
        &url,
        &["--join", &code, "--level", "easy", "--pace-ms", "20"],
    );
    let deadline = std::time::Instant::now() + online_support::PATIENCE;
    while a.moves_seen() < 4 {
        assert!(
            std::time::Instant::now() < deadline,
            "no moves: {:?}",
            a.seen
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let watcher = Bot::start(&url, &["--watch", &code]);
    let moves = check_game(&db, "fox-geese", a, b);
    let (status, lines) = watcher.finish();
    assert!(status.success(), "the spectator failed: {lines:?}");
    assert_eq!(moves_of(&lines), moves, "the spectator saw the whole game");
    let result = lines.last().expect("lines");
    assert!(result.starts_with("result: "), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("code: ")), "{lines:?}");
    // The archive has the game as the players saw it.
    let archived = http_get(server.port, &format!("/api/games/{code}"));
    assert!(archived.starts_with("HTTP/1.1 200"), "{archived}");
    let body = archived.split("\r\n\r\n").nth(1).expect("a body");
    let body_lines: Vec<String> = body.lines().map(str::to_string).collect();
    assert_eq!(moves_of(&body_lines), moves, "{body}");
    assert!(body_lines.contains(result), "{body}");
    assert!(
        body_lines.contains(&"game: fox-geese".to_string()),
        "{body}"
    );
    for unknown in ["/api/games/qqqqqqqqqq", "/api/games/..%2F..%2Fetc"] {
        let answer = http_get(server.port, unknown);
        assert!(answer.starts_with("HTTP/1.1 404"), "{unknown}: {answer}");
    }
    // A code no room has: refused, with the reason.
    let (status, _) = Bot::start(&url, &["--watch", "QQQQQQ"]).finish();
    assert!(!status.success());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stronghold-cli"))
        .args([
            "online", "--server", &url, "--watch", &code, "--level", "easy",
        ])
        .output()
        .expect("the CLI runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no --level"));
}

/// Each game's lines of a bot that played several: `code:` opens one.
fn games_of(lines: &[String]) -> Vec<Vec<String>> {
    let mut games: Vec<Vec<String>> = Vec::new();
    for line in lines {
        if line.starts_with("code: ") {
            games.push(Vec::new());
        }
        games.last_mut().expect("code: first").push(line.clone());
    }
    games
}

/// The lobby: a bot keeps a seek open for two games and two `--anyone`
/// bots take it one after the other; two `--anyone` bots with nothing to
/// take find each other; a follower sees the seek come and go; and what
/// a careless or hostile client sends is refused with its kind.
#[test]
fn bots_find_each_other_in_the_lobby() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db, 0, &dir.path().join("server.log"), &[]);
    let url = server.url();
    let mut follower = Raw::connect(&url);
    follower.send(&Command::Lobby);
    follower.expect("the empty lobby", |e| match e {
        Event::Lobby { seeks, .. } if seeks.is_empty() => Some(()),
        _ => None,
    });
    let fast = ["--level", "easy", "--pace-ms", "5"];
    let seeker_args = [
        &["--seek", "pirates", "--side", "crowd", "--games", "2"][..],
        &fast,
    ]
    .concat();
    let seeker = Bot::start(&url, &seeker_args);
    let seek = follower.expect("the seek listed", |e| match e {
        Event::Lobby { seeks, .. } if seeks.len() == 1 => Some(seeks[0].clone()),
        _ => None,
    });
    assert_eq!(seek.setup.game, "pirates");
    assert_eq!(seek.side, Some(Side::Crowd));
    assert!(!seek.anyone);
    // Over HTTP too.
    let listed = http_get(server.port, "/api/lobby");
    assert!(
        listed.contains(&format!("\"seek\":{}", seek.seek)),
        "{listed}"
    );

    // Hostile and careless frames, while the seek stays open.
    let mut raw = Raw::connect(&url);
    raw.send(&Command::Take { seek: 999_999 });
    assert_eq!(error_of(&mut raw), ErrorKind::UnknownSeek);
    raw.send(&Command::Seek {
        setup: GameSetup {
            game: "chess".into(),
            options: vec![],
        },
        side: None,
        clock: None,
    });
    assert_eq!(error_of(&mut raw), ErrorKind::BadSetup);
    let fox = GameSetup::of(&Variant::new(GameId::named("fox-geese")));
    raw.send(&Command::Seek {
        setup: fox.clone(),
        side: None,
        clock: None,
    });
    let own = raw.expect("seeking", |e| match e {
        Event::Seeking { seek } => Some(*seek),
        _ => None,
    });
    raw.send(&Command::Seek {
        setup: fox,
        side: None,
        clock: None,
    });
    assert_eq!(error_of(&mut raw), ErrorKind::SeekRefused);
    raw.send(&Command::Take { seek: own });
    assert_eq!(error_of(&mut raw), ErrorKind::UnknownSeek);
    raw.send(&Command::CancelSeek);
    raw.send(&Command::CancelSeek);
    assert_eq!(error_of(&mut raw), ErrorKind::UnknownSeek);
    raw.send(&Command::Resign);
    assert_eq!(error_of(&mut raw), ErrorKind::NotSeated);

    // Two players who want the seek's game take it in turn.
    let mut takers = Vec::new();
    for _ in 0..2 {
        let taker = Bot::start(&url, &[&["--anyone", "pirates"][..], &fast].concat());
        let (status, lines) = taker.finish();
        assert!(status.success(), "{lines:?}");
        takers.push(lines);
    }
    let (status, seeker_lines) = seeker.finish();
    assert!(status.success(), "{seeker_lines:?}");
    let games = games_of(&seeker_lines);
    assert_eq!(games.len(), 2, "{seeker_lines:?}");
    for (game, taker) in games.iter().zip(&takers) {
        assert_eq!(game, taker, "seeker and taker saw one game");
        let code = game[0].strip_prefix("code: ").unwrap();
        assert_eq!(moves_of(game), stored_moves(&db, code, 1));
        assert!(game.last().unwrap().starts_with("result: "));
    }
    assert_ne!(games[0][0], games[1][0], "two rooms");
    follower.expect("the lobby empty again", |e| match e {
        Event::Lobby { seeks, .. } if seeks.is_empty() => Some(()),
        _ => None,
    });

    // A game being played is listed, to watch, until it ends.
    let (mut x, _y, code, _) = seated_pair(&url, Side::Hunters, None);
    follower.expect("the game listed", |e| match e {
        Event::Lobby { games, .. } if games.iter().any(|g| g.code == code) => Some(()),
        _ => None,
    });
    assert!(http_get(server.port, "/api/lobby").contains(&code));
    x.send(&Command::Resign);
    follower.expect("the game gone from the list", |e| match e {
        Event::Lobby { games, .. } if games.iter().all(|g| g.code != code) => Some(()),
        _ => None,
    });

    // Nothing posted: two who want the same game and clock pair up.
    let a = Bot::start(
        &url,
        &[&["--anyone", "asalto", "--clock", "5+3"][..], &fast].concat(),
    );
    let b = Bot::start(
        &url,
        &[&["--anyone", "asalto", "--clock", "5+3"][..], &fast].concat(),
    );
    let (a_status, a_lines) = a.finish();
    let (b_status, b_lines) = b.finish();
    assert!(
        a_status.success() && b_status.success(),
        "{a_lines:?} {b_lines:?}"
    );
    assert_eq!(a_lines, b_lines);
    assert!(!server.log_text().contains("panicked"));
}

/// What a client writes reaches the lobby and the log only as the server
/// writes it: a seek is listed with its setup as the rules write it, and a
/// game name with a newline cannot forge a log line.
#[test]
fn client_text_is_rewritten_or_escaped() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db, 0, &dir.path().join("server.log"), &[]);
    let url = server.url();
    let mut seeker = Raw::connect(&url);
    seeker.send(&Command::Seek {
        setup: GameSetup {
            game: "pirates".into(),
            options: vec!["retreat=on".into()],
        },
        side: None,
        clock: None,
    });
    seeker.expect("seeking", |e| {
        matches!(e, Event::Seeking { .. }).then_some(())
    });
    let mut follower = Raw::connect(&url);
    follower.send(&Command::Lobby);
    let listed = follower.expect("the seek", |e| match e {
        Event::Lobby { seeks, .. } if seeks.len() == 1 => Some(seeks[0].setup.clone()),
        _ => None,
    });
    let mut variant = Variant::new(GameId::named("pirates"));
    variant.set_option("retreat=on").expect("an option");
    assert_eq!(listed, GameSetup::of(&variant));
    let mut forger = Raw::connect(&url);
    forger.send(&Command::Seek {
        setup: GameSetup {
            game: "chess\nFORGED room x: ended".into(),
            options: vec![],
        },
        side: None,
        clock: None,
    });
    assert_eq!(error_of(&mut forger), ErrorKind::BadSetup);
    let log = server.log_text();
    assert!(log.contains("chess\\nFORGED"), "{log}");
    assert!(!log.lines().any(|l| l.starts_with("FORGED")), "{log}");
}

/// Without a clock, a player who sits on a move past the stall time may
/// be claimed against while connected: not before (`opponent_present`),
/// and the game ends `stalled`, won by the claimer.
#[test]
fn a_player_who_sits_on_a_move_can_be_claimed_against() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(
        &db,
        0,
        &dir.path().join("server.log"),
        &["--stall-secs", "2"],
    );
    let url = server.url();
    let (mut x, mut y, code, _) = seated_pair(&url, Side::Hunters, None);
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    let first = game.side_to_move();
    let (sitter, claimer) = if first == Side::Hunters {
        (&mut x, &mut y)
    } else {
        (&mut y, &mut x)
    };
    for ply in 0..2u32 {
        let raw = if ply == 0 {
            &mut *sitter
        } else {
            &mut *claimer
        };
        let mv = game.legal_moves()[0];
        let text = game.move_text(&mv);
        game.play(&mv).expect("legal");
        raw.send(&Command::Move { ply, mv: text });
        raw.expect("the move stored", |e| {
            matches!(e, Event::Moved { ply: p, .. } if *p == ply).then_some(())
        });
    }
    claimer.send(&Command::ClaimWin);
    assert_eq!(error_of(claimer), ErrorKind::OpponentPresent);
    claimer.expect("the sitter stalled", |e| {
        matches!(e, Event::Presence { side, status: SeatStatus::Stalled } if *side == first)
            .then_some(())
    });
    claimer.send(&Command::ClaimWin);
    let result = ended(claimer);
    assert_eq!(
        (result.winner, result.reason),
        (Some(first.other()), EndReason::Stalled)
    );
    let archived = http_get(server.port, &format!("/api/games/{code}"));
    assert!(archived.contains("(stalled)"), "{archived}");
}

/// A side that does not make its first move in time aborts the game, for
/// nobody: before any move, and after the first side's; once both sides
/// have moved the game goes on however long a move takes. The Raw clients
/// ping so that the idle limit does not close them first.
#[test]
fn a_first_move_not_made_in_time_aborts_the_game() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(
        &db,
        0,
        &dir.path().join("server.log"),
        &["--abort-secs", "1"],
    );
    let url = server.url();
    let first = Game::new(Variant::new(GameId::named("pirates")));
    let aborted = |raw: &mut Raw| {
        let result = ended(raw);
        assert_eq!((result.winner, result.reason), (None, EndReason::Aborted));
    };
    // Nobody moves.
    let (mut x, _y, code, _) = seated_pair(&url, Side::Hunters, None);
    aborted(&mut x);
    let archived = http_get(server.port, &format!("/api/games/{code}"));
    assert!(archived.contains("result: draw (aborted)"), "{archived}");
    // The first side moves, the second does not.
    let (mut x, mut y, _, _) = seated_pair(&url, Side::Hunters, None);
    let (mover, waiter) = if first.side_to_move() == Side::Hunters {
        (&mut x, &mut y)
    } else {
        (&mut y, &mut x)
    };
    let mv = first.legal_moves()[0];
    mover.send(&Command::Move {
        ply: 0,
        mv: first.move_text(&mv),
    });
    aborted(waiter);
    // Both move: no abort, even with a long think after.
    let (mut x, mut y, _, _) = seated_pair(&url, Side::Hunters, None);
    let (mover, waiter) = if first.side_to_move() == Side::Hunters {
        (&mut x, &mut y)
    } else {
        (&mut y, &mut x)
    };
    let mut game = first.clone();
    for ply in 0..2u32 {
        let raw = if ply == 0 { &mut *mover } else { &mut *waiter };
        let mv = game.legal_moves()[0];
        let text = game.move_text(&mv);
        game.play(&mv).expect("legal");
        raw.send(&Command::Move { ply, mv: text });
        raw.expect("the move stored", |e| {
            matches!(e, Event::Moved { ply: p, .. } if *p == ply).then_some(())
        });
    }
    let quiet_until = std::time::Instant::now() + Duration::from_millis(2500);
    while std::time::Instant::now() < quiet_until {
        mover.send(&Command::Ping);
        if let Some(Event::Ended { result, .. }) = mover.next(Duration::from_millis(300)) {
            panic!("ended after both sides moved: {result:?}");
        }
    }
    assert!(!server.log_text().contains("panicked"));
}

/// A raw client seated in a new room: (creator, joiner, code, creator's token).
fn seated_pair(url: &str, side: Side, clock: Option<ClockSpec>) -> (Raw, Raw, String, String) {
    seated_pair_in(url, "pirates", side, clock)
}

/// Two players seated in a room of `game`, as [`seated_pair`].
fn seated_pair_in(
    url: &str,
    game: &str,
    side: Side,
    clock: Option<ClockSpec>,
) -> (Raw, Raw, String, String) {
    let mut x = Raw::connect(url);
    x.send(&Command::Create {
        setup: GameSetup::of(&Variant::new(GameId::named(game))),
        side,
        clock,
        rated: false,
    });
    let (code, token) = x.expect("seated", |e| match e {
        Event::Seated { code, token, .. } => Some((code.clone(), token.clone())),
        _ => None,
    });
    let mut y = Raw::connect(url);
    y.send(&Command::Join { code: code.clone() });
    y.expect("seated", |e| {
        matches!(e, Event::Seated { .. }).then_some(())
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
    (x, y, code, token)
}

/// The error kind of the next error event.
fn error_of(raw: &mut Raw) -> ErrorKind {
    raw.expect("an error", |e| match e {
        Event::Error { error, .. } => Some(*error),
        _ => None,
    })
}

#[test]
fn every_bad_input_is_refused_while_another_room_plays_on() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(
        &db,
        0,
        &dir.path().join("server.log"),
        &["--idle-secs", "3"],
    );
    let url = server.url();
    let mut a = Bot::start(
        &url,
        &["--create", "pirates", "--side", "crowd", "--level", "easy"],
    );
    let code = a.wait_for("code: ")["code: ".len()..].to_string();
    let b = Bot::start(&url, &["--join", &code, "--level", "easy"]);

    // The other room is under way before anything bad arrives.
    a.wait_for("move 1:");
    let mut raw = Raw::connect(&url);
    let frames: [(&str, ErrorKind); 9] = [
        ("not json", ErrorKind::Malformed),
        (r#"{"v":1,"kind":"fly"}"#, ErrorKind::UnknownKind),
        (r#"{"v":9,"kind":"ping"}"#, ErrorKind::Version),
        (r#"{"v":1,"kind":"move","ply":"x"}"#, ErrorKind::BadFields),
        (
            r#"{"v":1,"kind":"move","ply":0,"move":"d4-d5"}"#,
            ErrorKind::NotSeated,
        ),
        (
            r#"{"v":1,"kind":"join","code":"../../etc"}"#,
            ErrorKind::UnknownRoom,
        ),
        // Names and keys a player cannot have.
        (
            r#"{"v":1,"kind":"hello","name":"x\nFORGED","key":"key-of-sixteen-chars"}"#,
            ErrorKind::BadName,
        ),
        (
            r#"{"v":1,"kind":"hello","name":"alice","key":"k'; DROP TABLE players;--"}"#,
            ErrorKind::BadKey,
        ),
        (r#"{"v":1,"kind":"my_games"}"#, ErrorKind::NotIdentified),
    ];
    for (frame, kind) in frames {
        raw.send_text(frame);
        assert_eq!(error_of(&mut raw), kind, "{frame}");
    }
    raw.send_text(&format!(
        r#"{{"v":1,"kind":"ping","pad":"{}"}}"#,
        "x".repeat(10_000)
    ));
    assert_eq!(error_of(&mut raw), ErrorKind::TooLarge);
    raw.ws
        .send(tokio_tungstenite::tungstenite::Message::binary(vec![
            1u8, 2, 3,
        ]))
        .expect("a frame");
    assert_eq!(error_of(&mut raw), ErrorKind::NotText);
    raw.send(&Command::Join {
        code: "zzzzzzzzzz".into(),
    });
    assert_eq!(error_of(&mut raw), ErrorKind::UnknownRoom);
    let chess = GameSetup {
        game: "chess".into(),
        options: vec![],
    };
    raw.send(&Command::Create {
        setup: chess,
        side: Side::Crowd,
        clock: None,
        rated: false,
    });
    assert_eq!(error_of(&mut raw), ErrorKind::BadSetup);
    raw.send(&Command::Resume {
        code: code.clone(),
        token: "0".repeat(32),
    });
    assert_eq!(error_of(&mut raw), ErrorKind::BadToken);
    raw.send(&Command::Join { code: code.clone() });
    assert_eq!(error_of(&mut raw), ErrorKind::RoomFull);
    raw.send(&Command::Ping);
    raw.expect("a pong after all that", |e| {
        matches!(e, Event::Pong).then_some(())
    });

    let mut spectator = Raw::connect(&url);
    spectator.send(&Command::Watch { code: code.clone() });
    let you = spectator.expect("the state", |e| match e {
        Event::State(s) => Some(s.you),
        _ => None,
    });
    assert_eq!(you, None);
    spectator.send(&Command::Resign);
    assert_eq!(error_of(&mut spectator), ErrorKind::NotSeated);

    let mut flood = Raw::connect(&url);
    for _ in 0..120 {
        flood.send(&Command::Ping);
    }
    assert_eq!(error_of(&mut flood), ErrorKind::RateLimited);

    let mut huge = Raw::connect(&url);
    let _ = huge.ws.send(tokio_tungstenite::tungstenite::Message::text(
        "x".repeat(1 << 20),
    ));
    assert!(
        huge.closed(),
        "a frame over the socket's cap closes the connection"
    );

    let mut idle = Raw::connect(&url);
    assert_eq!(error_of(&mut idle), ErrorKind::Idle);
    assert!(idle.closed());

    misplays_are_refused(&url);

    let moves = check_game(&db, "pirates", a, b);
    assert!(moves.len() > 4);
    // Every refusal is counted by its kind (the log writes only the first
    // few from one address, then a count).
    let metrics = online_support::http_get(server.port, "/metrics");
    for kind in [
        "malformed",
        "unknown_kind",
        "version",
        "bad_fields",
        "not_seated",
        "unknown_room",
        "too_large",
        "not_text",
        "bad_setup",
        "bad_token",
        "room_full",
        "rate_limited",
        "idle",
        "not_your_turn",
        "stale_ply",
        "illegal_move",
        "no_draw_offer",
        "draw_too_soon",
        "game_not_over",
        "opponent_present",
    ] {
        assert!(
            metrics.contains(&format!(
                "stronghold_inputs_refused_total{{kind=\"{kind}\"}}"
            )),
            "no count for {kind}:\n{metrics}"
        );
    }
    let log = server.log_text();
    assert!(!log.contains("panicked"));
}

/// Moves out of turn, for a stale ply, illegal; answers to offers never
/// made; a claim against a player who is here.
fn misplays_are_refused(url: &str) {
    let (mut x, mut y, _, _) = seated_pair(url, Side::Hunters, None);
    let first = Game::new(Variant::new(GameId::named("pirates")));
    let (mover, waiter) = if first.side_to_move() == Side::Hunters {
        (&mut x, &mut y)
    } else {
        (&mut y, &mut x)
    };
    let legal = first.move_text(&first.legal_moves()[0]);
    waiter.send(&Command::Move {
        ply: 0,
        mv: legal.clone(),
    });
    assert_eq!(error_of(waiter), ErrorKind::NotYourTurn);
    mover.send(&Command::Move {
        ply: 5,
        mv: legal.clone(),
    });
    assert_eq!(error_of(mover), ErrorKind::StalePly);
    mover.send(&Command::Move {
        ply: 0,
        mv: "a1-g7".into(),
    });
    assert_eq!(error_of(mover), ErrorKind::IllegalMove);
    mover.send(&Command::Move {
        ply: 0,
        mv: "@@".into(),
    });
    assert_eq!(error_of(mover), ErrorKind::IllegalMove);
    waiter.send(&Command::AcceptDraw);
    assert_eq!(error_of(waiter), ErrorKind::NoDrawOffer);
    // A draw offered and declined cannot be offered again before a move
    // pair has been played.
    waiter.send(&Command::OfferDraw);
    mover.expect("the offer", |e| {
        matches!(e, Event::DrawOffered { .. }).then_some(())
    });
    mover.send(&Command::DeclineDraw);
    waiter.expect("the offer declined", |e| {
        matches!(e, Event::DrawDeclined { .. }).then_some(())
    });
    waiter.send(&Command::OfferDraw);
    assert_eq!(error_of(waiter), ErrorKind::DrawTooSoon);
    waiter.send(&Command::Rematch);
    assert_eq!(error_of(waiter), ErrorKind::GameNotOver);
    waiter.send(&Command::ClaimWin);
    assert_eq!(error_of(waiter), ErrorKind::OpponentPresent);
    mover.send(&Command::Move {
        ply: 0,
        mv: legal.clone(),
    });
    waiter.expect("the move relayed", |e| {
        matches!(e, Event::Moved { ply: 0, .. }).then_some(())
    });
}

/// `mover` plays `mv` as ply `ply`, and both see it relayed.
fn relayed(mover: &mut Raw, other: &mut Raw, ply: u32, mv: &str) {
    mover.send(&Command::Move {
        ply,
        mv: mv.to_string(),
    });
    for raw in [mover, other] {
        raw.expect("the move relayed", |e| {
            matches!(e, Event::Moved { ply: p, .. } if *p == ply).then_some(())
        });
    }
}

/// A two-round match through the server: the seats keep their sides, and
/// round two's first move is the round-one bear's player's; the result
/// names the seat that won.
#[test]
fn a_two_round_match_swaps_whose_move_it_is_in_round_two() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let server = Server::start(
        &dir.path().join("games.sqlite3"),
        0,
        &dir.path().join("server.log"),
        &[],
    );
    let url = server.url();
    // X takes the crowd's side (the hunters of Gioco dell'Orso), Y the bear.
    let (mut x, mut y, _, _) = seated_pair_in(&url, "gioco-dell-orso", Side::Crowd, None);
    // Round one, 25 plies: the hunters placed, the bear shut in after 22.
    let round_one = "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 b5-a4 \
        d5-c4 a4-b5 e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6 d5-d7";
    let mut game = Game::new(Variant::new(GameId::named("gioco-dell-orso")));
    let mut ply = 0;
    let mut play = |x: &mut Raw, y: &mut Raw, mv: &str| {
        let seat = game.player_to_move();
        game.play_text(mv).unwrap();
        match seat {
            Side::Crowd => relayed(x, y, ply, mv),
            Side::Hunters => relayed(y, x, ply, mv),
        }
        ply += 1;
    };
    for mv in round_one.split_whitespace() {
        play(&mut x, &mut y, mv);
    }
    // Round two: Y, the round-one bear, places the hunters now.
    x.send(&Command::Move {
        ply: 25,
        mv: "@c4".into(),
    });
    assert_eq!(error_of(&mut x), ErrorKind::NotYourTurn);
    // X's bear is shut in after 12 moves, against 22.
    let round_two = "@c4 @d3 @e4 d4-d5 c4-a4 d5-d4 d3-d1 d4-c4 a4-b3 c4-d4 b3-c2 \
        d4-d3 d1-e2 d3-d1 e4-d3";
    for mv in round_two.split_whitespace() {
        play(&mut x, &mut y, mv);
    }
    let result = ended(&mut x);
    assert_eq!(result.reason, EndReason::Survival);
    assert_eq!(result.winner, Some(Side::Hunters), "Y's seat wins");
    assert_eq!(ended(&mut y), result);
}

/// The end a room announces.
fn ended(raw: &mut Raw) -> GameResult {
    raw.expect("the end", |e| match e {
        Event::Ended { result, .. } => Some(*result),
        _ => None,
    })
}

#[test]
fn draws_rematches_resignation_claims_and_the_flag() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(
        &db,
        0,
        &dir.path().join("server.log"),
        &["--claim-secs", "3"],
    );
    let url = server.url();
    let (mut x, mut y, code, _) = seated_pair(&url, Side::Hunters, None);

    x.send(&Command::OfferDraw);
    y.expect("the offer", |e| {
        matches!(e, Event::DrawOffered { by: Side::Hunters }).then_some(())
    });
    y.send(&Command::DeclineDraw);
    x.expect("the refusal", |e| {
        matches!(e, Event::DrawDeclined { .. }).then_some(())
    });
    // X may not offer again before a move pair; Y may offer its own.
    y.send(&Command::OfferDraw);
    // X accepts the offer it has seen: X's and Y's messages come over two
    // connections, and an accept that overtakes the offer is refused.
    x.expect("the second offer", |e| {
        matches!(e, Event::DrawOffered { by: Side::Crowd }).then_some(())
    });
    x.send(&Command::AcceptDraw);
    let draw = ended(&mut x);
    assert_eq!((draw.winner, draw.reason), (None, EndReason::DrawAgreed));

    // A rematch swaps the sides.
    x.send(&Command::Rematch);
    y.expect("the rematch offer", |e| {
        matches!(e, Event::RematchOffered { .. }).then_some(())
    });
    y.send(&Command::Rematch);
    let (game_no, you) = x.expect("the new game", |e| match e {
        Event::State(s) => Some((s.game_no, s.you)),
        _ => None,
    });
    assert_eq!((game_no, you), (2, Some(Side::Crowd)));
    x.send(&Command::Resign);
    let resigned = ended(&mut y);
    assert_eq!(
        (resigned.winner, resigned.reason),
        (Some(Side::Hunters), EndReason::Resigned)
    );

    // Game 3: Y leaves; X may claim once the grace has passed.
    x.send(&Command::Rematch);
    y.send(&Command::Rematch);
    x.expect("game 3", |e| {
        matches!(e, Event::State(s) if s.game_no == 3).then_some(())
    });
    drop(y);
    x.expect("Y gone", |e| {
        matches!(e, Event::Presence { status: SeatStatus::Gone { claim_in_ms }, .. } if *claim_in_ms > 0)
            .then_some(())
    });
    x.send(&Command::ClaimWin);
    assert_eq!(
        error_of(&mut x),
        ErrorKind::OpponentPresent,
        "too early to claim"
    );
    x.expect("the claim may be made", |e| {
        matches!(
            e,
            Event::Presence {
                status: SeatStatus::Gone { claim_in_ms: 0 },
                ..
            }
        )
        .then_some(())
    });
    x.send(&Command::ClaimWin);
    let claimed = ended(&mut x);
    assert_eq!(
        (claimed.winner, claimed.reason),
        (Some(Side::Hunters), EndReason::Abandoned)
    );
    let db_reason: String = rusqlite::Connection::open(&db)
        .expect("the database")
        .query_row(
            "SELECT reason FROM games WHERE code = ?1 AND game_no = 3",
            [&code],
            |r| r.get(0),
        )
        .expect("game 3 stored");
    assert_eq!(db_reason, "abandoned");

    // A clock of 1.2 s: after each side's free first move, the flag falls.
    let clock = Some("0.02+0".parse().expect("a clock"));
    let (mut x, mut y, _, _) = seated_pair(&url, Side::Hunters, clock);
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    for ply in 0..2u32 {
        let mv = game.legal_moves()[0];
        let mover = if game.side_to_move() == Side::Hunters {
            &mut x
        } else {
            &mut y
        };
        mover.send(&Command::Move {
            ply,
            mv: game.move_text(&mv),
        });
        mover.expect("the move stored", |e| {
            matches!(e, Event::Moved { ply: p, .. } if *p == ply).then_some(())
        });
        game.play(&mv).expect("legal");
    }
    let flag = ended(&mut x);
    assert_eq!(
        (flag.winner, flag.reason),
        (Some(game.side_to_move().other()), EndReason::Flag)
    );
}

#[test]
fn a_seat_token_brings_the_whole_room_back() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db, 0, &dir.path().join("server.log"), &[]);
    let url = server.url();
    let clock = Some("5+0".parse().expect("a clock"));
    let (x, y, code, token) = seated_pair(&url, Side::Hunters, clock);
    let game = Game::new(Variant::new(GameId::named("pirates")));
    let mv = game.move_text(&game.legal_moves()[0]);
    let mut mover = if game.side_to_move() == Side::Hunters {
        x
    } else {
        y
    };
    mover.send(&Command::Move {
        ply: 0,
        mv: mv.clone(),
    });
    mover.expect("stored", |e| matches!(e, Event::Moved { .. }).then_some(()));
    // Both leave; the creator comes back on a new connection.
    drop(mover);
    let mut x = Raw::connect(&url);
    x.send(&Command::Resume {
        code: code.clone(),
        token,
    });
    let state = x.expect("the room", |e| match e {
        Event::State(s) => Some(s.clone()),
        _ => None,
    });
    assert_eq!(state.you, Some(Side::Hunters));
    assert_eq!(state.moves, vec![mv]);
    assert!(state.clocks.is_some() && state.result.is_none());
}

/// After a restart, both players of many rooms come back at the same
/// moment (a barrier lets every resume go at once): each room is restored
/// once, as one task, so a move from one seat reaches the other, and the
/// log says each room was loaded from the store once.
#[test]
fn simultaneous_resumes_after_a_restart_make_one_task_per_room() {
    const ROOMS: usize = 24;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let log = dir.path().join("server.log");
    let mut server = Server::start(&db, 0, &log, &[]);
    let url = server.url();
    // Each room's two seats: (code, side, token).
    let mut seats = Vec::new();
    for _ in 0..ROOMS {
        let mut x = Raw::connect(&url);
        x.send(&Command::Create {
            setup: GameSetup::of(&Variant::new(GameId::named("pirates"))),
            side: Side::Hunters,
            clock: None,
            rated: false,
        });
        let (code, token) = x.expect("seated", |e| match e {
            Event::Seated { code, token, .. } => Some((code.clone(), token.clone())),
            _ => None,
        });
        let mut y = Raw::connect(&url);
        y.send(&Command::Join { code: code.clone() });
        let joiner = y.expect("seated", |e| match e {
            Event::Seated { token, .. } => Some(token.clone()),
            _ => None,
        });
        seats.push((code.clone(), Side::Hunters, token));
        seats.push((code, Side::Crowd, joiner));
    }
    server.kill();
    let server = Server::start(&db, server.port, &log, &[]);
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(seats.len()));
    let resumed: Vec<_> = seats
        .into_iter()
        .map(|(code, side, token)| {
            let (barrier, url) = (std::sync::Arc::clone(&barrier), url.clone());
            std::thread::spawn(move || {
                let mut raw = Raw::connect(&url);
                barrier.wait();
                raw.send(&Command::Resume {
                    code: code.clone(),
                    token,
                });
                let state = raw.expect("the room", |e| match e {
                    Event::State(s) => Some(s.clone()),
                    _ => None,
                });
                assert_eq!(state.you, Some(side), "{code}");
                (code, side, raw)
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|t| t.join().expect("a resume"))
        .collect();
    let game = Game::new(Variant::new(GameId::named("pirates")));
    let (first, mv) = (game.side_to_move(), game.move_text(&game.legal_moves()[0]));
    let mut rooms: std::collections::BTreeMap<String, Vec<(Side, Raw)>> = Default::default();
    for (code, side, raw) in resumed {
        rooms.entry(code).or_default().push((side, raw));
    }
    let text = server.log_text();
    for (code, mut pair) in rooms {
        let loads = text
            .matches(&format!("room {code}: loaded from the store"))
            .count();
        assert_eq!(loads, 1, "room {code} loaded {loads} times");
        pair.sort_by_key(|(side, _)| *side != first);
        let [(_, mover), (_, other)] = &mut pair[..] else {
            panic!("room {code}: not two seats");
        };
        mover.send(&Command::Move {
            ply: 0,
            mv: mv.clone(),
        });
        other.expect("the other seat's move", |e| {
            matches!(e, Event::Moved { .. }).then_some(())
        });
    }
}
