//! Move text and position strings: exact round trips, clear errors, no panics.

use stronghold::rules::{Game, GameId, MoveTextError, Rules, Variant, parse_position};

/// The rules of a game with its default options.
fn rules(id: &str) -> std::sync::Arc<Rules> {
    Rules::of(Variant::new(GameId::named(id)))
}

#[test]
fn move_text_round_trips_exactly() {
    let pirates = rules("pirates");
    for text in ["c4-c5", "d6xd4", "d6xd4xb4", "c3xc5xc7xe7", "@c3"] {
        assert_eq!(pirates.move_text(&pirates.parse_move(text).unwrap()), text);
    }
    // a1 and e5 are points of Bagh-Chal's square, not of the cross.
    let bagh_chal = rules("bagh-chal");
    assert_eq!(
        bagh_chal.move_text(&bagh_chal.parse_move("a1-e5").unwrap()),
        "a1-e5"
    );
    assert!(pirates.parse_move("a1-e5").is_err());
    let chain = pirates.parse_move("d6xd4xb4").unwrap();
    assert!(chain.is_jump());
    assert_eq!(chain.hops(), 2);
    assert_eq!(
        pirates
            .captured(&chain)
            .map(|p| pirates.board().name(p).to_string())
            .collect::<Vec<_>>(),
        ["d5", "c4"]
    );
}

#[test]
fn move_text_errors_say_what_and_where() {
    let cases = [
        ("", 1),
        ("c4", 3),
        ("c4-", 4),
        ("c4-c8", 4),
        ("h1-a1", 1),
        ("C4-c5", 1),
        ("c4 c5", 3),
        ("c4-c5 ", 6),
        ("c4xc6x", 7),
        ("c4xc6-c8", 6),
        ("@", 2),
        ("@c3x", 4),
        ("é4-c5", 1),
        ("c4—c5", 3),
    ];
    let pirates = rules("pirates");
    for (text, column) in cases {
        let e = pirates.parse_move(text).expect_err(text);
        assert_eq!(e.column(), column, "{text}: {e}");
        assert_eq!(e.text(), text, "{e:?}");
        assert!(
            e.to_string()
                .starts_with(&format!("`{text}` (column {column}): "))
        );
    }
    let long = "c3".to_string() + &"xc5".repeat(stronghold::rules::movegen::MAX_HOPS + 1);
    assert!(pirates.parse_move(&long).is_err());
}

#[test]
fn parse_move_checks_legality() {
    let g = Game::new(Variant::new(GameId::named("pirates")));
    assert!(g.parse_move("d4-d5").is_ok());
    let e = g.parse_move("d4-d3").unwrap_err();
    assert_eq!(
        e,
        MoveTextError::Illegal {
            text: "d4-d3".to_string()
        }
    );
    assert!(e.to_string().contains("not a legal move"), "{e}");
}

#[test]
fn start_position_strings_round_trip() {
    let mut variants = Vec::new();
    for kind in GameId::built_in() {
        variants.push(Variant::new(kind));
    }
    for opt in ["compulsory=off", "retreat=on"] {
        let mut v = Variant::new(GameId::named("pirates"));
        v.set_option(opt).unwrap();
        variants.push(v);
    }
    for opt in ["geese=15", "geese=17", "sideways=on"] {
        let mut v = Variant::new(GameId::named("fox-geese"));
        v.set_option(opt).unwrap();
        variants.push(v);
    }
    let mut v = Variant::new(GameId::named("bagh-chal"));
    v.set_option("quiet-limit=off").unwrap();
    variants.push(v);
    for v in variants {
        let g = Game::new(v);
        let text = g.position_string();
        let (v2, p2) = parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((v2, p2), (v, *g.position()), "{text}");
    }
    assert_eq!(
        Game::new(Variant::new(GameId::named("pirates"))).position_string(),
        "pirates,compulsory=on,retreat=off 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54"
    );
    assert_eq!(
        Game::new(Variant::new(GameId::named("bagh-chal"))).position_string(),
        "bagh-chal,quiet-limit=on T3T/5/5/5/T3T G 0/20 0 0"
    );
}

#[test]
fn options_may_be_left_out_of_a_position_string() {
    let (v, _) = parse_position("pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54").unwrap();
    assert_eq!(v, Variant::new(GameId::named("pirates")));
}

#[test]
fn position_string_errors_say_what_and_where() {
    let good = "pirates,compulsory=on,retreat=off 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54";
    let cases: [(&str, usize, &str); 16] = [
        ("", 1, "6 fields"),
        (
            "chess 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54",
            1,
            "unknown game",
        ),
        (
            "pirates,geese=15 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54",
            9,
            "unknown option `geese` for pirates",
        ),
        (
            "pirates,retreat=maybe 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54",
            9,
            "option `retreat` cannot be `maybe`: expected off or on",
        ),
        (
            "pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB B 0/0 0 54",
            9,
            "7 ranks",
        ),
        (
            "pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBBB B 0/0 0 54",
            44,
            "only 3 points",
        ),
        (
            "pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BB B 0/0 0 54",
            41,
            "describes 2 points",
        ),
        (
            "pirates 3/P1P/BB3BB/BBBXBBB/BBBBBBB/BBB/BBB B 0/0 0 54",
            24,
            "unexpected `X`",
        ),
        (
            "pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB X 0/0 0 54",
            45,
            "side to move",
        ),
        (
            "pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 1/0 0 54",
            47,
            "hunters in hand",
        ),
        (
            "pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 61 54",
            51,
            "quiet plies",
        ),
        (
            "pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 3",
            53,
            "below the crowd",
        ),
        (
            "pirates 3/PPP/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54",
            9,
            "exactly 2 pirates",
        ),
        (
            "asalto 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR R 1/0 0 54",
            8,
            "at most 2 officers",
        ),
        (
            "asalto 3/2O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR R 1/0 0 54",
            43,
            "officers are to move",
        ),
        (
            "pirates  3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0",
            1,
            "6 fields",
        ),
    ];
    assert!(parse_position(good).is_ok());
    for (text, column, needle) in cases {
        let e = parse_position(text).expect_err(text);
        assert!(e.to_string().contains(needle), "{text}: {e}");
        assert_eq!(e.column(), column, "{text}: {e}");
    }
}

#[test]
fn variants_round_trip_through_ron() {
    let mut v = Variant::new(GameId::named("fox-geese"));
    v.set_option("geese=17").unwrap();
    v.set_option("sideways=on").unwrap();
    let text = ron::to_string(&v).unwrap();
    assert_eq!(ron::from_str::<Variant>(&text).unwrap(), v);
    // Options left out take their defaults.
    assert_eq!(
        ron::from_str::<Variant>("(kind: Pirates)").unwrap(),
        Variant::new(GameId::named("pirates"))
    );
    // Bad input is an error, not a panic.
    let bad_inputs = [
        "",
        "(kind: Chess)",
        "(kind: Pirates, options: (geese: \"many\"))",
        "(kind: FoxGeese, options: (geese: 14))",
        "(((((",
    ];
    for bad in bad_inputs {
        assert!(ron::from_str::<Variant>(bad).is_err(), "{bad}");
    }
}
