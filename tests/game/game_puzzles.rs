//! Puzzles in the headless app: a puzzle takes the board (the game that
//! was there is put aside and comes back), a wrong move through
//! `MoveIntent` changes nothing, shakes its piece and says try again, a
//! right one is answered by the computer along the line, the last one
//! solves it; the progress and rating land in the settings, and the
//! autosave keeps the game, not the puzzle. "Next" follows the page's
//! filters; a streak rises in difficulty, ends at the first miss and its
//! best outlives a restart; the dashboard's numbers follow the tries. A
//! puzzle of a game on another board (Kaooa's star) is solved the same
//! way, and a puzzle solved under the hunt family's earlier release still
//! counts as solved.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::app::AppExit;
use bevy::prelude::*;

use stronghold::coach::puzzle::PuzzleSet;
use stronghold::coach::puzzle::{Goal, Proof, Puzzle};
use stronghold::game::common::i18n::I18n;
use stronghold::game::common::puzzle_progress::{GoalAccuracy, START_RATING, puzzle_id};
use stronghold::game::common::settings::Settings;
use stronghold::game::common::view::ShakePiece;
use stronghold::game::headless_app;
use stronghold::game::play::match_state::{Match, MoveGate, MoveIntent, MoveSource, Player};
use stronghold::game::play::puzzle::{
    ActivePuzzle, PuzzleCommand, PuzzleLibrary, PuzzleSession, PuzzleSetAsset, PuzzleStatus,
    SetState,
};
use stronghold::game::play::puzzle_pick::{PuzzleFilter, PuzzleFilters, next_puzzle};
use stronghold::game::play::puzzle_streak::{Streak, StreakState};
use stronghold::game::shell::persist::{self, Persistence};
use stronghold::rules::{Game, GameId, Move, Point, Variant};
use stronghold::save::SavedGame;

/// A puzzle of three plies from the start of Pirates: the Bulgars' answer,
/// the pirates' reply, the Bulgars' last answer. (The game only needs the
/// line to be legal; the prover's uniqueness is the coach's to test.)
fn puzzle() -> Puzzle {
    Puzzle {
        position: Game::new(Variant::new(GameId::named("pirates"))).position_string(),
        line: ["d4-d5", "c6-c7", "c4-c5"].map(String::from).to_vec(),
        goal: Goal::BestMove,
        proof: Proof::SearchMargin {
            depth: 6,
            margin: 50,
        },
        depth: 3,
        win_in: None,
        former_id: None,
    }
}

/// A move of the four first games' boards (a cell of the grid names the
/// same point on each of them).
fn mv(text: &str) -> Move {
    ["pirates", "bagh-chal"]
        .into_iter()
        .find_map(|id| {
            stronghold::rules::Rules::of(Variant::new(GameId::named(id)))
                .parse_move(text)
                .ok()
        })
        .expect("move text")
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
    let mut game = Game::new(Variant::new(GameId::named("fox-geese")));
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
        kind: GameId::named("pirates"),
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
    assert_eq!(
        app.world().resource::<MoveGate>().0,
        Some(vec![mv("d4-d5")])
    );

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
    assert!(settings.puzzles.is_solved(GameId::named("pirates"), &id));
    assert!(settings.puzzles.rating(GameId::named("pirates")) < START_RATING);

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
        .rating(GameId::named("pirates"));
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
    assert!(progress.rating(GameId::named("pirates")) > START_RATING);
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
    let mut game = Game::new(Variant::new(GameId::named("fox-geese")));
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

/// A game's shipped set, once the asset server has read it.
fn loaded_set(app: &mut App, kind: GameId) -> PuzzleSet {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
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
            return state.unwrap_or_else(|why| panic!("{kind:?}: {why}"));
        }
        assert!(Instant::now() < deadline, "{kind:?}: never loaded");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn every_shipped_set_loads_as_an_asset_and_the_next_puzzle_skips_the_solved() {
    let mut app = headless_app();
    app.update();
    let any = PuzzleFilter::default();
    // Every game of the sixteen has a set in the one format.
    for kind in GameId::built_in() {
        let set = loaded_set(&mut app, kind);
        assert_eq!(set.game, kind);
        assert!(!set.puzzles.is_empty(), "{kind:?}");
        let mut progress = Settings::default().puzzles;
        assert_eq!(next_puzzle(&set, &progress, any, None), Some(0));
        let first = &set.puzzles[0];
        progress.mark_solved(kind, &puzzle_id(&first.position, &first.line[0]));
        let next = next_puzzle(&set, &progress, any, None);
        assert_eq!(next, Some(1 % set.puzzles.len()), "{kind:?}");
    }
}

fn active(app: &App) -> &ActivePuzzle {
    let session = app.world().resource::<PuzzleSession>();
    session.active().expect("a puzzle on")
}

fn streak(app: &App) -> Streak {
    let session = app.world().resource::<PuzzleSession>();
    session.streak().expect("a streak on").clone()
}

/// Plays the active puzzle's line: each answer, and the computer's reply
/// after it.
fn solve_active(app: &mut App) {
    let line = active(app).puzzle.line.clone();
    for (i, answer) in line.iter().enumerate().step_by(2) {
        play(app, answer);
        if i + 1 < line.len() {
            run_until_ply(app, i + 2);
            app.update();
        }
    }
    assert_eq!(status(app), PuzzleStatus::Solved);
}

/// A legal move of the puzzle's position that is not its answer.
fn wrong_move(app: &App) -> String {
    let game = the_match(app).game();
    let answer = mv(&active(app).puzzle.line[0]);
    let wrong = game.legal_moves().into_iter().find(|m| *m != answer);
    game.move_text(&wrong.expect("a second legal move"))
}

#[test]
fn next_gives_a_puzzle_the_filters_let_through() {
    let mut app = app();
    let kind = GameId::named("fox-geese");
    let set = loaded_set(&mut app, kind);
    // The theme and difficulty of a puzzle halfway down the set.
    let wanted = &set.puzzles[set.puzzles.len() / 2];
    let filter = PuzzleFilter {
        goal: Some(wanted.goal),
        difficulty: Some(wanted.difficulty()),
    };
    let matching: Vec<usize> = (0..set.puzzles.len())
        .filter(|&i| filter.matches(&set.puzzles[i]))
        .collect();
    assert!(matching.len() >= 2, "{filter:?} lets {matching:?} through");
    app.world_mut()
        .resource_mut::<PuzzleFilters>()
        .set(kind, filter);
    app.world_mut().write_message(PuzzleCommand::Next { kind });
    app.update();
    let first = active(&app).index;
    assert_eq!(first, matching[0]);
    assert!(filter.matches(&active(&app).puzzle));
    // Solved, the next one is the next that matches.
    solve_active(&mut app);
    app.world_mut().write_message(PuzzleCommand::Next { kind });
    app.update();
    assert_eq!(active(&app).index, matching[1]);
    assert!(filter.matches(&active(&app).puzzle));
    // Another game's filter is its own.
    assert_eq!(
        app.world()
            .resource::<PuzzleFilters>()
            .get(GameId::named("pirates")),
        PuzzleFilter::default()
    );
}

/// A streak in Pirates with its files in `dir`: one puzzle solved, the
/// next missed with a wrong move; then the app exits (writing the
/// settings).
fn streak_then_a_miss(dir: &Path) {
    let mut app = headless_app();
    app.insert_resource(
        I18n::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap(),
    );
    Persistence::in_dir(dir).boot().install(&mut app, true);
    app.update();
    let kind = GameId::named("pirates");
    let set = loaded_set(&mut app, kind);
    let easiest = set.puzzles.iter().map(Puzzle::difficulty).min().unwrap();
    app.world_mut()
        .write_message(PuzzleCommand::StreakStart { kind });
    app.update();
    assert_eq!(active(&app).puzzle.difficulty(), easiest);
    assert_eq!(streak(&app).state, StreakState::Solving);
    let first = active(&app).index;
    solve_active(&mut app);
    assert_eq!(streak(&app).length, 1);
    assert_eq!(streak(&app).state, StreakState::Between);

    app.world_mut().write_message(PuzzleCommand::StreakNext);
    app.update();
    assert_ne!(active(&app).index, first, "a puzzle comes once a streak");
    assert!(active(&app).puzzle.difficulty() >= easiest);
    let wrong = wrong_move(&app);
    play(&mut app, &wrong);
    app.update();
    assert_eq!(status(&app), PuzzleStatus::Wrong);
    let over = streak(&app);
    assert!(over.is_over());
    assert_eq!(over.length, 1);
    // Solving it now does not count, nor does asking for more.
    solve_active(&mut app);
    app.world_mut().write_message(PuzzleCommand::StreakNext);
    app.update();
    assert_eq!(streak(&app).length, 1);
    assert!(streak(&app).is_over());
    let progress = &app.world().resource::<Settings>().puzzles;
    assert_eq!(progress.best_streak(kind), 1);
    app.world_mut().write_message(AppExit::Success);
    app.update();
}

#[test]
fn a_streak_ends_at_a_wrong_move_and_its_best_outlives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    streak_then_a_miss(dir.path());
    let boot = Persistence::in_dir(dir.path()).boot();
    assert_eq!(
        boot.settings.puzzles.best_streak(GameId::named("pirates")),
        1
    );
    assert_eq!(
        boot.settings.puzzles.best_streak(GameId::named("asalto")),
        0
    );
    assert_eq!(
        boot.settings
            .puzzles
            .history(GameId::named("pirates"))
            .len(),
        2
    );
}

#[test]
fn a_hint_ends_a_streak() {
    let mut app = app();
    let kind = GameId::named("bagh-chal");
    loaded_set(&mut app, kind);
    app.world_mut()
        .write_message(PuzzleCommand::StreakStart { kind });
    app.update();
    app.world_mut().write_message(PuzzleCommand::Hint);
    app.update();
    assert!(streak(&app).is_over());
    solve_active(&mut app);
    assert_eq!(streak(&app).length, 0);
    assert_eq!(
        app.world().resource::<Settings>().puzzles.best_streak(kind),
        0
    );
}

/// The test's puzzle with another answer and theme: a win in one move.
fn second_puzzle() -> Puzzle {
    Puzzle {
        line: vec!["f4-e5".to_string()],
        goal: Goal::Win,
        ..puzzle()
    }
}

#[test]
fn the_dashboard_counts_the_solved_and_the_missed_by_theme() {
    let mut app = app();
    let kind = GameId::named("pirates");
    // Solved cleanly: a best-move puzzle.
    start(&mut app);
    solve(&mut app);
    // Missed: a win puzzle, a wrong move, then left unsolved.
    app.world_mut().write_message(PuzzleCommand::Start {
        kind,
        index: 1,
        puzzle: Box::new(second_puzzle()),
    });
    app.update();
    play(&mut app, "d4-d5");
    app.update();
    assert_eq!(status(&app), PuzzleStatus::Wrong);
    app.world_mut().write_message(PuzzleCommand::Leave);
    app.update();

    let progress = &app.world().resource::<Settings>().puzzles;
    assert_eq!(progress.solved_count(kind), 1);
    assert_eq!(progress.tried_count(kind), 2);
    assert_eq!(
        progress.accuracy_by_goal(kind),
        vec![
            GoalAccuracy {
                goal: Goal::Win,
                tried: 1,
                clean: 0
            },
            GoalAccuracy {
                goal: Goal::BestMove,
                tried: 1,
                clean: 1
            },
        ]
    );
    let series = progress.rating_series(kind);
    assert_eq!(series.iter().map(|s| s.0).collect::<Vec<_>>(), vec![1, 2]);
    assert!(series[0].1 > START_RATING && series[1].1 < series[0].1);
    assert_eq!(series[1].1, progress.rating(kind));
}

/// A streak missed at its first puzzle is told as such, not "0 in a row";
/// Russian counts the tries with the right forms.
#[test]
fn the_streak_and_dashboard_words_read_in_both_languages() {
    use stronghold::game::common::i18n::{Language, Msg};
    let mut i18n = I18n::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap();
    let over = |i18n: &I18n, length: u32| {
        i18n.msg(
            &Msg::new("puzzle-streak-over")
                .num("length", length)
                .num("best", 4),
        )
    };
    let tries = |i18n: &I18n, n: u32| i18n.msg(&Msg::new("dashboard-accuracy").num("tries", n));
    assert!(
        over(&i18n, 0).contains("first puzzle"),
        "{}",
        over(&i18n, 0)
    );
    assert!(over(&i18n, 3).contains("3 in a row"), "{}", over(&i18n, 3));
    assert!(
        tries(&i18n, 1).ends_with("1 rated try"),
        "{}",
        tries(&i18n, 1)
    );
    i18n.set_language(Language::Russian);
    assert!(
        over(&i18n, 0).contains("первой задаче"),
        "{}",
        over(&i18n, 0)
    );
    assert!(over(&i18n, 3).contains("3 подряд"), "{}", over(&i18n, 3));
    for (n, word) in [
        (1, "попытку"),
        (3, "попытки"),
        (5, "попыток"),
        (21, "попытку"),
    ] {
        let text = tries(&i18n, n);
        assert!(text.contains(word), "{n}: {text}");
    }
}

/// The puzzles page's filter is kept with the settings: it outlives a
/// restart. A streak started with a theme chosen gives only puzzles of
/// that theme (here one the streak without a theme would not start with).
#[test]
fn the_filters_outlive_a_restart_and_a_streak_keeps_to_the_theme() {
    let dir = tempfile::tempdir().unwrap();
    let kind = GameId::named("pirates");
    let boot_app = |dir: &Path| {
        let mut app = headless_app();
        app.insert_resource(
            I18n::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap(),
        );
        Persistence::in_dir(dir).boot().install(&mut app, true);
        app.update();
        app
    };
    let mut app = boot_app(dir.path());
    let set = loaded_set(&mut app, kind);
    let progress = app.world().resource::<Settings>().puzzles.clone();
    let unthemed = Streak::new(kind)
        .next(&set, &progress)
        .expect("a first puzzle");
    let theme = set
        .puzzles
        .iter()
        .map(|p| p.goal)
        .find(|g| *g != set.puzzles[unthemed].goal)
        .expect("a second theme in the set");
    let filter = PuzzleFilter {
        goal: Some(theme),
        difficulty: None,
    };
    app.world_mut()
        .resource_mut::<PuzzleFilters>()
        .set(kind, filter);
    app.update();
    app.world_mut()
        .write_message(PuzzleCommand::StreakStart { kind });
    app.update();
    assert_eq!(
        active(&app).puzzle.goal,
        theme,
        "the streak keeps to the theme"
    );
    solve_active(&mut app);
    app.world_mut().write_message(PuzzleCommand::StreakNext);
    app.update();
    assert_eq!(active(&app).puzzle.goal, theme);
    app.world_mut().write_message(AppExit::Success);
    app.update();

    let boot = Persistence::in_dir(dir.path()).boot();
    assert_eq!(boot.settings.puzzle_filters.get("pirates"), Some(&filter));
    let app = boot_app(dir.path());
    let filters = app.world().resource::<PuzzleFilters>();
    assert_eq!(filters.get(kind), filter, "back after the restart");
    assert_eq!(
        filters.get(GameId::named("asalto")),
        PuzzleFilter::default()
    );
}

/// Plays `text`, read in the match's game, as the player's move.
fn play_in_match(app: &mut App, text: &str) {
    let mv = the_match(app).game().parse_move(text).expect("move text");
    app.world_mut().write_message(MoveIntent {
        mv,
        source: MoveSource::Human,
    });
    app.update();
}

/// A puzzle of Kaooa from its shipped set, with a reply in its line, is
/// played on the star's board through the match like any other: a wrong
/// move is refused, the answers are taken, the computer replies along the
/// line, and the solve counts in Kaooa's progress.
#[test]
fn a_puzzle_of_a_game_on_another_board_is_solved_through_the_match() {
    use stronghold::game::board::view::BoardLayout;
    let mut app = app();
    let kaooa = GameId::named("kaooa");
    let set = loaded_set(&mut app, kaooa);
    let index = (set.puzzles.iter())
        .position(|p| p.line.len() >= 3)
        .expect("a puzzle with a reply");
    let puzzle = set.puzzles[index].clone();
    app.world_mut().write_message(PuzzleCommand::Start {
        kind: kaooa,
        index,
        puzzle: Box::new(puzzle.clone()),
    });
    app.update();
    app.update();
    assert_eq!(the_match(&app).kind(), kaooa);
    // The set's string names no options, the game's all of them: the
    // same game and position.
    let set_game = Game::from_position_string(&puzzle.position).unwrap();
    assert_eq!(
        the_match(&app).game().position_string(),
        set_game.position_string()
    );
    assert_eq!(app.world().resource::<BoardLayout>().game, kaooa);

    let game = the_match(&app).game().clone();
    let wrong = (game.legal_moves().into_iter())
        .map(|m| game.move_text(&m))
        .find(|m| *m != puzzle.line[0])
        .expect("a second legal move");
    play_in_match(&mut app, &wrong);
    assert_eq!(the_match(&app).game().ply(), 0);
    assert_eq!(status(&app), PuzzleStatus::Wrong);

    for (i, answer) in puzzle.line.iter().enumerate().step_by(2) {
        play_in_match(&mut app, answer);
        if i + 1 < puzzle.line.len() {
            run_until_ply(&mut app, i + 2);
            let reply = the_match(&app).game().last_move().copied().unwrap();
            assert_eq!(the_match(&app).game().move_text(&reply), puzzle.line[i + 1]);
            app.update();
        }
    }
    assert_eq!(status(&app), PuzzleStatus::Solved);
    let progress = &app.world().resource::<Settings>().puzzles;
    assert!(progress.is_puzzle_solved(kaooa, &puzzle));
    assert_eq!(progress.tried_count(kaooa), 1);
    assert!(progress.rating(kaooa) < START_RATING, "a wrong move first");
}

/// Progress as the hunt family's earlier release wrote it in the settings
/// file (its Kaooa puzzles under `family/kaooa`, each by the moves from
/// the start and the answer, hashed) counts for the puzzle it became: the
/// page counts it solved, "next" passes over it, and taken again it says
/// it was solved before.
#[test]
fn progress_of_the_family_release_counts_for_its_converted_puzzle() {
    use stronghold::game::play::puzzle_pick::is_solved;
    use stronghold::save::SettingsFile;
    // That release's first Kaooa puzzle: these moves from the start, then
    // the answer @e2.
    let moves = "@e5 @a4 e5-d4 @e5 d4-f4 @d4 f4-i4 @f4 i4-g3 @c3 g3-e2 @g3 e2-b1";
    assert_eq!(puzzle_id(moves, "@e2"), "d9cc1185f04c6ec0");
    let file = r#"(version: 1, settings: (volume: 0.5, puzzles: (
        solved: {"family/kaooa": ["d9cc1185f04c6ec0"]},
    )))"#;
    let settings = SettingsFile::<Settings>::from_ron(file).expect("the old settings read");
    let progress = settings.puzzles.clone();

    let mut app = app();
    let kaooa = GameId::named("kaooa");
    let set = loaded_set(&mut app, kaooa);
    let index = (set.puzzles.iter())
        .position(|p| p.former_id.as_deref() == Some("d9cc1185f04c6ec0"))
        .expect("the converted puzzle");
    let mut at = Game::new(Variant::new(kaooa));
    at.play_text(moves).unwrap();
    let set_game = Game::from_position_string(&set.puzzles[index].position).unwrap();
    assert_eq!(set_game.position_string(), at.position_string());
    assert_eq!(set.puzzles[index].line[0], "@e2");
    assert!(is_solved(&set, &progress, index));
    assert_eq!(progress.solved_of(&set), 1);
    let any = PuzzleFilter::default();
    if index == 0 {
        assert_eq!(next_puzzle(&set, &progress, any, None), Some(1));
    }
    assert_ne!(
        next_puzzle(&set, &progress, any, Some(index.saturating_sub(1))),
        Some(index)
    );
    // Nothing else counts as solved, in Kaooa or any other game.
    let fresh = Settings::default().puzzles;
    assert!(!is_solved(&set, &fresh, index));
    assert_eq!(
        progress.solved_of(&loaded_set(&mut app, GameId::named("haretavl"))),
        0
    );

    app.insert_resource(settings);
    app.world_mut().write_message(PuzzleCommand::Start {
        kind: kaooa,
        index,
        puzzle: Box::new(set.puzzles[index].clone()),
    });
    app.update();
    assert!(active(&app).solved_before);
}
