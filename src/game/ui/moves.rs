//! The move list: every move in notation, numbered in pairs; clicking one
//! shows that position on the board (review mode: clearly marked, the AI
//! waits), with buttons (and the arrow keys) to step, a way back to the
//! live game, and an explicit "play from here".

use bevy_egui::egui;

use super::GameUi;
use super::theme::{self, GOLD};
use crate::game::play::match_state::MatchCommand;

pub(super) fn move_list(ui: &mut egui::Ui, p: &mut GameUi) {
    theme::section(ui, p.tr("moves-title"));
    let total = p.the_match.game().ply();
    let shown = p.the_match.reviewing().unwrap_or(total);
    let texts: Vec<String> = p.the_match.game().moves().map(|m| m.to_string()).collect();
    let scroll_to_shown = std::mem::take(&mut p.state.scroll_to_ply);
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("move_list")
        .max_height(170.0)
        .stick_to_bottom(p.the_match.reviewing().is_none())
        .show(ui, |ui| {
            egui::Grid::new("move_grid")
                .num_columns(3)
                .spacing([8.0, 2.0])
                .show(ui, |ui| {
                    for (row, pair) in texts.chunks(2).enumerate() {
                        ui.label(egui::RichText::new(format!("{}.", row + 1)).weak());
                        for (i, text) in pair.iter().enumerate() {
                            // The position after this move is ply index + 1.
                            let ply = row * 2 + i + 1;
                            let response = ui.selectable_label(
                                ply == shown,
                                egui::RichText::new(text).monospace(),
                            );
                            if response.clicked() {
                                clicked = Some(ply);
                            }
                            if scroll_to_shown && ply == shown {
                                response.scroll_to_me(Some(egui::Align::Center));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    if let Some(ply) = clicked {
        p.commands.write(MatchCommand::Review(Some(ply)));
    }
    review_controls(ui, p, shown, total);
}

/// |◀ ◀ ▶ ▶| and, while reviewing, "back to the game" and "play from here".
fn review_controls(ui: &mut egui::Ui, p: &mut GameUi, shown: usize, total: usize) {
    if total == 0 {
        return;
    }
    let mut go = None;
    ui.horizontal(|ui| {
        let back = shown > 0;
        let forward = shown < total;
        if ui
            .add_enabled(back, egui::Button::new("⏮"))
            .on_hover_text(p.i18n.tr("review-first"))
            .clicked()
        {
            go = Some(0);
        }
        if ui
            .add_enabled(back, egui::Button::new("◀"))
            .on_hover_text(p.i18n.tr("review-back"))
            .clicked()
        {
            go = Some(shown - 1);
        }
        if ui
            .add_enabled(forward, egui::Button::new("▶"))
            .on_hover_text(p.i18n.tr("review-forward"))
            .clicked()
        {
            go = Some(shown + 1);
        }
        if ui
            .add_enabled(forward, egui::Button::new("⏭"))
            .on_hover_text(p.i18n.tr("review-last"))
            .clicked()
        {
            go = Some(total);
        }
    });
    if let Some(ply) = go {
        step_review(p, ply, total);
    }
    if p.the_match.reviewing().is_some() {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(egui::RichText::new(p.i18n.tr("review-live")).color(GOLD))
                .clicked()
            {
                p.commands.write(MatchCommand::Review(None));
            }
            // Online, the game goes on from the live position only.
            if !p.the_match.is_online()
                && ui
                    .button(p.i18n.tr("review-play-from-here"))
                    .on_hover_text(p.i18n.tr("review-play-from-here-hint"))
                    .clicked()
            {
                p.commands.write(MatchCommand::PlayFromHere);
            }
        });
    }
}

/// Shows ply `ply` (the live game when it is the last).
pub(super) fn step_review(p: &mut GameUi, ply: usize, total: usize) {
    let target = (ply < total).then_some(ply);
    p.commands.write(MatchCommand::Review(target));
    p.state.scroll_to_ply = true;
}
