//! The About page: what Stronghold is, its version, and the credits and
//! licences of the art, sounds and fonts (from `assets/CREDITS.md`).

use bevy_egui::egui;

use super::theme::{self, GOLD};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::shell::about::Credits;

pub(super) fn about_page(ui: &mut egui::Ui, i18n: &I18n, credits: &Credits) {
    theme::heading(ui, i18n.tr("about-title"));
    ui.label(i18n.tr("about-text"));
    theme::note(
        ui,
        i18n.msg(&Msg::new("about-version").text("version", env!("CARGO_PKG_VERSION"))),
    );
    ui.add_space(8.0);
    theme::section(ui, i18n.tr("about-credits"));
    match &credits.text {
        Some(text) => markdown(ui, text),
        None => theme::note(ui, i18n.tr("about-credits-loading")),
    }
}

/// Just enough Markdown for the credits: headings, list items, paragraphs.
fn markdown(ui: &mut egui::Ui, text: &str) {
    for line in text.lines() {
        let line = line.trim_end();
        if let Some(h) = line.strip_prefix("# ") {
            ui.label(egui::RichText::new(h).size(18.0).color(GOLD).strong());
        } else if let Some(h) = line.strip_prefix("## ").or(line.strip_prefix("### ")) {
            ui.add_space(4.0);
            ui.label(egui::RichText::new(h).size(15.0).color(GOLD));
        } else if let Some(item) = line.strip_prefix("- ").or(line.strip_prefix("* ")) {
            ui.horizontal_wrapped(|ui| {
                ui.label("•");
                ui.label(item);
            });
        } else if !line.is_empty() {
            ui.label(line);
        }
    }
}
