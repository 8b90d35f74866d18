//! The main menu: continue the last game, start a new one, solve puzzles,
//! read the rules, change settings, read the credits, quit (desktop). Drawn over the board,
//! which shows the game that "Continue" returns to.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::new_game::NewGameAction;
use super::theme::{self, CARD_FILL, GOLD, MUTED, VEIL};
use super::{
    NewGameForm, PuzzleUi, about, game_title, new_game, puzzles_page, rules_page, settings_page,
};
use crate::game::board::skin::{ActiveSkin, SkinCatalog};
use crate::game::common::i18n::I18n;
use crate::game::common::redraw::{LOADING_PULSE, NextFrame};
use crate::game::common::screens::{MenuPage, Screen};
use crate::game::common::settings::Settings;
use crate::game::play::match_state::{Match, MatchCommand};
use crate::game::play::online::{Online, OnlineCommand, ServerForNow};
use crate::game::play::puzzle::SetState;
use crate::game::shell::about::Credits;
use crate::game::shell::persist::SavesWindow;

/// What the menu reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MenuUi<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    i18n: Res<'w, I18n>,
    settings: ResMut<'w, Settings>,
    the_match: Res<'w, Match>,
    page: ResMut<'w, MenuPage>,
    form: ResMut<'w, NewGameForm>,
    screen: ResMut<'w, NextState<Screen>>,
    commands: MessageWriter<'w, MatchCommand>,
    exit: MessageWriter<'w, AppExit>,
    credits: Res<'w, Credits>,
    saves_window: ResMut<'w, SavesWindow>,
    catalog: Res<'w, SkinCatalog>,
    skin: Res<'w, ActiveSkin>,
    online: Res<'w, Online>,
    server_for_now: Res<'w, ServerForNow>,
    lobby: Res<'w, crate::game::play::online::Lobby>,
    my_games: Res<'w, crate::game::play::online::MyGames>,
    online_commands: MessageWriter<'w, OnlineCommand>,
    puzzles: PuzzleUi<'w>,
    next_frame: ResMut<'w, NextFrame>,
}

pub(super) fn menu_screen(mut m: MenuUi) -> Result {
    let ctx = m.contexts.ctx_mut()?.clone();
    let screen = ctx.viewport_rect();
    egui::Area::new("menu_veil".into())
        .fixed_pos(screen.min)
        .order(egui::Order::Background)
        .show(&ctx, |ui| {
            // The veil takes the pointer, so the board under it never does;
            // not the keyboard's focus (it is no stop of Tab's).
            ui.allocate_exact_size(screen.size(), egui::Sense::CLICK | egui::Sense::DRAG);
        });
    ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("menu_veil_paint"),
    ))
    .rect_filled(screen, 0.0, VEIL);
    let widest = match *m.page {
        MenuPage::Rules(_) => 1000.0,
        MenuPage::Main => 520.0,
        _ => 760.0,
    };
    // The card fits the screen, however narrow (a phone at 200 % text).
    let width = (screen.width() - 16.0).min(widest).max(80.0);
    // A narrow card (a phone at a large text size) keeps its width for words.
    let margin: i8 = if width < 320.0 { 8 } else { 20 };
    let height = (screen.height() - 24.0).max(200.0);
    egui::Area::new("menu_card".into())
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .order(egui::Order::Middle)
        .show(&ctx, |ui| {
            egui::Frame::new()
                .fill(CARD_FILL)
                .stroke(egui::Stroke::new(1.5, GOLD.gamma_multiply(0.6)))
                .corner_radius(12.0)
                .inner_margin(egui::Margin::same(margin))
                .show(ui, |ui| {
                    let inner = 2.0 * f32::from(margin);
                    ui.set_width(width - inner);
                    ui.set_max_height(height - inner);
                    if matches!(*m.page, MenuPage::Rules(_)) {
                        // The rules page has its own scroll area.
                        ui.set_height(height - inner);
                        page(ui, &mut m);
                    } else {
                        if matches!(*m.page, MenuPage::Puzzles(_)) {
                            // The filters change the list's length: a card
                            // of a fixed height keeps them under the pointer.
                            ui.set_min_height(height - inner);
                        }
                        egui::ScrollArea::vertical().show(ui, |ui| page(ui, &mut m));
                    }
                });
        });
    Ok(())
}

/// The name typed on the online section becomes the settings' (and so
/// the one the server hears) once the player asks for a game with it.
fn keep_player_name(settings: &mut Settings, typed: Option<&str>) {
    let Some(name) = typed.map(str::trim) else {
        return;
    };
    if crate::online::protocol::check_name(name).is_ok() && settings.player_name != name {
        settings.player_name = name.to_string();
    }
}

fn page(ui: &mut egui::Ui, m: &mut MenuUi) {
    let page = *m.page;
    if page != MenuPage::Main {
        back_button(ui, m);
    }
    match page {
        MenuPage::Main => main_page(ui, m),
        MenuPage::NewGame => new_game_menu_page(ui, m),
        MenuPage::Rules(kind) => {
            let mut shown = kind;
            rules_page::rules_screen(ui, &m.i18n, &mut shown);
            if shown != kind {
                *m.page = MenuPage::Rules(shown);
            }
        }
        MenuPage::Puzzles(kind) => puzzles_menu_page(ui, m, kind),
        MenuPage::Settings => {
            let skins = settings_page::SkinChoice {
                catalog: &m.catalog,
                game: m.the_match.kind(),
                current: &m.skin.name,
            };
            settings_page::settings_page(ui, &m.i18n, &mut m.settings, skins);
        }
        MenuPage::About => about::about_page(ui, &m.i18n, &m.credits),
    }
}

/// The new-game page, and what its choice asks for: a game here, a rules
/// page, or an online room (the game opens when the server seats the player).
fn new_game_menu_page(ui: &mut egui::Ui, m: &mut MenuUi) {
    let server = m.server_for_now.of(&m.settings);
    let asked = new_game::new_game_page(
        ui,
        &m.i18n,
        &mut m.form,
        (&m.settings, &server),
        &m.catalog,
        (&m.online, &m.lobby, &m.my_games),
    );
    if matches!(asked, Some(NewGameAction::Online(_))) {
        keep_player_name(&mut m.settings, m.form.player_name.as_deref());
    }
    if matches!(
        asked,
        Some(NewGameAction::Start(_) | NewGameAction::Online(_))
    ) && let Some(skin) = m.form.skin.clone()
    {
        m.settings.set_skin_for(m.form.variant.game, &skin);
    }
    match asked {
        Some(NewGameAction::Start(start)) => {
            m.commands.write(start);
            m.screen.set(Screen::Game);
        }
        Some(NewGameAction::Rules(game)) => *m.page = MenuPage::Rules(game),
        Some(NewGameAction::Online(command)) => {
            m.online_commands.write(command);
        }
        None => {}
    }
}

/// A game's puzzles page: its set (loading, or why it is missing), the
/// filters kept with the settings, and the puzzle the player starts.
fn puzzles_menu_page(ui: &mut egui::Ui, m: &mut MenuUi, kind: crate::rules::GameId) {
    let mut shown = kind;
    let pz = &mut m.puzzles;
    let set = pz.library.set(kind, &pz.server, &pz.sets);
    if matches!(set, SetState::Loading) {
        m.next_frame.within(LOADING_PULSE);
    }
    let mut filter = pz.filters.get(kind);
    let choices = puzzles_page::PageChoices {
        filter: &mut filter,
        view: &mut pz.view,
    };
    let start =
        puzzles_page::puzzles_page(ui, &m.i18n, &mut shown, &m.settings.puzzles, set, choices);
    if pz.filters.get(kind) != filter {
        pz.filters.set(kind, filter);
    }
    if let Some(start) = start {
        m.puzzles.commands.write(start);
        m.screen.set(Screen::Game);
    }
    if shown != kind {
        *m.page = MenuPage::Puzzles(shown);
    }
}

fn main_page(ui: &mut egui::Ui, m: &mut MenuUi) {
    ui.vertical_centered(|ui| {
        ui.add_space(8.0);
        ui.label(
            // The title fits the card's width (44 points where it can).
            egui::RichText::new(m.i18n.tr("app-title"))
                .size((ui.available_width() / 6.0).min(44.0))
                .color(GOLD)
                .strong(),
        );
        ui.label(
            egui::RichText::new(m.i18n.tr("app-tagline"))
                .size(16.0)
                .color(MUTED),
        );
        ui.add_space(18.0);
        let resumable = !m.the_match.is_over() && m.the_match.game().ply() > 0;
        if resumable {
            let label = m.i18n.tr("menu-continue");
            if theme::big_button(ui, label, true).clicked() {
                m.screen.set(Screen::Game);
            }
            theme::note(
                ui,
                format!(
                    "{} · {}",
                    game_title(&m.i18n, m.the_match.kind()),
                    m.i18n.msg(
                        &crate::game::common::i18n::Msg::new("menu-continue-plies")
                            .num("count", m.the_match.game().ply() as u32)
                    )
                ),
            );
            ui.add_space(4.0);
        }
        if theme::big_button(ui, m.i18n.tr("menu-new-game"), true).clicked() {
            m.form.variant = *m.the_match.variant();
            *m.page = MenuPage::NewGame;
        }
        if theme::big_button(ui, m.i18n.tr("menu-puzzles"), true).clicked() {
            *m.page = MenuPage::Puzzles(m.the_match.kind());
        }
        if theme::big_button(ui, m.i18n.tr("menu-saves"), true).clicked() {
            m.saves_window.open = true;
        }
        if theme::big_button(ui, m.i18n.tr("menu-rules"), true).clicked() {
            *m.page = MenuPage::Rules(m.the_match.kind());
        }
        if theme::big_button(ui, m.i18n.tr("menu-settings"), true).clicked() {
            *m.page = MenuPage::Settings;
        }
        if theme::big_button(ui, m.i18n.tr("menu-about"), true).clicked() {
            *m.page = MenuPage::About;
        }
        if !cfg!(target_arch = "wasm32")
            && theme::big_button(ui, m.i18n.tr("menu-quit"), true).clicked()
        {
            m.exit.write(AppExit::Success);
        }
        ui.add_space(12.0);
        language_switch(ui, &m.i18n, &mut m.settings);
    });
}

/// The two languages as buttons, each in its own name.
pub(super) fn language_switch(ui: &mut egui::Ui, i18n: &I18n, settings: &mut Settings) {
    let _ = i18n;
    // Wrapped: at a large text size on a phone the two names are wider
    // than the card.
    ui.horizontal_wrapped(|ui| {
        for language in crate::game::common::i18n::Language::ALL {
            let on = settings.language == language;
            if ui.selectable_label(on, language.native_name()).clicked() && !on {
                settings.language = language;
            }
        }
    });
}

fn back_button(ui: &mut egui::Ui, m: &mut MenuUi) {
    if ui.button(format!("⬅ {}", m.i18n.tr("menu-back"))).clicked() {
        *m.page = MenuPage::Main;
    }
    ui.add_space(6.0);
}

/// A game loaded from the saves window while the menu shows goes straight
/// to the board.
pub(super) fn enter_loaded_game(
    the_match: Res<Match>,
    mut screen: ResMut<NextState<Screen>>,
    mut saves: ResMut<SavesWindow>,
    mut seen: Local<Option<u64>>,
) {
    let generation = the_match.generation();
    match *seen {
        Some(before) if before != generation && saves.open => {
            saves.open = false;
            screen.set(Screen::Game);
        }
        _ => {}
    }
    *seen = Some(generation);
}
