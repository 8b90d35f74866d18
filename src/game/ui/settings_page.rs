//! The settings page, the same in the menu and over the game (the game
//! server for online play among them). Every change applies at once (the systems that act on settings watch the resource)
//! and is saved.

use bevy_egui::egui;

use super::theme;
use crate::game::board::skin::SkinCatalog;
use crate::game::common::i18n::{I18n, Language};
use crate::game::common::settings::{DEFAULT_SERVER, Settings, ThreatMarks};
use crate::rules::GameId;

/// The skins on offer and the game whose skin the page changes.
pub(super) struct SkinChoice<'a> {
    pub catalog: &'a SkinCatalog,
    pub game: GameId,
    /// The skin on the board now.
    pub current: &'a str,
}

pub(super) fn settings_page(
    ui: &mut egui::Ui,
    i18n: &I18n,
    settings: &mut Settings,
    skins: SkinChoice,
) {
    theme::heading(ui, i18n.tr("settings-title"));
    // Edit a copy, so the resource is only marked changed when something changed.
    let mut s = settings.clone();
    egui::Grid::new("settings_grid")
        .num_columns(2)
        .spacing([14.0, 8.0])
        .show(ui, |ui| {
            skin_row(ui, i18n, &mut s, &skins);
            language_and_motion_rows(ui, i18n, &mut s);
            sound_row(ui, i18n, &mut s);
            board_rows(ui, i18n, &mut s);
            pace_row(ui, i18n, &mut s);
            server_row(ui, i18n, &mut s);
        });
    theme::note(ui, i18n.tr("settings-threats-note"));
    if s != *settings {
        *settings = s;
    }
}

/// The skin the game on the board opens with.
fn skin_row(ui: &mut egui::Ui, i18n: &I18n, s: &mut Settings, skins: &SkinChoice) {
    ui.label(
        i18n.msg(
            &crate::game::common::i18n::Msg::new("settings-skin")
                .text("game", super::game_title(i18n, skins.game)),
        ),
    );
    let language = i18n.language();
    let mut chosen = skins.current.to_string();
    egui::ComboBox::from_id_salt("settings_skin")
        .selected_text(if skins.current == "builtin" {
            i18n.tr("settings-skin-builtin")
        } else {
            skins.catalog.title(skins.current, language)
        })
        .width(220.0)
        .show_ui(ui, |ui| {
            for (name, title) in skins.catalog.choices(language) {
                ui.selectable_value(&mut chosen, name, title);
            }
        });
    if chosen != skins.current {
        s.set_skin_for(skins.game, &chosen);
    }
    ui.end_row();
}

/// The language, the text size, the animation speed and reduced motion.
fn language_and_motion_rows(ui: &mut egui::Ui, i18n: &I18n, s: &mut Settings) {
    ui.label(i18n.tr("settings-language"));
    ui.horizontal(|ui| {
        for language in Language::ALL {
            ui.selectable_value(&mut s.language, language, language.native_name());
        }
    });
    ui.end_row();

    // In steps of 10 %: the whole interface grows as the slider moves, so
    // a step is a size the player can read off, not a jitter.
    ui.label(i18n.tr("settings-text-size"));
    let mut percent = (s.text_size * 100.0).round() as u32;
    ui.add(
        egui::Slider::new(&mut percent, 100..=200)
            .step_by(10.0)
            .suffix(" %"),
    );
    s.text_size = percent as f32 / 100.0;
    ui.end_row();

    ui.label(i18n.tr("settings-animation-speed"));
    ui.add_enabled(
        !s.reduced_motion,
        egui::Slider::new(&mut s.animation_speed, 0.25..=3.0).suffix("×"),
    );
    ui.end_row();

    checkbox_row(
        ui,
        i18n.tr("settings-reduced-motion"),
        &mut s.reduced_motion,
        i18n.tr("settings-reduced-motion-note"),
    );
}

/// The volume, and muting.
fn sound_row(ui: &mut egui::Ui, i18n: &I18n, s: &mut Settings) {
    ui.label(i18n.tr("settings-volume"));
    ui.horizontal(|ui| {
        ui.add_enabled(
            !s.muted,
            egui::Slider::new(&mut s.volume, 0.0..=1.0).show_value(false),
        );
        ui.checkbox(&mut s.muted, i18n.tr("settings-mute"));
    });
    ui.end_row();
}

/// What the board shows (legal moves, threats, coordinates), and
/// whether a move waits for a confirming click.
fn board_rows(ui: &mut egui::Ui, i18n: &I18n, s: &mut Settings) {
    checkbox_row(
        ui,
        i18n.tr("settings-legal-moves"),
        &mut s.show_legal_moves,
        i18n.tr("settings-legal-moves-note"),
    );

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

    checkbox_row(
        ui,
        i18n.tr("settings-coordinates"),
        &mut s.show_coordinates,
        i18n.tr("settings-coordinates-note"),
    );

    checkbox_row(
        ui,
        i18n.tr("settings-confirm"),
        &mut s.confirm_moves,
        i18n.tr("settings-confirm-note"),
    );
}

/// The least time between moves of two computer players.
fn pace_row(ui: &mut egui::Ui, i18n: &I18n, s: &mut Settings) {
    ui.label(i18n.tr("settings-ai-pace"));
    ui.add(egui::Slider::new(&mut s.ai_pace, 0.0..=3.0).suffix(" s"));
    ui.end_row();
}

/// The game server online play connects to.
fn server_row(ui: &mut egui::Ui, i18n: &I18n, s: &mut Settings) {
    ui.label(i18n.tr("settings-server"));
    ui.vertical(|ui| {
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut s.server)
                    .id(egui::Id::new("settings_server"))
                    .desired_width(240.0),
            );
            if s.server != DEFAULT_SERVER && ui.button(i18n.tr("settings-server-default")).clicked()
            {
                s.server = DEFAULT_SERVER.to_string();
            }
        });
        theme::note(ui, i18n.tr("settings-server-note"));
    });
    ui.end_row();
}

/// A setting that is on or off: its name, then a checkbox with a note.
fn checkbox_row(ui: &mut egui::Ui, label: String, value: &mut bool, note: String) {
    ui.label(label);
    ui.checkbox(value, note);
    ui.end_row();
}
