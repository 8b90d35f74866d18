//! Screens as Bevy `States`: the main menu (with its pages: new game, rules,
//! settings, about) and the game. The board is drawn behind the menu, but
//! nothing is played there: the AI waits and the board takes no input.
//! In the game, the same pages open as windows over the board.

use bevy::prelude::*;

use super::ai_task::AiJob;
use crate::rules::GameKind;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_resource::<MenuPage>()
        .init_resource::<Dialogs>()
        .add_systems(OnExit(Screen::Game), stop_ai)
        .add_systems(OnEnter(Screen::Game), close_menu_pages);
}

/// The screen the player is on.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    /// The main menu over the (still) board.
    #[default]
    Menu,
    /// Playing: the board takes input, the AI thinks.
    Game,
}

/// The page the main menu shows.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum MenuPage {
    #[default]
    Main,
    NewGame,
    Rules(GameKind),
    Settings,
    About,
}

/// Pages opened as windows over the game (the rules have their own
/// window, `ui::rules_page::RulesWindow`).
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Dialogs {
    pub settings: bool,
    pub about: bool,
    /// Asks before resigning or offering a draw.
    pub confirm: Option<Confirm>,
}

/// An action that waits for "yes".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Confirm {
    Resign,
    OfferDraw,
    /// Leave the game for the menu (it stays saved and can be continued).
    ToMenu,
}

fn stop_ai(mut ai: ResMut<AiJob>) {
    ai.cancel();
}

fn close_menu_pages(mut page: ResMut<MenuPage>) {
    *page = MenuPage::Main;
}

/// Run condition: the game screen is showing.
pub fn in_game(state: Option<Res<State<Screen>>>) -> bool {
    state.is_some_and(|s| *s.get() == Screen::Game)
}
