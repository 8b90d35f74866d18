//! The new-game page: the game, each of its options with a line on what it
//! changes and whether it is tradition or our choice, who plays each side,
//! and the skin; or the same game against a friend online
//! (`online_setup`).

use bevy_egui::egui;

use super::online_setup::online_section;
use super::theme::{self, GOLD, MUTED};
use super::{NewGameForm, SideNames, player_choices, player_label};
use crate::game::board::skin::{SkinCatalog, default_skin};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::settings::Settings;
use crate::game::play::match_state::{Match, MatchCommand, Player};
use crate::game::play::online::{Lobby, MyGames, Online, OnlineCommand};
use crate::rules::family::file::OptionTag;
use crate::rules::{GameId, Side, Variant};

/// What the page asks for.
pub(super) enum NewGameAction {
    /// "Start": a game at this screen.
    Start(MatchCommand),
    /// Open a game's rules page.
    Rules(GameId),
    /// Create or join an online room.
    Online(OnlineCommand),
}

/// Draws the page; returns what the player asked for, if anything.
pub(super) fn new_game_page(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    (settings, server): (&Settings, &str),
    catalog: &SkinCatalog,
    online: (&Online, &Lobby, &MyGames),
) -> Option<NewGameAction> {
    theme::heading(ui, i18n.tr("new-game-title"));
    ui.add_space(4.0);
    let asked = game_choice(ui, i18n, form);
    ui.separator();
    options(ui, i18n, &mut form.variant);
    ui.separator();
    players(ui, i18n, form);
    ui.separator();
    skin_choice(ui, i18n, form, settings, catalog);
    ui.add_space(10.0);
    let mut start = None;
    ui.vertical_centered(|ui| {
        if theme::big_button(ui, i18n.tr("new-game-start"), true).clicked() {
            start = Some(NewGameAction::Start(MatchCommand::NewGame {
                variant: form.variant,
                players: Match::players(form.hunters, form.crowd),
            }));
        }
    });
    ui.add_space(6.0);
    ui.separator();
    online_section(ui, i18n, form, online, (settings, server))
        .map(NewGameAction::Online)
        .or(start)
        .or(asked)
}

/// Every game, grouped by the board it is played on (the four first
/// games' boards first), each with its origin, one line on it and a link
/// to its rules.
fn game_choice(ui: &mut egui::Ui, i18n: &I18n, form: &mut NewGameForm) -> Option<NewGameAction> {
    theme::section(ui, i18n.tr("new-game-game"));
    let mut asked = None;
    for (family, family_title) in super::rules_page::FAMILIES {
        let members: Vec<GameId> = GameId::built_in()
            .filter(|g| g.file().board.family == family)
            .collect();
        if members.is_empty() {
            continue;
        }
        let holds_choice = members.contains(&form.variant.game);
        let title = format!("{} ({})", i18n.tr(family_title), members.len());
        egui::CollapsingHeader::new(egui::RichText::new(title).color(GOLD))
            .id_salt(("board-family", family))
            .default_open(holds_choice)
            .show(ui, |ui| {
                for game in members {
                    game_row(ui, i18n, form, game, &mut asked);
                }
            });
    }
    asked
}

/// One game: its name and origin to choose it, its line, and a link to
/// its rules.
fn game_row(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    game: GameId,
    asked: &mut Option<NewGameAction>,
) {
    let selected = form.variant.game == game;
    let file = game.file();
    let title = format!(
        "{}  ·  {}",
        i18n.words(&file.name),
        i18n.words(&file.origin)
    );
    let response = ui.add(
        egui::Button::selectable(selected, egui::RichText::new(title).size(16.0))
            .min_size(egui::vec2(ui.available_width(), 26.0)),
    );
    if response.clicked() && !selected {
        form.variant = Variant::new(game);
        form.skin = None;
    }
    // The line, wrapped in its own column, and the link to the rules at
    // its right, the same place on every row.
    let line = egui::RichText::new(format!(
        "{}. {}",
        i18n.words(&file.description),
        facts(i18n, game)
    ))
    .color(MUTED)
    .size(13.0);
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
            if ui.small_button(i18n.tr("new-game-rules")).clicked() {
                *asked = Some(NewGameAction::Rules(game));
            }
            let column = egui::vec2(ui.available_width(), 0.0);
            ui.allocate_ui_with_layout(column, egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.add(egui::Label::new(line).wrap());
            });
        });
    });
}

/// What tells alike games apart at a glance: each side's pieces and the
/// board's points ("2 tigers against 20 goats, 25 points").
fn facts(i18n: &I18n, game: GameId) -> String {
    let variant = Variant::new(game);
    let side =
        |side: Side| i18n.count(variant.side_count(side), &i18n.traditional_name(game, side));
    let points = crate::rules::Rules::of(variant).board().points.count();
    i18n.msg(
        &Msg::new("new-game-facts")
            .text("hunters", side(Side::Hunters))
            .text("crowd", side(Side::Crowd))
            .num("points", points),
    )
}

/// Where an option comes from, for its tag.
#[derive(Clone, Copy)]
enum Origin {
    Traditional,
    Variant,
    Chosen,
}

fn tag(ui: &mut egui::Ui, i18n: &I18n, origin: Origin) {
    let (id, chosen) = match origin {
        Origin::Traditional => ("tag-traditional", false),
        Origin::Variant => ("tag-variant", false),
        Origin::Chosen => ("tag-chosen", true),
    };
    theme::origin_tag(ui, i18n.tr(id), chosen);
}

/// The game's options, as its file lists them: each with its tag (a
/// value other than a traditional default reads as a variant) and a line
/// on what it changes; on/off as a checkbox, other values as a choice.
fn options(ui: &mut egui::Ui, i18n: &I18n, variant: &mut Variant) {
    theme::section(ui, i18n.tr("new-game-options"));
    let specs = &variant.game.file().options;
    if specs.is_empty() {
        theme::note(ui, i18n.tr("new-game-no-options"));
    }
    for spec in specs {
        let chosen = variant.option(&spec.key).unwrap_or(&spec.default);
        let origin = match spec.tag {
            OptionTag::Traditional if chosen == spec.default => Origin::Traditional,
            OptionTag::Traditional | OptionTag::Variant => Origin::Variant,
            OptionTag::Chosen => Origin::Chosen,
        };
        let label_id = format!("option-{}", spec.key);
        let label = if i18n.has(i18n.language(), &label_id) {
            i18n.tr(&label_id)
        } else {
            spec.key.clone()
        };
        let mut picked = chosen.to_string();
        ui.horizontal(|ui| {
            let on_off = spec.values.iter().all(|v| v == "on" || v == "off");
            if on_off && spec.values.len() == 2 {
                let mut on = picked == "on";
                if ui.checkbox(&mut on, label).changed() {
                    picked = if on { "on" } else { "off" }.to_string();
                }
            } else {
                ui.label(label);
                for value in &spec.values {
                    let text = super::rules_page::value_text(i18n, value);
                    ui.radio_value(&mut picked, value.clone(), text);
                }
            }
            tag(ui, i18n, origin);
        });
        if picked != chosen {
            // A value of the file's own list: always accepted.
            let _ = variant.set(&spec.key, &picked);
        }
        let note_id = format!("{label_id}-note");
        if i18n.has(i18n.language(), &note_id) {
            theme::note(ui, i18n.tr(&note_id));
        }
    }
}

fn players(ui: &mut egui::Ui, i18n: &I18n, form: &mut NewGameForm) {
    let names = SideNames::traditional(i18n, form.variant.game);
    let titles = [Side::Hunters, Side::Crowd].map(|side| names.title(i18n, side));
    players_of(ui, i18n, form, titles);
}

/// Who plays each side, the sides named by `titles` (hunters, crowd).
fn players_of(ui: &mut egui::Ui, i18n: &I18n, form: &mut NewGameForm, titles: [String; 2]) {
    theme::section(ui, i18n.tr("new-game-players"));
    egui::Grid::new("new_game_players")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for side in [Side::Hunters, Side::Crowd] {
                ui.label(egui::RichText::new(&titles[side.index()]).color(GOLD));
                let player = match side {
                    Side::Hunters => &mut form.hunters,
                    Side::Crowd => &mut form.crowd,
                };
                player_combo(ui, i18n, ("new_game_player", side.index()), player);
                ui.end_row();
            }
        });
    if ui.button(i18n.tr("new-game-swap-sides")).clicked() {
        std::mem::swap(&mut form.hunters, &mut form.crowd);
    }
}

/// A combo box of every player choice.
pub(super) fn player_combo(
    ui: &mut egui::Ui,
    i18n: &I18n,
    id: impl std::hash::Hash + std::fmt::Debug,
    player: &mut Player,
) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(player_label(i18n, *player))
        .width(180.0)
        .show_ui(ui, |ui| {
            for choice in player_choices() {
                ui.selectable_value(player, choice, player_label(i18n, choice));
            }
        });
}

fn skin_choice(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    settings: &Settings,
    catalog: &SkinCatalog,
) {
    let kind = form.variant.game;
    let current = form
        .skin
        .clone()
        .or_else(|| settings.skin_for(kind).map(str::to_string))
        .unwrap_or_else(|| default_skin(kind).to_string());
    skin_combo(ui, i18n, form, catalog, current);
}

/// The skin picker, `current` shown until the player picks another.
fn skin_combo(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    catalog: &SkinCatalog,
    current: String,
) {
    theme::section(ui, i18n.tr("new-game-skin"));
    let language = i18n.language();
    egui::ComboBox::from_id_salt("new_game_skin")
        .selected_text(catalog.title(&current, language))
        .width(220.0)
        .show_ui(ui, |ui| {
            for (name, title) in catalog.choices(language) {
                if ui.selectable_label(name == current, title).clicked() {
                    form.skin = Some(name);
                }
            }
        });
    theme::note(ui, i18n.tr("new-game-skin-note"));
}
