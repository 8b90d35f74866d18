//! The Bevy game: one plugin per concern, assembled by [`GamePlugin`].
//!
//! Data flows one way: input -> move intent -> `Match` (validate, apply) ->
//! messages -> view systems animate entities to match.

// Bevy systems name their data in their signatures: long query types and
// many parameters are the normal shape here, not a smell.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

use bevy::prelude::*;

pub mod about;
pub mod ai_pace;
pub mod ai_task;
pub mod animation;
pub mod audio;
pub mod board_view;
pub mod frame_log;
pub mod hint;
pub mod i18n;
pub mod input;
pub mod launch;
pub mod match_state;
pub mod notice;
pub mod persist;
pub mod pieces;
pub mod screens;
pub mod settings;
pub mod skin;
pub mod text_asset;
pub mod ui;
pub mod web;

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

/// Everything of the game except the window, renderer and egui: what the
/// headless tests run too.
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
        // The match and what draws it.
        app.add_plugins((
            match_state::plugin,
            skin::plugin,
            board_view::plugin,
            pieces::plugin,
            input::plugin,
            animation::plugin,
            audio::plugin,
            ai_task::plugin,
            hint::plugin,
        ));
        // What surrounds it: screens, words, settings, saves.
        app.add_plugins((
            screens::plugin,
            text_asset::plugin,
            i18n::plugin,
            notice::plugin,
            settings::plugin,
            persist::plugin,
            about::plugin,
            frame_log::plugin,
        ));
        app.add_plugins(web::plugin);
        // The panel needs egui; headless apps run without it.
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_plugins(ui::plugin);
        }
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
    // Tests play: they start in the game, not the menu.
    app.insert_state(screens::Screen::Game);
    app.init_asset::<Image>();
    app.register_asset_loader(bevy::image::ImageLoader::new(
        bevy::image::CompressedImageFormats::NONE,
    ));
    app.add_plugins(GamePlugin);
    app
}
