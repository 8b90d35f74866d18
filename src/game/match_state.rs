//! The `Match` resource: the only authority on the game being played.
//!
//! Everything that changes the game goes through here: move intents (from
//! clicks, drags, the move box or the AI) are validated by the rules and
//! applied, and commands (new game, undo, redo) rebuild the state. The view
//! only reads the `Match` and the messages it sends.

use bevy::prelude::*;

use crate::ai::Level;
use crate::rules::{Effects, Game, GameKind, Move, Outcome, Side, Variant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Match>()
        .add_message::<MoveIntent>()
        .add_message::<MoveApplied>()
        .add_message::<MoveRejected>()
        .add_message::<MatchCommand>()
        .add_message::<MatchReset>()
        .add_systems(
            Update,
            (
                apply_commands.in_set(super::GameSet::Commands),
                apply_move_intents.in_set(super::GameSet::Apply),
            ),
        );
}

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    Human,
    Ai(Level),
}

impl Player {
    pub fn name(self) -> String {
        match self {
            Player::Human => "Human".to_string(),
            Player::Ai(level) => format!("AI {}", level.name()),
        }
    }
    pub fn is_ai(self) -> bool {
        matches!(self, Player::Ai(_))
    }
}

/// The game in progress, who plays it, and what can be redone.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    game: Game,
    /// Indexed by [`Side::index`].
    players: [Player; 2],
    /// Moves taken back, the next to redo last.
    redo: Vec<Move>,
    /// Bumped on every change: a result computed for an older state is stale.
    generation: u64,
    outcome: Option<Outcome>,
    /// AI vs AI stops after an undo until resumed.
    pub paused: bool,
    /// Lines for players: huffs, errors, the end.
    pub log: Vec<String>,
}

impl Default for Match {
    /// The launch setup: Pirates and Bulgars, the player as the Bulgars
    /// against the AI on Medium.
    fn default() -> Match {
        Match::new(
            Variant::new(GameKind::Pirates),
            Match::players(Player::Ai(Level::Medium), Player::Human),
        )
    }
}

impl Match {
    pub fn new(variant: Variant, players: [Player; 2]) -> Match {
        Match::from_game(Game::new(variant), players)
    }

    pub fn from_game(game: Game, players: [Player; 2]) -> Match {
        let outcome = game.outcome();
        Match {
            game,
            players,
            redo: Vec::new(),
            generation: 0,
            outcome,
            paused: false,
            log: Vec::new(),
        }
    }

    /// Players as an array indexed by side.
    pub fn players(hunters: Player, crowd: Player) -> [Player; 2] {
        let mut p = [Player::Human; 2];
        p[Side::Hunters.index()] = hunters;
        p[Side::Crowd.index()] = crowd;
        p
    }

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn variant(&self) -> &Variant {
        self.game.variant()
    }
    pub fn kind(&self) -> GameKind {
        self.game.variant().kind
    }
    pub fn player(&self, side: Side) -> Player {
        self.players[side.index()]
    }
    pub fn set_player(&mut self, side: Side, player: Player) {
        if self.players[side.index()] != player {
            self.players[side.index()] = player;
            self.generation += 1;
        }
    }
    pub fn generation(&self) -> u64 {
        self.generation
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    pub fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }
    /// True when a person may move now.
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && self.player(self.side_to_move()) == Player::Human
    }
    /// The level of the AI to move, if an AI is to move in a running game.
    pub fn ai_to_move(&self) -> Option<Level> {
        match self.player(self.side_to_move()) {
            Player::Ai(level) if !self.is_over() => Some(level),
            _ => None,
        }
    }
    pub fn can_undo(&self) -> bool {
        self.game.ply() > 0
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// The moves taken back, the next to redo first (what a save keeps).
    pub fn redo_moves(&self) -> impl ExactSizeIterator<Item = &Move> {
        self.redo.iter().rev()
    }
    /// This match with moves to redo, the next to redo first (a loaded
    /// save). The caller checks they are playable in turn.
    pub fn with_redo(mut self, redo: impl IntoIterator<Item = Move>) -> Match {
        self.redo = redo.into_iter().collect();
        self.redo.reverse();
        self
    }
    /// Replaces this match by another (a loaded or pasted game), keeping the
    /// generation rising so nothing computed for the old one (an AI search)
    /// is taken for the new one.
    pub fn replace(&mut self, new: Match) {
        let generation = self.generation.max(new.generation) + 1;
        *self = new;
        self.generation = generation;
    }
    /// Crowd pieces taken since the game began (also right for a game
    /// loaded from a position string).
    pub fn captures(&self) -> u32 {
        let start = self.game.initial_position().material(Side::Crowd);
        start.saturating_sub(self.game.position().material(Side::Crowd))
    }
    /// A side's display name: "Bulgars", "pirates" capitalised.
    pub fn side_name(&self, side: Side) -> String {
        let (plural, _, _) = self.kind().piece_names(side);
        let mut s = plural.to_string();
        if let Some(first) = s.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        s
    }

    /// Validates and plays a move; an illegal move changes nothing.
    pub fn play(&mut self, mv: &Move) -> Result<Effects, crate::rules::IllegalMove> {
        let side = self.side_to_move();
        let effects = self.game.play(mv)?;
        if self.redo.last() == Some(mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.after_change();
        for p in effects.huffed {
            let (_, one, _) = self.kind().piece_names(side);
            self.log.push(format!(
                "Huffed: the {one} on {p} could have jumped and did not, so it is removed."
            ));
        }
        if let Some(outcome) = self.outcome {
            self.log.push(outcome.describe(self.kind()));
        }
        Ok(effects)
    }

    /// Takes back moves until a person is to move again (at least one ply).
    /// Returns the number of plies taken back.
    pub fn undo(&mut self) -> usize {
        let mut n = 0;
        while let Some(mv) = self.game.undo() {
            self.redo.push(mv);
            n += 1;
            if self.player(self.game.side_to_move()) == Player::Human {
                break;
            }
        }
        if n > 0 {
            // Without a person to hand the turn to, the AIs would replay at once.
            if !self.players.contains(&Player::Human) {
                self.paused = true;
            }
            self.after_change();
        }
        n
    }

    /// Replays taken-back moves until a person is to move again (at least one ply).
    pub fn redo(&mut self) -> usize {
        let mut n = 0;
        while let Some(mv) = self.redo.pop() {
            if self.game.play(&mv).is_err() {
                // The redo stack no longer fits the game: drop it.
                self.redo.clear();
                break;
            }
            n += 1;
            if self.player(self.game.side_to_move()) == Player::Human || self.game.is_over() {
                break;
            }
        }
        if n > 0 {
            self.after_change();
        }
        n
    }

    fn after_change(&mut self) {
        self.generation += 1;
        self.outcome = self.game.outcome();
    }
}

/// A request to play a move; it is checked by the rules like any other.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveIntent {
    pub mv: Move,
    pub source: MoveSource,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSource {
    /// A click, a drag or the move box.
    Human,
    /// The AI, for the match generation it searched.
    Ai { generation: u64 },
}

/// A move the `Match` accepted, for the view to animate.
#[derive(Message, Clone, Copy, Debug)]
pub struct MoveApplied {
    pub mv: Move,
    pub side: Side,
    pub effects: Effects,
}

/// A move the `Match` refused; nothing changed.
#[derive(Message, Clone, Debug)]
pub struct MoveRejected {
    pub mv: Move,
    pub reason: String,
}

/// Commands that rebuild the match instead of playing one move.
#[derive(Message, Clone, Copy, Debug)]
pub enum MatchCommand {
    NewGame {
        variant: Variant,
        players: [Player; 2],
    },
    Undo,
    Redo,
    SetPlayer(Side, Player),
    SetPaused(bool),
}

/// The match changed other than by one move: the view drops its animations
/// and redraws from the `Match`.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct MatchReset;

fn apply_commands(
    mut commands: MessageReader<MatchCommand>,
    mut the_match: ResMut<Match>,
    mut reset: MessageWriter<MatchReset>,
) {
    for command in commands.read() {
        match *command {
            MatchCommand::NewGame { variant, players } => {
                *the_match = Match::new(variant, players);
                reset.write(MatchReset);
            }
            MatchCommand::Undo => {
                if the_match.undo() > 0 {
                    reset.write(MatchReset);
                }
            }
            MatchCommand::Redo => {
                if the_match.redo() > 0 {
                    reset.write(MatchReset);
                }
            }
            MatchCommand::SetPlayer(side, player) => the_match.set_player(side, player),
            MatchCommand::SetPaused(paused) => the_match.paused = paused,
        }
    }
}

fn apply_move_intents(
    mut intents: MessageReader<MoveIntent>,
    mut the_match: ResMut<Match>,
    mut applied: MessageWriter<MoveApplied>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for intent in intents.read() {
        let allowed = match intent.source {
            MoveSource::Human => the_match.human_to_move(),
            // A result for an older state (undo, new game) is dropped quietly.
            MoveSource::Ai { generation } => {
                generation == the_match.generation() && the_match.ai_to_move().is_some()
            }
        };
        if !allowed {
            if intent.source == MoveSource::Human {
                rejected.write(MoveRejected {
                    mv: intent.mv,
                    reason: "it is not your turn".to_string(),
                });
            }
            continue;
        }
        let side = the_match.side_to_move();
        match the_match.play(&intent.mv) {
            Ok(effects) => {
                applied.write(MoveApplied {
                    mv: intent.mv,
                    side,
                    effects,
                });
            }
            Err(e) => {
                rejected.write(MoveRejected {
                    mv: intent.mv,
                    reason: e.to_string(),
                });
            }
        }
    }
}
