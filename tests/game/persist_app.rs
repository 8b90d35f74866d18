//! Persistence in the headless app: the autosave follows every change and
//! resumes the last unfinished game with its history and redo stack; a
//! damaged, cut or newer file never panics, is kept, and is reported in
//! both languages; pasted text that is not a position names its column and
//! changes nothing; settings are written once they settle and on exit.

use crate::save_common;

use std::fs;
use std::path::Path;
use std::time::Duration;

use bevy::app::{App, AppExit};
use bevy::prelude::DetectChangesMut;
use bevy::time::TimeUpdateStrategy;
use save_common::{every_variant, random_game, take_back};
use stronghold::ai::Level;
use stronghold::game::board::view::BoardLayout;
use stronghold::game::common::i18n::{I18n, Language};
use stronghold::game::common::notice::{Notice, Notices};
use stronghold::game::common::redraw::LastAsk;
use stronghold::game::common::settings::Settings;
use stronghold::game::headless_app;
use stronghold::game::play::match_state::{Match, MatchCommand, MoveIntent, MoveSource, Player};
use stronghold::game::shell::launch::LaunchOptions;
use stronghold::game::shell::persist::{
    self, LastGame, Persistence, Resumed, SaveCommand, SavesWindow,
};
use stronghold::rules::{Game, GameId, Side, Variant};
use stronghold::save::{Ending, FORMAT_VERSION, SavedGame, Saves, Slot};

/// An app as the game starts it, with its files in `dir`.
fn launch(dir: &Path) -> App {
    let mut app = headless_app();
    // The message files as if loaded: launch notices wait for them.
    app.insert_resource(i18n());
    Persistence::in_dir(dir).boot().install(&mut app, true);
    app.update();
    app
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn notices(app: &App) -> Vec<Notice> {
    let shown = &app.world().resource::<Notices>().shown;
    shown.iter().map(|(n, _)| n.clone()).collect()
}

fn i18n() -> I18n {
    I18n::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap()
}

/// A notice's text in a language.
fn text(notice: &Notice, language: Language) -> String {
    let mut i18n = i18n();
    i18n.set_language(language);
    i18n.msg(&notice.msg)
}

/// The autosave file as it is now.
fn autosave_file(dir: &Path) -> SavedGame {
    SavedGame::from_ron(&fs::read_to_string(dir.join("autosave.ron")).unwrap()).unwrap()
}

/// The autosave as written (once the write in progress is done), read back.
fn autosave(app: &mut App, dir: &Path) -> SavedGame {
    persist::flush(app.world_mut());
    let text = fs::read_to_string(dir.join("autosave.ron")).expect("an autosave");
    SavedGame::from_ron(&text).unwrap()
}

/// Plays one of the legal moves as a person.
fn human_move(app: &mut App, n: usize) {
    let moves = the_match(app).game().legal_moves();
    let mv = moves[n % moves.len()];
    app.world_mut().write_message(MoveIntent {
        mv,
        source: MoveSource::Human,
    });
    app.update();
}

fn humans() -> [Player; 2] {
    Match::players(Player::Human, Player::Human)
}

/// Starts a new game of two people.
fn new_game(app: &mut App, kind: GameId) {
    app.world_mut().write_message(MatchCommand::NewGame {
        variant: Variant::new(kind),
        players: humans(),
    });
    app.update();
}

#[test]
fn persistence_is_off_in_the_headless_app() {
    let app = headless_app();
    assert!(!app.world().resource::<Persistence>().is_on());
}

#[test]
fn every_move_undo_and_redo_is_autosaved_and_resumed_with_history() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    assert!(
        !dir.path().join("autosave.ron").exists(),
        "a launch alone writes no game"
    );
    new_game(&mut app, GameId::named("fox-geese"));
    assert_eq!(autosave(&mut app, dir.path()).moves.len(), 0);
    for n in 0..8 {
        human_move(&mut app, n);
        assert_eq!(
            autosave(&mut app, dir.path()).moves.len(),
            n + 1,
            "after move {}",
            n + 1
        );
    }
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    app.world_mut().write_message(MatchCommand::Redo);
    app.update();
    let saved = autosave(&mut app, dir.path());
    assert_eq!((saved.moves.len(), saved.redo.len()), (7, 1));
    let before = the_match(&app).clone();
    persist::flush(app.world_mut());
    drop(app);

    let mut again = launch(dir.path());
    assert!(again.world().resource::<Resumed>().0);
    let resumed = the_match(&again);
    assert_eq!(
        resumed.game().position_string(),
        before.game().position_string()
    );
    assert!(resumed.game().moves().eq(before.game().moves()));
    assert!(resumed.redo_moves().eq(before.redo_moves()));
    assert_eq!(resumed.player(Side::Crowd), Player::Human);
    // The history is there to undo, and the redo stack to redo.
    again.world_mut().write_message(MatchCommand::Redo);
    again.update();
    assert_eq!(the_match(&again).game().ply(), 8);
    for _ in 0..8 {
        again.world_mut().write_message(MatchCommand::Undo);
        again.update();
    }
    assert_eq!(the_match(&again).game().ply(), 0);
}

#[test]
fn a_resigned_game_is_kept_but_not_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    new_game(&mut app, GameId::named("fox-geese"));
    human_move(&mut app, 0);
    app.world_mut()
        .write_message(MatchCommand::Resign(Side::Crowd));
    app.update();
    let saved = autosave(&mut app, dir.path());
    assert_eq!(saved.ending, Some(Ending::Resigned(Side::Crowd)));
    assert_eq!(saved.moves.len(), 1);
    drop(app);
    let again = launch(dir.path());
    assert!(!again.world().resource::<Resumed>().0);
    assert_eq!(the_match(&again).game().ply(), 0);
    // The finished game is still in the file, for whoever wants it.
    assert_eq!(
        autosave_file(dir.path()).ending,
        Some(Ending::Resigned(Side::Crowd))
    );
}

#[test]
fn the_last_move_is_written_before_the_app_exits() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    new_game(&mut app, GameId::named("asalto"));
    human_move(&mut app, 0);
    human_move(&mut app, 1);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    // No flush here: exiting wrote everything.
    let text = fs::read_to_string(dir.path().join("autosave.ron")).unwrap();
    assert_eq!(SavedGame::from_ron(&text).unwrap().moves.len(), 2);
}

#[test]
fn every_game_and_option_resumes_as_it_was() {
    for (i, variant) in every_variant().into_iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = launch(dir.path());
        let mut game = random_game(variant, 12 + i, i as u64 + 1);
        let redo = take_back(&mut game, 2);
        let players = Match::players(Player::Ai(Level::Beginner), Player::Human);
        let wanted = Match::from_game(game, players).with_redo(redo);
        app.world_mut()
            .resource_mut::<Match>()
            .replace(wanted.clone());
        app.world_mut().resource_mut::<BoardLayout>().flipped = i % 2 == 0;
        app.world_mut()
            .resource_mut::<Settings>()
            .set_skin_for(variant.game, "night");
        app.update();
        persist::flush(app.world_mut());
        drop(app);

        let app = launch(dir.path());
        if wanted.is_over() {
            assert!(
                !app.world().resource::<Resumed>().0,
                "a finished game is not resumed"
            );
            continue;
        }
        let resumed = the_match(&app);
        assert_eq!(resumed.variant(), &variant);
        assert_eq!(
            resumed.game().position_string(),
            wanted.game().position_string()
        );
        assert!(
            resumed.game().moves().eq(wanted.game().moves()),
            "{variant:?}"
        );
        assert!(resumed.redo_moves().eq(wanted.redo_moves()), "{variant:?}");
        assert_eq!(
            resumed.player_at_start(Side::Hunters),
            Player::Ai(Level::Beginner)
        );
        assert_eq!(app.world().resource::<BoardLayout>().flipped, i % 2 == 0);
        let settings = app.world().resource::<Settings>();
        assert_eq!(settings.skin_for(variant.game), Some("night"));
    }
}

#[test]
fn a_finished_game_is_not_resumed_and_its_save_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let game = random_game(Variant::new(GameId::named("bagh-chal")), 100_000, 3);
    assert!(game.is_over());
    let saved = SavedGame::of_game(&game, &[], None, None);
    Saves::in_dir(dir.path())
        .write_game(&Slot::Autosave, &saved)
        .unwrap();
    let before = fs::read(dir.path().join("autosave.ron")).unwrap();
    let boot = Persistence::in_dir(dir.path()).boot();
    assert!(boot.last_game.is_none());
    let mut app = headless_app();
    boot.install(&mut app, true);
    app.update();
    app.update();
    assert_eq!(the_match(&app).game().ply(), 0);
    assert_eq!(fs::read(dir.path().join("autosave.ron")).unwrap(), before);
}

#[test]
fn the_command_line_game_is_played_instead_of_the_last_one() {
    let args = |a: &[&str]| LaunchOptions::parse(a.iter().map(|s| s.to_string())).unwrap();
    assert!(args(&["--game", "asalto"]).start_in_game);
    assert!(args(&["--moves", "c3-c4"]).start_in_game);
    assert!(args(&["--crowd", "hard"]).start_in_game);
    assert!(!args(&["--flip", "--exit-after", "3"]).start_in_game);
    assert!(!args(&[]).start_in_game);

    let dir = tempfile::tempdir().unwrap();
    let game = random_game(Variant::new(GameId::named("asalto")), 6, 2);
    let saved = SavedGame::of_game(&game, &[], None, None);
    Saves::in_dir(dir.path())
        .write_game(&Slot::Autosave, &saved)
        .unwrap();
    let mut app = headless_app();
    Persistence::in_dir(dir.path())
        .boot()
        .install(&mut app, false);
    app.update();
    assert_eq!(the_match(&app).kind(), GameId::named("pirates"));
    assert!(!app.world().resource::<Resumed>().0);
}

/// A real autosave's bytes, written by the app.
fn real_autosave() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    new_game(&mut app, GameId::named("pirates"));
    for n in 0..10 {
        human_move(&mut app, n);
    }
    persist::flush(app.world_mut());
    fs::read(dir.path().join("autosave.ron")).unwrap()
}

#[test]
fn an_autosave_cut_at_every_length_starts_cleanly_and_is_kept() {
    let full = real_autosave();
    for len in 0..full.len() - 1 {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("autosave.ron"), &full[..len]).unwrap();
        let mut app = launch(dir.path());
        app.update();
        assert_eq!(the_match(&app).game().ply(), 0, "len {len}: a clean start");
        let refused = notices(&app)
            .into_iter()
            .find(|n| n.msg.id == "save-autosave-refused")
            .unwrap_or_else(|| panic!("len {len}: the player is told"));
        assert!(refused.detail.unwrap().contains("autosave.ron"));
        let kept: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(kept.len(), 1, "len {len}: {kept:?}");
        assert_eq!(
            fs::read(&kept[0]).unwrap(),
            &full[..len],
            "len {len}: untouched"
        );
    }
}

#[test]
fn a_newer_autosave_is_refused_with_its_message_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let newer = String::from_utf8(real_autosave()).unwrap().replace(
        &format!("version: {FORMAT_VERSION}"),
        &format!("version: {}", FORMAT_VERSION + 1),
    );
    fs::write(dir.path().join("autosave.ron"), &newer).unwrap();
    let app = launch(dir.path());
    assert_eq!(the_match(&app).game().ply(), 0);
    let notice = notices(&app)
        .into_iter()
        .find(|n| n.msg.id == "save-autosave-refused")
        .expect("told");
    let en = text(&notice, Language::English);
    assert!(en.contains("newer version"), "{en}");
    assert!(en.contains("autosave.ron.bad-"), "{en}");
    let ru = text(&notice, Language::Russian);
    assert!(ru.contains("более новой версией"), "{ru}");
    // Why, in the player's language; where, as it is.
    let reason = notice.reason.clone().expect("a reason");
    let mut i18n = i18n();
    let found = FORMAT_VERSION + 1;
    assert!(
        i18n.msg(&reason)
            .contains(&format!("format version {found}"))
    );
    i18n.set_language(Language::Russian);
    assert!(
        i18n.msg(&reason)
            .contains(&format!("версия формата {found}"))
    );
    assert!(notice.detail.unwrap().contains("autosave.ron"));
}

#[test]
fn a_bad_position_in_the_paste_box_names_the_column_and_changes_nothing() {
    let mut app = headless_app();
    new_game(&mut app, GameId::named("pirates"));
    human_move(&mut app, 0);
    let before = the_match(&app).clone();
    let bad = "pirates 3/P1P/BB3BB/BBBBXBB/BBBBBBB/BBB/BBB B 0/0 0 54";
    app.world_mut().resource_mut::<SavesWindow>().paste = bad.to_string();
    app.world_mut()
        .write_message(SaveCommand::StartFromPosition(bad.to_string()));
    app.update();
    let window = app.world().resource::<SavesWindow>();
    let error = window.paste_error.clone().expect("an error shown");
    let (msg, detail) = (error.msg, i18n().msg(&error.detail));
    assert!(detail.contains("column 25"), "{detail}");
    assert_eq!(error.column, 25);
    assert_eq!(
        error.text.chars().nth(24),
        Some('X'),
        "the column is the bad character"
    );
    for language in Language::ALL {
        let mut i18n = i18n();
        i18n.set_language(language);
        let shown = i18n.msg(&msg);
        assert!(shown.contains("25"), "{shown}");
    }
    let after = the_match(&app);
    assert_eq!(
        after.game().position_string(),
        before.game().position_string()
    );
    assert_eq!(after.game().ply(), 1);
    assert_eq!(after.generation(), before.generation(), "nothing changed");
    assert_eq!(window.paste, bad, "the pasted text stays to be fixed");
}

#[test]
fn a_good_paste_starts_the_game_and_a_bad_move_list_names_the_move() {
    let mut app = headless_app();
    app.update();
    let mid = random_game(Variant::new(GameId::named("asalto")), 9, 5);
    app.world_mut()
        .write_message(SaveCommand::StartFromPosition(format!(
            " {}\n",
            mid.position_string()
        )));
    app.update();
    assert_eq!(
        the_match(&app).game().position_string(),
        mid.position_string()
    );
    assert!(app.world().resource::<SavesWindow>().paste_error.is_none());

    new_game(&mut app, GameId::named("pirates"));
    // As copied from a score sheet, with move numbers.
    let moves = "1. d4-d5 c6-c7\n2. d5-d6".to_string();
    app.world_mut().write_message(SaveCommand::PlayMoves(moves));
    app.update();
    let m = the_match(&app);
    if let Some(error) = &app.world().resource::<SavesWindow>().paste_error {
        panic!("{error:?}");
    }
    assert_eq!(m.game().ply(), 3);
    app.world_mut()
        .write_message(SaveCommand::PlayMoves("d4-d5\n  c6-c9".to_string()));
    app.update();
    let error = app.world().resource::<SavesWindow>().paste_error.clone();
    let error = error.expect("an error shown");
    // The caret goes under `c9`, which is no point, in the text as pasted.
    assert_eq!(error.column, 12, "{error:?}");
    assert_eq!(&error.text[error.column - 1..], "c9");
    let (msg, detail) = (error.msg, i18n().msg(&error.detail));
    assert!(
        i18n().msg(&msg).contains("Move 2 (c6-c9)"),
        "{}",
        i18n().msg(&msg)
    );
    assert!(detail.contains("c6-c9"), "{detail}");
    assert_eq!(the_match(&app).game().ply(), 3, "nothing changed");
}

#[test]
fn named_saves_save_list_load_and_delete() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    new_game(&mut app, GameId::named("bagh-chal"));
    human_move(&mut app, 1);
    human_move(&mut app, 2);
    let saved_position = the_match(&app).game().position_string();
    app.world_mut()
        .write_message(SaveCommand::Save("Вечер: тигры/козы".to_string()));
    app.update();
    app.world_mut().resource_mut::<SavesWindow>().open = true;
    app.update();
    let listed = app.world().resource::<SavesWindow>().listed.clone();
    assert_eq!(listed.len(), 1);
    let save = listed[0].save.as_ref().unwrap();
    assert_eq!(save.name, "Вечер: тигры/козы");
    assert_eq!(save.moves.len(), 2);
    let stem = listed[0].stem.clone();

    new_game(&mut app, GameId::named("pirates"));
    app.world_mut()
        .write_message(SaveCommand::Load(stem.clone()));
    app.update();
    assert_eq!(the_match(&app).game().position_string(), saved_position);
    assert_eq!(the_match(&app).game().ply(), 2);
    assert!(
        notices(&app).iter().any(|n| n.msg.id == "save-loaded"),
        "{:?}",
        notices(&app)
    );

    app.world_mut().write_message(SaveCommand::Delete(stem));
    app.update();
    assert!(app.world().resource::<SavesWindow>().listed.is_empty());
    assert!(
        fs::read_dir(dir.path().join("saves"))
            .unwrap()
            .next()
            .is_none()
    );
}

#[test]
fn a_damaged_named_save_is_moved_aside_when_loaded() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("saves")).unwrap();
    fs::write(dir.path().join("saves/old.ron"), "(version: 1, start: ").unwrap();
    let mut app = launch(dir.path());
    app.world_mut()
        .write_message(SaveCommand::Load("old".to_string()));
    app.update();
    assert_eq!(the_match(&app).game().ply(), 0);
    let notice = notices(&app)
        .into_iter()
        .find(|n| n.msg.id == "save-named-refused")
        .unwrap();
    assert!(text(&notice, Language::English).contains("“old” is damaged"));
    let files: Vec<String> = fs::read_dir(dir.path().join("saves"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 1);
    assert!(files[0].starts_with("old.ron.bad-"), "{files:?}");
}

#[test]
fn corrupt_settings_are_moved_aside_and_the_defaults_used() {
    for bad in [
        "(version: 1, settings: (volume: \"loud\"))",
        "(version: 1, settings: (volum: 0.5))",
        "(version: 7, settings: ())",
        "(version: 1, settings: (language: Klingon",
    ] {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("settings.ron"), bad).unwrap();
        let app = launch(dir.path());
        assert_eq!(
            app.world().resource::<Settings>(),
            &Settings::default(),
            "{bad}"
        );
        let notice = notices(&app)
            .into_iter()
            .find(|n| n.msg.id == "save-settings-refused")
            .expect("told");
        assert!(text(&notice, Language::Russian).contains("настройки по умолчанию"));
        let files: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(files.len(), 1);
        let kept = files[0].as_ref().unwrap().path();
        assert!(kept.to_string_lossy().contains("settings.ron.bad-"));
        assert_eq!(fs::read_to_string(kept).unwrap(), bad);
    }
}

#[test]
fn settings_are_written_once_they_settle_and_on_exit() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    let step = Duration::from_millis(100);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(step));
    let path = dir.path().join("settings.ron");
    for volume in [0.1, 0.2, 0.3] {
        app.world_mut().resource_mut::<Settings>().volume = volume;
        app.update();
    }
    assert!(
        !path.exists(),
        "a dragged slider is not written on every frame"
    );
    let settle = (persist::SETTINGS_SETTLE_SECONDS / step.as_secs_f64()).ceil() as usize;
    for _ in 0..=settle {
        app.update();
    }
    let read = Saves::in_dir(dir.path())
        .load_settings::<Settings>()
        .unwrap();
    assert_eq!(read.unwrap().volume, 0.3);

    app.world_mut().resource_mut::<Settings>().language = Language::Russian;
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let read = Saves::in_dir(dir.path())
        .load_settings::<Settings>()
        .unwrap();
    assert_eq!(read.unwrap().language, Language::Russian, "written on exit");

    let again = launch(dir.path());
    let settings = again.world().resource::<Settings>();
    assert_eq!(
        (settings.volume, settings.language),
        (0.3, Language::Russian)
    );
}

#[test]
fn a_page_touching_the_settings_every_frame_does_not_hold_the_write_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    let step = Duration::from_millis(100);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(step));
    let path = dir.path().join("settings.ron");
    app.world_mut().resource_mut::<Settings>().volume = 0.4;
    app.update();
    let settle = (persist::SETTINGS_SETTLE_SECONDS / step.as_secs_f64()).ceil() as usize;
    for _ in 0..=settle {
        // What an open settings page does: a mutable borrow, no change.
        app.world_mut().resource_mut::<Settings>().set_changed();
        app.update();
    }
    assert!(path.exists(), "written once the value settled");
    // Nothing is pending: the settings ask for no more frames.
    app.world_mut().resource_mut::<Settings>().set_changed();
    app.update();
    let asked = *app.world().resource::<LastAsk>();
    assert!(
        asked.by.is_none_or(|at| !at.file().contains("persist")),
        "a still settings page asks for no frames: {asked:?}"
    );
}

#[test]
fn a_remembered_window_size_is_used_only_when_sane() {
    let with = |size| Settings {
        window_size: size,
        ..Settings::default()
    };
    assert_eq!(
        persist::window_size(&with(Some((1000.4, 700.0)))),
        Some((1000, 700))
    );
    assert_eq!(persist::window_size(&with(None)), None);
    assert_eq!(persist::window_size(&with(Some((f32::NAN, 700.0)))), None);
    assert_eq!(persist::window_size(&with(Some((0.0, 0.0)))), None);
    assert_eq!(persist::window_size(&with(Some((1e9, 700.0)))), None);
}

#[test]
fn a_resumed_game_keeps_who_plays() {
    let mut game = Game::new(Variant::new(GameId::named("fox-geese")));
    game.play(&game.legal_moves()[0]).unwrap();
    let saved = SavedGame::of_game(&game, &[], Some(Level::Hard), Some(Level::Easy));
    let last = LastGame::from_restored(saved.restore().unwrap());
    assert_eq!(
        last.the_match.player(Side::Hunters),
        Player::Ai(Level::Hard)
    );
    assert_eq!(last.the_match.player(Side::Crowd), Player::Ai(Level::Easy));
}

#[test]
fn every_saves_message_the_code_names_is_in_both_languages() {
    let i18n = i18n();
    assert!(i18n.problems.is_empty(), "{:?}", i18n.problems);
    let sources = [
        include_str!("../../src/game/shell/persist.rs"),
        include_str!("../../src/game/shell/persist/commands.rs"),
        include_str!("../../src/game/shell/persist/writer.rs"),
        include_str!("../../src/game/ui/saves.rs"),
    ];
    let mut ids = Vec::new();
    for source in sources {
        for piece in source.split('"').skip(1).step_by(2) {
            if piece.starts_with("save-") && !piece.contains(' ') {
                ids.push(piece.to_string());
            }
        }
    }
    assert!(ids.len() > 30, "{ids:?}");
    for id in ids {
        for language in Language::ALL {
            assert!(i18n.has(language, &id), "{id} missing in {language:?}");
        }
    }
}

/// Plays one legal move as a person (both sides are people).
fn any_move(app: &mut App, n: usize) {
    let moves = the_match(app).game().legal_moves();
    app.world_mut().write_message(MoveIntent {
        mv: moves[n % moves.len()],
        source: MoveSource::Human,
    });
    app.update();
}

/// A game on any board (Adugo: the Alquerque square and its triangle) is
/// autosaved in the one autosave, like every game, and resumed at launch.
#[test]
fn a_game_of_any_board_is_autosaved_and_resumed_at_launch() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = launch(dir.path());
    app.world_mut().write_message(MatchCommand::NewGame {
        variant: Variant::new(GameId::named("adugo")),
        players: humans(),
    });
    app.update();
    for n in 0..5 {
        any_move(&mut app, n);
    }
    let before = the_match(&app).game().clone();
    assert_eq!(before.ply(), 5);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let text = fs::read_to_string(dir.path().join("autosave.ron")).unwrap();
    let saved = SavedGame::from_ron(&text).unwrap();
    assert!(saved.start.starts_with("adugo"), "{}", saved.start);
    assert_eq!(saved.moves.len(), 5);
    let again = launch(dir.path());
    let resumed = the_match(&again).game();
    assert_eq!(resumed.variant().game, GameId::named("adugo"));
    assert!(resumed.moves().eq(before.moves()));
}

/// The family's own autosave, as the game wrote it before every game was
/// played alike, comes back once at launch as the game to continue.
#[test]
fn an_old_family_autosave_is_continued_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("family-autosave.ron");
    fs::write(
        &path,
        "(version: 2, saved_at: 1767225600, game: \"kaooa\", moves: [\"@d4\", \"@c3\"], \
         hunters: Some(Easy), crowd: None, skin: Some(\"fox-geese\"), resigned: None)",
    )
    .unwrap();
    let app = launch(dir.path());
    let game = the_match(&app).game();
    assert_eq!(game.variant().game, GameId::named("kaooa"));
    assert_eq!(game.move_texts(), ["@d4", "@c3"]);
    assert_eq!(
        the_match(&app).player(Side::Hunters),
        Player::Ai(Level::Easy)
    );
    assert!(!path.exists(), "read once");
}

#[test]
fn a_damaged_family_autosave_is_kept_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("family-autosave.ron");
    fs::write(
        &path,
        "(version: 2, game: \"kaooa\", moves: [\"zz9\"], hunt",
    )
    .unwrap();
    let app = launch(dir.path());
    assert_eq!(the_match(&app).game().ply(), 0);
    assert!(!path.exists(), "moved aside");
    let kept: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("family-autosave.ron.bad-"))
        .collect();
    assert_eq!(kept.len(), 1);
    let shown = notices(&app);
    assert!(
        shown
            .iter()
            .any(|n| text(n, Language::Russian).contains(&kept[0])),
        "{shown:?}"
    );
}
