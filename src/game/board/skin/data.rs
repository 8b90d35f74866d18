//! What a skin file says: the serde model of `assets/skins/*.skin.ron`, its
//! colours, and the parser that turns a file's text into a [`SkinData`] or a
//! [`SkinError`] naming the line and column of what is wrong.
//!
//! Nothing here touches Bevy's asset server: the loader (`loader.rs`) reads
//! the bytes and checks the files a skin names; tests parse text directly.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::game::common::i18n::{Language, LocalName, Localize, Msg};
use crate::rules::Side;

/// A colour in sRGB with alpha, each component from 0.0 to 1.0. A skin file
/// writes it as `"#rrggbb"`, `"#rrggbbaa"`, `(r, g, b)` or `(r, g, b, a)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Colour(pub [f32; 4]);

impl Colour {
    pub const fn rgb(r: f32, g: f32, b: f32) -> Colour {
        Colour([r, g, b, 1.0])
    }
    pub const fn rgba(r: f32, g: f32, b: f32, a: f32) -> Colour {
        Colour([r, g, b, a])
    }
    pub fn color(self) -> bevy::prelude::Color {
        let [r, g, b, a] = self.0;
        bevy::prelude::Color::srgba(r, g, b, a)
    }
    /// Reads `#rrggbb` or `#rrggbbaa`.
    pub fn from_hex(text: &str) -> Result<Colour, String> {
        let digits = text
            .strip_prefix('#')
            .ok_or_else(|| format!("colour `{text}` must start with `#`"))?;
        if !(digits.len() == 6 || digits.len() == 8) || !digits.is_ascii() {
            return Err(format!(
                "colour `{text}` must have 6 or 8 hex digits (#rrggbb or #rrggbbaa)"
            ));
        }
        let mut c = [1.0; 4];
        for (i, chunk) in digits.as_bytes().chunks(2).enumerate() {
            let pair = std::str::from_utf8(chunk).unwrap_or("");
            let v = u8::from_str_radix(pair, 16)
                .map_err(|_| format!("colour `{text}`: `{pair}` is not a hex number"))?;
            c[i] = v as f32 / 255.0;
        }
        Ok(Colour(c))
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Colour, D::Error> {
        d.deserialize_any(ColourVisitor)
    }
}

struct ColourVisitor;

impl<'de> Visitor<'de> for ColourVisitor {
    type Value = Colour;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a colour: \"#rrggbb\", \"#rrggbbaa\", (r, g, b) or (r, g, b, a)")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Colour, E> {
        Colour::from_hex(v).map_err(E::custom)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Colour, A::Error> {
        let mut c = [1.0f32; 4];
        let mut n = 0;
        while let Some(v) = seq.next_element::<f64>()? {
            if n == 4 {
                return Err(de::Error::custom("a colour has 3 or 4 components"));
            }
            if !(0.0..=1.0).contains(&v) {
                return Err(de::Error::custom(format!(
                    "colour component {v} is out of range: components go from 0.0 to 1.0"
                )));
            }
            c[n] = v as f32;
            n += 1;
        }
        if n < 3 {
            return Err(de::Error::custom("a colour has 3 or 4 components"));
        }
        Ok(Colour(c))
    }
}

/// Reads a number and checks it lies in `min..=max`.
fn in_range<'de, D: Deserializer<'de>>(d: D, min: f32, max: f32) -> Result<f32, D::Error> {
    let v = f32::deserialize(d)?;
    if !(min..=max).contains(&v) {
        return Err(de::Error::custom(format!(
            "{v} is out of range: it must be from {min} to {max}"
        )));
    }
    Ok(v)
}
/// A piece's drawn width, in point spacings.
fn piece_size<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    in_range(d, 0.2, 1.6)
}
/// A width or radius on the board, in point spacings.
fn board_width<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    in_range(d, 0.0, 0.6)
}
/// How many point spacings one copy of a tiled image covers.
fn tile_size<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    in_range(d, 0.25, 64.0)
}
fn tray_scale<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    in_range(d, 0.2, 1.0)
}
fn default_tile() -> f32 {
    4.0
}

/// The skin's own name, shown in the skin menus.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkinTitle {
    pub en: String,
    pub ru: String,
}

impl SkinTitle {
    pub fn get(&self, language: Language) -> &str {
        match language {
            Language::English => &self.en,
            Language::Russian => &self.ru,
        }
    }
}

/// A skin: everything the board, the pieces and the sounds look and sound like.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkinData {
    pub name: SkinTitle,
    pub hunters: SideLook,
    pub crowd: SideLook,
    /// Behind everything: the table, the sea.
    pub background: Fill,
    pub board: BoardLook,
    pub highlights: Highlights,
    pub tray: TrayLook,
    #[serde(default)]
    pub sounds: Sounds,
}

impl SkinData {
    pub fn side(&self, side: Side) -> &SideLook {
        match side {
            Side::Hunters => &self.hunters,
            Side::Crowd => &self.crowd,
        }
    }
    /// Every image the skin names, as paths under `assets/`.
    pub fn images(&self) -> Vec<&str> {
        let mut out = Vec::new();
        for side in [&self.hunters, &self.crowd] {
            if let PieceArt::Image(path) = &side.piece {
                out.push(path.as_str());
            }
        }
        for fill in [
            &self.background,
            &self.board.surface,
            &self.board.stronghold.fill,
        ] {
            out.extend(fill.image.as_deref());
        }
        out
    }
    /// Every sound the skin names, as paths under `assets/`.
    pub fn sound_paths(&self) -> Vec<&str> {
        self.sounds.all().into_iter().flatten().collect()
    }
}

/// How one side looks and is called.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideLook {
    /// A themed skin's name for the pieces ("pirate" / "pirates", "пират" /
    /// "пирата" / "пиратов" / "пираты"), which every game in it takes; a
    /// skin without one (the classic wood, high contrast) leaves each game
    /// its own names.
    #[serde(default)]
    pub name: Option<LocalName>,
    pub piece: PieceArt,
    /// How wide the piece is drawn, in point spacings (1.0 = the distance
    /// between neighbouring points).
    #[serde(deserialize_with = "piece_size")]
    pub size: f32,
}

/// A piece's picture: a PNG under `assets/`, or a shape drawn by the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PieceArt {
    /// A square PNG with the piece in the middle (its shadow baked in).
    Image(String),
    /// A disc or polygon with a rim and the side's letter, drawn with meshes.
    Shape(ShapeArt),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShapeArt {
    pub shape: Shape,
    pub body: Colour,
    pub rim: Colour,
    /// The letter's colour.
    pub mark: Colour,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shape {
    Circle,
    Hexagon,
    Octagon,
    Square,
    Diamond,
}

/// A colour, optionally with an image tiled across the area (the colour then tints it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fill {
    pub colour: Colour,
    #[serde(default)]
    pub image: Option<String>,
    /// Point spacings covered by one copy of the image.
    #[serde(default = "default_tile", deserialize_with = "tile_size")]
    pub tile: f32,
}

impl Fill {
    pub fn plain(colour: Colour) -> Fill {
        Fill {
            colour,
            image: None,
            tile: default_tile(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardLook {
    /// The playing surface.
    pub surface: Fill,
    /// Streaks of this colour across the surface, like wood grain.
    #[serde(default)]
    pub grain: Option<Colour>,
    /// The raised edge around the surface.
    pub frame: Colour,
    #[serde(deserialize_with = "board_width")]
    pub frame_width: f32,
    /// The shadow the board casts on the background.
    pub shadow: Colour,
    pub stronghold: StrongholdLook,
    pub line: Colour,
    #[serde(deserialize_with = "board_width")]
    pub line_width: f32,
    pub point: Colour,
    /// The point markers' radius.
    #[serde(deserialize_with = "board_width")]
    pub point_radius: f32,
    /// The file letters and rank numbers.
    pub coordinates: Colour,
}

/// The stronghold (Asalto's fortress): the points the hunters defend.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrongholdLook {
    pub fill: Fill,
    pub edge: Colour,
    #[serde(deserialize_with = "board_width")]
    pub edge_width: f32,
    /// Square merlons along the edge, like a fort's wall.
    #[serde(default)]
    pub battlements: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Highlights {
    /// The ring around the piece picked up.
    pub selected: Colour,
    /// Dots on the points a step may go to.
    pub target: Colour,
    /// Rings on the points a jump may land on.
    pub capture: Colour,
    /// Discs on the points the last move touched.
    pub last_move: Colour,
    /// Discs on the hops chosen so far in a chain.
    pub path: Colour,
    /// Rings around the crowd pieces a hunter could jump next.
    pub threatened: Colour,
    /// The flush of a huffed piece.
    pub huff: Colour,
}

/// Where captured pieces wait, beside the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrayLook {
    pub colour: Colour,
    pub edge: Colour,
    /// A captured piece's size there, relative to the board.
    #[serde(deserialize_with = "tray_scale")]
    pub scale: f32,
}

/// The skin's sounds, Ogg Vorbis files under `assets/`; each is optional.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Sounds {
    pub step: Option<String>,
    /// Played once for each piece jumped, as it leaves the board.
    pub capture: Option<String>,
    pub huff: Option<String>,
    pub place: Option<String>,
    /// A refused move.
    pub illegal: Option<String>,
    pub win: Option<String>,
    pub loss: Option<String>,
}

impl Sounds {
    pub fn all(&self) -> [Option<&str>; 7] {
        [
            self.step.as_deref(),
            self.capture.as_deref(),
            self.huff.as_deref(),
            self.place.as_deref(),
            self.illegal.as_deref(),
            self.win.as_deref(),
            self.loss.as_deref(),
        ]
    }
}

/// What is wrong with a skin file (`file`, a path under `assets/`), and
/// where: `at` is the 1-based line and column, where the problem has a place
/// in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SkinError {
    /// The file could not be read (the system's words).
    Unreadable { file: String, message: String },
    /// The file is not UTF-8 text.
    NotText { file: String },
    /// The text is not a valid skin: the RON parser's words (a field
    /// unknown or missing, a colour or size out of range, a cut-short file).
    Syntax {
        file: String,
        at: (usize, usize),
        message: String,
    },
    /// A file the skin names (`path`, written at `at`) cannot be used.
    BadPath {
        file: String,
        at: Option<(usize, usize)>,
        path: String,
        problem: PathProblem,
    },
}

/// Why a file a skin names cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathProblem {
    /// The name is empty.
    Empty,
    /// It leaves `assets/`, or uses `\` or `..`.
    OutsideAssets,
    /// It is neither a PNG image (`.png`) nor an Ogg Vorbis sound (`.ogg`).
    WrongExtension,
    /// It cannot be read (the asset server's words).
    Unreadable(String),
    /// A `.png` file that is not a PNG image.
    NotPng,
    /// An `.ogg` file that is not an Ogg Vorbis sound.
    NotOgg,
}

impl SkinError {
    /// The skin file.
    pub fn file(&self) -> &str {
        match self {
            SkinError::Unreadable { file, .. }
            | SkinError::NotText { file }
            | SkinError::Syntax { file, .. }
            | SkinError::BadPath { file, .. } => file,
        }
    }
    /// Line and column in the skin file, from 1.
    pub fn at(&self) -> Option<(usize, usize)> {
        match self {
            SkinError::Unreadable { .. } | SkinError::NotText { .. } => None,
            SkinError::Syntax { at, .. } => Some(*at),
            SkinError::BadPath { at, .. } => *at,
        }
    }
    /// The parser's or the system's own words, if the error carries them.
    pub fn foreign_words(&self) -> Option<&str> {
        match self {
            SkinError::Unreadable { message, .. }
            | SkinError::Syntax { message, .. }
            | SkinError::BadPath {
                problem: PathProblem::Unreadable(message),
                ..
            } => Some(message),
            _ => None,
        }
    }
    /// `file:line:column`, or the file alone.
    pub fn location(&self) -> String {
        match self.at() {
            Some((line, col)) => format!("{}:{line}:{col}", self.file()),
            None => self.file().to_string(),
        }
    }
    /// What is wrong, in English.
    fn problem(&self) -> String {
        match self {
            SkinError::Unreadable { message, .. } => format!("cannot be read: {message}"),
            SkinError::NotText { .. } => "is not UTF-8 text".to_string(),
            SkinError::Syntax { message, .. } => message.clone(),
            SkinError::BadPath { path, problem, .. } => match problem {
                PathProblem::Empty => "an empty file name".to_string(),
                PathProblem::OutsideAssets => format!(
                    "`{path}` must be a path under assets/ with `/` between folders, without `..`"
                ),
                PathProblem::WrongExtension => {
                    format!("`{path}`: images must be PNG (.png) and sounds Ogg Vorbis (.ogg)")
                }
                PathProblem::Unreadable(message) => format!("cannot read `{path}`: {message}"),
                PathProblem::NotPng => format!("`{path}` is not a PNG image"),
                PathProblem::NotOgg => format!("`{path}` is not an Ogg Vorbis sound"),
            },
        }
    }
}

impl fmt::Display for SkinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.problem())
    }
}

impl std::error::Error for SkinError {}

/// Parses a skin file's text. `Some(x)` may be written as plain `x`.
pub fn parse_skin(text: &str, file: &str) -> Result<SkinData, SkinError> {
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let data: SkinData = options.from_str(text).map_err(|e| SkinError::Syntax {
        file: file.to_string(),
        at: (e.span.start.line, e.span.start.col),
        message: e.code.to_string(),
    })?;
    for path in data.images().into_iter().chain(data.sound_paths()) {
        check_path_shape(path).map_err(|problem| SkinError::BadPath {
            file: file.to_string(),
            at: locate(text, path),
            path: path.to_string(),
            problem,
        })?;
    }
    Ok(data)
}

/// A path a skin names must stay inside `assets/` and say what it holds.
fn check_path_shape(path: &str) -> Result<(), PathProblem> {
    if path.is_empty() {
        return Err(PathProblem::Empty);
    }
    if path.starts_with('/') || path.contains('\\') || path.split('/').any(|part| part == "..") {
        return Err(PathProblem::OutsideAssets);
    }
    let lower = path.to_ascii_lowercase();
    if !(lower.ends_with(".png") || lower.ends_with(".ogg")) {
        return Err(PathProblem::WrongExtension);
    }
    Ok(())
}

/// Line and column (1-based) of the first `"text"` in a skin file, to point
/// at a file name that turned out to be missing.
pub fn locate(source: &str, text: &str) -> Option<(usize, usize)> {
    let quoted = format!("\"{text}\"");
    let offset = source.find(&quoted)?;
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    Some((line, col))
}

/// Checks that a file a skin names holds what its extension says.
pub fn check_file_kind(path: &str, bytes: &[u8]) -> Result<(), PathProblem> {
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".png") && !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Err(PathProblem::NotPng);
    }
    if lower.ends_with(".ogg") && !bytes.starts_with(b"OggS") {
        return Err(PathProblem::NotOgg);
    }
    Ok(())
}

/// A broken skin in the player's language (the message ids are in
/// `errors.ftl`).
impl Localize for SkinError {
    fn to_msg(&self) -> Msg {
        let mut msg = match self {
            SkinError::Unreadable { .. } => Msg::new("error-skin-unreadable"),
            SkinError::NotText { .. } => Msg::new("error-skin-not-text"),
            SkinError::Syntax { .. } => Msg::new("error-skin-syntax"),
            SkinError::BadPath { path, problem, .. } => Msg::new(match problem {
                PathProblem::Empty => "error-skin-empty-path",
                PathProblem::OutsideAssets => "error-skin-path-outside-assets",
                PathProblem::WrongExtension => "error-skin-wrong-extension",
                PathProblem::Unreadable(_) => "error-skin-missing-file",
                PathProblem::NotPng => "error-skin-not-png",
                PathProblem::NotOgg => "error-skin-not-ogg",
            })
            .text("path", path),
        };
        msg = msg.text("file", self.file());
        match self.at() {
            Some((line, column)) => msg
                .text("at", "line")
                .num("line", line as u32)
                .num("column", column as u32),
            None => msg.text("at", "file"),
        }
    }
    fn foreign_words(&self) -> Option<&str> {
        SkinError::foreign_words(self)
    }
}
