//! The text size setting (100 % to 200 %): egui's zoom, so that the panel,
//! the menus, the pages and the dialogs all grow together, and their
//! layouts (which measure in egui's points) make room for it. The board's
//! coordinates follow in `board::view::readable_coordinates`.

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiPreUpdateSet};

use crate::game::common::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        apply_text_size
            .after(EguiPreUpdateSet::InitContexts)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// The zoom a context was given last.
#[derive(Component, PartialEq)]
struct TextSize(f32);

/// Sets each context's zoom to the setting's, when it changes (and for a
/// context made since).
fn apply_text_size(
    mut commands: Commands,
    settings: Res<Settings>,
    mut contexts: Query<(Entity, &mut EguiContext, Option<&TextSize>)>,
) {
    let want = settings.text_size.clamp(1.0, 2.0);
    for (entity, mut context, applied) in &mut contexts {
        if applied != Some(&TextSize(want)) {
            context.get_mut().set_zoom_factor(want);
            commands.entity(entity).insert(TextSize(want));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;

    /// The setting reaches every egui context, a later change too, and a
    /// hand-edited value out of range is held to 100 % to 200 %.
    #[test]
    fn the_text_size_zooms_every_context() {
        let mut app = App::new();
        app.insert_resource(Settings {
            text_size: 1.5,
            ..Settings::default()
        });
        let contexts = [(); 2].map(|()| app.world_mut().spawn(EguiContext::default()).id());
        let zoom = |app: &mut App| -> Vec<f32> {
            contexts
                .iter()
                .map(|e| {
                    let mut context = app.world_mut().get_mut::<EguiContext>(*e).unwrap();
                    // A new zoom takes effect at the next pass, as in the app.
                    let ctx = context.get_mut();
                    ctx.set_fonts(crate::game::ui::fonts::definitions());
                    let mut output = ctx.run_ui(bevy_egui::egui::RawInput::default(), |_| {});
                    output.textures_delta.clear();
                    ctx.zoom_factor()
                })
                .collect()
        };
        assert_eq!(zoom(&mut app), [1.0, 1.0]);
        app.world_mut().run_system_once(apply_text_size).unwrap();
        assert_eq!(zoom(&mut app), [1.5, 1.5]);
        app.world_mut().resource_mut::<Settings>().text_size = 7.0;
        app.world_mut().run_system_once(apply_text_size).unwrap();
        assert_eq!(zoom(&mut app), [2.0, 2.0]);
    }
}
