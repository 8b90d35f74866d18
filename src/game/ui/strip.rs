//! The phone strip: on a narrow screen, where the side panel folds away
//! behind ☰, a compact strip under the board keeps what a player needs in
//! sight (lichess's mobile board is the model): whose turn it is or the
//! computer thinking, each side's count (captured, in hand, the stronghold),
//! the last move, and Undo and Hint (during a puzzle, the puzzle's goal,
//! status and buttons).

use bevy_egui::egui;

use super::GameUi;
use super::status::{material_line, status};
use super::theme::MUTED;
use crate::game::common::i18n::Msg;
use crate::game::play::match_state::MatchCommand;

/// The strip along the bottom of the window; returns its height in logical pixels.
pub(super) fn phone_strip(root: &mut egui::Ui, p: &mut GameUi) -> f32 {
    let frame =
        egui::Frame::side_top_panel(root.style()).inner_margin(egui::Margin::symmetric(10, 6));
    // At most two fifths of the screen, scrolling beyond: at a large text
    // size on a phone the board keeps the rest.
    let most = root.available_rect_before_wrap().height() * 0.4;
    let response = egui::Panel::bottom("stronghold_strip")
        .resizable(false)
        .frame(frame)
        .show(root, |ui| {
            egui::ScrollArea::vertical()
                .max_height(most)
                .show(ui, |ui| strip_contents(ui, p));
        });
    response.response.rect.height()
}

/// Whose turn, the counts and the last move, Undo and Hint (a puzzle's or
/// a lesson's own lines instead).
fn strip_contents(ui: &mut egui::Ui, p: &mut GameUi) {
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    // A puzzle has no undo: its own line and buttons instead.
    if p.puzzles.session.is_active() {
        super::puzzle_panel::puzzle_strip(ui, p);
        return;
    }
    if p.lessons.session.is_active() {
        super::lesson_panel::lesson_strip(ui, p);
        return;
    }
    status(ui, p);
    ui.horizontal_wrapped(|ui| {
        material_line(ui, p);
        last_move(ui, p);
    });
    ui.add_space(2.0);
    buttons(ui, p);
}

fn last_move(ui: &mut egui::Ui, p: &GameUi) {
    if let Some(mv) = p.the_match.shown().last_move() {
        let text = p
            .i18n
            .msg(&Msg::new("strip-last-move").text("move", p.the_match.shown().move_text(mv)));
        ui.label(egui::RichText::new(text).color(MUTED));
    }
}

/// Undo and Hint, big enough for a thumb: side by side when both words
/// fit whole in half the width, else one above the other ("Подсказка"
/// broke across two lines in a half-width button on a phone).
fn buttons(ui: &mut egui::Ui, p: &mut GameUi) {
    let undo_text = format!("⟲ {}", p.i18n.tr("panel-undo"));
    let hint_text = format!("💡 {}", p.i18n.tr("panel-hint"));
    let font = egui::TextStyle::Button.resolve(ui.style());
    let padding = 2.0 * ui.spacing().button_padding.x;
    let needed = |text: &str| {
        ui.painter()
            .layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
            + padding
    };
    let widest = needed(&undo_text).max(needed(&hint_text));
    let half = (ui.available_width() - ui.spacing().item_spacing.x) / 2.0;
    let side_by_side = widest <= half;
    let width = if side_by_side {
        half.clamp(60.0, 220.0)
    } else {
        ui.available_width()
    };
    let size = egui::vec2(width, 36.0);
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
    let layout = if side_by_side {
        egui::Layout::left_to_right(egui::Align::Center)
    } else {
        egui::Layout::top_down(egui::Align::Min)
    };
    ui.with_layout(layout, |ui| {
        let m = &*p.the_match;
        let undo = egui::Button::new(undo_text).min_size(size);
        if ui.add_enabled(m.can_undo(), undo).clicked() {
            p.commands.write(MatchCommand::Undo);
        }
        let can_hint = !m.is_over() && m.reviewing().is_none() && !p.hint.is_thinking();
        let hint = egui::Button::new(hint_text).min_size(size);
        if ui.add_enabled(can_hint, hint).clicked() {
            p.hint.request(&p.the_match);
        }
    });
}
