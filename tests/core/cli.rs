//! The command-line tool, run as a process.

use std::path::Path;
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stronghold-cli"))
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_prints_the_total_as_the_last_line() {
    let o = cli(&["perft", "pirates", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("388"));
    let o = cli(&["perft", "fox-geese", "3", "--option", "geese=17"]);
    assert_eq!(stdout(&o).trim(), "498");
    let o = cli(&[
        "perft",
        "pirates",
        "4",
        "--option",
        "compulsory=off",
        "--option",
        "retreat=on",
    ]);
    assert!(o.status.success());
}

#[test]
fn perft_divide_lists_each_root_move() {
    let o = cli(&["perft", "bagh-chal", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22);
    assert_eq!(lines[21], "252");
    let sum: u64 = lines[..21]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 252);
    assert!(lines.iter().any(|l| l.starts_with("@c3 ")));
}

#[test]
fn perft_after_moves_counts_from_there() {
    // Officers on d6 and c6 leave c5, d5, e5 open: the nine rebel moves of
    // the Pirates opening.
    let o = cli(&["perft", "asalto", "1", "--moves", "@d6 @c6"]);
    assert_eq!(stdout(&o).trim(), "9");
    // An officer on d5 blocks d4-d5 and leaves eight.
    let o = cli(&["perft", "asalto", "1", "--moves", "@d5 @c6"]);
    assert_eq!(stdout(&o).trim(), "8");
}

#[test]
fn an_illegal_move_exits_non_zero_naming_it_and_listing_legal_moves() {
    let o = cli(&["perft", "pirates", "2", "--moves", "d4-d5 c6-c8"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("c6-c8") && err.contains("move 2"), "{err}");
    let o = cli(&["perft", "pirates", "2", "--moves", "d4-d5 d5-d4"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("legal moves: c6-c5 c6-c7"), "{err}");
}

#[test]
fn bad_arguments_get_clear_errors() {
    for args in [
        &["perft", "chess", "2"][..],
        &["perft", "pirates", "two"],
        &["perft", "pirates", "2", "--option", "geese=15"],
        &["perft", "pirates", "2", "--option", "retreat"],
        &["perft", "pirates"],
        &["show", "pirates", "--position", "pirates 3/P1P"],
        &["dance"],
        &[],
    ] {
        let o = cli(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn show_prints_board_state_and_position_string() {
    let o = cli(&["show", "bagh-chal", "--moves", "@c3 a1-b2"]);
    let out = stdout(&o);
    assert!(out.contains("to move: goats"), "{out}");
    assert!(
        out.contains("position: bagh-chal,quiet-limit=on T3T/5/2G2/1T3/4T G 0/19 0 2"),
        "{out}"
    );
    assert!(out.contains("legal moves (20)"), "{out}");
    // A position string shows the same thing.
    let o = cli(&[
        "show",
        "bagh-chal",
        "--position",
        "bagh-chal T3T/5/2G2/1T3/4T G 0/19 0 2",
    ]);
    assert!(stdout(&o).contains("legal moves (20)"));
}

#[test]
fn help_prints_the_usage_and_succeeds_also_after_a_command() {
    // Alone: every command, a line each.
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let o = cli(args);
        assert!(o.status.success(), "{args:?} exits 0");
        let out = stdout(&o);
        assert!(
            out.contains("Usage: stronghold-cli <COMMAND>"),
            "{args:?}: {out}"
        );
        for command in [
            "perft",
            "show",
            "bestmove",
            "selfplay",
            "match",
            "solve",
            "tablebase",
            "online",
            "analyse",
            "puzzles",
            "completions",
        ] {
            let line = format!("\n  {command} ");
            assert!(out.contains(&line), "{args:?} lacks {command}: {out}");
        }
        assert!(o.stderr.is_empty(), "{args:?} writes no error");
    }
    // A command it does not know is an error, with the nearest one.
    let o = cli(&["prft", "pirates", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a similar subcommand exists: 'perft'"),
        "{}",
        stderr(&o)
    );
    let o = cli(&["perft", "pirates", "3", "--divde"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a similar argument exists: '--divide'"),
        "{}",
        stderr(&o)
    );
    // After a command (even a half-typed one), that command's usage.
    for (args, command) in [
        (&["perft", "--help"][..], "perft"),
        (&["show", "-h"], "show"),
        (&["bestmove", "bagh-chal", "-h"], "bestmove"),
        (&["selfplay", "--games", "--help"], "selfplay"),
        (&["match", "--help"], "match"),
        (&["solve", "-h"], "solve"),
        (&["tablebase", "build", "--help"], "tablebase"),
        (&["online", "--help"], "online"),
        (&["help", "match"], "match"),
        (&["match", "--a", "--help"], "match"),
        (&["analyse", "-h"], "analyse"),
        (&["puzzles", "list", "--help"], "puzzles"),
    ] {
        let o = cli(args);
        assert!(o.status.success(), "{args:?} exits 0");
        let out = stdout(&o);
        assert!(
            out.contains(&format!("Usage: stronghold-cli {command} ")),
            "{args:?}: {out}"
        );
        assert!(
            !out.contains("stronghold-cli perft") || command == "perft",
            "{args:?}: {out}"
        );
        assert!(
            out.contains("LEVEL is beginner"),
            "{args:?} explains the words: {out}"
        );
        assert!(o.stderr.is_empty(), "{args:?} writes no error");
    }
    // Without a command the usage is an error (exit 2), not a success.
    let o = cli(&[]);
    assert_eq!(o.status.code(), Some(2));
}

/// `completions bash` writes a script bash loads, which completes the
/// commands.
#[test]
fn bash_completions_load_and_complete_the_commands() {
    let o = cli(&["completions", "bash"]);
    assert!(o.status.success());
    let dir = tempfile::tempdir().expect("a temporary folder");
    let script = dir.path().join("stronghold-cli.bash");
    std::fs::write(&script, &o.stdout).expect("the script written");
    let probe = format!(
        "source '{}' && COMP_WORDS=(stronghold-cli ma) && COMP_CWORD=1 && \
         _stronghold__cli stronghold-cli ma stronghold-cli && echo \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let bash = std::process::Command::new("bash")
        .args(["--norc", "-c", &probe])
        .output()
        .expect("bash runs");
    assert!(
        bash.status.success(),
        "{}",
        String::from_utf8_lossy(&bash.stderr)
    );
    let completed = String::from_utf8_lossy(&bash.stdout);
    assert!(
        completed.split_whitespace().any(|w| w == "match"),
        "{completed}"
    );
}

#[test]
#[cfg(not(feature = "online"))]
fn online_says_it_needs_its_feature() {
    let o = cli(&[
        "online",
        "--server",
        "127.0.0.1:1",
        "--join",
        "x",
        "--level",
        "easy",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("`online` feature"), "{err}");
}

#[test]
#[cfg(feature = "online")]
fn online_refuses_incomplete_or_contradictory_flags() {
    for (args, says) in [
        (
            &["online", "--join", "x", "--level", "easy"][..],
            "--server",
        ),
        (&["online", "--server", "h:1", "--join", "x"], "--level"),
        (&["online", "--server", "h:1", "--level", "easy"], "one of"),
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--join", "x", "--seek", "pirates",
            ],
            "one of",
        ),
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--anyone", "pirates", "--side",
                "crowd",
            ],
            "anyone's sides are drawn",
        ),
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--join", "x", "--games", "3",
            ],
            "--games goes with --seek",
        ),
        (
            &["online", "--server", "h:1", "--seek", "pirates"],
            "--level",
        ),
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--join", "x", "--side", "crowd",
            ],
            "creator",
        ),
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--create", "chess",
            ],
            "unknown game",
        ),
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--create", "pirates", "--side",
                "fox",
            ],
            "--side",
        ),
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--create", "pirates", "--clock",
                "5",
            ],
            "clock",
        ),
        // Any game, but only with options it has, and values they take.
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--anyone", "kaooa", "--option",
                "geese=15",
            ],
            "unknown option `geese` for kaooa",
        ),
        (
            &[
                "online",
                "--server",
                "h:1",
                "--level",
                "easy",
                "--seek",
                "fox-geese",
                "--option",
                "geese=14",
            ],
            "expected 13, 15 or 17",
        ),
        (
            &[
                "online",
                "--server",
                "h:1",
                "--level",
                "easy",
                "--create",
                "bagh-chal",
                "--option",
                "retreat=on",
            ],
            "unknown option `retreat` for bagh-chal (known: quiet-limit)",
        ),
        (
            &[
                "online", "--server", "h:1", "--level", "easy", "--anyone", "la-yagua", "--option",
                "on",
            ],
            "not KEY=VALUE",
        ),
        (
            &[
                "online",
                "--server",
                "h:1",
                "--level",
                "easy",
                "--create",
                "kaooa",
                "--game-file",
                "assets/games/kaooa.game.ron",
            ],
            "built-in games only",
        ),
        (
            &[
                "online",
                "--server",
                "h:1",
                "--watch",
                "x",
                "--resign-after",
                "4",
            ],
            "a spectator does not resign",
        ),
        (
            &[
                "online",
                "--server",
                "h:1",
                "--level",
                "easy",
                "--create",
                "adugo",
                "--resign-after",
                "four",
            ],
            "--resign-after must be a whole number",
        ),
    ] {
        let o = cli(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `online`'s usage says how to pick every game and each of its options.
#[test]
#[cfg(feature = "online")]
fn online_usage_names_every_game_and_option() {
    let o = cli(&["online", "--help"]);
    assert!(o.status.success());
    // The words, as they are wrapped into lines.
    let out = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    for game in stronghold::rules::GameId::built_in() {
        assert!(out.contains(&format!(" {game}")), "{game}: {out}");
        for option in &game.file().options {
            let values = option.values.join("|");
            assert!(out.contains(&format!("{}={values}", option.key)), "{out}");
        }
    }
    assert!(out.contains("--anyone GAME [--option ...]"), "{out}");
    assert!(out.contains("--resign-after N"), "{out}");
}

/// The command-line tool run from `folder` with `args` (split at spaces)
/// and a `--position`, if any, and the assets folder `STRONGHOLD_ASSETS`
/// names (or, with `None`, found as usual).
fn cli_in(folder: &Path, assets: Option<&Path>, args: &str, position: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_stronghold-cli"));
    command.args(args.split(' ')).current_dir(folder);
    if let Some(position) = position {
        command.args(["--position", position]);
    }
    match assets {
        Some(path) => command.env("STRONGHOLD_ASSETS", path),
        None => command.env_remove("STRONGHOLD_ASSETS"),
    };
    command.output().expect("runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A sliding-phase position that Master holds to a draw only with the
/// Bagh-Chal table (c3-d3); without it, it plays d2-d3 and loses in 18.
const TABLE_POSITION: &str = "bagh-chal,quiet-limit=on GGGGG/GTGGG/GGT2/TGGTG/GGGGG T 0/0 1 39";

#[test]
fn bestmove_finds_the_table_from_any_folder() {
    let elsewhere = tempfile::tempdir().unwrap();
    let args = "bestmove bagh-chal --level master";
    let o = cli_in(elsewhere.path(), None, args, Some(TABLE_POSITION));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("bestmove c3-d3\n"), "{}", stdout(&o));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
}

#[test]
fn a_missing_table_is_said_once_and_the_game_goes_on() {
    let empty = tempfile::tempdir().unwrap();
    let missing = |args: &str, position: Option<&str>| {
        let o = cli_in(empty.path(), Some(empty.path()), args, position);
        assert!(o.status.success(), "{args}: {}", stderr(&o));
        stderr(&o)
    };
    let err = missing(
        "bestmove bagh-chal --level master --time-ms 200",
        Some(TABLE_POSITION),
    );
    let note = "the Bagh-Chal table was not found";
    assert_eq!(err.matches(note).count(), 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let looked = empty.path().display().to_string();
    assert!(err.contains(&looked), "names where it looked: {err}");
    // A match says it once, not once per game.
    let err = missing(
        "match bagh-chal --a hard --b easy --pairs 1 --jobs 2 --time-scale 0.02 --quiet",
        None,
    );
    assert_eq!(err.matches(note).count(), 1, "{err}");
    // Levels that never read the table hear nothing of it.
    let err = missing(
        "selfplay bagh-chal --games 1 --hunters beginner --crowd beginner",
        None,
    );
    assert!(err.is_empty(), "{err}");
}

/// The repository's root: where the shipped table is found without help.
fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The three commands that play, on Bagh-Chal without the quiet limit,
/// quickly, with Hard on one side (a level that reads the table).
fn without_quiet_limit(extra: &str) -> [String; 3] {
    [
        "bestmove bagh-chal --level hard --time-ms 100",
        "selfplay bagh-chal --games 1 --hunters hard --crowd beginner --time-scale 0.02",
        "match bagh-chal --a hard --b beginner --pairs 1 --jobs 2 --time-scale 0.02 --quiet",
    ]
    .map(|args| format!("{args} --option quiet-limit=off{extra}"))
}

#[test]
fn the_shipped_table_is_left_out_where_it_does_not_fit() {
    for args in without_quiet_limit("") {
        let o = cli_in(repository(), None, &args, None);
        let err = stderr(&o);
        assert!(o.status.success(), "{args}: {err}");
        let note = "the shipped Bagh-Chal table";
        assert_eq!(err.matches(note).count(), 1, "{args}: {err}");
        assert!(err.contains("is not for these rules"), "{args}: {err}");
        assert!(err.contains("playing without it"), "{args}: {err}");
        assert_eq!(err.lines().count(), 1, "{args}: {err}");
        let out = stdout(&o);
        let result = ["bestmove ", "mean plies ", "verdict: "];
        assert!(result.iter().any(|r| out.contains(r)), "{args}: {out}");
    }
}

#[test]
fn a_named_table_that_does_not_fit_is_an_error() {
    let table = repository().join("assets/tablebase/bagh-chal.sctb");
    let table = table.to_str().unwrap();
    assert!(!table.contains(' '), "the arguments are split at spaces");
    for args in without_quiet_limit(&format!(" --table {table}")) {
        let o = cli_in(repository(), None, &args, None);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args}: {err}");
        let why = format!("{table} is not for these rules");
        assert!(err.contains(&why), "{args}: {err}");
        assert!(err.contains("these rules have none"), "{args}: {err}");
        assert!(o.stdout.is_empty(), "{args} plays nothing");
    }
}

/// The grades `analyse` prints.
const GRADES: [&str; 5] = ["best", "good", "inaccuracy", "mistake", "blunder"];

#[test]
fn analyse_prints_a_line_per_ply_then_each_sides_summary() {
    let moves = "@c1 a5-b4 @c5 e5-e4 @c3 b4-b3 @b5";
    let o = cli(&[
        "analyse",
        "bagh-chal",
        "--moves",
        moves,
        "--level",
        "beginner",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let played: Vec<&str> = moves.split(' ').collect();
    assert_eq!(lines.len(), played.len() + 2, "{out}");
    for (n, (line, mv)) in lines.iter().zip(&played).enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[..3], ["ply", &(n + 1).to_string(), mv], "{line}");
        assert!(GRADES.contains(&words[3]), "{line}");
        assert_eq!(
            (words[4], words[6], words[8]),
            ("before", "after", "best"),
            "{line}"
        );
        let score =
            |w: &str| w.parse::<f64>().is_ok() || w.starts_with("win") || w.starts_with("loss");
        assert!(score(words[5]) && score(words[7]), "{line}");
    }
    // @c3 puts a goat where the tigers take it: not a good move.
    let c3 = lines[4].split(' ').nth(3).unwrap();
    assert!(
        ["inaccuracy", "mistake", "blunder"].contains(&c3),
        "{}",
        lines[4]
    );
    for (line, side) in lines[played.len()..].iter().zip(["hunters", "crowd"]) {
        assert!(
            line.starts_with(&format!("side {side} accuracy ")),
            "{line}"
        );
    }
    // Progress went to stderr.
    assert!(String::from_utf8_lossy(&o.stderr).contains("analyse: "));
    let quiet = cli(&[
        "analyse",
        "bagh-chal",
        "--moves",
        moves,
        "--level",
        "beginner",
        "--quiet",
    ]);
    assert!(quiet.stderr.is_empty() && stdout(&quiet) == out);
}

#[test]
fn analyse_gives_the_tables_verdict_in_the_sliding_phase() {
    // The tigers' capture is their one move that keeps the draw (every
    // other loses: a puzzle of the shipped set).
    let position = "bagh-chal GGGG1/GGGTG/GTGGG/GGGGT/GGTG1 T 0/0 19 41";
    let analyse = |mv: &str| {
        let o = cli(&[
            "analyse",
            "bagh-chal",
            "--position",
            position,
            "--moves",
            mv,
            "--level",
            "beginner",
            "--quiet",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o).lines().next().unwrap().to_string()
    };
    // The verdict, then the engine's line: the best move first.
    let split = |text: &str| {
        let (judged, line) = text.split_once(" line ").expect("the engine's line");
        let best = judged
            .rsplit(" best ")
            .next()
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        assert_eq!(line.split(' ').next(), Some(best), "{text}");
        judged.to_string()
    };
    let kept = split(&analyse("c1xe1"));
    assert!(
        kept.ends_with(" exact table (no-repeat rule aside): keeps the draw"),
        "{kept}"
    );
    let thrown = split(&analyse("e2-e1"));
    assert!(
        thrown.contains(" blunder ")
            && thrown.ends_with(" exact table (no-repeat rule aside): threw away the draw"),
        "{thrown}"
    );
}

#[test]
fn puzzles_list_prints_a_position_a_tab_and_the_line() {
    for game in ["bagh-chal", "fox-geese", "pirates", "asalto"] {
        let o = cli(&["puzzles", "list", game]);
        assert!(
            o.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let out = stdout(&o);
        assert!(out.lines().count() > 0, "{game}");
        for line in out.lines() {
            let (position, moves) = line.split_once('\t').expect("a tab");
            assert!(position.starts_with(game), "{line}");
            let mut g = stronghold::rules::Game::from_position_string(position).expect(line);
            g.play_text(moves).expect(line);
        }
    }
    let o = cli(&["puzzles", "list", "chess"]);
    assert!(!o.status.success());
}

/// A solved game's harvest (no games to play: every position its start
/// reaches) writes a set that `puzzles check` proves and `puzzles list`
/// lists; a broken set is refused with the file and the reason, without a
/// panic, and so is another game's.
#[test]
fn a_solved_games_harvest_is_checked_and_listed_and_a_broken_set_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("jeu-militaire.ron");
    let file = file.to_str().unwrap();
    let o = cli(&[
        "puzzles",
        "harvest",
        "jeu-militaire",
        "--keep",
        "12",
        "--out",
        file,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).ends_with(&format!("12 written to {file}\n")),
        "{}",
        stdout(&o)
    );
    let o = cli(&["puzzles", "check", "jeu-militaire", "--file", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "12 puzzles checked: each answer is the only one\n"
    );
    let o = cli(&["puzzles", "list", "jeu-militaire", "--file", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 12);
    let o = cli(&["puzzles", "list", "kaooa", "--file", file]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("holds puzzles for jeu-militaire, not kaooa"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(file).unwrap();
    std::fs::write(file, text.replacen("proof: Solved", "proof: Guessed", 1)).unwrap();
    let o = cli(&["puzzles", "list", "jeu-militaire", "--file", file]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a puzzle set"), "{}", stderr(&o));
    assert!(stderr(&o).contains("Guessed"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

/// The hunt family's games take the commands the four take, on the same
/// path: a position string, the backward solve from a position, an option
/// the game does not have, and their puzzle sets (in the one format)
/// listed as position strings with their lines.
#[test]
fn family_games_take_every_command() {
    let o = cli(&[
        "bestmove",
        "komikan",
        "--position",
        "komikan D3D/5/3/5/5/5/5/P4 P 0/0 0 14",
        "--depth",
        "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Every move leaves the dogs without one: a draw, half a piece a dog
    // taken for the lion.
    assert!(stdout(&o).contains("score +500 "), "{}", stdout(&o));
    let o = cli(&["solve", "kaooa", "--moves", "@e5 @a4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("Kaooa (chain=on): the crows win with perfect play, in "),
        "{}",
        stdout(&o)
    );
    let o = cli(&["perft", "kaooa", "2", "--option", "geese=15"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown option `geese` for kaooa (known: chain)"),
        "{}",
        stderr(&o)
    );
    for game in stronghold::rules::GameId::built_in().skip(4) {
        let o = cli(&["puzzles", "list", game.id()]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.lines().count() > 0, "{game}");
        for line in out.lines() {
            let (position, moves) = line.split_once('\t').expect("a tab");
            assert!(position.starts_with(game.id()), "{line}");
            let mut g = stronghold::rules::Game::from_position_string(position).expect(line);
            for text in moves.split_whitespace() {
                let mv = g.parse_move(text).expect(line);
                g.play(&mv).expect(line);
            }
        }
    }
}

/// Every game has options, and `show GAME --option KEY=VALUE` takes each
/// value of each: the title and the position string carry it, and the
/// options line lists every key with its values.
#[test]
fn show_takes_every_option_of_every_game() {
    for game in stronghold::rules::GameId::built_in() {
        let options = &game.file().options;
        assert!(!options.is_empty(), "{game} has no options");
        let listed: Vec<String> = options
            .iter()
            .map(|o| format!("{}={}", o.key, o.values.join("|")))
            .collect();
        for option in options {
            for value in &option.values {
                let chosen = format!("{}={value}", option.key);
                let o = cli(&["show", game.id(), "--option", &chosen]);
                assert!(o.status.success(), "{game} {chosen}: {}", stderr(&o));
                let out = stdout(&o);
                let mut lines = out.lines();
                let title = lines.next().unwrap_or_default();
                assert!(title.contains(&chosen), "{game} {chosen}: {out}");
                assert_eq!(
                    lines.next(),
                    Some(format!("options: {}", listed.join(", ")).as_str()),
                    "{game}"
                );
                let position = out
                    .lines()
                    .find_map(|l| l.strip_prefix("position: "))
                    .expect("a position line");
                let (variant, _) = position.split_once(' ').expect("fields");
                assert!(
                    variant.starts_with(&format!("{game},"))
                        && variant.split(',').any(|o| o == chosen),
                    "{game} {chosen}: {position}"
                );
            }
        }
    }
}
