//! Skins: how the board, the pieces and the sounds look and sound, as RON
//! files in `assets/skins/` (see the README's "Write your own skin").
//!
//! [`SkinCatalog`] lists the skins (from `skins/index.txt`) with their names
//! for the menus; [`ActiveSkin`] is the skin drawn now. Each game opens with
//! its own skin unless `Settings::skin_for` names another; `--skin NAME`
//! overrides both until the player picks a skin. A skin that fails to load
//! is reported (a `Notice` with the file, line and column) and the built-in
//! skin ([`builtin::builtin_skin`]) is drawn instead. Changing the skin
//! touches only the view: the `Match`, its history and the AI never see it.

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;

pub mod builtin;
pub mod data;
pub mod loader;
pub mod look;

use crate::game::common::i18n::{Language, LocalName, Localize, Msg};
use crate::game::common::notice::Notice;
use crate::game::common::redraw::LoadWatch;
use crate::game::common::settings::Settings;
use crate::game::common::text_asset::TextAsset;
use crate::game::common::view::first_board_drawn;
use crate::game::play::match_state::{Match, MoveApplied};
use crate::rules::{Game, GameId, Side};
pub use data::{SkinData, SkinError, SkinTitle};
pub use loader::Skin;

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<Skin>()
        .init_asset_loader::<loader::SkinLoader>()
        .init_resource::<SkinCatalog>()
        .init_resource::<SkinOverride>()
        .init_resource::<SkinRequest>()
        .init_resource::<ActiveSkin>()
        .add_systems(PreStartup, open_with_the_games_skin)
        .add_systems(Startup, load_catalog)
        .add_systems(
            Update,
            (
                fill_catalog.run_if(first_board_drawn),
                report_failures,
                request_skin,
                activate_skin,
            )
                .chain()
                .in_set(crate::game::GameSet::Commands),
        )
        .add_systems(
            Update,
            announce_round_two.after(crate::game::GameSet::Apply),
        );
    look::plugin(app);
}

/// Tells the players when round one of a two-round match is over: how
/// long its hunted piece lasted, named as the skin on the board names it
/// (a tiger in the tigers' skin, else the game's own bear), and that they
/// swap sides.
fn announce_round_two(
    mut applied: MessageReader<MoveApplied>,
    the_match: Res<Match>,
    skin: Res<ActiveSkin>,
    mut notices: MessageWriter<Notice>,
) {
    if applied.read().any(|m| m.effects.next_round) {
        notices.write(Notice::info(round_two_begins(the_match.game(), &skin)));
    }
}

/// "Round one is over: the tiger lasted 22 moves…": the notice's words and
/// the screen reader's, the hunted piece named as `skin` names it.
pub fn round_two_begins(game: &Game, skin: &ActiveSkin) -> Msg {
    let lasted = game.position().moves_made[0];
    let msg = Msg::new("match-round-two-begins").num("count", lasted);
    match skin.side_name(Side::Hunters).filter(|_| !skin.fallback) {
        Some(name) => msg.name("side", name, "one"),
        None => msg.words("side", &game.variant().game.file().hunters.one),
    }
}

/// Until its skin file has loaded, the game on the board (the launch's or
/// the restored one) is drawn with the built-in look of its own game.
fn open_with_the_games_skin(the_match: Res<Match>, mut active: ResMut<ActiveSkin>) {
    active.set_if_neq(ActiveSkin::builtin(the_match.kind()));
}

/// The skin each game opens with: its file's.
pub fn default_skin(game: GameId) -> &'static str {
    &game.file().skin
}

/// A skin's name from what a person typed: `pirates-bulgars`,
/// `pirates-bulgars.skin.ron` or `pirates-bulgars.ron` all name one file.
pub fn skin_name(text: &str) -> &str {
    let text = text.trim();
    let text = text.rsplit('/').next().unwrap_or(text);
    text.strip_suffix(".skin.ron")
        .or_else(|| text.strip_suffix(".ron"))
        .unwrap_or(text)
}

/// The path under `assets/` of the skin called `name`.
pub fn skin_path(name: &str) -> String {
    format!("skins/{}.skin.ron", skin_name(name))
}

/// The skin drawn now. It changes only when the look changes, so systems
/// that redraw on `is_changed()` redraw exactly then.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct ActiveSkin {
    /// The skin's name (its file name without `.skin.ron`), or `builtin`.
    pub name: String,
    pub data: SkinData,
    /// True when this is the built-in skin standing in for a file.
    pub fallback: bool,
}

impl ActiveSkin {
    pub fn builtin(game: GameId) -> ActiveSkin {
        ActiveSkin {
            name: "builtin".to_string(),
            data: builtin::builtin_skin(game),
            fallback: true,
        }
    }
    /// How the skin calls a side ("мятежники", "5 rebels" through
    /// `I18n::count`), if it names its pieces.
    pub fn side_name(&self, side: Side) -> Option<&LocalName> {
        self.data.side(side).name.as_ref()
    }
    pub fn title(&self, language: Language) -> &str {
        self.data.name.get(language)
    }
}

impl Default for ActiveSkin {
    fn default() -> ActiveSkin {
        ActiveSkin::builtin(GameId::named("pirates"))
    }
}

/// One skin the menus can offer.
#[derive(Clone, Debug)]
pub struct SkinEntry {
    /// The file name without `.skin.ron`: what `Settings::set_skin_for` takes.
    pub name: String,
    /// The skin's own name, once its file has loaded.
    pub title: Option<SkinTitle>,
    /// What is wrong with the file, if it failed to load.
    pub error: Option<String>,
    pub handle: Handle<Skin>,
}

/// The skins listed in `assets/skins/index.txt`, in order.
#[derive(Resource, Default, Debug)]
pub struct SkinCatalog {
    pub skins: Vec<SkinEntry>,
    /// `assets/skins/index.txt`, read with [`loader::parse_index`].
    index: Handle<TextAsset>,
}

impl SkinCatalog {
    /// The name to show for a skin: its title in `language`, else its file name.
    pub fn title(&self, name: &str, language: Language) -> String {
        self.skins
            .iter()
            .find(|e| e.name == name)
            .and_then(|e| e.title.as_ref())
            .map_or_else(|| name.to_string(), |t| t.get(language).to_string())
    }
    /// The skins that loaded, for a picker: (name, title in `language`).
    pub fn choices(&self, language: Language) -> Vec<(String, String)> {
        self.skins
            .iter()
            .filter(|e| e.error.is_none())
            .map(|e| (e.name.clone(), self.title(&e.name, language)))
            .collect()
    }
}

/// `--skin NAME`: the skin to show whatever the game, until the player
/// picks one (the settings' skin choices change).
#[derive(Resource, Default, Debug, Clone)]
pub struct SkinOverride {
    pub name: Option<String>,
    /// The settings' choices when the override was given.
    pub skins_then: Option<std::collections::BTreeMap<String, String>>,
}

/// The skin file asked for and its handle, until it loads or fails.
#[derive(Resource, Default, Debug)]
pub struct SkinRequest {
    name: String,
    game: Option<GameId>,
    handle: Option<Handle<Skin>>,
    /// The request is settled: its skin (or the fallback) is active.
    settled: bool,
}

fn load_catalog(
    mut catalog: ResMut<SkinCatalog>,
    server: Res<AssetServer>,
    mut watch: ResMut<LoadWatch>,
) {
    catalog.index = server.load(loader::INDEX_PATH);
    watch.watch(catalog.index.clone());
}

impl SkinRequest {
    /// True once the skin wanted for `game` is active, or has failed and the
    /// built-in one stands in (not while the built-in one only waits for it).
    pub fn settled_for(&self, game: GameId) -> bool {
        self.settled && self.game == Some(game)
    }
}

/// Loads each listed skin once the list is in (and names them as they load).
/// Runs once the first board has been drawn: the first board needs only its
/// own skin, and on the desktop loading a skin reads every file it names.
fn fill_catalog(
    mut catalog: ResMut<SkinCatalog>,
    server: Res<AssetServer>,
    texts: Res<Assets<TextAsset>>,
    skins: Res<Assets<Skin>>,
    mut events: MessageReader<AssetEvent<Skin>>,
) {
    if catalog.skins.is_empty()
        && let Some(index) = texts.get(&catalog.index)
    {
        let entries = loader::parse_index(&index.0)
            .iter()
            .map(|name| SkinEntry {
                name: skin_name(name).to_string(),
                title: None,
                error: None,
                handle: server.load(skin_path(name)),
            })
            .collect();
        catalog.skins = entries;
    }
    if events.read().count() == 0 {
        return;
    }
    for entry in &mut catalog.skins {
        if let Some(skin) = skins.get(&entry.handle) {
            entry.title = Some(skin.0.name.clone());
            entry.error = None;
        }
    }
}

/// What went wrong with a skin that failed to load: the skin's own error
/// (translated when shown), else the asset server's words.
fn failure_reason(event: &AssetLoadFailedEvent<Skin>) -> Result<SkinError, String> {
    if let bevy::asset::AssetLoadError::AssetLoaderError(e) = &event.error
        && let Some(skin_error) = e.error().downcast_ref::<SkinError>()
    {
        return Ok(skin_error.clone());
    }
    Err(format!("{}: {}", event.path, event.error))
}

/// Tells the player about each skin file that failed to load.
fn report_failures(
    mut failures: MessageReader<AssetLoadFailedEvent<Skin>>,
    mut catalog: ResMut<SkinCatalog>,
    mut notices: MessageWriter<Notice>,
) {
    for failure in failures.read() {
        let reason = failure_reason(failure);
        let name = skin_name(&failure.path.path().to_string_lossy()).to_string();
        if let Some(entry) = catalog.skins.iter_mut().find(|e| e.name == name) {
            entry.error = Some(match &reason {
                Ok(error) => error.to_string(),
                Err(words) => words.clone(),
            });
        }
        let notice = Notice::error(Msg::new("skin-broken").text("skin", name));
        notices.write(match reason {
            Ok(error) => {
                // Where, then the parser's or the system's own words, if any.
                let detail = match error.foreign_words() {
                    Some(words) => format!("{}: {words}", error.location()),
                    None => error.location(),
                };
                notice.with_reason(error.to_msg()).with_detail(detail)
            }
            Err(words) => notice.with_detail(words),
        });
    }
}

/// The skin the player should see now: `--skin`, else the settings' choice
/// for this game, else the game's own.
pub fn wanted_skin(settings: &Settings, over: &SkinOverride, game: GameId) -> String {
    let overridden = over.name.as_ref().filter(|_| {
        over.skins_then
            .as_ref()
            .is_none_or(|then| *then == settings.skins)
    });
    match overridden {
        Some(name) => skin_name(name).to_string(),
        None => skin_name(settings.skin_for(game).unwrap_or(default_skin(game))).to_string(),
    }
}

/// Starts loading the skin wanted when the game or the choice changes.
fn request_skin(
    settings: Res<Settings>,
    the_match: Res<Match>,
    mut over: ResMut<SkinOverride>,
    mut request: ResMut<SkinRequest>,
    server: Res<AssetServer>,
    mut watch: ResMut<LoadWatch>,
) {
    if over.name.is_some() && over.skins_then.is_none() {
        over.skins_then = Some(settings.skins.clone());
    }
    let game = the_match.kind();
    let name = wanted_skin(&settings, &over, game);
    if request.name != name || request.game != Some(game) {
        let handle = server.load(skin_path(&name));
        watch.watch(handle.clone());
        *request = SkinRequest {
            handle: Some(handle),
            name,
            game: Some(game),
            settled: false,
        };
    }
}

/// Makes the requested skin active once it has loaded, or the built-in one
/// if it failed; follows edits of a loaded skin too.
fn activate_skin(
    mut request: ResMut<SkinRequest>,
    server: Res<AssetServer>,
    skins: Res<Assets<Skin>>,
    mut events: MessageReader<AssetEvent<Skin>>,
    mut active: ResMut<ActiveSkin>,
) {
    let edited = events.read().count() > 0;
    let Some(handle) = request.handle.clone() else {
        return;
    };
    if request.settled && !edited {
        return;
    }
    let next = if let Some(skin) = skins.get(&handle) {
        ActiveSkin {
            name: request.name.clone(),
            data: skin.0.clone(),
            fallback: false,
        }
    } else if server.load_state(&handle).is_failed() {
        ActiveSkin::builtin(request.game.unwrap_or(GameId::named("pirates")))
    } else {
        return;
    };
    request.settled = true;
    active.set_if_neq(next);
}
