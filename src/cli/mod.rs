//! `stronghold-cli`, the rules and the AI from the command line, as a
//! library module so tests can drive it: [`run`] reads the arguments once
//! ([`args`]) and hands them to the command's module.
//!
//! The commands' modules use the shared ones (`args`, `usage`, `arena`,
//! `bagh_chal_table`, `stats`) and never this one or each other.

use std::io::Write;

mod analyse;
mod arena;
mod args;
mod bagh_chal_table;
mod bestmove;
mod flags;
#[cfg(feature = "online")]
mod online;
mod puzzles;
mod selfplay;
mod show;
mod solve;
mod stats;
mod tables;
mod usage;
mod versus;

pub use show::{ascii_board, describe};

/// Runs one command, writing its output to `out`.
pub fn run(words: &[String], out: &mut dyn Write) -> Result<(), String> {
    // `--help` or `-h` anywhere (`selfplay --games --help`) asks for the
    // command's help, not a run, even where it would be a flag's value.
    let asks_help = |a: &String| matches!(a.as_str(), "--help" | "-h");
    if words.iter().any(asks_help) && words.first().is_some_and(|w| !asks_help(w)) {
        return args::say(out, &flags::help_of(&words[0]));
    }
    let (command, args) = match flags::read(words)? {
        flags::Asked::Print(text) => return args::say(out, &text),
        flags::Asked::Run(command, args) => (command, args),
    };
    if command == "online" && !cfg!(feature = "online") {
        return Err("online needs the `online` feature: \
             cargo build --no-default-features --features online --bin stronghold-cli"
            .into());
    }
    let args = *args;
    let text = match command {
        "perft" => show::perft(&args)?,
        "show" => show::show(&args)?,
        "bestmove" => bestmove::bestmove(&args)?,
        // Streams a line per recorded game with --record.
        "solve" => return solve::solve(&args, out),
        // Streams a line per game: runs can be long.
        "selfplay" => return selfplay::selfplay(&args, out),
        "match" => return versus::run_match(&args, out),
        // Streams progress on stderr, then the report.
        "analyse" => return analyse::analyse(&args, out),
        "puzzles" => return puzzles::puzzles(&args, out),
        "tablebase" => return tables::tablebase(&args, out),
        // Streams a line per move until the game ends.
        #[cfg(feature = "online")]
        "online" => return online::online(&args, out),
        other => return Err(format!("`{other}` needs the `online` feature")),
    };
    args::say(out, &text)
}
