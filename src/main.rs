//! The game: desktop and web entry.

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy_egui::EguiPlugin;

use stronghold::game::GamePlugin;
use stronghold::game::board_view::BoardLayout;
use stronghold::game::launch::{ExitAfter, LaunchOptions, exit_after};
use stronghold::game::skin::SkinOverride;

fn main() -> AppExit {
    let options = if cfg!(target_arch = "wasm32") {
        LaunchOptions::default()
    } else {
        match LaunchOptions::parse(std::env::args().skip(1)) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("{e}");
                return AppExit::error();
            }
        }
    };
    let the_match = match options.initial_match() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("--moves: {e}");
            return AppExit::error();
        }
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Stronghold".to_string(),
                    resolution: (1280u32, 800u32).into(),
                    // On the web: fill the page element the canvas sits in.
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
    app.insert_resource(SkinOverride {
        name: options.skin.clone(),
        skins_then: None,
    });
    app.add_plugins(GamePlugin);
    if let Some(seconds) = options.exit_after {
        app.insert_resource(ExitAfter(seconds))
            .add_systems(Update, exit_after);
    }
    app.run()
}
