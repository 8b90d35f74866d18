//! The command-line tool, run as a process.

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
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["perft", "--help"],
        &["bestmove", "bagh-chal", "-h"],
        &["match", "--help"],
    ] {
        let o = cli(args);
        assert!(o.status.success(), "{args:?} exits 0");
        let out = stdout(&o);
        assert!(
            out.starts_with("usage:"),
            "{args:?} prints the usage: {out}"
        );
        assert!(out.contains("stronghold-cli perft GAME DEPTH"), "{args:?}");
        assert!(o.stderr.is_empty(), "{args:?} writes no error");
    }
    // Without a command the usage is an error (exit 2), not a success.
    let o = cli(&[]);
    assert_eq!(o.status.code(), Some(2));
}
