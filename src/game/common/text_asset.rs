//! Text files loaded as assets (the web build fetches them like every
//! other file): the message files (`.ftl`), the credits (`.md`) and the
//! skin list (`.txt`); and assets parsed from text by their own reader
//! ([`FromText`], loaded by type: the puzzle sets).

use std::marker::PhantomData;

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<TextAsset>()
        .init_asset_loader::<TextLoader>();
}

/// Reads a whole asset file as UTF-8 text (text that is not UTF-8 is
/// invalid data); every text-based asset loader starts here.
pub async fn read_text(reader: &mut dyn Reader) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).await?;
    String::from_utf8(bytes).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

/// An asset parsed from a UTF-8 text file; a file it cannot read fails to
/// load with the reader's message.
pub trait FromText: Asset + Sized {
    fn from_text(text: &str) -> Result<Self, String>;
}

/// Loads a [`FromText`] asset, by type only (its files share `.ron` with
/// skins and saves).
#[derive(TypePath)]
pub struct FromTextLoader<A: FromText>(PhantomData<fn() -> A>);

impl<A: FromText> Default for FromTextLoader<A> {
    fn default() -> Self {
        FromTextLoader(PhantomData)
    }
}

impl<A: FromText> AssetLoader for FromTextLoader<A> {
    type Asset = A;
    type Settings = ();
    type Error = std::io::Error;
    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<A, std::io::Error> {
        let text = read_text(reader).await?;
        A::from_text(&text).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
    fn extensions(&self) -> &[&str] {
        &[]
    }
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
        read_text(reader).await.map(TextAsset)
    }
    fn extensions(&self) -> &[&str] {
        &["ftl", "md", "txt"]
    }
}
