//! The family screen's puzzles: the button that opens a game's set, and,
//! while a puzzle is solved, the panel in place of the game's: which
//! puzzle, what to find and what the answer rests on (the game's backward
//! solve, or the search's margin, said as a judgement), how the attempt
//! stands, and the buttons: hint, try again, next, back to the game.

use bevy_egui::egui;

use super::family_screen::{FamilyUi, side_noun};
use super::theme::{self, GOLD, GREEN, INK, RED};
use crate::coach::family_puzzle::{FamilyGoal, FamilyProof, FamilyPuzzle};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::play::family::FamilyPlay;
use crate::game::play::family_puzzle::{FamilyPuzzleCommand, FamilyPuzzleStatus};
use crate::rules::family::Ruleset;

/// "Puzzles (150)", when the game has a set: starts its first puzzle.
pub(super) fn puzzles_button(ui: &mut egui::Ui, f: &mut FamilyUi, play: &FamilyPlay) {
    let rules = play.game.rules.clone();
    let Some(set) = f
        .puzzles
        .library
        .set(&rules.file.id, &f.server, &f.puzzles.sets)
    else {
        return;
    };
    let Some(first) = set.puzzles.first().cloned() else {
        return;
    };
    let count = set.puzzles.len();
    let text = f
        .i18n
        .msg(&Msg::new("family-puzzles").num("count", count as u32));
    if ui
        .button(format!("⟳ {text}"))
        .on_hover_text(f.i18n.tr("family-puzzles-hint"))
        .clicked()
    {
        f.puzzles.commands.write(FamilyPuzzleCommand::Start {
            rules,
            index: 0,
            count,
            puzzle: Box::new(first),
        });
    }
}

/// The panel while a puzzle is solved.
pub(super) fn puzzle_section(ui: &mut egui::Ui, f: &mut FamilyUi, play: &FamilyPlay) {
    let Some(active) = f.puzzles.session.active() else {
        return;
    };
    let (index, count, status, mistakes) =
        (active.index, active.count, active.status, active.mistakes);
    let (puzzle, solver, rules) = (active.puzzle.clone(), active.solver, active.rules.clone());
    let i18n = &*f.i18n;
    let title = Msg::new("family-puzzle-title")
        .num("number", (index + 1) as u32)
        .num("count", count as u32);
    ui.label(
        egui::RichText::new(i18n.msg(&title))
            .color(GOLD)
            .size(18.0)
            .strong(),
    );
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        let side = side_noun(i18n, play.rules(), solver);
        let goal = Msg::new(goal_id(&puzzle)).text("side", side);
        ui.label(egui::RichText::new(i18n.msg(&goal)).size(16.0));
        theme::note(ui, proof_text(i18n, &puzzle));
        ui.add_space(6.0);
        let (id, colour) = match status {
            FamilyPuzzleStatus::YourMove if mistakes > 0 => ("puzzle-status-again", INK),
            FamilyPuzzleStatus::YourMove => ("puzzle-status-your-move", INK),
            FamilyPuzzleStatus::Wrong => ("puzzle-status-wrong", RED),
            FamilyPuzzleStatus::Right => ("puzzle-status-right", GREEN),
            FamilyPuzzleStatus::Solved => ("puzzle-status-solved", GREEN),
        };
        ui.label(
            egui::RichText::new(i18n.tr(id))
                .color(colour)
                .size(17.0)
                .strong(),
        );
        theme::note(ui, i18n.tr("family-puzzle-unrated"));
    });
    ui.separator();
    buttons(ui, f, &rules, (index, count), status);
}

fn buttons(
    ui: &mut egui::Ui,
    f: &mut FamilyUi,
    rules: &std::sync::Arc<Ruleset>,
    (index, count): (usize, usize),
    status: FamilyPuzzleStatus,
) {
    let next = f
        .puzzles
        .library
        .set(&rules.file.id, &f.server, &f.puzzles.sets)
        .and_then(|set| set.puzzles.get((index + 1) % count.max(1)).cloned());
    let i18n = &*f.i18n;
    let mut sent = None;
    ui.horizontal_wrapped(|ui| {
        let can_hint = matches!(
            status,
            FamilyPuzzleStatus::YourMove | FamilyPuzzleStatus::Wrong
        );
        if ui
            .add_enabled(
                can_hint,
                egui::Button::new(format!("💡 {}", i18n.tr("panel-hint"))),
            )
            .on_hover_text(i18n.tr("puzzle-hint-hint"))
            .clicked()
        {
            sent = Some(FamilyPuzzleCommand::Hint);
        }
        if ui
            .button(format!("⟲ {}", i18n.tr("puzzle-retry")))
            .on_hover_text(i18n.tr("puzzle-retry-hint"))
            .clicked()
        {
            sent = Some(FamilyPuzzleCommand::Retry);
        }
        if let Some(puzzle) = next {
            let text = egui::RichText::new(format!("▶ {}", i18n.tr("puzzle-next")));
            let text = if status == FamilyPuzzleStatus::Solved {
                text.strong().color(GOLD)
            } else {
                text
            };
            if ui.button(text).clicked() {
                sent = Some(FamilyPuzzleCommand::Start {
                    rules: rules.clone(),
                    index: (index + 1) % count.max(1),
                    count,
                    puzzle: Box::new(puzzle),
                });
            }
        }
    });
    ui.add_space(4.0);
    if ui.button(i18n.tr("family-puzzle-leave")).clicked() {
        sent = Some(FamilyPuzzleCommand::Leave);
    }
    if let Some(command) = sent {
        f.puzzles.commands.write(command);
    }
}

/// What to find, by the puzzle's goal.
pub fn goal_id(puzzle: &FamilyPuzzle) -> &'static str {
    match puzzle.goal {
        FamilyGoal::Win => "family-puzzle-goal-win",
        FamilyGoal::WinFastest => "family-puzzle-goal-win-fastest",
        FamilyGoal::Hold => "family-puzzle-goal-hold",
        FamilyGoal::BestMove => "family-puzzle-goal-best",
    }
}

/// What the answer rests on: the backward solve, or the search's margin
/// (a judgement, not a proof).
pub fn proof_text(i18n: &I18n, puzzle: &FamilyPuzzle) -> String {
    match puzzle.proof {
        FamilyProof::Solved => i18n.tr("family-puzzle-proof-solved"),
        FamilyProof::SearchMargin { depth, margin } => i18n.msg(
            &Msg::new("family-puzzle-proof-margin")
                .num("depth", depth)
                .num("margin", f64::from(margin) / 100.0),
        ),
    }
}
