//! The game's analysis in the headless app: asked for with
//! `AnalysisCommand::Start`, it runs in the background (on the pool, or in
//! slices between frames as on the web) to the end, every move's grade
//! reaches the `Match`, play goes on meanwhile, and the analysis is saved
//! with the game (named save and autosave) and read back, so the same game
//! is never analysed twice.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use stronghold::ai::{MAX_DEPTH, SearchLimits};
use stronghold::coach::{Effort, GameAnalyser, Grade};
use stronghold::game::common::i18n::I18n;
use stronghold::game::common::settings::Settings;
use stronghold::game::headless_app;
use stronghold::game::play::analysis::{
    AnalysisCommand, AnalysisJob, AnalysisRunner, analysed_plies, can_analyse, ply_report,
};
use stronghold::game::play::match_state::{Match, MatchCommand, MoveIntent, MoveSource, Player};
use stronghold::game::shell::persist::{self, Persistence, SaveCommand};
use stronghold::rules::{Game, GameId, Variant};
use stronghold::save::{SavedGame, file_stem};

/// A short Fox and Geese game (sideways steps on: no proofs, so the
/// analysis is the searches alone and quick).
const MOVES: &str = "d4-c4 c3-d4 c4-c3 b3-b4";

fn short_game() -> Game {
    let mut variant = Variant::new(GameId::named("fox-geese"));
    variant.set_option("sideways=on").expect("an option");
    let mut game = Game::new(variant);
    game.play_text(MOVES).expect("legal moves");
    game
}

/// A headless app on `game`, two people playing, analyses made quickly by
/// `runner`.
fn app_on(game: Game, runner: AnalysisRunner) -> App {
    let mut app = headless_app();
    app.insert_resource(Match::from_game(
        game,
        Match::players(Player::Human, Player::Human),
    ));
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    app.insert_resource(AnalysisJob::new(quick(), runner));
    app.update();
    app
}

/// Small searches (a few frames' work in all): the grades are rough, the
/// test is the plumbing (also `game_lessons.rs` and `panel_layout.rs`).
pub(crate) fn quick() -> Effort {
    Effort {
        limits: SearchLimits {
            max_depth: MAX_DEPTH,
            time_ms: None,
            max_nodes: Some(60_000),
        },
        proof_nodes: 20_000,
    }
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

/// Starts an analysis and runs it to the end; the frames that showed its
/// progress.
fn run_analysis(app: &mut App) -> usize {
    app.world_mut().write_message(AnalysisCommand::Start);
    wait_for_analysis(app)
}

/// Runs frames until the match has an analysis (bounded), counting the
/// frames that reported progress; the progress shown never goes back and
/// never passes its whole.
fn wait_for_analysis(app: &mut App) -> usize {
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut progress_frames = 0;
    let mut last_done = 0;
    while the_match(app).analysis().is_none() {
        assert!(Instant::now() < deadline, "the analysis never finished");
        app.update();
        if let Some(run) = app.world().resource::<AnalysisJob>().progress() {
            let shown = run.progress;
            assert!(shown.done <= shown.total, "shown {shown:?}");
            assert!(shown.done >= last_done, "shown {shown:?} after {last_done}");
            last_done = shown.done;
            progress_frames += 1;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    progress_frames
}

#[test]
fn without_a_worker_the_web_runner_analyses_in_slices() {
    let mut app = app_on(short_game(), AnalysisRunner::Worker);
    app.world_mut().write_message(AnalysisCommand::Start);
    app.update();
    app.update();
    let progress = app.world().resource::<AnalysisJob>().progress();
    assert_eq!(progress.map(|p| p.runner), Some(AnalysisRunner::Slices));
}

#[test]
fn an_analysis_runs_to_the_end_on_every_runner_and_grades_every_move() {
    // (The web's worker runner, where there is no worker, as here: slices.)
    for runner in [
        AnalysisRunner::Pool,
        AnalysisRunner::Slices,
        AnalysisRunner::Worker,
    ] {
        let mut app = app_on(short_game(), runner);
        let m = the_match(&app);
        assert!(m.is_over() || can_analyse(m), "{runner:?}: offered");
        let frames = run_analysis(&mut app);
        assert!(frames > 0, "{runner:?}: progress was shown while it ran");
        assert!(!app.world().resource::<AnalysisJob>().is_running());
        let m = the_match(&app);
        let analysis = m.analysis().expect("an analysis");
        let game = short_game();
        assert_eq!(analysed_plies(analysis, m.game()), game.ply(), "{runner:?}");
        for (i, mv) in game.moves().enumerate() {
            let report = ply_report(m, i + 1).expect("every move graded");
            assert_eq!(report.played, game.move_text(mv));
            assert_eq!(report.ply as usize, i + 1);
            assert!(Grade::ALL.contains(&report.grade));
        }
        assert!(!can_analyse(m), "{runner:?}: nothing left to analyse");
    }
}

#[test]
fn the_progress_counts_the_losses_confirmed_after_the_searches() {
    // Round one of Gioco dell'Orso, to the bear shut in, with proofs too
    // small to settle anything: the searches see the bear's end, whose
    // proofs are counted only once the searches are done, so the whole
    // grows while the analysis runs.
    let mut game = Game::new(Variant::new(GameId::named("gioco-dell-orso")));
    game.play_text(
        "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 b5-a4 d5-c4 a4-b5 \
         e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6 d5-d7",
    )
    .expect("legal moves");
    let effort = Effort {
        proof_nodes: 1,
        ..quick()
    };
    let mut analyser = GameAnalyser::new(&game, effort, None);
    let first = analyser.progress().total;
    analyser.run_to_end();
    let last = analyser.progress();
    assert!(
        last.total > first,
        "nothing confirmed: {first} then {last:?}"
    );
    for runner in [AnalysisRunner::Pool, AnalysisRunner::Slices] {
        let mut app = app_on(game.clone(), runner);
        app.insert_resource(AnalysisJob::new(effort, runner));
        assert!(run_analysis(&mut app) > 0, "{runner:?}: progress shown");
    }
}

#[test]
fn play_goes_on_while_the_analysis_runs_and_it_then_covers_the_first_moves() {
    let mut app = app_on(short_game(), AnalysisRunner::Pool);
    app.world_mut().write_message(AnalysisCommand::Start);
    app.update();
    assert!(app.world().resource::<AnalysisJob>().is_running());
    // A move while it runs: played at once.
    let mv = the_match(&app).game().legal_moves()[0];
    app.world_mut().write_message(MoveIntent {
        mv,
        source: MoveSource::Human,
    });
    app.update();
    assert_eq!(the_match(&app).game().ply(), short_game().ply() + 1);
    wait_for_analysis(&mut app);
    let m = the_match(&app);
    let analysis = m.analysis().expect("an analysis");
    assert_eq!(analysed_plies(analysis, m.game()), short_game().ply());
    assert!(
        ply_report(m, m.game().ply()).is_none(),
        "the new move is not judged"
    );
    assert!(can_analyse(m), "the whole game can be analysed again");
    // Taking moves back keeps the grades of the moves left.
    app.world_mut().write_message(MatchCommand::Undo);
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    let m = the_match(&app);
    assert_eq!(m.game().ply(), short_game().ply() - 1);
    assert!(ply_report(m, m.game().ply()).is_some());
}

#[test]
fn a_cancelled_analysis_leaves_nothing() {
    let mut app = app_on(short_game(), AnalysisRunner::Slices);
    app.world_mut().write_message(AnalysisCommand::Start);
    app.update();
    app.world_mut().write_message(AnalysisCommand::Cancel);
    app.update();
    for _ in 0..5 {
        app.update();
    }
    assert!(!app.world().resource::<AnalysisJob>().is_running());
    assert!(the_match(&app).analysis().is_none());
}

/// An app as the game starts it, with its files in `dir`.
fn launch(dir: &Path) -> App {
    let mut app = headless_app();
    app.insert_resource(
        I18n::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap(),
    );
    Persistence::in_dir(dir).boot().install(&mut app, true);
    app.insert_resource(AnalysisJob::new(quick(), AnalysisRunner::Pool));
    app.update();
    app
}

#[test]
fn the_analysis_is_saved_with_the_game_and_never_made_twice() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    let players = Match::players(Player::Human, Player::Human);
    app.world_mut()
        .resource_mut::<Match>()
        .replace(Match::from_game(short_game(), players));
    app.update();
    run_analysis(&mut app);
    let made = the_match(&app).analysis().expect("analysed").clone();

    // The autosave carries it.
    persist::flush(app.world_mut());
    let text = std::fs::read_to_string(dir.path().join("autosave.ron")).unwrap();
    let autosaved = SavedGame::from_ron(&text).unwrap();
    assert_eq!(autosaved.analysis.as_ref(), Some(&*made));

    // A named save carries it, and loading it brings it back.
    app.world_mut()
        .write_message(SaveCommand::Save("analysed".to_string()));
    app.update();
    let mut other = launch(dir.path());
    other.world_mut().write_message(MatchCommand::NewGame {
        variant: Variant::new(GameId::named("pirates")),
        players,
    });
    other.update();
    assert!(the_match(&other).analysis().is_none());
    other
        .world_mut()
        .write_message(SaveCommand::Load(file_stem("analysed")));
    other.update();
    let m = the_match(&other);
    assert_eq!(m.analysis().map(|a| &**a), Some(&*made));
    for ply in 1..=m.game().ply() {
        assert_eq!(ply_report(m, ply), made.plies.get(ply - 1));
    }
    // No second run for the same game.
    assert!(!can_analyse(m));
    other.world_mut().write_message(AnalysisCommand::Start);
    other.update();
    assert!(!other.world().resource::<AnalysisJob>().is_running());
}

#[test]
fn the_export_reads_in_both_languages_with_every_move_and_summary() {
    use stronghold::coach::GameAnalyser;
    use stronghold::game::common::i18n::Language;
    use stronghold::game::ui::SideNames;
    use stronghold::game::ui::analysis::export_text;
    let game = short_game();
    let analysis = GameAnalyser::new(&game, quick(), None).run_to_end().clone();
    let mut i18n = I18n::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap();
    for (language, accuracy) in [
        (Language::English, ": accuracy "),
        (Language::Russian, ": точность "),
    ] {
        i18n.set_language(language);
        let names = SideNames::traditional(&i18n, GameId::named("fox-geese"));
        let text = export_text(&i18n, &names, &analysis);
        let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        // A title, a line per move, a summary per side.
        assert_eq!(lines.len(), 1 + game.ply() + 2, "{text}");
        for (i, mv) in game.moves().enumerate() {
            assert!(
                lines[1 + i].starts_with(&format!("{}. {}", i + 1, game.move_text(mv))),
                "{text}"
            );
        }
        assert_eq!(text.matches(accuracy).count(), 2, "{text}");
        assert!(
            !text.contains("analysis-"),
            "a message id left untranslated:\n{text}"
        );
    }
}

#[test]
fn frames_come_at_the_thinking_pulse_while_it_runs_and_every_frame_for_slices() {
    use bevy::winit::{UpdateMode, WinitSettings};
    use stronghold::game::common::redraw::{IDLE_WAIT, THINKING_PULSE, update_mode};
    let wait = |app: &App| app.world().resource::<WinitSettings>().focused_mode;
    for (runner, pace) in [
        (
            AnalysisRunner::Pool,
            UpdateMode::reactive_low_power(THINKING_PULSE),
        ),
        // Every frame.
        (
            AnalysisRunner::Slices,
            update_mode(Some(Duration::ZERO), IDLE_WAIT),
        ),
    ] {
        let mut app = app_on(short_game(), runner);
        // Startup's frames (files arriving, the frames after them) end. The
        // files load on other threads: on a busy machine (the other tests
        // running beside this one) they take more than a few quick updates.
        let settle = |app: &mut App| {
            for _ in 0..400 {
                if wait(app) == UpdateMode::reactive_low_power(IDLE_WAIT) {
                    break;
                }
                app.update();
                std::thread::sleep(Duration::from_millis(5));
            }
        };
        app.update();
        settle(&mut app);
        assert_eq!(
            wait(&app),
            UpdateMode::reactive_low_power(IDLE_WAIT),
            "{runner:?}: still"
        );
        app.world_mut().write_message(AnalysisCommand::Start);
        for _ in 0..4 {
            app.update();
        }
        assert!(
            app.world().resource::<AnalysisJob>().is_running(),
            "{runner:?}"
        );
        assert_eq!(wait(&app), pace, "{runner:?}: running");
        wait_for_analysis(&mut app);
        app.update();
        settle(&mut app);
        assert_eq!(
            wait(&app),
            UpdateMode::reactive_low_power(IDLE_WAIT),
            "{runner:?}: done"
        );
    }
}
