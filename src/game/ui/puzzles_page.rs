//! The puzzles page of the main menu: pick a game, see the rating and
//! what is solved, and start the next puzzle or any one of the set. Also
//! the words every puzzle screen shares: a puzzle's goal, its proof, its
//! difficulty.

use bevy_egui::egui;

use super::theme::{self, GREEN, RED};
use super::{SideNames, game_title};
use crate::coach::puzzle::{Goal, Proof, Puzzle, PuzzleSet};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::puzzle_progress::{PuzzleProgress, puzzle_id};
use crate::game::play::puzzle::{PuzzleCommand, SetState, next_puzzle};
use crate::rules::{Game, GameKind, Side};

/// Puzzles per row of the list, and each one's button width.
const PER_ROW: usize = 6;
const BUTTON_WIDTH: f32 = 104.0;

/// Draws the page for `game` (the game tabs change it); returns the
/// command that starts a puzzle when the player picks one.
pub(super) fn puzzles_page(
    ui: &mut egui::Ui,
    i18n: &I18n,
    game: &mut GameKind,
    progress: &PuzzleProgress,
    set: SetState,
) -> Option<PuzzleCommand> {
    theme::heading(ui, i18n.tr("puzzles-title"));
    theme::note(ui, i18n.tr("puzzles-intro"));
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        for kind in GameKind::ALL {
            if ui
                .selectable_label(*game == kind, game_title(i18n, kind))
                .clicked()
            {
                *game = kind;
            }
        }
    });
    ui.add_space(6.0);
    let set = match set {
        SetState::Ready(set) => set,
        SetState::Loading => {
            ui.label(i18n.tr("puzzles-loading"));
            return None;
        }
        SetState::Missing(why) => {
            ui.colored_label(RED, i18n.tr("puzzles-missing"));
            theme::note(ui, why);
            return None;
        }
    };
    let kind = *game;
    ui.label(
        egui::RichText::new(
            i18n.msg(
                &Msg::new("puzzles-standing")
                    .num("rating", progress.rating(kind).round())
                    .num("solved", progress.solved_count(kind) as u32)
                    .num("total", set.puzzles.len() as u32),
            ),
        )
        .size(17.0)
        .strong(),
    );
    theme::note(ui, i18n.tr(set_note(kind)));
    ui.add_space(6.0);
    let mut start = None;
    if let Some(next) = next_puzzle(set, progress, None)
        && theme::big_button(ui, i18n.tr("puzzles-next"), true).clicked()
    {
        start = Some(start_command(set, next));
    }
    ui.add_space(8.0);
    if let Some(index) = puzzle_grid(ui, i18n, set, progress) {
        start = Some(start_command(set, index));
    }
    start
}

/// What a game's set holds, in a line.
fn set_note(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Pirates => "puzzles-note-pirates",
        GameKind::Asalto => "puzzles-note-asalto",
        GameKind::FoxGeese => "puzzles-note-fox-geese",
        GameKind::BaghChal => "puzzles-note-bagh-chal",
    }
}

/// The command that starts puzzle `index` of `set`.
pub(super) fn start_command(set: &PuzzleSet, index: usize) -> PuzzleCommand {
    PuzzleCommand::Start {
        kind: set.game,
        index,
        puzzle: Box::new(set.puzzles[index].clone()),
    }
}

/// Every puzzle as a button: its number, ✓ once solved, its difficulty.
fn puzzle_grid(
    ui: &mut egui::Ui,
    i18n: &I18n,
    set: &PuzzleSet,
    progress: &PuzzleProgress,
) -> Option<usize> {
    let names = SideNames::traditional(i18n, set.game);
    let mut picked = None;
    egui::Grid::new("puzzle_grid")
        .num_columns(PER_ROW)
        .min_col_width(BUTTON_WIDTH)
        .spacing([6.0, 6.0])
        .show(ui, |ui| {
            for (i, puzzle) in set.puzzles.iter().enumerate() {
                let answer = puzzle.line.first().map_or("", String::as_str);
                let solved = progress.is_solved(set.game, &puzzle_id(&puzzle.position, answer));
                let mut text = egui::RichText::new(format!(
                    "{}{} {}",
                    if solved { "✓ " } else { "" },
                    i + 1,
                    stars(puzzle.difficulty())
                ));
                if solved {
                    text = text.color(GREEN);
                }
                let tip = format!(
                    "{}\n{}",
                    goal_text(i18n, &names, puzzle),
                    proof_text(i18n, puzzle.proof)
                );
                let button = egui::Button::new(text).min_size(egui::vec2(BUTTON_WIDTH, 30.0));
                if ui.add(button).on_hover_text(tip).clicked() {
                    picked = Some(i);
                }
                if (i + 1) % PER_ROW == 0 {
                    ui.end_row();
                }
            }
        });
    picked
}

/// Difficulty 1 to 5 as filled and empty stars.
pub(super) fn stars(difficulty: u8) -> String {
    let d = usize::from(difficulty.clamp(1, 5));
    format!("{}{}", "★".repeat(d), "☆".repeat(5 - d))
}

/// "Goats to move: find the only move that keeps the draw." "The only
/// move" is said where it is proven (the table, the proof search); a
/// search's margin says what the search saw.
pub(super) fn goal_text(i18n: &I18n, names: &SideNames, puzzle: &Puzzle) -> String {
    let id = goal_message(puzzle.goal, puzzle.proof);
    let game = Game::from_position_string(&puzzle.position).ok();
    let side = game.as_ref().map_or(Side::Hunters, Game::side_to_move);
    // The fox is one piece: "the fox moves", "the geese move".
    let fox = game.is_some_and(|g| g.variant().kind == GameKind::FoxGeese) && side == Side::Hunters;
    let n = if fox { 1 } else { 2 };
    i18n.msg(&names.with_side(i18n, Msg::new(id), side).num("n", n))
}

/// The message of a puzzle's goal, as far as its proof goes.
fn goal_message(goal: Goal, proof: Proof) -> &'static str {
    let searched = matches!(proof, Proof::SearchMargin { .. });
    match goal {
        Goal::Win if searched => "puzzle-goal-win-searched",
        Goal::Hold if searched => "puzzle-goal-hold-searched",
        // The table's draw leaves out the no-repeat rule; its losses hold.
        Goal::Hold if proof == Proof::Table => "puzzle-goal-hold-table",
        Goal::Win => "puzzle-goal-win",
        Goal::Hold => "puzzle-goal-hold",
        Goal::TakeMost => "puzzle-goal-take-most",
        Goal::HoldOut => "puzzle-goal-hold-out",
        Goal::BestMove => "puzzle-goal-best-move",
    }
}

/// How the answer is known to be the only one.
pub(super) fn proof_text(i18n: &I18n, proof: Proof) -> String {
    match proof {
        Proof::Table => i18n.tr("puzzle-proof-table"),
        Proof::ProofSearch => i18n.tr("puzzle-proof-search"),
        Proof::SearchMargin { depth, margin } => i18n.msg(
            &Msg::new("puzzle-proof-margin")
                .num("depth", depth)
                .text("margin", format!("{:.2}", f64::from(margin) / 100.0)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "The only move" only where a proof says so.
    #[test]
    fn only_a_proof_says_only_move() {
        let margin = Proof::SearchMargin {
            depth: 8,
            margin: 150,
        };
        for proof in [Proof::Table, Proof::ProofSearch] {
            assert_eq!(goal_message(Goal::Win, proof), "puzzle-goal-win");
        }
        assert_eq!(
            goal_message(Goal::Hold, Proof::ProofSearch),
            "puzzle-goal-hold"
        );
        // The table proves the losses, not the draw under the no-repeat rule.
        assert_eq!(
            goal_message(Goal::Hold, Proof::Table),
            "puzzle-goal-hold-table"
        );
        assert_eq!(goal_message(Goal::Win, margin), "puzzle-goal-win-searched");
        assert_eq!(
            goal_message(Goal::Hold, margin),
            "puzzle-goal-hold-searched"
        );
    }
}
