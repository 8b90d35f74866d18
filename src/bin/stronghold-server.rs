//! `stronghold-server`: online games over WebSocket, kept in SQLite or PostgreSQL
//! (`--help` for the flags; the protocol is `stronghold::online`'s).
#![warn(clippy::too_many_lines)]

use std::process::ExitCode;

use stronghold::server::{Config, init_log, run};

fn main() -> ExitCode {
    // `--help` and `--version` print and exit 0; a bad flag prints clap's
    // error with a suggestion and exits 2.
    let config = Config::from_args(std::env::args_os().skip(1)).unwrap_or_else(|e| e.exit());
    let result = init_log(&config.log, config.log_format).and_then(|()| run(config));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stronghold-server: {e}");
            ExitCode::from(2)
        }
    }
}
