//! The hunt family: games described by data. A game file
//! (`assets/games/NAME.game.ron`, [`file::GameFile`]) is read and checked
//! ([`Ruleset::parse`]) into the tables its move generator reads: a graph of
//! up to 64 points, one `u64` per side. `docs/game-files.md` documents the
//! format.
//!
//! The games built in are compiled into the program (the web page and the
//! command-line tool need no files), listed once in the catalogue
//! ([`crate::rules::GameId`]); `stronghold-cli --game-file PATH` reads any
//! other (the caller reads the file: [`parse_bytes`]).

pub mod file;
pub mod graph;
pub mod problem;
mod ruleset;

pub use problem::{GameFileError, Misused, Problem, Unreachable};
pub(crate) use ruleset::step_table;
pub use ruleset::{MAX_CROWD, MAX_STACKS, Ruleset};

/// Reads a game file's bytes (as read from disk: the caller reads, the
/// rules do no I/O). `file` names it in errors.
pub fn parse_bytes(file: &str, bytes: &[u8]) -> Result<Ruleset, GameFileError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.len()
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        GameFileError {
            file: file.to_string(),
            line,
            column,
            problem: Problem::NotText,
        }
    })?;
    Ruleset::parse(file, text)
}
