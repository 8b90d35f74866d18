//! Puzzles in the headless app: a puzzle takes the board (the game that
//! was there is put aside and comes back), a wrong move through
//! `MoveIntent` changes nothing, shakes its piece and says try again, a
//! right one is answered by the computer along the line, the last one
//! solves it; the progress and rating land in the settings, and the
//! autosave keeps the game, not the puzzle.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use stronghold::coach::puzzle::{Goal, Proof, Puzzle};
use stronghold::game::common::i18n::I18n;
use stronghold::game::common::puzzle_progress::{START_RATING, puzzle_id};
use stronghold::game::common::settings::Settings;
use stronghold::game::common::view::ShakePiece;
use stronghold::game::headless_app;
use stronghold::game::play::match_state::{Match, MoveGate, MoveIntent, MoveSource, Player};
use stronghold::game::play::puzzle::{PuzzleCommand, PuzzleSession, PuzzleStatus};
use stronghold::game::shell::persist::{self, Persistence};
use stronghold::rules::{Game, GameKind, Move, Point, Variant};
use stronghold::save::SavedGame;

/// A puzzle of three plies from the start of Pirates: the Bulgars' answer,
/// the pirates' reply, the Bulgars' last answer. (The game only needs the
/// line to be legal; the prover's uniqueness is the coach's to test.)
fn puzzle() -> Puzzle {
    Puzzle {
        position: Game::new(Variant::new(GameKind::Pirates)).position_string(),
        line: ["d4-d5", "c6-c7", "c4-c5"].map(String::from).to_vec(),
        goal: Goal::BestMove,
        proof: Proof::SearchMargin {
            depth: 6,
            margin: 50,
        },
        depth: 3,
        win_in: None,
    }
}

fn mv(text: &str) -> Move {
    Move::parse(text).expect("move text")
}

/// The points of the pieces shaken so far.
#[derive(Resource, Default)]
struct Shaken(Vec<Point>);

fn record_shakes(mut shakes: MessageReader<ShakePiece>, mut shaken: ResMut<Shaken>) {
    shaken.0.extend(shakes.read().map(|s| s.0));
}

/// A headless app with a game of two moves on the board.
fn app() -> App {
    let mut app = headless_app();
    let mut game = Game::new(Variant::new(GameKind::FoxGeese));
    game.play_text("d4-c4 c3-d4").unwrap();
    app.insert_resource(Match::from_game(
        game,
        Match::players(Player::Human, Player::Human),
    ));
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    app.init_resource::<Shaken>()
        .add_systems(Update, record_shakes);
    app.update();
    app
}

fn start(app: &mut App) {
    app.world_mut().write_message(PuzzleCommand::Start {
        kind: GameKind::Pirates,
        index: 0,
        puzzle: Box::new(puzzle()),
    });
    app.update();
}

fn play(app: &mut App, text: &str) {
    app.world_mut().write_message(MoveIntent {
        mv: mv(text),
        source: MoveSource::Human,
    });
    app.update();
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn status(app: &App) -> PuzzleStatus {
    let session = app.world().resource::<PuzzleSession>();
    session.active().expect("a puzzle on").status
}

/// Frames until the match has `plies` moves (the computer's reply waits a
/// moment of real time).
fn run_until_ply(app: &mut App, plies: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while the_match(app).game().ply() < plies {
        assert!(Instant::now() < deadline, "the reply never came");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_puzzle_refuses_a_wrong_move_answers_a_right_one_and_is_solved() {
    let mut app = app();
    let before = the_match(&app).game().clone();
    start(&mut app);
    let start_position = puzzle().position;
    assert_eq!(the_match(&app).game().position_string(), start_position);
    assert_eq!(app.world().resource::<MoveGate>().0, Some(mv("d4-d5")));

    // A legal move that is not the answer: nothing played, its piece shakes.
    play(&mut app, "f4-e5");
    app.update();
    assert_eq!(the_match(&app).game().ply(), 0);
    assert_eq!(status(&app), PuzzleStatus::Wrong);
    assert_eq!(app.world().resource::<Shaken>().0, vec![mv("f4-e5").from()]);

    // The answer: played, then the computer's reply along the line.
    play(&mut app, "d4-d5");
    assert_eq!(the_match(&app).game().ply(), 1);
    assert_eq!(status(&app), PuzzleStatus::Right);
    run_until_ply(&mut app, 2);
    assert_eq!(the_match(&app).game().last_move(), Some(&mv("c6-c7")));
    app.update();
    assert_eq!(status(&app), PuzzleStatus::YourMove);

    // The last answer solves it; with a wrong move on the way it is solved,
    // but not cleanly: the rating goes down.
    play(&mut app, "c4-c5");
    assert_eq!(status(&app), PuzzleStatus::Solved);
    let settings = app.world().resource::<Settings>();
    let id = puzzle_id(&start_position, "d4-d5");
    assert!(settings.puzzles.is_solved(GameKind::Pirates, &id));
    assert!(settings.puzzles.rating(GameKind::Pirates) < START_RATING);

    // Leaving puts the game back.
    app.world_mut().write_message(PuzzleCommand::Leave);
    app.update();
    assert!(!app.world().resource::<PuzzleSession>().is_active());
    assert_eq!(app.world().resource::<MoveGate>().0, None);
    let m = the_match(&app);
    assert_eq!(m.game().position_string(), before.position_string());
    assert!(m.game().moves().eq(before.moves()));
}

/// Plays the puzzle's line to the end: its two answers, the reply between.
fn solve(app: &mut App) {
    play(app, "d4-d5");
    run_until_ply(app, 2);
    app.update();
    play(app, "c4-c5");
    assert_eq!(status(app), PuzzleStatus::Solved);
}

#[test]
fn a_clean_solve_raises_the_rating_and_a_hint_shows_the_answer() {
    let mut app = app();
    start(&mut app);
    solve(&mut app);
    let rating = app
        .world()
        .resource::<Settings>()
        .puzzles
        .rating(GameKind::Pirates);
    assert!(rating > START_RATING, "{rating}");

    // Again, with a hint: the answer is shown, and the solve is not clean.
    app.world_mut().write_message(PuzzleCommand::Retry);
    app.update();
    assert_eq!(the_match(&app).game().ply(), 0);
    app.world_mut().write_message(PuzzleCommand::Hint);
    app.update();
    let session = app.world().resource::<PuzzleSession>();
    assert_eq!(session.active().unwrap().hint(), Some(mv("d4-d5")));
    play(&mut app, "d4-d5");
    let session = app.world().resource::<PuzzleSession>();
    assert_eq!(
        session.active().unwrap().hint(),
        None,
        "the hint goes once followed"
    );
}

/// A puzzle solved before, taken again from the grid, does not move the
/// rating, however the try goes; it says so.
#[test]
fn a_puzzle_solved_before_is_not_rated_again() {
    let mut app = app();
    start(&mut app);
    solve(&mut app);
    let progress = app.world().resource::<Settings>().puzzles.clone();
    assert!(progress.rating(GameKind::Pirates) > START_RATING);
    // From the grid again: a wrong move, then solved.
    app.world_mut().write_message(PuzzleCommand::Leave);
    app.update();
    start(&mut app);
    let session = app.world().resource::<PuzzleSession>();
    assert!(session.active().unwrap().solved_before);
    play(&mut app, "f4-e5");
    solve(&mut app);
    let session = app.world().resource::<PuzzleSession>();
    assert_eq!(session.active().unwrap().rating_change, None);
    assert_eq!(app.world().resource::<Settings>().puzzles, progress);
}

#[test]
fn the_autosave_keeps_the_game_not_the_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless_app();
    app.insert_resource(
        I18n::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap(),
    );
    Persistence::in_dir(dir.path())
        .boot()
        .install(&mut app, true);
    app.update();
    let mut game = Game::new(Variant::new(GameKind::FoxGeese));
    game.play_text("d4-c4").unwrap();
    let players = Match::players(Player::Human, Player::Human);
    app.world_mut()
        .resource_mut::<Match>()
        .replace(Match::from_game(game, players));
    app.update();
    start(&mut app);
    play(&mut app, "d4-d5");
    persist::flush(app.world_mut());
    let text = std::fs::read_to_string(dir.path().join("autosave.ron")).unwrap();
    let saved = SavedGame::from_ron(&text).unwrap();
    assert_eq!(saved.moves, vec!["d4-c4".to_string()]);
    assert!(saved.start.starts_with("fox-geese"), "{}", saved.start);
}

#[test]
fn every_shipped_set_loads_as_an_asset_and_the_next_puzzle_skips_the_solved() {
    use stronghold::game::play::puzzle::{PuzzleLibrary, PuzzleSetAsset, SetState, next_puzzle};
    let mut app = headless_app();
    app.update();
    for kind in GameKind::ALL {
        let deadline = Instant::now() + Duration::from_secs(60);
        let set = loop {
            app.update();
            let world = app.world_mut();
            let mut library = world.remove_resource::<PuzzleLibrary>().unwrap();
            let state = {
                let server = world.resource::<AssetServer>();
                let sets = world.resource::<Assets<PuzzleSetAsset>>();
                match library.set(kind, server, sets) {
                    SetState::Ready(set) => Some(Ok(set.clone())),
                    SetState::Missing(why) => Some(Err(why)),
                    SetState::Loading => None,
                }
            };
            world.insert_resource(library);
            if let Some(state) = state {
                break state.unwrap_or_else(|why| panic!("{kind:?}: {why}"));
            }
            assert!(Instant::now() < deadline, "{kind:?}: never loaded");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert_eq!(set.game, kind);
        assert!(!set.puzzles.is_empty(), "{kind:?}");
        let mut progress = Settings::default().puzzles;
        assert_eq!(next_puzzle(&set, &progress, None), Some(0));
        let first = &set.puzzles[0];
        progress.mark_solved(kind, &puzzle_id(&first.position, &first.line[0]));
        let next = next_puzzle(&set, &progress, None);
        assert_eq!(next, Some(1 % set.puzzles.len()), "{kind:?}");
    }
}
