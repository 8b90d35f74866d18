//! The translations: both languages have the same messages, every message
//! formats, Russian counts with the right plural forms, and no text in the
//! game's code is a bare English literal outside the message files.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use stronghold::game::common::i18n::{I18n, Language, MESSAGE_FILES, Msg, message_file_path};
use stronghold::rules::{GameKind, Side};

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
    let rebels = i18n.traditional_name(GameKind::Asalto, Side::Crowd);
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
/// command-line usage (terminal text), the frame log, the rules diagrams'
/// specs (move text and point lists, and the errors of a bad spec, which
/// the rules-page tests turn into failures), and the skin checks, whose
/// messages are the technical detail ("line 3, column 7: colour out of
/// range") under a translated notice, like a parser's. (Developer log
/// lines inside `warn!`/`info!`/`error!` are skipped by `code_literals`.)
const SKIPPED_FILES: &[&str] = &[
    "shell/launch.rs",
    "shell/frame_log.rs",
    "rules_page/scene.rs",
    "skin/data.rs",
    "skin/loader.rs",
    // The built-in skin's names are never shown: with the fallback active
    // the interface names the sides from `main.ftl`.
    "skin/builtin.rs",
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
    "#[",
    // Entity names, for inspectors and logs ("pirate on c6").
    "Name::new(",
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
