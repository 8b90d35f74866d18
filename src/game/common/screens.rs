//! Screens as Bevy `States`: the main menu (with its pages: new game, rules,
//! puzzles, settings, about) and the game. The board is drawn behind the menu, but
//! nothing is played there: the AI waits (the AI task drops its search when
//! the game screen closes) and the board takes no input.
//! In the game, the same pages open as windows over the board.

use bevy::prelude::*;

use crate::rules::GameId;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_resource::<MenuPage>()
        .init_resource::<Dialogs>()
        .init_resource::<RulesWindow>()
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
    Rules(GameId),
    /// A game's puzzles: pick one to solve.
    Puzzles(GameId),
    Settings,
    About,
}

/// Pages opened as windows over the game (the rules have their own
/// window, [`RulesWindow`]).
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

fn close_menu_pages(mut page: ResMut<MenuPage>) {
    *page = MenuPage::Main;
}

/// Run condition: the game screen is showing.
pub fn in_game(state: Option<Res<State<Screen>>>) -> bool {
    state.is_some_and(|s| *s.get() == Screen::Game)
}

/// The rules window shown over the game (F1, or `--rules GAME`).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct RulesWindow {
    pub open: bool,
    pub game: GameId,
}

impl Default for RulesWindow {
    fn default() -> RulesWindow {
        RulesWindow {
            open: false,
            game: GameId::named("pirates"),
        }
    }
}

impl RulesWindow {
    /// The window open on a game's page.
    pub fn showing(game: GameId) -> RulesWindow {
        RulesWindow { open: true, game }
    }
}
