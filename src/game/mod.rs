//! The Bevy game: four wings and the egui pages, each one plugin, assembled
//! by [`GamePlugin`]. `docs/ARCHITECTURE.md` is the map.
//!
//! Data flows one way: input -> move intent -> `Match` (validate, apply) ->
//! messages -> view systems animate entities to match.

// Bevy systems name their data in their signatures: long query types and
// many parameters are the normal shape here, not a smell.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

use bevy::prelude::*;

pub mod board;
pub mod common;
pub mod play;
pub mod shell;
pub mod ui;

/// The order of a frame: commands (undo, new game) first, so a stale AI
/// result is never applied; then input, then moves, then the AI, then the view.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameSet {
    Commands,
    Input,
    Apply,
    Ai,
    Animate,
    View,
}

/// The whole app, desktop and web: Bevy's window and renderer, picking,
/// egui and its pages, the game, and the launch it starts from.
pub struct AppPlugin {
    pub launch: shell::launch::Launch,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        let window = Window {
            // The title comes from the message files once they load.
            title: String::new(),
            resolution: self.launch.window_size().into(),
            // On the web: the page's canvas, filling the element it sits in.
            canvas: Some("#stronghold".to_string()),
            fit_canvas_to_parent: true,
            ..default()
        };
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(window),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: asset_folder(),
                    // No .meta files are shipped; the web would fetch (and 404) each.
                    meta_check: bevy::asset::AssetMetaCheck::Never,
                    ..default()
                }),
        );
        app.add_plugins((
            MeshPickingPlugin,
            bevy_egui::EguiPlugin::default(),
            GamePlugin,
            ui::plugin,
            shell::launch::LaunchPlugin(self.launch.clone()),
        ));
    }
}

/// Where the game reads `assets/` from, whatever the working folder: the
/// folder [`crate::assets::asset_root`] finds (`STRONGHOLD_ASSETS`, beside
/// the executable, the crate's folder), unless `BEVY_ASSET_ROOT` alone names
/// a root for Bevy's own lookup. On the web, the page's `assets/`.
fn asset_folder() -> String {
    let bevy_root = std::env::var_os("BEVY_ASSET_ROOT").is_some()
        && std::env::var_os(crate::assets::ASSETS_VAR).is_none();
    if cfg!(target_arch = "wasm32") || bevy_root {
        return "assets".to_string();
    }
    crate::assets::asset_root().map_or_else(|| "assets".to_string(), |p| p.display().to_string())
}

/// Everything of the game except the window, renderer, egui and the launch:
/// what the headless tests run too.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (
                GameSet::Commands,
                GameSet::Input,
                GameSet::Apply,
                GameSet::Ai,
                GameSet::Animate,
                GameSet::View,
            )
                .chain(),
        );
        // The wings, each one plugin; each reads only the wings below it
        // (docs/ARCHITECTURE.md): common <- play <- board <- shell <- ui.
        // The egui pages (`ui`) are added by `AppPlugin`: headless apps run
        // without egui.
        app.add_plugins((common::plugin, play::plugin, board::plugin, shell::plugin));
    }
}

/// A headless app for tests: the game's plugins on `MinimalPlugins`, with the
/// asset stores the view writes to (meshes, materials, images: skins load
/// their pictures) but no window, renderer, fonts or audio device.
pub fn headless_app() -> App {
    headless_app_with_assets("assets")
}

/// A headless app whose assets come from `file_path` (tests of broken files).
pub fn headless_app_with_assets(file_path: &str) -> App {
    let mut app = headless_base(file_path);
    // Tests play: they start in the game, not the menu.
    app.insert_state(common::screens::Screen::Game);
    app.add_plugins(GamePlugin);
    app
}

/// What a headless app runs the game on, without the game's plugins:
/// `MinimalPlugins`, input, states, and the asset stores the view writes to
/// (meshes, materials, images: skins load their pictures), with assets from
/// `file_path`.
pub fn headless_base(file_path: &str) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::asset::AssetPlugin {
            file_path: file_path.to_string(),
            ..default()
        },
        bevy::input::InputPlugin,
        bevy::state::app::StatesPlugin,
    ));
    app.init_asset::<Mesh>();
    app.init_asset::<ColorMaterial>();
    app.init_asset::<Image>();
    app.register_asset_loader(bevy::image::ImageLoader::new(
        bevy::image::CompressedImageFormats::NONE,
    ));
    app
}
