//! The games and their options: every built-in game file, and any read at
//! run time, is a [`GameId`]; a game with its options chosen is a
//! [`Variant`], the one value that fixes the rules.
//!
//! The catalogue holds each game's checked file ([`Ruleset`]); the files
//! are the only place a game is described, so nothing here (and nothing
//! outside `src/rules`) knows one game from another but by its data.

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock, RwLock};

use serde::{Deserialize, Serialize};

use super::family::file::GameFile;
use super::family::{GameFileError, Ruleset};
pub use super::side::Side;

/// The built-in game files, in the order the game lists them: the four
/// first games, then the hunt family.
const BUILT_IN: &[(&str, &str)] = &[
    (
        "pirates",
        include_str!("../../assets/games/pirates.game.ron"),
    ),
    ("asalto", include_str!("../../assets/games/asalto.game.ron")),
    (
        "fox-geese",
        include_str!("../../assets/games/fox-geese.game.ron"),
    ),
    (
        "bagh-chal",
        include_str!("../../assets/games/bagh-chal.game.ron"),
    ),
    ("kaooa", include_str!("../../assets/games/kaooa.game.ron")),
    (
        "haretavl",
        include_str!("../../assets/games/haretavl.game.ron"),
    ),
    (
        "cercar-la-liebre",
        include_str!("../../assets/games/cercar-la-liebre.game.ron"),
    ),
    ("adugo", include_str!("../../assets/games/adugo.game.ron")),
    (
        "demala-diviyan-keliya",
        include_str!("../../assets/games/demala-diviyan-keliya.game.ron"),
    ),
    (
        "juroku-musashi",
        include_str!("../../assets/games/juroku-musashi.game.ron"),
    ),
    (
        "komikan",
        include_str!("../../assets/games/komikan.game.ron"),
    ),
    (
        "jeu-militaire",
        include_str!("../../assets/games/jeu-militaire.game.ron"),
    ),
    (
        "la-yagua",
        include_str!("../../assets/games/la-yagua.game.ron"),
    ),
    (
        "refskak",
        include_str!("../../assets/games/refskak.game.ron"),
    ),
    (
        "el-zorro",
        include_str!("../../assets/games/el-zorro.game.ron"),
    ),
    (
        "hund-efter-hare-vendsyssel",
        include_str!("../../assets/games/hund-efter-hare-vendsyssel.game.ron"),
    ),
    (
        "orissa-tiger-game-one-tiger",
        include_str!("../../assets/games/orissa-tiger-game-one-tiger.game.ron"),
    ),
    (
        "yaguarete-kora",
        include_str!("../../assets/games/yaguarete-kora.game.ron"),
    ),
    (
        "mysore-tiger-game",
        include_str!("../../assets/games/mysore-tiger-game.game.ron"),
    ),
    (
        "pulijudamu",
        include_str!("../../assets/games/pulijudamu.game.ron"),
    ),
    (
        "diviyan-keliya",
        include_str!("../../assets/games/diviyan-keliya.game.ron"),
    ),
    (
        "mysore-tiger-game-two-tigers",
        include_str!("../../assets/games/mysore-tiger-game-two-tigers.game.ron"),
    ),
    (
        "yeung-luk-sz-kon-tseung-kwan",
        include_str!("../../assets/games/yeung-luk-sz-kon-tseung-kwan.game.ron"),
    ),
    ("coyote", include_str!("../../assets/games/coyote.game.ron")),
    (
        "el-cazador",
        include_str!("../../assets/games/el-cazador.game.ron"),
    ),
    (
        "ko-app-paw-na",
        include_str!("../../assets/games/ko-app-paw-na.game.ron"),
    ),
    (
        "kulaochal",
        include_str!("../../assets/games/kulaochal.game.ron"),
    ),
    (
        "main-tapak-empat",
        include_str!("../../assets/games/main-tapak-empat.game.ron"),
    ),
    (
        "sumi-naga-game-hunt",
        include_str!("../../assets/games/sumi-naga-game-hunt.game.ron"),
    ),
    (
        "bouge-shodra",
        include_str!("../../assets/games/bouge-shodra.game.ron"),
    ),
    ("manu", include_str!("../../assets/games/manu.game.ron")),
    (
        "musinaykahwhanmetowaywin",
        include_str!("../../assets/games/musinaykahwhanmetowaywin.game.ron"),
    ),
    (
        "jeu-du-renard-et-de-la-poule",
        include_str!("../../assets/games/jeu-du-renard-et-de-la-poule.game.ron"),
    ),
    (
        "nuktagaq",
        include_str!("../../assets/games/nuktagaq.game.ron"),
    ),
    (
        "gasetavl-gedved",
        include_str!("../../assets/games/gasetavl-gedved.game.ron"),
    ),
    (
        "gasetavl",
        include_str!("../../assets/games/gasetavl.game.ron"),
    ),
    (
        "jeu-de-renard",
        include_str!("../../assets/games/jeu-de-renard.game.ron"),
    ),
    (
        "bam-blang-beh-khla",
        include_str!("../../assets/games/bam-blang-beh-khla.game.ron"),
    ),
    (
        "hat-diviyan-keliya",
        include_str!("../../assets/games/hat-diviyan-keliya.game.ron"),
    ),
    (
        "huli-mane-ata",
        include_str!("../../assets/games/huli-mane-ata.game.ron"),
    ),
    (
        "janes-soppi",
        include_str!("../../assets/games/janes-soppi.game.ron"),
    ),
    (
        "ludus-coriovalli",
        include_str!("../../assets/games/ludus-coriovalli.game.ron"),
    ),
    (
        "hund-efter-hare-thy",
        include_str!("../../assets/games/hund-efter-hare-thy.game.ron"),
    ),
    (
        "wolf-and-sheep",
        include_str!("../../assets/games/wolf-and-sheep.game.ron"),
    ),
    (
        "wolf-und-schaaf",
        include_str!("../../assets/games/wolf-und-schaaf.game.ron"),
    ),
    (
        "bagh-batti",
        include_str!("../../assets/games/bagh-batti.game.ron"),
    ),
    (
        "bagh-guti",
        include_str!("../../assets/games/bagh-guti.game.ron"),
    ),
    (
        "bagha-guti",
        include_str!("../../assets/games/bagha-guti.game.ron"),
    ),
    (
        "mao-naga-tiger-game",
        include_str!("../../assets/games/mao-naga-tiger-game.game.ron"),
    ),
    (
        "sher-bakar",
        include_str!("../../assets/games/sher-bakar.game.ron"),
    ),
    ("rimoe", include_str!("../../assets/games/rimoe.game.ron")),
    (
        "mysore-tiger-game-three-tigers",
        include_str!("../../assets/games/mysore-tiger-game-three-tigers.game.ron"),
    ),
    (
        "orissa-tiger-game-four-tigers",
        include_str!("../../assets/games/orissa-tiger-game-four-tigers.game.ron"),
    ),
    (
        "el-perro",
        include_str!("../../assets/games/el-perro.game.ron"),
    ),
    (
        "jeu-de-renard-two-foxes",
        include_str!("../../assets/games/jeu-de-renard-two-foxes.game.ron"),
    ),
    (
        "hyvn-aetter-hare",
        include_str!("../../assets/games/hyvn-aetter-hare.game.ron"),
    ),
    (
        "renard-et-les-poules",
        include_str!("../../assets/games/renard-et-les-poules.game.ron"),
    ),
    (
        "rimau-rimau-two-tigers",
        include_str!("../../assets/games/rimau-rimau-two-tigers.game.ron"),
    ),
    (
        "uxrijn-ever",
        include_str!("../../assets/games/uxrijn-ever.game.ron"),
    ),
    (
        "merimueng-rimueng-do",
        include_str!("../../assets/games/merimueng-rimueng-do.game.ron"),
    ),
    (
        "bagh-bandi",
        include_str!("../../assets/games/bagh-bandi.game.ron"),
    ),
    (
        "gioco-dell-orso",
        include_str!("../../assets/games/gioco-dell-orso.game.ron"),
    ),
    (
        "to-kinegi-tou-lagou",
        include_str!("../../assets/games/to-kinegi-tou-lagou.game.ron"),
    ),
];

/// The most options a game may have.
pub const MAX_OPTIONS: usize = 4;

/// Every game the program knows: the built-in files, then those read at
/// run time (kept for the life of the program).
fn catalogue() -> &'static RwLock<Vec<&'static Ruleset>> {
    static GAMES: OnceLock<RwLock<Vec<&'static Ruleset>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let games = BUILT_IN
            .iter()
            .map(|(id, text)| {
                let ruleset = Ruleset::parse(&format!("assets/games/{id}.game.ron"), text)
                    .unwrap_or_else(|e| panic!("built-in game file: {e}"));
                assert!(ruleset.file.options.len() <= MAX_OPTIONS, "{id}: options");
                &*Box::leak(Box::new(ruleset))
            })
            .collect();
        RwLock::new(games)
    })
}

/// A game of the catalogue.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(u16);

impl GameId {
    /// The built-in games, in the order the game lists them.
    pub fn built_in() -> impl Iterator<Item = GameId> {
        (0..BUILT_IN.len() as u16).map(GameId)
    }

    /// The game with this id (`pirates`, `kaooa`): a built-in game, else
    /// the last file read at run time with that id (a file never stands in
    /// for a built-in game: what a saved game names stays what it was).
    pub fn find(id: &str) -> Option<GameId> {
        let games = catalogue().read().expect("the catalogue");
        let built_in = &games[..BUILT_IN.len()];
        built_in
            .iter()
            .position(|g| g.id() == id)
            .or_else(|| games.iter().rposition(|g| g.id() == id))
            .map(|i| GameId(i as u16))
    }

    /// A built-in game by an id written in the code; panics on an id that
    /// names none (ids from outside go through [`GameId::find`]).
    pub fn named(id: &str) -> GameId {
        GameId::find(id).unwrap_or_else(|| panic!("no built-in game `{id}`"))
    }

    /// Reads a game file's bytes (the caller reads the file: the rules do
    /// no I/O) and adds the game to the catalogue. `file` names it in errors.
    pub fn load(file: &str, bytes: &[u8]) -> Result<GameId, GameFileError> {
        let ruleset = super::family::parse_bytes(file, bytes)?;
        let mut games = catalogue().write().expect("the catalogue");
        games.push(Box::leak(Box::new(ruleset)));
        Ok(GameId(games.len() as u16 - 1))
    }

    /// The game's checked file (its default options).
    pub fn ruleset(self) -> &'static Ruleset {
        catalogue().read().expect("the catalogue")[self.0 as usize]
    }

    /// What the game's file says.
    pub fn file(self) -> &'static GameFile {
        &self.ruleset().file
    }

    /// The name on the command line and in position strings (`fox-geese`).
    pub fn id(self) -> &'static str {
        &self.file().id
    }

    /// Whether the game is one of those built in (not read at run time).
    pub fn is_built_in(self) -> bool {
        (self.0 as usize) < BUILT_IN.len()
    }

    /// A built-in game's file as compiled in; `None` for a file read at
    /// run time.
    pub fn built_in_text(self) -> Option<&'static str> {
        BUILT_IN.get(self.0 as usize).map(|(_, text)| *text)
    }

    /// The title in English ("Pirates and Bulgars").
    pub fn title(self) -> &'static str {
        &self.file().name.en
    }

    /// The engine's plug-in for this game, if its file names one
    /// (`bagh-chal`, `fox-geese`).
    pub fn plug_in(self) -> Option<&'static str> {
        self.file().computer.plug_in.as_deref()
    }

    /// A side's pieces in English, several and one ("pirates", "pirate"),
    /// and the letter of its pieces in position strings.
    pub fn piece_names(self, side: Side) -> (&'static str, &'static str, char) {
        let spec = match side {
            Side::Hunters => &self.file().hunters,
            Side::Crowd => &self.file().crowd,
        };
        (&spec.many.en, &spec.one.en, spec.letter)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game id that names no game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = GameId::built_in().map(GameId::id).collect();
        write!(
            f,
            "unknown game `{}` (expected {} or {})",
            self.0,
            ids[..ids.len() - 1].join(", "),
            ids[ids.len() - 1]
        )
    }
}

impl std::error::Error for UnknownGame {}

/// Parses a game id (`pirates`, `fox-geese`), as on the command line.
impl FromStr for GameId {
    type Err = UnknownGame;
    fn from_str(id: &str) -> Result<GameId, UnknownGame> {
        GameId::find(id).ok_or_else(|| UnknownGame(id.to_string()))
    }
}

/// The names the four first games had in files written before the games
/// were data (`Pirates`, `FoxGeese`), with their ids.
const OLD_NAMES: [(&str, &str); 4] = [
    ("Pirates", "pirates"),
    ("Asalto", "asalto"),
    ("FoxGeese", "fox-geese"),
    ("BaghChal", "bagh-chal"),
];

/// Written as its id; read from an id, or from the name a file written
/// before the games were data gave one of the four.
impl Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameId, D::Error> {
        // Through serde's buffered content, which reads RON's bare name
        // (`BaghChal`) as text as well as a quoted id.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Name(String),
        }
        let Written::Name(text) = Written::deserialize(d)?;
        let id = OLD_NAMES
            .iter()
            .find(|(old, _)| *old == text)
            .map_or(text.as_str(), |(_, id)| id);
        GameId::find(id).ok_or_else(|| serde::de::Error::custom(UnknownGame(text.clone())))
    }
}

/// Why an option could not be set.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionError {
    /// Not `KEY=VALUE`.
    Syntax(String),
    /// The game has no option of that name.
    UnknownKey { key: String, game: GameId },
    /// The value is not one the option takes.
    BadValue {
        key: String,
        value: String,
        values: Vec<String>,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Syntax(s) => write!(f, "option `{s}` is not KEY=VALUE"),
            OptionError::UnknownKey { key, game } => {
                let keys: Vec<&str> = game.file().options.iter().map(|o| o.key.as_str()).collect();
                if keys.is_empty() {
                    write!(f, "unknown option `{key}`: {game} has no options")
                } else {
                    write!(
                        f,
                        "unknown option `{key}` for {game} (known: {})",
                        keys.join(", ")
                    )
                }
            }
            OptionError::BadValue { key, value, values } => write!(
                f,
                "option `{key}` cannot be `{value}`: expected {}",
                or_list(values)
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// "a, b or c".
fn or_list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A game with its options: everything that fixes the rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Variant {
    pub game: GameId,
    /// Per option of the file, in its order, the index of the value chosen.
    choices: [u8; MAX_OPTIONS],
}

impl Variant {
    /// A game with its default options.
    pub fn new(game: GameId) -> Variant {
        let mut choices = [0; MAX_OPTIONS];
        for (choice, option) in choices.iter_mut().zip(&game.file().options) {
            *choice = option
                .values
                .iter()
                .position(|v| *v == option.default)
                .unwrap_or(0) as u8;
        }
        Variant { game, choices }
    }

    /// A built-in game by id, with its default options.
    pub fn from_id(id: &str) -> Result<Variant, UnknownGame> {
        Ok(Variant::new(id.parse()?))
    }

    /// Sets one option from `KEY=VALUE` text, e.g. `geese=15` or `compulsory=off`.
    pub fn set_option(&mut self, text: &str) -> Result<(), OptionError> {
        let (key, value) = text
            .split_once('=')
            .ok_or_else(|| OptionError::Syntax(text.to_string()))?;
        self.set(key, value)
    }

    /// Sets option `key` to `value`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let options = &self.game.file().options;
        let i =
            options
                .iter()
                .position(|o| o.key == key)
                .ok_or_else(|| OptionError::UnknownKey {
                    key: key.to_string(),
                    game: self.game,
                })?;
        let values = &options[i].values;
        let v = values
            .iter()
            .position(|v| v == value)
            .ok_or_else(|| OptionError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
                values: values.clone(),
            })?;
        self.choices[i] = v as u8;
        Ok(())
    }

    /// Each option with the value chosen, in the file's order.
    pub fn options(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.game
            .file()
            .options
            .iter()
            .zip(self.choices)
            .map(|(o, v)| (o.key.as_str(), o.values[v as usize].as_str()))
    }

    /// The value chosen for option `key`, if the game has it.
    pub fn option(&self, key: &str) -> Option<&'static str> {
        self.options().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// The game's title with its options, as the command line prints it:
    /// `Pirates and Bulgars (compulsory=on, retreat=off)`, or the title alone.
    pub fn title(&self) -> String {
        let options = self.option_strings();
        if options.is_empty() {
            self.game.title().to_string()
        } else {
            format!("{} ({})", self.game.title(), options.join(", "))
        }
    }

    /// The options as `KEY=VALUE` text, in the file's order.
    pub fn option_strings(&self) -> Vec<String> {
        self.options().map(|(k, v)| format!("{k}={v}")).collect()
    }

    /// The game file with these options applied, checked.
    pub fn ruleset(&self) -> Arc<Ruleset> {
        let choices: Vec<(&str, &str)> = self.options().collect();
        let ruleset = self
            .game
            .ruleset()
            .with_options(&choices)
            .unwrap_or_else(|e| panic!("{}: every option value was checked: {e}", self.game));
        Arc::new(ruleset)
    }
}

/// `pirates,compulsory=on,retreat=off`: the game id and every option, as a
/// position string's first field writes them.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game.id())?;
        for (k, v) in self.options() {
            write!(f, ",{k}={v}")?;
        }
        Ok(())
    }
}

/// Why a variant's text could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VariantError {
    UnknownGame(UnknownGame),
    BadOption(OptionError),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::UnknownGame(e) => e.fmt(f),
            VariantError::BadOption(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for VariantError {}

impl FromStr for Variant {
    type Err = VariantError;
    fn from_str(text: &str) -> Result<Variant, VariantError> {
        let mut parts = text.split(',');
        let id = parts.next().unwrap_or_default();
        let mut variant = Variant::from_id(id).map_err(VariantError::UnknownGame)?;
        for option in parts {
            variant
                .set_option(option)
                .map_err(VariantError::BadOption)?;
        }
        Ok(variant)
    }
}

/// Written as its text (`pirates,compulsory=on,retreat=off`); read from
/// that, or from the form of files written before the games were data
/// (`(kind: Pirates, options: (compulsory_capture: true, ...))`).
impl Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Text(String),
            Old {
                kind: GameId,
                #[serde(default)]
                options: OldOptions,
            },
        }
        match Written::deserialize(d)? {
            Written::Text(text) => text.parse().map_err(serde::de::Error::custom),
            Written::Old { kind, options } => {
                let mut variant = Variant::new(kind);
                for option in options.settings(kind.id()) {
                    // Each game takes the options it had then (a game
                    // given options since, as Asalto, keeps its defaults);
                    // a value no game had is refused.
                    match variant.set_option(&option) {
                        Ok(()) | Err(OptionError::UnknownKey { .. }) => {}
                        Err(e) => return Err(serde::de::Error::custom(e)),
                    }
                }
                Ok(variant)
            }
        }
    }
}

/// The options as files written before the games were data held them.
#[derive(Deserialize)]
#[serde(default)]
struct OldOptions {
    compulsory_capture: bool,
    retreat: bool,
    geese: u8,
    sideways: bool,
    quiet_limit: bool,
}

impl Default for OldOptions {
    fn default() -> OldOptions {
        OldOptions {
            compulsory_capture: true,
            retreat: false,
            geese: 13,
            sideways: false,
            quiet_limit: true,
        }
    }
}

impl OldOptions {
    /// The options `game` had in those files.
    fn settings(&self, game: &str) -> Vec<String> {
        let on = |b: bool| if b { "on" } else { "off" };
        match game {
            "pirates" => vec![
                format!("compulsory={}", on(self.compulsory_capture)),
                format!("retreat={}", on(self.retreat)),
            ],
            "fox-geese" => vec![
                format!("geese={}", self.geese),
                format!("sideways={}", on(self.sideways)),
            ],
            "bagh-chal" => vec![format!("quiet-limit={}", on(self.quiet_limit))],
            _ => Vec::new(),
        }
    }
}
