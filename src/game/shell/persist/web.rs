//! The web's store: the browser's `localStorage`, one key per slot
//! (`stronghold/settings`, `stronghold/autosave`,
//! `stronghold/family-autosave`, `stronghold/saves/<stem>`).
//! A `setItem` replaces a key whole or fails (a full quota) leaving it as
//! it was, so writes are atomic here too.

use std::io;

use crate::save::{Slot, Store};

const PREFIX: &str = "stronghold/";
const NAMED_PREFIX: &str = "stronghold/saves/";
const FAMILY_AUTOSAVE_KEY: &str = "stronghold/family-autosave";

pub struct WebStore;

fn key(slot: &Slot) -> String {
    match slot {
        Slot::Settings => format!("{PREFIX}settings"),
        Slot::Autosave => format!("{PREFIX}autosave"),
        Slot::FamilyAutosave => FAMILY_AUTOSAVE_KEY.to_string(),
        Slot::Named(stem) => format!("{NAMED_PREFIX}{stem}"),
    }
}

fn storage() -> io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| io::Error::from(io::ErrorKind::Unsupported))
}

/// A JavaScript exception (a full quota, storage turned off) as an I/O error.
fn js_error(e: wasm_bindgen::JsValue) -> io::Error {
    io::Error::other(format!("{e:?}"))
}

impl Store for WebStore {
    fn read(&self, slot: &Slot) -> io::Result<Option<Vec<u8>>> {
        let value = storage()?.get_item(&key(slot)).map_err(js_error)?;
        Ok(value.map(String::into_bytes))
    }

    fn write(&self, slot: &Slot, text: &str) -> io::Result<()> {
        storage()?.set_item(&key(slot), text).map_err(js_error)
    }

    fn move_aside(&self, slot: &Slot, stamp: &str) -> io::Result<String> {
        let storage = storage()?;
        let from = key(slot);
        let value = storage
            .get_item(&from)
            .map_err(js_error)?
            .unwrap_or_default();
        let mut to = format!("{from}.bad-{stamp}");
        let mut n = 2;
        while storage.get_item(&to).map_err(js_error)?.is_some() {
            to = format!("{from}.bad-{stamp}-{n}");
            n += 1;
        }
        // Copy first: if the copy does not fit, the original stays.
        storage.set_item(&to, &value).map_err(js_error)?;
        storage.remove_item(&from).map_err(js_error)?;
        Ok(to)
    }

    fn delete(&self, slot: &Slot) -> io::Result<()> {
        storage()?.remove_item(&key(slot)).map_err(js_error)
    }

    fn named(&self) -> io::Result<Vec<String>> {
        let storage = storage()?;
        let count = storage.length().map_err(js_error)?;
        let mut stems = Vec::new();
        for i in 0..count {
            if let Some(k) = storage.key(i).map_err(js_error)?
                && let Some(stem) = k.strip_prefix(NAMED_PREFIX)
                && !stem.contains(".bad-")
            {
                stems.push(stem.to_string());
            }
        }
        stems.sort();
        Ok(stems)
    }

    fn location(&self, slot: &Slot) -> String {
        key(slot)
    }
}
