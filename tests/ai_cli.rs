//! `stronghold-cli bestmove` and `selfplay`, driven through `cli::run`.

use stronghold::cli;
use stronghold::rules::{Game, GameKind, Move, Variant};

fn run(args: &str) -> Result<String, String> {
    let args: Vec<String> = args.split(' ').map(str::to_string).collect();
    let mut out = Vec::new();
    cli::run(&args, &mut out).map(|()| String::from_utf8(out).expect("UTF-8 output"))
}

fn field<'a>(text: &'a str, name: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(name).map(str::trim))
        .unwrap_or_else(|| panic!("no `{name}` line in:\n{text}"))
}

#[test]
fn bestmove_prints_a_legal_line_and_its_numbers() {
    let out = run("bestmove pirates --depth 5").unwrap();
    let game = Game::new(Variant::new(GameKind::Pirates));
    let best = Move::parse(field(&out, "bestmove ")).unwrap();
    assert!(game.is_legal(&best));
    assert_eq!(field(&out, "depth "), "5");
    assert!(field(&out, "nodes ").parse::<u64>().unwrap() > 0);
    assert!(field(&out, "nps ").parse::<f64>().is_ok());
    // The principal variation starts with the best move and plays out.
    let pv = field(&out, "pv ");
    assert!(pv.starts_with(&best.to_string()));
    let mut line = game.clone();
    line.play_text(pv).unwrap();
}

#[test]
fn bestmove_reports_a_forced_win() {
    // The position string holds spaces: it is one argument.
    let args: Vec<String> = [
        "bestmove",
        "fox-geese",
        "--depth",
        "3",
        "--position",
        "fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29",
    ]
    .map(String::from)
    .to_vec();
    let mut out = Vec::new();
    cli::run(&args, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(field(&out, "bestmove "), "e6-d7");
    assert_eq!(field(&out, "score "), "win in 1 plies");
}

#[test]
fn selfplay_tallies_whole_games_reproducibly() {
    let cmd = "selfplay pirates --games 3 --hunters beginner --crowd easy --seed 3";
    let a = run(cmd).unwrap();
    let games: Vec<&str> = a.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 3);
    let summary = |side: &str| -> Vec<u32> {
        let line = a.lines().find(|l| l.starts_with(side)).unwrap();
        ["wins", "draws", "losses"]
            .iter()
            .map(|w| {
                let rest = &line[line.find(w).unwrap() + w.len()..];
                rest.split_whitespace().next().unwrap().parse().unwrap()
            })
            .collect()
    };
    let (h, c) = (summary("hunters"), summary("crowd"));
    assert_eq!(h.iter().sum::<u32>(), 3);
    assert_eq!((h[0], h[1], h[2]), (c[2], c[1], c[0]));
    // The same seed replays the same games (timings aside).
    let b = run(cmd).unwrap();
    let games_b: Vec<&str> = b.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games, games_b);
}

#[test]
fn selfplay_reports_the_ply_cap() {
    let out =
        run("selfplay pirates --games 2 --hunters beginner --crowd beginner --ply-cap 6").unwrap();
    assert!(out.contains("games stopped at the ply cap: 2"), "{out}");
}

#[test]
fn bad_arguments_are_errors_not_panics() {
    for bad in [
        "bestmove",
        "bestmove chess",
        "bestmove pirates --level genius",
        "bestmove pirates --depth 0",
        "bestmove pirates --depth deep",
        "bestmove pirates --moves a1-a2",
        "bestmove pirates --time-ms",
        "selfplay pirates",
        "selfplay pirates --games 1 --hunters hard",
        "selfplay pirates --games 1 --hunters hard --crowd nobody",
        "selfplay pirates --games x --hunters hard --crowd hard",
        "selfplay pirates --games 1 --hunters easy --crowd easy --time-scale 0",
        "selfplay pirates --games 1 --hunters easy --crowd easy --option geese=15",
        "selfplay pirates --games 1 --hunters easy --crowd easy --moves c4-c5",
    ] {
        assert!(run(bad).is_err(), "`{bad}` was accepted");
    }
}

#[test]
fn perft_and_show_still_work() {
    assert_eq!(run("perft pirates 3").unwrap(), "388\n");
    assert!(run("show bagh-chal").unwrap().contains("legal moves (21)"));
}
