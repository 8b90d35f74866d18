//! The puzzles page of the main menu: pick a game, see the rating and
//! what is solved, filter the puzzles by theme and difficulty, start the
//! next one, a streak, or any one of the set; or see the game's progress
//! (`puzzle_dashboard`). Also the words every puzzle screen shares: a
//! puzzle's goal, its proof, its difficulty, its theme.

use bevy::prelude::Resource;
use bevy_egui::egui;

use super::SideNames;
use super::puzzle_dashboard::{self, theme_name};
use super::theme::{self, GOLD, GREEN, MUTED, RED};
use crate::coach::puzzle::{Goal, Proof, Puzzle, PuzzleSet};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::puzzle_progress::PuzzleProgress;
use crate::game::play::puzzle::{PuzzleCommand, SetState};
use crate::game::play::puzzle_pick::{PuzzleFilter, is_solved, matching, next_puzzle};
use crate::rules::{Game, GameId, Side};

/// Puzzles per row of the list, and each one's button width.
const PER_ROW: usize = 6;
const BUTTON_WIDTH: f32 = 104.0;
/// The width of a filter row's name ("Theme", "Difficulty").
const FILTER_NAME_WIDTH: f32 = 90.0;

/// What the page shows under its buttons.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PuzzlesView {
    /// The puzzles the filters let through, to pick from.
    #[default]
    List,
    /// The game's progress: counts, accuracy by theme, the rating's graph.
    Progress,
}

/// What the page changes besides the game shown.
pub(super) struct PageChoices<'a> {
    pub filter: &'a mut PuzzleFilter,
    pub view: &'a mut PuzzlesView,
}

/// Draws the page for `game` (the game tabs change it); returns the
/// command that starts a puzzle (or a streak) when the player asks.
pub(super) fn puzzles_page(
    ui: &mut egui::Ui,
    i18n: &I18n,
    game: &mut GameId,
    progress: &PuzzleProgress,
    set: SetState,
    choices: PageChoices,
) -> Option<PuzzleCommand> {
    theme::heading(ui, i18n.tr("puzzles-title"));
    theme::note(ui, i18n.tr("puzzles-intro"));
    ui.add_space(6.0);
    // The games folded away, the chosen one named: its puzzles start near
    // the top (the 63 names took half the page).
    super::rules_page::folded_game_picker(ui, i18n, game, false);
    theme::section(ui, i18n.words(&game.file().name).to_string());
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
                    .num("solved", progress.solved_of(set) as u32)
                    .num("total", set.puzzles.len() as u32),
            ),
        )
        .size(17.0)
        .strong(),
    );
    theme::note(ui, set_note(i18n, kind));
    ui.add_space(6.0);
    let mut start = streak_row(ui, i18n, kind, progress);
    ui.add_space(6.0);
    let view = choices.view;
    ui.horizontal(|ui| {
        ui.selectable_value(view, PuzzlesView::List, i18n.tr("puzzles-view-list"));
        ui.selectable_value(
            view,
            PuzzlesView::Progress,
            i18n.tr("puzzles-view-progress"),
        );
    });
    ui.separator();
    match *view {
        PuzzlesView::List => {
            if let Some(command) = filtered_list(ui, i18n, set, progress, choices.filter) {
                start = Some(command);
            }
        }
        PuzzlesView::Progress => puzzle_dashboard::dashboard(ui, i18n, set, progress),
    }
    start
}

/// "Start a streak", and the best streak so far.
fn streak_row(
    ui: &mut egui::Ui,
    i18n: &I18n,
    kind: GameId,
    progress: &PuzzleProgress,
) -> Option<PuzzleCommand> {
    let mut start = None;
    ui.horizontal(|ui| {
        if theme::big_button(ui, i18n.tr("puzzles-streak-start"), true)
            .on_hover_text(i18n.tr("puzzles-streak-hint"))
            .clicked()
        {
            start = Some(PuzzleCommand::StreakStart { kind });
        }
        let best = progress.best_streak(kind);
        ui.label(
            egui::RichText::new(i18n.msg(&Msg::new("puzzles-best-streak").num("best", best)))
                .color(GOLD),
        );
    });
    start
}

/// The filters, how many puzzles they let through, "Solve the next
/// puzzle", and the puzzles that match.
fn filtered_list(
    ui: &mut egui::Ui,
    i18n: &I18n,
    set: &PuzzleSet,
    progress: &PuzzleProgress,
    filter: &mut PuzzleFilter,
) -> Option<PuzzleCommand> {
    filter_rows(ui, i18n, set, filter);
    let shown = matching(set, *filter);
    let solved = shown
        .iter()
        .filter(|&&i| is_solved(set, progress, i))
        .count();
    ui.add_space(4.0);
    if shown.is_empty() {
        ui.colored_label(RED, i18n.tr("puzzles-none-match"));
        if ui.button(i18n.tr("puzzles-clear-filters")).clicked() {
            *filter = PuzzleFilter::default();
        }
        return None;
    }
    ui.label(
        i18n.msg(
            &Msg::new("puzzles-matching")
                .num("count", shown.len() as u32)
                .num("total", set.puzzles.len() as u32)
                .num("solved", solved as u32),
        ),
    );
    ui.add_space(4.0);
    let mut start = None;
    if next_puzzle(set, progress, *filter, None).is_some()
        && theme::big_button(ui, i18n.tr("puzzles-next"), true).clicked()
    {
        start = Some(PuzzleCommand::Next { kind: set.game });
    }
    ui.add_space(8.0);
    if let Some(index) = puzzle_grid(ui, i18n, set, progress, &shown) {
        start = Some(start_command(set, index));
    }
    start
}

/// A row of themes and one of difficulties, each with "All"; only what
/// the set holds is offered.
fn filter_rows(ui: &mut egui::Ui, i18n: &I18n, set: &PuzzleSet, filter: &mut PuzzleFilter) {
    let goals: Vec<Goal> = THEMES
        .into_iter()
        .filter(|g| set.puzzles.iter().any(|p| p.goal == *g))
        .collect();
    let difficulties: Vec<u8> = (1..=5)
        .filter(|d| set.puzzles.iter().any(|p| p.difficulty() == *d))
        .collect();
    // Each row's name in a column of its own, so the choices line up.
    let name = |ui: &mut egui::Ui, id: &str| {
        // The row as tall as its choices from the start, so the name is
        // centred on them rather than on a plain line.
        let choice =
            ui.text_style_height(&egui::TextStyle::Button) + 2.0 * ui.spacing().button_padding.y;
        ui.set_min_height(choice.max(ui.spacing().interact_size.y));
        let named = ui.label(egui::RichText::new(i18n.tr(id)).color(MUTED));
        ui.add_space((FILTER_NAME_WIDTH - named.rect.width()).max(0.0));
    };
    ui.horizontal(|ui| {
        name(ui, "puzzles-filter-theme");
        ui.selectable_value(&mut filter.goal, None, i18n.tr("puzzles-filter-all"));
        for goal in goals {
            ui.selectable_value(&mut filter.goal, Some(goal), theme_name(i18n, goal));
        }
    });
    ui.horizontal(|ui| {
        name(ui, "puzzles-filter-difficulty");
        ui.selectable_value(&mut filter.difficulty, None, i18n.tr("puzzles-filter-all"));
        for d in difficulties {
            ui.selectable_value(&mut filter.difficulty, Some(d), stars(d))
                .on_hover_text(i18n.tr("puzzle-difficulty-hint"));
        }
    });
}

/// Every theme, in the order the filters list them.
const THEMES: [Goal; 6] = [
    Goal::Win,
    Goal::WinQuickest,
    Goal::Hold,
    Goal::TakeMost,
    Goal::HoldOut,
    Goal::BestMove,
];

/// What a game's set holds, in a line: the game's own note where the
/// message files have one, else how its answers are known.
fn set_note(i18n: &I18n, kind: GameId) -> String {
    i18n.tr(match kind.id() {
        "pirates" => "puzzles-note-pirates",
        "asalto" => "puzzles-note-asalto",
        "fox-geese" => "puzzles-note-fox-geese",
        "bagh-chal" => "puzzles-note-bagh-chal",
        _ => "puzzles-note-any",
    })
}

/// The command that starts puzzle `index` of `set`.
pub(super) fn start_command(set: &PuzzleSet, index: usize) -> PuzzleCommand {
    PuzzleCommand::Start {
        kind: set.game,
        index,
        puzzle: Box::new(set.puzzles[index].clone()),
    }
}

/// The puzzles at `shown` as buttons: each one's number in the set, ✓
/// once solved, its difficulty.
fn puzzle_grid(
    ui: &mut egui::Ui,
    i18n: &I18n,
    set: &PuzzleSet,
    progress: &PuzzleProgress,
    shown: &[usize],
) -> Option<usize> {
    let names = SideNames::traditional(i18n, set.game);
    let mut picked = None;
    egui::Grid::new("puzzle_grid")
        .num_columns(PER_ROW)
        .min_col_width(BUTTON_WIDTH)
        .spacing([6.0, 6.0])
        .show(ui, |ui| {
            for (place, &i) in shown.iter().enumerate() {
                let puzzle = &set.puzzles[i];
                let solved = is_solved(set, progress, i);
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
                if (place + 1) % PER_ROW == 0 {
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
/// move" is said where it is proven (the table, the proof search, the
/// backward solve); a search's margin says what the search saw.
pub(super) fn goal_text(i18n: &I18n, names: &SideNames, puzzle: &Puzzle) -> String {
    let id = goal_message(puzzle.goal, puzzle.proof);
    let game = Game::from_position_string(&puzzle.position).ok();
    let side = game.as_ref().map_or(Side::Hunters, Game::side_to_move);
    // A side of one piece: "the fox moves", "the geese move".
    let n = game.map_or(2, |g| g.variant().side_count(side).min(2));
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
        Goal::WinQuickest => "puzzle-goal-win-quickest",
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
        Proof::Solved => i18n.tr("puzzle-proof-solved"),
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
