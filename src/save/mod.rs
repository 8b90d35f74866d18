//! Saves and settings on disk (or in the browser's storage), without Bevy:
//! the file format ([`format`]), where files live and how they are written
//! ([`store`]), and [`Saves`], which loads, writes, lists and deletes them.
//!
//! Nothing the player had is ever lost: writes are atomic, and a file that
//! cannot be read (damaged, cut short, written by a newer version, or
//! holding a game that does not replay) is moved aside untouched and
//! reported, never deleted or overwritten.

pub mod format;
pub mod legacy;
pub mod store;

use std::io;
use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use format::{Ending, FORMAT_VERSION, LoadError, RestoredGame, SavedGame, SettingsFile};
pub use legacy::SavedFamilyGame;
pub use store::{DirStore, Slot, Store, file_stem};

/// A stored file that was refused, and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub slot: Slot,
    /// Where it was (a path or a storage key).
    pub location: String,
    pub error: LoadError,
    /// Where it was moved, or why it could not be moved (then it is where
    /// it was, and must not be written over).
    pub moved_to: Result<String, String>,
}

/// The hunt family's old autosave, read ([`Saves::take_family_autosave`]).
#[derive(Clone, Debug)]
pub struct FamilyTaken {
    /// Its game, as the one autosave holds games (named when kept as a
    /// named save).
    pub restored: RestoredGame,
    /// Where it is kept from now on: the autosave (the game to continue)
    /// or a named save.
    pub slot: Slot,
    /// False when it could not be written there: the old file is left to
    /// be read again next time.
    pub kept: bool,
}

/// A named save in the list: its stem, and the save or why it cannot be read.
#[derive(Clone, Debug)]
pub struct Listed {
    pub stem: String,
    pub save: Result<SavedGame, LoadError>,
}

/// Loads and writes the settings, the autosave and named saves in a store.
pub struct Saves {
    store: Box<dyn Store>,
}

impl Saves {
    pub fn new(store: impl Store) -> Saves {
        Saves {
            store: Box::new(store),
        }
    }
    /// Files in a folder (see [`DirStore`]).
    pub fn in_dir(root: impl Into<PathBuf>) -> Saves {
        Saves::new(DirStore::new(root))
    }
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    /// The settings, `None` when none were stored; a file that cannot be
    /// read is moved aside.
    pub fn load_settings<T: Serialize + DeserializeOwned>(&self) -> Result<Option<T>, Refused> {
        self.load(&Slot::Settings, |text| SettingsFile::<T>::from_ron(text))
    }

    /// A saved game, replayed; `None` when the slot is empty. A file that
    /// cannot be read, or whose game does not replay, is moved aside.
    pub fn load_game(&self, slot: &Slot) -> Result<Option<RestoredGame>, Refused> {
        self.load(slot, |text| SavedGame::from_ron(text)?.restore())
    }

    /// The hunt family's old autosave (see [`legacy`]), replayed as a game
    /// of the one autosave and kept from now on in `Slot::Autosave` when
    /// `autosave_free` (the autosave holds no game to continue) and the
    /// game is unfinished, else as a named save, so a game left on each
    /// screen is kept; the old file is deleted once the game is written,
    /// so it comes back only once. `None` when there is none. A file that
    /// cannot be read, or whose game does not replay, is moved aside.
    pub fn take_family_autosave(
        &self,
        autosave_free: bool,
    ) -> Result<Option<FamilyTaken>, Refused> {
        let Some(restored) = self.load(&Slot::FamilyAutosave, |text| {
            SavedFamilyGame::from_ron(text)?.to_saved_game()?.restore()
        })?
        else {
            return Ok(None);
        };
        let (slot, name) = if autosave_free && !restored.is_finished() {
            (Slot::Autosave, String::new())
        } else {
            let title = restored.game.variant().game.title();
            let name = match restored.saved.saved_at {
                0 => title.to_string(),
                at => format!("{title}, {}", store::display_time(at)),
            };
            (Slot::Named(self.free_stem(&name)), name)
        };
        let saved = SavedGame {
            name,
            ..restored.saved.clone()
        };
        // Written (keeping the time it was played) before the old file
        // goes: a write that fails leaves it to be read again next time.
        let kept = self.store.write(&slot, &saved.to_ron()).is_ok();
        if kept {
            let _ = self.store.delete(&Slot::FamilyAutosave);
        }
        Ok(Some(FamilyTaken {
            restored: RestoredGame { saved, ..restored },
            slot,
            kept,
        }))
    }

    /// A named save's stem for `name` that no save has yet.
    fn free_stem(&self, name: &str) -> String {
        let taken = self.store.named().unwrap_or_default();
        let base = file_stem(name);
        let mut stem = base.clone();
        let mut n = 2;
        while taken.contains(&stem) {
            stem = format!("{base} {n}");
            n += 1;
        }
        stem
    }

    /// Reads and parses a slot; refuses (and moves aside) what fails.
    fn load<T>(
        &self,
        slot: &Slot,
        parse: impl FnOnce(&str) -> Result<T, LoadError>,
    ) -> Result<Option<T>, Refused> {
        let parsed = match self.store.read(slot) {
            Ok(None) => return Ok(None),
            Ok(Some(bytes)) => format::text_of(&bytes).and_then(parse),
            Err(e) => Err(LoadError::Unreadable {
                message: e.to_string(),
            }),
        };
        parsed.map(Some).map_err(|error| self.refuse(slot, error))
    }

    /// Moves a refused slot aside and says what happened.
    fn refuse(&self, slot: &Slot, error: LoadError) -> Refused {
        let stamp = store::file_stamp(store::now_unix());
        Refused {
            slot: slot.clone(),
            location: self.store.location(slot),
            moved_to: self
                .store
                .move_aside(slot, &stamp)
                .map_err(|e| e.to_string()),
            error,
        }
    }

    pub fn write_settings<T: Serialize + DeserializeOwned + Clone>(
        &self,
        settings: &T,
    ) -> io::Result<()> {
        self.store
            .write(&Slot::Settings, &SettingsFile::to_ron(settings))
    }

    /// Writes a game to a slot, stamped with the time now.
    pub fn write_game(&self, slot: &Slot, game: &SavedGame) -> io::Result<()> {
        let stamped = SavedGame {
            saved_at: store::now_unix(),
            ..game.clone()
        };
        self.store.write(slot, &stamped.to_ron())
    }

    /// The named saves, newest first (unreadable ones last), each read but
    /// not replayed.
    pub fn list(&self) -> io::Result<Vec<Listed>> {
        let mut listed: Vec<Listed> = self
            .store
            .named()?
            .into_iter()
            .map(|stem| {
                let slot = Slot::Named(stem.clone());
                let save = match self.store.read(&slot) {
                    Ok(Some(bytes)) => format::text_of(&bytes).and_then(SavedGame::from_ron),
                    Ok(None) => Err(LoadError::Unreadable {
                        message: "gone".to_string(),
                    }),
                    Err(e) => Err(LoadError::Unreadable {
                        message: e.to_string(),
                    }),
                };
                Listed { stem, save }
            })
            .collect();
        listed.sort_by_key(|l| std::cmp::Reverse(l.save.as_ref().map_or(0, |s| s.saved_at)));
        Ok(listed)
    }

    /// Deletes a named save (the player asked for it).
    pub fn delete(&self, stem: &str) -> io::Result<()> {
        self.store.delete(&Slot::Named(stem.to_string()))
    }
}
