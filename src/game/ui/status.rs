//! What the game is at, in words: whose turn it is (or the end, review,
//! the computer thinking, the hint), and the material on the board. The
//! side panel and the phone strip both show it.

use std::time::Duration;

use bevy_egui::egui;

use super::theme::{GOLD, RED};
use super::{GameUi, SideNames, level_name};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::redraw::THINKING_PULSE;
use crate::game::play::match_state::{Match, Player};
use crate::rules::{GameId, Position, Rules, Side};

/// Whose turn it is, the end, review mode (or the engine's line played
/// out), the AI's progress, the hint.
pub(super) fn status(ui: &mut egui::Ui, p: &mut GameUi) {
    let names = p.names();
    let m = &*p.the_match;
    if let Some(preview) = m.preview() {
        let text = p.i18n.msg(&super::banner::line_marker(preview));
        ui.label(egui::RichText::new(text).color(GOLD).strong());
        return;
    }
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
    let you = m.player(side) == Player::Human && m.player(side.other()) != Player::Human;
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
        let pulse = p.next_frame.thinking_pulse();
        ui.horizontal(|ui| {
            slow_spinner(ui, pulse);
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
        let pulse = p.next_frame.thinking_pulse();
        ui.horizontal(|ui| {
            slow_spinner(ui, pulse);
            ui.label(p.tr("hint-thinking"));
        });
    } else if let Some(hint) = p.hint.shown(&p.the_match) {
        let names = p.names();
        let judgement = hint.judgement(|msg, s| names.with_side(&p.i18n, msg, s));
        let text = p.i18n.msg(
            &Msg::new("hint-line")
                .text("move", p.the_match.game().move_text(&hint.mv))
                .text("judgement", p.i18n.msg(&judgement)),
        );
        ui.label(egui::RichText::new(text).color(egui::Color32::from_rgb(120, 190, 240)));
    }
}

/// Captures, crowd left and needed, stronghold held, pieces in hand, draw counter.
pub(super) fn material(ui: &mut egui::Ui, p: &mut GameUi) {
    let names = p.names();
    let m = &*p.the_match;
    let i18n = &*p.i18n;
    let pos = m.shown_position();
    let kind = m.kind();
    let crowd_left = pos.material(Side::Crowd);
    let rules = m.game().rules();
    // "(need 1)" says nothing: a game lost only when every piece is taken
    // shows the count alone.
    let needed = rules.crowd_at_most().map(|k| k + 1).filter(|&n| n > 1);
    // Two columns that together fit the panel, so each wraps rather than overflows.
    let column = (ui.available_width() - 10.0) / 2.0;
    egui::Grid::new("material")
        .num_columns(2)
        .spacing([10.0, 3.0])
        .max_col_width(column)
        .show(ui, |ui| {
            if rules.captures() {
                ui.label(i18n.tr("material-captured"));
                ui.label(i18n.count(m.captures(), names.get(Side::Crowd)));
                ui.end_row();
            }
            ui.label(i18n.msg(&names.with_side(i18n, Msg::new("material-left"), Side::Crowd)));
            match needed {
                Some(needed) => {
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
                }
                None => {
                    ui.label(crowd_left.to_string());
                }
            }
            ui.end_row();
            if let Some(region) = rules.region_to_fill() {
                let held = (pos.crowd() & region).count();
                ui.label(goal_label(i18n, kind));
                ui.label(format!("{held} / {}", region.count()));
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
            if rules.two_rounds().is_some() {
                let over = m.is_over() && m.reviewing().is_none();
                rounds(ui, i18n, &names, rules, pos, over);
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

/// A two-round match's rows: the round, and how long each round's hunted
/// piece lasted (so far, in the round being played).
fn rounds(
    ui: &mut egui::Ui,
    i18n: &I18n,
    names: &SideNames,
    rules: &Rules,
    pos: &Position,
    over: bool,
) {
    let hint = names.with_side(i18n, Msg::new("match-round-hint"), Side::Hunters);
    for (i, (label, value)) in round_rows(i18n, rules, pos, over).into_iter().enumerate() {
        let label = ui.label(label);
        if i == 0 {
            label.on_hover_text(i18n.msg(&hint));
        }
        ui.label(value);
        ui.end_row();
    }
}

/// The label and value of each of a two-round match's rows.
/// `over`: the position shown ends the match, so the round being played
/// has lasted, not "so far".
fn round_rows(i18n: &I18n, rules: &Rules, pos: &Position, over: bool) -> Vec<(String, String)> {
    let round = rules.round(pos);
    let [first, second] = pos.moves_made;
    let lasted = |id, count: u16| i18n.msg(&Msg::new(id).num("count", count));
    let running = if over {
        "match-lasted"
    } else {
        "match-lasting"
    };
    let mut rows = vec![(
        i18n.tr("match-round"),
        i18n.msg(&Msg::new("match-round-value").num("round", round)),
    )];
    if round == 1 {
        rows.push((i18n.tr("match-round-one"), lasted(running, second)));
    } else {
        rows.push((i18n.tr("match-round-one"), lasted("match-lasted", first)));
        rows.push((i18n.tr("match-round-two"), lasted(running, second)));
    }
    rows
}

/// The material on one wrapped line (the phone strip): captures, the
/// pieces in hand, the stronghold held.
pub(super) fn material_line(ui: &mut egui::Ui, p: &GameUi) {
    ui.label(material_text(&p.i18n, &p.names(), &p.the_match));
}

/// The counts on one line: taken, in hand, the region held, the rounds.
pub(super) fn material_text(i18n: &I18n, names: &SideNames, m: &Match) -> String {
    let pos = m.shown_position();
    let mut parts = vec![format!(
        "{} {}",
        i18n.tr("material-captured"),
        i18n.count(m.captures(), names.get(Side::Crowd))
    )];
    for s in [Side::Hunters, Side::Crowd] {
        let hand = pos.in_hand[s.index()];
        if hand > 0 {
            let label = i18n.msg(&names.with_side(i18n, Msg::new("material-in-hand"), s));
            parts.push(format!("{label} {hand}"));
        }
    }
    if let Some(region) = m.game().rules().region_to_fill() {
        let held = (pos.crowd() & region).count();
        let label = goal_label(i18n, m.kind());
        parts.push(format!("{label} {held} / {}", region.count()));
    }
    let rules = m.game().rules();
    if rules.two_rounds().is_some() {
        let rows = round_rows(i18n, rules, pos, m.is_over() && m.reviewing().is_none());
        parts.extend(
            rows.into_iter()
                .map(|(label, value)| format!("{label} {value}")),
        );
    }
    parts.join(" · ")
}

/// "Stronghold held", or the region's own name as the game's file gives
/// it; "Goal held" where it has none.
fn goal_label(i18n: &I18n, game: GameId) -> String {
    match &game.file().goal {
        Some(name) => {
            super::capitalise(&i18n.msg(&Msg::new("material-goal-named").words("goal", name)))
        }
        None => i18n.tr("material-goal"),
    }
}

/// egui's spinner without its endless repaint requests: it is drawn at the
/// pace of the "thinking" pulse (`NextFrame::thinking`), not at 60 frames a
/// second, so a search costs the renderer next to nothing. It turns by the
/// same step each frame, however slow the pulse (a tenth of a turn).
fn slow_spinner(ui: &mut egui::Ui, pulse: Duration) {
    let size = ui.style().spacing.interact_size.y;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    if !ui.is_rect_visible(rect) {
        return;
    }
    let color = ui.visuals().strong_text_color();
    let radius = rect.height().min(rect.width()) / 2.0 - 2.0;
    let time = ui.input(|i| i.time) * THINKING_PULSE.as_secs_f64() / pulse.as_secs_f64().max(1e-3);
    let start = time * std::f64::consts::TAU;
    let end = start + 240f64.to_radians() * time.sin();
    let points: Vec<egui::Pos2> = (0..16)
        .map(|i| {
            let angle = start + (end - start) * i as f64 / 16.0;
            let (sin, cos) = angle.sin_cos();
            rect.center() + radius * egui::vec2(cos as f32, sin as f32)
        })
        .collect();
    ui.painter()
        .add(egui::Shape::line(points, egui::Stroke::new(3.0, color)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Variant};

    #[test]
    fn a_round_lasts_so_far_while_the_match_goes_on_and_has_lasted_once_it_ends() {
        let i18n = I18n::from_dir(std::path::Path::new("assets")).expect("message files");
        let mut game = Game::new(Variant::new(GameId::named("gioco-dell-orso")));
        // Round one's bear shut in after 22 moves; round two 3 moves in.
        game.play_text(
            "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 b5-a4 d5-c4 \
             a4-b5 e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6 d5-d7 \
             @c4 @d3 @e4 d4-d5 c4-d4 d5-d7",
        )
        .expect("legal moves");
        let value = |over| {
            let rows = round_rows(&i18n, game.rules(), game.position(), over);
            rows.last().expect("round two's row").1.clone()
        };
        assert_eq!(value(false), "3 moves so far");
        assert_eq!(value(true), "3 moves");
    }
}
