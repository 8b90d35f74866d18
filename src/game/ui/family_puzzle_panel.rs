//! The family screen's puzzles: the button that opens a game's set, and,
//! while a puzzle is solved, the panel in place of the game's: which
//! puzzle, what to find and what the answer rests on (the game's backward
//! solve, or the search's margin, said as a judgement), how the attempt
//! stands, and the buttons: hint, try again, next, back to the game.

use bevy::prelude::*;
use bevy_egui::egui;

use super::theme::{self, GOLD, GREEN, INK, RED};
use crate::coach::family_puzzle::{FamilyGoal, FamilyProof, FamilyPuzzle};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::puzzle_progress::family_key;
use crate::game::common::settings::Settings;
use crate::game::play::family::FamilyPlay;
use crate::game::play::family_puzzle::{
    FamilyPuzzleCommand, FamilyPuzzleLibrary, FamilyPuzzleSession, FamilyPuzzleSetAsset,
    FamilyPuzzleStatus, next_family_puzzle,
};
use crate::rules::family::Ruleset;

/// The family puzzles as the family screen sees them.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct FamilyPuzzleUi<'w> {
    pub(super) session: Res<'w, FamilyPuzzleSession>,
    library: ResMut<'w, FamilyPuzzleLibrary>,
    sets: Res<'w, Assets<FamilyPuzzleSetAsset>>,
    server: Res<'w, AssetServer>,
    commands: MessageWriter<'w, FamilyPuzzleCommand>,
    /// The puzzles solved (kept with the settings).
    settings: Res<'w, Settings>,
}

/// "Puzzles (150)", or "Puzzles (12 of 150 solved)", when the game has a
/// set: starts its first puzzle not solved yet.
pub(super) fn puzzles_button(
    ui: &mut egui::Ui,
    i18n: &I18n,
    p: &mut FamilyPuzzleUi,
    play: &FamilyPlay,
) {
    let rules = play.game.rules.clone();
    let Some(set) = p.library.set(&rules.file.id, &p.server, &p.sets) else {
        return;
    };
    let Some((index, first)) = next_family_puzzle(&set.puzzles, &rules.file.id, &p.settings, None)
    else {
        return;
    };
    let count = set.puzzles.len();
    let solved = p.settings.puzzles.solved_in(&family_key(&rules.file.id));
    let text = match solved {
        0 => i18n.msg(&Msg::new("family-puzzles").num("count", count as u32)),
        _ => i18n.msg(
            &Msg::new("family-puzzles-progress")
                .num("solved", solved as u32)
                .num("count", count as u32),
        ),
    };
    if ui
        .button(format!("⟳ {text}"))
        .on_hover_text(i18n.tr("family-puzzles-hint"))
        .clicked()
    {
        p.commands.write(FamilyPuzzleCommand::Start {
            rules,
            index,
            count,
            puzzle: Box::new(first),
        });
    }
}

/// The panel while a puzzle is solved; `side` names the solver's side.
pub(super) fn puzzle_section(ui: &mut egui::Ui, i18n: &I18n, p: &mut FamilyPuzzleUi, side: &str) {
    let Some(active) = p.session.active() else {
        return;
    };
    let (index, count, status, mistakes) =
        (active.index, active.count, active.status, active.mistakes);
    let solved_before = active.solved_before;
    let (puzzle, rules) = (active.puzzle.clone(), active.rules.clone());
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
        let goal = Msg::new(goal_id(&puzzle)).text("side", side.to_string());
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
        if solved_before {
            theme::note(ui, i18n.tr("family-puzzle-solved-before"));
        }
        theme::note(ui, i18n.tr("family-puzzle-unrated"));
    });
    ui.separator();
    buttons(ui, i18n, p, &rules, (index, count), status);
}

fn buttons(
    ui: &mut egui::Ui,
    i18n: &I18n,
    p: &mut FamilyPuzzleUi,
    rules: &std::sync::Arc<Ruleset>,
    (index, count): (usize, usize),
    status: FamilyPuzzleStatus,
) {
    // The next one not solved yet, round the set.
    let next = p
        .library
        .set(&rules.file.id, &p.server, &p.sets)
        .and_then(|set| next_family_puzzle(&set.puzzles, &rules.file.id, &p.settings, Some(index)));
    let mut sent = None;
    ui.horizontal_wrapped(|ui| {
        let can_hint = matches!(
            status,
            FamilyPuzzleStatus::YourMove | FamilyPuzzleStatus::Wrong
        );
        if theme::hint_button(
            ui,
            &i18n.tr("panel-hint"),
            &i18n.tr("puzzle-hint-hint"),
            can_hint,
        ) {
            sent = Some(FamilyPuzzleCommand::Hint);
        }
        if theme::retry_button(ui, &i18n.tr("puzzle-retry"), &i18n.tr("puzzle-retry-hint")) {
            sent = Some(FamilyPuzzleCommand::Retry);
        }
        let solved = status == FamilyPuzzleStatus::Solved;
        if let Some((next_index, puzzle)) = next
            && theme::next_button(ui, &i18n.tr("puzzle-next"), solved)
        {
            sent = Some(FamilyPuzzleCommand::Start {
                rules: rules.clone(),
                index: next_index,
                count,
                puzzle: Box::new(puzzle),
            });
        }
    });
    ui.add_space(4.0);
    if ui.button(i18n.tr("family-puzzle-leave")).clicked() {
        sent = Some(FamilyPuzzleCommand::Leave);
    }
    if let Some(command) = sent {
        p.commands.write(command);
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
