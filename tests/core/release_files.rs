//! Saves written by the release of 2026-12 (`tests/data/release-2026-12`,
//! by that release's own code) load with today's: each resumes at the
//! position the old rules had reached, with the same options, players,
//! side to move, moves and moves to redo; an analysis written with the old
//! form of a variant fits its game; and the family screen's own autosave
//! becomes a game of the one autosave without losing the game the
//! autosave holds. (The settings are the game's: `tests/game/release_files.rs`;
//! the server's databases: `release_server.rs`.)

use crate::save_common::release::{
    self, SaveFacts, assert_same_family_position, assert_same_position,
};

use stronghold::coach::Analysis;
use stronghold::rules::{Game, GameId};
use stronghold::save::{RestoredGame, Saves, Slot};

fn slot_of(save: &SaveFacts) -> Slot {
    match save.stem() {
        Some(stem) => Slot::Named(stem.to_string()),
        None => Slot::Autosave,
    }
}

/// Loads one old save with today's code; fails the test with the reason.
fn load(saves: &Saves, save: &SaveFacts) -> RestoredGame {
    saves
        .load_game(&slot_of(save))
        .unwrap_or_else(|refused| panic!("{}: refused: {}", save.file, refused.error))
        .unwrap_or_else(|| panic!("{}: not found", save.file))
}

#[test]
fn every_old_save_resumes_where_it_was_with_its_options_and_players() {
    let expected = release::expected();
    assert!(expected.saves.len() >= 7, "the autosave and named saves");
    let config = release::config_copy();
    let saves = Saves::in_dir(config.path());
    for old in &expected.saves {
        let what = &old.file;
        let restored = load(&saves, old);
        let game = &restored.game;
        assert_eq!(game.variant().game, GameId::named(&old.game), "{what}");
        // The options the old game had, the rest (a game given options
        // since) at their defaults.
        let mut variant = stronghold::rules::Variant::new(GameId::named(&old.game));
        for option in &old.options {
            variant.set_option(option).expect("an option the game has");
        }
        assert_eq!(*game.variant(), variant, "{what}: {:?}", old.options);
        assert_eq!(game.move_texts(), old.moves, "{what}: the moves");
        let redo: Vec<String> = restored.redo.iter().map(|m| game.move_text(m)).collect();
        assert_eq!(redo, old.redo, "{what}: the moves to redo");
        let saved = &restored.saved;
        assert_eq!(saved.name, old.name, "{what}");
        assert_eq!(
            (saved.hunters, saved.crowd),
            (old.hunters, old.crowd),
            "{what}"
        );
        assert_eq!(saved.skin, old.skin, "{what}");
        assert_eq!(saved.flipped, old.flipped, "{what}");
        assert_eq!(saved.ending, old.ending, "{what}");
        assert_eq!(restored.is_finished(), old.finished, "{what}");
        assert_same_position(game, &old.now, what);
        let mut ahead = game.clone();
        for mv in &restored.redo {
            ahead.play(mv).expect("a move to redo is legal");
        }
        assert_same_position(&ahead, &old.after_redo, &format!("{what} after redo"));
        // The save's start string reads back as today's writes it, so
        // the game is written back unchanged.
        let start = stronghold::rules::position_string(game.variant(), game.initial_position());
        release::assert_same_string(&start, &old.start, &format!("{what}: the start"));
    }
}

/// An analysis saved with the variant in its old form (`(kind: FoxGeese,
/// options: (...))`) reads, names the same variant and fits its game, so
/// the game shows it instead of dropping it.
#[test]
fn an_old_analysis_reads_and_fits_its_game() {
    let expected = release::expected();
    let config = release::config_copy();
    let saves = Saves::in_dir(config.path());
    let analysed: Vec<&SaveFacts> = expected.saves.iter().filter(|s| s.analysed > 0).collect();
    assert!(analysed.len() >= 2, "the autosave and a named save");
    for old in analysed {
        let text = std::fs::read_to_string(config.path().join(&old.file)).unwrap();
        assert!(text.contains("kind: "), "{}: the old form", old.file);
        let restored = load(&saves, old);
        let analysis: &Analysis = restored.saved.analysis.as_ref().expect("the analysis");
        assert_eq!(analysis.variant, *restored.game.variant(), "{}", old.file);
        assert_eq!(analysis.plies.len(), old.analysed, "{}", old.file);
        assert!(
            analysis.is_for(&restored.game),
            "{}: fits its game",
            old.file
        );
    }
}

#[test]
fn the_named_saves_are_listed_with_their_names() {
    let expected = release::expected();
    let config = release::config_copy();
    let saves = Saves::in_dir(config.path());
    let mut listed: Vec<(String, String)> = saves
        .list()
        .unwrap()
        .into_iter()
        .map(|l| (l.stem, l.save.expect("readable").name))
        .collect();
    listed.sort();
    let mut wanted: Vec<(String, String)> = expected
        .saves
        .iter()
        .filter_map(|s| Some((s.stem()?.to_string(), s.name.clone())))
        .collect();
    wanted.sort();
    assert_eq!(listed, wanted);
}

/// The family screen's autosave (Kaooa, mid-game) is read into the one
/// autosave's form at the position the old rules had reached: kept in the
/// autosave to continue when that has no game, else as a named save
/// (here the old autosave holds an unfinished game of its own, which is
/// not written over), and read once.
#[test]
fn the_family_autosave_becomes_a_game_of_the_one_autosave() {
    let expected = release::expected();
    let old = &expected.family;
    for autosave_free in [false, true] {
        let config = release::config_copy();
        if autosave_free {
            std::fs::remove_file(config.path().join("autosave.ron")).unwrap();
        }
        let saves = Saves::in_dir(config.path());
        let autosave_before = saves.load_game(&Slot::Autosave).unwrap();
        assert_eq!(
            autosave_before.as_ref().is_some_and(|a| !a.is_finished()),
            !autosave_free,
            "the old autosave's game is unfinished"
        );
        let taken = saves
            .take_family_autosave(autosave_free)
            .unwrap_or_else(|refused| panic!("refused: {}", refused.error))
            .expect("the family's autosave");
        assert!(taken.kept);
        let kept = saves.load_game(&taken.slot).unwrap().expect("kept");
        for restored in [&taken.restored, &kept] {
            let game: &Game = &restored.game;
            assert_eq!(game.variant().game, GameId::named(&old.game));
            assert_eq!(game.move_texts(), old.moves);
            let saved = &restored.saved;
            assert_eq!((saved.hunters, saved.crowd), (old.hunters, old.crowd));
            assert_eq!(saved.skin, old.skin);
            assert!(!restored.is_finished());
            assert_same_family_position(game, old);
        }
        if autosave_free {
            assert_eq!(taken.slot, Slot::Autosave);
        } else {
            assert!(matches!(taken.slot, Slot::Named(_)), "{:?}", taken.slot);
            assert!(
                kept.saved.name.starts_with("Kaooa, "),
                "{}",
                kept.saved.name
            );
            let autosave = saves.load_game(&Slot::Autosave).unwrap().expect("kept");
            let before = autosave_before.expect("the old autosave");
            assert_eq!(
                autosave.saved, before.saved,
                "the autosave is not written over"
            );
        }
        assert!(!config.path().join(&old.file).exists(), "read once");
        assert!(saves.take_family_autosave(true).unwrap().is_none());
    }
}
