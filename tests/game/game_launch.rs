//! The game binary's command line: `--help` prints every flag and exits 0;
//! naming a game starts playing at once, no flags open the main menu.

use std::process::Command;

use bevy::prelude::*;
use stronghold::game::board::skin::ActiveSkin;
use stronghold::game::board::view::BoardLayout;
use stronghold::game::common::screens::{RulesWindow, Screen};
use stronghold::game::play::match_state::Match;
use stronghold::game::shell::launch::{Launch, LaunchOptions, LaunchPlugin};
use stronghold::game::shell::persist::Persistence;
use stronghold::game::{GamePlugin, headless_base};
use stronghold::rules::GameKind;

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

/// The launch enters the app through one plugin, and the game's plugins
/// neither care which comes first nor read the match while they are built.
#[test]
fn the_launch_plugin_works_added_before_or_after_the_game() {
    let options = parse(&[
        "--game", "asalto", "--flip", "--moves", "@d6", "--rules", "asalto",
    ])
    .unwrap();
    let launch = Launch::new(options, Persistence::off()).unwrap();
    for launch_first in [true, false] {
        let mut app = headless_base("assets");
        if launch_first {
            app.add_plugins((LaunchPlugin(launch.clone()), GamePlugin));
        } else {
            app.add_plugins((GamePlugin, LaunchPlugin(launch.clone())));
        }
        app.update();
        let world = app.world();
        let the_match = world.resource::<Match>();
        assert_eq!(
            the_match.kind(),
            GameKind::Asalto,
            "launch first: {launch_first}"
        );
        assert_eq!(the_match.game().ply(), 1, "launch first: {launch_first}");
        assert!(world.resource::<BoardLayout>().flipped);
        assert_eq!(world.resource::<State<Screen>>().get(), &Screen::Game);
        assert_eq!(
            *world.resource::<RulesWindow>(),
            RulesWindow::showing(GameKind::Asalto)
        );
        // The first look is the game's own: built in until its skin file loads.
        let skin = world.resource::<ActiveSkin>();
        assert!(
            *skin == ActiveSkin::builtin(GameKind::Asalto) || skin.name == "officers-rebels",
            "launch first: {launch_first}: {}",
            skin.name
        );
    }
}
