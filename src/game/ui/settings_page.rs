//! The settings page, the same in the menu and over the game. Every change
//! applies at once (the systems that act on settings watch the resource)
//! and is saved.

use bevy_egui::egui;

use super::theme;
use crate::game::i18n::{I18n, Language};
use crate::game::settings::{Settings, ThreatMarks};

pub(super) fn settings_page(ui: &mut egui::Ui, i18n: &I18n, settings: &mut Settings) {
    theme::heading(ui, i18n.tr("settings-title"));
    // Edit a copy, so the resource is only marked changed when something changed.
    let mut s = settings.clone();
    egui::Grid::new("settings_grid")
        .num_columns(2)
        .spacing([14.0, 8.0])
        .show(ui, |ui| {
            ui.label(i18n.tr("settings-language"));
            ui.horizontal(|ui| {
                for language in Language::ALL {
                    ui.selectable_value(&mut s.language, language, language.native_name());
                }
            });
            ui.end_row();

            ui.label(i18n.tr("settings-animation-speed"));
            ui.add_enabled(
                !s.reduced_motion,
                egui::Slider::new(&mut s.animation_speed, 0.25..=3.0).suffix("×"),
            );
            ui.end_row();

            ui.label(i18n.tr("settings-reduced-motion"));
            ui.checkbox(
                &mut s.reduced_motion,
                i18n.tr("settings-reduced-motion-note"),
            );
            ui.end_row();

            ui.label(i18n.tr("settings-volume"));
            ui.horizontal(|ui| {
                ui.add_enabled(
                    !s.muted,
                    egui::Slider::new(&mut s.volume, 0.0..=1.0).show_value(false),
                );
                ui.checkbox(&mut s.muted, i18n.tr("settings-mute"));
            });
            ui.end_row();

            ui.label(i18n.tr("settings-legal-moves"));
            ui.checkbox(
                &mut s.show_legal_moves,
                i18n.tr("settings-legal-moves-note"),
            );
            ui.end_row();

            ui.label(i18n.tr("settings-threats"));
            ui.horizontal(|ui| {
                for (mode, id) in [
                    (ThreatMarks::Auto, "settings-threats-auto"),
                    (ThreatMarks::Always, "settings-threats-always"),
                    (ThreatMarks::Never, "settings-threats-never"),
                ] {
                    ui.selectable_value(&mut s.threat_marks, mode, i18n.tr(id));
                }
            });
            ui.end_row();

            ui.label(i18n.tr("settings-coordinates"));
            ui.checkbox(
                &mut s.show_coordinates,
                i18n.tr("settings-coordinates-note"),
            );
            ui.end_row();

            ui.label(i18n.tr("settings-confirm"));
            ui.checkbox(&mut s.confirm_moves, i18n.tr("settings-confirm-note"));
            ui.end_row();

            ui.label(i18n.tr("settings-ai-pace"));
            ui.add(egui::Slider::new(&mut s.ai_pace, 0.0..=3.0).suffix(" s"));
            ui.end_row();
        });
    theme::note(ui, i18n.tr("settings-threats-note"));
    if s != *settings {
        *settings = s;
    }
}
