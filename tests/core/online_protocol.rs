//! The wire protocol: every message survives a round trip through its
//! frame, and each kind of bad frame gets its own typed error.

use stronghold::online::protocol::{
    ClockSpec, Clocks, Command, EndReason, ErrorKind, Event, GameResult, GameSetup,
    MAX_COMMAND_BYTES, PlayerInfo, Players, PoolRating, ProtocolError, Rating, RatingChange,
    RatingChanges, RoomState, SeatStatus, check_name, parse_command, parse_event,
};
use stronghold::rules::{GameId, Side, Variant};

fn setup() -> GameSetup {
    GameSetup {
        game: "pirates".into(),
        options: vec!["compulsory=off".into()],
    }
}

#[test]
fn every_command_round_trips() {
    let commands = [
        Command::Create {
            setup: setup(),
            side: Side::Crowd,
            clock: Some("5+3".parse().unwrap()),
            rated: true,
        },
        Command::Hello {
            name: "Мария_7".into(),
            key: "0123456789abcdef0123".into(),
            bot: false,
        },
        Command::MyGames,
        Command::Join { code: "abc".into() },
        Command::Resume {
            code: "abc".into(),
            token: "t".into(),
        },
        Command::Watch { code: "abc".into() },
        Command::Move {
            ply: 3,
            mv: "c3-c4".into(),
        },
        Command::Resign,
        Command::OfferDraw,
        Command::AcceptDraw,
        Command::DeclineDraw,
        Command::ClaimWin,
        Command::Rematch,
        Command::Sync,
        Command::Ping,
    ];
    for command in commands {
        let frame = command.to_frame();
        assert!(frame.contains("\"v\":1"), "{frame}");
        assert_eq!(parse_command(&frame), Ok(command.clone()), "{frame}");
        assert_ne!(command.kind(), "?");
    }
}

#[test]
fn every_event_round_trips() {
    let clocks = Clocks {
        hunters_ms: 1000,
        crowd_ms: 2000,
        running: Some(Side::Hunters),
    };
    let rating = Rating {
        rating: 1523,
        deviation: 180,
        provisional: true,
    };
    let changes = RatingChanges {
        hunters: RatingChange {
            old: rating,
            new: rating,
        },
        crowd: RatingChange {
            old: rating,
            new: rating,
        },
    };
    let state = RoomState {
        code: "abc".into(),
        setup: setup(),
        game_no: 2,
        you: None,
        moves: vec!["c3-c4".into()],
        clock: Some(ClockSpec {
            initial_ms: 60_000,
            increment_ms: 0,
        }),
        clocks: Some(clocks),
        hunters: SeatStatus::Connected,
        crowd: SeatStatus::Gone { claim_in_ms: 5 },
        draw_offer: Some(Side::Crowd),
        rematch_offer: None,
        result: Some(GameResult {
            winner: None,
            reason: EndReason::DrawAgreed,
        }),
        spectators: 1,
        players: Players {
            hunters: Some(PlayerInfo {
                name: "ann".into(),
                bot: false,
                rating: Some(rating),
            }),
            crowd: None,
        },
        rated: true,
        ratings: Some(changes),
    };
    let events = [
        Event::Seated {
            code: "abc".into(),
            token: "t".into(),
            side: Side::Hunters,
        },
        Event::State(Box::new(state)),
        Event::Moved {
            ply: 0,
            mv: "c3-c4".into(),
            clocks: Some(clocks),
        },
        Event::Presence {
            side: Side::Crowd,
            status: SeatStatus::Empty,
        },
        Event::DrawOffered { by: Side::Crowd },
        Event::DrawDeclined { by: Side::Hunters },
        Event::RematchOffered { by: Side::Hunters },
        Event::Ended {
            result: GameResult {
                winner: Some(Side::Crowd),
                reason: EndReason::Flag,
            },
            clocks: None,
            ratings: Some(changes),
        },
        Event::Welcome {
            player: PlayerInfo {
                name: "bob".into(),
                bot: true,
                rating: None,
            },
            ratings: vec![PoolRating {
                pool: "pirates/blitz".into(),
                rating,
                games: 3,
            }],
        },
        Event::error(ErrorKind::IllegalMove, "no"),
        Event::Pong,
    ];
    for event in events {
        let frame = event.to_frame();
        assert_eq!(parse_event(&frame), Ok(event.clone()), "{frame}");
        assert_ne!(event.kind(), "?");
    }
}

#[test]
fn bad_frames_get_typed_errors() {
    let too_long = format!(
        r#"{{"v":1,"kind":"join","code":"{}"}}"#,
        "x".repeat(MAX_COMMAND_BYTES)
    );
    let cases: [(&str, ErrorKind); 8] = [
        ("not json", ErrorKind::Malformed),
        ("[1,2]", ErrorKind::Malformed),
        (r#"{"kind":"ping"}"#, ErrorKind::Version),
        (r#"{"v":2,"kind":"ping"}"#, ErrorKind::Version),
        (r#"{"v":1}"#, ErrorKind::Malformed),
        (r#"{"v":1,"kind":"fly"}"#, ErrorKind::UnknownKind),
        (r#"{"v":1,"kind":"move","ply":"x"}"#, ErrorKind::BadFields),
        (&too_long, ErrorKind::TooLarge),
    ];
    for (frame, kind) in cases {
        let error = parse_command(frame).expect_err(frame);
        assert_eq!(error.kind(), kind, "{frame}: {error}");
        assert!(!error.to_string().is_empty());
    }
    assert!(matches!(
        parse_command(r#"{"v":1,"kind":"create","game":"pirates","side":"pirates"}"#),
        Err(ProtocolError::BadFields { .. })
    ));
}

#[test]
fn clocks_and_setups_read_as_the_command_line_writes_them() {
    let clock: ClockSpec = "0.5+2".parse().unwrap();
    assert_eq!((clock.initial_ms, clock.increment_ms), (30_000, 2_000));
    for bad in ["5", "x+1", "-1+0", "0+0", "200+0", "5+61"] {
        assert!(bad.parse::<ClockSpec>().is_err(), "{bad}");
    }
    let variant = setup().variant().unwrap();
    assert_eq!(variant.game, GameId::named("pirates"));
    assert_eq!(variant.option("compulsory"), Some("off"));
    assert_eq!(GameSetup::of(&variant).variant(), Ok(variant));
    let bad = GameSetup {
        game: "fox-geese".into(),
        options: vec!["compulsory=off".into()],
    };
    assert!(bad.variant().is_err());
    assert_eq!(
        GameSetup::of(&Variant::new(GameId::named("bagh-chal"))).game,
        "bagh-chal"
    );
}

/// Every built-in game goes online with each value of each of its
/// options, and comes back the same; an unknown game, an option the game
/// does not have, a value the option does not take and a game read from a
/// file are refused, each saying what is wrong.
#[test]
fn every_built_in_game_is_a_setup_and_a_files_game_is_not() {
    let mut seen = 0;
    for game in GameId::built_in() {
        let mut variants = vec![Variant::new(game)];
        for option in &game.file().options {
            for value in &option.values {
                let mut variant = Variant::new(game);
                variant.set(&option.key, value).unwrap();
                variants.push(variant);
            }
        }
        for variant in variants {
            let setup = GameSetup::online(&variant).unwrap();
            assert_eq!(setup.game, game.id());
            assert_eq!(setup.variant(), Ok(variant), "{setup:?}");
            seen += 1;
        }
    }
    assert!(seen >= 16 + 9, "{seen} setups");
    let refused = |game: &str, options: &[&str]| {
        let setup = GameSetup {
            game: game.into(),
            options: options.iter().map(|o| o.to_string()).collect(),
        };
        setup.variant().expect_err(game)
    };
    let unknown = refused("chess", &[]);
    assert!(
        unknown.contains("unknown game `chess`") && unknown.contains("hund-efter-hare-vendsyssel"),
        "{unknown}"
    );
    assert!(refused("kaooa", &["geese=15"]).contains("unknown option `geese` for kaooa"));
    assert!(refused("fox-geese", &["geese=14"]).contains("13, 15 or 17"));
    assert!(refused("bagh-chal", &["quiet-limit"]).contains("not KEY=VALUE"));

    // A game read from a file is this program's only, even under an id of
    // its own; the server would never know it.
    let text = include_str!("../../assets/games/kaooa.game.ron")
        .replace("id: \"kaooa\"", "id: \"kaooa-online-test\"");
    let file_game = GameId::load("kaooa-online-test", text.as_bytes()).expect("a game file");
    let why = GameSetup::online(&Variant::new(file_game)).expect_err("a file's game");
    assert!(why.contains("built-in games only"), "{why}");
    assert!(refused("kaooa-online-test", &[]).contains("built-in games only"));
}

/// Names: 2 to 20 letters of any alphabet, digits, `_` and `-`; nothing
/// that could pass for markup, a line break or a look-alike space.
#[test]
fn names_are_checked() {
    for good in ["ann", "Мария_7", "tiger-2", "x1"] {
        assert_eq!(check_name(good), Ok(()), "{good}");
    }
    for bad in [
        "a",
        "",
        "_lead",
        "-lead",
        "has space",
        "new\nline",
        "<b>bold</b>",
        "abcdefghijklmnopqrstu",
        "nbsp\u{a0}x",
        "zero\u{200b}width",
    ] {
        assert!(check_name(bad).is_err(), "{bad:?}");
    }
    // Clocks fall into lichess's classes by time plus forty increments.
    let class = |c: &str| c.parse::<ClockSpec>().unwrap().class();
    assert_eq!(class("1+0"), "bullet");
    assert_eq!(class("3+2"), "blitz");
    assert_eq!(class("10+0"), "rapid");
    assert_eq!(class("30+0"), "classical");
}
