//! The game: desktop and web entry.

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy_egui::EguiPlugin;

use stronghold::game::GamePlugin;
use stronghold::game::board_view::BoardLayout;
use stronghold::game::launch::{ExitAfter, LaunchOptions, exit_after};
use stronghold::game::match_state::Match;

/// The desktop's launch: options from the command line; a bad one ends the program.
#[cfg(not(target_arch = "wasm32"))]
fn launch() -> Result<(LaunchOptions, Match, Option<String>), AppExit> {
    let fail = |e: String| {
        eprintln!("{e}");
        AppExit::error()
    };
    let options = LaunchOptions::parse(std::env::args().skip(1)).map_err(fail)?;
    let the_match = options
        .initial_match()
        .map_err(|e| fail(format!("--moves: {e}")))?;
    Ok((options, the_match, None))
}

/// The web's launch: options from the page address (`?game=asalto`); a bad
/// one is shown on screen and the game starts as usual.
#[cfg(target_arch = "wasm32")]
fn launch() -> Result<(LaunchOptions, Match, Option<String>), AppExit> {
    let chosen = stronghold::game::web::address_args()
        .and_then(LaunchOptions::parse)
        .and_then(|o| o.initial_match().map(|m| (o, m)));
    Ok(match chosen {
        Ok((options, the_match)) => (options, the_match, None),
        Err(problem) => {
            let options = LaunchOptions::default();
            let the_match = options.initial_match().expect("the usual game starts");
            (options, the_match, Some(problem))
        }
    })
}

fn main() -> AppExit {
    let (options, the_match, address_problem) = match launch() {
        Ok(launch) => launch,
        Err(exit) => return exit,
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Stronghold".to_string(),
                    resolution: (1280u32, 800u32).into(),
                    // On the web: the page's canvas, filling the element it sits in.
                    canvas: Some("#stronghold".to_string()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                // No .meta files are shipped; the web would fetch (and 404) each.
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    .add_plugins((MeshPickingPlugin, EguiPlugin::default()));
    app.insert_resource(BoardLayout {
        flipped: options.flipped,
        ..BoardLayout::for_variant(the_match.variant())
    });
    app.insert_resource(the_match);
    app.add_plugins(GamePlugin);
    if let Some(problem) = address_problem {
        app.insert_resource(stronghold::game::web::AddressProblem(problem));
    }
    if let Some(seconds) = options.exit_after {
        app.insert_resource(ExitAfter(seconds))
            .add_systems(Update, exit_after);
    }
    app.run()
}
