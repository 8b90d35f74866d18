//! `stronghold-server`: online games over WebSocket, kept in SQLite or PostgreSQL
//! (`--help` for the flags; the protocol is `stronghold::online`'s).
#![warn(clippy::too_many_lines)]

use std::io::Write;
use std::process::ExitCode;

use stronghold::server::{Config, USAGE, run};

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args().skip(1).collect();
    if words.iter().any(|w| w == "--help" || w == "-h") {
        // A closed pipe (`| head`) is no reason to fail.
        let _ = writeln!(std::io::stdout(), "{USAGE}");
        return ExitCode::SUCCESS;
    }
    let result = Config::from_args(&words).and_then(run);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stronghold-server: {e}");
            ExitCode::from(2)
        }
    }
}
