//! The side panel while a puzzle is solved: which puzzle, what to find and
//! how the answer is proven, how the attempt stands ("try again",
//! "solved"), the streak when one is played, the rating, and the buttons:
//! hint, try again, next puzzle (or the streak's next), back to the list,
//! back to the game.

use bevy_egui::egui;

use super::GameUi;
use super::puzzles_page::{goal_text, proof_text, stars};
use super::theme::{self, GOLD, GREEN, INK, RED};
use crate::game::common::i18n::Msg;
use crate::game::common::screens::{MenuPage, Screen};
use crate::game::play::puzzle::{PuzzleCommand, PuzzleStatus};
use crate::game::play::puzzle_streak::{Streak, StreakState};

pub(super) fn puzzle_panel(ui: &mut egui::Ui, p: &mut GameUi) {
    let Some(active) = p.puzzles.session.active() else {
        return;
    };
    let (kind, index, difficulty) = (active.kind, active.index, active.puzzle.difficulty());
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        if ui
            .button(format!("⬅ {}", p.tr("puzzle-to-list")))
            .on_hover_text(p.tr("puzzle-to-list-hint"))
            .clicked()
        {
            p.puzzles.commands.write(PuzzleCommand::Leave);
            *p.menu_page = MenuPage::Puzzles(kind);
            p.screen.set(Screen::Menu);
        }
    });
    ui.label(
        egui::RichText::new(
            p.i18n.msg(
                &Msg::new("puzzle-title")
                    .num("number", (index + 1) as u32)
                    .text("game", super::game_title(&p.i18n, kind)),
            ),
        )
        .color(GOLD)
        .size(18.0)
        .strong(),
    );
    ui.label(egui::RichText::new(stars(difficulty)).color(GOLD))
        .on_hover_text(p.tr("puzzle-difficulty-hint"));
    ui.separator();
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        goal_and_status(ui, p, true);
    });
    ui.separator();
    buttons(ui, p);
}

/// The phone strip during a puzzle: what to find, how it stands, the buttons.
pub(super) fn puzzle_strip(ui: &mut egui::Ui, p: &mut GameUi) {
    goal_and_status(ui, p, false);
    buttons(ui, p);
}

/// What to find (and, in the panel, how it is proven), how the attempt
/// stands, and the rating.
fn goal_and_status(ui: &mut egui::Ui, p: &mut GameUi, with_proof: bool) {
    let Some(active) = p.puzzles.session.active() else {
        return;
    };
    let (kind, puzzle) = (active.kind, active.puzzle.clone());
    let (status, mistakes, change) = (active.status, active.mistakes, active.rating_change);
    let solved_before = active.solved_before;
    let names = p.names();
    ui.label(egui::RichText::new(goal_text(&p.i18n, &names, &puzzle)).size(16.0));
    if with_proof {
        theme::note(ui, proof_text(&p.i18n, puzzle.proof));
        ui.add_space(6.0);
    }
    let (id, colour) = match status {
        PuzzleStatus::YourMove if mistakes > 0 => ("puzzle-status-again", INK),
        PuzzleStatus::YourMove => ("puzzle-status-your-move", INK),
        PuzzleStatus::Wrong => ("puzzle-status-wrong", RED),
        PuzzleStatus::Right => ("puzzle-status-right", GREEN),
        PuzzleStatus::Solved => ("puzzle-status-solved", GREEN),
    };
    ui.label(
        egui::RichText::new(p.tr(id))
            .color(colour)
            .size(17.0)
            .strong(),
    );
    if let Some(streak) = p.puzzles.session.streak().cloned() {
        streak_line(ui, p, &streak);
    }
    rating_line(ui, p, kind, change);
    if solved_before {
        theme::note(ui, p.tr("puzzle-solved-before"));
    }
}

/// The rating in this game, and what the puzzle did to it.
fn rating_line(ui: &mut egui::Ui, p: &mut GameUi, kind: crate::rules::GameId, change: Option<f64>) {
    let rating = p.settings.puzzles.rating(kind).round();
    let msg = match change {
        Some(change) => Msg::new("puzzle-rating-change")
            .num("rating", rating)
            .text("change", format!("{:+}", change.round() as i64)),
        None => Msg::new("puzzle-rating").num("rating", rating),
    };
    ui.label(p.i18n.msg(&msg))
        .on_hover_text(p.tr("dashboard-local"));
}

/// The streak: its length and the best, or where it ended.
fn streak_line(ui: &mut egui::Ui, p: &mut GameUi, streak: &Streak) {
    let best = p.settings.puzzles.best_streak(streak.kind);
    let id = if streak.is_over() {
        "puzzle-streak-over"
    } else {
        "puzzle-streak"
    };
    let text = p
        .i18n
        .msg(&Msg::new(id).num("length", streak.length).num("best", best));
    let colour = if streak.is_over() { RED } else { GOLD };
    ui.label(egui::RichText::new(text).color(colour).size(16.0).strong());
    if streak.new_best && streak.length > 0 {
        ui.label(egui::RichText::new(p.tr("puzzle-streak-new-best")).color(GREEN));
    }
}

/// Hint, try again, next puzzle; back to the game.
fn buttons(ui: &mut egui::Ui, p: &mut GameUi) {
    let Some(status) = p.puzzles.session.active().map(|a| a.status) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        let can_hint = matches!(status, PuzzleStatus::YourMove | PuzzleStatus::Wrong);
        let streak = p.puzzles.session.streak().map(|s| s.state);
        let hint_hint = if streak == Some(StreakState::Solving) {
            "puzzle-streak-hint-hint"
        } else {
            "puzzle-hint-hint"
        };
        if theme::hint_button(ui, &p.tr("panel-hint"), &p.tr(hint_hint), can_hint) {
            p.puzzles.commands.write(PuzzleCommand::Hint);
        }
        if theme::retry_button(ui, &p.tr("puzzle-retry"), &p.tr("puzzle-retry-hint")) {
            p.puzzles.commands.write(PuzzleCommand::Retry);
        }
        next_button(ui, p, status, streak);
    });
    ui.add_space(4.0);
    if ui
        .button(p.tr("puzzle-leave"))
        .on_hover_text(p.tr("puzzle-leave-hint"))
        .clicked()
    {
        p.puzzles.commands.write(PuzzleCommand::Leave);
    }
}

/// What comes next: the next puzzle the filters let through, or in a
/// streak its next puzzle once this one is solved, or, once the streak is
/// over, a new streak or the next puzzle. None while a streak's puzzle is
/// being solved: skipping it would end the streak.
fn next_button(
    ui: &mut egui::Ui,
    p: &mut GameUi,
    status: PuzzleStatus,
    streak: Option<StreakState>,
) {
    let Some(kind) = p.puzzles.session.active().map(|a| a.kind) else {
        return;
    };
    let next = ("puzzle-next", PuzzleCommand::Next { kind });
    let choices = match streak {
        None => vec![next],
        Some(StreakState::Solving) => vec![],
        Some(StreakState::Between) => vec![("puzzle-streak-next", PuzzleCommand::StreakNext)],
        Some(StreakState::Over) => vec![
            ("puzzle-streak-again", PuzzleCommand::StreakStart { kind }),
            next,
        ],
    };
    // The first choice stands out once there is nothing left to do here.
    let done = status == PuzzleStatus::Solved || streak == Some(StreakState::Over);
    for (i, (id, command)) in choices.into_iter().enumerate() {
        if theme::next_button(ui, &p.tr(id), done && i == 0) {
            p.puzzles.commands.write(command);
        }
    }
}
