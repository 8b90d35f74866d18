//! The credits shown on the About page: `assets/CREDITS.md`, loaded as an
//! asset (so the web build fetches it like every other file).

use bevy::prelude::*;

use crate::game::common::text_asset::TextAsset;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Credits>()
        .add_systems(Startup, load_credits)
        .add_systems(Update, keep_credits_text);
}

/// The credits, once loaded.
#[derive(Resource, Default)]
pub struct Credits {
    handle: Handle<TextAsset>,
    pub text: Option<String>,
}

fn load_credits(mut credits: ResMut<Credits>, server: Res<AssetServer>) {
    credits.handle = server.load("CREDITS.md");
}

fn keep_credits_text(mut credits: ResMut<Credits>, texts: Res<Assets<TextAsset>>) {
    if credits.text.is_none()
        && let Some(t) = texts.get(&credits.handle)
    {
        credits.text = Some(t.0.clone());
    }
}
