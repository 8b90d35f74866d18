//! The rules pages, one for every game, built from its file: every message
//! they show exists in English and Russian, every diagram is built by the
//! rules engine (pieces on the board's points, arrows along its lines and
//! jump lines, each a move the engine generates), each page renders (in a
//! headless egui context) in both languages at a phone's width and a
//! desktop's with no raw message id, no English on the Russian page and
//! the plural forms right, and every reading a file marks as ours shows.

use std::collections::BTreeSet;
use std::path::Path;

use bevy_egui::egui;
use stronghold::game::common::i18n::{I18n, Language, Msg, message_file_path};
use stronghold::game::ui::rules_page::{
    ArrowStyle, FRAME_IDS, Kind, Scene, diagrams, message_ids, rules_page, rules_screen,
    rules_screen_with,
};
use stronghold::rules::family::file::{Chain, EndSpec, LineCapture, OptionEffect, Steps};
use stronghold::rules::{Bitboard, Board, GameId, Move, Point, Rules, Side, Variant};

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
    assert!(en.len() > 60, "only {} rules messages", en.len());
    for id in en.iter().chain(&ru) {
        assert!(id.starts_with("rules-"), "`{id}` lacks the rules- prefix");
    }
    let (en_set, ru_set): (BTreeSet<_>, BTreeSet<_>) = (en.iter().collect(), ru.iter().collect());
    assert_eq!(en_set.len(), en.len(), "an id twice in en/rules.ftl");
    assert_eq!(ru_set.len(), ru.len(), "an id twice in ru/rules.ftl");
    assert_eq!(en_set, ru_set, "rules.ftl differs between the languages");
    // The pages written by hand and the family screen's words are gone.
    for language in Language::ALL {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/i18n")
            .join(language.code());
        assert!(!folder.join("family.ftl").exists());
    }
}

#[test]
fn every_message_a_page_uses_exists_and_every_rules_message_is_used() {
    let i18n = i18n();
    let mut used = BTreeSet::new();
    for game in all_games() {
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
    let unused: Vec<String> = ids_in(Language::English, "rules.ftl")
        .into_iter()
        .filter(|id| !used.contains(id))
        .collect();
    assert!(unused.is_empty(), "rules messages on no page: {unused:?}");
    assert!(FRAME_IDS.iter().all(|id| used.contains(*id)));
}

/// Two game files read at run time that use what no built-in game does:
/// a side with pieces on the board and in hand, forward to the right and
/// to the left, a side that never steps, a move limit, every option
/// effect, no draw rule at all and a proven draw.
const EVERY_RULE: [(&str, &str); 2] = [
    (
        "every-rule.game.ron",
        r#"GameFile(
    id: "test-every-rule",
    name: (en: "Every rule", ru: "Все правила"),
    origin: (en: "a test", ru: "проверка"),
    region: Europe,
    source: "tests/game/rules_page.rs",
    description: (en: "Hawks against finches", ru: "Ястребы против зябликов"),
    board: (family: Other, grid: (files: 5, ranks: 5, diagonals: Alternating)),
    hunters: (one: (en: "hawk", ru: "ястреб"), many: (en: "hawks", ru: "ястребы"), letter: 'H',
        start: "c3", in_hand: 1, steps: None),
    crowd: (one: (en: "finch", ru: "зяблик"), many: (en: "finches", ru: "зяблики"), letter: 'F',
        start: "a1 a2 a3 a4 a5", forward: East),
    first: Crowd,
    capture: (chain: Single),
    ends: [OutlastsMoves(Crowd, 40)],
    no_moves: (hunters: Loses, crowd: Loses),
    options: [
        (key: "must", values: ["off", "on"], default: "off", tag: Variant,
            set: [("on", [Compulsory(true)])]),
        (key: "chain", values: ["1", "0", "2", "3"], default: "1", tag: Traditional,
            set: [("0", [Chain(NoCapture)]), ("2", [Chain(Optional)]), ("3", [Chain(Maximal)])]),
        (key: "way", values: ["1", "2", "3", "4"], default: "1", tag: Chosen,
            set: [("2", [Steps(Crowd, Ahead)]), ("3", [Steps(Crowd, Forward)]), ("4", [Steps(Crowd, None)])]),
        (key: "draws", values: ["1", "2"], default: "1", tag: Variant,
            set: [("2", [QuietLimit(Some(50)), Repetition(Some(3))])]),
    ],
    solved: (positions: 10),
)"#,
    ),
    (
        "every-rule-2.game.ron",
        r#"GameFile(
    id: "test-every-rule-2",
    name: (en: "Every rule, again", ru: "Все правила, снова"),
    origin: (en: "a test", ru: "проверка"),
    region: Asia,
    source: "tests/game/rules_page.rs",
    description: (en: "A cat against mice", ru: "Кошка против мышей"),
    board: (family: Other, grid: (files: 5, ranks: 5)),
    hunters: (one: (en: "cat", ru: "кошка"), many: (en: "cats", ru: "кошки"), letter: 'C',
        start: "c3"),
    crowd: (one: (en: "mouse", ru: "мышь"), many: (en: "mice", ru: "мыши"), letter: 'M',
        start: "e1 e2 e3 e4 e5", steps: Forward, forward: West),
    first: Hunters,
    capture: (chain: Single),
    ends: [CrowdAtMost(2)],
    no_moves: (hunters: Loses, crowd: Draws),
    options: [
        (key: "again", values: ["1", "2", "3"], default: "1", tag: Variant,
            set: [("2", [Repetition(Some(3))]), ("3", [Repetition(None), Chain(Single)])]),
    ],
)"#,
    ),
];

/// The games of [`EVERY_RULE`], read once.
fn extra_games() -> &'static [GameId] {
    static GAMES: std::sync::OnceLock<Vec<GameId>> = std::sync::OnceLock::new();
    GAMES.get_or_init(|| {
        EVERY_RULE
            .iter()
            .map(|(file, text)| {
                GameId::load(file, text.as_bytes()).unwrap_or_else(|e| panic!("{e}"))
            })
            .collect()
    })
}

/// The built-in games and those of [`EVERY_RULE`].
fn all_games() -> Vec<GameId> {
    GameId::built_in()
        .chain(extra_games().iter().copied())
        .collect()
}

/// The side whose piece stands on `p` in a scene.
fn side_at(scene: &Scene, p: stronghold::rules::Point) -> Option<Side> {
    if scene.hunters.contains(p) {
        Some(Side::Hunters)
    } else if scene.crowd.contains(p) {
        Some(Side::Crowd)
    } else {
        None
    }
}

/// The moves the engine generates in a scene's position with `side` to
/// move, under the game's default options or any of its other values.
fn generated(scene: &Scene, side: Side, any_option: bool) -> Vec<Move> {
    let mut variants = vec![Variant::new(scene.game)];
    if any_option {
        for option in &scene.game.file().options {
            for value in &option.values {
                let mut v = Variant::new(scene.game);
                v.set(&option.key, value).expect("a value of the file");
                variants.push(v);
            }
        }
    }
    let mut moves = Vec::new();
    for v in variants {
        let rules = Rules::of(v);
        let pos = rules.position([scene.hunters, scene.crowd], side, scene.in_hand, 0, None);
        rules.generate(&pos, &mut moves);
    }
    moves
}

/// Whether `to` lies straight on from `from` along a line of the board,
/// past its jump lines' reach (a line capture's landing).
fn straight_on(board: &Board, from: Point, to: Point) -> bool {
    board.jumps(from).iter().any(|&(mut over, mut land)| {
        loop {
            if land == to {
                return true;
            }
            match board.jumps(over).iter().find(|&&(o, _)| o == land) {
                Some(&(_, next)) => (over, land) = (land, next),
                None => return false,
            }
        }
    })
}

/// The move an arrow draws.
fn arrow_move(points: &[stronghold::rules::Point], jump: bool) -> Move {
    if jump {
        Move::jump(points[0], &points[1..]).expect("a chain")
    } else {
        Move::step(points[0], points[1])
    }
}

#[test]
fn every_diagram_is_built_by_the_engine_on_the_games_board() {
    for game in all_games() {
        let rules = Rules::of(Variant::new(game));
        let board = rules.board();
        for d in diagrams(game).iter() {
            let s = &d.scene;
            let what = format!("{game} {:?}", d.kind);
            let marked = s.hunters | s.crowd | s.targets | s.region | s.captured | s.huffed;
            assert!(board.points.is_superset(marked), "{what}: off the board");
            assert!((s.hunters & s.crowd).is_empty(), "{what}");
            assert!(
                (s.captured & !s.crowd).is_empty(),
                "{what}: a capture of nothing"
            );
            for ring in &s.rings {
                assert!(board.points.contains(ring.point), "{what}: ring");
            }
            for arrow in &s.arrows {
                let legs = arrow.points.windows(2);
                let mut jump = false;
                for leg in legs {
                    let line = board.neighbours[leg[0].index()].contains(leg[1]);
                    let jump_line = board.jumps(leg[0]).iter().any(|&(_, to)| to == leg[1])
                        || straight_on(board, leg[0], leg[1]);
                    assert!(line || jump_line, "{what}: {:?} is no line", leg);
                    jump |= jump_line && !line;
                }
                let side = side_at(s, arrow.points[0]);
                if arrow.style == ArrowStyle::Forbidden {
                    // A hop on from a landing: a jump line, but no move.
                    assert!(jump, "{what}: a forbidden hop off the jump lines");
                    continue;
                }
                let side = side.unwrap_or_else(|| panic!("{what}: an arrow from no piece"));
                let mv = arrow_move(&arrow.points, jump);
                let options = arrow.style == ArrowStyle::Optional;
                assert!(
                    generated(s, side, options).contains(&mv),
                    "{what}: {mv:?} is not a move the engine generates"
                );
                if !options {
                    assert!(generated(s, side, false).contains(&mv), "{what}");
                } else {
                    assert!(
                        !generated(s, side, false).contains(&mv),
                        "{what}: dashed yet plain"
                    );
                }
            }
            if let Some((p, side)) = s.drop {
                assert!(
                    generated(s, side, false).contains(&Move::place(p)),
                    "{what}: drop"
                );
                for t in s.targets {
                    assert!(
                        generated(s, side, false).contains(&Move::place(t)),
                        "{what}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_game_has_the_diagrams_its_rules_call_for() {
    for game in all_games() {
        let file = game.file();
        let rules = Rules::of(Variant::new(game));
        let kinds: Vec<Kind> = diagrams(game).iter().map(|d| d.kind).collect();
        let mut wanted = vec![Kind::Start];
        for (side, spec) in [(Side::Hunters, &file.hunters), (Side::Crowd, &file.crowd)] {
            if spec.in_hand > 0 {
                wanted.push(Kind::Place(side));
            }
            if spec.steps != Steps::None {
                wanted.push(Kind::Steps(side));
            }
        }
        match file.capture.chain {
            Chain::NoCapture => {}
            Chain::Single => wanted.push(Kind::Capture),
            Chain::Optional | Chain::Maximal => wanted.push(Kind::Chain),
        }
        if file.capture.huffing {
            wanted.push(Kind::Huff);
        }
        if file.capture.line != LineCapture::One {
            wanted.push(Kind::Line);
            let line = diagrams(game)
                .iter()
                .find(|d| d.kind == Kind::Line)
                .cloned();
            let taken = line.map_or(0, |d| d.scene.captured.count());
            assert!(taken >= 2, "{game}: a line capture that takes {taken}");
        }
        let regions = file
            .ends
            .iter()
            .any(|e| matches!(e, EndSpec::CrowdFills(_) | EndSpec::Reaches(..)));
        if regions {
            wanted.push(Kind::Goal);
        }
        for kind in wanted {
            assert!(kinds.contains(&kind), "{game}: no {kind:?} diagram");
        }
        let all = diagrams(game);
        let start = &all.iter().find(|d| d.kind == Kind::Start).unwrap().scene;
        let pos = rules.start_position();
        assert_eq!(
            (start.hunters, start.crowd, start.in_hand),
            (pos.hunters(), pos.crowd(), pos.in_hand)
        );
        // Each point an option adds a piece on is ringed.
        let added: usize = file
            .options
            .iter()
            .flat_map(|o| &o.set)
            .flat_map(|(_, effects)| effects)
            .map(|e| match e {
                OptionEffect::AddStart(_, points) => points.split_whitespace().count(),
                _ => 0,
            })
            .sum();
        let ringed: BTreeSet<_> = start.rings.iter().map(|r| r.point).collect();
        assert!(
            ringed.len() <= added && (added == 0) == ringed.is_empty(),
            "{game}: rings"
        );
        if let Some(d) = all.iter().find(|d| d.kind == Kind::Chain) {
            assert!(d.scene.captured.count() >= 2, "{game}: a chain of one");
        }
        if let Some(d) = all.iter().find(|d| d.kind == Kind::Huff) {
            assert_eq!(d.scene.huffed.count(), 1, "{game}: huff");
        }
    }
}

#[test]
fn the_geese_options_rings_and_the_bulgars_retreat_are_drawn() {
    let geese = diagrams(GameId::named("fox-geese"));
    let start = &geese.iter().find(|d| d.kind == Kind::Start).unwrap().scene;
    let labels: BTreeSet<&str> = start.rings.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(
        (start.rings.len(), labels),
        (4, BTreeSet::from(["15", "17"]))
    );
    let pirates = diagrams(GameId::named("pirates"));
    let bulgar = &pirates
        .iter()
        .find(|d| d.kind == Kind::Steps(Side::Crowd))
        .unwrap()
        .scene;
    let dashed = bulgar
        .arrows
        .iter()
        .filter(|a| a.style == ArrowStyle::Optional)
        .count();
    // d4 (or any point with diagonals): five steps, three more backwards.
    assert_eq!((bulgar.arrows.len() - dashed, dashed), (5, 3));
    let asalto = diagrams(GameId::named("asalto"));
    let place = &asalto
        .iter()
        .find(|d| d.kind == Kind::Place(Side::Hunters))
        .unwrap()
        .scene;
    assert_eq!((place.targets.count() + 1, place.region.count()), (9, 9));
}

/// Every text egui would paint for one frame of `ui_fn`.
fn rendered_texts(width: f32, ui_fn: impl FnMut(&mut egui::Ui)) -> Vec<String> {
    let ctx = egui::Context::default();
    let input = egui::RawInput {
        // Tall enough that the whole page is on screen and painted.
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(width, 60_000.0),
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

/// Whether a text has a word of three Latin letters or more (point names,
/// move text and numbers have none).
fn has_latin_word(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w.len() >= 3)
}

/// A text with its white space taken out: a galley of several sections
/// joins them without the space between.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn every_page_renders_in_both_languages_with_no_raw_message_id() {
    let mut i18n = i18n();
    for game in all_games() {
        let mut english = BTreeSet::new();
        for language in Language::ALL {
            i18n.set_language(language);
            for width in [340.0, 1100.0] {
                let texts = rendered_texts(width, |ui| rules_page(ui, &i18n, game));
                assert!(
                    texts.len() > 40,
                    "{game} {language:?}: {} texts",
                    texts.len()
                );
                for t in &texts {
                    for raw in ["rules-", "option-", "tag-", "new-game-"] {
                        assert!(!t.contains(raw), "{game} {language:?}: raw id in `{t}`");
                    }
                    match language {
                        Language::English => {
                            english.insert(t.clone());
                        }
                        Language::Russian => assert!(
                            !(english.contains(t) && has_latin_word(t)),
                            "{game}: English `{t}` on the Russian page"
                        ),
                    }
                }
                let heading = i18n.tr("rules-heading-winning");
                assert!(
                    texts.contains(&heading),
                    "{game} {language:?} {width}: no `{heading}`"
                );
                counts_read_right(game, language, &texts);
            }
        }
    }
}

/// The Russian plural category of a count: one (1, 21), few (2-4, 22),
/// many (5-20, 25, 0).
fn russian_category(n: u32) -> usize {
    match (n % 10, n % 100) {
        (1, h) if h != 11 => 0,
        (2..=4, h) if !(12..=14).contains(&h) => 1,
        _ => 2,
    }
}

/// No "1 vultures" and no "7 вороны": a count takes the form it needs.
fn counts_read_right(game: GameId, language: Language, texts: &[String]) {
    let rules = Rules::of(Variant::new(game));
    for side in [Side::Hunters, Side::Crowd] {
        let file = game.file();
        let spec = if side == Side::Hunters {
            &file.hunters
        } else {
            &file.crowd
        };
        let n = rules.starting_count(side);
        let (wrong, right) = match language {
            Language::English if n == 1 => (spec.many.en.clone(), spec.one.en.clone()),
            Language::English => (spec.one.en.clone(), spec.many.en.clone()),
            Language::Russian => {
                let right = match (russian_category(n), &spec.counted_ru) {
                    (0, _) => spec.one.ru.clone(),
                    (1, Some((few, _))) => few.clone(),
                    (_, Some((_, many))) => many.clone(),
                    // No forms to count with: "вороны: 7".
                    (_, None) => format!("{}: {n}", spec.many.ru),
                };
                (spec.many.ru.clone(), right)
            }
        };
        let said_wrong = format!("{n} {wrong}");
        if !right.ends_with(&format!(" {wrong}")) && right != wrong {
            assert!(
                !texts.iter().any(|t| t == &said_wrong),
                "{game} {language:?}: `{said_wrong}`"
            );
        }
        let legend = if right.contains(':') {
            right
        } else {
            format!("{n} {right}")
        };
        let legend = legend.to_lowercase();
        assert!(
            texts.iter().any(|t| t.to_lowercase() == legend),
            "{game} {language:?}: no `{legend}` in the legend"
        );
    }
}

#[test]
fn every_reading_a_file_marks_as_ours_and_its_history_show() {
    let mut i18n = i18n();
    for language in Language::ALL {
        i18n.set_language(language);
        let badge = i18n.tr("rules-badge-chosen").to_uppercase();
        for game in all_games() {
            let file = game.file();
            let texts = rendered_texts(900.0, |ui| rules_page(ui, &i18n, game));
            let all: Vec<String> = texts.iter().map(|t| squeezed(t)).collect();
            for words in file.chosen.iter().chain(&file.about) {
                let text = squeezed(i18n.words(words));
                assert!(
                    all.iter().any(|t| t == &text),
                    "{game} {language:?}: `{text}` not shown"
                );
            }
            let badges = texts.iter().filter(|t| **t == badge).count();
            let tagged = file
                .options
                .iter()
                .filter(|o| o.tag == stronghold::rules::family::file::OptionTag::Chosen)
                .count();
            assert!(
                badges >= file.chosen.len() + tagged,
                "{game} {language:?}: {badges} Chosen badges"
            );
            let solved = i18n.tr("rules-badge-solved").to_uppercase();
            assert_eq!(
                texts.contains(&solved),
                file.solved.is_some(),
                "{game}: perfect play"
            );
            // A draw the quiet draw decides names the win it cuts short.
            if let Some(win) = file.solved.and_then(|s| s.without_quiet_draw) {
                let limit = file.draws.quiet_limit.expect("a quiet draw");
                assert!(
                    texts.iter().any(|t| t.contains(&format!("{} ", win.plies))
                        && t.contains(&format!("{limit} "))),
                    "{game} {language:?}: the win the quiet draw cuts short"
                );
            }
        }
    }
}

#[test]
fn every_file_says_its_readings_and_history_in_both_languages() {
    let cyrillic = |s: &str| {
        s.chars()
            .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
    };
    for game in GameId::built_in() {
        let file = game.file();
        for words in file.chosen.iter().chain(&file.about) {
            assert!(
                !words.en.trim().is_empty() && !words.ru.trim().is_empty(),
                "{game}"
            );
            assert!(
                cyrillic(&words.ru) && !cyrillic(&words.en),
                "{game}: `{}`",
                words.en
            );
        }
        // The first four games' knowledge moved into their files.
        if ["pirates", "asalto", "fox-geese", "bagh-chal"].contains(&game.id()) {
            assert!(!file.about.is_empty() && !file.chosen.is_empty(), "{game}");
        }
    }
}

#[test]
fn the_screen_offers_every_game_grouped_by_board() {
    let mut i18n = i18n();
    for language in Language::ALL {
        i18n.set_language(language);
        let mut game = GameId::named("pirates");
        // Folded, the picker is one line above the page.
        let folded = rendered_texts(1000.0, |ui| rules_screen(ui, &i18n, &mut game));
        let count = GameId::built_in().count() as u32;
        let all_games = i18n.msg(&Msg::new("rules-all-games").num("count", count));
        assert!(folded.contains(&all_games), "no `{all_games}`");
        assert!(!folded.contains(&i18n.tr("new-game-board-star")));
        let texts = rendered_texts(1000.0, |ui| rules_screen_with(ui, &i18n, &mut game, true));
        for g in GameId::built_in() {
            let title = i18n.words(&g.file().name).to_string();
            assert!(texts.contains(&title), "no tab `{title}`");
        }
        for board in ["new-game-board-star", "new-game-board-cross"] {
            assert!(i18n.has(language, board), "{board} in {language:?}");
            assert!(texts.contains(&i18n.tr(board)), "no `{board}`");
        }
        assert!(texts.contains(&i18n.tr("rules-badge-option").to_uppercase()));
        // No message shown by its id: every one the screen uses exists.
        let raw: Vec<&String> = texts
            .iter()
            .filter(|t| t.starts_with("new-game-") || t.starts_with("rules-"))
            .collect();
        assert!(raw.is_empty(), "ids shown as text: {raw:?}");
    }
}

#[test]
fn a_region_the_crowd_fills_is_shaded_on_the_start() {
    for game in all_games() {
        let rules = Rules::of(Variant::new(game));
        let start = &diagrams(game)
            .iter()
            .find(|d| d.kind == Kind::Start)
            .unwrap()
            .scene
            .clone();
        let expected = rules
            .region_to_fill()
            .or_else(|| rules.region_to_reach(Side::Crowd))
            .or_else(|| rules.region_to_reach(Side::Hunters))
            .unwrap_or(Bitboard::EMPTY);
        assert_eq!(start.region, expected, "{game}");
    }
}

/// A two-round match's page tells how its rounds end and draw, and never
/// that a bear without a move loses the game.
#[test]
fn a_two_round_matchs_page_tells_its_rounds() {
    for id in ["gioco-dell-orso", "to-kinegi-tou-lagou"] {
        let ids = message_ids(GameId::named(id));
        for wanted in [
            "rules-special-two-rounds",
            "rules-end-rounds",
            "rules-draw-rounds",
        ] {
            assert!(ids.iter().any(|i| i == wanted), "{id}: {wanted}");
        }
        for unwanted in ["rules-end-none", "rules-stuck-loses", "rules-draw-none"] {
            assert!(!ids.iter().any(|i| i == unwanted), "{id}: {unwanted}");
        }
    }
}

/// A stack is drawn with its height, as on the board, and the page counts
/// its pieces whole (Bagh Batti's twenty goats stand on four points).
#[test]
fn a_stack_shows_its_height_and_its_pieces_count_whole() {
    let start = |game: GameId| {
        diagrams(game)
            .iter()
            .find(|d| d.kind == Kind::Start)
            .expect("a start diagram")
            .scene
            .clone()
    };
    let batti = GameId::named("bagh-batti");
    let heights: Vec<u32> = start(batti).stacks.iter().map(|&(_, h)| h).collect();
    assert_eq!(heights, [5, 5, 5, 5]);
    assert!(start(GameId::named("pirates")).stacks.is_empty());
    let i18n = i18n();
    let texts = rendered_texts(1000.0, |ui| rules_page(ui, &i18n, batti));
    assert!(
        texts
            .iter()
            .any(|t| t.contains("goats (20) start in stacks on b2 d2 b4 d4")),
        "no count of twenty goats"
    );
    assert!(
        texts.iter().filter(|t| *t == "5").count() >= 4,
        "no heights drawn"
    );
}
