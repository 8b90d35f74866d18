//! The save format and store without Bevy: every game and option
//! round-trips with its history and redo stack; damaged, cut-short,
//! newer-version and unplayable files are refused, moved aside byte for
//! byte and never lost; writes are atomic.

use std::fs;
use std::path::Path;

use crate::save_common;

use save_common::{every_variant, random_game, take_back};
use stronghold::ai::Level;
use stronghold::rules::{Game, GameId, Side, Variant};
use stronghold::save::store::{display_time, file_stamp, temp_path, write_atomic_with};
use stronghold::save::{
    DirStore, Ending, FORMAT_VERSION, LoadError, SavedFamilyGame, SavedGame, Saves, SettingsFile,
    Slot, file_stem,
};

/// A real save: a Pirates game with history and a redo stack.
fn real_save() -> SavedGame {
    let mut game = random_game(Variant::new(GameId::named("pirates")), 30, 7);
    let redo = take_back(&mut game, 3);
    SavedGame {
        name: "Вторник: пираты".to_string(),
        skin: Some("classic".to_string()),
        ..SavedGame::of_game(&game, &redo, Some(Level::Hard), None)
    }
}

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

/// The files in a folder (not in subfolders), sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_game_and_option_round_trips_with_history_and_redo() {
    let variants = every_variant();
    // Every combination of every game's options: the four first games
    // have 4, 2, 6 and 2.
    let combinations =
        |g: GameId| -> usize { g.file().options.iter().map(|o| o.values.len()).product() };
    let first_four: Vec<usize> = GameId::built_in().take(4).map(combinations).collect();
    assert_eq!(first_four, [4, 2, 6, 2]);
    assert_eq!(
        variants.len(),
        GameId::built_in().map(combinations).sum::<usize>(),
        "every option combination"
    );
    for variant in variants {
        for seed in 1..=3 {
            let mut game = random_game(variant, 20 + 25 * seed as usize, seed);
            let redo = take_back(&mut game, seed as usize * 2);
            let players = [(Some(Level::Beginner), None), (None, Some(Level::Master))];
            let (hunters, crowd) = players[seed as usize % 2];
            let saved = SavedGame::of_game(&game, &redo, hunters, crowd);
            let text = saved.to_ron();
            let read = SavedGame::from_ron(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(read, saved);
            let restored = read.restore().unwrap();
            assert_eq!(restored.redo, redo, "{variant:?}");
            assert_same_history(&restored.game, &game);
            assert_eq!(restored.saved.hunters, hunters);
            assert_eq!(restored.saved.crowd, crowd);
        }
    }
}

/// Same variant, start, moves, every position on the way, and outcome.
fn assert_same_history(a: &Game, b: &Game) {
    assert_eq!(a.variant(), b.variant());
    assert_eq!(a.position_string(), b.position_string());
    assert_eq!(a.outcome(), b.outcome());
    let (mut a, mut b) = (a.clone(), b.clone());
    assert!(a.moves().eq(b.moves()));
    while let Some(mv) = a.undo() {
        assert_eq!(Some(mv), b.undo());
        assert_eq!(a.position_string(), b.position_string());
    }
    assert_eq!(b.ply(), 0);
}

#[test]
fn a_resignation_or_agreed_draw_is_kept_and_marks_the_game_finished() {
    let mut game = random_game(Variant::new(GameId::named("asalto")), 10, 4);
    let redo = take_back(&mut game, 1);
    for ending in [Ending::Resigned(Side::Hunters), Ending::DrawAgreed] {
        let saved = SavedGame {
            ending: Some(ending),
            ..SavedGame::of_game(&game, &redo, None, None)
        };
        let restored = SavedGame::from_ron(&saved.to_ron())
            .unwrap()
            .restore()
            .unwrap();
        assert_eq!(restored.saved.ending, Some(ending));
        assert!(restored.is_finished());
    }
    let running = SavedGame::of_game(&game, &redo, None, None);
    assert!(!running.restore().unwrap().is_finished());
}

#[test]
fn a_game_from_a_position_string_keeps_its_start() {
    let mid = random_game(Variant::new(GameId::named("bagh-chal")), 30, 11);
    let mut game = Game::from_position_string(&mid.position_string()).unwrap();
    game.play(&game.legal_moves()[0]).unwrap();
    game.play(&game.legal_moves()[0]).unwrap();
    let saved = SavedGame::of_game(&game, &[], None, None);
    assert_eq!(saved.start, mid.position_string());
    let restored = SavedGame::from_ron(&saved.to_ron())
        .unwrap()
        .restore()
        .unwrap();
    assert_same_history(&restored.game, &game);
}

#[test]
fn the_autosave_slot_round_trips_through_the_folder() {
    let dir = temp_dir();
    let saves = Saves::in_dir(dir.path());
    assert!(saves.load_game(&Slot::Autosave).unwrap().is_none());
    let saved = real_save();
    saves.write_game(&Slot::Autosave, &saved).unwrap();
    let text = fs::read_to_string(dir.path().join("autosave.ron")).unwrap();
    assert!(
        text.contains(&format!("version: {FORMAT_VERSION}")),
        "{text}"
    );
    let restored = saves.load_game(&Slot::Autosave).unwrap().unwrap();
    assert!(
        restored.saved.saved_at > 1_700_000_000,
        "stamped with the time"
    );
    assert_eq!(
        SavedGame {
            saved_at: 0,
            ..restored.saved
        },
        saved
    );
    assert_eq!(
        files_in(dir.path()),
        ["autosave.ron"],
        "no temporary file left"
    );
}

#[test]
fn a_save_cut_at_every_length_is_refused_moved_aside_and_kept_byte_for_byte() {
    let full = real_save().to_ron().into_bytes();
    assert!(full.len() > 300);
    for len in 0..full.len() {
        let dir = temp_dir();
        let path = dir.path().join("autosave.ron");
        fs::write(&path, &full[..len]).unwrap();
        let result = Saves::in_dir(dir.path()).load_game(&Slot::Autosave);
        // Only the final newline can go without harm.
        if len == full.len() - 1 {
            assert!(result.unwrap().is_some());
            continue;
        }
        let refused = result.expect_err("a cut save is refused");
        let moved = refused.moved_to.expect("moved aside");
        assert!(
            !path.exists(),
            "len {len}: not left where a write would replace it"
        );
        assert_eq!(
            fs::read(&moved).unwrap(),
            &full[..len],
            "len {len}: kept untouched"
        );
        assert!(
            moved.contains("autosave.ron.bad-"),
            "len {len}: named for what it was: {moved}"
        );
        match refused.error {
            // Cut short: the parser stops at the end of what is there.
            LoadError::Damaged { line, column, .. } => {
                let text = String::from_utf8_lossy(&full[..len]);
                let last_line = text.split('\n').count();
                assert!(
                    line == last_line || line + 1 == last_line,
                    "len {len}: line {line}"
                );
                assert!(column >= 1, "len {len}");
            }
            LoadError::NotText { .. } => {} // cut inside a UTF-8 character
            other => panic!("len {len}: {other:?}"),
        }
    }
}

#[test]
fn a_damaged_file_is_reported_with_its_line_and_column() {
    let text = real_save()
        .to_ron()
        .replace("saved_at: 0,", "saved_at: zero,");
    let err = SavedGame::from_ron(&text).unwrap_err();
    let LoadError::Damaged { line, column, .. } = err else {
        panic!("{err:?}")
    };
    let (want_line, row) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("zero"))
        .unwrap();
    assert_eq!(line, want_line + 1);
    assert_eq!(column, row.find("zero").unwrap() + 1, "{err}");
}

#[test]
fn a_newer_version_is_refused_with_its_version_and_kept() {
    let text = real_save()
        .to_ron()
        .replace(
            &format!("version: {FORMAT_VERSION}"),
            &format!("version: {}", FORMAT_VERSION + 1),
        )
        .replace("flipped: false,", "flipped: false, clock: (minutes: 5),");
    let err = SavedGame::from_ron(&text).unwrap_err();
    assert_eq!(
        err,
        LoadError::NewerVersion {
            found: FORMAT_VERSION + 1
        }
    );
    assert!(err.to_string().contains("newer"), "{err}");
    let dir = temp_dir();
    fs::write(dir.path().join("autosave.ron"), &text).unwrap();
    let refused = Saves::in_dir(dir.path())
        .load_game(&Slot::Autosave)
        .unwrap_err();
    assert_eq!(refused.error.reason(), "newer");
    assert_eq!(fs::read_to_string(refused.moved_to.unwrap()).unwrap(), text);
}

#[test]
fn a_game_that_does_not_replay_is_refused_naming_the_move() {
    let mut saved = real_save();
    saved.moves[4] = "a1-a2".to_string();
    let err = saved.restore().unwrap_err();
    assert!(
        matches!(
            err,
            LoadError::BadMove {
                number: 5,
                redo: false,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(err.reason(), "bad-game");
    assert!(err.to_string().contains("move 5"), "{err}");
    let mut saved = real_save();
    saved.redo[1] = "zz".to_string();
    assert!(saved.restore().unwrap_err().to_string().contains("redo"));
    let mut saved = real_save();
    saved.start = "pirates 3/P1P/BB3BB/BBBBXBB/BBBBBBB/BBB/BBB B 0/0 0 54".to_string();
    let err = saved.restore().unwrap_err();
    assert!(matches!(err, LoadError::BadStart(_)), "{err:?}");
    assert!(err.to_string().contains("column 25"), "{err}");
}

#[test]
fn unknown_fields_and_bad_values_are_damage_not_silence() {
    let text = real_save().to_ron();
    for bad in [
        text.replace("flipped:", "flopped:"),
        text.replace("Some(Hard)", "Some(Grandmaster)"),
        text.replace(&format!("version: {FORMAT_VERSION}"), "version: -1"),
        "not a save at all".to_string(),
        String::new(),
    ] {
        let err = SavedGame::from_ron(&bad).unwrap_err();
        assert_eq!(err.reason(), "damaged", "{err:?}");
    }
}

#[test]
fn bytes_that_are_not_text_are_refused_and_kept() {
    let dir = temp_dir();
    let bytes = [0xff, 0xfe, b'(', 0x00];
    fs::write(dir.path().join("autosave.ron"), bytes).unwrap();
    let refused = Saves::in_dir(dir.path())
        .load_game(&Slot::Autosave)
        .unwrap_err();
    assert_eq!(refused.error.reason(), "unreadable");
    assert_eq!(fs::read(refused.moved_to.unwrap()).unwrap(), bytes);
}

#[test]
fn moving_aside_never_replaces_an_earlier_moved_file() {
    let dir = temp_dir();
    let saves = Saves::in_dir(dir.path());
    for content in ["first (", "second ("] {
        fs::write(dir.path().join("autosave.ron"), content).unwrap();
        assert!(saves.load_game(&Slot::Autosave).is_err());
    }
    let files = files_in(dir.path());
    assert_eq!(files.len(), 2, "{files:?}");
    let mut kept: Vec<String> = files
        .iter()
        .map(|f| fs::read_to_string(dir.path().join(f)).unwrap())
        .collect();
    kept.sort();
    assert_eq!(kept, ["first (", "second ("]);
}

#[test]
fn a_folder_that_cannot_be_read_as_a_file_is_refused_without_panic() {
    let dir = temp_dir();
    fs::create_dir(dir.path().join("autosave.ron")).unwrap();
    let refused = Saves::in_dir(dir.path())
        .load_game(&Slot::Autosave)
        .unwrap_err();
    assert_eq!(refused.error.reason(), "unreadable");
}

#[test]
fn a_write_that_fails_half_way_leaves_the_old_save_whole() {
    let dir = temp_dir();
    let path = dir.path().join("autosave.ron");
    fs::write(&path, "the old save").unwrap();
    let full_disk = write_atomic_with(&path, |file| {
        use std::io::Write;
        file.write_all(b"the new sa")?;
        Err(std::io::Error::from_raw_os_error(28)) // ENOSPC
    });
    assert!(full_disk.is_err());
    assert_eq!(fs::read_to_string(&path).unwrap(), "the old save");
    assert_eq!(
        files_in(dir.path()),
        ["autosave.ron"],
        "the half copy is gone"
    );
}

#[test]
fn a_write_that_cannot_start_leaves_the_old_save_whole() {
    let dir = temp_dir();
    let saves = Saves::in_dir(dir.path());
    saves.write_game(&Slot::Autosave, &real_save()).unwrap();
    let before = fs::read(dir.path().join("autosave.ron")).unwrap();
    // Something sits where the temporary file would go.
    fs::create_dir(temp_path(&dir.path().join("autosave.ron"))).unwrap();
    let other = SavedGame::of_game(
        &Game::new(Variant::new(GameId::named("asalto"))),
        &[],
        None,
        None,
    );
    assert!(saves.write_game(&Slot::Autosave, &other).is_err());
    assert_eq!(fs::read(dir.path().join("autosave.ron")).unwrap(), before);
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
struct TestSettings {
    volume: f32,
    name: String,
}

impl Default for TestSettings {
    fn default() -> TestSettings {
        TestSettings {
            volume: 0.5,
            name: "x".to_string(),
        }
    }
}

#[test]
fn settings_round_trip_and_a_damaged_file_is_moved_aside() {
    let dir = temp_dir();
    let saves = Saves::in_dir(dir.path());
    assert_eq!(saves.load_settings::<TestSettings>().unwrap(), None);
    let mine = TestSettings {
        volume: 0.25,
        name: "Мой".to_string(),
    };
    saves.write_settings(&mine).unwrap();
    assert_eq!(saves.load_settings::<TestSettings>().unwrap(), Some(mine));
    let path = dir.path().join("settings.ron");
    fs::write(&path, "(version: 1, settings: (volume: loud))").unwrap();
    let refused = saves.load_settings::<TestSettings>().unwrap_err();
    assert_eq!(refused.slot, Slot::Settings);
    assert!(!path.exists());
    assert_eq!(
        fs::read_to_string(refused.moved_to.unwrap()).unwrap(),
        "(version: 1, settings: (volume: loud))"
    );
    let newer = SettingsFile::<TestSettings>::to_ron(&TestSettings::default())
        .replace(&format!("version: {FORMAT_VERSION}"), "version: 9");
    assert_eq!(
        SettingsFile::<TestSettings>::from_ron(&newer),
        Err(LoadError::NewerVersion { found: 9 })
    );
}

#[test]
fn named_saves_list_newest_first_and_skip_temporary_and_moved_files() {
    let dir = temp_dir();
    let saves = Saves::in_dir(dir.path());
    let mut first = real_save();
    first.name = "first".to_string();
    saves
        .write_game(&Slot::Named(file_stem("first")), &first)
        .unwrap();
    let second = SavedGame {
        name: "второй".to_string(),
        saved_at: 0,
        ..first.clone()
    };
    let path = DirStore::new(dir.path()).path(&Slot::Named(file_stem("второй")));
    // Written "later": a larger time stamp.
    fs::write(
        &path,
        SavedGame {
            saved_at: u64::MAX / 2,
            ..second
        }
        .to_ron(),
    )
    .unwrap();
    let saves_dir = dir.path().join("saves");
    fs::write(saves_dir.join("broken.ron"), "(").unwrap();
    fs::write(saves_dir.join(".first.ron.tmp-1"), "half").unwrap();
    fs::write(saves_dir.join("old.ron.bad-20260101-000000"), "(").unwrap();
    let listed = saves.list().unwrap();
    let names: Vec<String> = listed
        .iter()
        .map(|l| match &l.save {
            Ok(s) => s.name.clone(),
            Err(_) => format!("!{}", l.stem),
        })
        .collect();
    assert_eq!(names, ["второй", "first", "!broken"]);
    saves.delete("first").unwrap();
    assert_eq!(saves.list().unwrap().len(), 2);
}

#[test]
fn file_stems_are_safe_on_every_platform() {
    assert_eq!(file_stem("Tuesday game"), "Tuesday game");
    assert_eq!(file_stem("Партия 2"), "Партия 2");
    assert_eq!(file_stem("../../etc/passwd"), "_.._etc_passwd");
    assert_eq!(file_stem("a:b*c?d\"e<f>g|h\\i/j"), "a_b_c_d_e_f_g_h_i_j");
    assert_eq!(file_stem("  .hidden. "), "hidden");
    assert_eq!(file_stem(""), "save");
    assert_eq!(file_stem("..."), "save");
    assert_eq!(file_stem("con"), "con_");
    assert_eq!(file_stem("COM1.x"), "COM1.x_");
    assert_eq!(file_stem("tab\there"), "tab_here");
    assert_eq!(file_stem(&"x".repeat(100)).len(), 60);
}

#[test]
fn times_are_written_as_utc_dates() {
    assert_eq!(file_stamp(0), "19700101-000000");
    assert_eq!(display_time(951_782_400), "2000-02-29 00:00");
    assert_eq!(file_stamp(1_767_225_599), "20251231-235959");
    assert_eq!(display_time(4_107_542_400), "2100-03-01 00:00");
}

#[test]
fn a_version_one_save_still_loads_as_a_game_without_analysis() {
    let saved = real_save();
    let old = saved
        .to_ron()
        .replace(&format!("version: {FORMAT_VERSION}"), "version: 1");
    assert!(!old.contains("analysis"), "{old}");
    let read = SavedGame::from_ron(&old).unwrap();
    assert_eq!(read.analysis, None);
    assert_eq!(read.moves, saved.moves);
    read.restore().unwrap();
}

#[test]
fn an_analysed_game_round_trips_with_its_analysis() {
    use stronghold::coach::{Effort, GameAnalyser};
    let game = random_game(Variant::new(GameId::named("bagh-chal")), 12, 5);
    let analysis = GameAnalyser::new(&game, Effort::of_level(Level::Beginner), None)
        .run_to_end()
        .clone();
    let saved = SavedGame {
        analysis: Some(analysis.clone()),
        ..SavedGame::of_game(&game, &[], None, Some(Level::Easy))
    };
    let text = saved.to_ron();
    assert!(text.contains("analysis: Some("), "{text}");
    let read = SavedGame::from_ron(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read.analysis, Some(analysis));
    assert_eq!(read, saved);
    assert!(
        read.analysis
            .as_ref()
            .unwrap()
            .is_for(&read.restore().unwrap().game)
    );
}

/// An autosave of the family's own screen (`family-autosave.ron`), as the
/// game wrote it before every game was played alike.
fn old_family_autosave(game: &str, moves: &[&str]) -> SavedFamilyGame {
    SavedFamilyGame {
        version: 2,
        saved_at: 1_767_225_600,
        game: game.to_string(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        hunters: Some(Level::Easy),
        crowd: None,
        skin: Some("classic".to_string()),
        resigned: None,
    }
}

fn write_old(dir: &Path, saved: &SavedFamilyGame) -> String {
    let text = ron::ser::to_string_pretty(saved, ron::ser::PrettyConfig::default()).unwrap();
    fs::write(dir.join("family-autosave.ron"), &text).unwrap();
    text
}

#[test]
fn an_old_family_autosave_comes_back_once_as_the_one_autosaves_game() {
    // The twelve games the family screen played (all that its save held):
    // the catalogue's fifth to sixteenth.
    for game_id in crate::family::hunt_family().take(12) {
        let id = game_id.id();
        let game = random_game(Variant::new(game_id), 14, 3);
        let texts = game.move_texts();
        let moves: Vec<&str> = texts.iter().map(String::as_str).collect();
        let dir = temp_dir();
        write_old(dir.path(), &old_family_autosave(id, &moves));
        let saves = Saves::in_dir(dir.path());
        let taken = saves.take_family_autosave(true).unwrap().expect("a game");
        assert_eq!((taken.slot.clone(), taken.kept), (Slot::Autosave, true));
        let restored = taken.restored;
        assert!(restored.game.moves().eq(game.moves()), "{id}");
        assert_eq!(restored.game.position(), game.position(), "{id}");
        assert_eq!(restored.saved.hunters, Some(Level::Easy), "{id}");
        assert_eq!(restored.saved.skin.as_deref(), Some("classic"), "{id}");
        // Read once: the one autosave keeps it from now on (also if the
        // game is closed before a move).
        assert!(saves.take_family_autosave(true).unwrap().is_none(), "{id}");
        let autosave = saves.load_game(&Slot::Autosave).unwrap().expect("kept");
        assert!(autosave.game.moves().eq(game.moves()), "{id}");
        assert_eq!(autosave.saved.saved_at, 1_767_225_600, "{id}: when played");
    }
}

/// With a game to continue in the autosave, or when it is over, the
/// family's old autosave is kept as a named save (never written over the
/// autosave, nor dropped), and read once.
#[test]
fn an_old_family_autosave_not_continued_is_kept_as_a_named_save() {
    let dir = temp_dir();
    let saves = Saves::in_dir(dir.path());
    let pirates = random_game(Variant::new(GameId::named("pirates")), 6, 1);
    let autosave = SavedGame::of_game(&pirates, &[], None, None);
    saves.write_game(&Slot::Autosave, &autosave).unwrap();
    // A save of the name it would take is not written over either.
    let other = SavedGame {
        name: "Kaooa, 2026-01-01 00:00".to_string(),
        ..autosave.clone()
    };
    saves
        .write_game(&Slot::Named(file_stem(&other.name)), &other)
        .unwrap();
    write_old(dir.path(), &old_family_autosave("kaooa", &["@d4", "@c3"]));
    let taken = saves.take_family_autosave(false).unwrap().expect("a game");
    assert!(taken.kept);
    assert_eq!(taken.restored.saved.name, "Kaooa, 2026-01-01 00:00");
    let Slot::Named(stem) = &taken.slot else {
        panic!("{:?}", taken.slot)
    };
    assert_eq!(stem, "Kaooa, 2026-01-01 00_00 2");
    let named = saves.load_game(&taken.slot).unwrap().expect("kept");
    assert_eq!(named.game.move_texts(), ["@d4", "@c3"]);
    assert_eq!(named.saved.name, "Kaooa, 2026-01-01 00:00");
    assert!(
        saves.take_family_autosave(true).unwrap().is_none(),
        "read once"
    );
    let kept = saves
        .load_game(&Slot::Autosave)
        .unwrap()
        .expect("the autosave");
    assert!(kept.game.moves().eq(pirates.moves()), "not written over");
    assert_eq!(saves.list().unwrap().len(), 2);

    // A finished game (resigned) is kept too, though the autosave is free.
    let resigned = SavedFamilyGame {
        resigned: Some(Side::Crowd),
        ..old_family_autosave("kaooa", &["@d4"])
    };
    write_old(dir.path(), &resigned);
    let taken = saves.take_family_autosave(true).unwrap().expect("a game");
    assert!(matches!(taken.slot, Slot::Named(_)), "{:?}", taken.slot);
    assert!(taken.restored.is_finished());
    assert_eq!(saves.list().unwrap().len(), 3);
}

#[test]
fn an_old_family_autosave_that_does_not_replay_is_refused_and_kept() {
    let good = old_family_autosave("haretavl", &["@b2", "@a2"]);
    let unknown = SavedFamilyGame {
        game: "no-such-game".to_string(),
        ..good.clone()
    };
    let illegal = old_family_autosave("haretavl", &["@b2", "@b2"]);
    for (bad, expected) in [
        (
            unknown,
            LoadError::UnknownGame {
                game: "no-such-game".to_string(),
            },
        ),
        (
            illegal,
            LoadError::BadFamilyMove {
                number: 2,
                text: "@b2".to_string(),
            },
        ),
    ] {
        let dir = temp_dir();
        let saves = Saves::in_dir(dir.path());
        let text = write_old(dir.path(), &bad);
        let refused = saves.take_family_autosave(true).unwrap_err();
        assert_eq!(refused.error, expected);
        assert_eq!(refused.slot, Slot::FamilyAutosave);
        // Kept, byte for byte, beside where it was.
        let moved = refused.moved_to.unwrap();
        assert_eq!(fs::read_to_string(&moved).unwrap(), text);
        assert!(
            saves.take_family_autosave(true).unwrap().is_none(),
            "the slot is free"
        );
    }
}
