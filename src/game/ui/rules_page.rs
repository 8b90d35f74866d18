//! The rules page of each game, drawn with egui: headings, short
//! paragraphs, the points that are our choice marked **Chosen** with a line
//! on why, rule options with their defaults, and diagrams painted from the
//! game's own topology and engine (see `scene`). The text is the content of
//! `RULES.md`, in `assets/i18n/<lang>/rules.ftl`.
//!
//! [`rules_page`] draws one game's page into any `Ui`; [`rules_screen`]
//! adds a game picker above it. Until the menus host the page, F1 (or the
//! `--rules GAME` flag) shows it in a window over the game.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, vec2};
use bevy_egui::{EguiContexts, egui::text::LayoutJob};

use crate::game::common::i18n::I18n;
pub use crate::game::common::screens::RulesWindow;
use crate::game::play::match_state::Match;
use crate::rules::{GameId, Side};

mod content;
mod paint;
mod scene;

pub use content::{FRAME_IDS, message_ids, page as written_page};
pub use paint::{height_for as diagram_height, paint as paint_diagram};
pub use scene::{Arrow, ArrowStyle, Diagram, Ring, Scene};

use content::{Block, Section};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, toggle_rules_window);
}

/// Text sizes, in logical pixels.
const TITLE_SIZE: f32 = 26.0;
const HEADING_SIZE: f32 = 20.0;
const BODY_SIZE: f32 = 15.0;
const SMALL_SIZE: f32 = 13.0;
/// Lines longer than this are hard to read: wider pages get margins.
const MAX_PAGE_WIDTH: f32 = 940.0;
/// From this width on, diagrams sit beside the text instead of below it.
const SIDE_BY_SIDE_WIDTH: f32 = 620.0;
const GAP: f32 = 18.0;
/// Diagrams in a row are at least this wide (narrower rows hold fewer).
const MIN_FIGURE_WIDTH: f32 = 220.0;
const MAX_FIGURE_WIDTH: f32 = 300.0;

const GOLD: Color32 = Color32::from_rgb(232, 196, 120);
const WEAK_INK: Color32 = Color32::from_rgb(196, 180, 156);
const BADGE_INK: Color32 = Color32::from_rgb(40, 26, 16);
const CHOSEN_ACCENT: Color32 = Color32::from_rgb(230, 150, 62);
const CHOSEN_FILL: Color32 = Color32::from_rgb(64, 44, 30);
const OPTION_ACCENT: Color32 = Color32::from_rgb(128, 184, 170);
const OPTION_FILL: Color32 = Color32::from_rgb(40, 50, 44);
const SOLVED_ACCENT: Color32 = Color32::from_rgb(150, 200, 110);
const SOLVED_FILL: Color32 = Color32::from_rgb(42, 52, 34);

/// A game picker, then that game's rules page.
pub fn rules_screen(ui: &mut egui::Ui, i18n: &I18n, game: &mut GameId) {
    ui.horizontal_wrapped(|ui| {
        for g in GameId::built_in() {
            let Some(page) = content::page(g) else {
                continue;
            };
            let title = RichText::new(i18n.tr(page.title)).size(16.0);
            ui.selectable_value(game, g, title);
        }
    });
    ui.separator();
    rules_page(ui, i18n, *game);
}

/// The rules page of one game, in its own scroll area.
pub fn rules_page(ui: &mut egui::Ui, i18n: &I18n, game: GameId) {
    let id = ui.id().with(("rules-page", game));
    egui::ScrollArea::vertical()
        .id_salt(id)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let width = ui.available_width().min(MAX_PAGE_WIDTH);
            let margin = ((ui.available_width() - width) / 2.0).max(0.0);
            ui.horizontal_top(|ui| {
                ui.add_space(margin);
                ui.vertical(|ui| {
                    ui.set_width(width);
                    page_contents(ui, i18n, game, id);
                });
            });
        });
}

fn page_contents(ui: &mut egui::Ui, i18n: &I18n, game: GameId, id: egui::Id) {
    let Some(page) = content::page(game) else {
        return;
    };
    ui.add_space(4.0);
    ui.label(
        RichText::new(i18n.tr(page.title))
            .size(TITLE_SIZE)
            .color(GOLD)
            .strong(),
    );
    paragraph(
        ui,
        RichText::new(i18n.tr(page.tagline))
            .italics()
            .color(WEAK_INK),
    );
    ui.horizontal_wrapped(|ui| {
        legend(ui, Side::Hunters, &i18n.tr(page.hunters));
        ui.add_space(14.0);
        legend(ui, Side::Crowd, &i18n.tr(page.crowd));
    });
    ui.add_space(4.0);
    let nav_id = id.with("scroll-to");
    contents_links(ui, i18n, page.sections, nav_id);
    ui.separator();
    let mut scroll_to: Option<usize> = ui.data_mut(|d| d.remove_temp(nav_id));
    for (index, section) in page.sections.iter().enumerate() {
        ui.add_space(10.0);
        let heading = ui.label(
            RichText::new(i18n.tr(section.heading))
                .size(HEADING_SIZE)
                .color(GOLD)
                .strong(),
        );
        if scroll_to == Some(index) {
            heading.scroll_to_me(Some(egui::Align::TOP));
            scroll_to = None;
        }
        ui.add_space(2.0);
        section_body(ui, i18n, section);
    }
    ui.add_space(24.0);
}

/// A piece and its side's name: the key to the diagrams.
fn legend(ui: &mut egui::Ui, side: Side, text: &str) {
    let (rect, _) = ui.allocate_exact_size(vec2(22.0, 22.0), egui::Sense::hover());
    paint::paint_piece(ui.painter(), rect.center(), 36.0, side, false);
    ui.label(RichText::new(text).size(BODY_SIZE));
}

/// Links to the sections of the page; a click scrolls there next frame.
fn contents_links(ui: &mut egui::Ui, i18n: &I18n, sections: &[Section], nav_id: egui::Id) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(i18n.tr("rules-contents"))
                .size(SMALL_SIZE)
                .color(WEAK_INK),
        );
        for (index, section) in sections.iter().enumerate() {
            let link = ui.link(RichText::new(i18n.tr(section.heading)).size(SMALL_SIZE));
            if link.clicked() {
                ui.data_mut(|d| d.insert_temp(nav_id, index));
            }
        }
    });
}

/// A section's text with its diagram beside it on a wide page; on a narrow
/// page, or with several diagrams, the diagrams follow the text in rows.
fn section_body(ui: &mut egui::Ui, i18n: &I18n, section: &Section) {
    let figures: Vec<Diagram> = section
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Figure(d) => Some(*d),
            _ => None,
        })
        .collect();
    let width = ui.available_width();
    // A horizontal layout puts item spacing between its children too.
    let spacing = ui.spacing().item_spacing.x;
    if let [single] = figures[..]
        && width >= SIDE_BY_SIDE_WIDTH
    {
        let figure_width = (width * 0.36).clamp(210.0, 300.0);
        let text_width = width - figure_width - GAP - spacing;
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(text_width);
                blocks(ui, i18n, section.blocks);
            });
            ui.add_space(GAP - spacing);
            ui.vertical(|ui| {
                ui.set_width(figure_width);
                figure(ui, i18n, single, figure_width);
            });
        });
        return;
    }
    blocks(ui, i18n, section.blocks);
    if figures.is_empty() {
        return;
    }
    // As many diagrams to a row as fit at a readable size.
    let gap = GAP.max(spacing);
    let per_row =
        (((width + gap) / (MIN_FIGURE_WIDTH + gap)).floor() as usize).clamp(1, figures.len());
    let figure_width =
        ((width - gap * (per_row - 1) as f32) / per_row as f32).min(MAX_FIGURE_WIDTH);
    for row in figures.chunks(per_row) {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            for d in row {
                ui.vertical(|ui| {
                    ui.set_width(figure_width);
                    figure(ui, i18n, *d, figure_width);
                });
            }
        });
    }
}

fn blocks(ui: &mut egui::Ui, i18n: &I18n, blocks: &[Block]) {
    for block in blocks {
        match *block {
            Block::Text(id) => paragraph(ui, RichText::new(i18n.tr(id))),
            Block::Chosen(id) => callout(
                ui,
                Callout {
                    accent: CHOSEN_ACCENT,
                    fill: CHOSEN_FILL,
                    badges: vec![(i18n.tr("rules-badge-chosen"), CHOSEN_ACCENT)],
                    name: None,
                    text: i18n.tr(id),
                    why: Some((i18n.tr("rules-why"), i18n.tr(&format!("{id}-why")))),
                },
            ),
            Block::Option { id, chosen } => {
                let mut badges = vec![(i18n.tr("rules-badge-option"), OPTION_ACCENT)];
                if chosen {
                    badges.push((i18n.tr("rules-badge-chosen"), CHOSEN_ACCENT));
                }
                let why = chosen.then(|| (i18n.tr("rules-why"), i18n.tr(&format!("{id}-why"))));
                callout(
                    ui,
                    Callout {
                        accent: if chosen { CHOSEN_ACCENT } else { OPTION_ACCENT },
                        fill: OPTION_FILL,
                        badges,
                        name: Some(i18n.tr(&format!("{id}-name"))),
                        text: i18n.tr(id),
                        why,
                    },
                );
            }
            Block::Solved(id) => {
                if i18n.has(i18n.language(), id) {
                    callout(
                        ui,
                        Callout {
                            accent: SOLVED_ACCENT,
                            fill: SOLVED_FILL,
                            badges: vec![(i18n.tr("rules-badge-solved"), SOLVED_ACCENT)],
                            name: None,
                            text: i18n.tr(id),
                            why: None,
                        },
                    );
                }
            }
            Block::Figure(_) => {}
        }
    }
}

fn paragraph(ui: &mut egui::Ui, text: RichText) {
    ui.add(egui::Label::new(text.size(BODY_SIZE)).wrap());
    ui.add_space(6.0);
}

/// A marked box: badges, an optional name, the text and an optional "why".
struct Callout {
    accent: Color32,
    fill: Color32,
    badges: Vec<(String, Color32)>,
    name: Option<String>,
    text: String,
    /// The "Why:" label and the reason.
    why: Option<(String, String)>,
}

fn callout(ui: &mut egui::Ui, c: Callout) {
    let frame = egui::Frame::new()
        .fill(c.fill)
        .corner_radius(6)
        .inner_margin(egui::Margin {
            left: 14,
            right: 10,
            top: 8,
            bottom: 8,
        });
    let shown = frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            for (text, colour) in &c.badges {
                badge(ui, text, *colour);
            }
            if let Some(name) = &c.name {
                ui.label(RichText::new(name).size(BODY_SIZE).strong().color(GOLD));
            }
        });
        ui.add_space(2.0);
        ui.add(egui::Label::new(RichText::new(&c.text).size(BODY_SIZE)).wrap());
        if let Some((label, reason)) = &c.why {
            ui.add_space(2.0);
            ui.add(egui::Label::new(why_text(ui, label, reason, c.accent)).wrap());
        }
    });
    // The accent stripe down the left edge.
    let r = shown.response.rect;
    let stripe = egui::Rect::from_min_size(r.min, vec2(4.0, r.height()));
    let corners = egui::CornerRadius {
        nw: 6,
        sw: 6,
        ne: 0,
        se: 0,
    };
    ui.painter().rect_filled(stripe, corners, c.accent);
    ui.add_space(8.0);
}

/// "Why: ..." with the label in the accent colour and the reason in italics.
fn why_text(ui: &egui::Ui, label: &str, reason: &str, accent: Color32) -> LayoutJob {
    let font = egui::FontId::proportional(SMALL_SIZE + 0.5);
    let mut job = LayoutJob::default();
    let plain = |colour| egui::TextFormat::simple(font.clone(), colour);
    job.append(label, 0.0, plain(accent));
    job.append(
        reason,
        6.0,
        egui::TextFormat {
            italics: true,
            ..plain(WEAK_INK)
        },
    );
    job.wrap.max_width = ui.available_width();
    job
}

/// A small rounded label in capitals: "CHOSEN", "OPTION".
fn badge(ui: &mut egui::Ui, text: &str, fill: Color32) {
    let galley = ui.painter().layout_no_wrap(
        text.to_uppercase(),
        egui::FontId::proportional(11.5),
        BADGE_INK,
    );
    let size = galley.size() + vec2(12.0, 4.0);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    ui.painter().rect_filled(rect, 8.0, fill);
    ui.painter()
        .galley(rect.center() - galley.size() / 2.0, galley, BADGE_INK);
}

/// A diagram and its caption.
fn figure(ui: &mut egui::Ui, i18n: &I18n, diagram: Diagram, width: f32) {
    // A diagram the engine refused is left out (a test checks there is none).
    if let Ok(scene) = diagram.scene() {
        let size = vec2(width, paint::height_for(scene, width));
        let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        if ui.is_rect_visible(rect) {
            paint::paint(&ui.painter_at(rect), scene, rect);
        }
    }
    ui.add(
        egui::Label::new(
            RichText::new(i18n.tr(diagram.caption()))
                .size(SMALL_SIZE)
                .color(WEAK_INK),
        )
        .wrap(),
    );
    ui.add_space(10.0);
}

/// F1 opens the rules of the game being played, and closes them.
fn toggle_rules_window(
    keys: Res<ButtonInput<KeyCode>>,
    the_match: Res<Match>,
    mut window: ResMut<RulesWindow>,
) {
    if keys.just_pressed(KeyCode::F1) {
        window.open = !window.open;
        if window.open {
            window.game = the_match.kind();
        }
    }
}

/// Draws the rules window when it is open.
pub(super) fn rules_window(
    mut contexts: EguiContexts,
    mut window: ResMut<RulesWindow>,
    i18n: Res<I18n>,
) -> Result {
    if !window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let screen = ctx.viewport_rect();
    let mut open = true;
    let mut game = window.game;
    egui::Window::new(i18n.tr("rules-title"))
        .id(egui::Id::new("rules-window"))
        .open(&mut open)
        .collapsible(false)
        .vscroll(false)
        .default_pos(screen.min + vec2(16.0, 16.0))
        .default_size(vec2(
            (screen.width() - 340.0).clamp(300.0, 900.0),
            screen.height() - 60.0,
        ))
        .max_width(screen.width() - 12.0)
        .show(&ctx, |ui| rules_screen(ui, &i18n, &mut game));
    window.set_if_neq(RulesWindow { open, game });
    Ok(())
}
