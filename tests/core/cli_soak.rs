//! Every game and option plays to the end from `stronghold-cli selfplay`
//! at Beginner and Easy, each level on each side: a variant the tool
//! cannot play fails here. Driven through `cli::run` (the tool's code
//! without a process per run), one test per option set so they run side
//! by side.

use stronghold::cli;

/// Games per level pairing.
const GAMES: u32 = 20;

/// Hunters' and crowd's levels.
const PAIRINGS: [(&str, &str); 3] = [
    ("beginner", "beginner"),
    ("easy", "beginner"),
    ("beginner", "easy"),
];

/// Plays every pairing of `game` with `options`, and checks that each run
/// ends with both sides' results for all its games.
fn soak(game: &str, options: &[&str]) {
    for (hunters, crowd) in PAIRINGS {
        let games = GAMES.to_string();
        let mut args: Vec<String> = [
            "selfplay",
            game,
            "--games",
            &games,
            "--hunters",
            hunters,
            "--crowd",
            crowd,
            "--quiet",
        ]
        .map(String::from)
        .to_vec();
        for option in options {
            args.extend(["--option".to_string(), option.to_string()]);
        }
        let mut out = Vec::new();
        let run = cli::run(&args, &mut out);
        let out = String::from_utf8(out).expect("UTF-8 output");
        assert!(run.is_ok(), "{args:?}: {run:?}\n{out}");
        for side in ["hunters", "crowd"] {
            let line = out
                .lines()
                .find(|l| l.starts_with(side) && l.contains(" wins "))
                .unwrap_or_else(|| panic!("{args:?}: no {side} result line:\n{out}"));
            let counts: Vec<u32> = ["wins", "draws", "losses"]
                .iter()
                .map(|w| {
                    let rest = &line[line.find(w).unwrap() + w.len()..];
                    rest.split_whitespace().next().unwrap().parse().unwrap()
                })
                .collect();
            assert_eq!(counts.iter().sum::<u32>(), GAMES, "{args:?}: {line}");
        }
        assert!(
            out.contains("games stopped at the ply cap: 0"),
            "{args:?}: every game ends by the rules:\n{out}"
        );
    }
}

#[test]
fn pirates() {
    soak("pirates", &[]);
}

#[test]
fn pirates_without_compulsory_capture() {
    soak("pirates", &["compulsory=off"]);
}

#[test]
fn pirates_with_retreat() {
    soak("pirates", &["retreat=on"]);
}

#[test]
fn asalto() {
    soak("asalto", &[]);
}

#[test]
fn fox_and_13_geese() {
    soak("fox-geese", &["geese=13"]);
}

#[test]
fn fox_and_15_geese() {
    soak("fox-geese", &["geese=15"]);
}

#[test]
fn fox_and_17_geese_sideways() {
    soak("fox-geese", &["geese=17", "sideways=on"]);
}

#[test]
fn bagh_chal() {
    soak("bagh-chal", &["quiet-limit=on"]);
}

#[test]
fn bagh_chal_without_quiet_limit() {
    soak("bagh-chal", &["quiet-limit=off"]);
}
