//! The game binary's command line: `--help` prints every flag and exits 0;
//! naming a game starts playing at once, no flags open the main menu.

use std::process::Command;

use stronghold::game::launch::LaunchOptions;

fn parse(args: &[&str]) -> Result<LaunchOptions, String> {
    LaunchOptions::parse(args.iter().map(|s| s.to_string()))
}

#[test]
fn help_lists_the_flags_and_exits_zero() {
    for flag in ["--help", "-h"] {
        let out = Command::new(env!("CARGO_BIN_EXE_stronghold"))
            .arg(flag)
            .output()
            .expect("the game binary runs");
        assert!(out.status.success(), "{flag}: {:?}", out.status);
        let text = String::from_utf8_lossy(&out.stdout);
        for listed in [
            "--game",
            "--option",
            "--hunters",
            "--crowd",
            "--moves",
            "--flip",
        ] {
            assert!(
                text.contains(listed),
                "{flag} does not list {listed}:\n{text}"
            );
        }
    }
}

#[test]
fn a_named_game_starts_at_once_and_no_flags_open_the_menu() {
    assert!(!parse(&[]).unwrap().start_in_game);
    assert!(!parse(&["--flip"]).unwrap().start_in_game);
    assert!(parse(&["--game", "asalto"]).unwrap().start_in_game);
    assert!(parse(&["--hunters", "master"]).unwrap().start_in_game);
}

#[test]
fn bad_flags_are_refused_with_a_reason() {
    let err = parse(&["--game", "chess"]).unwrap_err();
    assert!(err.contains("chess"), "{err}");
    let err = parse(&["--hunters"]).unwrap_err();
    assert!(err.contains("needs a value"), "{err}");
    assert!(parse(&["--bogus"]).unwrap_err().contains("--bogus"));
}
