//! The side panel: turn, material, move box, undo/redo, flip, players,
//! animation speed and a new game with its options; and the game-over banner.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{PanelParams, options_of, player_choices, side_label};
use crate::game::match_state::{Match, MatchCommand, Player};
use crate::rules::{GameKind, OptionKey, Side, Variant};

const PANEL_WIDTH: f32 = 290.0;
const GOLD: egui::Color32 = egui::Color32::from_rgb(232, 196, 120);
const INK: egui::Color32 = egui::Color32::from_rgb(236, 224, 200);
const RED: egui::Color32 = egui::Color32::from_rgb(240, 110, 90);

pub(super) fn side_panel(mut p: PanelParams) -> Result {
    let ctx = p.contexts.ctx_mut()?.clone();
    if !p.state.style_set {
        // The new-game form starts from the game being played.
        p.state.next_variant = *p.the_match.variant();
        // A warm dark theme to sit beside the wooden board.
        p.state.style_set = true;
        let mut visuals = egui::Visuals::dark();
        visuals.window_fill = egui::Color32::from_rgb(46, 33, 24);
        visuals.panel_fill = egui::Color32::from_rgb(38, 27, 20);
        visuals.override_text_color = Some(INK);
        visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(72, 52, 38);
        visuals.selection.bg_fill = egui::Color32::from_rgb(140, 90, 40);
        ctx.set_visuals(visuals);
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "stronghold_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let response = egui::Panel::right("stronghold_panel")
        .resizable(false)
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| panel_contents(ui, &mut p));
        });
    p.panel_width.0 = response.response.rect.width();
    Ok(())
}

fn panel_contents(ui: &mut egui::Ui, p: &mut PanelParams) {
    let m = &*p.the_match;
    let kind = m.kind();
    ui.add_space(6.0);
    ui.heading(egui::RichText::new(kind.title()).color(GOLD).strong());
    ui.separator();

    // Whose turn, and the AI's progress.
    let side = m.side_to_move();
    match m.outcome() {
        Some(outcome) => {
            ui.label(
                egui::RichText::new(outcome.describe(kind))
                    .color(GOLD)
                    .strong(),
            );
        }
        None => {
            let who = m.player(side);
            let you = if who == Player::Human { " (you)" } else { "" };
            ui.label(
                egui::RichText::new(format!("{} to move{you}", side_label(m, side)))
                    .size(16.0)
                    .strong(),
            );
            if let Some(t) = p.ai.thinking() {
                let secs = p.time.elapsed_secs_f64() - t.started_at;
                let dots = ".".repeat(1 + (secs * 3.0) as usize % 3);
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!(
                        "{} ({}) thinking{dots} depth {}, {} nodes",
                        side_label(m, t.side),
                        t.level.name(),
                        t.depth,
                        t.nodes
                    ));
                });
            } else if m.paused && who.is_ai() {
                ui.label("Paused");
            }
        }
    }
    ui.add_space(4.0);

    // Material: captures, crowd left and needed.
    let pos = m.game().position();
    let crowd = side_label(m, Side::Crowd);
    let crowd_left = pos.material(Side::Crowd);
    let needed = m.variant().crowd_minimum();
    egui::Grid::new("material").num_columns(2).show(ui, |ui| {
        ui.label("Captures");
        ui.label(m.captures().to_string());
        ui.end_row();
        ui.label(format!("{crowd} left"));
        let text = format!("{crowd_left} (need {needed})");
        if crowd_left < needed + 2 {
            ui.colored_label(RED, text);
        } else {
            ui.label(text);
        }
        ui.end_row();
        if let Some(stronghold) = m.variant().stronghold() {
            let held = (pos.crowd() & stronghold).count();
            ui.label(if kind == GameKind::Asalto {
                "Fortress held"
            } else {
                "Stronghold held"
            });
            ui.label(format!("{held} / 9"));
            ui.end_row();
        }
        for s in [Side::Hunters, Side::Crowd] {
            let hand = pos.in_hand[s.index()];
            if hand > 0 {
                ui.label(format!("{} in hand", side_label(m, s)));
                ui.label(hand.to_string());
                ui.end_row();
            }
        }
        ui.label("Plies played");
        ui.label(m.game().ply().to_string());
        ui.end_row();
    });

    if let Some(text) = &p.status.0 {
        ui.colored_label(RED, text);
    }
    ui.separator();

    // The move box: notation as in the rules (c4-c5, d6xd4xb4, @c3).
    ui.label("Type a move (c4-c5, d6xd4xb4, @c3):");
    let mut submit = false;
    ui.horizontal(|ui| {
        let edit = ui.add(
            egui::TextEdit::singleline(&mut p.state.move_text)
                .desired_width(170.0)
                .hint_text("move"),
        );
        if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            submit = true;
            edit.request_focus();
        }
        if ui.button("Play").clicked() {
            submit = true;
        }
    });
    if submit {
        p.submit_move_text();
    }
    if let Some(err) = &p.state.move_error {
        ui.colored_label(RED, err);
    }
    ui.separator();

    // Undo, redo, flip.
    ui.horizontal(|ui| {
        let m = &*p.the_match;
        if ui
            .add_enabled(m.can_undo(), egui::Button::new("⟲ Undo"))
            .clicked()
        {
            p.commands.write(MatchCommand::Undo);
        }
        if ui
            .add_enabled(m.can_redo(), egui::Button::new("⟳ Redo"))
            .clicked()
        {
            p.commands.write(MatchCommand::Redo);
        }
        if ui.button("Flip board").clicked() {
            p.layout.flipped = !p.layout.flipped;
        }
    });
    let no_human = [Side::Hunters, Side::Crowd]
        .iter()
        .all(|s| p.the_match.player(*s).is_ai());
    if no_human {
        let paused = p.the_match.paused;
        if ui
            .button(if paused { "▶ Resume" } else { "⏸ Pause" })
            .clicked()
        {
            p.commands.write(MatchCommand::SetPaused(!paused));
        }
    }
    ui.separator();

    // Players, changed live.
    ui.label(egui::RichText::new("Players").color(GOLD));
    egui::Grid::new("players").num_columns(2).show(ui, |ui| {
        for s in [Side::Hunters, Side::Crowd] {
            let current = p.the_match.player(s);
            ui.label(side_label(&p.the_match, s));
            let mut chosen = current;
            egui::ComboBox::from_id_salt(("player", s.index()))
                .selected_text(current.name())
                .show_ui(ui, |ui| {
                    for choice in player_choices() {
                        ui.selectable_value(&mut chosen, choice, choice.name());
                    }
                });
            if chosen != current {
                p.commands.write(MatchCommand::SetPlayer(s, chosen));
            }
            ui.end_row();
        }
    });
    ui.separator();

    // Animation speed.
    ui.label(egui::RichText::new("Animation").color(GOLD));
    ui.horizontal(|ui| {
        ui.add_enabled(
            !p.animation.instant,
            egui::Slider::new(&mut p.animation.speed, 0.25..=3.0).text("speed"),
        );
    });
    ui.checkbox(&mut p.animation.instant, "Instant moves");
    ui.separator();

    // New game with its game and options.
    ui.label(egui::RichText::new("New game").color(GOLD));
    let mut next = p.state.next_variant;
    egui::ComboBox::from_id_salt("game")
        .selected_text(next.kind.title())
        .show_ui(ui, |ui| {
            for k in GameKind::ALL {
                if ui.selectable_label(next.kind == k, k.title()).clicked() && next.kind != k {
                    next = Variant::new(k);
                }
            }
        });
    for key in options_of(next.kind) {
        let o = &mut next.options;
        match key {
            OptionKey::Compulsory => {
                ui.checkbox(
                    &mut o.compulsory_capture,
                    "Compulsory capture (chosen rule)",
                )
                .on_hover_text("Chosen in place of huffing: a pirate that can jump must.");
            }
            OptionKey::Retreat => {
                ui.checkbox(&mut o.retreat, "Bulgars may retreat");
            }
            OptionKey::Sideways => {
                ui.checkbox(&mut o.sideways, "Geese may step sideways");
            }
            OptionKey::QuietLimit => {
                ui.checkbox(
                    &mut o.quiet_limit,
                    "Draw after 100 quiet plies (chosen rule)",
                );
            }
            OptionKey::Geese => {
                ui.horizontal(|ui| {
                    ui.label("Geese:").on_hover_text(
                        "Chosen: 15 adds geese on a4 and g4; 17 adds a4, b4, f4 and g4.",
                    );
                    for n in [13u8, 15, 17] {
                        ui.radio_value(&mut o.geese, n, n.to_string());
                    }
                });
            }
        }
    }
    p.state.next_variant = next;
    if ui.button("Start new game").clicked() {
        let players = Match::players(
            p.the_match.player(Side::Hunters),
            p.the_match.player(Side::Crowd),
        );
        p.commands.write(MatchCommand::NewGame {
            variant: next,
            players,
        });
        p.state.move_error = None;
    }
    ui.separator();

    // The moves so far and the log.
    egui::CollapsingHeader::new("Moves")
        .default_open(true)
        .show(ui, |ui| {
            let moves: Vec<String> = p.the_match.game().moves().map(|m| m.to_string()).collect();
            let text = moves
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| format!("{}. {}", i + 1, pair.join("  ")))
                .collect::<Vec<_>>()
                .join("\n");
            egui::ScrollArea::vertical()
                .max_height(120.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(text).monospace());
                });
        });
    for line in p.the_match.log.iter().rev().take(3) {
        ui.label(egui::RichText::new(line).italics());
    }
}

/// The game-over banner over the board, with the reason.
pub(super) fn banner(mut contexts: EguiContexts, p: PanelParamsLite) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(outcome) = p.the_match.outcome() else {
        return Ok(());
    };
    let kind = p.the_match.kind();
    let title = match outcome.winner {
        Some(side) => format!("{} win", p.the_match.side_name(side)),
        None => "Draw".to_string(),
    };
    let title = if kind == GameKind::FoxGeese && outcome.winner == Some(Side::Hunters) {
        "The fox wins".to_string()
    } else {
        title
    };
    let screen = ctx.viewport_rect();
    let center_x = (screen.width() - p.panel_width.0) / 2.0;
    egui::Area::new("game_over".into())
        .fixed_pos(egui::pos2(center_x, 18.0))
        .pivot(egui::Align2::CENTER_TOP)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(30, 18, 10, 230))
                .stroke(egui::Stroke::new(2.0, GOLD))
                .corner_radius(8.0)
                .inner_margin(egui::Margin::symmetric(22, 10))
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.label(egui::RichText::new(title).size(26.0).color(GOLD).strong());
                        ui.label(egui::RichText::new(outcome.describe(kind)).size(17.0));
                    });
                });
        });
    Ok(())
}

#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelParamsLite<'w> {
    the_match: Res<'w, crate::game::match_state::Match>,
    panel_width: Res<'w, crate::game::board_view::PanelWidth>,
}
