//! Learn from your mistakes, and the engine's line, in the headless app:
//! an analysed blunder becomes a lesson from the position before it (the
//! game put aside and put back), a move no better is refused and shakes
//! its piece, the hint shows the best move, a better move solves it; and
//! the analysis's line for a move plays out over the board a move at a
//! time, with its next move as an arrow, and nothing can be played
//! meanwhile.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use stronghold::ai::{Level, Tablebase};
use stronghold::coach::lesson::Check;
use stronghold::coach::{Effort, GameAnalyser, Grade, Source};
use stronghold::game::board::arrows::{ArrowKind, arrows_to_show};
use stronghold::game::common::settings::Settings;
use stronghold::game::common::view::ShakePiece;
use stronghold::game::headless_app;
use stronghold::game::play::hint::HintJob;
use stronghold::game::play::lesson::{LessonCommand, LessonSession, LessonStatus};
use stronghold::game::play::match_state::{
    Match, MatchCommand, MoveGate, MoveIntent, MoveSource, Player,
};
use stronghold::game::play::puzzle::PuzzleSession;
use stronghold::rules::{Game, GameId, Move, Point, Rules, Variant};

/// A sliding-phase Bagh-Chal position where only d4-c5 keeps the tigers'
/// win (the table's); the tigers played e3-d3 instead.
const ONE_WIN: &str = "bagh-chal,quiet-limit=on 1G1GG/GGGTG/GGG1T/GGT1G/GG1TG T 0/0 31 35";

fn mv(text: &str) -> Move {
    // Every move these tests name is on Bagh-Chal's board.
    Rules::of(Variant::new(GameId::named("bagh-chal")))
        .parse_move(text)
        .expect("move text")
}

fn table() -> Arc<Tablebase> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/tablebase/bagh-chal.sctb"
    );
    let bytes = std::fs::read(path).expect("the shipped table");
    Arc::new(Tablebase::from_bytes(&bytes).expect("a readable table"))
}

/// The points of the pieces shaken so far.
#[derive(Resource, Default)]
struct Shaken(Vec<Point>);

fn record_shakes(mut shakes: MessageReader<ShakePiece>, mut shaken: ResMut<Shaken>) {
    shaken.0.extend(shakes.read().map(|s| s.0));
}

/// A headless app on the blundered game, two people playing (so nothing
/// moves on by itself when the game comes back), with the game's analysis (made here, with the
/// table, as the game's analysis would).
fn analysed_app() -> App {
    let mut game = Game::from_position_string(ONE_WIN).expect("a position");
    game.play_text("e3-d3").expect("a legal move");
    let analysis = GameAnalyser::new(&game, Effort::of_level(Level::Easy), Some(table()))
        .run_to_end()
        .clone();
    assert_eq!(analysis.plies[0].grade, Grade::Blunder);
    let mut the_match = Match::from_game(game, Match::players(Player::Human, Player::Human));
    the_match.set_analysis(Some(Arc::new(analysis)));
    let mut app = headless_app();
    app.insert_resource(the_match);
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    app.init_resource::<Shaken>()
        .add_systems(Update, record_shakes);
    app.update();
    app
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn session(app: &App) -> &LessonSession {
    app.world().resource::<LessonSession>()
}

fn play(app: &mut App, text: &str) {
    app.world_mut().write_message(MoveIntent {
        mv: mv(text),
        source: MoveSource::Human,
    });
    app.update();
}

fn command(app: &mut App, command: LessonCommand) {
    app.world_mut().write_message(command);
    app.update();
}

/// Frames until the lessons are found (bounded: the table loads, then one
/// position's moves are read from it).
fn find_lessons(app: &mut App) {
    command(app, LessonCommand::Find);
    let deadline = Instant::now() + Duration::from_secs(120);
    while session(app).is_finding() {
        assert!(Instant::now() < deadline, "the lessons were never found");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn arrows(app: &App) -> Vec<(Move, ArrowKind)> {
    let world = app.world();
    arrows_to_show(
        world.resource::<Match>(),
        world.resource::<HintJob>(),
        world.resource::<PuzzleSession>(),
        world.resource::<LessonSession>(),
    )
    .into_iter()
    .map(|a| (a.mv, a.kind))
    .collect()
}

#[test]
fn a_blunder_becomes_a_lesson_that_only_a_better_move_solves() {
    let mut app = analysed_app();
    let analysis = the_match(&app).analysis().cloned().expect("analysed");
    assert_eq!(LessonSession::mistakes_in(the_match(&app), &analysis), 1);
    find_lessons(&mut app);
    let lessons = session(&app).lessons_of(&analysis).expect("found for it");
    assert_eq!(lessons.len(), 1);
    assert_eq!(
        lessons[0].check,
        Check::Exact {
            source: Source::Table,
            kept: 1
        },
        "the table judged it"
    );
    assert_eq!(session(&app).progress(), (1, 1));

    command(&mut app, LessonCommand::Start(0));
    assert!(session(&app).is_active());
    let m = the_match(&app);
    assert_eq!(m.game().ply(), 0, "the position before the mistake");
    assert_eq!(m.player(stronghold::rules::Side::Hunters), Player::Human);
    assert!(m.human_to_move());
    assert_eq!(
        app.world().resource::<MoveGate>().0,
        Some(vec![mv("d4-c5")])
    );

    // The move played again, and another no better: refused, shaken.
    play(&mut app, "e3-d3");
    play(&mut app, "d4-d3");
    app.update();
    assert_eq!(the_match(&app).game().ply(), 0, "nothing was played");
    let active = session(&app).active().expect("on");
    assert_eq!((active.status, active.mistakes), (LessonStatus::Wrong, 2));
    assert_eq!(
        app.world().resource::<Shaken>().0,
        vec![Point::parse("e3").unwrap(), Point::parse("d4").unwrap()]
    );

    command(&mut app, LessonCommand::Hint);
    assert_eq!(session(&app).hint(), Some(mv("d4-c5")));
    assert!(arrows(&app).contains(&(mv("d4-c5"), ArrowKind::Hint)));

    play(&mut app, "d4-c5");
    let active = session(&app).active().expect("on");
    assert_eq!(active.status, LessonStatus::Solved);
    assert_eq!(active.answer, Some(mv("d4-c5")));
    assert_eq!(the_match(&app).game().ply(), 1);
    assert_eq!(session(&app).hint(), None, "the hint is down once solved");

    // Try again puts the position back; leaving puts the game back.
    command(&mut app, LessonCommand::Retry);
    assert_eq!(the_match(&app).game().ply(), 0);
    assert_eq!(
        session(&app).active().map(|a| a.status),
        Some(LessonStatus::YourMove)
    );
    command(&mut app, LessonCommand::Leave);
    assert!(!session(&app).is_active());
    let m = the_match(&app);
    assert_eq!(m.game().move_texts(), ["e3-d3"]);
    assert!(m.analysis().is_some(), "the analysed game came back");
    assert_eq!(app.world().resource::<MoveGate>().0, None);
}

/// A short Fox and Geese game (sideways steps on: no proofs), analysed
/// with small searches, on a headless app with two people playing.
fn line_app() -> App {
    let mut variant = Variant::new(GameId::named("fox-geese"));
    variant.set_option("sideways=on").expect("an option");
    let mut game = Game::new(variant);
    game.play_text("d4-c4 c3-d4 c4-c3 b3-b4")
        .expect("legal moves");
    let analysis = GameAnalyser::new(&game, crate::game_analysis::quick(), None)
        .run_to_end()
        .clone();
    let mut the_match = Match::from_game(game, Match::players(Player::Human, Player::Human));
    the_match.set_analysis(Some(Arc::new(analysis)));
    let mut app = headless_app();
    app.insert_resource(the_match);
    app.update();
    app
}

#[test]
fn the_engines_line_plays_out_over_the_board_and_ends_with_review() {
    let mut app = line_app();
    let analysis = the_match(&app).analysis().cloned().expect("analysed");
    // The move with the longest line.
    let report = analysis
        .plies
        .iter()
        .max_by_key(|r| r.line.len())
        .cloned()
        .expect("moves");
    assert!(report.line.len() >= 3, "a line to play: {:?}", report.line);
    assert_eq!(report.line[0], report.best);
    let ply = report.ply as usize;
    let mut before = the_match(&app).game().clone();
    while before.ply() >= ply {
        before.undo();
    }
    let mover = before.side_to_move();

    let preview = |app: &mut App, at| {
        app.world_mut().write_message(MatchCommand::PreviewLine(at));
        app.update();
    };
    preview(&mut app, Some((ply, 0)));
    let m = the_match(&app);
    assert_eq!(m.shown().position(), before.position(), "before the move");
    assert_eq!(m.game().ply(), 4, "the game itself is untouched");
    assert!(
        !m.human_to_move() && m.ai_to_move().is_none(),
        "nothing plays"
    );
    assert_eq!(
        arrows(&app),
        vec![(mv(&report.best), ArrowKind::Line(mover))]
    );

    preview(&mut app, Some((ply, 1)));
    let mut after_best = before.clone();
    after_best.play(&mv(&report.best)).unwrap();
    let m = the_match(&app);
    assert_eq!(m.shown().position(), after_best.position());
    assert_eq!(m.preview().map(|p| p.step), Some(1));
    assert_eq!(
        arrows(&app),
        vec![(mv(&report.line[1]), ArrowKind::Line(mover.other()))]
    );
    // A move tried meanwhile is refused.
    play(&mut app, &report.line[1]);
    assert_eq!(the_match(&app).game().ply(), 4);

    // Past the end stays at the end, with no arrow.
    preview(&mut app, Some((ply, 99)));
    assert_eq!(
        the_match(&app).preview().map(|p| p.step),
        Some(report.line.len())
    );
    assert!(arrows(&app).is_empty());

    // Going to a move of the game ends the preview.
    app.world_mut().write_message(MatchCommand::Review(Some(1)));
    app.update();
    let m = the_match(&app);
    assert!(m.preview().is_none());
    assert_eq!(m.reviewing(), Some(1));
    preview(&mut app, Some((ply, 1)));
    assert!(the_match(&app).preview().is_some());
    preview(&mut app, None);
    let m = the_match(&app);
    assert!(m.preview().is_none());
    assert_eq!(m.reviewing(), Some(1), "back where the preview began");
}
