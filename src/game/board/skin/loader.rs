//! The asset loaders: `*.skin.ron` files become [`Skin`] assets (parsed,
//! range-checked, and every image and sound they name read once to prove it
//! is there and is what it says), and `skins/index.txt` lists the shipped
//! skins (the web has no directory listing to find them by).

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

use super::data::{PathProblem, SkinData, SkinError, check_file_kind, locate, parse_skin};

/// A skin file, checked.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct Skin(pub SkinData);

#[derive(Default, TypePath)]
pub struct SkinLoader;

impl AssetLoader for SkinLoader {
    type Asset = Skin;
    type Settings = ();
    type Error = SkinError;
    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<Skin, SkinError> {
        let file = load_context.path().to_string();
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| SkinError::Unreadable {
                file: file.clone(),
                message: e.to_string(),
            })?;
        let text =
            String::from_utf8(bytes).map_err(|_| SkinError::NotText { file: file.clone() })?;
        let data = parse_skin(&text, &file)?;
        let files: Vec<String> = data
            .images()
            .into_iter()
            .chain(data.sound_paths())
            .map(str::to_string)
            .collect();
        for path in files {
            let bad_path = |problem| SkinError::BadPath {
                file: file.clone(),
                at: locate(&text, &path),
                path: path.clone(),
                problem,
            };
            let bytes = load_context
                .read_asset_bytes(bevy::asset::AssetPath::from(path.clone()))
                .await
                .map_err(|e| bad_path(PathProblem::Unreadable(e.to_string())))?;
            check_file_kind(&path, &bytes).map_err(bad_path)?;
        }
        Ok(Skin(data))
    }
    fn extensions(&self) -> &[&str] {
        &["skin.ron"]
    }
}

/// The path of the skin list under `assets/`.
pub const INDEX_PATH: &str = "skins/index.txt";

/// Reads the skin list: one name a line; blank lines and `#` comments skipped.
pub fn parse_index(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}
