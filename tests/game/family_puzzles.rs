//! Puzzles of a hunt-family game in the headless app: a puzzle takes the
//! family board (the game there is put aside and comes back), a legal move
//! other than the answer is refused and counted, the hint shows the
//! answer, a right answer brings the line's reply, the last answer solves
//! it; every shipped set loads as an asset and each of its puzzles plays.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use stronghold::coach::family_puzzle::{FamilyPuzzle, FamilyPuzzleSet};
use stronghold::game::common::puzzle_progress::family_key;
use stronghold::game::common::settings::Settings;
use stronghold::game::headless_app;
use stronghold::game::play::family::{FamilyIntent, FamilyMatch, FamilyPlay};
use stronghold::game::play::family_puzzle::{
    FamilyPuzzleCommand, FamilyPuzzleLibrary, FamilyPuzzleSession, FamilyPuzzleSetAsset,
    FamilyPuzzleStatus, family_puzzle_id, next_family_puzzle,
};
use stronghold::game::play::match_state::Player;
use stronghold::rules::family::{self, HuntMove, Ruleset};

fn kaooa() -> Arc<Ruleset> {
    family::built_in("kaooa").expect("kaooa is built in")
}

/// The shipped set of a game, read from the file.
fn shipped(id: &str) -> FamilyPuzzleSet {
    let path = format!(
        "{}/assets/{}",
        env!("CARGO_MANIFEST_DIR"),
        FamilyPuzzleSet::asset_path(id)
    );
    FamilyPuzzleSet::from_ron(&std::fs::read_to_string(path).expect("the set")).expect("a set")
}

/// A headless app with a kaooa game of two moves on the family board.
fn app() -> App {
    let mut app = headless_app();
    let mut play = FamilyPlay::new(kaooa(), [Player::Human, Player::Human], "classic".into());
    for text in ["@e5", "@a4"] {
        let mv = kaooa().parse_move(text).unwrap();
        assert!(play.play(&mv));
    }
    app.insert_resource(FamilyMatch { play: Some(play) });
    app.update();
    app
}

fn play(app: &App) -> &FamilyPlay {
    app.world()
        .resource::<FamilyMatch>()
        .play
        .as_ref()
        .expect("a game")
}

fn status(app: &App) -> FamilyPuzzleStatus {
    let session = app.world().resource::<FamilyPuzzleSession>();
    session.active().expect("a puzzle on").status
}

fn send(app: &mut App, mv: HuntMove) {
    let generation = play(app).generation;
    app.world_mut()
        .write_message(FamilyIntent { mv, generation });
    app.update();
}

fn start(app: &mut App, index: usize, puzzle: &FamilyPuzzle) {
    app.world_mut().write_message(FamilyPuzzleCommand::Start {
        rules: kaooa(),
        index,
        count: 150,
        puzzle: Box::new(puzzle.clone()),
    });
    app.update();
}

#[test]
fn a_family_puzzle_refuses_a_wrong_move_plays_the_reply_and_is_solved() {
    let set = shipped("kaooa");
    // A puzzle of two answers: answer, reply, answer.
    let (index, puzzle) = set
        .puzzles
        .iter()
        .enumerate()
        .find(|(_, p)| p.line.len() == 3)
        .expect("a puzzle with a reply");
    let rules = kaooa();
    let line = puzzle.line_moves(&rules).expect("its line plays");
    let mut app = app();
    start(&mut app, index, puzzle);
    let at = puzzle.moves.len();
    assert_eq!(play(&app).ply(), at, "the puzzle's position");
    assert_eq!(status(&app), FamilyPuzzleStatus::YourMove);

    // Another legal move: refused, counted, nothing played.
    let wrong = play(&app)
        .game
        .legal_moves()
        .into_iter()
        .find(|m| *m != line[0])
        .expect("another move");
    send(&mut app, wrong);
    app.update();
    assert_eq!(play(&app).ply(), at);
    assert_eq!(status(&app), FamilyPuzzleStatus::Wrong);
    let session = app.world().resource::<FamilyPuzzleSession>();
    assert_eq!(session.active().map(|a| a.mistakes), Some(1));

    app.world_mut().write_message(FamilyPuzzleCommand::Hint);
    app.update();
    let session = app.world().resource::<FamilyPuzzleSession>();
    assert_eq!(session.active().and_then(|a| a.hint()), Some(line[0]));

    // The answer, then the reply comes by itself.
    send(&mut app, line[0]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while play(&app).ply() < at + 2 {
        assert!(Instant::now() < deadline, "the reply never came");
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    app.update();
    assert_eq!(status(&app), FamilyPuzzleStatus::YourMove);
    send(&mut app, line[2]);
    app.update();
    assert_eq!(status(&app), FamilyPuzzleStatus::Solved);
    assert_eq!(play(&app).ply(), at + 3);

    // Kept as solved (with the settings): a new start of it says so, and
    // the next puzzle offered is another, not solved yet.
    let key = family_key("kaooa");
    let id = family_puzzle_id(puzzle);
    let settings = app.world().resource::<Settings>();
    assert!(settings.puzzles.is_solved_in(&key, &id));
    assert_eq!(settings.puzzles.solved_in(&key), 1);
    assert!(
        !settings.puzzles.is_solved_in("kaooa", &id),
        "apart from the four games'"
    );
    let before = index.checked_sub(1);
    let (next, _) = next_family_puzzle(&set.puzzles, "kaooa", settings, before).expect("a next");
    assert_ne!(next, index, "a solved puzzle is passed over");
    start(&mut app, index, puzzle);
    let session = app.world().resource::<FamilyPuzzleSession>();
    assert_eq!(session.active().map(|a| a.solved_before), Some(true));

    // Leaving puts the game back.
    app.world_mut().write_message(FamilyPuzzleCommand::Leave);
    app.update();
    assert!(!app.world().resource::<FamilyPuzzleSession>().is_active());
    assert_eq!(play(&app).ply(), 2, "the game that was on the board");
    assert_eq!(play(&app).players, [Player::Human, Player::Human]);
}

/// The next puzzle is the first one after the current not solved yet,
/// round the set; with every one solved, simply the next.
#[test]
fn the_next_family_puzzle_is_the_next_not_solved() {
    let set = shipped("kaooa");
    let n = set.puzzles.len();
    let mut settings = Settings::default();
    let key = family_key("kaooa");
    assert_eq!(
        next_family_puzzle(&set.puzzles, "kaooa", &settings, None).map(|p| p.0),
        Some(0)
    );
    for i in 0..n {
        if i != 3 {
            settings
                .puzzles
                .mark_solved_in(&key, &family_puzzle_id(&set.puzzles[i]));
        }
    }
    for after in [None, Some(0), Some(3), Some(n - 1)] {
        let next = next_family_puzzle(&set.puzzles, "kaooa", &settings, after).map(|p| p.0);
        assert_eq!(next, Some(3), "after {after:?}");
    }
    settings
        .puzzles
        .mark_solved_in(&key, &family_puzzle_id(&set.puzzles[3]));
    let next = next_family_puzzle(&set.puzzles, "kaooa", &settings, Some(n - 1)).map(|p| p.0);
    assert_eq!(next, Some(0), "all solved: round to the first");
}

#[test]
fn every_shipped_family_set_loads_and_each_puzzle_plays() {
    let mut app = app();
    let ids: Vec<&str> = family::BUILT_IN.iter().map(|(id, _)| *id).collect();
    let dir = format!("{}/assets/puzzles/family", env!("CARGO_MANIFEST_DIR"));
    let mut with_sets = 0;
    for id in ids {
        let path = format!("{dir}/{id}.ron");
        if !std::path::Path::new(&path).exists() {
            continue;
        }
        with_sets += 1;
        let rules = family::built_in(id).unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        let count = loop {
            let world = app.world_mut();
            let loaded = world.resource_scope(|world, mut library: Mut<FamilyPuzzleLibrary>| {
                let server = world.resource::<AssetServer>().clone();
                let sets = world.resource::<Assets<FamilyPuzzleSetAsset>>();
                library.set(id, &server, sets).map(|s| s.puzzles.clone())
            });
            if let Some(puzzles) = loaded {
                for (n, p) in puzzles.iter().enumerate() {
                    p.line_moves(&rules)
                        .unwrap_or_else(|e| panic!("{id} puzzle {}: {e}", n + 1));
                }
                break puzzles.len();
            }
            assert!(Instant::now() < deadline, "{id}'s set never loaded");
            app.update();
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(count > 0, "{id}: an empty set");
    }
    assert!(
        with_sets >= 4,
        "the solved games' sets at least: {with_sets}"
    );
}
