//! The egui side panel and the game-over banner (menus come with the next issue).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::ai_task::AiJob;
use super::animation::AnimationSettings;
use super::board_view::{BoardLayout, PanelWidth};
use super::input::InputStatus;
use super::match_state::{Match, MatchCommand, MoveIntent, MoveRejected, MoveSource, Player};
use crate::ai::Level;
use crate::rules::{GameKind, OptionKey, Side, Variant};

mod panel;
mod saves;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelState>()
        .add_systems(
            EguiPrimaryContextPass,
            (panel::side_panel, panel::banner).chain(),
        )
        .add_systems(Update, remember_rejections.in_set(super::GameSet::View));
    saves::plugin(app);
}

/// What the panel remembers between frames.
#[derive(Resource)]
pub struct PanelState {
    /// The game and options a "New game" will start.
    pub next_variant: Variant,
    pub move_text: String,
    pub move_error: Option<String>,
    pub style_set: bool,
}

impl Default for PanelState {
    fn default() -> PanelState {
        PanelState {
            next_variant: Variant::new(GameKind::Pirates),
            move_text: String::new(),
            move_error: None,
            style_set: false,
        }
    }
}

/// A refused move (from the move box, or a click that raced the turn) is shown in the panel.
fn remember_rejections(mut rejected: MessageReader<MoveRejected>, mut state: ResMut<PanelState>) {
    for r in rejected.read() {
        state.move_error = Some(format!("{}: {}", r.mv, r.reason));
    }
}

/// Every player choice, for the combo boxes.
fn player_choices() -> impl Iterator<Item = Player> {
    std::iter::once(Player::Human).chain(Level::ALL.into_iter().map(Player::Ai))
}

/// The option keys of a game, for the new-game form.
fn options_of(kind: GameKind) -> impl Iterator<Item = OptionKey> {
    OptionKey::ALL.into_iter().filter(move |k| k.game() == kind)
}

/// Everything the panel reads and writes, gathered for the panel functions.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelParams<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    the_match: Res<'w, Match>,
    ai: Res<'w, AiJob>,
    state: ResMut<'w, PanelState>,
    layout: ResMut<'w, BoardLayout>,
    animation: ResMut<'w, AnimationSettings>,
    panel_width: ResMut<'w, PanelWidth>,
    status: Res<'w, InputStatus>,
    time: Res<'w, Time<Real>>,
    commands: MessageWriter<'w, MatchCommand>,
    intents: MessageWriter<'w, MoveIntent>,
}

impl PanelParams<'_, '_> {
    fn submit_move_text(&mut self) {
        let text = self.state.move_text.trim().to_string();
        if text.is_empty() {
            return;
        }
        if !self.the_match.human_to_move() {
            self.state.move_error = Some(if self.the_match.is_over() {
                "The game is over".to_string()
            } else {
                "It is not your turn".to_string()
            });
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
            Err(e) => self.state.move_error = Some(e.to_string()),
        }
    }
}

/// Side names for the panel: "Bulgars (crowd)".
fn side_label(the_match: &Match, side: Side) -> String {
    the_match.side_name(side)
}
