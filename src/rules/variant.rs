//! The four games and their options, as one serde value.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

pub use super::side::Side;

/// Which game is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum GameKind {
    Pirates,
    Asalto,
    FoxGeese,
    BaghChal,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Pirates,
        GameKind::Asalto,
        GameKind::FoxGeese,
        GameKind::BaghChal,
    ];

    /// The name used on the command line and in position strings.
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Pirates => "pirates",
            GameKind::Asalto => "asalto",
            GameKind::FoxGeese => "fox-geese",
            GameKind::BaghChal => "bagh-chal",
        }
    }
    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.id() == id)
    }
    /// The title shown to players.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Pirates => "Pirates and Bulgars",
            GameKind::Asalto => "Asalto",
            GameKind::FoxGeese => "Fox and Geese",
            GameKind::BaghChal => "Bagh-Chal",
        }
    }
    pub const fn board(self) -> BoardKind {
        match self {
            GameKind::Pirates | GameKind::Asalto => BoardKind::CrossAlternating,
            GameKind::FoxGeese => BoardKind::CrossFull,
            GameKind::BaghChal => BoardKind::Square5,
        }
    }
    /// Plural and singular names of a side's pieces, and the letter used in position strings.
    pub const fn piece_names(self, side: Side) -> (&'static str, &'static str, char) {
        match (self, side) {
            (GameKind::Pirates, Side::Hunters) => ("pirates", "pirate", 'P'),
            (GameKind::Pirates, Side::Crowd) => ("Bulgars", "Bulgar", 'B'),
            (GameKind::Asalto, Side::Hunters) => ("officers", "officer", 'O'),
            (GameKind::Asalto, Side::Crowd) => ("rebels", "rebel", 'R'),
            (GameKind::FoxGeese, Side::Hunters) => ("fox", "fox", 'F'),
            (GameKind::FoxGeese, Side::Crowd) => ("geese", "goose", 'G'),
            (GameKind::BaghChal, Side::Hunters) => ("tigers", "tiger", 'T'),
            (GameKind::BaghChal, Side::Crowd) => ("goats", "goat", 'G'),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game id that names no game (see [`GameKind::id`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = GameKind::ALL.iter().map(|g| g.id()).collect();
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
impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(id: &str) -> Result<GameKind, UnknownGame> {
        GameKind::from_id(id).ok_or_else(|| UnknownGame(id.to_string()))
    }
}

/// Every rule option of the spec. Each applies to some games only
/// ([`Variant::set_option`] refuses the others); the rest keep their defaults.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Pirates: a pirate that can jump must (default on).
    pub compulsory_capture: bool,
    /// Pirates: Bulgars may step in any direction (default off).
    pub retreat: bool,
    /// Fox and Geese: 13, 15 or 17 geese.
    #[serde(deserialize_with = "deserialize_geese")]
    pub geese: u8,
    /// Fox and Geese: geese may step sideways (default off).
    pub sideways: bool,
    /// Bagh-Chal: 100 movement plies without a capture draw (default on).
    pub quiet_limit: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            compulsory_capture: true,
            retreat: false,
            geese: 13,
            sideways: false,
            quiet_limit: true,
        }
    }
}

/// Accepts only the goose counts the game knows, so a hand-edited file
/// cannot create a game with 14 geese.
fn deserialize_geese<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let n = u8::deserialize(d)?;
    if matches!(n, 13 | 15 | 17) {
        Ok(n)
    } else {
        Err(serde::de::Error::custom(format!(
            "geese must be 13, 15 or 17, not {n}"
        )))
    }
}

/// One option key as written on the command line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptionKey {
    Compulsory,
    Retreat,
    Geese,
    Sideways,
    QuietLimit,
}

impl OptionKey {
    pub const ALL: [OptionKey; 5] = [
        OptionKey::Compulsory,
        OptionKey::Retreat,
        OptionKey::Geese,
        OptionKey::Sideways,
        OptionKey::QuietLimit,
    ];
    pub const fn id(self) -> &'static str {
        match self {
            OptionKey::Compulsory => "compulsory",
            OptionKey::Retreat => "retreat",
            OptionKey::Geese => "geese",
            OptionKey::Sideways => "sideways",
            OptionKey::QuietLimit => "quiet-limit",
        }
    }
    /// The game the option belongs to.
    pub const fn game(self) -> GameKind {
        match self {
            OptionKey::Compulsory | OptionKey::Retreat => GameKind::Pirates,
            OptionKey::Geese | OptionKey::Sideways => GameKind::FoxGeese,
            OptionKey::QuietLimit => GameKind::BaghChal,
        }
    }
}

/// Why an option could not be set.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionError {
    /// Not `KEY=VALUE`.
    Syntax(String),
    UnknownKey(String),
    /// The key exists but belongs to another game.
    NotForGame {
        key: OptionKey,
        game: GameKind,
    },
    /// The value is not one the key takes (see [`OptionKey::values`]).
    BadValue {
        key: OptionKey,
        value: String,
    },
}

impl OptionKey {
    /// The values the key takes, in English: "on or off", "13, 15 or 17".
    pub const fn values(self) -> &'static str {
        match self {
            OptionKey::Geese => "13, 15 or 17",
            _ => "on or off",
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Syntax(s) => write!(f, "option `{s}` is not KEY=VALUE"),
            OptionError::UnknownKey(k) => write!(
                f,
                "unknown option `{k}` (known: {})",
                OptionKey::ALL
                    .iter()
                    .map(|k| k.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            OptionError::NotForGame { key, game } => {
                write!(f, "option `{}` does not apply to {game}", key.id())
            }
            OptionError::BadValue { key, value } => write!(
                f,
                "option `{}` cannot be `{value}`: expected {}",
                key.id(),
                key.values()
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// `KEY=VALUE` split into a known key and its value text.
fn split_option(text: &str) -> Result<(OptionKey, &str), OptionError> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| OptionError::Syntax(text.to_string()))?;
    Ok((key.parse()?, value))
}

impl FromStr for OptionKey {
    type Err = OptionError;
    fn from_str(id: &str) -> Result<OptionKey, OptionError> {
        OptionKey::ALL
            .into_iter()
            .find(|k| k.id() == id)
            .ok_or_else(|| OptionError::UnknownKey(id.to_string()))
    }
}

/// One option with its value, as `KEY=VALUE` on the command line
/// (`geese=15`, `quiet-limit=off`); which game it fits is checked when a
/// [`Variant`] takes it ([`Variant::apply`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptionSetting {
    Compulsory(bool),
    Retreat(bool),
    Geese(u8),
    Sideways(bool),
    QuietLimit(bool),
}

impl OptionSetting {
    /// The setting of `key` to `value` text (`on`/`off`, or a goose count).
    pub fn new(key: OptionKey, value: &str) -> Result<OptionSetting, OptionError> {
        let bad = || OptionError::BadValue {
            key,
            value: value.to_string(),
        };
        let on_off = || match value {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(bad()),
        };
        Ok(match key {
            OptionKey::Compulsory => OptionSetting::Compulsory(on_off()?),
            OptionKey::Retreat => OptionSetting::Retreat(on_off()?),
            OptionKey::Sideways => OptionSetting::Sideways(on_off()?),
            OptionKey::QuietLimit => OptionSetting::QuietLimit(on_off()?),
            OptionKey::Geese => match value {
                "13" => OptionSetting::Geese(13),
                "15" => OptionSetting::Geese(15),
                "17" => OptionSetting::Geese(17),
                _ => return Err(bad()),
            },
        })
    }

    pub const fn key(self) -> OptionKey {
        match self {
            OptionSetting::Compulsory(_) => OptionKey::Compulsory,
            OptionSetting::Retreat(_) => OptionKey::Retreat,
            OptionSetting::Geese(_) => OptionKey::Geese,
            OptionSetting::Sideways(_) => OptionKey::Sideways,
            OptionSetting::QuietLimit(_) => OptionKey::QuietLimit,
        }
    }
}

impl FromStr for OptionSetting {
    type Err = OptionError;
    fn from_str(text: &str) -> Result<OptionSetting, OptionError> {
        let (key, value) = split_option(text)?;
        OptionSetting::new(key, value)
    }
}

/// A game with its options: everything that fixes the rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Variant {
    pub kind: GameKind,
    #[serde(default)]
    pub options: Options,
}

impl Variant {
    pub fn new(kind: GameKind) -> Variant {
        Variant {
            kind,
            options: Options::default(),
        }
    }

    /// Sets one option from `KEY=VALUE` text, e.g. `geese=15` or `compulsory=off`.
    /// A key of another game is refused before its value is read.
    pub fn set_option(&mut self, text: &str) -> Result<(), OptionError> {
        let (key, value) = split_option(text)?;
        self.check_option_game(key)?;
        self.apply(OptionSetting::new(key, value)?)
    }

    /// Sets one option already parsed ([`OptionSetting`]'s `FromStr`);
    /// refused when the option belongs to another game.
    pub fn apply(&mut self, setting: OptionSetting) -> Result<(), OptionError> {
        self.check_option_game(setting.key())?;
        let o = &mut self.options;
        match setting {
            OptionSetting::Compulsory(on) => o.compulsory_capture = on,
            OptionSetting::Retreat(on) => o.retreat = on,
            OptionSetting::Sideways(on) => o.sideways = on,
            OptionSetting::QuietLimit(on) => o.quiet_limit = on,
            OptionSetting::Geese(n) => o.geese = n,
        }
        Ok(())
    }

    fn check_option_game(&self, key: OptionKey) -> Result<(), OptionError> {
        if key.game() == self.kind {
            Ok(())
        } else {
            Err(OptionError::NotForGame {
                key,
                game: self.kind,
            })
        }
    }

    /// The options of this game as `KEY=VALUE` text, in a fixed order.
    pub fn option_strings(&self) -> Vec<String> {
        let o = &self.options;
        let on = |b: bool| if b { "on" } else { "off" };
        OptionKey::ALL
            .into_iter()
            .filter(|k| k.game() == self.kind)
            .map(|k| {
                let v = match k {
                    OptionKey::Compulsory => on(o.compulsory_capture).to_string(),
                    OptionKey::Retreat => on(o.retreat).to_string(),
                    OptionKey::Geese => o.geese.to_string(),
                    OptionKey::Sideways => on(o.sideways).to_string(),
                    OptionKey::QuietLimit => on(o.quiet_limit).to_string(),
                };
                format!("{}={v}", k.id())
            })
            .collect()
    }

    /// The game file with these options applied, checked.
    pub fn ruleset(&self) -> std::sync::Arc<super::family::Ruleset> {
        let base = super::family::classic(self.kind.id())
            .expect("a game file for each of the four")
            .unwrap_or_else(|e| panic!("built-in game file: {e}"));
        let strings = self.option_strings();
        let choices: Vec<(&str, &str)> = strings.iter().filter_map(|o| o.split_once('=')).collect();
        std::sync::Arc::new(
            base.with_options(&choices)
                .unwrap_or_else(|e| panic!("{}: option: {e}", self.kind)),
        )
    }
}

/// The boards of the four first games, by shape (what the drawing of
/// those four still asks for).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoardKind {
    /// 33-point cross, diagonals on the alternating pattern (Pirates, Asalto).
    CrossAlternating,
    /// 33-point cross with every diagonal (Fox and Geese).
    CrossFull,
    /// 5x5 points, alternating diagonals (Bagh-Chal).
    Square5,
}
