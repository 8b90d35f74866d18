//! `stronghold-cli bestmove`, `selfplay`, `match` and `tablebase placement`, driven through `cli::run`.

use stronghold::cli;
use stronghold::rules::{Game, GameId, Variant};

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
    let game = Game::new(Variant::new(GameId::named("pirates")));
    let best = game.rules().parse_move(field(&out, "bestmove ")).unwrap();
    assert!(game.is_legal(&best));
    assert_eq!(field(&out, "depth "), "5");
    assert!(field(&out, "nodes ").parse::<u64>().unwrap() > 0);
    assert!(field(&out, "nps ").parse::<f64>().is_ok());
    // The principal variation starts with the best move and plays out.
    let pv = field(&out, "pv ");
    assert!(pv.starts_with(&game.move_text(&best)));
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

/// A fresh folder of this test process for `test`, and a file `name` in it.
fn scratch_file(test: &str, name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("stronghold-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    (dir, path)
}

/// `selfplay --record`: a line per game, whose moves replay to its end.
#[test]
fn selfplay_records_each_game() {
    let (dir, path) = scratch_file("selfplay", "games.moves");
    let path_text = path.to_str().unwrap();
    let args = [
        "selfplay",
        "bagh-chal",
        "--games",
        "2",
        "--hunters",
        "beginner",
        "--crowd",
        "beginner",
        "--ply-cap",
        "30",
        "--record",
        path_text,
    ];
    let out = run_args(&args).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    for (n, line) in lines.iter().enumerate() {
        let (name, moves) = line.split_once(": ").unwrap();
        assert_eq!(
            name,
            format!("selfplay game {}, hunters Beginner, crowd Beginner", n + 1)
        );
        let mut game = Game::new(Variant::new(GameId::named("bagh-chal")));
        for word in moves.split_whitespace() {
            game.play_text(word).unwrap();
        }
        let plies = format!("game {}: {} plies", n + 1, game.ply());
        assert!(out.contains(&plies), "{plies} in\n{out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
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

/// The lines of a match that describe games, without their timings.
fn game_lines(out: &str) -> Vec<String> {
    let mut lines: Vec<String> = out
        .lines()
        .filter(|l| l.starts_with('['))
        .map(|l| {
            // Drop the progress counter and the timing, which vary.
            let l = &l[l.find(']').unwrap() + 1..];
            l[..l.rfind(';').unwrap()].to_string()
        })
        .collect();
    lines.sort();
    lines
}

#[test]
fn match_plays_each_opening_twice_with_sides_swapped() {
    let cmd = "match bagh-chal --a easy --b beginner --pairs 3 --seed 5 --jobs 2";
    let out = run(cmd).unwrap();
    let games = game_lines(&out);
    assert_eq!(games.len(), 6, "{out}");
    for pair in 1..=3 {
        let first = games
            .iter()
            .find(|l| l.starts_with(&format!(" pair {pair} game 1:")))
            .unwrap();
        let second = games
            .iter()
            .find(|l| l.starts_with(&format!(" pair {pair} game 2:")))
            .unwrap();
        assert!(
            first.contains("Easy tigers against Beginner goats"),
            "{first}"
        );
        assert!(
            second.contains("Beginner tigers against Easy goats"),
            "{second}"
        );
        // One opening per pair.
        let opening = |l: &str| l[l.find("opening").unwrap()..].to_string();
        assert_eq!(opening(first), opening(second));
    }
    // Totals, the interval and the graded rows are printed.
    let score = field(&out, "A Easy against B Beginner:");
    assert!(score.contains("95 % interval"), "{score}");
    assert!(field(&out, "graded").contains("95 % interval"));
    assert!(out.contains("verdict: by score"));
    for row in [
        "Easy     tigers",
        "Easy     goats",
        "Beginner tigers",
        "Beginner goats",
    ] {
        assert!(out.contains(row), "no `{row}` row in:\n{out}");
    }
    // Untimed levels replay the same games whatever the order they finish in.
    let again = run(&cmd.replace("--jobs 2", "--jobs 1")).unwrap();
    assert_eq!(game_lines(&again), games);
}

#[test]
fn match_counts_wins_from_both_sides() {
    // A level against itself, seeded: W + D + L is the number of games, and
    // the two rows of each side add up to the games played.
    let out = run("match fox-geese --a beginner --b beginner --pairs 2 --jobs 1").unwrap();
    let line = field(&out, "A Beginner against B Beginner:");
    let n: Vec<u32> = line
        .split(',')
        .next()
        .unwrap()
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(n.iter().sum::<u32>(), 4, "{line}");
}

#[test]
fn match_rejects_bad_arguments() {
    for bad in [
        "match pirates --b easy",
        "match pirates --a easy",
        "match pirates --a easy --b hard --pairs 0",
        "match pirates --a easy --b hard --jobs 0",
        "match pirates --a easy --b genius",
        "match chess --a easy --b easy",
        "match pirates --a easy --b easy --moves c4-c5",
        "match pirates --a easy --b easy --time-scale -1",
    ] {
        assert!(run(bad).is_err(), "`{bad}` was accepted");
    }
}

fn run_args(args: &[&str]) -> Result<String, String> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let mut out = Vec::new();
    cli::run(&args, &mut out).map(|()| String::from_utf8(out).expect("UTF-8 output"))
}

#[test]
fn tablebase_placement_values_a_position_and_each_move() {
    let table = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/tablebase/bagh-chal.sctb"
    );
    // Three goats in hand, none taken yet (a game of the strength table).
    let moves = "@e3 e5-e4 @e2 a1-a2 @c5 e1-d1 @b5 a5-b4 @b1 d1-c1 @a1 e4-d4 @a4 a2-a3 \
                 @a5 b4-c3 @e1 c3-d2 @a2 d2-d1 @b4 d4-e5 @b2 a3-b3 @a3 b3-c3 @c4 c3-b3 \
                 @d5 c1-d2 @c1 d2-c2 @e4 e5-d4";
    let args = ["tablebase", "placement", "--table", table, "--moves", moves];
    let out = run_args(&args).unwrap();
    let mut lines = out.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("a draw with 0 goats taken, but the tigers can force another capture"),
        "{out}"
    );
    let per_move: Vec<&str> = lines.collect();
    assert_eq!(per_move.len(), 4, "one line per legal placement:\n{out}");
    assert!(
        per_move.contains(
            &"  @e5: a draw with 0 goats taken, but the tigers can force another capture"
        )
    );
    assert!(
        per_move
            .contains(&"  @d3: a draw with 1 goat taken, but the tigers can force another capture")
    );
    // Only whether the goats can force a value: the best (-15) yes, better
    // (-10: a goat taken, none forced) no, and each placement the same.
    let asked = |points: &str| run_args(&[&args[..], &["--at-least", points]].concat()).unwrap();
    let out = asked("-15");
    assert!(
        out.starts_with(
            "can the goats force a draw with 0 goats taken, but the tigers can force another \
             capture? yes ("
        ),
        "{out}"
    );
    assert!(out.contains("\n  @e5: yes ("), "{out}");
    assert!(out.contains("\n  @d3: no ("), "{out}");
    let out = asked("-10");
    assert!(out.lines().next().unwrap().contains("? no ("), "{out}");
    assert_eq!(out.matches(": no (").count(), 4, "{out}");
    // A recorded game's placements, each beside the best.
    let record = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/strength-logs/before-fitted-placement/bagh-chal-master-hard.moves"
    );
    let games = [
        "tablebase",
        "placement",
        "--table",
        table,
        "--record",
        record,
        "--in-hand",
        "3",
    ];
    let out = run_args(&games).unwrap();
    assert!(
        out.contains(
            "ply 35, 3 in hand: @d3 keeps a draw with 1 goat taken, but the tigers can force \
         another capture; best was @e5 (a draw with 0 goats taken, but the tigers can force \
         another capture)"
        ),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), 20);
    // The solver's memory is a choice that changes no result.
    let small = [&games[..], &["--hash-mb", "1"]].concat();
    assert_eq!(run_args(&small).unwrap(), out);
    // Bad input is an error, not a panic.
    let sliding = "bagh-chal TGGGT/GGGGG/GGGGG/TTGGG/1GGGG G 0/0 0 40";
    // The table and one flag with a bad value.
    let one_with = |flag, value| vec!["tablebase", "placement", "--table", table, flag, value];
    for bad in [
        vec!["tablebase", "placement", "--moves", "@c3"],
        one_with("--position", sliding),
        one_with("--nodes", "many"),
        one_with("--record", "/nonexistent"),
        one_with("--hash-mb", "0"),
        one_with("--hash-mb", "lots"),
        // More memory than any machine has: refused, not an abort.
        one_with("--hash-mb", "1000000000000"),
        one_with("--moves", "@c3 @c4"),
        // Not a value the solver gives (between a draw and a goat taken).
        one_with("--at-least", "-5"),
        one_with("--at-least", "all"),
    ] {
        assert!(run_args(&bad).is_err(), "{bad:?} was accepted");
    }
}

/// The lines `tablebase labels` wrote, as (id, parent, side, value), after
/// checking the header and that each line has every feature.
fn label_rows(text: &str) -> Vec<(String, String, String, i32)> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let names = stronghold::ai::eval::FEATURE_NAMES;
    assert_eq!(header[..4], ["id", "parent", "side", "value"]);
    assert_eq!(header[5..], names[..]);
    // id,parent,side,value,"position",features...
    lines
        .map(|l| {
            let (head, rest) = l.split_once(",\"").unwrap();
            let f: Vec<&str> = head.split(',').collect();
            let features = rest.split_once("\",").unwrap().1;
            assert_eq!(features.split(',').count(), names.len(), "{l}");
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].to_string(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

/// `tablebase labels`: each position beside its moves, its value the best
/// of its moves' for the side to move (the goats' best placement, or the
/// tigers' best move with `--to-move tigers`), and the features the
/// placement evaluation weighs; bad input is an error.
#[test]
fn tablebase_labels_value_each_position_as_its_best_move() {
    let table = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/tablebase/bagh-chal.sctb"
    );
    let (dir, path) = scratch_file("labels", "labels.csv");
    let path_text = path.to_str().unwrap();
    for to_move in ["goats", "tigers"] {
        let args = [
            "tablebase",
            "labels",
            "--table",
            table,
            "--games",
            "4",
            "--in-hand",
            "3",
            "--seed",
            "5",
            "--to-move",
            to_move,
            "--out",
            path_text,
        ];
        run_args(&args).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let rows = label_rows(&text);
        let parents: Vec<_> = rows.iter().filter(|r| r.1.is_empty()).collect();
        assert!(!parents.is_empty(), "{text}");
        for (id, _, side, value) in parents {
            assert_eq!(side, to_move, "{text}");
            let children: Vec<i32> = rows.iter().filter(|r| &r.1 == id).map(|r| r.3).collect();
            assert!(!children.is_empty());
            // Values are the goats': they take the highest, the tigers the lowest.
            let best = if to_move == "goats" {
                children.iter().max()
            } else {
                children.iter().min()
            };
            assert_eq!(Some(value), best, "{to_move}, position {id}");
        }
        // The same seed gives the same lines.
        run_args(&args).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
    // One position, with one flag's value out of range.
    let one_with = |flag, value| {
        vec![
            "tablebase",
            "labels",
            "--table",
            table,
            "--games",
            "1",
            flag,
            value,
            "--out",
            path_text,
        ]
    };
    for bad in [
        one_with("--in-hand", "0"),
        one_with("--to-move", "geese"),
        vec!["tablebase", "labels", "--table", table, "--games", "1"],
        vec!["tablebase", "labels", "--table", table, "--out", path_text],
        vec!["tablebase", "labels", "--games", "1", "--out", path_text],
    ] {
        assert!(run_args(&bad).is_err(), "{bad:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_proves_a_late_fox_and_geese_position_and_names_the_winning_moves() {
    // Forty-four plies of a game between two Hard players; the fox to move.
    let moves = "d4-c4 a3-a4 c4-d4 a4-a5 d4-e4 f3-g4 e4-d5 c3-c4 d5-d6 d2-c3 d6-c5 e1-d2 \
                 c5-c6 b3-a4 c6-d5 c4-b5 d5-c4 g4-g5 c4-b3 g3-g4 b3-c4 b5-c6 c4-c5 c6-c7 \
                 c5-c4 a4-b5 c4-b4 b5-c6 b4-b5 c6-d7 b5-c4 g4-f5 c4-d4 f5-e6 d4-e5 e6-e7 \
                 e5-e4 c3-b4 e4-d4 e2-f3 d4-c3 d3-e4 c3xe1 f3-g4";
    let solve =
        |extra: &[&str]| run_args(&[&["solve", "fox-geese", "--moves", moves], extra].concat());
    let out = solve(&["--quiet"]).unwrap();
    assert_eq!(
        field(&out, "winner "),
        "the fox (with perfect play by both sides)"
    );
    let mut game = Game::new(Variant::new(GameId::named("fox-geese")));
    game.play_text(moves).unwrap();
    let winning: Vec<&str> = field(&out, "winning moves ").split(' ').collect();
    for mv in &winning {
        assert!(game.is_legal(&game.rules().parse_move(mv).unwrap()), "{mv}");
    }
    assert!(field(&out, "nodes ").parse::<u64>().unwrap() > 0);
    // The table's size changes the work, not the answer.
    let small = solve(&["--quiet", "--hash-mb", "1"]).unwrap();
    assert_eq!(
        field(&small, "winning moves "),
        field(&out, "winning moves ")
    );
    // Too small a budget is an answer withheld, not a guess.
    let err = solve(&["--quiet", "--nodes", "10"]).unwrap_err();
    assert!(err.contains("no proof within"), "{err}");
    for bad in [
        vec!["--hash-mb", "0"],
        vec!["--hash-mb", "lots"],
        vec!["--hash-mb", "1000000000000"],
        vec!["--nodes", "many"],
        vec!["--option", "sideways=on"],
    ] {
        assert!(solve(&bad).is_err(), "{bad:?} was accepted");
    }
    assert!(run_args(&["solve", "bagh-chal"]).is_err());
    // The fox in a corner of the top arm, one goose step from being
    // penned in: the geese win, and only by that step.
    let corner = "fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29";
    let out = run_args(&["solve", "fox-geese", "--position", corner, "--quiet"]).unwrap();
    assert_eq!(
        field(&out, "winner "),
        "the geese (with perfect play by both sides)"
    );
    assert_eq!(field(&out, "winning moves "), "e6-d7");
    assert!(
        Game::from_position_string(corner)
            .unwrap()
            .legal_moves()
            .len()
            > 1
    );
}

/// `solve --backwards`: the same winners and winning moves as the proof
/// search, each side winning once, and its own check against it.
#[test]
fn solve_backwards_answers_as_the_proof_search_does() {
    for (position, geese_wins) in [
        // The fox in a corner of the top arm: the geese win by e6-d7.
        ("fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29", "20 agree"),
        // Five geese, two still on the first rank: five geese never pen
        // the fox in, so there is no goose win to check.
        ("fox-geese 3/3/7/3F3/G5G/1G1/G1G G 0/0 0 5", "0 agree"),
    ] {
        let solve = |extra: &[&str]| {
            run_args(
                &[
                    &["solve", "fox-geese", "--position", position, "--quiet"],
                    extra,
                ]
                .concat(),
            )
        };
        let forward = solve(&[]).unwrap();
        let backwards = solve(&["--backwards", "--jobs", "2", "--check", "20"]).unwrap();
        for name in ["winner ", "winning moves "] {
            assert_eq!(field(&backwards, name), field(&forward, name), "{position}");
        }
        let games = field(&backwards, "check, positions of random games: ");
        assert!(games.starts_with("20 agree"), "{games}");
        let geese = field(&backwards, "check, random positions the geese win: ");
        assert!(geese.starts_with(geese_wins), "{geese}");
        assert!(!backwards.contains("DISAGREES"), "{backwards}");
    }
    let corner = "fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29";
    for bad in [
        vec!["--jobs", "0"],
        vec!["--jobs", "two"],
        vec!["--check", "some"],
        vec!["--seed", "x", "--check", "1"],
    ] {
        let args = [
            &["solve", "fox-geese", "--position", corner, "--backwards"],
            &bad[..],
        ]
        .concat();
        assert!(run_args(&args).is_err(), "{bad:?} was accepted");
    }
    let sideways = [
        "solve",
        "fox-geese",
        "--backwards",
        "--option",
        "sideways=on",
    ];
    assert!(run_args(&sideways).is_err());
    assert!(run_args(&["solve", "bagh-chal", "--backwards"]).is_err());
}

/// `solve --record FILE --after-ply N`: a line per recorded game.
#[test]
fn solve_proves_each_recorded_game_after_so_many_plies() {
    let (dir, path) = scratch_file("solve-record", "games.moves");
    let path_text = path.to_str().unwrap();
    // A game of four plies and one a capture from its end.
    let short = "selfplay game 1, hunters Hard, crowd Hard: d4-c4 a3-a4 c4-d4 a4-a5";
    let long = "selfplay game 2, hunters Hard, crowd Hard: d4-c4 a3-a4 c4-d4 a4-a5 d4-e4 \
                f3-g4 e4-d5 c3-c4 d5-d6 d2-c3 d6-c5 e1-d2 c5-c6 b3-a4 c6-d5 c4-b5 d5-c4 \
                g4-g5 c4-b3 g3-g4 b3-c4 b5-c6 c4-c5 c6-c7 c5-c4 a4-b5 c4-b4 b5-c6 b4-b5 \
                c6-d7 b5-c4 g4-f5 c4-d4 f5-e6 d4-e5 e6-e7 e5-e4 c3-b4 e4-d4 e2-f3 d4-c3 \
                d3-e4 c3xe1 f3-g4";
    std::fs::write(&path, format!("{short}\n{long}\n")).unwrap();
    let solve = |extra: &[&str]| {
        run_args(
            &[
                &["solve", "fox-geese", "--record", path_text, "--quiet"],
                extra,
            ]
            .concat(),
        )
    };
    let out = solve(&["--after-ply", "44"]).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        lines[0],
        "game 1 (selfplay game 1, hunters Hard, crowd Hard) after ply 44: only 4 plies recorded"
    );
    assert!(
        lines[1].starts_with(
            "game 2 (selfplay game 2, hunters Hard, crowd Hard) after ply 44: the fox wins ("
        ),
        "{out}"
    );
    // A budget too small withholds the answer, game by game.
    let out = solve(&["--after-ply", "44", "--nodes", "10"]).unwrap();
    assert!(
        out.lines().nth(1).unwrap().contains("no proof within"),
        "{out}"
    );
    // Bad input: no ply, a bad ply, a move the rules refuse (with its line).
    assert!(solve(&[]).is_err());
    assert!(solve(&["--after-ply", "soon"]).is_err());
    std::fs::write(&path, "game 1: d4-c4 a3-a2\n").unwrap();
    let err = solve(&["--after-ply", "10"]).unwrap_err();
    assert!(err.contains("games.moves:1"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
