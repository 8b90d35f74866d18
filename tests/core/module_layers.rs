//! The top-level modules depend one way: `rules` <- `ai` <- `coach` <-
//! `analysis` <- `cli`, and the game uses `rules`, `ai` and `coach` (the
//! analysis of a game, puzzles) but never `analysis` (so the web module
//! carries none of the offline solvers). Online play sits beside them:
//! `online` (protocol and client) uses only `rules`, the `server` only
//! `rules` and `online`; the CLI's bot and the game use `online`. Checked
//! on the source: no code line of a lower module names a higher one.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found
}

/// The lines of the files under `src/<module>` (and `src/<module>.rs`)
/// whose code (comments left out) names one of `forbidden`, as
/// "file:line: text".
fn offending_lines(module: &str, forbidden: &[&str]) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = sources(&src.join(module));
    let single = src.join(format!("{module}.rs"));
    if single.exists() {
        files.push(single);
    }
    assert!(!files.is_empty(), "no sources for {module}");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let names = |m: &&str| {
                [format!("crate::{m}"), format!("stronghold::{m}")]
                    .iter()
                    .any(|path| code.contains(path.as_str()))
            };
            if forbidden.iter().any(names) {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn each_module_uses_only_the_modules_below_it() {
    let layers: [(&str, &[&str]); 7] = [
        (
            "rules",
            &[
                "ai", "coach", "analysis", "cli", "game", "save", "online", "server",
            ],
        ),
        (
            "ai",
            &["coach", "analysis", "cli", "game", "online", "server"],
        ),
        (
            "coach",
            &["analysis", "cli", "game", "save", "online", "server"],
        ),
        ("analysis", &["cli", "game", "online", "server"]),
        ("game", &["analysis", "cli", "server"]),
        // The protocol and its client know the rules only; the server adds
        // the protocol, never the engine or the game.
        (
            "online",
            &["ai", "coach", "analysis", "cli", "game", "save", "server"],
        ),
        (
            "server",
            &["ai", "coach", "analysis", "cli", "game", "save"],
        ),
    ];
    for (module, forbidden) in layers {
        let found = offending_lines(module, forbidden);
        assert!(
            found.is_empty(),
            "{module} must not use {forbidden:?}:\n{}",
            found.join("\n")
        );
    }
}
