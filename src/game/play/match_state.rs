//! The `Match` resource: the only authority on the game being played.
//!
//! Everything that changes the game goes through here: move intents (from
//! clicks, drags, the move box or the AI) are validated by the rules and
//! applied, and commands (new game, undo, redo) rebuild the state. The view
//! only reads the `Match` and the messages it sends. In an online game the
//! server is the authority above it: the opponent's moves arrive as
//! [`MoveSource::Remote`] intents, and undo is not allowed
//! (`play::online`).

use std::sync::Arc;

use bevy::prelude::*;

use crate::game::common::redraw::NextFrame;

use crate::ai::Level;
use crate::coach::Analysis;
use crate::game::common::i18n::Msg;
use crate::game::common::settings::ThreatMarks;
use crate::rules::{Effects, Game, GameId, Move, Outcome, Position, Side, Variant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Match>()
        .init_resource::<MoveGate>()
        .add_message::<MoveIntent>()
        .add_message::<MoveApplied>()
        .add_message::<MoveRejected>()
        .add_message::<MatchCommand>()
        .add_message::<MatchReset>()
        .add_systems(
            Update,
            (
                apply_commands.in_set(crate::game::GameSet::Commands),
                apply_move_intents.in_set(crate::game::GameSet::Apply),
                draw_a_changed_match
                    .run_if(resource_changed::<Match>)
                    .after(crate::game::GameSet::Apply),
            ),
        );
}

/// A changed match (a move, a loaded game, an undo) is drawn at once, and
/// the frame after it too, where the view catches up.
fn draw_a_changed_match(mut next_frame: ResMut<NextFrame>) {
    next_frame.now();
}

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    Human,
    Ai(Level),
    /// Someone on another machine, through the game server.
    Remote,
}

impl Player {
    pub fn is_ai(self) -> bool {
        matches!(self, Player::Ai(_))
    }
}

/// How a match ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Conclusion {
    /// By the rules: a win or a draw, with its reason.
    Rules(Outcome),
    /// This side resigned; the other wins.
    Resigned(Side),
    /// Both sides agreed to a draw.
    DrawAgreed,
    /// This side's clock ran out (online); the other wins.
    TimeOut(Side),
    /// This side left the online game and the other claimed the win.
    Abandoned(Side),
    /// This side sat on its move in an online game without a clock past
    /// the server's stall time, and the other claimed the win.
    Stalled(Side),
    /// The online game was aborted: a side did not make its first move in
    /// time. It counts for nobody.
    Aborted,
}

impl Conclusion {
    /// The winning side, `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Conclusion::Rules(o) => o.winner,
            Conclusion::Resigned(side)
            | Conclusion::TimeOut(side)
            | Conclusion::Abandoned(side)
            | Conclusion::Stalled(side) => Some(side.other()),
            Conclusion::DrawAgreed | Conclusion::Aborted => None,
        }
    }
}

/// The game in progress, who plays it, and what can be redone.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    game: Game,
    /// A resignation, an agreed draw, or an online game's clock or
    /// abandonment (the rules' own endings are in `outcome`).
    ending: Option<Conclusion>,
    /// Review mode: the game as it stood after this many plies. Nothing is
    /// played while it is set; the live game is untouched.
    review: Option<Game>,
    /// The engine's line played out over the board (analysis): shown
    /// instead of the game or the reviewed ply; nothing is played meanwhile.
    preview: Option<LinePreview>,
    /// Indexed by [`Side::index`].
    players: [Player; 2],
    /// Moves taken back, the next to redo last.
    redo: Vec<Move>,
    /// Bumped on every change: a result computed for an older state is stale.
    generation: u64,
    outcome: Option<Outcome>,
    /// AI vs AI stops after an undo until resumed.
    pub paused: bool,
    /// Lines for players: huffs and the like, as messages to translate.
    pub log: Vec<Msg>,
    /// The game's analysis, once made (`play::analysis`); it may cover only
    /// the first moves, when the game went on after it.
    analysis: Option<Arc<Analysis>>,
}

impl Default for Match {
    /// The launch setup: Pirates and Bulgars, the player as the Bulgars
    /// against the AI on Medium.
    fn default() -> Match {
        Match::new(
            Variant::new(GameId::named("pirates")),
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
            ending: None,
            review: None,
            preview: None,
            players,
            redo: Vec::new(),
            generation: 0,
            outcome,
            paused: false,
            log: Vec::new(),
            analysis: None,
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
    pub fn kind(&self) -> GameId {
        self.game.variant().game
    }
    /// Whether the "threatened" overlay shows for this match with the
    /// player's setting: `Auto` shows it to a person playing the crowd
    /// against the computer at Beginner or Easy.
    pub fn shows_threats(&self, marks: ThreatMarks) -> bool {
        match marks {
            ThreatMarks::Always => true,
            ThreatMarks::Never => false,
            ThreatMarks::Auto => {
                self.player(Side::Crowd) == Player::Human
                    && matches!(
                        self.player(Side::Hunters),
                        Player::Ai(Level::Beginner | Level::Easy)
                    )
            }
        }
    }

    /// Who plays `role` now. The players of a two-round match swap roles
    /// for round two, so this follows the live game's round.
    pub fn player(&self, role: Side) -> Player {
        self.players[self.game.player_side(role).index()]
    }
    /// Who took `side` at the start (the player of that side throughout,
    /// but in a two-round match's second round): what a save or a rematch
    /// keeps.
    pub fn player_at_start(&self, side: Side) -> Player {
        self.players[side.index()]
    }
    /// Changes who plays `role` now; an online game's players stay as the
    /// room seated them.
    pub fn set_player(&mut self, role: Side, player: Player) {
        if self.is_online() || player == Player::Remote {
            return;
        }
        let seat = self.game.player_side(role).index();
        if self.players[seat] != player {
            self.players[seat] = player;
            self.generation += 1;
        }
    }
    pub fn generation(&self) -> u64 {
        self.generation
    }
    /// A game against someone on another machine: the server decides, and
    /// nothing is taken back.
    pub fn is_online(&self) -> bool {
        self.players.contains(&Player::Remote)
    }
    /// The rules' verdict, if the game ended by the rules.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// How the match ended: by the rules, a resignation or an agreed draw.
    pub fn conclusion(&self) -> Option<Conclusion> {
        self.ending.or(self.outcome.map(Conclusion::Rules))
    }
    pub fn is_over(&self) -> bool {
        self.conclusion().is_some()
    }

    /// The ply shown in review mode, if reviewing.
    pub fn reviewing(&self) -> Option<usize> {
        self.review.as_ref().map(Game::ply)
    }
    /// The game as the board shows it: the engine's line being previewed,
    /// the reviewed ply, or the live game.
    pub fn shown(&self) -> &Game {
        match &self.preview {
            Some(preview) => &preview.game,
            None => self.review.as_ref().unwrap_or(&self.game),
        }
    }
    /// The engine's line being previewed, if one is.
    pub fn preview(&self) -> Option<&LinePreview> {
        self.preview.as_ref()
    }
    /// Plays the analysis's line for the game's move number `ply` (from
    /// 1: the line the engine expects from the position before it, its
    /// best move first) out over the board, its first `step` moves played
    /// (as far as they are legal); `None` ends the preview.
    pub fn preview_line(&mut self, at: Option<(usize, usize)>) {
        let new = at.and_then(|(ply, step)| {
            let report = self.analysis.as_ref()?.plies.get(ply.checked_sub(1)?)?;
            let mut game = Game::from_position(*self.game.variant(), *self.game.initial_position());
            for mv in self.game.moves().take(ply - 1) {
                game.play_unchecked(mv);
            }
            // Only the moves that play here: a line of another game (a
            // stale analysis) stops where it stops fitting.
            let (mut line, mut walker) = (Vec::new(), game.clone());
            for text in &report.line {
                let Ok(mv) = walker.parse_move(text) else {
                    break;
                };
                if walker.play(&mv).is_err() {
                    break;
                }
                line.push(mv);
                if line.len() <= step {
                    game = walker.clone();
                }
            }
            Some(LinePreview {
                ply,
                step: step.min(line.len()),
                line,
                game,
            })
        });
        let key = |p: &Option<LinePreview>| p.as_ref().map(|p| (p.ply, p.step));
        if key(&self.preview) != key(&new) {
            self.preview = new;
            self.generation += 1;
        }
    }
    /// The position the board shows.
    pub fn shown_position(&self) -> &Position {
        self.shown().position()
    }
    /// Shows the game as it stood after `ply` plies (clamped to the game);
    /// `None`, or the live ply, returns to the live game.
    pub fn review(&mut self, ply: Option<usize>) {
        let ply = ply.filter(|&p| p < self.game.ply());
        if ply == self.reviewing() && self.preview.is_none() {
            return;
        }
        self.preview = None;
        self.review = ply.map(|p| {
            let mut g = Game::from_position(*self.game.variant(), *self.game.initial_position());
            for mv in self.game.moves().take(p) {
                g.play_unchecked(mv);
            }
            g
        });
        self.generation += 1;
    }
    /// Continues the game from the reviewed position: the later moves are
    /// taken back (and can be redone), and review ends.
    pub fn play_from_here(&mut self) {
        let Some(ply) = self.reviewing() else { return };
        if self.is_online() {
            return;
        }
        let mut taken = Vec::new();
        while self.game.ply() > ply {
            match self.game.undo() {
                Some(mv) => taken.push(mv),
                None => break,
            }
        }
        // The redo stack keeps the next move last.
        self.redo = taken;
        self.review = None;
        self.preview = None;
        self.ending = None;
        self.paused = !self.players.contains(&Player::Human);
        self.after_change();
    }

    /// The side to move resigns (or, with `side`, a given side).
    pub fn resign(&mut self, side: Side) {
        self.conclude(Conclusion::Resigned(side));
    }
    /// Ends the game as a draw both sides agreed to.
    pub fn agree_draw(&mut self) {
        self.conclude(Conclusion::DrawAgreed);
    }
    /// Ends a running game other than by the rules (a resignation, an
    /// agreed draw, a clock, an abandoned online game). A game already
    /// over stays as it ended.
    pub fn conclude(&mut self, conclusion: Conclusion) {
        if self.is_over() || matches!(conclusion, Conclusion::Rules(_)) {
            return;
        }
        self.ending = Some(conclusion);
        self.review = None;
        self.generation += 1;
    }
    pub fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }
    /// True when a person may move now (never in review mode).
    pub fn human_to_move(&self) -> bool {
        !self.is_over()
            && self.review.is_none()
            && self.preview.is_none()
            && self.player(self.side_to_move()) == Player::Human
    }
    /// The level of the AI to move, if an AI is to move in a running game
    /// (never in review mode: the AI waits).
    pub fn ai_to_move(&self) -> Option<Level> {
        match self.player(self.side_to_move()) {
            Player::Ai(level)
                if !self.is_over() && self.review.is_none() && self.preview.is_none() =>
            {
                Some(level)
            }
            _ => None,
        }
    }
    pub fn can_undo(&self) -> bool {
        self.game.ply() > 0 && !self.is_online()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_online()
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
    /// The game's analysis, if one was made (see `play::analysis` for the
    /// moves it covers).
    pub fn analysis(&self) -> Option<&Arc<Analysis>> {
        self.analysis.as_ref()
    }
    /// Keeps an analysis with the game (it is saved with it). Nothing the
    /// AI computed goes stale: the game is the same.
    pub fn set_analysis(&mut self, analysis: Option<Arc<Analysis>>) {
        self.analysis = analysis;
    }
    /// Crowd pieces taken since the game began, as the board shows it
    /// (also right for a game loaded from a position string).
    pub fn captures(&self) -> u32 {
        let start = self.game.initial_position().material(Side::Crowd);
        start.saturating_sub(self.shown_position().material(Side::Crowd))
    }

    /// Validates and plays a move; an illegal move changes nothing.
    pub fn play(&mut self, mv: &Move) -> Result<Effects, crate::rules::IllegalMove> {
        let effects = self.game.play(mv)?;
        if self.redo.last() == Some(mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.after_change();
        for p in effects.huffed {
            self.log
                .push(Msg::new("log-huffed").text("point", p.to_string()));
        }
        Ok(effects)
    }

    /// Takes back moves until a person is to move again (at least one ply).
    /// Returns the number of plies taken back.
    pub fn undo(&mut self) -> usize {
        if !self.can_undo() {
            return 0;
        }
        self.review = None;
        self.preview = None;
        let mut n = 0;
        while let Some(mv) = self.game.undo() {
            self.redo.push(mv);
            n += 1;
            if self.player(self.game.side_to_move()) == Player::Human {
                break;
            }
        }
        if n > 0 {
            // Taking a move back reopens a resigned or agreed game.
            self.ending = None;
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
        if !self.can_redo() {
            return 0;
        }
        self.review = None;
        self.preview = None;
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
    /// The game server relayed it (online): the opponent's move, or ours
    /// played on another connection. The server already checked it; the
    /// rules check it again like any other.
    Remote,
}

/// The engine's line played out over the board, from the position before
/// an analysed move ([`Match::preview_line`]).
#[derive(Clone, Debug)]
pub struct LinePreview {
    /// The analysed move (from 1) whose position the line starts from.
    pub ply: usize,
    /// The line's moves played so far.
    pub step: usize,
    pub line: Vec<Move>,
    game: Game,
}

impl LinePreview {
    /// The line's next move, to show as an arrow.
    pub fn next_move(&self) -> Option<Move> {
        self.line.get(self.step).copied()
    }
}

/// A narrower rule than the game's for a person's moves: a puzzle accepts
/// only its answer, a lesson any move its check found better. A legal move
/// outside `Some(answers)` is refused (`MoveRejected`, "not the answer");
/// `None` lets every legal move through.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct MoveGate(pub Option<Vec<Move>>);

impl MoveGate {
    /// Only `answer`, when there is one; every move when there is none.
    pub fn one(answer: Option<Move>) -> MoveGate {
        MoveGate(answer.map(|mv| vec![mv]))
    }
    /// True when the gate refuses `mv`.
    pub fn refuses(&self, mv: &Move) -> bool {
        self.0.as_ref().is_some_and(|answers| !answers.contains(mv))
    }
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
    /// The move's text, with the board's point names.
    pub text: String,
    pub reason: Msg,
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
    /// Show the game after this many plies; `None` returns to the live game.
    Review(Option<usize>),
    /// Continue the game from the reviewed position.
    PlayFromHere,
    /// This side gives up.
    Resign(Side),
    /// Both sides agree to a draw.
    AgreeDraw,
    /// Play the analysis's line for a move (from 1) out over the board, so
    /// many of its moves in; `None` ends it.
    PreviewLine(Option<(usize, usize)>),
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
            MatchCommand::Review(ply) => {
                let before = the_match.reviewing();
                the_match.review(ply);
                if the_match.reviewing() != before {
                    reset.write(MatchReset);
                }
            }
            MatchCommand::PlayFromHere => {
                if the_match.reviewing().is_some() {
                    the_match.play_from_here();
                    reset.write(MatchReset);
                }
            }
            MatchCommand::Resign(side) => the_match.resign(side),
            MatchCommand::AgreeDraw => the_match.agree_draw(),
            MatchCommand::PreviewLine(at) => {
                let before = the_match.generation();
                the_match.preview_line(at);
                if the_match.generation() != before {
                    reset.write(MatchReset);
                }
            }
        }
    }
}

fn apply_move_intents(
    mut intents: MessageReader<MoveIntent>,
    mut the_match: ResMut<Match>,
    gate: Res<MoveGate>,
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
            // The server's word stands even while the player reviews.
            MoveSource::Remote => the_match.is_online(),
        };
        if !allowed {
            if intent.source == MoveSource::Human {
                rejected.write(MoveRejected {
                    mv: intent.mv,
                    text: the_match.game().move_text(&intent.mv),
                    reason: Msg::new("move-error-not-your-turn"),
                });
            }
            continue;
        }
        if intent.source == MoveSource::Human
            && gate.refuses(&intent.mv)
            && the_match.game().is_legal(&intent.mv)
        {
            rejected.write(MoveRejected {
                mv: intent.mv,
                text: the_match.game().move_text(&intent.mv),
                reason: Msg::new("move-error-not-the-answer"),
            });
            continue;
        }
        let side = the_match.side_to_move();
        // A move played while the board shows an earlier position is not
        // animated there: the board shows it when review ends.
        let reviewing = the_match.reviewing().is_some();
        match the_match.play(&intent.mv) {
            Ok(_) if reviewing => {}
            Ok(effects) => {
                applied.write(MoveApplied {
                    mv: intent.mv,
                    side,
                    effects,
                });
            }
            // The online plugin sees the game differ from the server's and
            // takes the server's whole game instead.
            Err(e) if intent.source == MoveSource::Remote => {
                warn!("the server's move does not play here: {e}");
            }
            Err(e) => {
                rejected.write(MoveRejected {
                    mv: intent.mv,
                    text: e.text.clone(),
                    reason: if e.game_over {
                        Msg::new("move-error-game-over")
                    } else {
                        Msg::new("move-error-illegal")
                    },
                });
            }
        }
    }
}
