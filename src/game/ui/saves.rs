//! The saves window: save the game under a name, load or delete named
//! saves, and copy or paste the position string and the move list. The
//! panel and the menu open it by setting [`SavesWindow::open`]; what the
//! buttons ask for is done by `persist` through [`SaveCommand`]s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::notice::Notice;
use crate::game::play::match_state::Match;
use crate::game::shell::persist::{Confirm, Persistence, SaveCommand, SavesWindow};

use crate::save::store::display_time;
use crate::save::{Listed, SavedGame};

const RED: egui::Color32 = egui::Color32::from_rgb(240, 110, 90);
const WIDTH: f32 = 480.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        saves_window.after(super::panel::side_panel),
    )
    .add_systems(Update, toggle_with_ctrl_s);
}

/// Ctrl+S (Cmd+S on a Mac) opens and closes the window; Escape closes it,
/// as it closes the game's other windows.
fn toggle_with_ctrl_s(keys: Res<ButtonInput<KeyCode>>, mut window: ResMut<SavesWindow>) {
    let ctrl = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        window.open = !window.open;
    } else if window.open && keys.just_pressed(KeyCode::Escape) {
        window.open = false;
    }
}

/// Everything the window reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
struct SavesParams<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    window: ResMut<'w, SavesWindow>,
    i18n: Res<'w, I18n>,
    the_match: Res<'w, Match>,
    persistence: Res<'w, Persistence>,
    commands: MessageWriter<'w, SaveCommand>,
    notices: MessageWriter<'w, Notice>,
    clipboard: ResMut<'w, bevy_egui::EguiClipboard>,
}

fn saves_window(mut p: SavesParams, mut was_open: Local<bool>) -> Result {
    if !p.window.open {
        *was_open = false;
        return Ok(());
    }
    if !*was_open {
        // A fresh name each time the window opens: the game and its length.
        let title = super::game_title(&p.i18n, p.the_match.kind());
        let name = Msg::new("save-default-name")
            .text("game", title)
            .num("moves", p.the_match.game().ply() as u32);
        p.window.name = p.i18n.msg(&name);
        p.window.list_stale = true;
        *was_open = true;
    }
    let ctx = p.contexts.ctx_mut()?.clone();
    let mut open = true;
    egui::Window::new(p.i18n.tr("save-window-title"))
        .id(egui::Id::new("stronghold_saves"))
        .open(&mut open)
        .collapsible(false)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .default_width(WIDTH)
        .show(&ctx, |ui| {
            if p.persistence.is_on() {
                save_section(ui, &mut p);
                ui.separator();
                list_section(ui, &mut p);
            } else {
                ui.label(p.i18n.tr("save-storage-off"));
            }
            ui.separator();
            clipboard_section(ui, &ctx, &mut p);
        });
    if !open {
        p.window.open = false;
        p.window.list_stale = true;
        p.window.confirm = None;
    }
    Ok(())
}

fn save_section(ui: &mut egui::Ui, p: &mut SavesParams) {
    let name = p.window.name.trim().to_string();
    let exists = p
        .window
        .listed
        .iter()
        .any(|l| l.stem == crate::save::file_stem(&name));
    ui.horizontal(|ui| {
        ui.label(p.i18n.tr("save-name-label"));
        let edit = egui::TextEdit::singleline(&mut p.window.name)
            .hint_text(p.i18n.tr("save-name-hint"))
            .desired_width(WIDTH - 150.0);
        let response = ui.add(edit);
        let label = if exists {
            "save-replace-button"
        } else {
            "save-button"
        };
        let clicked = ui
            .add_enabled(!name.is_empty(), egui::Button::new(p.i18n.tr(label)))
            .clicked();
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (clicked || entered) && !name.is_empty() {
            p.commands.write(SaveCommand::Save(name.clone()));
        }
    });
    if let Some(place) = p.persistence.autosave_location() {
        let folder = std::path::Path::new(&place)
            .parent()
            .map_or(place.clone(), |d| d.display().to_string());
        ui.label(
            egui::RichText::new(p.i18n.msg(&Msg::new("save-files-in").text("place", folder)))
                .small()
                .weak(),
        );
    }
}

fn list_section(ui: &mut egui::Ui, p: &mut SavesParams) {
    if p.window.listed.is_empty() {
        ui.label(egui::RichText::new(p.i18n.tr("save-list-empty")).weak());
        return;
    }
    let listed = p.window.listed.clone();
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .show(ui, |ui| {
            for entry in &listed {
                list_row(ui, p, entry);
                ui.add_space(4.0);
            }
        });
}

fn list_row(ui: &mut egui::Ui, p: &mut SavesParams, entry: &Listed) {
    let (title, summary) = match &entry.save {
        Ok(save) => (save.name.clone(), summary(&p.i18n, save)),
        Err(_) => (entry.stem.clone(), p.i18n.tr("save-entry-damaged")),
    };
    ui.horizontal(|ui| {
        ui.vertical(|ui| {
            ui.label(egui::RichText::new(title).strong());
            ui.label(egui::RichText::new(summary).small());
        });
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            row_buttons(ui, p, &entry.stem);
        });
    });
}

/// Load and Delete, or the two answers to the question one of them asked.
fn row_buttons(ui: &mut egui::Ui, p: &mut SavesParams, stem: &str) {
    let asked = match &p.window.confirm {
        Some(Confirm::Delete(s)) if s == stem => Some(("save-delete-no", "save-delete-yes")),
        Some(Confirm::Load(s)) if s == stem => Some(("save-load-no", "save-load-yes")),
        _ => None,
    };
    if let Some((no, yes)) = asked {
        if ui.button(p.i18n.tr(no)).clicked() {
            p.window.confirm = None;
        }
        if ui
            .button(egui::RichText::new(p.i18n.tr(yes)).color(RED))
            .clicked()
        {
            let command = match p.window.confirm.take() {
                Some(Confirm::Delete(_)) => SaveCommand::Delete(stem.to_string()),
                _ => SaveCommand::Load(stem.to_string()),
            };
            p.commands.write(command);
        }
        return;
    }
    if ui.button(p.i18n.tr("save-delete-button")).clicked() {
        p.window.confirm = Some(Confirm::Delete(stem.to_string()));
    }
    if ui.button(p.i18n.tr("save-load-button")).clicked() {
        // A game in progress is not replaced without asking.
        let m = &p.the_match;
        if m.game().ply() > 0 && !m.is_over() {
            p.window.confirm = Some(Confirm::Load(stem.to_string()));
        } else {
            p.commands.write(SaveCommand::Load(stem.to_string()));
        }
    }
}

/// "Pirates and Bulgars, 24 moves, 2026-01-04 13:45" (and "finished").
fn summary(i18n: &I18n, save: &SavedGame) -> String {
    let game = save
        .kind()
        .map(|k| super::game_title(i18n, k))
        .unwrap_or_default();
    i18n.msg(
        &Msg::new("save-entry-summary")
            .text("game", game)
            .num("moves", save.moves.len() as u32)
            .text("date", display_time(save.saved_at)),
    )
}

fn clipboard_section(ui: &mut egui::Ui, ctx: &egui::Context, p: &mut SavesParams) {
    let game = p.the_match.game();
    ui.horizontal(|ui| {
        if ui.button(p.i18n.tr("save-copy-position")).clicked() {
            ctx.copy_text(game.position_string());
            p.notices
                .write(Notice::info(Msg::new("save-copied-position")));
        }
        let moves = game.move_texts().join(" ");
        let copy_moves = egui::Button::new(p.i18n.tr("save-copy-moves"));
        if ui.add_enabled(!moves.is_empty(), copy_moves).clicked() {
            ctx.copy_text(moves);
            p.notices.write(Notice::info(Msg::new("save-copied-moves")));
        }
    });
    ui.label(p.i18n.tr("save-paste-label"));
    ui.add(
        egui::TextEdit::multiline(&mut p.window.paste)
            .hint_text(p.i18n.tr("save-paste-hint"))
            .desired_rows(2)
            .desired_width(f32::INFINITY)
            .code_editor(),
    );
    ui.horizontal_wrapped(|ui| {
        // A browser hands the clipboard over only as a paste (Ctrl+V) into the box.
        if !cfg!(target_arch = "wasm32")
            && ui.button(p.i18n.tr("save-paste-button")).clicked()
            && let Some(text) = p.clipboard.get_text()
        {
            p.window.paste = text;
        }
        let text = p.window.paste.trim().to_string();
        let any = !text.is_empty();
        let start = egui::Button::new(p.i18n.tr("save-paste-position"));
        if ui.add_enabled(any, start).clicked() {
            p.commands
                .write(SaveCommand::StartFromPosition(text.clone()));
        }
        let play = egui::Button::new(p.i18n.tr("save-paste-moves"));
        if ui.add_enabled(any, play).clicked() {
            p.commands.write(SaveCommand::PlayMoves(text));
        }
    });
    if let Some(error) = &p.window.paste_error {
        ui.colored_label(RED, p.i18n.msg(&error.msg));
        // Where, as a caret under the text; the rules' reason on hover.
        let (shown, caret) = caret_snippet(&error.text, error.column);
        ui.label(egui::RichText::new(format!("{shown}\n{caret}")).monospace())
            .on_hover_text(p.i18n.msg(&error.detail));
    }
}

/// The part of `text` around `column` (from 1) and a caret line under that
/// column: at most [`SNIPPET`] characters, with `…` where text was cut.
fn caret_snippet(text: &str, column: usize) -> (String, String) {
    let chars: Vec<char> = text.chars().filter(|c| *c != '\n').collect();
    let at = column.saturating_sub(1).min(chars.len());
    let start = at.saturating_sub(SNIPPET / 2);
    let end = (start + SNIPPET).min(chars.len());
    let mut shown: String = chars[start..end].iter().collect();
    let mut offset = at - start;
    if start > 0 {
        shown.insert(0, '…');
        offset += 1;
    }
    if end < chars.len() {
        shown.push('…');
    }
    (shown, format!("{}^", " ".repeat(offset)))
}

/// How many characters of a refused paste are shown around the problem.
const SNIPPET: usize = 48;
