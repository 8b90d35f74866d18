//! The rules pages: every message they show exists in English and Russian,
//! every diagram is built by the rules engine, and each page renders (in a
//! headless egui context) with no raw message id on it.

use std::collections::BTreeSet;
use std::path::Path;

use bevy_egui::egui;
use stronghold::game::common::i18n::{I18n, Language, MESSAGE_FILES, message_file_path};
use stronghold::game::ui::rules_page::{
    self, ArrowStyle, Diagram, FRAME_IDS, message_ids, rules_page, rules_screen,
};
use stronghold::rules::GameId;

fn assets() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

fn i18n() -> I18n {
    let i18n = I18n::from_dir(&assets()).expect("message files");
    assert!(i18n.problems.is_empty(), "{:?}", i18n.problems);
    i18n
}

/// The message ids of one `.ftl` file, in file order.
fn ids_in(language: Language, file: &str) -> Vec<String> {
    let path = assets().join(message_file_path(language, file));
    let text = std::fs::read_to_string(&path).expect("message file");
    text.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
        .collect()
}

#[test]
fn rules_messages_have_the_same_ids_in_both_languages() {
    let en = ids_in(Language::English, "rules.ftl");
    let ru = ids_in(Language::Russian, "rules.ftl");
    assert!(en.len() > 100, "only {} rules messages", en.len());
    for id in en.iter().chain(&ru) {
        assert!(id.starts_with("rules-"), "`{id}` lacks the rules- prefix");
    }
    let (en_set, ru_set): (BTreeSet<_>, BTreeSet<_>) = (en.iter().collect(), ru.iter().collect());
    assert_eq!(en_set.len(), en.len(), "an id twice in en/rules.ftl");
    assert_eq!(ru_set.len(), ru.len(), "an id twice in ru/rules.ftl");
    let only_en: Vec<_> = en_set.difference(&ru_set).collect();
    let only_ru: Vec<_> = ru_set.difference(&en_set).collect();
    assert!(only_en.is_empty(), "missing in Russian: {only_en:?}");
    assert!(only_ru.is_empty(), "missing in English: {only_ru:?}");
}

#[test]
fn every_message_a_page_uses_exists_and_every_rules_message_is_used() {
    let i18n = i18n();
    let mut used = BTreeSet::new();
    for game in GameId::built_in() {
        for id in message_ids(game) {
            for language in Language::ALL {
                assert!(
                    i18n.has(language, &id),
                    "{game}: `{id}` missing in {language:?}"
                );
            }
            used.insert(id);
        }
    }
    for id in ids_in(Language::English, "rules.ftl") {
        assert!(used.contains(&id), "`{id}` is on no page");
    }
    assert!(FRAME_IDS.iter().all(|id| used.contains(*id)));
}

#[test]
fn every_diagram_is_built_by_the_engine_on_the_games_topology() {
    for diagram in Diagram::ALL {
        let scene = match diagram.scene() {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        let rules = stronghold::rules::Rules::of(stronghold::rules::Variant::new(scene.game));
        let topology = rules.board();
        let pieces = scene.hunters | scene.crowd;
        assert!(
            topology.points.is_superset(pieces | scene.targets),
            "{diagram:?}"
        );
        assert!((scene.hunters & scene.crowd).is_empty(), "{diagram:?}");
        for arrow in &scene.arrows {
            // Each leg is a line (a step) or a jump line of the board.
            for leg in arrow.points.windows(2) {
                let joined = topology.neighbours[leg[0].index()].contains(leg[1])
                    || topology.jumps(leg[0]).iter().any(|&(_, to)| to == leg[1]);
                assert!(joined, "{diagram:?}: {} to {} is no line", leg[0], leg[1]);
            }
        }
    }
}

#[test]
fn diagrams_show_what_their_captions_say() {
    let scene = |d: Diagram| diagram_scene(d);
    let start = scene(Diagram::PiratesStart);
    assert_eq!((start.hunters.count(), start.crowd.count()), (2, 24));
    let setup = scene(Diagram::AsaltoSetup);
    assert_eq!((setup.in_hand, setup.targets.count()), ([2, 0], 9));
    assert_eq!(scene(Diagram::BulgarSteps).arrows.len(), 5 + 3);
    assert_eq!(scene(Diagram::PirateSteps).arrows.len(), 8);
    assert_eq!(scene(Diagram::PirateChain).captured.count(), 2);
    assert_eq!(scene(Diagram::OfficerChain).captured.count(), 3);
    assert_eq!(scene(Diagram::Huff).huffed.count(), 1);
    let fox = scene(Diagram::FoxStart);
    assert_eq!((fox.crowd.count(), fox.rings.len()), (13, 4));
    let goose = scene(Diagram::GooseSteps);
    let optional = goose
        .arrows
        .iter()
        .filter(|a| a.style == ArrowStyle::Optional)
        .count();
    assert_eq!((goose.arrows.len(), optional), (5, 2));
    assert_eq!(scene(Diagram::BaghStart).in_hand, [0, 20]);
    assert_eq!(scene(Diagram::GoatSteps).arrows.len(), 8);
    assert_eq!(scene(Diagram::TigerJump).captured.count(), 1);
}

fn diagram_scene(d: Diagram) -> &'static rules_page::Scene {
    d.scene().as_ref().expect("diagram")
}

/// Every text egui would paint for one frame of `ui_fn`.
fn rendered_texts(width: f32, ui_fn: impl FnMut(&mut egui::Ui)) -> Vec<String> {
    let ctx = egui::Context::default();
    let input = egui::RawInput {
        // Tall enough that the whole page is on screen and painted.
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(width, 40_000.0),
        )),
        ..Default::default()
    };
    let output = ctx.run_ui(input, ui_fn);
    let mut texts = Vec::new();
    fn collect(shape: &egui::Shape, texts: &mut Vec<String>) {
        match shape {
            egui::Shape::Text(t) => texts.push(t.galley.text().to_string()),
            egui::Shape::Vec(v) => v.iter().for_each(|s| collect(s, texts)),
            _ => {}
        }
    }
    for clipped in &output.shapes {
        collect(&clipped.shape, &mut texts);
    }
    // No renderer takes the font texture here.
    output.drop_without_applying_deltas();
    texts
}

#[test]
fn every_page_renders_in_both_languages_with_no_raw_message_id() {
    let mut i18n = i18n();
    let english: BTreeSet<String> = written_pages()
        .flat_map(message_ids)
        .map(|id| i18n.tr(&id))
        .collect();
    for language in Language::ALL {
        i18n.set_language(language);
        for game in written_pages() {
            for width in [340.0, 1100.0] {
                let texts = rendered_texts(width, |ui| rules_page(ui, &i18n, game));
                let title = i18n.tr(&format!("rules-{}-title", page_key(game)));
                assert!(
                    texts.len() > 40,
                    "{game} {language:?}: {} texts",
                    texts.len()
                );
                for t in &texts {
                    assert!(
                        !t.contains("rules-"),
                        "{game} {language:?}: raw id in `{t}`"
                    );
                    if language == Language::Russian {
                        assert!(
                            !english.contains(t),
                            "{game}: English `{t}` on the Russian page"
                        );
                    }
                }
                let heading = i18n.tr("rules-heading-winning");
                assert!(
                    texts.contains(&heading),
                    "{game} {language:?} {width}: no `{heading}` ({title})"
                );
            }
        }
    }
}

#[test]
fn the_screen_offers_every_game() {
    let i18n = i18n();
    let mut game = GameId::named("asalto");
    let texts = rendered_texts(800.0, |ui| rules_screen(ui, &i18n, &mut game));
    for g in written_pages() {
        let title = i18n.tr(&format!("rules-{}-title", page_key(g)));
        assert!(texts.contains(&title), "no tab `{title}`");
    }
    assert!(texts.contains(&i18n.tr("rules-asalto-huff")));
}

/// The games with a written rules page (the others' are built from their files).
fn written_pages() -> impl Iterator<Item = GameId> {
    GameId::built_in().filter(|g| stronghold::game::ui::rules_page::written_page(*g).is_some())
}

fn page_key(game: GameId) -> &'static str {
    match game.id() {
        "fox-geese" => "foxgeese",
        "bagh-chal" => "baghchal",
        id => id,
    }
}

/// The AI's message on Fox and Geese with perfect play.
const SOLVED: &str = "ai-foxgeese-solved";

/// The message files with the AI's proven Fox and Geese result added (or not).
fn i18n_with_solved(solved: bool) -> I18n {
    let mut sources: [Vec<(String, String)>; 2] = [Vec::new(), Vec::new()];
    for (i, language) in Language::ALL.into_iter().enumerate() {
        for file in MESSAGE_FILES {
            let path = assets().join(message_file_path(language, file));
            let mut text = std::fs::read_to_string(path).expect("message file");
            if file == "ai.ftl" {
                // Drop any real one so the test controls it.
                text = text
                    .lines()
                    .filter(|l| !l.starts_with(SOLVED))
                    .collect::<Vec<_>>()
                    .join("\n");
                if solved {
                    text.push_str(&format!("\n{SOLVED} = PROVEN-{}\n", language.code()));
                }
            }
            sources[i].push((file.to_string(), text));
        }
    }
    I18n::from_sources(sources)
}

#[test]
fn the_pages_say_what_is_known_of_perfect_play() {
    for language in Language::ALL {
        let mut with = i18n_with_solved(true);
        with.set_language(language);
        let texts = rendered_texts(900.0, |ui| {
            rules_page(ui, &with, GameId::named("fox-geese"))
        });
        let proven = format!("PROVEN-{}", language.code());
        assert!(texts.contains(&proven), "{language:?}: no proven result");
        let others = rendered_texts(900.0, |ui| {
            rules_page(ui, &with, GameId::named("bagh-chal"))
        });
        assert!(
            !others.contains(&proven),
            "the result on another game's page"
        );
        // Bagh-Chal's page has its own: what is known under our rules.
        assert!(
            others.contains(&with.tr("ai-baghchal-solved")),
            "{language:?}: Bagh-Chal's page says nothing of perfect play"
        );
        let mut without = i18n_with_solved(false);
        without.set_language(language);
        let texts = rendered_texts(900.0, |ui| {
            rules_page(ui, &without, GameId::named("fox-geese"))
        });
        assert!(
            !texts
                .iter()
                .any(|t| t.contains("PROVEN") || t.contains(SOLVED))
        );
        assert!(!texts.contains(&without.tr("rules-badge-solved")));
    }
}
