//! The built-in skin: a plain wooden board with drawn discs, written in code
//! so the game always has a look, even when every skin file is broken or
//! still loading. It needs no image, sound or font file.

use super::data::*;
use crate::game::common::i18n::{LocalName, SideName};
use crate::rules::{GameId, Side};

/// How a game's sides are called when the skin file is not there: the
/// names its file gives (the shipped skins name them the same way): one
/// and several, and in Russian the forms after two to four and after five
/// (`counted_ru`).
pub fn side_name(game: GameId, side: Side) -> LocalName {
    let spec = match side {
        Side::Hunters => &game.file().hunters,
        Side::Crowd => &game.file().crowd,
    };
    let (few, many) = match &spec.counted_ru {
        Some((few, many)) => (Some(few.clone()), Some(many.clone())),
        None => (None, None),
    };
    LocalName {
        en: SideName {
            one: spec.one.en.clone(),
            plural: spec.many.en.clone(),
            few: None,
            many: None,
        },
        ru: SideName {
            one: spec.one.ru.clone(),
            few,
            many,
            plural: spec.many.ru.clone(),
        },
    }
}

/// The fallback skin for a game: the look the game had before skins.
pub fn builtin_skin(game: GameId) -> SkinData {
    let c = Colour::rgb;
    let a = Colour::rgba;
    SkinData {
        name: SkinTitle {
            en: "Classic (built in)".into(),
            ru: "Классика (встроенная)".into(),
        },
        hunters: SideLook {
            name: Some(side_name(game, Side::Hunters)),
            piece: PieceArt::Shape(ShapeArt {
                shape: Shape::Hexagon,
                body: c(0.55, 0.09, 0.09),
                rim: c(0.88, 0.68, 0.25),
                mark: c(0.98, 0.86, 0.50),
            }),
            size: 0.76,
        },
        crowd: SideLook {
            name: Some(side_name(game, Side::Crowd)),
            piece: PieceArt::Shape(ShapeArt {
                shape: Shape::Circle,
                body: c(0.95, 0.91, 0.80),
                rim: c(0.30, 0.20, 0.12),
                mark: c(0.30, 0.20, 0.12),
            }),
            size: 0.62,
        },
        background: Fill::plain(c(0.16, 0.11, 0.08)),
        board: BoardLook {
            surface: Fill::plain(c(0.80, 0.60, 0.36)),
            grain: Some(a(0.45, 0.27, 0.12, 0.16)),
            frame: c(0.36, 0.21, 0.11),
            frame_width: 0.16,
            shadow: a(0.0, 0.0, 0.0, 0.45),
            stronghold: StrongholdLook {
                fill: Fill::plain(c(0.71, 0.48, 0.28)),
                edge: a(0.42, 0.15, 0.05, 0.7),
                edge_width: 0.04,
                battlements: false,
            },
            line: c(0.28, 0.17, 0.09),
            line_width: 0.05,
            point: c(0.28, 0.17, 0.09),
            point_radius: 0.08,
            coordinates: c(0.86, 0.74, 0.55),
        },
        highlights: Highlights {
            selected: a(0.98, 0.85, 0.20, 0.85),
            target: a(0.10, 0.35, 0.10, 0.55),
            capture: a(0.65, 0.10, 0.05, 0.75),
            last_move: a(0.85, 0.80, 0.15, 0.45),
            path: a(0.85, 0.80, 0.15, 0.30),
            threatened: a(0.90, 0.20, 0.10, 0.80),
            huff: c(0.95, 0.15, 0.05),
        },
        tray: TrayLook {
            colour: a(0.0, 0.0, 0.0, 0.18),
            edge: a(0.86, 0.74, 0.55, 0.25),
            scale: 0.6,
        },
        sounds: Sounds::default(),
    }
}
