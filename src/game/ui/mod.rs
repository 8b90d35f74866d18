//! The egui interface: the main menu and its pages, the in-game side panel
//! with the move list and review, dialogs over the board, the game-over
//! banner, notices and keyboard shortcuts. Every text comes from the
//! message files through [`I18n`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::ai_task::AiJob;
use super::board_view::{BoardLayout, PanelWidth};
use super::hint::HintJob;
use super::i18n::{I18n, LocalName, Msg};
use super::input::InputStatus;
use super::match_state::{Match, MatchCommand, MoveIntent, MoveRejected, MoveSource, Player};
use super::screens::{Dialogs, MenuPage, Screen};
use crate::ai::Level;
use crate::rules::{GameKind, Side, Variant};

mod about;
mod banner;
mod dialogs;
mod keyboard;
mod menu;
mod moves;
mod new_game;
mod panel;
pub mod rules_page;
mod saves;
mod settings_page;
mod theme;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelState>()
        .init_resource::<NewGameForm>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                theme::apply_theme,
                menu::menu_screen.run_if(in_state(Screen::Menu)),
                (
                    keyboard::shortcuts,
                    panel::side_panel,
                    banner::banner,
                    dialogs::dialogs,
                    rules_page::rules_window,
                )
                    .chain()
                    .run_if(in_state(Screen::Game)),
                banner::notices,
            )
                .chain(),
        )
        .add_plugins(rules_page::plugin)
        .add_systems(
            Update,
            (
                (remember_rejections, window_title).in_set(super::GameSet::View),
                menu::enter_loaded_game.run_if(in_state(Screen::Menu)),
            ),
        );
    saves::plugin(app);
}

/// The window's title in the current language.
fn window_title(
    i18n: Res<I18n>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    let title = i18n.tr("app-title");
    for mut window in &mut windows {
        if window.title != title {
            window.title = title.clone();
        }
    }
}

/// What the panel remembers between frames.
#[derive(Resource, Default)]
pub struct PanelState {
    pub move_text: String,
    pub move_error: Option<Msg>,
    /// On a narrow screen the panel folds away; this opens it over the board.
    pub panel_open: bool,
    /// Ask the move box to take the keyboard focus next frame.
    pub focus_move_box: bool,
    /// Scroll the move list to the shown ply next frame.
    pub scroll_to_ply: bool,
}

/// The choices of the new-game page, kept while the player edits them.
#[derive(Resource, Clone, Debug)]
pub struct NewGameForm {
    pub variant: Variant,
    pub hunters: Player,
    pub crowd: Player,
    /// `None`: the game's own skin.
    pub skin: Option<String>,
}

impl Default for NewGameForm {
    fn default() -> NewGameForm {
        NewGameForm {
            variant: Variant::new(GameKind::Pirates),
            hunters: Player::Ai(Level::Medium),
            crowd: Player::Human,
            skin: None,
        }
    }
}

/// A refused move (from the move box, or a click that raced the turn) is shown in the panel.
fn remember_rejections(mut rejected: MessageReader<MoveRejected>, mut state: ResMut<PanelState>) {
    for r in rejected.read() {
        state.move_error = Some(r.reason.clone().text("move", r.mv.to_string()));
    }
}

/// Every player choice, for the combo boxes.
fn player_choices() -> impl Iterator<Item = Player> {
    std::iter::once(Player::Human).chain(Level::ALL.into_iter().map(Player::Ai))
}

/// "Human" or "Computer: Hard", translated.
fn player_label(i18n: &I18n, player: Player) -> String {
    match player {
        Player::Human => i18n.tr("player-human"),
        Player::Ai(level) => {
            i18n.msg(&Msg::new("player-computer").text("level", level_name(i18n, level)))
        }
    }
}

fn level_name(i18n: &I18n, level: Level) -> String {
    i18n.tr(match level {
        Level::Beginner => "level-beginner",
        Level::Easy => "level-easy",
        Level::Medium => "level-medium",
        Level::Hard => "level-hard",
        Level::Master => "level-master",
    })
}

/// A game's title, translated.
fn game_title(i18n: &I18n, kind: GameKind) -> String {
    i18n.tr(match kind {
        GameKind::Pirates => "game-pirates",
        GameKind::Asalto => "game-asalto",
        GameKind::FoxGeese => "game-fox-geese",
        GameKind::BaghChal => "game-bagh-chal",
    })
}

/// How the sides of a game are called: the active skin's names.
fn side_names(world_names: &SideNames, side: Side) -> &LocalName {
    match side {
        Side::Hunters => &world_names.hunters,
        Side::Crowd => &world_names.crowd,
    }
}

/// The names the UI uses for both sides of the game on the board.
pub struct SideNames {
    pub hunters: LocalName,
    pub crowd: LocalName,
}

impl SideNames {
    /// The traditional names of a game, from the message files.
    pub fn traditional(i18n: &I18n, kind: GameKind) -> SideNames {
        SideNames {
            hunters: i18n.traditional_name(kind, Side::Hunters),
            crowd: i18n.traditional_name(kind, Side::Crowd),
        }
    }
    pub fn get(&self, side: Side) -> &LocalName {
        side_names(self, side)
    }
    /// "Pirates", capitalised, in the current language.
    pub fn title(&self, i18n: &I18n, side: Side) -> String {
        capitalise(i18n.plural(self.get(side)))
    }
    /// Adds a side's name to a message: `$side` as a plain plural
    /// ("pirates", "болгары"), `$side_title` capitalised (each language puts
    /// the capital where its sentence begins), and `$side_many`, the form
    /// after a number or "fewer than" ("болгар").
    pub fn with_side(&self, i18n: &I18n, msg: Msg, side: Side) -> Msg {
        let name = self.get(side).get(i18n.language());
        msg.text("side", name.plural.clone())
            .text("side_title", capitalise(&name.plural))
            .text(
                "side_many",
                name.many.clone().unwrap_or(name.plural.clone()),
            )
    }
}

/// Upper-cases the first letter (Cyrillic too).
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Everything the in-game UI reads and writes, gathered for the panel functions.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct GameUi<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    the_match: Res<'w, Match>,
    ai: Res<'w, AiJob>,
    hint: ResMut<'w, HintJob>,
    state: ResMut<'w, PanelState>,
    layout: ResMut<'w, BoardLayout>,
    panel_width: ResMut<'w, PanelWidth>,
    status: Res<'w, InputStatus>,
    time: Res<'w, Time<Real>>,
    i18n: Res<'w, I18n>,
    screen: ResMut<'w, NextState<Screen>>,
    menu_page: ResMut<'w, MenuPage>,
    dialogs: ResMut<'w, Dialogs>,
    rules_window: ResMut<'w, rules_page::RulesWindow>,
    saves_window: ResMut<'w, super::persist::SavesWindow>,
    commands: MessageWriter<'w, MatchCommand>,
    intents: MessageWriter<'w, MoveIntent>,
}

impl GameUi<'_, '_> {
    fn names(&self) -> SideNames {
        SideNames::traditional(&self.i18n, self.the_match.kind())
    }
    fn tr(&self, id: &str) -> String {
        self.i18n.tr(id)
    }

    fn submit_move_text(&mut self) {
        let text = self.state.move_text.trim().to_string();
        if text.is_empty() {
            return;
        }
        if !self.the_match.human_to_move() {
            self.state.move_error = Some(Msg::new(if self.the_match.is_over() {
                "move-error-game-over"
            } else if self.the_match.reviewing().is_some() {
                "move-error-reviewing"
            } else {
                "move-error-not-your-turn"
            }));
            return;
        }
        match self.the_match.game().parse_move(&text) {
            Ok(mv) => {
                self.intents.write(MoveIntent {
                    mv,
                    source: MoveSource::Human,
                });
                self.state.move_text.clear();
                self.state.move_error = None;
            }
            Err(e) => {
                self.state.move_error =
                    Some(Msg::new("move-error-text").text("detail", e.to_string()))
            }
        }
    }
}
