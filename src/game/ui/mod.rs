//! The egui interface: the main menu and its pages (puzzles among them),
//! the in-game side panel with the move list, review and analysis (or the
//! puzzle being solved), dialogs over the board, the game-over
//! banner, notices and keyboard shortcuts. Every text comes from the
//! message files through [`I18n`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::ai::Level;
use crate::game::board::input::InputStatus;
use crate::game::board::skin::{ActiveSkin, default_skin, skin_name};
use crate::game::board::view::{BoardLayout, PanelWidth, StripHeight};
use crate::game::common::i18n::{I18n, LocalName, Localize, Msg};
use crate::game::common::notice::Notice;
use crate::game::common::redraw::NextFrame;
use crate::game::common::screens::{Dialogs, MenuPage, RulesWindow, Screen};
use crate::game::common::settings::Settings;
use crate::game::play::ai_task::AiJob;
use crate::game::play::analysis::{AnalysisCommand, AnalysisJob};
use crate::game::play::hint::HintJob;
use crate::game::play::lesson::{LessonCommand, LessonSession, in_lesson};
use crate::game::play::match_state::{
    Match, MatchCommand, MoveIntent, MoveRejected, MoveSource, Player,
};
use crate::game::play::online::{Online, OnlineCommand};
use crate::game::play::puzzle::{
    PuzzleCommand, PuzzleLibrary, PuzzleSession, PuzzleSetAsset, in_puzzle,
};
use crate::game::shell::persist::SaveCommand;
use crate::rules::{GameId, Move, Side, Variant};

mod about;
pub mod analysis;
mod banner;
pub mod board_keys;
mod dialogs;
mod fonts;
mod keyboard;
mod lesson_panel;
mod menu;
mod moves;
mod new_game;
mod online_panel;
mod online_setup;
pub mod page_mirror;
mod panel;
mod puzzle_dashboard;
mod puzzle_panel;
mod puzzles_page;
pub mod rules_page;
mod saves;
mod settings_page;
pub mod speech;
mod status;
mod strip;
mod text_size;
mod theme;

pub fn plugin(app: &mut App) {
    app.init_resource::<PanelState>()
        .init_resource::<puzzles_page::PuzzlesView>()
        .init_resource::<NewGameForm>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                theme::apply_theme,
                menu::menu_screen.run_if(in_state(Screen::Menu)),
                (
                    // First: the board is the first stop of Tab.
                    board_keys::board_focus,
                    // A puzzle or a lesson has its own panel and no undo,
                    // review or end banner.
                    keyboard::shortcuts.run_if(not(in_puzzle).and_eager(not(in_lesson))),
                    panel::side_panel,
                    banner::banner.run_if(not(in_puzzle).and_eager(not(in_lesson))),
                    dialogs::dialogs,
                    rules_page::rules_window,
                )
                    .chain()
                    .run_if(in_state(Screen::Game)),
                banner::notices,
            )
                .chain(),
        )
        .add_plugins((
            fonts::plugin,
            rules_page::plugin,
            text_size::plugin,
            speech::plugin,
        ))
        .add_systems(
            Update,
            (
                (remember_rejections, window_title).in_set(crate::game::GameSet::View),
                menu::enter_loaded_game.run_if(in_state(Screen::Menu)),
            ),
        );
    saves::plugin(app);
    #[cfg(target_arch = "wasm32")]
    page_mirror::plugin(app);
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
    /// Online: the side the room's creator takes, and the clock.
    pub online_side: Side,
    pub online_clock: Option<crate::online::ClockSpec>,
    /// A friend's game by code counts for the ratings.
    pub online_rated: bool,
    /// The name typed for online play (`None`: not read from the
    /// settings yet).
    pub player_name: Option<String>,
    /// Online: the code or link typed to join a room.
    pub join_text: String,
}

impl Default for NewGameForm {
    fn default() -> NewGameForm {
        NewGameForm {
            variant: Variant::new(GameId::named("pirates")),
            hunters: Player::Ai(Level::Medium),
            crowd: Player::Human,
            skin: None,
            online_side: Side::Crowd,
            online_clock: None,
            online_rated: false,
            player_name: None,
            join_text: String::new(),
        }
    }
}

/// A refused move (from the move box, or a click that raced the turn) is shown in the panel.
fn remember_rejections(mut rejected: MessageReader<MoveRejected>, mut state: ResMut<PanelState>) {
    for r in rejected.read() {
        state.move_error = Some(r.reason.clone().text("move", r.text.clone()));
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
        Player::Remote => i18n.tr("player-remote"),
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

/// A game's title in the current language, as its file gives it.
fn game_title(i18n: &I18n, kind: GameId) -> String {
    i18n.words(&kind.file().name).to_string()
}

/// The names the UI uses for both sides of the game on the board.
pub struct SideNames {
    pub hunters: LocalName,
    pub crowd: LocalName,
    /// The game's side of one piece (the fox), named in the singular.
    single: Option<Side>,
}

impl SideNames {
    /// The names the skin on the board gives the sides: a themed skin's,
    /// else the game's own: while the built-in skin stands in for a
    /// missing file, and under the game's own skin, which it wears for
    /// its look (Adugo's jaguar and dogs on the tigers-and-goats board
    /// stay a jaguar and dogs, as its rules page calls them).
    pub fn of_skin(skin: &ActiveSkin, i18n: &I18n, kind: GameId) -> SideNames {
        let own = SideNames::traditional(i18n, kind);
        if skin.fallback || skin.name == skin_name(default_skin(kind)) {
            return own;
        }
        let named = |side| skin.side_name(side).cloned();
        SideNames {
            hunters: named(Side::Hunters).unwrap_or(own.hunters),
            crowd: named(Side::Crowd).unwrap_or(own.crowd),
            single: single_piece_side(kind),
        }
    }
    /// The traditional names of a game, from the message files.
    pub fn traditional(i18n: &I18n, kind: GameId) -> SideNames {
        SideNames {
            hunters: i18n.traditional_name(kind, Side::Hunters),
            crowd: i18n.traditional_name(kind, Side::Crowd),
            single: single_piece_side(kind),
        }
    }
    pub fn get(&self, side: Side) -> &LocalName {
        match side {
            Side::Hunters => &self.hunters,
            Side::Crowd => &self.crowd,
        }
    }
    /// The side's name as a noun: plural, or singular for a side of one piece.
    fn noun(&self, i18n: &I18n, side: Side) -> String {
        let name = self.get(side).get(i18n.language());
        if self.single == Some(side) {
            name.one.clone()
        } else {
            name.plural.clone()
        }
    }
    /// "Pirates", capitalised, in the current language.
    pub fn title(&self, i18n: &I18n, side: Side) -> String {
        capitalise(&self.noun(i18n, side))
    }
    /// Adds a side's name to a message: `$side` as a plain noun
    /// ("pirates", "булгары"), `$side_title` capitalised (each language puts
    /// the capital where its sentence begins), and `$side_many`, the form
    /// after a number or "fewer than" ("булгар").
    pub fn with_side(&self, i18n: &I18n, msg: Msg, side: Side) -> Msg {
        let name = self.get(side).get(i18n.language());
        let noun = self.noun(i18n, side);
        msg.text("side_title", capitalise(&noun))
            .text("side", noun)
            .text(
                "side_many",
                name.many.clone().unwrap_or(name.plural.clone()),
            )
    }
}

/// The side made of a single piece, if any: Fox and Geese's fox, Kaooa's
/// vulture.
fn single_piece_side(kind: GameId) -> Option<Side> {
    let variant = Variant::new(kind);
    [Side::Hunters, Side::Crowd]
        .into_iter()
        .find(|&side| variant.side_count(side) == 1)
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
    strip_height: ResMut<'w, StripHeight>,
    next_frame: ResMut<'w, NextFrame>,
    status: Res<'w, InputStatus>,
    time: Res<'w, Time<Real>>,
    i18n: Res<'w, I18n>,
    screen: ResMut<'w, NextState<Screen>>,
    menu_page: ResMut<'w, MenuPage>,
    dialogs: ResMut<'w, Dialogs>,
    rules_window: ResMut<'w, RulesWindow>,
    saves_window: ResMut<'w, crate::game::shell::persist::SavesWindow>,
    skin: Res<'w, ActiveSkin>,
    commands: MessageWriter<'w, MatchCommand>,
    intents: MessageWriter<'w, MoveIntent>,
    online: Res<'w, Online>,
    online_commands: MessageWriter<'w, OnlineCommand>,
    settings: Res<'w, Settings>,
    notices: MessageWriter<'w, Notice>,
    analysis: Res<'w, AnalysisJob>,
    analysis_commands: MessageWriter<'w, AnalysisCommand>,
    save_commands: MessageWriter<'w, SaveCommand>,
    puzzles: PuzzleUi<'w>,
    lessons: LessonUi<'w>,
    spoken: ResMut<'w, speech::Spoken>,
}

/// The lessons from the player's mistakes, as the analysis section and
/// the lesson panel see them.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct LessonUi<'w> {
    session: Res<'w, LessonSession>,
    commands: MessageWriter<'w, LessonCommand>,
}

/// The puzzles as the menu page and the puzzle panel see them.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PuzzleUi<'w> {
    session: Res<'w, PuzzleSession>,
    commands: MessageWriter<'w, PuzzleCommand>,
    library: ResMut<'w, PuzzleLibrary>,
    sets: Res<'w, Assets<PuzzleSetAsset>>,
    server: Res<'w, AssetServer>,
    filters: ResMut<'w, crate::game::play::puzzle_pick::PuzzleFilters>,
    view: ResMut<'w, puzzles_page::PuzzlesView>,
}

impl GameUi<'_, '_> {
    fn names(&self) -> SideNames {
        SideNames::of_skin(&self.skin, &self.i18n, self.the_match.kind())
    }
    fn tr(&self, id: &str) -> String {
        self.i18n.tr(id)
    }

    fn submit_move_text(&mut self) {
        if let Some(mv) = read_move_box(&self.the_match, &mut self.state) {
            self.intents.write(MoveIntent {
                mv,
                source: MoveSource::Human,
            });
        }
    }
}

/// Reads the move box: the move to play (the box is cleared), or `None`
/// with the reason in `state.move_error`, which the panel shows
/// translated. Empty text is ignored.
pub fn read_move_box(the_match: &Match, state: &mut PanelState) -> Option<Move> {
    let text = state.move_text.trim().to_string();
    if text.is_empty() {
        return None;
    }
    match move_from_text(the_match, &text) {
        Ok(mv) => {
            state.move_text.clear();
            state.move_error = None;
            Some(mv)
        }
        Err(reason) => {
            state.move_error = Some(reason);
            None
        }
    }
}

/// The move a typed text names for the person to play now, or why there is
/// none (not their turn, the game over, review, not a legal move).
fn move_from_text(the_match: &Match, text: &str) -> Result<Move, Msg> {
    if !the_match.human_to_move() {
        return Err(Msg::new(if the_match.is_over() {
            "move-error-game-over"
        } else if the_match.reviewing().is_some() {
            "move-error-reviewing"
        } else {
            "move-error-not-your-turn"
        }));
    }
    the_match
        .game()
        .parse_move(text)
        .map_err(|e| Msg::new("move-error-text").nested("detail", e.to_msg()))
}
