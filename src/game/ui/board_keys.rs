//! The board as a stop of the keyboard's focus: Tab reaches it (first, so a
//! keyboard player starts there), and while it has the focus the arrow keys,
//! Enter, Space and Escape drive the board's cursor
//! ([`crate::game::board::cursor`]) instead of moving egui's focus. A frame
//! round the board and the cursor itself show the focus; a line at the
//! board's foot says which keys do what. Screen readers (AccessKit) read
//! the focus as the point under the cursor and what stands on it, and hear
//! the game in words ([`Spoken`]) from a live region kept here.
//!
//! The focus is held by an invisible widget of an area that lets the pointer
//! through: a click on the board still reaches the board's pieces (and
//! takes the keyboard focus off the board, hiding the cursor).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::SideNames;
use super::speech::{CursorWords, Spoken};
use crate::game::board::cursor::{BoardCursor, CursorKey, Direction};
use crate::game::board::input::Selection;
use crate::game::board::skin::ActiveSkin;
use crate::game::board::view::{PanelWidth, StripHeight};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::redraw::NextFrame;
use crate::game::play::match_state::Match;
use crate::rules::{Game, Point};

/// The board's focus widget.
pub fn board_focus_id() -> egui::Id {
    egui::Id::new("board-keys")
}

/// Whether the board has the keyboard focus.
pub fn board_has_focus(ctx: &egui::Context) -> bool {
    ctx.memory(|m| m.has_focus(board_focus_id()))
}

#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct BoardKeys<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    panel_width: Res<'w, PanelWidth>,
    strip_height: Res<'w, StripHeight>,
    cursor: ResMut<'w, BoardCursor>,
    keys: MessageWriter<'w, CursorKey>,
    the_match: Res<'w, Match>,
    selection: Res<'w, Selection>,
    skin: Res<'w, ActiveSkin>,
    i18n: Res<'w, I18n>,
    next_frame: ResMut<'w, NextFrame>,
    spoken: Res<'w, Spoken>,
    words: ResMut<'w, CursorWords>,
}

/// Draws the board's focus stop (before the panel: first in Tab's order)
/// and, while it has the focus, turns keys into the cursor's.
pub(super) fn board_focus(mut p: BoardKeys) -> bevy::prelude::Result {
    let ctx = p.contexts.ctx_mut()?.clone();
    let id = board_focus_id();
    let focused = board_has_focus(&ctx);
    if p.cursor.shown != focused {
        p.cursor.shown = focused;
    }
    let board = board_area(&ctx, &p);
    // Once a frame, for AccessKit's focus and the web page's live region.
    let words = focused.then(|| cursor_label(&p));
    let mut gained = false;
    egui::Area::new(id.with("area"))
        .order(egui::Order::Background)
        .interactable(false)
        .fixed_pos(board.min)
        .show(&ctx, |ui| {
            // The widget's own rect: the whole board (what a screen reader
            // outlines), never hit by the pointer (the area is click-through).
            let response = ui.interact(board, id, egui::Sense::focusable_noninteractive());
            gained = response.gained_focus();
            // Asked for only while a screen reader listens (AccessKit on).
            response.widget_info(|| {
                let label = words
                    .clone()
                    .unwrap_or_else(|| p.i18n.tr("board-keys-name"));
                egui::WidgetInfo::labeled(egui::WidgetType::Other, true, label)
            });
            // An application's own area: a screen reader passes the keys on.
            ui.ctx().accesskit_node_builder(id, |node| {
                node.set_role(egui::accesskit::Role::Application);
            });
            said_aloud(ui, board, p.spoken.last());
            if focused {
                ui.memory_mut(|m| {
                    m.set_focus_lock_filter(
                        id,
                        egui::EventFilter {
                            horizontal_arrows: true,
                            vertical_arrows: true,
                            escape: true,
                            tab: false,
                        },
                    )
                });
                show_focus(ui, board, &p.i18n);
            }
        });
    if gained {
        p.keys.write(CursorKey::Show);
        p.next_frame.now();
    }
    if p.words.0 != words {
        p.words.0 = words;
    }
    if focused {
        let pressed = read_keys(&ctx);
        if !pressed.is_empty() {
            p.keys.write_batch(pressed);
            p.next_frame.now();
        }
    }
    Ok(())
}

/// The screen's part the panels leave to the board (egui points; the panel
/// and the strip are measured in logical pixels, as of the last frame: the
/// focus stop is drawn before them, to come first).
fn board_area(ctx: &egui::Context, p: &BoardKeys) -> egui::Rect {
    let zoom = ctx.zoom_factor();
    let mut rect = ctx.viewport_rect();
    rect.max.x -= p.panel_width.0 / zoom;
    rect.max.y -= p.strip_height.0 / zoom;
    rect
}

/// The last line of the game in words ([`Spoken`]) as a live region that
/// screen readers announce as it changes (AccessKit; nothing on screen).
fn said_aloud(ui: &mut egui::Ui, board: egui::Rect, line: Option<&str>) {
    let Some(line) = line else {
        return;
    };
    let id = board_focus_id().with("said");
    let nowhere = egui::Rect::from_min_size(board.min, egui::Vec2::ZERO);
    let response = ui.interact(nowhere, id, egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Label, true, line));
    ui.ctx().accesskit_node_builder(id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
}

/// The keys the cursor answers, pressed this frame (no Ctrl, Alt or
/// Command: those belong to the shortcuts).
fn read_keys(ctx: &egui::Context) -> Vec<CursorKey> {
    ctx.input(|i| {
        if i.modifiers.command || i.modifiers.alt || i.modifiers.ctrl {
            return Vec::new();
        }
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Key {
                    key, pressed: true, ..
                } => cursor_key(*key),
                _ => None,
            })
            .collect()
    })
}

fn cursor_key(key: egui::Key) -> Option<CursorKey> {
    Some(match key {
        egui::Key::ArrowUp => CursorKey::Go(Direction::Up),
        egui::Key::ArrowDown => CursorKey::Go(Direction::Down),
        egui::Key::ArrowLeft => CursorKey::Go(Direction::Left),
        egui::Key::ArrowRight => CursorKey::Go(Direction::Right),
        egui::Key::Enter | egui::Key::Space => CursorKey::Press,
        egui::Key::Escape => CursorKey::Cancel,
        _ => return None,
    })
}

/// The focus made visible: a frame round the board and, at its foot, the
/// keys.
fn show_focus(ui: &egui::Ui, board: egui::Rect, i18n: &I18n) {
    let visuals = ui.visuals();
    let frame = board.shrink(3.0);
    ui.painter().rect_stroke(
        frame,
        6.0,
        visuals.widgets.active.bg_stroke,
        egui::StrokeKind::Inside,
    );
    let help = i18n.tr("board-keys-help");
    let font = egui::TextStyle::Small.resolve(ui.style());
    let galley = ui.painter().layout(
        help,
        font,
        visuals.strong_text_color(),
        frame.width() - 24.0,
    );
    let at = egui::pos2(
        frame.center().x - galley.size().x / 2.0,
        frame.bottom() - galley.size().y - 10.0,
    );
    let back = egui::Rect::from_min_size(at, galley.size()).expand(5.0);
    ui.painter()
        .rect_filled(back, 4.0, visuals.extreme_bg_color.gamma_multiply(0.85));
    ui.painter().galley(at, galley, visuals.strong_text_color());
}

/// What a screen reader says of the board while it has the focus: the
/// point under the cursor and what stands on it.
fn cursor_label(p: &BoardKeys) -> String {
    let board = p.i18n.tr("board-keys-name");
    let Some(at) = p.cursor.at else {
        return board;
    };
    let game = p.the_match.shown();
    let names = SideNames::of_skin(&p.skin, &p.i18n, p.the_match.kind());
    let point = point_words(game, &names, &p.i18n, at);
    let picked = (p.selection.at() == Some(at)).then(|| p.i18n.tr("board-cursor-picked"));
    let target = p
        .selection
        .next_targets(p.the_match.game())
        .contains(&at)
        .then(|| p.i18n.tr("board-cursor-target"));
    [Some(board), Some(point), picked, target]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(". ")
}

/// "c3: Bulgar", "c3: 3 Bulgars", "c3: empty".
pub fn point_words(game: &Game, names: &SideNames, i18n: &I18n, at: Point) -> String {
    let rules = game.rules();
    let point = rules.board().name(at).to_string();
    let Some(side) = game.position().piece_at(at) else {
        return i18n.msg(&Msg::new("board-cursor-empty").text("point", point));
    };
    let count = rules.pieces_on(game.position(), at);
    let piece = if count > 1 {
        i18n.count(count, names.get(side))
    } else {
        names.get(side).get(i18n.language()).one.clone()
    };
    i18n.msg(
        &Msg::new("board-cursor-piece")
            .text("point", point)
            .text("piece", piece),
    )
}
