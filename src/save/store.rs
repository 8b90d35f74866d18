//! Where saves live: a [`Store`] of named slots (the settings, the
//! autosave, named saves). [`DirStore`] keeps them as files in a folder,
//! written atomically; the web build keeps them in `localStorage`.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// One stored thing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    Settings,
    Autosave,
    /// The hunt family's old autosave, read once into the one autosave or
    /// a named save ([`super::legacy`]).
    FamilyAutosave,
    /// A named save, by its file stem (see [`file_stem`]).
    Named(String),
}

/// A place that keeps slots. Writes replace a slot whole or not at all.
pub trait Store: Send + Sync + 'static {
    /// The stored bytes, `None` when the slot is empty.
    fn read(&self, slot: &Slot) -> io::Result<Option<Vec<u8>>>;
    /// Replaces the slot's content; on failure the old content is intact.
    fn write(&self, slot: &Slot, text: &str) -> io::Result<()>;
    /// Keeps a refused slot's content, untouched, under a new name next to
    /// it (`autosave.ron.bad-20260101-120000`), and returns that name.
    fn move_aside(&self, slot: &Slot, stamp: &str) -> io::Result<String>;
    /// Empties a slot (the player deleting a named save).
    fn delete(&self, slot: &Slot) -> io::Result<()>;
    /// The stems of the named saves.
    fn named(&self) -> io::Result<Vec<String>>;
    /// Where a slot lives, for messages: a path or a storage key.
    fn location(&self, slot: &Slot) -> String;
}

/// Slots as files in a folder: `settings.ron`, `autosave.ron`,
/// `family-autosave.ron` and `saves/<stem>.ron`. Folders are created on
/// the first write.
#[derive(Clone, Debug)]
pub struct DirStore {
    root: PathBuf,
}

impl DirStore {
    pub fn new(root: impl Into<PathBuf>) -> DirStore {
        DirStore { root: root.into() }
    }
    pub fn root(&self) -> &Path {
        &self.root
    }
    /// The file a slot is kept in.
    pub fn path(&self, slot: &Slot) -> PathBuf {
        match slot {
            Slot::Settings => self.root.join("settings.ron"),
            Slot::Autosave => self.root.join("autosave.ron"),
            Slot::FamilyAutosave => self.root.join("family-autosave.ron"),
            Slot::Named(stem) => self.root.join("saves").join(format!("{stem}.ron")),
        }
    }
}

impl Store for DirStore {
    fn read(&self, slot: &Slot) -> io::Result<Option<Vec<u8>>> {
        match fs::read(self.path(slot)) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn write(&self, slot: &Slot, text: &str) -> io::Result<()> {
        let path = self.path(slot);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        write_atomic(&path, text.as_bytes())
    }

    fn move_aside(&self, slot: &Slot, stamp: &str) -> io::Result<String> {
        let path = self.path(slot);
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Never replace an earlier moved-aside file.
        let mut target = path.with_file_name(format!("{name}.bad-{stamp}"));
        let mut n = 2;
        while target.exists() {
            target = path.with_file_name(format!("{name}.bad-{stamp}-{n}"));
            n += 1;
        }
        fs::rename(&path, &target)?;
        sync_dir(&path);
        Ok(target.display().to_string())
    }

    fn delete(&self, slot: &Slot) -> io::Result<()> {
        fs::remove_file(self.path(slot))
    }

    fn named(&self) -> io::Result<Vec<String>> {
        let dir = self.root.join("saves");
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut stems = Vec::new();
        for entry in entries {
            let name = entry?.file_name().to_string_lossy().into_owned();
            // Temporary files start with a dot; moved-aside ones end in `.bad-...`.
            if let Some(stem) = name.strip_suffix(".ron")
                && !stem.starts_with('.')
            {
                stems.push(stem.to_string());
            }
        }
        stems.sort();
        Ok(stems)
    }

    fn location(&self, slot: &Slot) -> String {
        self.path(slot).display().to_string()
    }
}

/// Replaces a file atomically: the bytes go to a temporary file in the same
/// folder, which is flushed to disk and then renamed over the target. A
/// crash or a full disk at any point leaves either the old file or the new
/// one, never a mix.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |file| file.write_all(bytes))
}

/// [`write_atomic`] with the writing done by `fill` (tests use it to fail
/// half-way, as a full disk would).
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let temp = temp_path(path);
    let result = (|| {
        // The file is closed at the end of this block, before the rename.
        {
            let mut file = File::create(&temp)?;
            fill(&mut file)?;
            file.sync_all()?;
        }
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        // The half-written copy is ours; the target was never touched.
        let _ = fs::remove_file(&temp);
    } else {
        sync_dir(path);
    }
    result
}

/// The temporary file a write to `path` goes through: hidden, next to it,
/// one per process.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

/// Makes a rename in `path`'s folder durable (where the platform allows
/// opening a folder; elsewhere the rename is as durable as it gets).
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent()
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
}

/// A file stem for a save's name: letters (any script), digits, spaces and
/// `-_.,()'!+` kept, anything else (path separators, `:*?"<>|`, control
/// characters) replaced by `_`; at most 60 characters; never hidden, never
/// empty, never a name Windows reserves. The name itself is stored inside
/// the file, so two names may share a stem (saving one replaces the other).
pub fn file_stem(name: &str) -> String {
    let mut stem: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_.,()'!+".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    stem = stem
        .trim_start_matches('.')
        .trim_end_matches(['.', ' '])
        .to_string();
    if stem.is_empty() {
        stem = "save".to_string();
    }
    let upper = stem.to_ascii_uppercase();
    let base = upper.split('.').next().unwrap_or("");
    let reserved = ["CON", "PRN", "AUX", "NUL"].contains(&base)
        || ((base.starts_with("COM") || base.starts_with("LPT"))
            && base.len() == 4
            && base.as_bytes()[3].is_ascii_digit());
    if reserved {
        stem.push('_');
    }
    stem
}

/// `20260101-120000` for a time in seconds since 1970 (UTC): the suffix of
/// moved-aside files.
pub fn file_stamp(unix_seconds: u64) -> String {
    let (y, mo, d, h, mi, s) = civil_time(unix_seconds);
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

/// `2026-01-01 12:00` (UTC), for the list of saves.
pub fn display_time(unix_seconds: u64) -> String {
    let (y, mo, d, h, mi, _) = civil_time(unix_seconds);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}")
}

/// The seconds since 1970 now (0 if the clock is before 1970).
pub fn now_unix() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Year, month, day, hour, minute, second (UTC) of a Unix time, by the
/// days-from-civil algorithm run backwards (proleptic Gregorian calendar).
fn civil_time(unix_seconds: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (unix_seconds / 86_400) as i64;
    let secs = unix_seconds % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        month,
        day,
        (secs / 3600) as u32,
        (secs / 60 % 60) as u32,
        (secs % 60) as u32,
    )
}
