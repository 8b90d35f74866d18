//! A player's files as the release of 2026-12 left them
//! (`tests/data/release-2026-12/config`, written by that release's own
//! code), opened by today's game: the settings keep their language, skins
//! and puzzle progress (the four games' solved puzzles still name puzzles
//! of today's sets; the family screen's, kept under `family/GAME`, are
//! still there and still name puzzles of its sets, and survive the
//! settings being written again); the autosave's game is resumed where it
//! was, with its analysis, players and board; and the family screen's own
//! autosave is kept as a named save beside it, or continued when the
//! autosave has no game.

use crate::save_common::release::{
    self, Expected, Lang, assert_same_family_position, assert_same_position,
};

use std::fs;
use std::path::Path;

use bevy::app::{App, AppExit};
use stronghold::coach::puzzle::PuzzleSet;
use stronghold::game::board::view::BoardLayout;
use stronghold::game::common::i18n::{I18n, Language};
use stronghold::game::common::notice::Notices;
use stronghold::game::common::puzzle_progress::former_key;
use stronghold::game::common::settings::Settings;
use stronghold::game::headless_app;
use stronghold::game::play::analysis::analysed_plies;
use stronghold::game::play::match_state::{Match, Player};
use stronghold::game::play::puzzle_pick::is_solved;
use stronghold::game::shell::persist::{self, Persistence, Resumed};
use stronghold::rules::{GameId, Side};
use stronghold::save::{Saves, Slot};

/// The app as the game starts it, on the files in `dir`.
fn launch(dir: &Path) -> App {
    let mut app = headless_app();
    let i18n = I18n::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap();
    app.insert_resource(i18n);
    Persistence::in_dir(dir).boot().install(&mut app, true);
    app.update();
    app
}

fn asset(path: &str) -> String {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(path),
    )
    .unwrap()
}

/// The settings file as the game reads it at launch.
fn old_settings() -> Settings {
    let config = release::config_copy();
    Saves::in_dir(config.path())
        .load_settings::<Settings>()
        .unwrap_or_else(|refused| panic!("refused: {}", refused.error))
        .expect("the settings")
}

/// The four games' progress: counts, ratings, tries, history and streaks
/// as the old code counted them, and every solved puzzle still one of
/// today's set.
fn check_four_games_progress(settings: &Settings, expected: &Expected) {
    let p = &settings.puzzles;
    let old = &expected.progress;
    for id in ["pirates", "asalto", "fox-geese", "bagh-chal"] {
        let game = GameId::named(id);
        let solved = old.solved.get(id).map_or(0, Vec::len);
        assert!(solved > 0, "{id}: the old file has progress");
        assert_eq!(p.solved_count(game), solved, "{id}: solved");
        assert_eq!(p.rating(game), old.rating[id], "{id}: rating");
        assert_eq!(p.tried_count(game), old.tried[id], "{id}: tried");
        assert_eq!(p.history(game).len(), old.history_len[id], "{id}: history");
        assert_eq!(p.best_streak(game), old.best_streak[id], "{id}: streak");
        let set = PuzzleSet::from_ron(&asset(&PuzzleSet::asset_path(game))).unwrap();
        let solved_now = (0..set.puzzles.len())
            .filter(|&i| is_solved(&set, p, i))
            .count();
        assert_eq!(solved_now, solved, "{id}: solved puzzles of today's set");
    }
}

/// The family screen's solved puzzles: kept under `family/GAME` as the
/// old code kept them (each id made of the moves to the position and the
/// first answer), each the former id of a puzzle of today's set for the
/// game, which counts as solved.
fn check_family_progress(settings: &Settings, expected: &Expected) {
    let p = &settings.puzzles;
    let family: Vec<(&String, &Vec<String>)> = expected
        .progress
        .solved
        .iter()
        .filter(|(key, _)| key.starts_with("family/"))
        .collect();
    assert!(family.len() >= 2, "the old file has family progress");
    for (key, ids) in family {
        let game = GameId::named(key.trim_start_matches("family/"));
        assert_eq!(*key, former_key(game));
        let set = PuzzleSet::from_ron(&asset(&PuzzleSet::asset_path(game))).unwrap();
        for id in ids {
            let puzzle = set
                .puzzles
                .iter()
                .find(|q| q.former_id.as_deref() == Some(id.as_str()))
                .unwrap_or_else(|| {
                    panic!("{key}: {id} is the former id of a puzzle of today's set")
                });
            assert!(p.is_puzzle_solved(game, puzzle), "{key}: {id}");
        }
        assert_eq!(
            p.solved_of(&set),
            ids.len(),
            "{key}: solved puzzles of today's set"
        );
    }
}

#[test]
fn old_settings_keep_language_skins_and_puzzle_progress() {
    let expected = release::expected();
    let settings = old_settings();
    let language = match expected.language {
        Lang::English => Language::English,
        Lang::Russian => Language::Russian,
    };
    assert_eq!(settings.language, language);
    assert_ne!(language, Settings::default().language, "a chosen language");
    assert_eq!(settings.skins, expected.skins);
    for (game, skin) in &expected.skins {
        assert_eq!(settings.skin_for(GameId::named(game)), Some(skin.as_str()));
    }
    assert_eq!(settings.player_name, expected.player_name);
    assert_eq!(settings.player_key, expected.player_key);
    assert!(settings.online_seat.is_some(), "the seat in an online game");
    check_four_games_progress(&settings, &expected);
    check_family_progress(&settings, &expected);
}

/// The settings written again by today's game (as on exit) read back the
/// same, the family's progress with them.
#[test]
fn old_settings_survive_being_written_again() {
    let expected = release::expected();
    let dir = tempfile::tempdir().unwrap();
    let saves = Saves::in_dir(dir.path());
    saves.write_settings(&old_settings()).unwrap();
    let again = saves.load_settings::<Settings>().unwrap().unwrap();
    assert_eq!(again, old_settings());
    check_four_games_progress(&again, &expected);
    check_family_progress(&again, &expected);
}

/// The old folder as it is: the autosave's game (Fox and Geese with
/// fifteen geese, analysed) is resumed where it was; the family screen's
/// game is kept as a named save, and the player is told where.
#[test]
fn the_old_autosave_resumes_with_its_analysis_and_the_family_game_is_kept() {
    let expected = release::expected();
    let old = &expected.saves[0];
    assert_eq!(old.file, "autosave.ron");
    let config = release::config_copy();
    let mut app = launch(config.path());
    assert!(app.world().resource::<Resumed>().0);
    let the_match = app.world().resource::<Match>();
    let game = the_match.game();
    assert_eq!(game.variant().option_strings(), old.options);
    assert_eq!(game.move_texts(), old.moves);
    assert_same_position(game, &old.now, "the resumed game");
    let redo: Vec<String> = the_match.redo_moves().map(|m| game.move_text(m)).collect();
    assert_eq!(redo, old.redo);
    let level = |l: Option<stronghold::ai::Level>| l.map_or(Player::Human, Player::Ai);
    assert_eq!(the_match.player(Side::Hunters), level(old.hunters));
    assert_eq!(the_match.player(Side::Crowd), level(old.crowd));
    let analysis = the_match.analysis().expect("the analysis is kept");
    assert_eq!(analysed_plies(analysis, game), old.analysed);
    assert_eq!(app.world().resource::<BoardLayout>().flipped, old.flipped);
    let settings = app.world().resource::<Settings>();
    assert_eq!(settings.skin_for(game.variant().game), old.skin.as_deref());

    let family_save = Saves::in_dir(config.path())
        .list()
        .unwrap()
        .into_iter()
        .find(|l| l.save.as_ref().is_ok_and(|s| s.name.starts_with("Kaooa")))
        .expect("the family's game among the saves");
    let kept = Saves::in_dir(config.path())
        .load_game(&Slot::Named(family_save.stem))
        .unwrap()
        .unwrap();
    assert_eq!(kept.game.move_texts(), expected.family.moves);
    let shown = &app.world().resource::<Notices>().shown;
    assert!(
        shown.iter().any(|(n, _)| n.msg.id == "save-family-kept"),
        "{shown:?}"
    );
    assert!(!config.path().join("family-autosave.ron").exists());

    // Closed at once: the autosave is still the same game, and the
    // settings written on exit keep the family's progress.
    app.world_mut().write_message(AppExit::Success);
    app.update();
    persist::flush(app.world_mut());
    let again = launch(config.path());
    assert_eq!(
        again.world().resource::<Match>().game().move_texts(),
        old.moves
    );
    check_family_progress(again.world().resource::<Settings>(), &expected);
}

/// Without a game in the autosave, the family screen's game is the one
/// continued at launch, where it was, and stays the autosave's if the
/// game is closed before a move.
#[test]
fn the_old_family_game_is_continued_when_the_autosave_has_none() {
    let expected = release::expected();
    let old = &expected.family;
    let config = release::config_copy();
    fs::remove_file(config.path().join("autosave.ron")).unwrap();
    let mut app = launch(config.path());
    let game = app.world().resource::<Match>().game().clone();
    assert_eq!(game.variant().game, GameId::named(&old.game));
    assert_eq!(game.move_texts(), old.moves);
    assert_same_family_position(&game, old);
    let the_match = app.world().resource::<Match>();
    let level = |l: Option<stronghold::ai::Level>| l.map_or(Player::Human, Player::Ai);
    assert_eq!(the_match.player(Side::Hunters), level(old.hunters));
    let settings = app.world().resource::<Settings>();
    assert_eq!(settings.skin_for(game.variant().game), old.skin.as_deref());
    app.world_mut().write_message(AppExit::Success);
    app.update();
    persist::flush(app.world_mut());
    drop(app);
    let again = launch(config.path());
    let resumed = again.world().resource::<Match>().game();
    assert_eq!(resumed.move_texts(), old.moves, "kept when closed at once");
}
