//! The game's analysis in the side panel: the "Analyse" button (once the
//! game is over, or in review), its progress, the evaluation graph along
//! the game (a click goes to that move), each side's accuracy and grades,
//! what the analysis says of the move shown and the line the engine
//! expects there (played out over the board a move at a time), the
//! lessons from the player's mistakes (`lesson_panel` plays them), and the
//! export as text (to the clipboard, or a file on the desktop). The grades in the move list
//! are `moves`'; the arrows on the board are `board::arrows`'.

use std::sync::Arc;

use bevy_egui::egui;

use super::theme::{self, GOLD, MUTED};
use super::{GameUi, SideNames, game_title};
use crate::coach::{Analysis, Grade, PlyReport, Score, Source, Verdict, VerdictKind};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::play::analysis::{AnalysisCommand, analysed_plies, can_analyse, ply_report};
use crate::game::play::lesson::{LessonCommand, LessonSession};
use crate::game::play::match_state::{MatchCommand, Player};
use crate::game::shell::persist::SaveCommand;
use crate::rules::Side;

/// The graph's height in the panel.
const GRAPH_HEIGHT: f32 = 80.0;

/// A grade's colour in the move list, the graph and the summary.
pub(super) fn grade_colour(grade: Grade) -> egui::Color32 {
    match grade {
        Grade::Best => egui::Color32::from_rgb(110, 200, 120),
        Grade::Good => egui::Color32::from_rgb(170, 190, 150),
        Grade::Inaccuracy => egui::Color32::from_rgb(235, 205, 90),
        Grade::Mistake => egui::Color32::from_rgb(240, 150, 60),
        Grade::Blunder => egui::Color32::from_rgb(235, 80, 70),
    }
}

/// The mark a move gets in the move list: a dot for the good ones, the
/// chess annotator's signs for the rest.
pub(super) fn grade_mark(grade: Grade) -> &'static str {
    match grade {
        Grade::Best | Grade::Good => "●",
        Grade::Inaccuracy => "?!",
        Grade::Mistake => "?",
        Grade::Blunder => "??",
    }
}

/// The grade's name, translated.
pub(super) fn grade_name(i18n: &I18n, grade: Grade) -> String {
    i18n.tr(match grade {
        Grade::Best => "analysis-grade-best",
        Grade::Good => "analysis-grade-good",
        Grade::Inaccuracy => "analysis-grade-inaccuracy",
        Grade::Mistake => "analysis-grade-mistake",
        Grade::Blunder => "analysis-grade-blunder",
    })
}

/// Whether the panel offers to analyse the game (looking back at it or
/// after its end, none running).
pub(super) fn analysis_offered(p: &GameUi) -> bool {
    let m = &*p.the_match;
    let looking_back = m.reviewing().is_some() || m.is_over();
    looking_back && can_analyse(m) && !p.analysis.is_running()
}

/// The panel's analysis section: nothing while a game is played and never
/// analysed; otherwise the button, the progress or the analysis.
pub(super) fn analysis_section(ui: &mut egui::Ui, p: &mut GameUi) {
    let m = &*p.the_match;
    let covered = m.analysis().map_or(0, |a| analysed_plies(a, m.game()));
    let offer = analysis_offered(p);
    if covered == 0 && !offer && !p.analysis.is_running() {
        return;
    }
    ui.separator();
    theme::section(ui, p.tr("analysis-title"));
    progress(ui, p);
    if offer {
        let label = if covered > 0 {
            "analysis-start-again"
        } else {
            "analysis-start"
        };
        if ui
            .button(format!("📈 {}", p.tr(label)))
            .on_hover_text(p.tr("analysis-start-hint"))
            .clicked()
        {
            p.analysis_commands.write(AnalysisCommand::Start);
        }
    }
    let Some(analysis) = p.the_match.analysis().cloned() else {
        return;
    };
    if covered == 0 {
        return;
    }
    let names = p.names();
    graph(ui, p, &analysis, covered, &names);
    summary(ui, p, &analysis, &names);
    lessons_offer(ui, p, &analysis);
    shown_move(ui, p);
    export(ui, p, &analysis, &names);
}

/// While the analysis runs: a bar, how far it is, and a way to stop it.
fn progress(ui: &mut egui::Ui, p: &mut GameUi) {
    let Some(run) = p.analysis.progress() else {
        return;
    };
    let text = if run.loading_table {
        p.tr("analysis-loading-table")
    } else {
        p.i18n.msg(
            &Msg::new("analysis-progress")
                .num("moves", run.plies as u32)
                .num("percent", (run.progress.fraction() * 100.0).floor()),
        )
    };
    // Not animated: an animated bar repaints every frame, and the progress
    // only moves at the "thinking" pulse.
    ui.add(egui::ProgressBar::new(run.progress.fraction()).text(text));
    if ui
        .small_button(p.tr("analysis-cancel"))
        .on_hover_text(p.tr("analysis-cancel-hint"))
        .clicked()
    {
        p.analysis_commands.write(AnalysisCommand::Cancel);
    }
}

/// The side whose chances the graph shows: the person's, when one person
/// plays; otherwise the hunters'.
fn graph_side(p: &GameUi) -> Side {
    let human = |s: Side| p.the_match.player(s) == Player::Human;
    if human(Side::Crowd) && !human(Side::Hunters) {
        Side::Crowd
    } else {
        Side::Hunters
    }
}

/// The expected result of one side along the game, from the start to the
/// last move analysed; the move shown marked, a click goes to a move.
fn graph(
    ui: &mut egui::Ui,
    p: &mut GameUi,
    analysis: &Analysis,
    covered: usize,
    names: &SideNames,
) {
    let side = graph_side(p);
    let label = names.with_side(&p.i18n, Msg::new("analysis-graph-for"), side);
    theme::note(ui, p.i18n.msg(&label));
    let points: Vec<f64> = analysis.graph(side).into_iter().take(covered + 1).collect();
    let width = ui.available_width();
    let (rect, response) =
        // Clicked to step to a move; the keyboard steps with the arrows
        // instead, so the graph is no stop of Tab's.
        ui.allocate_exact_size(egui::vec2(width, GRAPH_HEIGHT), egui::Sense::CLICK);
    let plot = Plot {
        rect,
        last: points.len().saturating_sub(1).max(1) as f32,
    };
    let shown = p.the_match.shown().ply().min(covered);
    plot.paint(&ui.painter_at(rect), &points, analysis, shown);
    let pointed = response.hover_pos().map(|pos| {
        let i = ((pos.x - rect.left()) / plot.step()).round() as usize;
        i.min(points.len() - 1)
    });
    let response = match pointed {
        Some(i) => response.on_hover_text(point_text(&p.i18n, analysis, i)),
        None => response,
    };
    if response.clicked()
        && let Some(ply) = pointed
    {
        let total = p.the_match.game().ply();
        p.commands
            .write(MatchCommand::Review((ply < total).then_some(ply)));
        p.state.scroll_to_ply = true;
    }
}

/// Where the graph's points go: `last + 1` points across `rect`, 0 to 1
/// from the bottom up.
struct Plot {
    rect: egui::Rect,
    last: f32,
}

impl Plot {
    fn at(&self, i: usize, v: f64) -> egui::Pos2 {
        egui::pos2(
            self.rect.left() + self.rect.width() * i as f32 / self.last,
            self.rect.bottom() - self.rect.height() * v as f32,
        )
    }
    /// The width of one move.
    fn step(&self) -> f32 {
        self.rect.width() / self.last
    }

    /// Bars from the even line (light where the side is ahead), the curve,
    /// a dot for each move graded inaccuracy or worse, a line at the move
    /// shown.
    fn paint(&self, painter: &egui::Painter, points: &[f64], analysis: &Analysis, shown: usize) {
        let rect = self.rect;
        painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(28, 20, 15));
        let mid = rect.center().y;
        let half = self.step() / 2.0;
        for (i, &v) in points.iter().enumerate() {
            let top = self.at(i, v);
            let bar = egui::Rect::from_x_y_ranges(
                (top.x - half).max(rect.left())..=(top.x + half).min(rect.right()),
                top.y.min(mid)..=top.y.max(mid),
            );
            let fill = if v >= 0.5 {
                egui::Color32::from_rgb(150, 125, 85)
            } else {
                egui::Color32::from_rgb(85, 62, 46)
            };
            painter.rect_filled(bar, 0.0, fill);
        }
        let even = egui::Stroke::new(1.0, MUTED.gamma_multiply(0.5));
        painter.hline(rect.x_range(), mid, even);
        let line: Vec<egui::Pos2> = points
            .iter()
            .enumerate()
            .map(|(i, &v)| self.at(i, v))
            .collect();
        painter.add(egui::Shape::line(line, egui::Stroke::new(1.5, GOLD)));
        for report in analysis.plies.iter().take(points.len() - 1) {
            let i = report.ply as usize;
            if report.grade >= Grade::Inaccuracy && i < points.len() {
                painter.circle_filled(self.at(i, points[i]), 3.0, grade_colour(report.grade));
            }
        }
        let x = self.at(shown, 0.0).x;
        painter.vline(
            x,
            rect.y_range(),
            egui::Stroke::new(1.0, egui::Color32::WHITE),
        );
    }
}

/// The graph's tooltip for the position after `ply` moves.
fn point_text(i18n: &I18n, analysis: &Analysis, ply: usize) -> String {
    match ply.checked_sub(1).and_then(|i| analysis.plies.get(i)) {
        Some(r) => i18n.msg(
            &Msg::new("analysis-graph-point")
                .num("ply", r.ply)
                .text("move", r.played.clone())
                .text("grade", grade_name(i18n, r.grade)),
        ),
        None => i18n.tr("analysis-graph-start"),
    }
}

/// Each side's accuracy and how many moves of each grade.
fn summary(ui: &mut egui::Ui, p: &mut GameUi, analysis: &Analysis, names: &SideNames) {
    // The marks in the monospace font: the proportional one has no dot.
    let mark = |grade: Grade| {
        egui::RichText::new(grade_mark(grade))
            .monospace()
            .color(grade_colour(grade))
    };
    egui::Grid::new("analysis_summary")
        .num_columns(7)
        .min_col_width(16.0)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            ui.label(egui::RichText::new("%").color(MUTED))
                .on_hover_text(p.tr("analysis-accuracy-hint"));
            for grade in Grade::ALL {
                ui.label(mark(grade))
                    .on_hover_text(grade_name(&p.i18n, grade));
            }
            ui.end_row();
            for side in [Side::Hunters, Side::Crowd] {
                let s = analysis.summary(side);
                ui.label(player_title(&p.i18n, names, analysis, side));
                ui.label(egui::RichText::new(format!("{:.0}", s.accuracy)).strong())
                    .on_hover_text(p.tr("analysis-accuracy-hint"));
                for grade in Grade::ALL {
                    let n = s.count(grade);
                    let text = egui::RichText::new(n.to_string());
                    ui.label(if n == 0 { text.color(MUTED) } else { text })
                        .on_hover_text(grade_name(&p.i18n, grade));
                }
                ui.end_row();
            }
        });
}

/// The name of a player's summary: its side, or in a two-round match,
/// where each player plays both roles, the side it began as (the analysis
/// scores each move for its player, `PlyReport::side`).
fn player_title(i18n: &I18n, names: &SideNames, analysis: &Analysis, side: Side) -> String {
    if analysis.variant.game.ruleset().two_rounds().is_some() {
        i18n.msg(&names.with_side(i18n, Msg::new("analysis-player-began-as"), side))
    } else {
        names.title(i18n, side)
    }
}

/// Learn from your mistakes: the lessons the player's mistakes and
/// blunders make, looked for on request, then played (`lesson_panel`).
fn lessons_offer(ui: &mut egui::Ui, p: &mut GameUi, analysis: &Arc<Analysis>) {
    let mistakes = LessonSession::mistakes_in(&p.the_match, analysis);
    if mistakes == 0 {
        theme::note(ui, p.tr("lesson-none"));
        return;
    }
    let session = &p.lessons.session;
    let Some(found) = session.lessons_of(analysis).map(<[_]>::len) else {
        let text = Msg::new("lesson-offer").num("count", mistakes as u32);
        if ui
            .button(format!("⟳ {}", p.i18n.msg(&text)))
            .on_hover_text(p.tr("lesson-offer-hint"))
            .clicked()
        {
            p.lessons.commands.write(LessonCommand::Find);
        }
        return;
    };
    let finding = session.is_finding();
    if finding {
        let (done, total) = session.progress();
        let msg = Msg::new("lesson-finding")
            .num("done", done as u32)
            .num("total", total as u32);
        ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).text(p.i18n.msg(&msg)));
    }
    if found > 0 {
        let text = Msg::new("lesson-begin").num("count", found as u32);
        if ui
            .button(egui::RichText::new(format!("⟳ {}", p.i18n.msg(&text))).strong())
            .on_hover_text(p.tr("lesson-offer-hint"))
            .clicked()
        {
            p.lessons.commands.write(LessonCommand::Start(0));
        }
    } else if !finding {
        theme::note(ui, p.tr("lesson-none-after-check"));
    }
}

/// What the analysis says of the move that led to the position shown (or
/// whose line is being played out), and the engine's line there.
fn shown_move(ui: &mut egui::Ui, p: &mut GameUi) {
    let preview = p
        .the_match
        .preview()
        .map(|pv| (pv.ply, pv.step, pv.line.len()));
    let ply = preview.map_or(p.the_match.shown().ply(), |pv| pv.0);
    let Some(report) = ply_report(&p.the_match, ply).cloned() else {
        return;
    };
    let names = p.names();
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        let round_one = p.the_match.game().round_one_moves();
        for (text, colour) in report_lines(&p.i18n, &names, &report, round_one) {
            ui.label(egui::RichText::new(text).color(colour));
        }
        engine_line(ui, p, &report, preview.map(|pv| (pv.1, pv.2)));
    });
}

/// The line the engine expects from the position before the move (its
/// best move first), and the buttons that play it out over the board: the
/// board shows the line's position, with its next move as an arrow.
fn engine_line(
    ui: &mut egui::Ui,
    p: &mut GameUi,
    report: &PlyReport,
    preview: Option<(usize, usize)>,
) {
    if report.line.is_empty() {
        return;
    }
    let ply = report.ply as usize;
    let moves = Msg::new("analysis-line")
        .num("ply", report.ply)
        .text("moves", report.line.join(" "));
    ui.label(egui::RichText::new(p.i18n.msg(&moves)).color(MUTED));
    let mut go = None;
    ui.horizontal_wrapped(|ui| match preview {
        None => {
            if ui
                .button(format!("▶ {}", p.tr("analysis-line-show")))
                .on_hover_text(p.tr("analysis-line-show-hint"))
                .clicked()
            {
                go = Some(Some((ply, 0)));
            }
        }
        Some((step, count)) => {
            if ui.add_enabled(step > 0, egui::Button::new("◀")).clicked() {
                go = Some(Some((ply, step - 1)));
            }
            let at = Msg::new("analysis-line-step")
                .num("step", step as u32)
                .num("count", count as u32);
            ui.label(egui::RichText::new(p.i18n.msg(&at)).color(GOLD));
            if ui
                .add_enabled(step < count, egui::Button::new("▶"))
                .clicked()
            {
                go = Some(Some((ply, step + 1)));
            }
            if ui
                .button(format!("✕ {}", p.tr("analysis-line-end")))
                .on_hover_text(p.tr("analysis-line-end-hint"))
                .clicked()
            {
                go = Some(None);
            }
        }
    });
    if let Some(at) = go {
        p.commands.write(MatchCommand::PreviewLine(at));
    }
}

/// The lines that describe one move: its grade, the best move, the
/// evaluation before and after, the exact verdict. In a two-round match
/// (`round_one`: the number of round one's moves) the evaluation is for
/// the player who made the move, named by the side it began as, as the
/// summaries are; and in round one a forced end is the round's, not a win.
fn report_lines(
    i18n: &I18n,
    names: &SideNames,
    r: &PlyReport,
    round_one: Option<usize>,
) -> Vec<(String, egui::Color32)> {
    let in_round_one = round_one.is_some_and(|moves| r.ply as usize <= moves);
    let mut lines = vec![(
        i18n.msg(
            &Msg::new("analysis-move-line")
                .num("ply", r.ply)
                .text("move", r.played.clone())
                .text("grade", grade_name(i18n, r.grade)),
        ),
        grade_colour(r.grade),
    )];
    if r.best != r.played {
        let best = Msg::new("analysis-best-was").text("move", r.best.clone());
        lines.push((i18n.msg(&best), grade_colour(Grade::Best)));
    }
    // An exact verdict says more than the evaluation (which can misjudge
    // what the table settles): the evaluation only where there is none.
    match &r.verdict {
        Some(v) if in_round_one => lines.push((round_one_verdict_text(i18n, v), GOLD)),
        Some(v) => {
            lines.push((verdict_text(i18n, v), GOLD));
            // Only Bagh-Chal has the table, and the table leaves out the
            // rule that no position may recur: its verdicts hold with
            // that condition.
            if v.source == Source::Table {
                lines.push((i18n.tr("analysis-table-condition"), MUTED));
            }
        }
        None => {
            let eval = names.with_side(
                i18n,
                Msg::new(if round_one.is_some() {
                    "analysis-eval-began-as"
                } else {
                    "analysis-eval"
                })
                .text("before", score_text(i18n, r.before, in_round_one))
                .text("after", score_text(i18n, r.after, in_round_one)),
                r.side,
            );
            lines.push((i18n.msg(&eval), MUTED));
            let basis = Msg::new("analysis-basis-engine").num("depth", r.depth);
            lines.push((i18n.msg(&basis), MUTED));
        }
    }
    lines
}

/// A score for the side that moved: "+0.35", "wins in 4 moves", "lost";
/// in round one of a match, "round one ends within 4 moves" either way.
fn score_text(i18n: &I18n, score: Score, in_round_one: bool) -> String {
    let moves = |p: u16| p.div_ceil(2) as u32;
    match score {
        Score::Eval(e) => format!("{:+.2}", e as f64 / 100.0),
        Score::Win(p) | Score::Loss(p) if in_round_one => match p {
            Some(p) => i18n.msg(&Msg::new("analysis-score-round-ends-in").num("moves", moves(p))),
            None => i18n.tr("analysis-score-round-over"),
        },
        Score::Win(Some(p)) => i18n.msg(&Msg::new("analysis-score-win-in").num("moves", moves(p))),
        Score::Win(None) => i18n.tr("analysis-score-win"),
        Score::Loss(Some(p)) => {
            i18n.msg(&Msg::new("analysis-score-loss-in").num("moves", moves(p)))
        }
        Score::Loss(None) => i18n.tr("analysis-score-loss"),
    }
}

/// "Endgame table: threw away the draw."
pub(super) fn verdict_text(i18n: &I18n, v: &Verdict) -> String {
    let moves = |p: Option<u16>| p.map(|p| p.div_ceil(2) as u32);
    let what = match v.kind() {
        VerdictKind::WinToDraw => Msg::new("analysis-verdict-win-to-draw"),
        VerdictKind::WinToLoss => Msg::new("analysis-verdict-win-to-loss"),
        VerdictKind::DrawToLoss => Msg::new("analysis-verdict-draw-to-loss"),
        VerdictKind::KeepsDraw => Msg::new("analysis-verdict-keeps-draw"),
        VerdictKind::KeepsWin(p) => match moves(p) {
            Some(n) => Msg::new("analysis-verdict-keeps-win-in").num("moves", n),
            None => Msg::new("analysis-verdict-keeps-win"),
        },
        VerdictKind::StillLost(p) => match moves(p) {
            Some(n) => Msg::new("analysis-verdict-still-lost-in").num("moves", n),
            None => Msg::new("analysis-verdict-still-lost"),
        },
    };
    i18n.msg(
        &Msg::new("analysis-exact")
            .text("source", i18n.tr(source_id(v.source)))
            .nested("verdict", what),
    )
}

/// The message id that names where an exact verdict comes from.
fn source_id(source: Source) -> &'static str {
    match source {
        Source::Rules => "analysis-source-rules",
        Source::Table => "analysis-source-table",
        Source::Proof => "analysis-source-proof",
        Source::Search => "analysis-source-search",
    }
}

/// An exact verdict on a move of round one, where the end the search
/// proves is the round's (the hunted piece shut in), whoever moved:
/// "Exactly (a search to the end): round one ends by force, within 3 moves."
fn round_one_verdict_text(i18n: &I18n, v: &Verdict) -> String {
    let what = match v.kind() {
        VerdictKind::WinToDraw | VerdictKind::WinToLoss => {
            Msg::new("analysis-verdict-round-no-longer-ends")
        }
        VerdictKind::DrawToLoss => Msg::new("analysis-verdict-round-now-ends"),
        VerdictKind::KeepsDraw => Msg::new("analysis-verdict-round-does-not-end"),
        VerdictKind::KeepsWin(p) | VerdictKind::StillLost(p) => match p {
            Some(p) => {
                Msg::new("analysis-verdict-round-ends-in").num("moves", p.div_ceil(2) as u32)
            }
            None => Msg::new("analysis-verdict-round-ends"),
        },
    };
    i18n.msg(
        &Msg::new("analysis-exact")
            .text("source", i18n.tr(source_id(v.source)))
            .nested("verdict", what),
    )
}

/// Copy as text; save as a file (the desktop).
fn export(ui: &mut egui::Ui, p: &mut GameUi, analysis: &Analysis, names: &SideNames) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(format!("📋 {}", p.tr("analysis-copy")))
            .on_hover_text(p.tr("analysis-copy-hint"))
            .clicked()
        {
            let text = export_text(&p.i18n, names, analysis);
            ui.ctx().copy_text(text);
            p.notices
                .write(crate::game::common::notice::Notice::info(Msg::new(
                    "analysis-copied",
                )));
        }
        if !cfg!(target_arch = "wasm32")
            && ui
                .button(format!("💾 {}", p.tr("analysis-save-file")))
                .on_hover_text(p.tr("analysis-save-file-hint"))
                .clicked()
        {
            let name = format!(
                "{}-{}",
                analysis.variant.game.id(),
                crate::save::store::file_stamp(crate::save::store::now_unix())
            );
            p.save_commands.write(SaveCommand::ExportText {
                name,
                text: export_text(&p.i18n, names, analysis),
            });
        }
    });
}

/// The analysis as text in the player's language: a title, a line per
/// move, each side's summary.
pub fn export_text(i18n: &I18n, names: &SideNames, analysis: &Analysis) -> String {
    let kind = analysis.variant.game;
    let round_one = analysis.round_one_moves();
    let mut out = i18n.msg(&Msg::new("analysis-export-title").text("game", game_title(i18n, kind)));
    out.push_str("\n\n");
    for r in &analysis.plies {
        let mut line = format!(
            "{}. {}{} {}",
            r.ply,
            r.played,
            grade_mark_text(r.grade),
            grade_name(i18n, r.grade)
        );
        for (text, _) in report_lines(i18n, names, r, round_one).into_iter().skip(1) {
            line.push_str(" · ");
            line.push_str(&text);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    for side in [Side::Hunters, Side::Crowd] {
        let s = analysis.summary(side);
        let mut msg = Msg::new("analysis-export-summary")
            .text("side_title", player_title(i18n, names, analysis, side))
            .num("accuracy", s.accuracy.round());
        for (name, grade) in ["best", "good", "inaccuracy", "mistake", "blunder"]
            .into_iter()
            .zip(Grade::ALL)
        {
            msg = msg.num(name, s.count(grade));
        }
        out.push_str(&i18n.msg(&msg));
        out.push('\n');
    }
    out
}

/// The mark in text: the signs for mistakes, nothing for good moves.
fn grade_mark_text(grade: Grade) -> &'static str {
    match grade {
        Grade::Best | Grade::Good => "",
        other => grade_mark(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::{Exact, Known};
    use crate::game::common::i18n::Language;
    use crate::rules::{Game, GameId, Side};

    fn report(verdict: Option<Verdict>) -> PlyReport {
        PlyReport {
            ply: 7,
            side: Side::Crowd,
            played: "c3-c4".into(),
            grade: Grade::Good,
            before: Score::Eval(40),
            after: Score::Eval(10),
            lost: 4.0,
            best: "c3-c4".into(),
            line: vec!["c3-c4".into()],
            depth: 12,
            verdict,
        }
    }

    fn verdict(source: Source) -> Verdict {
        let draw = Known {
            value: Exact::Draw,
            source,
        };
        Verdict::new(draw, draw)
    }

    /// Each move's words say what they rest on, in both languages: the
    /// evaluation an estimate, the table with its no-repeat condition, the
    /// proof search plain.
    #[test]
    fn a_moves_words_name_what_they_rest_on() {
        let assets = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
        let mut i18n = I18n::from_dir(assets).expect("the message files");
        for language in Language::ALL {
            i18n.set_language(language);
            let names = SideNames::traditional(&i18n, GameId::named("bagh-chal"));
            let lines = |r: &PlyReport| -> Vec<String> {
                report_lines(&i18n, &names, r, None)
                    .into_iter()
                    .map(|(t, _)| t)
                    .collect()
            };
            let basis = i18n.msg(&Msg::new("analysis-basis-engine").num("depth", 12));
            let condition = i18n.tr("analysis-table-condition");
            let evaluated = lines(&report(None));
            assert!(evaluated.contains(&basis), "{language:?}: {evaluated:?}");
            let table = lines(&report(Some(verdict(Source::Table))));
            assert!(table.contains(&condition), "{language:?}: {table:?}");
            assert!(!table.contains(&basis), "{language:?}: {table:?}");
            let proof = lines(&report(Some(verdict(Source::Proof))));
            assert!(!proof.contains(&condition) && !proof.contains(&basis));
            assert!(proof[1].contains(&i18n.tr("analysis-source-proof")));
        }
    }

    /// In a two-round match each player plays both roles: the summaries
    /// and each move's evaluation name the side each player began as; in
    /// other games, the side.
    #[test]
    fn a_matchs_summaries_name_the_side_each_player_began_as() {
        let assets = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
        let i18n = I18n::from_dir(assets).expect("the message files");
        let summaries = |game: &str| {
            let kind = GameId::named(game);
            let analysis = Analysis {
                version: crate::coach::ANALYSIS_VERSION,
                variant: crate::rules::Variant::new(kind),
                start: String::new(),
                moves: vec!["c3-c4".into(); 2],
                effort: crate::coach::Effort::STANDARD,
                plies: vec![
                    report(None),
                    PlyReport {
                        side: Side::Hunters,
                        ..report(None)
                    },
                ],
            };
            let names = SideNames::traditional(&i18n, kind);
            let text = export_text(&i18n, &names, &analysis);
            let evaluations = text
                .lines()
                .filter_map(|l| l.split(" · ").find(|part| part.starts_with("Evaluation")))
                .map(|part| part.split(',').next().unwrap_or_default().to_string())
                .collect::<Vec<_>>();
            let summaries = text
                .lines()
                .filter(|l| l.contains("accuracy"))
                .map(|l| l.split(':').next().unwrap_or_default().to_string())
                .collect::<Vec<_>>();
            (summaries, evaluations)
        };
        let (titles, evaluations) = summaries("gioco-dell-orso");
        assert_eq!(titles, ["Began as the bear", "Began as the hunters"]);
        assert_eq!(
            evaluations,
            [
                "Evaluation for the player who began as the hunters",
                "Evaluation for the player who began as the bear"
            ],
            "each move is evaluated for its player, who plays both roles"
        );
        let (titles, evaluations) = summaries("pirates");
        assert_eq!(titles, ["Pirates", "Bulgars"]);
        assert_eq!(
            evaluations,
            ["Evaluation for the Bulgars", "Evaluation for the pirates"]
        );
    }

    /// In round one of a match the forced end the search finds is the
    /// round's (the bear shut in), not a win: its moves say so, and a
    /// move of round two speaks of winning again.
    #[test]
    fn round_ones_forced_end_is_not_called_a_win() {
        let assets = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
        let i18n = I18n::from_dir(assets).expect("the message files");
        let kind = GameId::named("gioco-dell-orso");
        let mut game = Game::new(crate::rules::Variant::new(kind));
        let start = crate::rules::position_string(game.variant(), game.initial_position());
        let round_one = "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 b5-a4 d5-c4 \
                         a4-b5 e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6 d5-d7";
        for text in round_one.split_whitespace() {
            let mv = game.parse_move(text).expect("a legal move of round one");
            game.play(&mv).expect("legal");
        }
        assert_eq!(game.round(), 2, "the bear is shut in: round two");
        let first_of_round_two = game.move_text(&game.legal_moves()[0]);
        let mut moves: Vec<String> = round_one.split_whitespace().map(String::from).collect();
        moves.push(first_of_round_two.clone());
        let forced = |ply: u32, played: &str| PlyReport {
            ply,
            played: played.into(),
            best: played.into(),
            before: Score::Win(Some(5)),
            after: Score::Win(Some(3)),
            verdict: None,
            ..report(None)
        };
        let proven = Verdict::new(
            Known {
                value: Exact::Win(Some(5)),
                source: Source::Search,
            },
            Known {
                value: Exact::Win(Some(3)),
                source: Source::Search,
            },
        );
        let analysis = Analysis {
            version: crate::coach::ANALYSIS_VERSION,
            variant: crate::rules::Variant::new(kind),
            start,
            moves,
            effort: crate::coach::Effort::STANDARD,
            plies: vec![
                forced(23, "f5-e6"),
                PlyReport {
                    verdict: Some(proven),
                    ..forced(25, "d5-d7")
                },
                forced(26, &first_of_round_two),
            ],
        };
        assert_eq!(analysis.round_one_moves(), Some(25));
        let names = SideNames::traditional(&i18n, kind);
        let text = export_text(&i18n, &names, &analysis);
        let line = |ply: &str| {
            text.lines()
                .find(|l| l.starts_with(&format!("{ply}. ")))
                .unwrap_or_default()
                .to_string()
        };
        let (evaluated, exact, round_two) = (line("23"), line("25"), line("26"));
        assert!(
            evaluated.contains(
                "round one ends within 3 moves before the move, round one ends within 2 moves after"
            ) && !evaluated.contains("wins"),
            "{evaluated}"
        );
        assert!(
            exact.contains(
                "Exactly (a search to the end): round one ends by force, within 2 moves."
            ) && !exact.contains("win"),
            "{exact}"
        );
        assert!(
            round_two.contains("wins within 3 moves before the move"),
            "{round_two}"
        );
    }
}
