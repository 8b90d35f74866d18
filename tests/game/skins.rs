//! Skins: every shipped skin parses, validates and names files that exist;
//! broken skin files give errors with the file, line and column; in the
//! game a broken skin falls back to the built-in look with its message, and
//! switching skins mid-game leaves the match and the AI's search alone.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use stronghold::ai::Level;
use stronghold::game::board::audio::{Cue, SoundQueue};
use stronghold::game::board::pieces::{Piece, PieceVisual};
use stronghold::game::board::skin::data::{check_file_kind, parse_skin};
use stronghold::game::board::skin::loader::parse_index;
use stronghold::game::board::skin::{
    ActiveSkin, SkinCatalog, SkinOverride, default_skin, skin_name, skin_path,
};
use stronghold::game::common::notice::{NoticeKind, Notices};
use stronghold::game::common::settings::Settings;
use stronghold::game::common::view::FirstBoard;
use stronghold::game::play::ai_task::AiJob;
use stronghold::game::play::match_state::{Match, MoveIntent, MoveSource, Player};
use stronghold::game::{headless_app, headless_app_with_assets};
use stronghold::rules::{Game, GameId, Move, Point, Variant};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// Every `*.ron` file in `assets/skins/`, by skin name.
fn shipped_skins() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(assets().join("skins"))
        .expect("assets/skins")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| {
            let file = p.file_name().unwrap().to_string_lossy().to_string();
            (skin_name(&file).to_string(), p)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_shipped_skin_loads_and_names_files_that_exist() {
    let skins = shipped_skins();
    assert!(skins.len() >= 5, "at least five skins: {skins:?}");
    for (name, path) in &skins {
        let text = std::fs::read_to_string(path).expect("readable");
        let file = format!("skins/{name}.skin.ron");
        let skin = parse_skin(&text, &file).unwrap_or_else(|e| panic!("{e}"));
        assert!(!skin.name.en.is_empty() && !skin.name.ru.is_empty());
        let named: Vec<&str> = skin
            .images()
            .into_iter()
            .chain(skin.sound_paths())
            .collect();
        for asset in named {
            let bytes = std::fs::read(assets().join(asset))
                .unwrap_or_else(|e| panic!("{name}: {asset}: {e}"));
            check_file_kind(asset, &bytes).unwrap_or_else(|e| panic!("{name}: {asset}: {e:?}"));
        }
        // A side a skin names is named in both languages, Russian with its
        // counting forms; a skin names both sides or neither.
        for side in [&skin.hunters, &skin.crowd] {
            if let Some(named) = &side.name {
                assert!(named.ru.few.is_some() && named.ru.many.is_some(), "{name}");
            }
        }
        assert_eq!(
            skin.hunters.name.is_some(),
            skin.crowd.name.is_some(),
            "{name}"
        );
    }
}

#[test]
fn the_index_lists_exactly_the_shipped_skins_and_each_game_has_its_own() {
    let index = parse_index(&std::fs::read_to_string(assets().join("skins/index.txt")).unwrap());
    let mut listed = index.clone();
    listed.sort();
    let shipped: Vec<String> = shipped_skins().into_iter().map(|(n, _)| n).collect();
    assert_eq!(listed, shipped);
    for game in GameId::built_in() {
        assert!(index.iter().any(|n| n == default_skin(game)), "{game:?}");
    }
}

/// The error for a skin text, as the player reads it.
fn error_of(text: &str) -> String {
    parse_skin(text, "skins/test.skin.ron")
        .expect_err("a broken skin")
        .to_string()
}

fn pirates_text() -> String {
    std::fs::read_to_string(assets().join("skins/pirates-bulgars.skin.ron")).unwrap()
}

#[test]
fn a_truncated_skin_names_the_line_and_column_where_it_ends() {
    let text = pirates_text();
    let cut = &text[..text.len() / 2];
    let lines = cut.lines().count();
    let e = error_of(cut);
    assert!(
        e.starts_with(&format!("skins/test.skin.ron:{lines}:")),
        "{e}"
    );
}

#[test]
fn unknown_and_missing_fields_are_named() {
    let text = pirates_text();
    let unknown = text.replacen("frame_width:", "frame_widht:", 1);
    let e = error_of(&unknown);
    assert!(
        e.contains("frame_widht") && e.contains("frame_width"),
        "{e}"
    );
    let line = unknown
        .lines()
        .position(|l| l.contains("frame_widht"))
        .unwrap()
        + 1;
    assert!(
        e.starts_with(&format!("skins/test.skin.ron:{line}:")),
        "{e}"
    );
    let missing: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("line_width"))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = error_of(&missing);
    assert!(e.contains("line_width"), "{e}");
}

#[test]
fn colours_out_of_range_or_malformed_are_refused() {
    let text = pirates_text();
    let e = error_of(&text.replacen("\"#6e5a3c\"", "(0.2, 1.7, 0.1)", 1));
    assert!(e.contains("1.7") && e.contains("out of range"), "{e}");
    let e = error_of(&text.replacen("\"#6e5a3c\"", "\"#6e5a3\"", 1));
    assert!(e.contains("#6e5a3") && e.contains("hex digits"), "{e}");
    let e = error_of(&text.replacen("size: 0.98", "size: 9.0", 1));
    assert!(e.contains("9") && e.contains("out of range"), "{e}");
}

#[test]
fn paths_outside_assets_are_refused_where_they_are_written() {
    let text = pirates_text().replacen("\"sounds/step.ogg\"", "\"../secret/step.ogg\"", 1);
    let e = error_of(&text);
    let line = text.lines().position(|l| l.contains("../secret")).unwrap() + 1;
    assert!(
        e.starts_with(&format!("skins/test.skin.ron:{line}:")),
        "{e}"
    );
}

/// A copy of the assets folder whose pirates skin is cut in half (and whose
/// fox skin names a picture that is not there).
fn broken_assets() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stronghold-skins-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("skins")).unwrap();
    for entry in std::fs::read_dir(assets()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_owned();
        if name != "skins" {
            std::os::unix::fs::symlink(&path, dir.join(name)).unwrap();
        }
    }
    for (name, path) in shipped_skins() {
        let mut text = std::fs::read_to_string(path).unwrap();
        if name == "pirates-bulgars" {
            text.truncate(text.len() / 2);
        }
        if name == "fox-geese" {
            text = text.replace("sprites/fox-geese/fox.png", "sprites/fox-geese/vixen.png");
        }
        std::fs::write(dir.join(skin_path(&name)), text).unwrap();
    }
    std::fs::copy(
        assets().join("skins/index.txt"),
        dir.join("skins/index.txt"),
    )
    .unwrap();
    dir
}

/// Runs the app until `done` or a few seconds pass (assets load on other threads).
fn run_until(app: &mut App, mut done: impl FnMut(&mut App) -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

fn humans(app: &mut App, game: GameId) {
    app.insert_resource(Match::new(
        Variant::new(game),
        Match::players(Player::Human, Player::Human),
    ));
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
}

#[test]
fn a_broken_skin_falls_back_to_the_built_in_look_with_its_message() {
    let dir = broken_assets();
    let mut app = headless_app_with_assets(dir.to_str().unwrap());
    humans(&mut app, GameId::named("pirates"));
    let reported = run_until(&mut app, |app| {
        let notices = app.world().resource::<Notices>();
        notices.shown.iter().any(|(n, _)| {
            n.kind == NoticeKind::Error
                && n.detail
                    .as_deref()
                    .is_some_and(|d| d.contains("pirates-bulgars"))
        })
    });
    assert!(reported, "the broken skin is reported");
    let notices = app.world().resource::<Notices>();
    let details: Vec<&str> = notices
        .shown
        .iter()
        .filter_map(|(n, _)| n.detail.as_deref())
        .collect();
    let pirates = details
        .iter()
        .find(|d| d.starts_with("skins/pirates-bulgars.skin.ron:"))
        .expect("file, line and column");
    assert!(
        pirates.split(':').nth(1).unwrap().parse::<usize>().is_ok(),
        "{pirates}"
    );
    assert!(app.world().resource::<ActiveSkin>().fallback);
    // The game goes on: pieces are drawn and a move plays.
    let pieces = app.world_mut().query::<&Piece>().iter(app.world()).count();
    assert_eq!(pieces, 26);
    let mv = Move::step(Point::parse("d4").unwrap(), Point::parse("d5").unwrap());
    let before = app.world().resource::<Match>().game().ply();
    app.world_mut().write_message(MoveIntent {
        mv,
        source: MoveSource::Human,
    });
    app.update();
    assert_eq!(app.world().resource::<Match>().game().ply(), before + 1);
    // The missing picture of another skin is found and named too.
    let fox_reported = run_until(&mut app, |app| {
        app.world()
            .resource::<SkinCatalog>()
            .skins
            .iter()
            .any(|e| e.name == "fox-geese" && e.error.is_some())
    });
    assert!(fox_reported);
    let catalog = app.world().resource::<SkinCatalog>();
    let fox = catalog
        .skins
        .iter()
        .find(|e| e.name == "fox-geese")
        .unwrap();
    let error = fox.error.as_deref().unwrap();
    assert!(
        error.contains("vixen.png") && error.contains("fox-geese.skin.ron:"),
        "{error}"
    );
    assert!(
        catalog
            .choices(stronghold::game::common::i18n::Language::English)
            .len()
            >= 4
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn each_game_opens_with_its_own_skin_and_the_catalog_names_them_all() {
    let mut app = headless_app();
    humans(&mut app, GameId::named("bagh-chal"));
    assert!(run_until(&mut app, |app| {
        app.world().resource::<ActiveSkin>().name == "tigers-goats"
    }));
    let active = app.world().resource::<ActiveSkin>();
    assert_eq!(
        active
            .side_name(stronghold::rules::Side::Crowd)
            .expect("the themed skin names its pieces")
            .ru
            .many
            .as_deref(),
        Some("коз")
    );
    assert!(run_until(&mut app, |app| {
        let catalog = app.world().resource::<SkinCatalog>();
        !catalog.skins.is_empty() && catalog.skins.iter().all(|e| e.title.is_some())
    }));
    let catalog = app.world().resource::<SkinCatalog>();
    assert_eq!(
        catalog.title(
            "officers-rebels",
            stronghold::game::common::i18n::Language::Russian
        ),
        "Офицеры и мятежники"
    );
}

#[test]
fn the_other_skins_are_read_only_after_the_first_board_is_drawn_with_its_own() {
    let mut app = headless_app();
    humans(&mut app, GameId::named("pirates"));
    let mut seen_before_drawn = Vec::new();
    let filled = run_until(&mut app, |app| {
        let drawn = app.world().resource::<FirstBoard>().drawn;
        let catalog = app.world().resource::<SkinCatalog>();
        if !drawn && !catalog.skins.is_empty() {
            seen_before_drawn.extend(catalog.skins.iter().map(|e| e.name.clone()));
        }
        drawn && catalog.skins.iter().any(|e| e.title.is_some())
    });
    assert!(filled, "the catalog fills once the first board is drawn");
    assert!(
        seen_before_drawn.is_empty(),
        "skins loaded before the first board: {seen_before_drawn:?}"
    );
    // The board it waited for wears the game's own skin, pictures and all.
    assert_eq!(app.world().resource::<ActiveSkin>().name, "pirates-bulgars");
    assert!(!app.world().resource::<ActiveSkin>().fallback);
}

#[test]
fn switching_skin_mid_game_keeps_the_match_and_the_search() {
    let mut app = headless_app();
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    game.play_text("d4-d5 c6-c7 c4-c5").unwrap();
    app.insert_resource(Match::from_game(
        game,
        Match::players(Player::Ai(Level::Master), Player::Human),
    ));
    assert!(run_until(&mut app, |app| {
        app.world().resource::<ActiveSkin>().name == "pirates-bulgars"
            && app.world().resource::<AiJob>().thinking().is_some()
    }));
    let before = app.world().resource::<Match>().clone();
    let search = app.world().resource::<AiJob>().thinking().unwrap();
    app.world_mut()
        .resource_mut::<Settings>()
        .set_skin_for(GameId::named("pirates"), "high-contrast");
    assert!(run_until(&mut app, |app| {
        app.world().resource::<ActiveSkin>().name == "high-contrast"
    }));
    app.update();
    let after = app.world().resource::<Match>();
    assert_eq!(after.generation(), before.generation());
    assert_eq!(after.game().position(), before.game().position());
    assert!(after.game().moves().eq(before.game().moves()));
    let still = app
        .world()
        .resource::<AiJob>()
        .thinking()
        .expect("still thinking");
    assert_eq!(still.started_at, search.started_at, "the same search");
    assert!(still.nodes >= search.nodes);
    // Every piece wears the new skin: one visual each.
    let pieces = app.world_mut().query::<&Piece>().iter(app.world()).count();
    let visuals = app
        .world_mut()
        .query_filtered::<(), With<PieceVisual>>()
        .iter(app.world())
        .count();
    assert_eq!(pieces, visuals);
}

#[test]
fn the_skin_override_wins_until_the_player_picks_a_skin() {
    let mut app = headless_app();
    humans(&mut app, GameId::named("pirates"));
    app.insert_resource(SkinOverride {
        name: Some("classic".into()),
        skins_then: None,
    });
    assert!(run_until(&mut app, |app| {
        app.world().resource::<ActiveSkin>().name == "classic"
    }));
    app.world_mut()
        .resource_mut::<Settings>()
        .set_skin_for(GameId::named("pirates"), "fox-geese");
    assert!(run_until(&mut app, |app| {
        app.world().resource::<ActiveSkin>().name == "fox-geese"
    }));
}

#[test]
fn a_capture_chain_sounds_once_per_jumped_piece() {
    let mut app = headless_app();
    let (variant, position) =
        stronghold::rules::parse_position("pirates P2/1P1/3B3/2B1B2/B5B/BBB/BBB P 0/0 0 17")
            .unwrap();
    app.insert_resource(Match::from_game(
        Game::from_position(variant, position),
        Match::players(Player::Human, Player::Human),
    ));
    app.update();
    let mv = Move::jump(
        Point::parse("d6").unwrap(),
        &[Point::parse("d4").unwrap(), Point::parse("b4").unwrap()],
    )
    .unwrap();
    app.world_mut().write_message(MoveIntent {
        mv,
        source: MoveSource::Human,
    });
    assert!(run_until(&mut app, |app| {
        let played = &app.world().resource::<SoundQueue>().played;
        played.iter().filter(|c| **c == Cue::Capture).count() >= 2
    }));
    let played = &app.world().resource::<SoundQueue>().played;
    assert_eq!(played.iter().filter(|c| **c == Cue::Capture).count(), 2);
}

/// A game under its own skin keeps its own names (Adugo's jaguar and dogs
/// on the tigers-and-goats board, as its rules page calls them); a skin
/// the player picks for another game names the pieces its way.
#[test]
fn a_game_keeps_its_names_under_its_own_skin_and_takes_a_chosen_skins() {
    use stronghold::game::common::i18n::{I18n, Language};
    use stronghold::game::ui::SideNames;
    use stronghold::rules::Side;
    let i18n = I18n::from_dir(&assets()).expect("message files");
    let skin = |name: &str| {
        let file = format!("skins/{name}.skin.ron");
        let text = std::fs::read_to_string(assets().join(&file)).unwrap();
        ActiveSkin {
            name: name.to_string(),
            data: parse_skin(&text, &file).unwrap(),
            fallback: false,
        }
    };
    let crowd = |skin: &ActiveSkin, game: &str| {
        let names = SideNames::of_skin(skin, &i18n, GameId::named(game));
        names.get(Side::Crowd).get(Language::English).one.clone()
    };
    let adugo = GameId::named("adugo");
    assert_eq!(skin_name(default_skin(adugo)), "tigers-goats");
    assert_eq!(crowd(&skin("tigers-goats"), "adugo"), "dog");
    assert_eq!(crowd(&skin("tigers-goats"), "asalto"), "goat");
    assert_eq!(crowd(&skin("officers-rebels"), "asalto"), "rebel");
}
