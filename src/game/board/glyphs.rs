//! The letters drawn on the board (its coordinates, the letter on a plain
//! piece) without Bevy's text stack: egui's rasteriser, which the interface
//! has anyway, draws each glyph once into a small atlas, and a label is a
//! sprite cut from it. Leaving Bevy's text out of the web build saves a
//! second font stack (shaping, layout, rasteriser) in the download
//! (docs/web-figures.md); the desktop draws the same way.

use std::collections::HashMap;
use std::sync::Arc;

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite::Anchor;
use bevy_egui::egui::epaint::text::{FontData, FontDefinitions, FontFamily, Fonts, TextOptions};
use bevy_egui::egui::{Color32, FontId};

use crate::rules::{GameId, Side};

/// DejaVu Sans Bold cut to ASCII letters and digits (`tools/font/subset.sh`).
const BOARD_FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The glyphs' size in the atlas, in texels per em: large enough for a
/// piece's letter on a big screen; smaller labels use the atlas's mipmaps.
const ATLAS_EM: f32 = 64.0;
/// Each glyph sits in its own square cell, with room around it so the
/// smaller mip levels do not bleed one glyph into the next.
const CELL: usize = 96;
const COLUMNS: usize = 8;
/// Mip levels: 96, 48, 24 and 12 texels a cell.
const MIP_LEVELS: u32 = 4;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardGlyphs>();
}

/// Every character the board draws: the lower-case letters and digits of
/// point names, and each game's piece letters.
fn board_characters() -> Vec<char> {
    let mut chars: Vec<char> = ('a'..='z').chain('0'..='9').collect();
    for game in GameId::built_in() {
        for side in [Side::Hunters, Side::Crowd] {
            chars.push(game.piece_names(side).2);
        }
    }
    chars.sort_unstable();
    chars.dedup();
    chars
}

/// Where one glyph is in the atlas and how it sits in its label.
#[derive(Clone, Copy, Debug, PartialEq)]
struct GlyphCut {
    /// The glyph's ink in the atlas, in texels.
    texels: Rect,
    /// The ink's size, in ems.
    size: Vec2,
    /// The ink's centre from the centre of the glyph's line box (advance
    /// width by line height, as Bevy's text centres a label), in ems, y up.
    offset: Vec2,
}

/// The board's glyph atlas and where each glyph is in it.
#[derive(Resource, Clone, Debug)]
pub struct BoardGlyphs {
    image: Handle<Image>,
    cuts: HashMap<char, GlyphCut>,
}

impl FromWorld for BoardGlyphs {
    fn from_world(world: &mut World) -> BoardGlyphs {
        let (atlas, cuts) = rasterise(&board_characters());
        // Headless apps without images keep the default handle; the
        // labels are still spawned, only not drawn.
        let image = match world.get_resource_mut::<Assets<Image>>() {
            Some(mut images) => images.add(atlas),
            None => Handle::default(),
        };
        BoardGlyphs { image, cuts }
    }
}

impl BoardGlyphs {
    /// A label of one character, centred on its entity's position, its em
    /// `font_size` world units tall; transparent if the atlas lacks the
    /// character.
    pub fn label(&self, c: char, font_size: f32, colour: Color) -> (Sprite, Anchor) {
        let Some(cut) = self.cuts.get(&c) else {
            let nothing = Sprite {
                color: Color::NONE,
                ..default()
            };
            return (nothing, Anchor::CENTER);
        };
        let sprite = Sprite {
            image: self.image.clone(),
            rect: Some(cut.texels),
            custom_size: Some(cut.size * font_size),
            color: colour,
            ..default()
        };
        // The sprite's anchor is in its own size's units, from its centre.
        let anchor = Anchor(-cut.offset / cut.size);
        (sprite, anchor)
    }

    /// The characters of a word of labels `font_size` tall, each with its
    /// offset from the word's centre (a fixed advance of 0.62 em: the board
    /// font's digits and lower-case letters are about that wide).
    pub fn word_offsets(&self, text: &str, font_size: f32) -> Vec<(char, Vec2)> {
        let advance = 0.62 * font_size;
        let n = text.chars().count() as f32;
        text.chars()
            .enumerate()
            .map(|(i, c)| (c, Vec2::new((i as f32 - (n - 1.0) / 2.0) * advance, 0.0)))
            .collect()
    }

    /// Whether the atlas has `c` (tests).
    pub fn has(&self, c: char) -> bool {
        self.cuts.contains_key(&c)
    }
}

/// Draws `chars` into an atlas image (white, coverage in alpha, with its
/// mip chain) and says where each one is.
fn rasterise(chars: &[char]) -> (Image, HashMap<char, GlyphCut>) {
    let mut definitions = FontDefinitions::empty();
    definitions.font_data.insert(
        "board".to_owned(),
        Arc::new(FontData::from_static(BOARD_FONT)),
    );
    definitions
        .families
        .insert(FontFamily::Proportional, vec!["board".to_owned()]);
    let options = TextOptions {
        font_hinting: false,
        subpixel_binning: false,
        ..default()
    };
    let mut fonts = Fonts::new(options, definitions);
    let font = FontId::proportional(ATLAS_EM);
    let rows = chars.len().div_ceil(COLUMNS);
    let (width, height) = (COLUMNS * CELL, rows.max(1) * CELL);
    let mut alpha = vec![0u8; width * height];
    let mut cuts = HashMap::new();
    let mut placed = Vec::new();
    {
        let mut view = fonts.with_pixels_per_point(1.0);
        for &c in chars {
            let galley = view.layout_no_wrap(c.to_string(), font.clone(), Color32::WHITE);
            let centre = galley.rect.center();
            for row in &galley.rows {
                for glyph in row.row.glyphs.iter().filter(|g| g.chr == c) {
                    let uv = glyph.uv_rect;
                    if uv.is_nothing() {
                        continue;
                    }
                    let ink_min = row.pos + glyph.pos.to_vec2() + uv.offset;
                    let ink_centre = ink_min + uv.size / 2.0;
                    placed.push((c, uv.min, uv.max, uv.size, ink_centre - centre));
                }
            }
        }
    }
    let source = fonts.image();
    for (i, (c, min, max, size, from_centre)) in placed.into_iter().enumerate() {
        let (w, h) = (usize::from(max[0] - min[0]), usize::from(max[1] - min[1]));
        if w > CELL - 4 || h > CELL - 4 {
            warn!("board glyph {c:?} is {w}x{h} texels, more than its cell");
            continue;
        }
        // Centred in its cell, on whole texels.
        let (cell_x, cell_y) = ((i % COLUMNS) * CELL, (i / COLUMNS) * CELL);
        let (x0, y0) = (cell_x + (CELL - w) / 2, cell_y + (CELL - h) / 2);
        for y in 0..h {
            for x in 0..w {
                let texel = source[(usize::from(min[0]) + x, usize::from(min[1]) + y)];
                alpha[(y0 + y) * width + x0 + x] = texel.a();
            }
        }
        cuts.insert(
            c,
            GlyphCut {
                texels: Rect::new(x0 as f32, y0 as f32, (x0 + w) as f32, (y0 + h) as f32),
                size: Vec2::new(size.x, size.y) / ATLAS_EM,
                offset: Vec2::new(from_centre.x, -from_centre.y) / ATLAS_EM,
            },
        );
    }
    (atlas_image(alpha, width, height), cuts)
}

/// A white image with `alpha` as its coverage and a box-filtered mip chain
/// (labels are drawn much smaller than the atlas on a small screen).
fn atlas_image(alpha: Vec<u8>, width: usize, height: usize) -> Image {
    let mut levels = vec![alpha];
    let (mut w, mut h) = (width, height);
    for _ in 1..MIP_LEVELS {
        let last = levels.last().expect("level 0 is there");
        let (half_w, half_h) = (w / 2, h / 2);
        let mut next = vec![0u8; half_w * half_h];
        for y in 0..half_h {
            for x in 0..half_w {
                let sum: u32 = [(0, 0), (1, 0), (0, 1), (1, 1)]
                    .iter()
                    .map(|(dx, dy)| u32::from(last[(2 * y + dy) * w + 2 * x + dx]))
                    .sum();
                next[y * half_w + x] = ((sum + 2) / 4) as u8;
            }
        }
        levels.push(next);
        (w, h) = (half_w, half_h);
    }
    let data: Vec<u8> = levels
        .iter()
        .flatten()
        .flat_map(|&a| [255, 255, 255, a])
        .collect();
    let size = Extent3d {
        width: width as u32,
        height: height as u32,
        depth_or_array_layers: 1,
    };
    let mut image = Image::new_uninit(
        size,
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_descriptor.mip_level_count = MIP_LEVELS;
    image.data = Some(data);
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor::linear());
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_character_is_in_the_atlas_with_ink() {
        let chars = board_characters();
        assert!(chars.contains(&'a') && chars.contains(&'7') && chars.contains(&'T'));
        let (image, cuts) = rasterise(&chars);
        let data = image.data.as_ref().expect("data");
        let width = image.width() as usize;
        for c in &chars {
            let cut = cuts.get(c).unwrap_or_else(|| panic!("{c:?} has no glyph"));
            // Some texel of the glyph's cut is covered.
            let r = cut.texels;
            let inked = (r.min.y as usize..r.max.y as usize)
                .flat_map(|y| (r.min.x as usize..r.max.x as usize).map(move |x| (x, y)))
                .any(|(x, y)| data[(y * width + x) * 4 + 3] > 128);
            assert!(inked, "{c:?} is blank");
            assert!(
                cut.size.y > 0.3 && cut.size.y < 1.0,
                "{c:?}: {:?}",
                cut.size
            );
        }
        // A lower-case letter without ascender sits lower than a capital.
        assert!(cuts[&'a'].offset.y < cuts[&'T'].offset.y);
        // The mip chain is there: four levels of a white RGBA image.
        let level_texels: usize = (0..MIP_LEVELS)
            .map(|l| (width >> l) * (image.height() as usize >> l))
            .sum();
        assert_eq!(data.len(), level_texels * 4);
    }
}
