//! `stronghold-cli`: the rules and the AI from the command line (no Bevy).
//!
//! ```text
//! stronghold-cli perft GAME DEPTH [--moves "M1 M2 ..."] [--option KEY=VALUE]... [--divide]
//! stronghold-cli show GAME [--moves ...] [--position STRING] [--option KEY=VALUE]...
//! ```
#![warn(clippy::too_many_lines)]

use std::process::ExitCode;

use stronghold::cli;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match cli::run(&args, &mut std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stronghold-cli: {e}");
            ExitCode::from(2)
        }
    }
}
