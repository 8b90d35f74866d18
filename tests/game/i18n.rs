//! The translations: both languages have the same messages, every message
//! formats, Russian counts with the right plural forms, no text in the
//! game's code is a bare English literal outside the message files, and
//! every error of the rules, the saves and the skins reads in the player's
//! language.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use stronghold::game::common::i18n::{I18n, Language, MESSAGE_FILES, Msg, message_file_path};
use stronghold::rules::{GameId, Side};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// The message ids a Fluent file defines (top-level `id =` lines; terms
/// and attributes excluded).
fn ids(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim().to_string()))
        .collect()
}

#[test]
fn both_languages_have_the_same_message_ids() {
    for file in MESSAGE_FILES {
        let read = |language: Language| {
            let path = assets().join(message_file_path(language, file));
            ids(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}")))
        };
        let (en, ru) = (read(Language::English), read(Language::Russian));
        let only_en: Vec<_> = en.difference(&ru).collect();
        let only_ru: Vec<_> = ru.difference(&en).collect();
        assert!(
            only_en.is_empty() && only_ru.is_empty(),
            "{file}: only in English {only_en:?}, only in Russian {only_ru:?}"
        );
    }
}

#[test]
fn every_message_file_parses_without_problems() {
    let i18n = I18n::from_dir(&assets()).expect("message files");
    assert!(i18n.problems.is_empty(), "{:#?}", i18n.problems);
}

#[test]
fn russian_counts_use_the_right_plural_forms() {
    let mut i18n = I18n::from_dir(&assets()).expect("message files");
    i18n.set_language(Language::Russian);
    let rebels = i18n.traditional_name(GameId::named("asalto"), Side::Crowd);
    let counted: Vec<String> = [1, 2, 5, 11, 21, 22, 25, 0]
        .into_iter()
        .map(|n| i18n.count(n, &rebels))
        .collect();
    assert_eq!(
        counted,
        [
            "1 мятежник",
            "2 мятежника",
            "5 мятежников",
            "11 мятежников",
            "21 мятежник",
            "22 мятежника",
            "25 мятежников",
            "0 мятежников",
        ]
    );
    i18n.set_language(Language::English);
    assert_eq!(i18n.count(1, &rebels), "1 rebel");
    assert_eq!(i18n.count(2, &rebels), "2 rebels");
}

#[test]
fn switching_language_changes_the_text() {
    let mut i18n = I18n::from_dir(&assets()).expect("message files");
    let english = i18n.tr("menu-new-game");
    i18n.set_language(Language::Russian);
    let russian = i18n.tr("menu-new-game");
    assert_eq!(english, "New game");
    assert_eq!(russian, "Новая игра");
    // A missing id shows itself, so a gap is visible rather than blank.
    assert_eq!(i18n.msg(&Msg::new("no-such-message")), "no-such-message");
}

/// Every message id the game's code names in a `tr("…")` or `Msg::new("…")`
/// exists in the English files.
#[test]
fn every_id_the_code_uses_exists() {
    let i18n = I18n::from_dir(&assets()).expect("message files");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect_rs(&root.join("src/game"), &mut files);
    let mut missing = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("source file");
        for call in ["tr(\"", "Msg::new(\""] {
            for (at, _) in text.match_indices(call) {
                let rest = &text[at + call.len()..];
                let id = &rest[..rest.find('"').unwrap_or(0)];
                if is_message_id(id) && !i18n.has(Language::English, id) {
                    missing.push(format!("{}: {id}", path.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ids used in code but not defined: {missing:#?}"
    );
}

/// No English text hides in the game's code: every string literal there is
/// a message id, an egui id, a path, or has no words at all.
#[test]
fn no_bare_english_in_the_game_code() {
    let mut bare = Vec::new();
    for (path, literal) in code_literals() {
        if looks_like_text(&literal) {
            bare.push(format!("{}: {literal:?}", path.display()));
        }
    }
    assert!(
        bare.is_empty(),
        "English text outside the message files: {bare:#?}"
    );
}

/// The detector itself: it must catch text and leave ids alone.
#[test]
fn the_text_detector_tells_text_from_ids() {
    for text in [
        "Start new game",
        "Undo",
        "{} to move",
        "Draw: too long",
        "pause the game",
    ] {
        assert!(looks_like_text(text), "{text}");
    }
    for id in [
        "menu-new-game",
        "stronghold_root",
        "⟲ {}",
        "{}. {}",
        "{held} / 9",
        "i18n/{}/{file}",
        "count",
        "wasm32",
        "c7 e7",
        "a3 g3 d1",
    ] {
        assert!(!looks_like_text(id), "{id}");
    }
}

fn is_message_id(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

fn is_snake_id(s: &str) -> bool {
    s.contains('_')
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Languages named in their own language, shown as they are.
const ENDONYMS: &[&str] = &["English", "Русский"];

/// A literal a player could read as English: words outside `{…}`
/// placeholders (a capital letter or a space between letters), and not an
/// id, an argument name or a path.
fn looks_like_text(s: &str) -> bool {
    if (is_message_id(s) && s.contains('-')) || is_snake_id(s) || ENDONYMS.contains(&s) {
        return false;
    }
    // Paths and file names: assets, message files.
    let path_like = s.contains('/') || s.starts_with('.');
    if path_like && !s.contains(' ') || s.ends_with(".md") || s.ends_with(".ftl") {
        return false;
    }
    let mut depth = 0;
    let mut outside = String::new();
    for c in s.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    // Point names and move text ("c7", "d6xd4xb4") are not words.
    let mut outside: String = outside;
    for file in 'a'..='g' {
        for rank in '1'..='7' {
            outside = outside.replace(&format!("{file}{rank}"), " ");
        }
    }
    // Words: runs of two letters or more.
    let words: Vec<&str> = outside
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
        .collect();
    // A capitalised word ("Undo"); camelCase names ("localStorage") are code.
    let capital = words
        .iter()
        .any(|w| w.starts_with(|c: char| c.is_ascii_uppercase()));
    !words.is_empty() && (capital || words.len() >= 2)
}

/// Files whose literals are not shown to players as sentences: the
/// command-line usage (terminal text), the online invite (a command line or
/// a page address), the frame log, the rules diagrams' specs (move text and
/// point lists, and the errors of a bad spec, which the rules-page tests
/// turn into failures), and the skin checks, whose English `Display` is for
/// the log (players read the `error-skin-*` messages). (Developer log
/// lines inside `warn!`/`info!`/`error!` are skipped by `code_literals`.)
const SKIPPED_FILES: &[&str] = &[
    "shell/launch.rs",
    // The launch's errors: their English `Display` is for the log and a
    // terminal without message files; players read `error-launch-*`.
    "shell/launch_error.rs",
    // An online invite is a command line (`stronghold --join CODE`) or a
    // page address, never a sentence.
    "shell/invite.rs",
    "shell/frame_log.rs",
    "rules_page/scene.rs",
    "skin/data.rs",
    "skin/loader.rs",
    // The built-in skin's names are never shown: with the fallback active
    // the interface names the sides from `main.ftl`.
    "skin/builtin.rs",
    // The web's sound files: their errors go to the log (a sound that
    // cannot play is silent), and "OggS" is the files' magic number.
    "audio/clip.rs",
];

/// Every string literal in `src/game` and `src/main.rs`, with its file,
/// outside comments, attributes, log macros, `expect`/`panic` messages and tests.
fn code_literals() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("src/main.rs")];
    collect_rs(&root.join("src/game"), &mut files);
    let mut out = Vec::new();
    for path in files {
        if SKIPPED_FILES.iter().any(|f| path.ends_with(f)) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("source file");
        let code = text.split("#[cfg(test)]").next().unwrap_or(&text);
        for literal in string_literals(code) {
            out.push((path.clone(), literal));
        }
    }
    out
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Calls whose string arguments are for developers, not players (an I/O
/// error's text reaches players only as the technical detail of a
/// translated notice; the config folder's name is a path).
const DEVELOPER_CALLS: &[&str] = &[
    "Error::other(",
    "ProjectDirs::from(",
    "warn!(",
    "info!(",
    "error!(",
    "debug!(",
    "trace!(",
    "expect(",
    "panic!(",
    "unreachable!(",
    "assert!(",
    "assert_eq!(",
    "eprintln!(",
    "println!(",
    "env!(",
    // Environment variables' names.
    "var_os(",
    "#[",
    // Entity names, for inspectors and logs ("pirate on c6").
    "Name::new(",
    // egui's font keys; the AI worker's reasons (logged) and script.
    "font_names(",
    "WorkerPoll::Failed(",
    "AnalysisPoll::Failed(",
    "FamilyPoll::Failed(",
    "down(",
    "JsValue::from_str(",
];

/// The string literals of Rust source, skipping comments, char literals and
/// the arguments of developer-facing calls.
fn string_literals(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    // Depth of parentheses inside a developer call, when in one.
    let mut dev_depth: Option<i32> = None;
    while i < chars.len() {
        let rest = || chars[i..].iter().take(24).collect::<String>();
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            '\'' => {
                // A char literal ('x', '\n') or a lifetime ('a): skip either.
                if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else if chars.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else {
                    i += 1;
                }
            }
            '"' => {
                let (literal, end) = read_string(&chars, i + 1);
                if dev_depth.is_none() {
                    out.push(literal);
                }
                i = end;
            }
            'r' if chars.get(i + 1) == Some(&'#') || chars.get(i + 1) == Some(&'"') => {
                let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                if chars.get(i + 1 + hashes) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let start = i + 2 + hashes;
                let mut j = start;
                while j < chars.len()
                    && !(chars[j] == '"' && chars[j + 1..].iter().take(hashes).all(|c| *c == '#'))
                {
                    j += 1;
                }
                if dev_depth.is_none() {
                    out.push(chars[start..j].iter().collect());
                }
                i = j + 1 + hashes;
            }
            '(' | '[' => {
                if let Some(d) = dev_depth.as_mut() {
                    *d += 1;
                }
                i += 1;
            }
            ')' | ']' => {
                if let Some(d) = dev_depth.as_mut() {
                    *d -= 1;
                    if *d == 0 {
                        dev_depth = None;
                    }
                }
                i += 1;
            }
            _ => {
                if dev_depth.is_none()
                    && let Some(call) = DEVELOPER_CALLS.iter().find(|c| rest().starts_with(**c))
                {
                    // Step to just past the call's opening bracket.
                    i += call.len();
                    dev_depth = Some(1);
                    continue;
                }
                i += 1;
            }
        }
    }
    out
}

/// Reads a normal string literal from just after its opening quote.
fn read_string(chars: &[char], mut i: usize) -> (String, usize) {
    let mut s = String::new();
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                s.push(chars.get(i + 1).copied().unwrap_or('\\'));
                i += 2;
            }
            '"' => return (s, i + 1),
            c => {
                s.push(c);
                i += 1;
            }
        }
    }
    (s, i)
}

// ---------------------------------------------------------------------------
// Errors in the player's language.

mod errors {
    use std::collections::BTreeSet;

    use bevy::app::App;
    use stronghold::game::board::skin::SkinError;
    use stronghold::game::board::skin::data::PathProblem;
    use stronghold::game::common::i18n::{Arg, I18n, Language, Localize, Msg};
    use stronghold::game::common::settings::Settings;
    use stronghold::game::headless_app;
    use stronghold::game::play::match_state::{Match, MatchCommand, Player};
    use stronghold::game::shell::launch::LaunchError;
    use stronghold::game::shell::persist::{SaveCommand, SavesWindow};
    use stronghold::game::ui::{PanelState, read_move_box};
    use stronghold::rules::family::{GameFileError, Problem};
    use stronghold::rules::{
        CountField, Game, GameId, MoveTextError, OptionError, PositionError, Variant,
    };
    use stronghold::save::LoadError;

    use super::{assets, ids};

    fn i18n_in(language: Language) -> I18n {
        let mut i18n = I18n::from_dir(&assets()).expect("message files");
        i18n.set_language(language);
        i18n
    }

    fn text(s: &str) -> String {
        s.to_string()
    }

    /// One move text error of every kind.
    fn move_errors() -> Vec<MoveTextError> {
        use MoveTextError as E;
        let t = || text("c4-c8");
        vec![
            E::Empty,
            E::UnexpectedCharacter {
                text: t(),
                column: 2,
            },
            E::ExpectedPoint {
                text: t(),
                column: 4,
            },
            E::ExpectedSeparator {
                text: t(),
                column: 3,
            },
            E::ExpectedJumpMark {
                text: t(),
                column: 6,
            },
            E::TextAfterPlacement {
                text: t(),
                column: 4,
            },
            E::TextAfterStep {
                text: t(),
                column: 6,
            },
            E::ChainTooLong {
                text: t(),
                column: 9,
            },
            E::Illegal { text: t() },
            E::GameOver { text: t() },
        ]
    }

    /// Kaooa's file without its options, loaded as a game of its own: a
    /// game with no option to name.
    fn game_without_options() -> GameId {
        let text = include_str!("../../assets/games/kaooa.game.ron");
        let start = text.find("\n    options: [").expect("Kaooa's options");
        let mut depth = 0;
        let mut end = start;
        for (i, c) in text[start..].char_indices() {
            match c {
                '[' => depth += 1,
                ']' if depth == 1 => {
                    end = start + i + 1;
                    break;
                }
                ']' => depth -= 1,
                _ => {}
            }
        }
        let text = format!("{}{}", &text[..start], &text[end + 1..])
            .replace("id: \"kaooa\"", "id: \"kaooa-plain\"");
        let game = GameId::load("kaooa-plain", text.as_bytes()).expect("a game file");
        assert!(game.file().options.is_empty());
        game
    }

    /// One option error of every kind.
    fn option_errors() -> Vec<OptionError> {
        vec![
            OptionError::Syntax(text("geese")),
            OptionError::UnknownKey {
                key: text("speed"),
                game: GameId::named("pirates"),
            },
            OptionError::UnknownKey {
                key: text("geese"),
                game: GameId::named("kaooa"),
            },
            OptionError::UnknownKey {
                key: text("geese"),
                game: game_without_options(),
            },
            OptionError::BadValue {
                key: text("geese"),
                value: text("14"),
                values: vec![text("13"), text("15"), text("17")],
            },
        ]
    }

    /// One position error of every kind (every number field, every game).
    fn position_errors() -> Vec<PositionError> {
        use PositionError as E;
        let mut all = vec![
            E::NonAscii { column: 3 },
            E::FieldCount { found: 5 },
            E::UnknownGame {
                column: 1,
                id: text("chess"),
            },
            E::RankCount {
                column: 9,
                expected: 7,
                found: 6,
            },
            E::RankTooLong {
                column: 44,
                rank: 1,
                points: 3,
            },
            E::RankTooShort {
                column: 41,
                rank: 1,
                described: 2,
                points: 3,
            },
            E::HandSyntax {
                column: 47,
                found: text("00"),
            },
            E::GroundMarkTooLow {
                column: 53,
                mark: 3,
                rank_sum: 54,
            },
            E::BadExtra {
                column: 56,
                found: text("stacks=c3:1"),
            },
        ];
        all.extend(
            option_errors()
                .into_iter()
                .map(|error| E::BadOption { column: 9, error }),
        );
        all.extend(CountField::ALL.into_iter().map(|field| E::BadCount {
            column: 47,
            field,
            found: text("x"),
            max: 2,
        }));
        for game in GameId::built_in() {
            all.extend([
                E::UnexpectedPiece {
                    column: 24,
                    found: 'X',
                    game,
                },
                E::BadSide {
                    column: 45,
                    found: text("X"),
                    game,
                },
                E::HunterCount {
                    column: 9,
                    game,
                    exact: game != GameId::named("asalto"),
                    needed: 2,
                    found: 3,
                },
                E::CrowdCount {
                    column: 9,
                    game,
                    most: 24,
                    found: 25,
                },
                E::HuntersInHandNotToMove { column: 43, game },
            ]);
        }
        all
    }

    /// One save error of every kind.
    fn load_errors() -> Vec<LoadError> {
        let mut all = vec![
            LoadError::Unreadable {
                message: text("permission denied"),
            },
            LoadError::NotText { byte: 12 },
            LoadError::Damaged {
                line: 3,
                column: 7,
                message: text("expected `)`"),
            },
            LoadError::NewerVersion { found: 2 },
            LoadError::UnknownGame {
                game: text("kaooa-7"),
            },
            LoadError::BadFamilyMove {
                number: 4,
                text: text("c1-d4"),
            },
        ];
        all.extend(
            position_errors()
                .into_iter()
                .map(|e| LoadError::BadStart(Box::new(e))),
        );
        for error in move_errors() {
            for redo in [false, true] {
                all.push(LoadError::BadMove {
                    number: 5,
                    redo,
                    error: Box::new(error.clone()),
                });
            }
        }
        all
    }

    /// One skin error of every kind, with and without a place in the file.
    fn skin_errors() -> Vec<SkinError> {
        let file = || text("skins/test.skin.ron");
        let mut all = vec![
            SkinError::Unreadable {
                file: file(),
                message: text("permission denied"),
            },
            SkinError::NotText { file: file() },
            SkinError::Syntax {
                file: file(),
                at: (3, 7),
                message: text("expected `)`"),
            },
        ];
        let problems = [
            PathProblem::Empty,
            PathProblem::OutsideAssets,
            PathProblem::WrongExtension,
            PathProblem::Unreadable(text("not found")),
            PathProblem::NotPng,
            PathProblem::NotOgg,
        ];
        for at in [Some((4, 9)), None] {
            all.extend(problems.iter().map(|problem| SkinError::BadPath {
                file: file(),
                at,
                path: text("sprites/fox.png"),
                problem: problem.clone(),
            }));
        }
        all
    }

    /// One game-file error of every kind (and one with no place in the file).
    fn game_file_errors() -> Vec<GameFileError> {
        use stronghold::rules::Side;
        use stronghold::rules::family::Misused as M;
        use stronghold::rules::family::Unreachable as U;
        let problems = vec![
            Problem::Syntax("Expected closing `)`".into()),
            Problem::NotText,
            Problem::BadId("Kaooa".into()),
            Problem::GridSize {
                files: 30,
                ranks: 2,
            },
            Problem::UnknownPoint {
                name: "q9".into(),
                field: "lines".into(),
            },
            Problem::PointTwice {
                name: "a1".into(),
                field: "points".into(),
            },
            Problem::BadPointName("xx".into()),
            Problem::BadCoordinate("a1".into()),
            Problem::SamePlace("a1".into(), "b2".into()),
            Problem::TooManyPoints(65),
            Problem::TooFewPoints(1),
            Problem::ShortLine("a1".into()),
            Problem::LineToItself("a1".into()),
            Problem::PointWithoutLines("c3".into()),
            Problem::BadJump("a1 b2".into()),
            Problem::JumpOffLines("a1 b2 c3".into()),
            Problem::JumpNotStraight("a1 b2 c1".into()),
            Problem::BadLetter('v'),
            Problem::SameLetter('C'),
            Problem::BothStartOn("e5".into()),
            Problem::NoPieces(Side::Hunters),
            Problem::NoPieces(Side::Crowd),
            Problem::CrowdTooLarge(60),
            Problem::TooManyPieces {
                pieces: 30,
                points: 10,
            },
            Problem::Unreachable(U::NothingCaptures),
            Problem::Unreachable(U::CrowdAlreadyDown { crowd: 7, limit: 9 }),
            Problem::Unreachable(U::EmptyRegion),
            Problem::Unreachable(U::RegionTooLarge {
                points: 9,
                pieces: 4,
            }),
            Problem::Unreachable(U::RegionOutOfReach),
            Problem::Unreachable(U::GoalOutOfReach),
            Problem::Unreachable(U::ZeroMoves),
            Problem::Unreachable(U::HuntersNeverLost),
            Problem::Unreachable(U::CrowdHasNoForward),
            Problem::NoEnds,
            Problem::BadOption("geese".into()),
            Problem::TooManyOptions(5),
            Problem::LinesNeedGrid,
            Problem::Misused(M::BadStack("b2=1".into())),
            Problem::Misused(M::TooManyStacks(5)),
            Problem::Misused(M::HunterStacks),
            Problem::Misused(M::RestackOffStack("c3".into())),
            Problem::Misused(M::FirstTurnPlaces(40)),
            Problem::Misused(M::LineNeedsSingleHop),
            Problem::Misused(M::FlipNeedsForward),
            Problem::Misused(M::TurnsNeedTwoHunters),
            Problem::Misused(M::OwedNeedsCaptures),
            Problem::Misused(M::TwoCounters),
            Problem::Misused(M::StartsKeptOff("f1".into())),
            Problem::Misused(M::LevelLengthsNeedLine),
            Problem::Misused(M::LaterHopsNeedChains),
            Problem::Misused(M::RemovalNeedsPlacements),
            Problem::Misused(M::TwoRoundsNeedBlockade),
        ];
        let mut errors: Vec<GameFileError> = problems
            .into_iter()
            .map(|problem| GameFileError {
                file: "mine.game.ron".into(),
                line: 3,
                column: 7,
                problem,
            })
            .collect();
        errors.push(GameFileError {
            file: "mine.game.ron".into(),
            line: 0,
            column: 0,
            problem: Problem::NoEnds,
        });
        errors
    }

    /// The error's own text (the refused move, token or file name): the
    /// quoted strings and characters of its `Debug` form.
    fn quoted(error: &impl std::fmt::Debug) -> String {
        let debug = format!("{error:?}");
        let mut out = String::new();
        for quote in ['"', '\''] {
            for (i, part) in debug.split(quote).enumerate() {
                if i % 2 == 1 {
                    out.push_str(part);
                    out.push(' ');
                }
            }
        }
        out
    }

    /// Every error of the examples as its message and its own text.
    fn every_error() -> Vec<(Msg, String)> {
        let mut all: Vec<(Msg, String)> = Vec::new();
        all.extend(move_errors().iter().map(|e| (e.to_msg(), quoted(e))));
        all.extend(option_errors().iter().map(|e| (e.to_msg(), quoted(e))));
        all.extend(position_errors().iter().map(|e| (e.to_msg(), quoted(e))));
        all.extend(load_errors().iter().map(|e| (e.to_msg(), quoted(e))));
        all.extend(skin_errors().iter().map(|e| (e.to_msg(), quoted(e))));
        all.extend(game_file_errors().iter().map(|e| (e.to_msg(), quoted(e))));
        all.extend(launch_errors().iter().map(|e| (e.to_msg(), quoted(e))));
        all
    }

    /// One launch error of every kind.
    fn launch_errors() -> Vec<LaunchError> {
        use LaunchError as E;
        let mut all = vec![
            E::NeedsValue {
                flag: text("--moves"),
            },
            E::UnknownArgument {
                arg: text("--fast"),
            },
            E::UnknownGame { id: text("chess") },
            E::UnknownPlayer {
                text: text("robot"),
            },
            E::UnknownLanguage { code: text("de") },
            E::UnknownSide { text: text("left") },
            E::NotInviteCode { text: text("zzz") },
            E::NotNumber {
                flag: text("--review"),
                text: text("ten"),
            },
            E::TextSize { text: text("250") },
            E::BadClock { text: text("5m") },
            E::GameFileUnreadable {
                path: text("/tmp/my.game.ron"),
                message: text("No such file or directory"),
            },
            E::NoFilesOnTheWeb {
                path: text("my.game.ron"),
            },
            E::BadAddress { text: text("%zz") },
        ];
        all.extend(option_errors().into_iter().map(E::BadOption));
        all.extend(move_errors().into_iter().map(E::BadMoves));
        all.extend(
            game_file_errors()
                .into_iter()
                .map(|e| E::GameFile(Box::new(e))),
        );
        all
    }

    /// The message ids a message uses, its own and those of its nested messages.
    fn ids_of(msg: &Msg, out: &mut BTreeSet<String>) {
        out.insert(msg.id.to_string());
        for (_, arg) in &msg.args {
            if let Arg::Msg(inner) = arg {
                ids_of(inner, out);
            }
        }
    }

    /// Names the player types or reads as they are: game ids, option keys
    /// and values, the program's and file formats' names.
    const NOTATION: &[&str] = &[
        "pirates",
        "asalto",
        "fox",
        "geese",
        "bagh",
        "chal",
        "compulsory",
        "chain",
        "steps",
        "retreat",
        "sideways",
        "quiet",
        "limit",
        "off",
        "Stronghold",
        "assets",
        "png",
        "ogg",
        "PNG",
        "Ogg",
        "Vorbis",
        "UTF",
        "skins",
        "test",
        "skin",
        "ron",
        "sprites",
        // The launch's values, as typed on the command line.
        "human",
        "beginner",
        "easy",
        "medium",
        "hard",
        "master",
        "hunters",
        "crowd",
        // The position string's extra fields.
        "stacks",
        "rule",
    ];

    /// Runs of three or more ASCII letters in `shown` that are neither
    /// notation nor part of the refused text `tokens` (the move, the
    /// position string, a file name).
    fn english_words(shown: &str, tokens: &str) -> Vec<String> {
        let allowed: BTreeSet<&str> = tokens
            .split(|c: char| !c.is_ascii_alphanumeric())
            .chain(NOTATION.iter().copied())
            .collect();
        shown
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() >= 3 && !allowed.contains(w))
            .map(str::to_string)
            .collect()
    }

    /// Fails naming the English words in `shown` (see [`english_words`]).
    fn assert_no_english(shown: &str, tokens: &str) {
        let words = english_words(shown, tokens);
        assert!(words.is_empty(), "{shown:?} has English {words:?}");
    }

    #[test]
    fn the_english_word_finder_finds_english_and_spares_notation() {
        assert_eq!(
            english_words("«c4-c8», столбец 4: not a legal move", "c4-c8"),
            ["not", "legal", "move"]
        );
        assert!(english_words("«chess»: pirates, fox-geese, bagh-chal", "chess").is_empty());
    }

    #[test]
    fn every_error_kind_has_a_message_in_both_languages() {
        let english = i18n_in(Language::English);
        let russian = i18n_in(Language::Russian);
        let mut used = BTreeSet::new();
        for (msg, tokens) in every_error() {
            let mut ids = BTreeSet::new();
            ids_of(&msg, &mut ids);
            for id in &ids {
                for language in Language::ALL {
                    assert!(english.has(language, id), "{id} in {language:?}");
                }
            }
            used.extend(ids);
            let (en, ru) = (english.msg(&msg), russian.msg(&msg));
            assert_ne!(en, ru, "{}", msg.id);
            for shown in [&en, &ru] {
                assert!(!shown.contains('{') && !shown.contains("error-"), "{shown}");
            }
            assert_no_english(&ru, &tokens);
        }
        // Every `error-*` message is some kind's, so none is left untested.
        let file = assets().join("i18n/en/errors.ftl");
        let defined: BTreeSet<String> = ids(&std::fs::read_to_string(file).unwrap());
        let unused: Vec<_> = defined.difference(&used).collect();
        assert!(unused.is_empty(), "no example uses {unused:?}");
    }

    /// A bad `--option`, `--moves` or page address (`?moves=`) is told in
    /// Russian with no English word but what the player typed.
    #[test]
    fn bad_launch_options_and_addresses_are_told_in_russian() {
        use stronghold::game::shell::launch::{Launch, LaunchOptions};
        use stronghold::game::shell::persist::Persistence;
        use stronghold::game::shell::web::query_to_args;
        let russian = i18n_in(Language::Russian);
        let launch = |args: Vec<String>| {
            LaunchOptions::parse(args)
                .and_then(|o| Launch::new(o, Persistence::off()))
                .map(|_| ())
        };
        let mut refused = Vec::new();
        for args in [
            &["--option", "compulsory=maybe"][..],
            &["--option", "speed=3"],
            &["--moves", "c3-c9"],
            &["--game", "asalto", "--moves", "d6-d5 zz"],
            &["--game", "kaooa", "--moves", "@d4 @d4"],
        ] {
            refused.push(launch(args.iter().map(|a| a.to_string()).collect()).unwrap_err());
        }
        for query in [
            "?moves=c3-c9",
            "?game=bagh-chal&moves=zz",
            "?option=retreat%3Dmaybe",
            "?moves=%zz",
            "?hunters=robot",
        ] {
            refused.push(query_to_args(query).and_then(launch).unwrap_err());
        }
        for error in refused {
            let shown = russian.msg(&error.to_msg());
            assert!(!shown.contains('{') && !shown.contains("error-"), "{shown}");
            assert_no_english(&shown, &quoted(&error));
        }
    }

    /// The game in Russian, as the player sets it, with the message files loaded.
    fn russian_app() -> App {
        let mut app = headless_app();
        app.insert_resource(i18n_in(Language::English));
        app.world_mut().resource_mut::<Settings>().language = Language::Russian;
        app.world_mut().write_message(MatchCommand::NewGame {
            variant: Variant::new(GameId::named("pirates")),
            players: Match::players(Player::Human, Player::Human),
        });
        app.update();
        assert_eq!(app.world().resource::<I18n>().language(), Language::Russian);
        app
    }

    /// What the panel shows under the move box after `typed` is submitted.
    fn move_box_says(app: &App, typed: &str) -> String {
        let mut state = PanelState {
            move_text: typed.to_string(),
            ..PanelState::default()
        };
        let the_match = app.world().resource::<Match>();
        assert!(
            read_move_box(the_match, &mut state).is_none(),
            "{typed} refused"
        );
        let refusal = state.move_error.expect("a reason shown");
        app.world().resource::<I18n>().msg(&refusal)
    }

    /// What the saves window shows for a refused paste: the sentence and,
    /// on hover, the rules' reason.
    fn paste_says(app: &mut App, command: SaveCommand) -> String {
        app.world_mut().write_message(command);
        app.update();
        let window = app.world().resource::<SavesWindow>();
        let error = window.paste_error.clone().expect("the paste is refused");
        let i18n = app.world().resource::<I18n>();
        format!("{} {}", i18n.msg(&error.msg), i18n.msg(&error.detail))
    }

    #[test]
    fn a_russian_player_reads_why_a_move_or_position_is_refused_in_russian() {
        let mut app = russian_app();
        let bad_moves = [
            "c4-c8", "d4", "d4—d5", "@d4x", "d4-d5x", "d4xd6-d8", "d4-d3", "x4",
        ];
        for typed in bad_moves {
            let shown = move_box_says(&app, typed);
            assert!(shown.starts_with("Это не ход"), "{shown}");
            assert_no_english(&shown, typed);
        }
        let good = Game::new(Variant::new(GameId::named("pirates"))).position_string();
        let bad_positions = [
            good.replace("BBBBBBB/BBBBBBB", "BBBBXBB/BBBBBBB"),
            good.replace(" B 0/0", " X 0/0"),
            good.replace("0/0", "1/0"),
            good.replace("0/0 0 54", "0/0 61 54"),
            good.replace(" 54", " 3"),
            good.replace("pirates", "chess"),
            good.replace("retreat=off", "retreat=maybe"),
            good.replace("retreat=off", "geese=15"),
            good.replace("/BBB/BBB ", "/BBB/BBBB "),
            good.replace("/BBB/BBB ", "/BBB/BB "),
            good.replace("/BBB/BBB ", "/BBB "),
            good.replace("3/P1P", "3/PPP"),
            good.replace(" 0/0 0 54", " 0/0 0"),
            "asalto 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR R 1/0 0 54".to_string(),
        ];
        for bad in &bad_positions {
            let shown = paste_says(&mut app, SaveCommand::StartFromPosition(bad.clone()));
            assert_no_english(&shown, bad);
        }
        let shown = paste_says(&mut app, SaveCommand::PlayMoves("d4-d5 c6-c9".to_string()));
        assert_no_english(&shown, "d4-d5 c6-c9");
    }
}
