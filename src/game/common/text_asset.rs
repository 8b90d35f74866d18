//! Text files loaded as assets (the web build fetches them like every
//! other file): the message files (`.ftl`), the credits (`.md`) and the
//! skin list (`.txt`).

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<TextAsset>()
        .init_asset_loader::<TextLoader>();
}

/// A UTF-8 text file's contents.
#[derive(Asset, TypePath, Debug)]
pub struct TextAsset(pub String);

#[derive(Default, TypePath)]
struct TextLoader;

impl AssetLoader for TextLoader {
    type Asset = TextAsset;
    type Settings = ();
    type Error = std::io::Error;
    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<TextAsset, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        String::from_utf8(bytes)
            .map(TextAsset)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
    fn extensions(&self) -> &[&str] {
        &["ftl", "md", "txt"]
    }
}
