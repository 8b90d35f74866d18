//! A game's puzzle progress on the puzzles page: puzzles solved and tried,
//! the best streak, clean solves by theme, and the rating after each rated
//! try drawn as a graph (painted like the analysis graph, `analysis.rs`).
//! The rating is this device's and each puzzle's difficulty is fixed: the
//! page says so under the graph.

use bevy_egui::egui;

use super::theme::{self, GOLD, GREEN, MUTED, RED};
use crate::coach::puzzle::{Goal, PuzzleSet};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::puzzle_progress::{GoalAccuracy, PuzzleProgress, START_RATING};

const GRAPH_HEIGHT: f32 = 150.0;
/// Room left of the graph for its rating labels.
const AXIS_WIDTH: f32 = 44.0;
/// Rating points shown at least above and below the curve.
const RATING_MARGIN: f64 = 20.0;
const BAR_WIDTH: f32 = 160.0;
/// Room inside the graph around the curve, so the end dots show whole.
const INSET: f32 = 6.0;
/// Room under the graph for the first and last try's numbers.
const X_LABELS: f32 = 16.0;

pub(super) fn dashboard(
    ui: &mut egui::Ui,
    i18n: &I18n,
    set: &PuzzleSet,
    progress: &PuzzleProgress,
) {
    let kind = set.game;
    ui.label(
        egui::RichText::new(
            i18n.msg(
                &Msg::new("dashboard-counts")
                    .num("solved", progress.solved_of(set) as u32)
                    .num("total", set.puzzles.len() as u32)
                    .num("tried", progress.tried_count(kind))
                    .num("best", progress.best_streak(kind)),
            ),
        )
        .size(16.0)
        .strong(),
    );
    let series = progress.rating_series(kind);
    if series.is_empty() {
        ui.add_space(6.0);
        theme::note(ui, i18n.tr("dashboard-empty"));
        theme::note(ui, i18n.tr("dashboard-local"));
        return;
    }
    ui.add_space(8.0);
    accuracy(ui, i18n, &progress.accuracy_by_goal(kind));
    ui.add_space(10.0);
    theme::section(ui, i18n.tr("dashboard-graph"));
    graph(ui, i18n, &series);
    theme::note(ui, i18n.tr("dashboard-local"));
}

/// Clean solves by theme: a bar and "7 of 9 (78%)" each.
fn accuracy(ui: &mut egui::Ui, i18n: &I18n, by_goal: &[GoalAccuracy]) {
    let tries: u32 = by_goal.iter().map(|a| a.tried).sum();
    theme::section(
        ui,
        i18n.msg(&Msg::new("dashboard-accuracy").num("tries", tries)),
    );
    egui::Grid::new("puzzle_accuracy")
        .num_columns(3)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for a in by_goal {
                ui.label(theme_name(i18n, a.goal));
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(BAR_WIDTH, 12.0), egui::Sense::hover());
                let painter = ui.painter_at(rect);
                painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(28, 20, 15));
                let mut filled = rect;
                filled.set_width(rect.width() * a.share() as f32);
                painter.rect_filled(filled, 3.0, GREEN.gamma_multiply(0.8));
                ui.label(
                    i18n.msg(
                        &Msg::new("dashboard-accuracy-row")
                            .num("clean", a.clean)
                            .num("tried", a.tried)
                            .num("percent", (a.share() * 100.0).round()),
                    ),
                );
                ui.end_row();
            }
        });
}

/// The rating after each kept try, its lowest and highest written on the
/// left, the starting rating a faint line; the pointer shows a try.
fn graph(ui: &mut egui::Ui, i18n: &I18n, series: &[(u32, f64)]) {
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(width, GRAPH_HEIGHT + X_LABELS),
        egui::Sense::hover(),
    );
    let area = egui::Rect::from_min_max(
        rect.min + egui::vec2(AXIS_WIDTH, 0.0),
        rect.max - egui::vec2(0.0, X_LABELS),
    );
    let painter = ui.painter_at(rect);
    painter.rect_filled(area, 4.0, egui::Color32::from_rgb(28, 20, 15));
    let plot = RatingPlot::new(area.shrink(INSET), series);
    plot.paint(&painter, series);
    let pointed = response
        .hover_pos()
        .and_then(|pos| plot.nearest(pos.x, series.len()));
    // The first and last try's numbers under the ends.
    for (i, align) in [
        (0, egui::Align2::LEFT_TOP),
        (series.len() - 1, egui::Align2::RIGHT_TOP),
    ] {
        let x = if i == 0 { area.left() } else { area.right() };
        painter.text(
            egui::pos2(x, area.bottom() + 2.0),
            align,
            i18n.msg(&Msg::new("dashboard-graph-try").num("number", series[i].0)),
            egui::FontId::proportional(12.0),
            MUTED,
        );
    }
    if let Some(i) = pointed {
        let (number, rating) = series[i];
        let at = plot.at(i, series.len(), rating);
        painter.vline(at.x, area.y_range(), egui::Stroke::new(1.0, MUTED));
        painter.circle_stroke(at, 5.0, egui::Stroke::new(1.5, GOLD));
        response.on_hover_text(
            i18n.msg(
                &Msg::new("dashboard-graph-point")
                    .num("number", number)
                    .num("rating", rating.round()),
            ),
        );
    }
}

/// Where the rating curve goes: the kept tries evenly across `rect`, the
/// ratings from `low` (bottom) to `high` (top).
struct RatingPlot {
    rect: egui::Rect,
    low: f64,
    high: f64,
}

impl RatingPlot {
    fn new(rect: egui::Rect, series: &[(u32, f64)]) -> RatingPlot {
        let ratings = series.iter().map(|s| s.1).chain([START_RATING]);
        let low = ratings.clone().fold(f64::INFINITY, f64::min) - RATING_MARGIN;
        let high = ratings.fold(f64::NEG_INFINITY, f64::max) + RATING_MARGIN;
        RatingPlot { rect, low, high }
    }

    /// The width between two tries (the whole width for one).
    fn step(&self, count: usize) -> f32 {
        self.rect.width() / count.saturating_sub(1).max(1) as f32
    }

    fn at(&self, i: usize, count: usize, rating: f64) -> egui::Pos2 {
        let up = ((rating - self.low) / (self.high - self.low)) as f32;
        // A single try sits in the middle.
        let x = if count == 1 {
            self.rect.center().x
        } else {
            self.rect.left() + self.step(count) * i as f32
        };
        egui::pos2(x, self.rect.bottom() - self.rect.height() * up)
    }

    /// The try nearest a pointer's x.
    fn nearest(&self, x: f32, count: usize) -> Option<usize> {
        if count == 0 || x < self.rect.left() - self.step(count) / 2.0 {
            return None;
        }
        let i = ((x - self.rect.left()) / self.step(count)).round().max(0.0) as usize;
        Some(i.min(count - 1))
    }

    /// The starting rating's line, the lowest and highest rating, the
    /// curve and a dot on each try.
    fn paint(&self, painter: &egui::Painter, series: &[(u32, f64)]) {
        let rect = self.rect;
        let count = series.len();
        let start_y = self.at(0, count, START_RATING).y;
        painter.hline(
            rect.x_range(),
            start_y,
            egui::Stroke::new(1.0, MUTED.gamma_multiply(0.5)),
        );
        let label = |y: f32, rating: f64| {
            painter.text(
                egui::pos2(rect.left() - INSET - 6.0, y),
                egui::Align2::RIGHT_CENTER,
                format!("{}", rating.round()),
                egui::FontId::proportional(12.0),
                MUTED,
            );
        };
        let (low, high) = (self.low + RATING_MARGIN, self.high - RATING_MARGIN);
        label(self.at(0, count, high).y, high);
        label(self.at(0, count, low).y, low);
        let line: Vec<egui::Pos2> = series
            .iter()
            .enumerate()
            .map(|(i, &(_, r))| self.at(i, count, r))
            .collect();
        if line.len() > 1 {
            painter.add(egui::Shape::line(
                line.clone(),
                egui::Stroke::new(1.5, GOLD),
            ));
        }
        // Rising points green, falling red: each try's effect at a glance.
        let mut before = START_RATING;
        for (point, &(_, rating)) in line.iter().zip(series) {
            let colour = if rating >= before { GREEN } else { RED };
            painter.circle_filled(*point, if count > 60 { 1.5 } else { 3.0 }, colour);
            before = rating;
        }
    }
}

/// A theme's short name: "Win", "Best move".
pub(super) fn theme_name(i18n: &I18n, goal: Goal) -> String {
    i18n.tr(match goal {
        Goal::Win => "puzzle-theme-win",
        Goal::WinQuickest => "puzzle-theme-win-quickest",
        Goal::Hold => "puzzle-theme-hold",
        Goal::TakeMost => "puzzle-theme-take-most",
        Goal::HoldOut => "puzzle-theme-hold-out",
        Goal::BestMove => "puzzle-theme-best-move",
    })
}
