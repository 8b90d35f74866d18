//! Where the shipped files (`assets/`: the Bagh-Chal table, message files,
//! skins) are, from any working folder, so that a tool run from elsewhere
//! plays as it does from the repository. No Bevy.
//!
//! The places looked in, in this order:
//!
//! 1. the folder `STRONGHOLD_ASSETS` names, when it is set: then the only
//!    place (whoever names a folder means that one);
//! 2. an `assets` folder next to the executable, or in one of the
//!    [`EXE_PARENTS`] folders above it (cargo puts binaries in
//!    `target/debug`, and test binaries in `target/debug/deps`);
//! 3. `assets` in the crate's folder when it was built, so a binary built
//!    from a checkout finds that checkout's files wherever it runs;
//! 4. `assets` in the working folder.

use std::path::{Path, PathBuf};

/// The variable that names the assets folder, overriding every other place.
pub const ASSETS_VAR: &str = "STRONGHOLD_ASSETS";

/// How many folders above the executable's own are looked in.
pub const EXE_PARENTS: usize = 3;

/// The folders looked in, in order (see the module's documentation),
/// whether they exist or not.
pub fn asset_folders() -> Vec<PathBuf> {
    let named = std::env::var_os(ASSETS_VAR).map(PathBuf::from);
    let exe = std::env::current_exe().ok();
    folders_from(named, exe.as_deref())
}

/// The first of [`asset_folders`] that exists.
pub fn asset_root() -> Option<PathBuf> {
    asset_folders().into_iter().find(|f| f.is_dir())
}

/// The file at `relative` under the first of [`asset_folders`] that holds
/// it; else the places looked at, to tell the user.
pub fn find_asset(relative: &Path) -> Result<PathBuf, Vec<PathBuf>> {
    let places: Vec<PathBuf> = asset_folders().iter().map(|f| f.join(relative)).collect();
    places.iter().find(|p| p.is_file()).cloned().ok_or(places)
}

/// The folders for a `STRONGHOLD_ASSETS` value and an executable's path,
/// without repeats.
fn folders_from(named: Option<PathBuf>, exe: Option<&Path>) -> Vec<PathBuf> {
    if let Some(folder) = named {
        return vec![folder];
    }
    let mut folders: Vec<PathBuf> = exe
        .and_then(Path::parent)
        .into_iter()
        .flat_map(Path::ancestors)
        .take(EXE_PARENTS + 1)
        .map(|dir| dir.join("assets"))
        .collect();
    folders.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
    folders.push(PathBuf::from("assets"));
    let mut seen = Vec::new();
    folders.retain(|f| {
        let new = !seen.contains(f);
        seen.push(f.clone());
        new
    });
    folders
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_folder_is_the_only_place() {
        let exe = Path::new("/opt/stronghold/bin/stronghold-cli");
        let folders = folders_from(Some(PathBuf::from("/data/mine")), Some(exe));
        assert_eq!(folders, [PathBuf::from("/data/mine")]);
    }

    #[test]
    fn next_to_the_executable_then_the_crate_then_the_working_folder() {
        let exe = Path::new("/r/target/debug/deps/cli-1234");
        let folders = folders_from(None, Some(exe));
        let expected: Vec<PathBuf> = [
            "/r/target/debug/deps/assets",
            "/r/target/debug/assets",
            "/r/target/assets",
            "/r/assets",
        ]
        .into_iter()
        .map(PathBuf::from)
        .chain([
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"),
            PathBuf::from("assets"),
        ])
        .collect();
        assert_eq!(folders, expected);
    }

    #[test]
    fn the_repository_assets_are_found() {
        let found = find_asset(Path::new("tablebase/bagh-chal.sctb"));
        assert!(found.is_ok(), "looked in {found:?}");
    }
}
