//! The asset loaders: `*.skin.ron` files become [`Skin`] assets (parsed,
//! range-checked, and on the desktop every image and sound they name read
//! once to prove it is there and is what it says), and `skins/index.txt`
//! lists the shipped skins (the web has no directory listing to find them
//! by).

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

use super::data::{SkinData, SkinError, parse_skin};

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
        // On the web each read is a download, of pictures and sounds the
        // page may never show (the catalog loads every skin); only the
        // shipped skins are there, and tests/game/skins.rs checks their files.
        #[cfg(not(target_arch = "wasm32"))]
        check_named_files(&data, &text, &file, load_context).await?;
        Ok(Skin(data))
    }
    fn extensions(&self) -> &[&str] {
        &["skin.ron"]
    }
}

/// Reads every image and sound `data` names, to prove each is there and is
/// what its name says (an error points at where `text` names it).
#[cfg(not(target_arch = "wasm32"))]
async fn check_named_files(
    data: &SkinData,
    text: &str,
    file: &str,
    load_context: &mut LoadContext<'_>,
) -> Result<(), SkinError> {
    use super::data::{PathProblem, check_file_kind, locate};
    for path in data.images().into_iter().chain(data.sound_paths()) {
        let bad_path = |problem| SkinError::BadPath {
            file: file.to_string(),
            at: locate(text, path),
            path: path.to_string(),
            problem,
        };
        let bytes = load_context
            .read_asset_bytes(bevy::asset::AssetPath::from(path.to_string()))
            .await
            .map_err(|e| bad_path(PathProblem::Unreadable(e.to_string())))?;
        check_file_kind(path, &bytes).map_err(bad_path)?;
    }
    Ok(())
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
