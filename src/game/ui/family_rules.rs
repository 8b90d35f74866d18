//! The rules page of a hunt-family game, written from its file: where it
//! comes from, the board as a diagram (any shape: the star, the
//! triangles), the sides, how each moves and captures, how the game ends,
//! the proven result where the game is solved, and every reading of the
//! source that is ours, marked **Chosen** with its reason.

use bevy_egui::egui::{self, Color32, RichText, vec2};

use super::family_words::{side_title, words};
use super::rules_page::Scene;
use super::theme::{GOLD, MUTED};
use crate::game::common::i18n::{I18n, Msg};
use crate::rules::family::Ruleset;
use crate::rules::family::file::{Chain, EndSpec, NoMoves, Steps};
use crate::rules::{GameId, Side, Variant};

const WEAK_INK: Color32 = Color32::from_rgb(196, 180, 156);
const CHOSEN_ACCENT: Color32 = Color32::from_rgb(230, 150, 62);
const CHOSEN_FILL: Color32 = Color32::from_rgb(64, 44, 30);
const SOLVED_ACCENT: Color32 = Color32::from_rgb(150, 200, 110);
const SOLVED_FILL: Color32 = Color32::from_rgb(42, 52, 34);
const MAX_PAGE_WIDTH: f32 = 900.0;
const DIAGRAM_WIDTH: f32 = 340.0;

/// One game's rules page, in its own scroll area.
pub fn rules_page(ui: &mut egui::Ui, i18n: &I18n, rules: &Ruleset) {
    egui::ScrollArea::vertical()
        .id_salt(("family-rules", rules.id()))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let width = ui.available_width().min(MAX_PAGE_WIDTH);
            ui.set_max_width(width);
            page(ui, i18n, rules);
        });
}

#[allow(clippy::too_many_lines)] // split in the one-world change
fn page(ui: &mut egui::Ui, i18n: &I18n, rules: &Ruleset) {
    let file = &rules.file;
    ui.label(
        RichText::new(words(i18n, &file.name))
            .size(26.0)
            .color(GOLD)
            .strong(),
    );
    text(
        ui,
        RichText::new(words(i18n, &file.description))
            .italics()
            .color(WEAK_INK),
    );
    text(
        ui,
        RichText::new(words(i18n, &file.origin))
            .color(MUTED)
            .size(13.0),
    );
    ui.add_space(6.0);

    heading(ui, i18n.tr("family-rules-board"));
    let side = (ui.available_width() * 0.9).min(DIAGRAM_WIDTH);
    diagram(ui, rules, side);
    let jumps: usize = rules.graph.jumps.iter().map(Vec::len).sum::<usize>() / 2;
    text(
        ui,
        RichText::new(
            i18n.msg(
                &Msg::new("family-rules-board-text")
                    .num("points", rules.graph.nodes.len() as u32)
                    .num("lines", rules.graph.lines.len() as u32)
                    .num("jumps", jumps as u32),
            ),
        ),
    );

    heading(ui, i18n.tr("family-rules-sides"));
    for side in [Side::Hunters, Side::Crowd] {
        bullet(ui, sides_text(i18n, rules, side));
    }
    bullet(
        ui,
        i18n.msg(
            &Msg::new("family-rules-first")
                .text("side", side_title(i18n, rules, file.first, false)),
        ),
    );

    heading(ui, i18n.tr("family-rules-moves"));
    for side in [Side::Hunters, Side::Crowd] {
        bullet(ui, moves_text(i18n, rules, side));
    }
    bullet(ui, capture_text(i18n, rules));

    heading(ui, i18n.tr("family-rules-end"));
    for end in &file.ends {
        bullet(ui, end_text(i18n, rules, end));
    }
    for side in [Side::Hunters, Side::Crowd] {
        bullet(ui, stuck_text(i18n, rules, side));
    }
    if let Some(limit) = file.draws.quiet_limit {
        bullet(
            ui,
            i18n.msg(&Msg::new("family-rules-quiet-limit").num("count", limit)),
        );
    }
    if let Some(times) = file.draws.repetition {
        bullet(
            ui,
            i18n.msg(&Msg::new("family-rules-repetition").num("count", times)),
        );
    }

    if let Some(solved) = file.solved {
        ui.add_space(8.0);
        let result = match solved.winner {
            Some(w) => i18n.msg(
                &Msg::new("family-rules-solved-win")
                    .text("side", side_title(i18n, rules, w, false))
                    .num("plies", solved.plies.unwrap_or(0))
                    .num("positions", solved.positions),
            ),
            None => {
                i18n.msg(&Msg::new("family-rules-solved-draw").num("positions", solved.positions))
            }
        };
        let result = format!("{result} {}", i18n.tr("family-rules-solved-master"));
        callout(
            ui,
            &i18n.tr("family-rules-solved"),
            &result,
            SOLVED_ACCENT,
            SOLVED_FILL,
        );
    }
    if !file.chosen.is_empty() {
        heading(ui, i18n.tr("family-rules-chosen"));
        let badge = i18n.tr("tag-chosen");
        for note in &file.chosen {
            callout(ui, &badge, words(i18n, note), CHOSEN_ACCENT, CHOSEN_FILL);
        }
    }
    heading(ui, i18n.tr("family-rules-source"));
    text(
        ui,
        RichText::new(file.source.clone()).color(MUTED).size(13.0),
    );
    ui.add_space(20.0);
}

/// The start position on the board, the points of the first placements
/// marked.
fn diagram(ui: &mut egui::Ui, rules: &Ruleset, width: f32) {
    let Some(game) = GameId::find(rules.id()) else {
        return;
    };
    let scene = Scene::start(&Variant::new(game));
    let height = super::rules_page::diagram_height(&scene, width);
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), egui::Sense::hover());
    if ui.is_rect_visible(rect) {
        super::rules_page::paint_diagram(&ui.painter_at(rect), &scene, rect);
    }
}

fn sides_text(i18n: &I18n, rules: &Ruleset, side: Side) -> String {
    let spec = match side {
        Side::Hunters => &rules.file.hunters,
        Side::Crowd => &rules.file.crowd,
    };
    let on_board = spec.start.split_whitespace().count() as u32;
    let id = match (on_board, spec.in_hand) {
        (_, 0) => "family-rules-side-board",
        (0, _) => "family-rules-side-hand",
        _ => "family-rules-side-both",
    };
    let msg = Msg::new(id)
        .text("side", side_title(i18n, rules, side, false))
        .num("board", on_board)
        .num("hand", spec.in_hand)
        .text(
            "where",
            if spec.place_on.trim().is_empty() {
                i18n.tr("family-rules-place-anywhere")
            } else {
                i18n.msg(&Msg::new("family-rules-place-on").text("points", spec.place_on.clone()))
            },
        );
    i18n.msg(&msg)
}

fn moves_text(i18n: &I18n, rules: &Ruleset, side: Side) -> String {
    let spec = match side {
        Side::Hunters => &rules.file.hunters,
        Side::Crowd => &rules.file.crowd,
    };
    let id = match spec.steps {
        Steps::Any => "family-rules-steps-any",
        Steps::Ahead => "family-rules-steps-ahead",
        Steps::Forward => "family-rules-steps-forward",
        Steps::ForwardOrSideways => "family-rules-steps-forward-sideways",
        Steps::None => "family-rules-steps-none",
    };
    let heading = i18n.tr(match spec.forward {
        crate::rules::family::file::Heading::North => "family-rules-heading-north",
        crate::rules::family::file::Heading::South => "family-rules-heading-south",
        crate::rules::family::file::Heading::East => "family-rules-heading-east",
        crate::rules::family::file::Heading::West => "family-rules-heading-west",
    });
    i18n.msg(
        &Msg::new(id)
            .text("side", side_title(i18n, rules, side, false))
            .text("heading", heading),
    )
}

fn capture_text(i18n: &I18n, rules: &Ruleset) -> String {
    let c = rules.file.capture;
    let id = match c.chain {
        Chain::NoCapture => "family-rules-capture-none",
        Chain::Single => "family-rules-capture-single",
        Chain::Optional => "family-rules-capture-optional",
        Chain::Maximal => "family-rules-capture-maximal",
    };
    let mut text =
        i18n.msg(&Msg::new(id).text("side", side_title(i18n, rules, Side::Hunters, false)));
    if c.chain != Chain::NoCapture {
        text.push(' ');
        text += &i18n.tr(if c.compulsory {
            "family-rules-capture-compulsory"
        } else {
            "family-rules-capture-free"
        });
    }
    text
}

fn end_text(i18n: &I18n, rules: &Ruleset, end: &EndSpec) -> String {
    let name = |side| side_title(i18n, rules, side, false);
    let msg = match end {
        EndSpec::CrowdAtMost(n) => Msg::new("family-rules-end-crowd-at-most")
            .text("hunters", name(Side::Hunters))
            .text("crowd", name(Side::Crowd))
            .num("count", *n),
        EndSpec::CrowdFills(points) => Msg::new("family-rules-end-fills")
            .text("side", name(Side::Crowd))
            .text("points", points.clone()),
        EndSpec::Reaches(side, points) => Msg::new("family-rules-end-reaches")
            .text("side", name(*side))
            .text("points", points.clone()),
        EndSpec::OutlastsMoves(side, n) => Msg::new("family-rules-end-outlasts")
            .text("side", name(*side))
            .text("other", name(side.other()))
            .num("count", *n),
        EndSpec::HuntersAtMost(n) => Msg::new("family-rules-end-hunters-at-most")
            .text("hunters", name(Side::Hunters))
            .text("crowd", name(Side::Crowd))
            .num("count", *n),
    };
    i18n.msg(&msg)
}

fn stuck_text(i18n: &I18n, rules: &Ruleset, side: Side) -> String {
    let id = match rules.file.no_moves.of(side) {
        NoMoves::Loses => "family-rules-stuck-loses",
        NoMoves::LosesOncePlaced => "family-rules-stuck-loses-once-placed",
        NoMoves::Passes => "family-rules-stuck-passes",
        NoMoves::Draws => "family-rules-stuck-draws",
    };
    i18n.msg(&Msg::new(id).text("side", side_title(i18n, rules, side, false)))
}

fn heading(ui: &mut egui::Ui, text: String) {
    ui.add_space(10.0);
    ui.label(RichText::new(text).size(20.0).color(GOLD).strong());
    ui.add_space(2.0);
}

fn text(ui: &mut egui::Ui, text: RichText) {
    ui.add(egui::Label::new(text.size(15.0)).wrap());
}

fn bullet(ui: &mut egui::Ui, line: String) {
    ui.horizontal_top(|ui| {
        ui.label(RichText::new("•").color(GOLD));
        ui.add(egui::Label::new(RichText::new(line).size(15.0)).wrap());
    });
}

fn callout(ui: &mut egui::Ui, badge: &str, body: &str, accent: Color32, fill: Color32) {
    egui::Frame::new()
        .fill(fill)
        .stroke(egui::Stroke::new(1.0, accent.gamma_multiply(0.6)))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(badge.to_uppercase())
                    .size(12.0)
                    .color(accent)
                    .strong(),
            );
            ui.add(egui::Label::new(RichText::new(body).size(14.0)).wrap());
        });
    ui.add_space(4.0);
}
