//! House rules, checked from the source: the files under `src` import each
//! other one way (no cycle), and so do those under `src/game`, where each
//! wing reads only the wings below it (docs/ARCHITECTURE.md):
//!
//! ```text
//! common  <-  play  <-  board  <-  shell  <-  ui
//! ```
//!
//! A file "imports" another when it names a path into it: a `use` or any
//! `crate::`, `super::` or `self::` path in code (comments and strings are
//! skipped). A module's references to its own children (`mod`, `pub use`,
//! `child::plugin`) are not counted. `src/lib.rs` is the library's root;
//! the binaries' roots (`src/main.rs`, `src/bin/*.rs`) are crates of their
//! own that name the library as `stronghold::`. No Bevy is needed: this
//! reads text.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path inside the crate, e.g. `["game", "board", "view"]`.
type ModPath = Vec<String>;

/// The wings in the order they may depend: each reads only those before it.
const WINGS: [&str; 5] = ["common", "play", "board", "shell", "ui"];

/// TEMPORARY: cycles known today and left to the change that rewrites
/// their files (each as its files, sorted). Nothing may be added here;
/// once a cycle is gone, its entry must go too (the test says so), and
/// then this list is empty and goes.
const KNOWN_CYCLES_TO_REMOVE: &[&[&str]] = &[];

#[test]
fn src_files_import_each_other_one_way() {
    let graph = ImportGraph::read_all(Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(
        graph.files.len() > 150,
        "only {} files found under src",
        graph.files.len()
    );
    let cycles = graph.cycles();
    let known = |cycle: &Vec<String>| {
        KNOWN_CYCLES_TO_REMOVE
            .iter()
            .any(|k| sorted(cycle) == k.to_vec())
    };
    let new: Vec<&Vec<String>> = cycles.iter().filter(|c| !known(c)).collect();
    assert!(
        new.is_empty(),
        "files under src import each other in a cycle:\n{}",
        new.iter()
            .map(|c| format!("  {}", c.join(" -> ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let gone: Vec<String> = KNOWN_CYCLES_TO_REMOVE
        .iter()
        .filter(|k| !cycles.iter().any(|c| sorted(c) == k.to_vec()))
        .map(|k| k.join(", "))
        .collect();
    assert!(
        gone.is_empty(),
        "no longer a cycle, take it off KNOWN_CYCLES_TO_REMOVE: {}",
        gone.join("; ")
    );
}

/// A cycle's files sorted by name, to compare with a known one.
fn sorted(cycle: &[impl AsRef<str>]) -> Vec<String> {
    let mut files: Vec<String> = cycle.iter().map(|m| m.as_ref().to_string()).collect();
    files.sort();
    files
}

#[test]
fn game_files_import_each_other_one_way() {
    let graph = ImportGraph::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), "game");
    assert!(
        graph.files.len() > 30,
        "only {} files found under src/game",
        graph.files.len()
    );
    let cycles = graph.cycles();
    assert!(
        cycles.is_empty(),
        "files under src/game import each other in a cycle:\n{}",
        cycles
            .iter()
            .map(|c| format!("  {}", c.join(" -> ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn each_wing_reads_only_the_wings_below_it() {
    let graph = ImportGraph::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), "game");
    let wrong = graph.upward_imports();
    assert!(
        wrong.is_empty(),
        "imports against the wings' order ({}):\n{}",
        WINGS.join(" <- "),
        wrong.join("\n")
    );
    // Every file lives in a wing (or is the game's root).
    for file in graph.files.keys() {
        assert!(
            file.len() == 1 || WINGS.contains(&file[1].as_str()),
            "{} is in no wing",
            file.join("::")
        );
    }
}

// The checks above must be able to fail: they do on these small trees.

#[test]
fn a_cycle_added_on_purpose_is_found() {
    let tree = SourceTree::new(&[
        ("game/mod.rs", "pub mod common;\npub mod play;\n"),
        ("game/common/mod.rs", "pub mod a;\npub mod b;\n"),
        ("game/common/a.rs", "use super::b::Thing;\n"),
        (
            "game/common/b.rs",
            "// use super::a::Nothing; is a comment\npub struct Thing;\nfn f() { let _ = \"super::a\"; }\n",
        ),
        ("game/play/mod.rs", "pub mod c;\n"),
        (
            "game/play/c.rs",
            "use crate::game::common::{a, b::Thing};\n",
        ),
    ]);
    let graph = ImportGraph::read(tree.path(), "game");
    assert!(graph.cycles().is_empty(), "{:?}", graph.cycles());
    assert!(graph.upward_imports().is_empty());

    // b now reads a, and a reads b: a cycle.
    tree.write(
        "game/common/b.rs",
        "pub struct Thing;\nfn f() { super::a::g(); }\n",
    );
    let graph = ImportGraph::read(tree.path(), "game");
    let cycles = graph.cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].contains(&"game::common::a".to_string()));
    assert!(cycles[0].contains(&"game::common::b".to_string()));
}

#[test]
fn a_wing_reading_a_higher_one_is_found() {
    let tree = SourceTree::new(&[
        ("game/mod.rs", "pub mod common;\npub mod play;\n"),
        ("game/common/mod.rs", "pub mod a;\n"),
        (
            "game/common/a.rs",
            "use crate::game::{play::{c::Thing as Other}};\n",
        ),
        ("game/play/mod.rs", "pub mod c;\n"),
        ("game/play/c.rs", "pub struct Thing;\n"),
    ]);
    let graph = ImportGraph::read(tree.path(), "game");
    assert_eq!(
        graph.upward_imports(),
        vec!["game::common::a (common) reads game::play::c (play)".to_string()]
    );
}

#[test]
fn inline_modules_and_children_are_read_as_rust_does() {
    let tree = SourceTree::new(&[
        (
            "game/mod.rs",
            "pub mod common;\nfn f() { common::a::g(); self::common::b::h(); }\n",
        ),
        (
            "game/common/mod.rs",
            "pub mod a;\npub mod b;\npub use a::g;\n",
        ),
        // `super` inside `mod tests` is `a` itself, not `common`.
        (
            "game/common/a.rs",
            "pub fn g() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::b;\n}\n",
        ),
        (
            "game/common/b.rs",
            "pub fn h() { let c = 'x'; let _: &'static str = \"}\"; }\nfn k() { crate::game::common::a::g(); }\n",
        ),
    ]);
    let graph = ImportGraph::read(tree.path(), "game");
    let edges = graph.edges_named();
    assert_eq!(
        edges,
        vec![
            ("game::common::a".to_string(), "game::common::b".to_string()),
            ("game::common::b".to_string(), "game::common::a".to_string()),
        ],
        "the game's root reading its children is not counted"
    );
    assert_eq!(graph.cycles().len(), 1);
}

#[test]
fn the_library_and_the_binaries_are_read_as_their_crates() {
    let tree = SourceTree::new(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a.rs", "use crate::b::Thing;\n"),
        ("b.rs", "pub struct Thing;\n"),
        ("main.rs", "use stronghold::a;\nfn main() {}\n"),
        // A binary's `crate` is the binary itself, not the library.
        (
            "bin/tool.rs",
            "use stronghold::b::Thing;\nfn main() { crate::main(); }\n",
        ),
    ]);
    let graph = ImportGraph::read_all(tree.path());
    assert!(graph.files.contains_key(&Vec::new()), "lib.rs is the root");
    let named = |from: &str, to: &str| (from.to_string(), to.to_string());
    assert_eq!(
        graph.edges_named(),
        vec![named("a", "b"), named("bin::tool", "b"), named("main", "a")]
    );
    assert!(graph.cycles().is_empty());
}

/// Which files of one module tree import which.
struct ImportGraph {
    /// Every file's module, with the file.
    files: BTreeMap<ModPath, PathBuf>,
    /// File module -> the file modules it imports.
    edges: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

impl ImportGraph {
    /// Reads every `.rs` file under `src/<top>`.
    fn read(src: impl AsRef<Path>, top: &str) -> ImportGraph {
        let src = src.as_ref();
        let mut files = BTreeMap::new();
        collect_files(src, &src.join(top), &mut files);
        ImportGraph::of(files)
    }

    /// Reads every `.rs` file under `src`: `lib.rs` as the library's root
    /// module, and the binaries' roots.
    fn read_all(src: impl AsRef<Path>) -> ImportGraph {
        let src = src.as_ref();
        let mut files = BTreeMap::new();
        collect_files(src, src, &mut files);
        if let Some(lib) = files.remove(&vec!["lib".to_string()]) {
            files.insert(Vec::new(), lib);
        }
        ImportGraph::of(files)
    }

    /// The imports between `files` (each file's module, with the file).
    fn of(files: BTreeMap<ModPath, PathBuf>) -> ImportGraph {
        let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
        for (module, file) in &files {
            let text = std::fs::read_to_string(file).expect("a source file reads");
            let root = crate_root(module);
            for (at, path) in referenced_paths(&text) {
                let here: ModPath = module.iter().chain(&at).cloned().collect();
                let Some(target) = resolve(&here, &root, &path, &files) else {
                    continue;
                };
                // Not itself, and not its own children.
                if target.starts_with(module) {
                    continue;
                }
                edges.entry(module.clone()).or_default().insert(target);
            }
        }
        ImportGraph { files, edges }
    }

    fn edges_named(&self) -> Vec<(String, String)> {
        self.edges
            .iter()
            .flat_map(|(from, to)| to.iter().map(move |t| (from.join("::"), t.join("::"))))
            .collect()
    }

    /// The strongly connected groups of more than one file (Tarjan), each as
    /// its files' names.
    fn cycles(&self) -> Vec<Vec<String>> {
        let nodes: Vec<&ModPath> = self.files.keys().collect();
        let index_of: BTreeMap<&ModPath, usize> =
            nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
        let next: Vec<Vec<usize>> = nodes
            .iter()
            .map(|m| {
                self.edges
                    .get(*m)
                    .into_iter()
                    .flatten()
                    .filter_map(|t| index_of.get(t).copied())
                    .collect()
            })
            .collect();
        strongly_connected(&next)
            .into_iter()
            .filter(|group| group.len() > 1)
            .map(|group| group.into_iter().map(|i| nodes[i].join("::")).collect())
            .collect()
    }

    /// Imports from a wing into a wing above it, in words.
    fn upward_imports(&self) -> Vec<String> {
        let rank = |m: &ModPath| m.get(1).and_then(|w| WINGS.iter().position(|x| x == w));
        let mut wrong = Vec::new();
        for (from, targets) in &self.edges {
            for to in targets {
                if let (Some(a), Some(b)) = (rank(from), rank(to))
                    && b > a
                {
                    wrong.push(format!(
                        "{} ({}) reads {} ({})",
                        from.join("::"),
                        WINGS[a],
                        to.join("::"),
                        WINGS[b]
                    ));
                }
            }
        }
        wrong
    }
}

fn collect_files(src: &Path, dir: &Path, files: &mut BTreeMap<ModPath, PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a source folder reads")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_files(src, &path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path
                .strip_prefix(src)
                .expect("under src")
                .with_extension("");
            let mut module: ModPath = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            files.insert(module, path);
        }
    }
}

/// The module `crate::` names in `module`'s file: a binary's root
/// (`main.rs`, `bin/NAME.rs`) is a crate of its own; every other file is
/// the library's.
fn crate_root(module: &[String]) -> ModPath {
    match module {
        [main] if main == "main" => module.to_vec(),
        [bin, _] if bin == "bin" => module.to_vec(),
        _ => Vec::new(),
    }
}

/// The file module a path names, from module `here` of the crate whose
/// root is `root`: the longest prefix of the path that is a file. None for
/// paths outside the tree (`crate::rules` when reading `src/game` alone,
/// `bevy::...`, a child's item named without `crate`/`super`/`self`). The
/// binaries name the library as `stronghold::`.
fn resolve(
    here: &[String],
    root: &[String],
    path: &[String],
    files: &BTreeMap<ModPath, PathBuf>,
) -> Option<ModPath> {
    let mut full: ModPath = match path.first().map(String::as_str) {
        Some("crate") => root.to_vec(),
        Some("stronghold") => Vec::new(),
        Some("self") => here.to_vec(),
        Some("super") => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            here[..here.len().checked_sub(ups)?].to_vec()
        }
        _ => return None,
    };
    full.extend(
        path.iter()
            .skip(1)
            .skip_while(|s| matches!(s.as_str(), "crate" | "self" | "super"))
            .cloned(),
    );
    (1..=full.len())
        .rev()
        .map(|k| full[..k].to_vec())
        .find(|prefix| files.contains_key(prefix))
}

/// Every path a file names, each with the inline modules it sits in (`mod
/// tests { ... }`): `use` trees expanded, and `crate::`/`super::`/`self::`
/// paths anywhere in code.
fn referenced_paths(text: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let tokens = tokens(&strip_comments_and_literals(text));
    let mut out = Vec::new();
    // Inline modules: (name, the brace depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let at: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
        match tokens[i].as_str() {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t == "{") => {
                inline.push((tokens[i + 1].clone(), depth + 1));
                i += 1;
            }
            "use" => {
                let (paths, end) = use_tree(&tokens, i + 1, &[]);
                out.extend(paths.into_iter().map(|p| (at.clone(), p)));
                i = end;
            }
            "crate" | "super" | "self" if tokens.get(i + 1).is_some_and(|t| t == "::") => {
                let mut path = vec![tokens[i].clone()];
                let mut j = i + 1;
                while tokens.get(j).is_some_and(|t| t == "::")
                    && tokens.get(j + 1).is_some_and(|t| is_ident(t))
                {
                    path.push(tokens[j + 1].clone());
                    j += 2;
                }
                out.push((at, path));
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Expands a `use` tree starting at `i` (after `use` or a `{`): the paths
/// it names and the index just past it (at the `;`, `,` or `}` that ends it).
fn use_tree(tokens: &[String], mut i: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix.to_vec();
    let mut out = Vec::new();
    while let Some(t) = tokens.get(i) {
        match t.as_str() {
            "::" => {}
            "{" => {
                i += 1;
                loop {
                    let (inner, end) = use_tree(tokens, i, &path);
                    out.extend(inner);
                    i = end;
                    match tokens.get(i).map(String::as_str) {
                        Some(",") => i += 1,
                        _ => break,
                    }
                    if tokens.get(i).is_some_and(|t| t == "}") {
                        break;
                    }
                }
                // Past the closing brace.
                return (out, i + 1);
            }
            "as" => i += 1,
            ";" | "," | "}" => break,
            "*" => {}
            ident => path.push(ident.to_string()),
        }
        i += 1;
    }
    if path.len() > prefix.len() || out.is_empty() {
        out.push(path);
    }
    (out, i)
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Identifiers, `::`, and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
            continue;
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
        i += 1;
    }
    out
}

/// The code with comments, strings and character literals blanked out
/// (lifetimes kept).
fn strip_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut nesting = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    nesting += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    nesting -= 1;
                    i += 2;
                    if nesting == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && raw_string_end(&chars, i).is_some()
        {
            i = raw_string_end(&chars, i).unwrap_or(chars.len());
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && is_char_literal(&chars, i) {
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `'x'` or `'\n'`, not a lifetime like `'a` or `'static`.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}

/// The index just past a raw string starting at `i` (`r"..."`, `r#"..."#`).
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
    if chars.get(i + 1 + hashes) != Some(&'"') {
        return None;
    }
    let mut j = i + 2 + hashes;
    while j < chars.len() {
        if chars[j] == '"'
            && chars[j + 1..]
                .iter()
                .take(hashes)
                .filter(|c| **c == '#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(chars.len())
}

/// Tarjan's strongly connected components of a graph given as each node's
/// successors.
fn strongly_connected(next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        next: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        groups: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &s.next[v] {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            s.groups.push(group);
        }
    }
    let n = next.len();
    let mut s = State {
        next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        groups: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.groups
}

/// A small source tree in a temporary folder.
struct SourceTree(tempfile::TempDir);

impl SourceTree {
    fn new(files: &[(&str, &str)]) -> SourceTree {
        let tree = SourceTree(tempfile::tempdir().expect("a temporary folder"));
        for (path, text) in files {
            tree.write(path, text);
        }
        tree
    }
    fn path(&self) -> &Path {
        self.0.path()
    }
    fn write(&self, path: &str, text: &str) {
        let path = self.0.path().join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
        std::fs::write(path, text).expect("a file");
    }
}
