//! Keyboard play: Enter puts the focus in the move box, the arrow keys (and
//! Home/End) walk the move list (or the engine's line while it is played
//! out), Ctrl+Z / Ctrl+Y undo and redo, H asks for a hint where the
//! panel's button would, F turns the board, P says where the pieces are
//! (each side's points, stacks and hands, in a notice), A analyses the game
//! where the panel offers it, Escape leaves the line, then
//! review mode, and closes windows (the board's own Escape handling
//! cancels a selection). Keys typed into a text box are left alone.

use bevy_egui::egui;

use super::GameUi;
use super::board_keys::board_has_focus;
use super::moves::step_review;
use crate::game::common::notice::Notice;
use crate::game::play::analysis::AnalysisCommand;
use crate::game::play::match_state::MatchCommand;

pub(super) fn shortcuts(mut p: GameUi) -> bevy::prelude::Result {
    let ctx = p.contexts.ctx_mut()?.clone();
    // On the board, the arrows, Enter and Escape are the cursor's; the
    // letters stay shortcuts.
    let on_board = board_has_focus(&ctx);
    if ctx.egui_wants_keyboard_input() && !on_board {
        return Ok(());
    }
    let (enter, left, right, home, end, escape, undo, redo) = ctx.input(|i| {
        let command = i.modifiers.command;
        let free = |key| !on_board && i.key_pressed(key);
        (
            free(egui::Key::Enter),
            free(egui::Key::ArrowLeft),
            free(egui::Key::ArrowRight),
            free(egui::Key::Home),
            free(egui::Key::End),
            free(egui::Key::Escape),
            command && !i.modifiers.shift && i.key_pressed(egui::Key::Z),
            command
                && (i.key_pressed(egui::Key::Y)
                    || (i.modifiers.shift && i.key_pressed(egui::Key::Z))),
        )
    });
    if enter {
        p.state.focus_move_box = true;
        p.state.panel_open = true;
    }
    if let Some(preview) = p.the_match.preview() {
        let (ply, step, count) = (preview.ply, preview.step, preview.line.len());
        let to = if escape {
            None
        } else if left && step > 0 {
            Some(step - 1)
        } else if right && step < count {
            Some(step + 1)
        } else if home {
            Some(0)
        } else if end {
            Some(count)
        } else {
            return Ok(());
        };
        p.commands
            .write(MatchCommand::PreviewLine(to.map(|s| (ply, s))));
        return Ok(());
    }
    let total = p.the_match.game().ply();
    let shown = p.the_match.reviewing().unwrap_or(total);
    if left && shown > 0 {
        step_review(&mut p, shown - 1, total);
    }
    if right && shown < total {
        step_review(&mut p, shown + 1, total);
    }
    if home && total > 0 {
        step_review(&mut p, 0, total);
    }
    if end && shown < total {
        step_review(&mut p, total, total);
    }
    if escape {
        if p.the_match.reviewing().is_some() {
            p.commands.write(MatchCommand::Review(None));
        }
        p.dialogs.settings = false;
        p.rules_window.open = false;
        p.dialogs.about = false;
        p.dialogs.confirm = None;
    }
    if undo {
        p.commands.write(MatchCommand::Undo);
    }
    if redo {
        p.commands.write(MatchCommand::Redo);
    }
    hint_and_flip(&ctx, &mut p);
    Ok(())
}

/// H: a hint, where the panel shows its hint button (a game at this
/// screen, not a puzzle's or a lesson's, not over, none being thought of).
/// F: the board turned. A: the game analysed, where the panel offers it.
/// Plain keys only (Ctrl+F is the browser's find).
fn hint_and_flip(ctx: &egui::Context, p: &mut GameUi) {
    let (hint, flip, pieces, analyse) = ctx.input(|i| {
        let plain = !i.modifiers.command && !i.modifiers.alt;
        (
            plain && i.key_pressed(egui::Key::H),
            plain && i.key_pressed(egui::Key::F),
            plain && i.key_pressed(egui::Key::P),
            plain && i.key_pressed(egui::Key::A),
        )
    });
    if analyse && super::analysis::analysis_offered(p) {
        p.analysis_commands.write(AnalysisCommand::Start);
    }
    if pieces {
        let names = p.names();
        let msg = super::speech::pieces_msg(p.the_match.shown(), &names, &p.i18n);
        // Shown, and said with the counts (the web page's log, a screen reader).
        p.spoken
            .say(super::speech::position_words(&p.the_match, &names, &p.i18n));
        p.notices.write(Notice::info(msg));
    }
    let m = &*p.the_match;
    let hint_shown = !m.is_online()
        && !p.puzzles.session.is_active()
        && !p.lessons.session.is_active()
        && m.reviewing().is_none();
    if hint && hint_shown && !m.is_over() && !p.hint.is_thinking() {
        p.hint.request(&p.the_match);
    }
    if flip {
        p.layout.flipped = !p.layout.flipped;
    }
}

#[cfg(test)]
mod tests {
    use crate::game::ui::speech::points_of;
    use crate::rules::{Game, GameId, Side, Variant};

    #[test]
    fn the_pieces_are_named_by_point_with_their_stacks() {
        let game = Game::new(Variant::new(GameId::named("pirates")));
        assert_eq!(points_of(&game, Side::Hunters).split(", ").count(), 2);
        assert_eq!(points_of(&game, Side::Crowd).split(", ").count(), 24);
        let fox = Game::new(Variant::new(GameId::named("fox-geese")));
        assert!(!points_of(&fox, Side::Hunters).contains(','));
        // A stack game's start: some point holds more than one piece.
        let stacks = Game::new(Variant::new(GameId::named("bagh-bandi")));
        let crowd = points_of(&stacks, Side::Crowd);
        assert!(crowd.contains('×'), "{crowd}");
        let total: u32 = crowd
            .split(", ")
            .map(|p| p.split_once('×').map_or(1, |(_, n)| n.parse().unwrap()))
            .sum();
        assert_eq!(
            total,
            stacks.position().material(Side::Crowd) - u32::from(stacks.position().in_hand[1])
        );
    }
}
