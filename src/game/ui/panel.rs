//! The side panel: whose turn, the material, the move box, undo/redo, hint,
//! resign and draw, the players, the move list with review, the game's
//! analysis, and the way to the menu, rules and settings (or, during a
//! puzzle, the puzzle's panel). On a narrow screen (a phone) it folds away
//! behind a button so the board stays big, and the phone strip (`strip`)
//! keeps the essentials under the board.

use bevy_egui::egui;

use super::status::{material, status};
use super::theme::{self, GOLD, MUTED, RED};
use super::{GameUi, analysis, game_title, moves, new_game::player_combo, online_panel};
use crate::game::common::redraw::NextFrame;
use crate::game::common::screens::RulesWindow;
use crate::game::common::screens::{Confirm, MenuPage, Screen};
use crate::game::play::match_state::{MatchCommand, MoveIntent, MoveSource, Player};
use crate::rules::Side;

const PANEL_WIDTH: f32 = 300.0;
/// Below this window width (egui points: logical pixels over the text size's zoom) the
/// panel folds away.
const NARROW: f32 = 760.0;

pub(super) fn side_panel(mut p: GameUi) -> bevy::prelude::Result {
    let ctx = p.contexts.ctx_mut()?.clone();
    let screen = ctx.viewport_rect();
    // egui measures in points, the board in logical pixels: a point is
    // `zoom` pixels at a text size over 100 %, where the window, narrower
    // in points, may fold the panel as a phone's does.
    let zoom = ctx.zoom_factor();
    let narrow = screen.width() < NARROW;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "stronghold_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(screen),
    );
    if narrow && !p.state.panel_open {
        set_if_changed(&mut p.panel_width.0, 0.0, &mut p.next_frame);
        let strip = super::strip::phone_strip(&mut root, &mut p);
        set_if_changed(&mut p.strip_height.0, strip * zoom, &mut p.next_frame);
        fold_button(&ctx, &mut p, false);
        return Ok(());
    }
    set_if_changed(&mut p.strip_height.0, 0.0, &mut p.next_frame);
    let width = PANEL_WIDTH.min(screen.width());
    let response = egui::Panel::right("stronghold_panel")
        .resizable(false)
        .exact_size(width)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| panel_contents(ui, &mut p));
        });
    // Folded over the board on a narrow screen, the board keeps the whole window.
    let width = if narrow {
        0.0
    } else {
        response.response.rect.width()
    };
    set_if_changed(&mut p.panel_width.0, width * zoom, &mut p.next_frame);
    if narrow {
        fold_button(&ctx, &mut p, true);
    }
    Ok(())
}

/// Sets a size the board fits itself to; a change is drawn in the next frame
/// (the board reads it there), which must come even with no input.
fn set_if_changed(size: &mut f32, new: f32, next_frame: &mut NextFrame) {
    if (*size - new).abs() > 0.5 {
        *size = new;
        next_frame.now();
    }
}

/// The button that opens or closes the folded panel.
fn fold_button(ctx: &egui::Context, p: &mut GameUi, open: bool) {
    let screen = ctx.viewport_rect();
    let x = if open {
        screen.right() - PANEL_WIDTH.min(screen.width()) - 8.0
    } else {
        screen.right() - 8.0
    };
    egui::Area::new("panel_fold".into())
        .fixed_pos(egui::pos2(x, 8.0))
        .pivot(egui::Align2::RIGHT_TOP)
        // Under the windows (the rules, a dialog): on a narrow screen, or at
        // a large text size, a window fills the width and its own close
        // button sits where this one does.
        .order(egui::Order::Background)
        .show(ctx, |ui| {
            let label = if open { "×" } else { "☰" };
            let button = egui::Button::new(egui::RichText::new(label).size(22.0))
                .min_size(egui::vec2(44.0, 44.0));
            if ui.add(button).on_hover_text(p.tr("panel-toggle")).clicked() {
                p.state.panel_open = !open;
            }
        });
}

fn panel_contents(ui: &mut egui::Ui, p: &mut GameUi) {
    if p.puzzles.session.is_active() {
        super::puzzle_panel::puzzle_panel(ui, p);
        return;
    }
    if p.lessons.session.is_active() {
        super::lesson_panel::lesson_panel(ui, p);
        return;
    }
    header(ui, p);
    ui.separator();
    // Long lines here (Russian runs longer than English) wrap inside the
    // panel: one line left to grow would widen every row after it past the
    // edge. The move list and the players keep their one-line cells.
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        status(ui, p);
        material(ui, p);
    });
    ui.separator();
    // Looking back (review, or the game over) nothing can be typed, and the
    // move list and its analysis come before the players.
    let looking_back = p.the_match.reviewing().is_some() || p.the_match.is_over();
    if !looking_back {
        move_box(ui, p);
        ui.separator();
    }
    controls(ui, p);
    ui.separator();
    let online = p.the_match.is_online() || p.online.is_on();
    if online {
        online_panel::room_box(ui, p);
        ui.separator();
    } else if !looking_back {
        players(ui, p);
        ui.separator();
    }
    moves::move_list(ui, p);
    analysis::analysis_section(ui, p);
    if looking_back && !online {
        ui.separator();
        players(ui, p);
    }
    log(ui, p);
    ui.separator();
    pages(ui, p);
}

fn header(ui: &mut egui::Ui, p: &mut GameUi) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        if ui
            .button(format!("☰ {}", p.tr("panel-menu")))
            .on_hover_text(p.tr("panel-menu-hint"))
            .clicked()
        {
            p.dialogs.confirm = None;
            *p.menu_page = MenuPage::Main;
            p.screen.set(Screen::Menu);
        }
        ui.label(
            egui::RichText::new(game_title(&p.i18n, p.the_match.kind()))
                .color(GOLD)
                .size(18.0)
                .strong(),
        );
    });
}

/// The move box: notation as in the rules (c4-c5, d6xd4xb4, @c3).
fn move_box(ui: &mut egui::Ui, p: &mut GameUi) {
    if let Some(msg) = &p.status.0 {
        ui.colored_label(RED, p.i18n.msg(msg));
    }
    pass_button(ui, p);
    ui.label(p.tr("move-box-label"));
    let mut submit = false;
    ui.horizontal(|ui| {
        let edit = ui.add(
            egui::TextEdit::singleline(&mut p.state.move_text)
                .id(egui::Id::new("move_box"))
                .desired_width(170.0)
                .hint_text(p.i18n.tr("move-box-hint")),
        );
        if std::mem::take(&mut p.state.focus_move_box) {
            edit.request_focus();
        }
        if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            submit = true;
            edit.request_focus();
        }
        if ui.button(p.tr("move-box-play")).clicked() {
            submit = true;
        }
    });
    if submit {
        p.submit_move_text();
    }
    if let Some(err) = &p.state.move_error {
        ui.colored_label(RED, p.i18n.msg(err));
    }
}

/// "Pass": in a game where a side with no move passes, the person's only
/// move when it has no other (the board has no point to click for it).
fn pass_button(ui: &mut egui::Ui, p: &mut GameUi) {
    let game = p.the_match.game();
    let only_pass =
        p.the_match.human_to_move() && game.legal_moves() == [crate::rules::Move::pass()];
    if !only_pass {
        return;
    }
    theme::note(ui, p.tr("panel-pass-note"));
    if ui.button(p.tr("panel-pass")).clicked() {
        p.intents.write(MoveIntent {
            mv: crate::rules::Move::pass(),
            source: MoveSource::Human,
        });
    }
}

/// Undo, redo, hint, flip; pause for AI vs AI; resign and draw. Online
/// there is no undo and no hint (the engine is not a friend's ally).
fn controls(ui: &mut egui::Ui, p: &mut GameUi) {
    let live = p.the_match.reviewing().is_none();
    ui.horizontal_wrapped(|ui| {
        if !p.the_match.is_online() {
            local_controls(ui, p);
        }
        if ui
            .button(format!("🔄 {}", p.i18n.tr("panel-flip")))
            .clicked()
        {
            p.layout.flipped = !p.layout.flipped;
        }
    });
    let m = &*p.the_match;
    let no_human = [Side::Hunters, Side::Crowd]
        .iter()
        .all(|s| m.player(*s).is_ai());
    if no_human && !m.is_over() && live {
        let paused = m.paused;
        let label = if paused {
            format!("▶ {}", p.tr("panel-resume"))
        } else {
            format!("⏸ {}", p.tr("panel-pause"))
        };
        if ui.button(label).clicked() {
            p.commands.write(MatchCommand::SetPaused(!paused));
        }
    }
    let person_playing = [Side::Hunters, Side::Crowd]
        .iter()
        .any(|s| m.player(*s) == Player::Human);
    if person_playing && !m.is_over() && live {
        ui.horizontal(|ui| {
            if ui
                .button(format!("⚑ {}", p.i18n.tr("panel-resign")))
                .clicked()
            {
                p.dialogs.confirm = Some(Confirm::Resign);
            }
            if ui
                .button(format!("½ {}", p.i18n.tr("panel-offer-draw")))
                .on_hover_text(p.i18n.tr("panel-offer-draw-hint"))
                .clicked()
            {
                p.dialogs.confirm = Some(Confirm::OfferDraw);
            }
        });
    }
}

/// Undo, redo and hint: for a game at this screen only.
fn local_controls(ui: &mut egui::Ui, p: &mut GameUi) {
    let m = &*p.the_match;
    if ui
        .add_enabled(
            m.can_undo(),
            egui::Button::new(format!("⟲ {}", p.i18n.tr("panel-undo"))),
        )
        .on_hover_text(p.i18n.tr("panel-undo-hint"))
        .clicked()
    {
        p.commands.write(MatchCommand::Undo);
    }
    if ui
        .add_enabled(
            m.can_redo(),
            egui::Button::new(format!("⟳ {}", p.i18n.tr("panel-redo"))),
        )
        .on_hover_text(p.i18n.tr("panel-redo-hint"))
        .clicked()
    {
        p.commands.write(MatchCommand::Redo);
    }
    let can_hint = !m.is_over() && !p.hint.is_thinking();
    if ui
        .add_enabled(
            can_hint,
            egui::Button::new(format!("💡 {}", p.i18n.tr("panel-hint"))),
        )
        .on_hover_text(p.i18n.tr("panel-hint-hint"))
        .clicked()
    {
        p.hint.request(&p.the_match);
    }
}

/// Who plays each side, changeable during the game.
fn players(ui: &mut egui::Ui, p: &mut GameUi) {
    theme::section(ui, p.tr("panel-players"));
    let names = p.names();
    egui::Grid::new("players")
        .num_columns(2)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for s in [Side::Hunters, Side::Crowd] {
                let current = p.the_match.player(s);
                ui.label(names.title(&p.i18n, s));
                let mut chosen = current;
                player_combo(ui, &p.i18n, ("player", s.index()), &mut chosen);
                if chosen != current {
                    p.commands.write(MatchCommand::SetPlayer(s, chosen));
                }
                ui.end_row();
            }
        });
}

/// The last few lines of the match log (huffs).
fn log(ui: &mut egui::Ui, p: &mut GameUi) {
    for line in p.the_match.log.iter().rev().take(2) {
        ui.label(egui::RichText::new(p.i18n.msg(line)).italics().color(MUTED));
    }
}

/// Buttons to the pages: new game, rules, settings.
fn pages(ui: &mut egui::Ui, p: &mut GameUi) {
    ui.horizontal_wrapped(|ui| {
        if ui.button(p.tr("panel-new-game")).clicked() {
            *p.menu_page = MenuPage::NewGame;
            p.screen.set(Screen::Menu);
        }
        if ui
            .button(p.tr("panel-saves"))
            .on_hover_text(p.tr("panel-saves-hint"))
            .clicked()
        {
            p.saves_window.open = !p.saves_window.open;
        }
        if ui.button(p.tr("panel-rules")).clicked() {
            *p.rules_window = RulesWindow::showing(p.the_match.kind());
        }
        if ui.button(p.tr("panel-settings")).clicked() {
            p.dialogs.settings = !p.dialogs.settings;
        }
        if ui.button(p.tr("panel-about")).clicked() {
            p.dialogs.about = !p.dialogs.about;
        }
    });
}
