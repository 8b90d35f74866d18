//! The menus walked with Tab and Enter alone, in the headless app with the
//! real egui interface: keys go in as egui's own events, and what has the
//! focus is read from egui's AccessKit tree (the roles and names a screen
//! reader gets), so the test sees what a keyboard or screen-reader user
//! would.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_egui::egui::accesskit::{Role, TreeUpdate};
use bevy_egui::{EguiContext, EguiInput, EguiOutput, EguiPlugin, EguiPreUpdateSet, egui};

use stronghold::game::GamePlugin;
use stronghold::game::common::i18n::I18n;
use stronghold::game::common::screens::{MenuPage, Screen};
use stronghold::game::headless_base;

/// egui events waiting for the next frame.
#[derive(Resource, Default)]
struct Pending(Vec<egui::Event>);

fn inject(mut pending: ResMut<Pending>, mut inputs: Query<&mut EguiInput>) {
    let events = std::mem::take(&mut pending.0);
    for mut input in &mut inputs {
        input.events.extend(events.iter().cloned());
    }
}

fn menu_app() -> App {
    app_at(Screen::Menu)
}

/// The headless app with the real egui interface on `screen` (also used by
/// `panel_layout.rs`).
pub(crate) fn app_at(screen: Screen) -> App {
    let mut app = headless_base("assets");
    app.init_asset::<bevy::shader::Shader>();
    app.insert_state(screen);
    app.init_resource::<Pending>();
    // No window: the window plugin for its messages, AccessKit's for its state.
    app.add_plugins((
        bevy::window::WindowPlugin {
            primary_window: None,
            exit_condition: bevy::window::ExitCondition::DontExit,
            ..default()
        },
        bevy::a11y::AccessibilityPlugin,
    ));
    app.add_plugins((
        EguiPlugin::default(),
        GamePlugin,
        stronghold::game::ui::plugin,
    ));
    app.add_systems(
        PreUpdate,
        inject
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while !app.world().resource::<I18n>().is_ready() {
        assert!(Instant::now() < deadline, "the message files never loaded");
        app.update();
    }
    let mut contexts = app.world_mut().query::<&mut EguiContext>();
    for mut context in contexts.iter_mut(app.world_mut()) {
        context.get_mut().enable_accesskit();
    }
    app.update();
    app.update();
    app
}

fn press(app: &mut App, key: egui::Key, shift: bool) {
    let modifiers = egui::Modifiers {
        shift,
        ..Default::default()
    };
    for pressed in [true, false] {
        app.world_mut()
            .resource_mut::<Pending>()
            .0
            .push(egui::Event::Key {
                key,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers,
            });
    }
    app.update();
    app.update();
}

/// egui's AccessKit tree of the last frame.
pub(crate) fn tree(app: &mut App) -> TreeUpdate {
    let mut outputs = app.world_mut().query::<&EguiOutput>();
    outputs
        .iter(app.world())
        .find_map(|o| o.platform_output.accesskit_update.clone())
        .expect("egui's AccessKit tree")
}

/// The focused widget's role and name.
fn focused(app: &mut App) -> Option<(Role, String)> {
    let tree = tree(app);
    let root = tree.tree.as_ref().map(|t| t.root);
    if Some(tree.focus) == root {
        return None;
    }
    tree.nodes
        .iter()
        .find(|(id, _)| *id == tree.focus)
        .map(|(_, node)| (node.role(), node.label().unwrap_or_default().to_string()))
}

#[test]
fn tab_walks_the_main_menu_and_enter_opens_a_page() {
    let mut app = menu_app();
    let new_game = app.world().resource::<I18n>().tr("menu-new-game");
    let mut seen = Vec::new();
    // Tab from nothing: the first button, then each in turn, round again.
    for _ in 0..12 {
        press(&mut app, egui::Key::Tab, false);
        let now = focused(&mut app).expect("Tab puts the focus on a widget");
        if seen.first() == Some(&now) {
            break;
        }
        seen.push(now);
    }
    // Every stop is a button with a name (none a screen reader would
    // read as nothing), the main menu's own among them.
    assert!(
        seen.iter()
            .all(|(role, name)| *role == Role::Button && !name.is_empty()),
        "{seen:?}"
    );
    let names: Vec<&str> = seen.iter().map(|(_, n)| n.as_str()).collect();
    for id in [
        "menu-new-game",
        "menu-puzzles",
        "menu-rules",
        "menu-settings",
        "menu-about",
    ] {
        let name = app.world().resource::<I18n>().tr(id);
        assert!(
            names.contains(&name.as_str()),
            "{name} is no stop of Tab's: {names:?}"
        );
    }
    // Back to "New game" with Shift+Tab, and Enter opens its page.
    for _ in 0..seen.len() {
        if focused(&mut app).is_some_and(|(_, n)| n == new_game) {
            break;
        }
        press(&mut app, egui::Key::Tab, true);
    }
    press(&mut app, egui::Key::Enter, false);
    assert_eq!(*app.world().resource::<MenuPage>(), MenuPage::NewGame);
    // On the new game's page, Tab reaches "Start" and Enter starts the game.
    let start = app.world().resource::<I18n>().tr("new-game-start");
    for _ in 0..200 {
        if focused(&mut app).is_some_and(|(_, n)| n.contains(&start)) {
            break;
        }
        press(&mut app, egui::Key::Tab, false);
    }
    press(&mut app, egui::Key::Enter, false);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
}

#[test]
fn the_board_is_tabs_first_stop_in_a_game_and_its_keys_play() {
    use stronghold::game::board::input::Selection;
    use stronghold::game::play::match_state::Match;
    let mut app = app_at(Screen::Game);
    press(&mut app, egui::Key::Tab, false);
    let (role, name) = focused(&mut app).expect("the board has the focus");
    assert_eq!(role, Role::Application);
    // The point under the cursor and what stands on it: a Bulgar that can move.
    assert!(name.starts_with("Board. "), "{name}");
    assert!(name.ends_with(": Bulgar"), "{name}");
    let first = name.clone();
    // The arrows move the cursor (the focus stays on the board), Enter
    // picks the piece up, another arrow and Enter play a move.
    press(&mut app, egui::Key::ArrowUp, false);
    let (role, name) = focused(&mut app).expect("the board keeps the focus");
    assert_eq!(role, Role::Application);
    assert_ne!(name, first, "the cursor moved");
    press(&mut app, egui::Key::ArrowDown, false);
    press(&mut app, egui::Key::Enter, false);
    assert!(app.world().resource::<Selection>().origin.is_some());
    let (_, name) = focused(&mut app).expect("the board keeps the focus");
    assert!(name.contains("picked up"), "{name}");
    // Escape puts it down; the board keeps the keyboard.
    press(&mut app, egui::Key::Escape, false);
    assert!(app.world().resource::<Selection>().origin.is_none());
    assert_eq!(focused(&mut app).map(|f| f.0), Some(Role::Application));
    assert_eq!(app.world().resource::<Match>().game().ply(), 0);
}
