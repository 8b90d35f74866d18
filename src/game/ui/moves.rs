//! The move list: every move in notation, numbered in pairs, with its grade
//! once the game is analysed; clicking one shows that position on the
//! board (review mode: clearly marked, the AI waits), with buttons (and the
//! arrow keys) to step, a way back to the live game, and an explicit "play
//! from here".

use bevy_egui::egui;

use super::GameUi;
use super::analysis::{grade_colour, grade_mark, grade_name};
use super::theme::{self, GOLD};
use crate::coach::PlyReport;
use crate::game::play::analysis::ply_report;
use crate::game::play::match_state::MatchCommand;

/// The grid's space between columns, and room for a turn number ("24.").
const GRID_SPACING: f32 = 8.0;
const NUMBER_WIDTH: f32 = 24.0;

pub(super) fn move_list(ui: &mut egui::Ui, p: &mut GameUi) {
    theme::section(ui, p.tr("moves-title"));
    let total = p.the_match.game().ply();
    let shown = p.the_match.reviewing().unwrap_or(total);
    let turns = turns(p.the_match.game().player_movers());
    // A two-round match lists each round's moves apart, numbered afresh.
    let round_two = p.the_match.game().round_two_from();
    let split = round_two.map_or(turns.len(), |from| {
        turns.iter().take_while(|t| t.start < from).count()
    });
    // Half the width beside the turn numbers, less the grid's spacing.
    let turn_width = ((ui.available_width() - NUMBER_WIDTH) / 2.0 - 2.0 * GRID_SPACING).max(60.0);
    let mut cells = Cells {
        texts: p.the_match.game().move_texts(),
        shown,
        turn_width,
        scroll_to_shown: std::mem::take(&mut p.state.scroll_to_ply),
        clicked: None,
    };
    egui::ScrollArea::vertical()
        .id_salt("move_list")
        .max_height(170.0)
        .stick_to_bottom(p.the_match.reviewing().is_none())
        .show(ui, |ui| {
            egui::Grid::new("move_grid")
                .num_columns(3)
                .spacing([GRID_SPACING, 2.0])
                .show(ui, |ui| {
                    cells.rows(ui, p, &turns[..split]);
                    if round_two.is_some() {
                        ui.label("");
                        ui.label(egui::RichText::new(p.i18n.tr("match-round-two")).color(GOLD));
                        ui.end_row();
                        cells.rows(ui, p, &turns[split..]);
                    }
                });
        });
    if let Some(ply) = cells.clicked {
        p.commands.write(MatchCommand::Review(Some(ply)));
    }
    review_controls(ui, p, shown, total);
}

/// What the move list's cells show and what was clicked.
struct Cells {
    texts: Vec<String>,
    /// The ply shown on the board.
    shown: usize,
    /// The widest a turn's line may be (half the list's width).
    turn_width: f32,
    scroll_to_shown: bool,
    clicked: Option<usize>,
}

impl Cells {
    /// The rows of these turns, two a row, numbered from 1. A side placing
    /// several pieces in a turn plays several plies in one cell, on as many
    /// lines as the half row needs (on one line they would widen the
    /// column past the panel); the other turn's last line is beside its
    /// last, as the reply follows the last placement.
    fn rows(&mut self, ui: &mut egui::Ui, p: &GameUi, turns: &[std::ops::Range<usize>]) {
        for (row, pair) in turns.chunks(2).enumerate() {
            let lines: Vec<Vec<std::ops::Range<usize>>> = pair
                .iter()
                .map(|turn| self.lines_of(ui, p, turn.clone()))
                .collect();
            let height = lines.iter().map(Vec::len).max().unwrap_or(1);
            for line in 0..height {
                let number = if line == 0 {
                    format!("{}.", row + 1)
                } else {
                    String::new()
                };
                ui.label(egui::RichText::new(number).weak());
                for turn in &lines {
                    match line.checked_sub(height - turn.len()).map(|i| &turn[i]) {
                        Some(plies) => {
                            ui.horizontal(|ui| {
                                for index in plies.clone() {
                                    self.cell(ui, p, index);
                                }
                            });
                        }
                        None => {
                            ui.label("");
                        }
                    }
                }
                ui.end_row();
            }
        }
    }

    /// A turn's plies split into lines that fit [`Cells::turn_width`].
    fn lines_of(
        &self,
        ui: &egui::Ui,
        p: &GameUi,
        turn: std::ops::Range<usize>,
    ) -> Vec<std::ops::Range<usize>> {
        // One ply a turn, the usual case: nothing to measure.
        if turn.len() < 2 {
            return vec![turn];
        }
        let mut lines = Vec::new();
        let (mut start, mut width) = (turn.start, 0.0);
        for index in turn.clone() {
            let report = ply_report(&p.the_match, index + 1);
            let job = move_label(ui, &self.texts[index], report);
            let text = ui.ctx().fonts_mut(|f| f.layout_job(job)).size().x;
            let cell = text + 2.0 * ui.spacing().button_padding.x + ui.spacing().item_spacing.x;
            if index > start && width + cell > self.turn_width {
                lines.push(start..index);
                (start, width) = (index, 0.0);
            }
            width += cell;
        }
        lines.push(start..turn.end);
        lines
    }

    /// The move of this index: the position after it is ply index + 1.
    fn cell(&mut self, ui: &mut egui::Ui, p: &GameUi, index: usize) {
        let ply = index + 1;
        let report = ply_report(&p.the_match, ply);
        let label = move_label(ui, &self.texts[index], report);
        let mut response = ui.selectable_label(ply == self.shown, label);
        if let Some(r) = report {
            response = response.on_hover_text(report_tip(p, r));
        }
        if response.clicked() {
            self.clicked = Some(ply);
        }
        if self.scroll_to_shown && ply == self.shown {
            response.scroll_to_me(Some(egui::Align::Center));
        }
    }
}

/// The plies of each turn, in order: a turn is the plies one side makes
/// running (one, or several where a side places several pieces a turn).
fn turns(movers: impl Iterator<Item = crate::rules::Side>) -> Vec<std::ops::Range<usize>> {
    let mut turns: Vec<std::ops::Range<usize>> = Vec::new();
    let mut last = None;
    for (ply, side) in movers.enumerate() {
        match turns.last_mut() {
            Some(turn) if last == Some(side) => turn.end = ply + 1,
            _ => turns.push(ply..ply + 1),
        }
        last = Some(side);
    }
    turns
}

/// A move's text, and its grade's mark when it was analysed.
fn move_label(ui: &egui::Ui, text: &str, report: Option<&PlyReport>) -> egui::text::LayoutJob {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let mut job = egui::text::LayoutJob::default();
    let format = |color| egui::TextFormat {
        font_id: font.clone(),
        color,
        ..Default::default()
    };
    job.append(text, 0.0, format(ui.visuals().text_color()));
    if let Some(r) = report {
        job.append(grade_mark(r.grade), 3.0, format(grade_colour(r.grade)));
    }
    job
}

/// A graded move's tooltip: its grade, and the best move when it was another.
fn report_tip(p: &GameUi, r: &PlyReport) -> String {
    let grade = grade_name(&p.i18n, r.grade);
    if r.best == r.played {
        grade
    } else {
        p.i18n.msg(
            &crate::game::common::i18n::Msg::new("analysis-move-tip")
                .text("grade", grade)
                .text("best", r.best.clone()),
        )
    }
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

#[cfg(test)]
mod tests {
    use crate::rules::Side::{Crowd, Hunters};

    #[test]
    fn plies_one_side_makes_running_are_one_turn() {
        let movers = [Crowd, Hunters, Hunters, Hunters, Crowd];
        assert_eq!(super::turns(movers.into_iter()), [0..1, 1..4, 4..5]);
        assert!(super::turns(std::iter::empty()).is_empty());
    }
}
