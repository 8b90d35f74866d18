//! The game binary's command line: `--help` prints every flag and exits 0;
//! naming a game starts playing at once, no flags open the main menu.

use std::process::Command;

use bevy::prelude::*;
use stronghold::game::board::skin::ActiveSkin;
use stronghold::game::board::view::BoardLayout;
use stronghold::game::common::screens::{RulesWindow, Screen};
use stronghold::game::play::match_state::Match;
use stronghold::game::shell::launch::{Launch, LaunchError, LaunchOptions, LaunchPlugin};
use stronghold::game::shell::persist::Persistence;
use stronghold::game::{GamePlugin, headless_base};
use stronghold::rules::GameId;

fn parse(args: &[&str]) -> Result<LaunchOptions, String> {
    LaunchOptions::parse(args.iter().map(|s| s.to_string())).map_err(|e| e.to_string())
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
    // A misspelt flag names the nearest (clap's suggestion).
    let err = parse(&["--hunter", "easy"]).unwrap_err();
    assert!(
        err.contains("--hunter") && err.contains("--hunters"),
        "{err}"
    );
    let err = parse(&["--text-size", "250"]).unwrap_err();
    assert!(err.contains("100 to 200"), "{err}");
}

/// `--text-size 150` is the text size for this run, over the saved one;
/// the web page's `?text-size=150` is the same flag.
#[test]
fn the_text_size_flag_sets_the_runs_text_size() {
    let options = parse(&["--text-size", "150"]).unwrap();
    assert_eq!(options.text_size, Some(1.5));
    let launch = Launch::new(options, Persistence::off()).unwrap();
    let mut app = headless_base("assets");
    app.add_plugins(LaunchPlugin(launch));
    let settings = app
        .world()
        .resource::<stronghold::game::common::settings::Settings>();
    assert_eq!(settings.text_size, 1.5);
    let args = stronghold::game::shell::web::query_to_args("?text-size=120&game=kaooa").unwrap();
    let from_page = LaunchOptions::parse(args).unwrap();
    assert_eq!(from_page.text_size, Some(1.2));
    assert!(from_page.start_in_game);
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
            GameId::named("asalto"),
            "launch first: {launch_first}"
        );
        assert_eq!(the_match.game().ply(), 1, "launch first: {launch_first}");
        assert!(world.resource::<BoardLayout>().flipped);
        assert_eq!(world.resource::<State<Screen>>().get(), &Screen::Game);
        assert_eq!(
            *world.resource::<RulesWindow>(),
            RulesWindow::showing(GameId::named("asalto"))
        );
        // The first look is the game's own: built in until its skin file loads.
        let skin = world.resource::<ActiveSkin>();
        assert!(
            *skin == ActiveSkin::builtin(GameId::named("asalto")) || skin.name == "officers-rebels",
            "launch first: {launch_first}: {}",
            skin.name
        );
    }
}

/// `--game` names any game, and `--game-file` reads one from anywhere: the
/// game opens on the board like every other, with the `--moves` played.
#[test]
fn any_game_by_name_or_by_file_opens_on_the_board() {
    let path =
        std::env::temp_dir().join(format!("stronghold-launch-{}.game.ron", std::process::id()));
    std::fs::write(
        &path,
        std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/games/haretavl.game.ron"
        ))
        .unwrap(),
    )
    .unwrap();
    let from_file = ["--game-file", path.to_str().unwrap()];
    for (args, id) in [
        (&["--game", "kaooa"][..], "kaooa"),
        (&from_file[..], "haretavl"),
    ] {
        let mut args = args.to_vec();
        args.extend(["--hunters", "human", "--crowd", "human"]);
        let options = parse(&args).unwrap();
        assert!(options.start_in_game);
        let launch = Launch::new(options, Persistence::off()).unwrap();
        let mut app = headless_base("assets");
        app.add_plugins((GamePlugin, LaunchPlugin(launch)));
        app.update();
        let world = app.world();
        assert_eq!(
            world.resource::<State<Screen>>().get(),
            &Screen::Game,
            "{id}"
        );
        let the_match = world.resource::<Match>();
        assert_eq!(the_match.kind().id(), id);
        assert_eq!(the_match.game().ply(), 0);
    }
    // With moves: each is played; a bad one refuses the launch.
    let options = parse(&["--game", "kaooa", "--moves", "@d4 @c3"]).unwrap();
    let launch = Launch::new(options, Persistence::off()).unwrap();
    let mut app = headless_base("assets");
    app.add_plugins((GamePlugin, LaunchPlugin(launch)));
    app.update();
    assert_eq!(app.world().resource::<Match>().game().ply(), 2);
    let options = parse(&["--game", "kaooa", "--moves", "@d4 @d4"]).unwrap();
    let err = Launch::new(options, Persistence::off())
        .err()
        .expect("refused");
    assert!(matches!(err, LaunchError::BadMoves(_)), "{err:?}");
    std::fs::remove_file(&path).ok();
}

/// A broken game file is refused with its file, line, column and reason;
/// a missing one with the system's reason.
#[test]
fn a_broken_game_file_is_refused_with_where_and_why() {
    let path =
        std::env::temp_dir().join(format!("stronghold-broken-{}.game.ron", std::process::id()));
    let text = GameId::named("kaooa")
        .built_in_text()
        .expect("built in")
        .replacen("lines: [", "lines: [\n            \"q9 e5\",", 1);
    std::fs::write(&path, text).unwrap();
    let err = parse(&["--game-file", path.to_str().unwrap()]).unwrap_err();
    let name = path.to_str().unwrap();
    assert!(err.starts_with(&format!("{name}:")), "{err}");
    assert!(err.contains("`q9`"), "{err}");
    let err = parse(&["--game-file", "/no/such/file.game.ron"]).unwrap_err();
    assert!(err.contains("/no/such/file.game.ron"), "{err}");
    std::fs::remove_file(&path).ok();
    assert_eq!(
        parse(&["--rules", "kaooa"]).unwrap().rules,
        Some(GameId::named("kaooa"))
    );
}

/// The game refuses a broken `--game-file` in the player's language.
#[test]
fn the_game_refuses_a_broken_game_file_in_russian() {
    let path = std::env::temp_dir().join(format!("stronghold-ru-{}.game.ron", std::process::id()));
    let text = GameId::named("kaooa")
        .built_in_text()
        .expect("built in")
        .replacen("lines: [", "lines: [\n            \"q9 e5\",", 1);
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_stronghold"))
        .args(["--game-file", path.to_str().unwrap(), "--language", "ru"])
        .env(
            "STRONGHOLD_ASSETS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/assets"),
        )
        .output()
        .expect("the game binary runs");
    std::fs::remove_file(&path).ok();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("строка") && err.contains("«q9»"), "{err}");
    assert!(
        !err.contains("column") && !err.contains("panicked"),
        "{err}"
    );
    // A bad option and a bad move are refused in Russian too.
    for (args, expected) in [
        (&["--option", "retreat=maybe"][..], "«maybe»"),
        (&["--moves", "c3-c9"][..], "ходы для начала"),
        (&["--game", "kaooa", "--moves", "@d4 @d4"][..], "«@d4»"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_stronghold"))
            .args(args)
            .args(["--language", "ru"])
            .env(
                "STRONGHOLD_ASSETS",
                concat!(env!("CARGO_MANIFEST_DIR"), "/assets"),
            )
            .output()
            .expect("the game binary runs");
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("move") && !err.contains("panicked"), "{err}");
    }
}
