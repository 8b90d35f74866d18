//! The look of the egui interface: a warm dark theme that sits beside a
//! wooden board, and the colours the panels share.

use bevy_egui::{EguiContexts, egui};

pub const GOLD: egui::Color32 = egui::Color32::from_rgb(232, 196, 120);
pub const INK: egui::Color32 = egui::Color32::from_rgb(236, 224, 200);
pub const MUTED: egui::Color32 = egui::Color32::from_rgb(176, 160, 136);
pub const RED: egui::Color32 = egui::Color32::from_rgb(240, 110, 90);
pub const GREEN: egui::Color32 = egui::Color32::from_rgb(140, 200, 120);
pub const PANEL_FILL: egui::Color32 = egui::Color32::from_rgb(38, 27, 20);
pub const CARD_FILL: egui::Color32 = egui::Color32::from_rgb(48, 35, 26);
/// The menu's veil over the board.
pub const VEIL: egui::Color32 = egui::Color32::from_rgba_premultiplied(14, 9, 6, 200);

/// Sets the theme once.
pub(super) fn apply_theme(mut contexts: EguiContexts, mut done: bevy::prelude::Local<bool>) {
    if *done {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else { return };
    *done = true;
    let mut visuals = egui::Visuals::dark();
    visuals.window_fill = egui::Color32::from_rgb(46, 33, 24);
    visuals.panel_fill = PANEL_FILL;
    visuals.override_text_color = Some(INK);
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(72, 52, 38);
    visuals.widgets.inactive.bg_fill = egui::Color32::from_rgb(72, 52, 38);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(98, 70, 48);
    visuals.widgets.active.weak_bg_fill = egui::Color32::from_rgb(120, 84, 52);
    // egui draws the widget with the keyboard's focus as "active": a gold
    // edge makes the focus plain to see while Tab walks the interface.
    visuals.widgets.active.bg_stroke = egui::Stroke::new(2.0, GOLD);
    visuals.selection.bg_fill = egui::Color32::from_rgb(140, 90, 40);
    visuals.window_corner_radius = egui::CornerRadius::same(10);
    // Every theme (dark and light) gets the same look: the board does not change with the system.
    ctx.all_styles_mut(|style| {
        style.visuals = visuals.clone();
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style
            .text_styles
            .insert(egui::TextStyle::Button, egui::FontId::proportional(15.0));
        style
            .text_styles
            .insert(egui::TextStyle::Body, egui::FontId::proportional(15.0));
    });
}

/// A heading in the theme's gold.
pub fn heading(ui: &mut egui::Ui, text: impl Into<String>) {
    ui.label(
        egui::RichText::new(text.into())
            .color(GOLD)
            .size(17.0)
            .strong(),
    );
}

/// A section title inside a panel.
pub fn section(ui: &mut egui::Ui, text: impl Into<String>) {
    ui.add_space(2.0);
    ui.label(egui::RichText::new(text.into()).color(GOLD).strong());
}

/// A small grey line of explanation.
pub fn note(ui: &mut egui::Ui, text: impl Into<String>) {
    ui.label(egui::RichText::new(text.into()).color(MUTED).size(13.0));
}

/// "💡 Hint" (greyed when it cannot help) with its tooltip: the button
/// every puzzle and lesson is solved with; true when clicked.
pub fn hint_button(ui: &mut egui::Ui, label: &str, tip: &str, enabled: bool) -> bool {
    ui.add_enabled(enabled, egui::Button::new(format!("💡 {label}")))
        .on_hover_text(tip)
        .clicked()
}

/// "⟲ Try again" with its tooltip, beside the hint; true when clicked.
pub fn retry_button(ui: &mut egui::Ui, label: &str, tip: &str) -> bool {
    ui.button(format!("⟲ {label}")).on_hover_text(tip).clicked()
}

/// "▶ …", the way on from a puzzle or a lesson: strong and gold once
/// there is nothing left to do where one is; true when clicked.
pub fn next_button(ui: &mut egui::Ui, label: &str, stands_out: bool) -> bool {
    let text = egui::RichText::new(format!("▶ {label}"));
    let text = if stands_out {
        text.strong().color(GOLD)
    } else {
        text
    };
    ui.button(text).clicked()
}

/// A big menu button of a fixed width.
pub fn big_button(ui: &mut egui::Ui, text: impl Into<String>, enabled: bool) -> egui::Response {
    // As wide as the card allows, up to 280 (a phone at 200 % text has
    // under 200 points of width).
    let width = ui.available_width().min(280.0);
    ui.add_enabled(
        enabled,
        egui::Button::new(egui::RichText::new(text.into()).size(19.0))
            .min_size(egui::vec2(width, 42.0)),
    )
}

/// A tag that says a rule or option is traditional or our choice.
pub fn origin_tag(ui: &mut egui::Ui, text: impl Into<String>, chosen: bool) {
    let (fill, ink) = if chosen {
        (egui::Color32::from_rgb(120, 70, 30), GOLD)
    } else {
        (egui::Color32::from_rgb(50, 70, 50), GREEN)
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(5, 1))
        .show(ui, |ui| {
            ui.label(egui::RichText::new(text.into()).color(ink).size(12.0));
        });
}
