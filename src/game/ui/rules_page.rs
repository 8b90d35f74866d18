//! The rules page of every game, drawn with egui and built from its file
//! (see `content`): what the game is, the board and the pieces, placing,
//! moving, capturing, how it ends and the draws, the readings of the
//! source that are ours marked **Chosen**, the options, the proven result
//! and the game's history, with diagrams the rules engine generates (see
//! `diagrams`), painted from the board's coordinates (`paint`). The
//! templates are `rules-*` in `assets/i18n/<lang>/rules.ftl`.
//!
//! [`rules_page`] draws one game's page into any `Ui`; [`rules_screen`]
//! adds a game picker above it, the games grouped by board. F1 (or the
//! `--rules GAME` flag) shows it in a window over the game.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, vec2};
use bevy_egui::{EguiContexts, egui::text::LayoutJob};

use crate::game::common::i18n::{I18n, Msg};
pub use crate::game::common::screens::RulesWindow;
use crate::game::play::match_state::Match;
use crate::rules::family::file::{BoardFamily, OptionTag};
use crate::rules::{GameId, Side};

mod content;
mod diagrams;
mod paint;
mod scene;
mod words;

pub use content::{Block, FRAME_IDS, Page, Section, message_ids, page};
pub use diagrams::{Diagram, Kind, diagrams};
pub use scene::{Arrow, ArrowStyle, Ring, Scene};

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

/// The board families in the order the pickers group them, with their
/// titles (the new-game page's, the rules screen's and the puzzles page's).
pub(super) const FAMILIES: [(BoardFamily, &str); 6] = [
    (BoardFamily::Cross, "new-game-board-cross"),
    (BoardFamily::Alquerque, "new-game-board-alquerque"),
    (BoardFamily::Triangles, "new-game-board-triangles"),
    (BoardFamily::Star, "new-game-board-star"),
    (BoardFamily::Hounds, "new-game-board-hounds"),
    (BoardFamily::Other, "new-game-board-other"),
];

/// A game picker, folded under one line so that the page starts near
/// the top (61 names took half the screen), then that game's page.
pub fn rules_screen(ui: &mut egui::Ui, i18n: &I18n, game: &mut GameId) {
    rules_screen_with(ui, i18n, game, false);
}

/// [`rules_screen`] with the picker unfolded at first when `picker_open`.
pub fn rules_screen_with(ui: &mut egui::Ui, i18n: &I18n, game: &mut GameId, picker_open: bool) {
    folded_game_picker(ui, i18n, game, picker_open);
    ui.separator();
    rules_page(ui, i18n, *game);
}

/// [`game_picker`] folded under "All games (63)" (unfolded at first when
/// `open`), folded again once a game is picked: the page for it is what
/// was asked for. The rules screen's and the puzzles page's.
pub(super) fn folded_game_picker(ui: &mut egui::Ui, i18n: &I18n, game: &mut GameId, open: bool) {
    let before = *game;
    let title =
        i18n.msg(&Msg::new("rules-all-games").num("count", GameId::built_in().count() as u32));
    let header = egui::CollapsingHeader::new(RichText::new(title).color(WEAK_INK))
        .id_salt("rules-game-picker")
        .default_open(open)
        .show(ui, |ui| game_picker(ui, i18n, game));
    if *game != before {
        let id = header.header_response.id;
        let mut state =
            egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, open);
        state.set_open(false);
        state.store(ui.ctx());
    }
}

/// Every game to choose from, a row per board (its name, then its games),
/// the chosen one marked.
pub(super) fn game_picker(ui: &mut egui::Ui, i18n: &I18n, game: &mut GameId) {
    for (family, title) in FAMILIES {
        let games: Vec<GameId> = GameId::built_in()
            .filter(|g| g.file().board.family == family)
            .collect();
        if games.is_empty() {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(i18n.tr(title))
                    .size(SMALL_SIZE)
                    .color(WEAK_INK),
            );
            for g in games {
                let name = RichText::new(i18n.words(&g.file().name)).size(15.0);
                ui.selectable_value(game, g, name);
            }
        });
    }
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

/// A message as a sentence: its first letter a capital.
fn sentence(i18n: &I18n, msg: &Msg) -> String {
    super::capitalise(&i18n.msg(msg))
}

fn page_contents(ui: &mut egui::Ui, i18n: &I18n, game: GameId, id: egui::Id) {
    let page = content::page(game);
    let file = game.file();
    ui.add_space(4.0);
    ui.label(
        RichText::new(i18n.words(&file.name))
            .size(TITLE_SIZE)
            .color(GOLD)
            .strong(),
    );
    paragraph(
        ui,
        RichText::new(i18n.words(&file.description))
            .italics()
            .color(WEAK_INK),
    );
    let origin = Msg::new("rules-origin").words("origin", &file.origin);
    ui.add(
        egui::Label::new(
            RichText::new(sentence(i18n, &origin))
                .size(SMALL_SIZE)
                .color(WEAK_INK),
        )
        .wrap(),
    );
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        for side in [Side::Hunters, Side::Crowd] {
            let n = words::pieces(game, side);
            legend(ui, side, &words::count(i18n, game, side, n));
            ui.add_space(14.0);
        }
    });
    ui.add_space(4.0);
    let nav_id = id.with("scroll-to");
    contents_links(ui, i18n, &page.sections, nav_id);
    ui.separator();
    let figures = diagrams::diagrams(game);
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
        section_body(ui, i18n, section, &figures);
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
fn section_body(ui: &mut egui::Ui, i18n: &I18n, section: &Section, figures: &[Diagram]) {
    let shown: Vec<&Diagram> = section
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Figure(i) => figures.get(*i),
            _ => None,
        })
        .collect();
    let width = ui.available_width();
    // A horizontal layout puts item spacing between its children too.
    let spacing = ui.spacing().item_spacing.x;
    if let [single] = shown[..]
        && width >= SIDE_BY_SIDE_WIDTH
    {
        let figure_width = (width * 0.36).clamp(210.0, 300.0);
        let text_width = width - figure_width - GAP - spacing;
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(text_width);
                blocks(ui, i18n, &section.blocks);
            });
            ui.add_space(GAP - spacing);
            ui.vertical(|ui| {
                ui.set_width(figure_width);
                figure(ui, i18n, single, figure_width);
            });
        });
        return;
    }
    blocks(ui, i18n, &section.blocks);
    if shown.is_empty() {
        return;
    }
    // As many diagrams to a row as fit at a readable size.
    let gap = GAP.max(spacing);
    let per_row =
        (((width + gap) / (MIN_FIGURE_WIDTH + gap)).floor() as usize).clamp(1, shown.len());
    let figure_width =
        ((width - gap * (per_row - 1) as f32) / per_row as f32).min(MAX_FIGURE_WIDTH);
    for row in shown.chunks(per_row) {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            for d in row {
                ui.vertical(|ui| {
                    ui.set_width(figure_width);
                    figure(ui, i18n, d, figure_width);
                });
            }
        });
    }
}

fn blocks(ui: &mut egui::Ui, i18n: &I18n, blocks: &[Block]) {
    for block in blocks {
        match block {
            Block::Text(msg) => paragraph(ui, RichText::new(sentence(i18n, msg))),
            Block::Words(words) => paragraph(ui, RichText::new(i18n.words(words))),
            Block::Chosen(words) => callout(
                ui,
                Callout {
                    accent: CHOSEN_ACCENT,
                    fill: CHOSEN_FILL,
                    badges: vec![(i18n.tr("rules-badge-chosen"), CHOSEN_ACCENT)],
                    name: None,
                    lines: vec![i18n.words(words).to_string()],
                    reasons: true,
                },
            ),
            Block::Option(option) => option_callout(ui, i18n, option),
            Block::Solved(msgs) => callout(
                ui,
                Callout {
                    accent: SOLVED_ACCENT,
                    fill: SOLVED_FILL,
                    badges: vec![(i18n.tr("rules-badge-solved"), SOLVED_ACCENT)],
                    name: None,
                    lines: msgs.iter().map(|m| sentence(i18n, m)).collect(),
                    reasons: false,
                },
            ),
            Block::Figure(_) => {}
        }
    }
}

/// An option: its name, its tag, its values and what each one changes,
/// and the note the new-game page shows under it.
fn option_callout(ui: &mut egui::Ui, i18n: &I18n, option: &content::OptionBlock) {
    let language = i18n.language();
    let name_id = format!("option-{}", option.key);
    // An option the messages do not name goes by its key, as on the
    // command line.
    let name = if i18n.has(language, &name_id) {
        i18n.tr(&name_id)
    } else {
        i18n.msg(&Msg::new("rules-option-key").text("key", option.key))
    };
    let (tag, accent) = match option.tag {
        OptionTag::Traditional => ("tag-traditional", OPTION_ACCENT),
        OptionTag::Variant => ("tag-variant", OPTION_ACCENT),
        OptionTag::Chosen => ("rules-badge-chosen", CHOSEN_ACCENT),
    };
    let values: Vec<String> = option.values.iter().map(|v| value_text(i18n, v)).collect();
    let summary = Msg::new("rules-option-values")
        .text("values", values.join(", "))
        .text("default", value_text(i18n, option.default));
    let mut lines = vec![sentence(i18n, &summary)];
    for (value, changes) in &option.changes {
        let said: Vec<String> = changes.iter().map(|m| i18n.msg(m)).collect();
        lines.push(format!("{}: {}", value_text(i18n, value), said.join("; ")));
    }
    let note_id = format!("{name_id}-note");
    if i18n.has(language, &note_id) {
        lines.push(i18n.tr(&note_id));
    }
    callout(
        ui,
        Callout {
            accent,
            fill: OPTION_FILL,
            badges: vec![
                (i18n.tr("rules-badge-option"), OPTION_ACCENT),
                (i18n.tr(tag), accent),
            ],
            name: Some(name),
            lines,
            reasons: false,
        },
    );
}

/// An option's value as a player reads it: on and off in words, a word
/// value by its message (`option-value-WORD`), numbers as they are.
pub fn value_text(i18n: &I18n, value: &str) -> String {
    const VALUE: &str = "option-value";
    let id = format!("{VALUE}-{value}");
    match value {
        "on" => i18n.tr("rules-value-on"),
        "off" => i18n.tr("rules-value-off"),
        _ if i18n.has(i18n.language(), &id) => i18n.tr(&id),
        other => other.to_string(),
    }
}

fn paragraph(ui: &mut egui::Ui, text: RichText) {
    ui.add(egui::Label::new(text.size(BODY_SIZE)).wrap());
    ui.add_space(6.0);
}

/// A marked box: badges, an optional name, then its lines.
struct Callout {
    accent: Color32,
    fill: Color32,
    badges: Vec<(String, Color32)>,
    name: Option<String>,
    lines: Vec<String>,
    /// Lines are readings with their reasons after a colon.
    reasons: bool,
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
        for line in &c.lines {
            ui.add_space(2.0);
            ui.add(egui::Label::new(reading(ui, line, c.reasons)).wrap());
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

/// A line of a callout; in a reading written "what we read: why"
/// (`reasons`), the reason after the first colon in italics.
fn reading(ui: &egui::Ui, line: &str, reasons: bool) -> LayoutJob {
    let font = egui::FontId::proportional(BODY_SIZE);
    let plain = egui::TextFormat::simple(font.clone(), ui.visuals().text_color());
    let mut job = LayoutJob::default();
    match line.split_once(": ") {
        Some((what, why)) if reasons => {
            job.append(&format!("{what}:"), 0.0, plain.clone());
            let reason = egui::TextFormat {
                italics: true,
                ..egui::TextFormat::simple(egui::FontId::proportional(BODY_SIZE - 0.5), WEAK_INK)
            };
            job.append(why, 6.0, reason);
        }
        _ => job.append(line, 0.0, plain),
    }
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
fn figure(ui: &mut egui::Ui, i18n: &I18n, diagram: &Diagram, width: f32) {
    let scene = &diagram.scene;
    let size = vec2(width, paint::height_for(scene, width));
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    if ui.is_rect_visible(rect) {
        paint::paint(&ui.painter_at(rect), scene, rect);
    }
    let caption: Vec<String> = diagram.caption.iter().map(|m| sentence(i18n, m)).collect();
    ui.add(
        egui::Label::new(
            RichText::new(caption.join(" "))
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
