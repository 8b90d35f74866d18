//! The game: desktop and web entry. Everything is built by
//! [`AppPlugin`](stronghold::game::AppPlugin) from the launch (command line or
//! page address, saved settings and last game); `docs/ARCHITECTURE.md` is the
//! map.
#![warn(clippy::too_many_lines)]

use bevy::prelude::*;

use stronghold::game::AppPlugin;
use stronghold::game::shell::launch::Launch;

fn main() -> AppExit {
    match Launch::from_platform() {
        Ok(launch) => App::new().add_plugins(AppPlugin { launch }).run(),
        // `--help`, or a bad option (already explained).
        Err(exit) => exit,
    }
}
