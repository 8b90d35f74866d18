//! The credits shown on the About page: `assets/CREDITS.md`, loaded as an
//! asset (so the web build fetches it like every other file).

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<MarkdownText>()
        .init_asset_loader::<MarkdownLoader>()
        .init_resource::<Credits>()
        .add_systems(Startup, load_credits)
        .add_systems(Update, keep_credits_text);
}

/// A Markdown file's text.
#[derive(Asset, TypePath, Debug)]
pub struct MarkdownText(pub String);

#[derive(Default, TypePath)]
struct MarkdownLoader;

impl AssetLoader for MarkdownLoader {
    type Asset = MarkdownText;
    type Settings = ();
    type Error = std::io::Error;
    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<MarkdownText, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        String::from_utf8(bytes)
            .map(MarkdownText)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
    fn extensions(&self) -> &[&str] {
        &["md"]
    }
}

/// The credits, once loaded.
#[derive(Resource, Default)]
pub struct Credits {
    handle: Handle<MarkdownText>,
    pub text: Option<String>,
}

fn load_credits(mut credits: ResMut<Credits>, server: Res<AssetServer>) {
    credits.handle = server.load("CREDITS.md");
}

fn keep_credits_text(mut credits: ResMut<Credits>, texts: Res<Assets<MarkdownText>>) {
    if credits.text.is_none()
        && let Some(t) = texts.get(&credits.handle)
    {
        credits.text = Some(t.0.clone());
    }
}
