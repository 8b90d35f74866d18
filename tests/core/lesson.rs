//! Lessons from an analysed game (`coach::lesson`): which mistakes become
//! lessons, and which moves each accepts, by the table where it knows
//! every move and by the engine's searches elsewhere.

use std::sync::Arc;

use stronghold::ai::{Level, Tablebase};
use stronghold::coach::lesson::{Check, LessonFinder, lesson_plies};
use stronghold::coach::{Analysis, Effort, GameAnalyser, Grade, Source};
use stronghold::rules::{Game, GameId, Move, Rules, Side, Variant};

fn table() -> Arc<Tablebase> {
    crate::shipped_table()
}

/// A sliding-phase position where only d4-c5 keeps the tigers' win (the
/// table's; one of the shipped puzzles).
const ONE_WIN: &str = "bagh-chal,quiet-limit=on 1G1GG/GGGTG/GGG1T/GGT1G/GG1TG T 0/0 31 35";
/// A full board with one point free: the tigers take there, or step in
/// and are shut in.
const ONE_HOLE: &str = "bagh-chal TGGGT/GGGGG/GT1GG/GGGGG/GGGGT T 0/0 0 40";

fn game_from(position: &str, moves: &str) -> Game {
    let mut game = Game::from_position_string(position).expect("a position");
    game.play_text(moves).expect("legal moves");
    game
}

fn analyse(game: &Game, table: Option<Arc<Tablebase>>) -> Analysis {
    GameAnalyser::new(game, Effort::of_level(Level::Easy), table)
        .run_to_end()
        .clone()
}

/// A Bagh-Chal move from its text (both positions here are Bagh-Chal's).
fn mv(text: &str) -> Move {
    Rules::of(Variant::new(GameId::named("bagh-chal")))
        .parse_move(text)
        .expect("move text")
}

#[test]
fn a_move_that_throws_the_tables_win_away_teaches_the_moves_that_keep_it() {
    let game = game_from(ONE_WIN, "e3-d3");
    let analysis = analyse(&game, Some(table()));
    assert_eq!(analysis.plies[0].grade, Grade::Blunder);
    assert_eq!(lesson_plies(&analysis, &[Side::Hunters]), vec![0]);
    assert!(lesson_plies(&analysis, &[Side::Crowd]).is_empty());
    let mut finder = LessonFinder::new(
        &game,
        &analysis,
        &[Side::Hunters],
        Effort::of_level(Level::Easy),
        Some(table()),
    );
    let lessons = finder.run_to_end().to_vec();
    assert_eq!(lessons.len(), 1);
    let lesson = &lessons[0];
    assert_eq!((lesson.ply, lesson.side), (1, Side::Hunters));
    assert_eq!(lesson.game.ply(), 0, "the position before the mistake");
    assert_eq!(lesson.played, mv("e3-d3"));
    assert_eq!(
        lesson.check,
        Check::Exact {
            source: Source::Table,
            kept: 1
        }
    );
    assert_eq!(lesson.accepted, vec![mv("d4-c5")]);
    assert_eq!(lesson.best, mv("d4-c5"));
    assert!(!lesson.accepts(&mv("e3-d3")) && !lesson.accepts(&mv("d4-d3")));
    assert_eq!(finder.progress(), (1, 1));
}

#[test]
fn the_best_move_teaches_nothing() {
    let game = game_from(ONE_WIN, "d4-c5");
    let analysis = analyse(&game, Some(table()));
    assert_eq!(analysis.plies[0].grade, Grade::Best);
    assert!(lesson_plies(&analysis, &[Side::Hunters, Side::Crowd]).is_empty());
    let mut finder = LessonFinder::new(
        &game,
        &analysis,
        &[Side::Hunters],
        Effort::of_level(Level::Easy),
        Some(table()),
    );
    assert!(finder.is_done());
    assert!(finder.run_to_end().is_empty());
}

#[test]
fn without_the_table_the_engine_judges_each_move() {
    let game = game_from(ONE_HOLE, "b3-c3");
    let analysis = analyse(&game, None);
    let report = &analysis.plies[0];
    assert!(report.grade >= Grade::Mistake, "{}", report.line_text());
    let mut finder = LessonFinder::new(
        &game,
        &analysis,
        &[Side::Hunters],
        Effort::of_level(Level::Easy),
        None,
    );
    // A slice at a time, as the web does it: the same lesson.
    while !finder.is_done() {
        finder.step(500);
    }
    let lessons = finder.lessons();
    assert_eq!(lessons.len(), 1);
    let lesson = &lessons[0];
    assert_eq!(lesson.check, Check::Engine);
    assert_eq!(game.move_text(&lesson.best), report.best);
    assert!(lesson.accepts(&lesson.best));
    assert!(!lesson.accepts(&mv("b3-c3")), "{:?}", lesson.accepted);
    // Every answer takes a goat: the one step shuts the tigers in.
    for m in &lesson.accepted {
        let text = game.move_text(m);
        assert!(text.contains('x'), "{text}");
    }
}

#[test]
fn a_mistake_the_check_finds_as_good_as_the_rest_is_no_lesson() {
    // With the table every tiger move here loses: whatever the analysis
    // said of the step, the table's check accepts it, so no lesson claims
    // a better move.
    let game = game_from(ONE_HOLE, "b3-c3");
    let mut analysis = analyse(&game, Some(table()));
    analysis.plies[0].grade = Grade::Blunder;
    let mut finder = LessonFinder::new(
        &game,
        &analysis,
        &[Side::Hunters],
        Effort::of_level(Level::Easy),
        Some(table()),
    );
    assert!(finder.run_to_end().is_empty());
    assert_eq!(finder.progress(), (1, 1));
}
