//! The interface's fonts: egui's own four (Ubuntu Light, Hack, Noto Emoji
//! and emoji-icon-font) in the same roles, cut down to the characters
//! Stronghold shows (Latin, Cyrillic, punctuation, arrows, shapes and the
//! few pictures the buttons use) by `tools/font/subset-ui-fonts.sh`, and
//! last DejaVu Sans for the symbols none of them has in its proportional
//! family (●, ✓ and the arrows ← →, which showed as boxes before). The
//! whole four were 0.78 MB of the web page's first download (gzip); these
//! are 0.06 MB. Hack, the monospace face, keeps only ASCII, Latin-1 and
//! dashes; other characters in monospace text come from the faces after
//! it. They are set before egui's first pass, which has no font of its own
//! (bevy_egui is built without `default_fonts`).

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiPreUpdateSet, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        install_fonts
            .after(EguiPreUpdateSet::InitContexts)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Marks a context whose fonts are set.
#[derive(Component)]
struct FontsInstalled;

fn install_fonts(
    mut commands: Commands,
    mut contexts: Query<(Entity, &mut EguiContext), Without<FontsInstalled>>,
) {
    for (entity, mut context) in &mut contexts {
        context.get_mut().set_fonts(definitions());
        commands.entity(entity).insert(FontsInstalled);
    }
}

/// Font names (egui's keys, not text for players).
fn font_names(list: &[&str]) -> Vec<String> {
    list.iter().map(|n| n.to_string()).collect()
}

/// egui's default families, from the cut fonts.
pub fn definitions() -> egui::FontDefinitions {
    let font = |bytes: &'static [u8], scale: f32| {
        Arc::new(egui::FontData::from_static(bytes).tweak(egui::FontTweak {
            scale,
            ..Default::default()
        }))
    };
    let mut fonts = egui::FontDefinitions::empty();
    let faces = font_names(&[
        "Ubuntu-Light",
        "Hack",
        "NotoEmoji-Regular",
        "emoji-icon-font",
        "DejaVuSans-Symbols",
    ]);
    // egui's own tweaks: its emoji sit a little smaller than the text.
    let data = [
        font(UBUNTU_LIGHT, 1.0),
        font(HACK, 1.0),
        font(NOTO_EMOJI, 0.81),
        font(EMOJI_ICONS, 0.90),
        font(DEJAVU_SYMBOLS, 1.0),
    ];
    for (name, data) in faces.iter().zip(data) {
        fonts.font_data.insert(name.clone(), data);
    }
    // Proportional: all but Hack; monospace: Hack first, then the rest.
    let [ubuntu, hack, noto, icons, dejavu] = faces.clone().try_into().expect("five faces");
    fonts.families.insert(
        egui::FontFamily::Proportional,
        vec![ubuntu.clone(), noto.clone(), icons.clone(), dejavu.clone()],
    );
    fonts.families.insert(
        egui::FontFamily::Monospace,
        vec![hack, ubuntu, noto, icons, dejavu],
    );
    fonts
}

const UBUNTU_LIGHT: &[u8] = include_bytes!("../../../assets/fonts/ui/Ubuntu-Light.ttf");
const HACK: &[u8] = include_bytes!("../../../assets/fonts/ui/Hack-Regular.ttf");
const NOTO_EMOJI: &[u8] = include_bytes!("../../../assets/fonts/ui/NotoEmoji-Regular.ttf");
const EMOJI_ICONS: &[u8] = include_bytes!("../../../assets/fonts/ui/emoji-icon-font.ttf");
const DEJAVU_SYMBOLS: &[u8] = include_bytes!("../../../assets/fonts/ui/DejaVuSans-Symbols.ttf");

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character of every message (both languages) and of the
    /// interface's own strings.
    fn shown_text() -> String {
        let mut text = String::new();
        let root = env!("CARGO_MANIFEST_DIR");
        for dir in ["assets/i18n/en", "assets/i18n/ru"] {
            for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
                text += &std::fs::read_to_string(entry.unwrap().path()).unwrap();
            }
        }
        text += "☰⚑✓⏭⏮⏸▶◀●★☆⟲⟳⬅←→🌐💡💾📈📋🔄…«»½×–—’“”•·";
        text.chars().filter(|c| !c.is_control()).collect()
    }

    #[test]
    fn every_message_has_its_glyphs() {
        use skrifa::{FontRef, MetadataProvider};
        let fonts = [UBUNTU_LIGHT, NOTO_EMOJI, EMOJI_ICONS, DEJAVU_SYMBOLS]
            .map(|bytes| FontRef::new(bytes).expect("a font"));
        let missing: std::collections::BTreeSet<char> = shown_text()
            .chars()
            .filter(|&c| !fonts.iter().any(|f| f.charmap().map(c).is_some()))
            .collect();
        assert!(
            missing.is_empty(),
            "no glyph for: {missing:?} (run tools/font/subset-ui-fonts.sh)"
        );
    }

    #[test]
    fn the_fonts_fill_egui_s_families() {
        let ctx = egui::Context::default();
        ctx.set_fonts(definitions());
        // One pass loads the fonts (its textures are not drawn anywhere).
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            let id = egui::FontId::new(15.0, family);
            assert!(ctx.fonts_mut(|f| f.row_height(&id)) > 10.0);
        }
    }
}
