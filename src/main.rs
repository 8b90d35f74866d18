//! The game: desktop and web entry.

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy_egui::EguiPlugin;

use stronghold::game::GamePlugin;
use stronghold::game::board_view::BoardLayout;
use stronghold::game::launch::{ExitAfter, LaunchOptions, exit_after};
use stronghold::game::match_state::Match;
use stronghold::game::persist::{self, Persistence};
use stronghold::game::screens::MenuPage;
use stronghold::game::screens::Screen;
use stronghold::game::skin::SkinOverride;
use stronghold::game::ui::rules_page::RulesWindow;

/// The desktop's launch: options from the command line; `--help` prints
/// the usage and a bad option ends the program.
#[cfg(not(target_arch = "wasm32"))]
fn launch() -> Result<(LaunchOptions, Match, Option<String>), AppExit> {
    let fail = |e: String| {
        eprintln!("{e}");
        AppExit::error()
    };
    let options = LaunchOptions::parse(std::env::args().skip(1)).map_err(fail)?;
    if options.help {
        println!("{}", stronghold::game::launch::USAGE);
        return Err(AppExit::Success);
    }
    let the_match = options
        .initial_match()
        .map_err(|e| fail(format!("--moves: {e}")))?;
    Ok((options, the_match, None))
}

/// The web's launch: options from the page address (`?game=asalto`); a bad
/// one is shown on screen and the game starts as usual.
#[cfg(target_arch = "wasm32")]
fn launch() -> Result<(LaunchOptions, Match, Option<String>), AppExit> {
    let chosen = stronghold::game::web::address_args()
        .and_then(LaunchOptions::parse)
        .and_then(|o| o.initial_match().map(|m| (o, m)));
    Ok(match chosen {
        Ok((options, the_match)) => (options, the_match, None),
        Err(problem) => {
            let options = LaunchOptions::default();
            let the_match = options.initial_match().expect("the usual game starts");
            (options, the_match, Some(problem))
        }
    })
}

fn main() -> AppExit {
    let (options, the_match, address_problem) = match launch() {
        Ok(launch) => launch,
        Err(exit) => return exit,
    };
    // Settings (the window size among them) and the last game, read before
    // the window opens.
    let mut boot = Persistence::platform().boot();
    if let Some(language) = options.language {
        boot.settings.language = language;
    }
    let window_size = persist::window_size(&boot.settings).unwrap_or((1280, 800));
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    // The title comes from the message files once they load.
                    title: String::new(),
                    resolution: window_size.into(),
                    // On the web: the page's canvas, filling the element it sits in.
                    canvas: Some("#stronghold".to_string()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                // No .meta files are shipped; the web would fetch (and 404) each.
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    .add_plugins((MeshPickingPlugin, EguiPlugin::default()));
    app.insert_resource(BoardLayout {
        flipped: options.flipped,
        ..BoardLayout::for_variant(the_match.variant())
    });
    app.insert_resource(the_match);
    if options.start_in_game {
        app.insert_state(Screen::Game);
    }
    if let Some(game) = options.rules {
        if options.start_in_game {
            app.insert_resource(RulesWindow::showing(game));
        } else {
            app.insert_resource(MenuPage::Rules(game));
        }
    }
    app.insert_resource(SkinOverride {
        name: options.skin.clone(),
        skins_then: None,
    });
    app.add_plugins(GamePlugin);
    if let Some(problem) = address_problem {
        app.insert_resource(stronghold::game::web::AddressProblem(problem));
    }
    // The last unfinished game is the one "Continue" returns to, unless the
    // command line asks for a game.
    boot.install(&mut app, !options.start_in_game);
    if options.flipped {
        app.world_mut().resource_mut::<BoardLayout>().flipped = true;
    }
    if let Some(seconds) = options.exit_after {
        app.insert_resource(ExitAfter(seconds))
            .add_systems(Update, exit_after);
    }
    app.run()
}
