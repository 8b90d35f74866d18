//! The side panel: whose turn, the material, the move box, undo/redo, hint,
//! resign and draw, the players, the move list with review, the game's
//! analysis, and the way to the menu, rules and settings. On a narrow screen (a phone) it folds away
//! behind a button so the board stays big.

use bevy_egui::egui;

use super::theme::{self, GOLD, MUTED, RED};
use super::{GameUi, analysis, game_title, level_name, moves, new_game::player_combo};
use crate::game::common::i18n::Msg;
use crate::game::common::screens::RulesWindow;
use crate::game::common::screens::{Confirm, MenuPage, Screen};
use crate::game::play::match_state::{MatchCommand, Player};
use crate::rules::{GameKind, Side};

const PANEL_WIDTH: f32 = 300.0;
/// Below this window width (logical pixels) the panel folds away.
const NARROW: f32 = 760.0;

pub(super) fn side_panel(mut p: GameUi) -> bevy::prelude::Result {
    let ctx = p.contexts.ctx_mut()?.clone();
    let screen = ctx.viewport_rect();
    let narrow = screen.width() < NARROW;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "stronghold_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(screen),
    );
    if narrow && !p.state.panel_open {
        p.panel_width.0 = 0.0;
        fold_button(&ctx, &mut p, false);
        return Ok(());
    }
    let width = PANEL_WIDTH.min(screen.width());
    let response = egui::Panel::right("stronghold_panel")
        .resizable(false)
        .exact_size(width)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| panel_contents(ui, &mut p));
        });
    // Folded over the board on a narrow screen, the board keeps the whole window.
    p.panel_width.0 = if narrow {
        0.0
    } else {
        response.response.rect.width()
    };
    if narrow {
        fold_button(&ctx, &mut p, true);
    }
    Ok(())
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
        .order(egui::Order::Foreground)
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
    if !looking_back {
        players(ui, p);
        ui.separator();
    }
    moves::move_list(ui, p);
    analysis::analysis_section(ui, p);
    if looking_back {
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

/// Whose turn it is, the end, review mode, the AI's progress, the hint.
fn status(ui: &mut egui::Ui, p: &mut GameUi) {
    let names = p.names();
    let m = &*p.the_match;
    if let Some(ply) = m.reviewing() {
        ui.label(
            egui::RichText::new(
                p.i18n.msg(
                    &Msg::new("review-banner")
                        .num("ply", ply as u32)
                        .num("total", m.game().ply() as u32),
                ),
            )
            .color(GOLD)
            .strong(),
        );
        return;
    }
    if let Some(conclusion) = m.conclusion() {
        let text = super::banner::conclusion_text(&p.i18n, &names, m.kind(), conclusion);
        ui.label(egui::RichText::new(text).color(GOLD).strong());
        return;
    }
    let side = m.side_to_move();
    let you = m.player(side) == Player::Human && m.player(side.other()).is_ai();
    let id = if you {
        "status-to-move-you"
    } else {
        "status-to-move"
    };
    let turn = p.i18n.msg(&names.with_side(&p.i18n, Msg::new(id), side));
    ui.label(egui::RichText::new(turn).size(17.0).strong());
    if let Some(t) = p.ai.thinking() {
        let secs = p.time.elapsed_secs_f64() - t.started_at;
        let dots = ".".repeat(1 + (secs * 3.0) as usize % 3);
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(
                p.i18n.msg(
                    &Msg::new("status-thinking")
                        .text("level", level_name(&p.i18n, t.level))
                        .num("depth", t.depth)
                        .text("dots", dots),
                ),
            );
        });
    } else if m.paused && m.player(side).is_ai() {
        ui.label(p.tr("status-paused"));
    }
    hint_line(ui, p);
}

fn hint_line(ui: &mut egui::Ui, p: &mut GameUi) {
    if p.hint.is_thinking() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(p.tr("hint-thinking"));
        });
    } else if let Some(hint) = p.hint.shown(&p.the_match) {
        let names = p.names();
        let judgement = hint.judgement(|msg, s| names.with_side(&p.i18n, msg, s));
        let text = p.i18n.msg(
            &Msg::new("hint-line")
                .text("move", hint.mv.to_string())
                .text("judgement", p.i18n.msg(&judgement)),
        );
        ui.label(egui::RichText::new(text).color(egui::Color32::from_rgb(120, 190, 240)));
    }
}

/// Captures, crowd left and needed, stronghold held, pieces in hand, draw counter.
fn material(ui: &mut egui::Ui, p: &mut GameUi) {
    let names = p.names();
    let m = &*p.the_match;
    let i18n = &*p.i18n;
    let pos = m.shown_position();
    let kind = m.kind();
    let crowd_left = pos.material(Side::Crowd);
    let needed = m.variant().crowd_minimum();
    // Two columns that together fit the panel, so each wraps rather than overflows.
    let column = (ui.available_width() - 10.0) / 2.0;
    egui::Grid::new("material")
        .num_columns(2)
        .spacing([10.0, 3.0])
        .max_col_width(column)
        .show(ui, |ui| {
            ui.label(i18n.tr("material-captured"));
            ui.label(i18n.count(m.captures(), names.get(Side::Crowd)));
            ui.end_row();
            ui.label(i18n.msg(&names.with_side(i18n, Msg::new("material-left"), Side::Crowd)));
            let text = i18n.msg(
                &Msg::new("material-left-value")
                    .num("count", crowd_left)
                    .num("needed", needed),
            );
            if crowd_left < needed + 2 {
                ui.colored_label(RED, text);
            } else {
                ui.label(text);
            }
            ui.end_row();
            if let Some(stronghold) = m.variant().stronghold() {
                let held = (pos.crowd() & stronghold).count();
                ui.label(i18n.tr(if kind == GameKind::Asalto {
                    "material-fortress"
                } else {
                    "material-stronghold"
                }));
                ui.label(format!("{held} / 9"));
                ui.end_row();
            }
            for s in [Side::Hunters, Side::Crowd] {
                let hand = pos.in_hand[s.index()];
                if hand > 0 {
                    ui.label(i18n.msg(&names.with_side(i18n, Msg::new("material-in-hand"), s)));
                    ui.label(hand.to_string());
                    ui.end_row();
                }
            }
            if let Some(limit) = m.variant().quiet_limit() {
                ui.label(i18n.tr("material-quiet"));
                ui.label(
                    i18n.msg(
                        &Msg::new("material-quiet-value")
                            .num("count", pos.quiet_plies)
                            .num("limit", limit),
                    ),
                )
                .on_hover_text(i18n.tr("material-quiet-hint"));
                ui.end_row();
            }
        });
}

/// The move box: notation as in the rules (c4-c5, d6xd4xb4, @c3).
fn move_box(ui: &mut egui::Ui, p: &mut GameUi) {
    if let Some(msg) = &p.status.0 {
        ui.colored_label(RED, p.i18n.msg(msg));
    }
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

/// Undo, redo, hint, flip; pause for AI vs AI; resign and draw.
fn controls(ui: &mut egui::Ui, p: &mut GameUi) {
    let live = p.the_match.reviewing().is_none();
    ui.horizontal_wrapped(|ui| {
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
