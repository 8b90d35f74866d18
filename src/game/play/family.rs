//! A game of the hunt family (`assets/games/*.game.ron`) being played: the
//! authoritative [`FamilyMatch`], the commands and moves that change it, and
//! the computer's moves, searched away from the frame loop.
//!
//! The four classic games keep their own [`super::match_state::Match`], with
//! their analysis, puzzles and online play; a family game is played on its
//! own screen ([`Screen::Family`]), whose board the `ui` wing draws from the
//! file's point coordinates. Nothing here spawns an entity.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::ai_worker::{self, FamilyPoll, WorkerFamilyRun};
use super::match_state::Player;
use crate::ai::Level;
use crate::ai::family::{FamilyResult, FamilySearch};
use crate::game::common::redraw::{FrameWaker, NextFrame};
use crate::game::common::screens::Screen;
use crate::rules::Side;
use crate::rules::family::{HuntGame, HuntMove, HuntMoveKind, HuntOutcome, Ruleset};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FamilyMatch>()
        .init_resource::<FamilyAi>()
        .init_resource::<FamilyGate>()
        .add_message::<FamilyCommand>()
        .add_message::<FamilyIntent>()
        .add_message::<FamilyRefused>()
        .add_systems(
            Update,
            (
                apply_family_commands.in_set(crate::game::GameSet::Commands),
                apply_family_intents.in_set(crate::game::GameSet::Apply),
                drive_family_ai
                    .in_set(crate::game::GameSet::Ai)
                    .run_if(in_state(Screen::Family)),
            ),
        )
        .add_systems(OnExit(Screen::Family), stop_family_ai);
}

/// How long the computer's move takes at least, so that a reply does not
/// land before the player has seen their own move arrive.
const AI_MIN_THINK: Duration = Duration::from_millis(450);

/// The family game on the board, when there is one.
#[derive(Resource, Default, Clone)]
pub struct FamilyMatch {
    pub play: Option<FamilyPlay>,
}

/// One family game: the rules' game, who plays each side, and what the
/// view needs to show the last move.
#[derive(Clone)]
pub struct FamilyPlay {
    pub game: HuntGame,
    /// Indexed by [`Side::index`].
    pub players: [Player; 2],
    /// Bumped on every change: a search of an older state is stale.
    pub generation: u64,
    pub outcome: Option<HuntOutcome>,
    /// The side that resigned, if one did.
    pub resigned: Option<Side>,
    /// The last move, who made it and the points it captured on.
    pub last: Option<LastMove>,
    /// The skin the board is drawn in (a skin file's name).
    pub skin: String,
}

#[derive(Clone, Debug)]
pub struct LastMove {
    pub mv: HuntMove,
    pub side: Side,
    pub captured: Vec<u8>,
}

impl FamilyPlay {
    pub fn new(rules: Arc<Ruleset>, players: [Player; 2], skin: String) -> FamilyPlay {
        let game = HuntGame::new(rules);
        let outcome = game.outcome();
        FamilyPlay {
            game,
            players,
            generation: 0,
            outcome,
            resigned: None,
            last: None,
            skin,
        }
    }

    /// A game played so far (an autosave, or the launch's `--moves`): its
    /// last move shown.
    pub fn resumed(game: HuntGame, players: [Player; 2], skin: String) -> FamilyPlay {
        let mut play = FamilyPlay::new(game.rules.clone(), players, skin);
        let last = game.moves().last().copied().zip(game.movers().last());
        play.last = last.map(|(mv, side)| LastMove {
            mv,
            side,
            captured: game.rules.captured(&mv),
        });
        play.game = game;
        play.outcome = play.game.outcome();
        play
    }

    pub fn rules(&self) -> &Ruleset {
        &self.game.rules
    }
    pub fn side_to_move(&self) -> Side {
        self.game.position().side_to_move
    }
    pub fn player(&self, side: Side) -> Player {
        self.players[side.index()]
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some() || self.resigned.is_some()
    }
    /// The winner once the game is over (`None` for a draw or a game on).
    pub fn winner(&self) -> Option<Side> {
        match self.resigned {
            Some(side) => Some(side.other()),
            None => self.outcome.and_then(|o| o.winner),
        }
    }
    /// True when a person may move now.
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && self.player(self.side_to_move()) == Player::Human
    }
    pub fn ply(&self) -> usize {
        self.game.moves().count()
    }
    /// Whether "take back" has something to take back: back to the last
    /// move of a person (the computer's reply goes with it).
    pub fn can_undo(&self) -> bool {
        self.game
            .movers()
            .any(|side| self.player(side) == Player::Human)
    }

    /// Plays a legal move; anything else changes nothing.
    pub fn play(&mut self, mv: &HuntMove) -> bool {
        if self.is_over() || self.game.play(mv).is_err() {
            return false;
        }
        let side = self.side_to_move().other();
        self.last = Some(LastMove {
            mv: *mv,
            side,
            captured: self.game.rules.captured(mv),
        });
        self.changed();
        true
    }

    /// Takes back plies until a person is to move again (at least one).
    pub fn undo(&mut self) {
        self.resigned = None;
        while self.game.undo().is_some() {
            if self.player(self.side_to_move()) == Player::Human {
                break;
            }
        }
        self.last = None;
        self.changed();
    }

    pub fn resign(&mut self, side: Side) {
        if !self.is_over() {
            self.resigned = Some(side);
            self.generation += 1;
        }
    }

    fn changed(&mut self) {
        self.outcome = self.game.outcome();
        self.generation += 1;
    }
}

/// What the family screen asks of the game.
#[derive(Message, Clone)]
pub enum FamilyCommand {
    /// A new game of these rules.
    Start {
        rules: Arc<Ruleset>,
        players: [Player; 2],
        skin: String,
    },
    /// The same game again from the start, with the same players.
    Restart,
    /// Take back to the player's last move.
    Undo,
    /// The side to move (a person) gives up.
    Resign,
}

/// A move a person chose on the board, for the game of this generation.
#[derive(Message, Clone, Copy)]
pub struct FamilyIntent {
    pub mv: HuntMove,
    pub generation: u64,
}

fn apply_family_commands(
    mut commands: MessageReader<FamilyCommand>,
    mut family: ResMut<FamilyMatch>,
    mut ai: ResMut<FamilyAi>,
) {
    for command in commands.read() {
        ai.stop();
        match command {
            FamilyCommand::Start {
                rules,
                players,
                skin,
            } => {
                let mut play = FamilyPlay::new(rules.clone(), *players, skin.clone());
                // A new game is never mistaken for the last one's.
                play.generation = family.play.as_ref().map_or(0, |p| p.generation + 1);
                family.play = Some(play);
            }
            FamilyCommand::Restart => {
                if let Some(old) = &family.play {
                    let mut play =
                        FamilyPlay::new(old.game.rules.clone(), old.players, old.skin.clone());
                    play.generation = old.generation + 1;
                    family.play = Some(play);
                }
            }
            FamilyCommand::Undo => {
                if let Some(play) = family.play.as_mut().filter(|p| p.can_undo()) {
                    play.undo();
                }
            }
            FamilyCommand::Resign => {
                if let Some(play) = family.play.as_mut() {
                    let side = play.side_to_move();
                    play.resign(side);
                }
            }
        }
    }
}

/// A narrower rule than the game's for a person's moves: a puzzle of a
/// family game accepts only its answer. A legal move other than
/// `Some(answer)` is refused ([`FamilyRefused`]); `None` lets every legal
/// move through.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyGate(pub Option<HuntMove>);

/// A legal move the gate refused; nothing changed.
#[derive(Message, Clone, Copy, Debug)]
pub struct FamilyRefused(pub HuntMove);

fn apply_family_intents(
    mut intents: MessageReader<FamilyIntent>,
    mut family: ResMut<FamilyMatch>,
    gate: Res<FamilyGate>,
    mut refused: MessageWriter<FamilyRefused>,
    mut next_frame: ResMut<NextFrame>,
) {
    for intent in intents.read() {
        let Some(play) = family.play.as_mut() else {
            continue;
        };
        if intent.generation != play.generation || !play.human_to_move() {
            continue;
        }
        if gate.0.is_some_and(|answer| answer != intent.mv)
            && play.game.legal_moves().contains(&intent.mv)
        {
            refused.write(FamilyRefused(intent.mv));
            next_frame.now();
            continue;
        }
        if play.play(&intent.mv) {
            next_frame.now();
        }
    }
}

/// The computer's search of a family game, while one runs.
#[derive(Resource, Default)]
pub struct FamilyAi {
    job: Option<FamilyJob>,
}

struct FamilyJob {
    generation: u64,
    runner: Runner,
    started: web_time::Instant,
    /// The answer, held until the minimum think time has passed.
    answer: Option<Option<HuntMove>>,
}

impl FamilyAi {
    /// True while the computer is thinking.
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }
    fn stop(&mut self) {
        if let Some(job) = self.job.take()
            && let Runner::Pool { stop, .. } = &job.runner
        {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Where a family search runs: on the compute pool (the desktop), or in the
/// page's AI worker (the web, whose pool is the page's own thread).
enum Runner {
    Pool {
        task: Task<Option<FamilyResult>>,
        stop: Arc<AtomicBool>,
    },
    /// Dropping it stops the search in the worker.
    Worker(WorkerFamilyRun),
}

impl Runner {
    /// The move found, once the search is over (`Some(None)`: no move).
    fn poll(&mut self) -> Option<Option<HuntMove>> {
        match self {
            Runner::Pool { task, .. } => check_ready(task).map(|r| r.map(|r| r.best)),
            Runner::Worker(run) => match run.poll() {
                FamilyPoll::Waiting => None,
                FamilyPoll::Done(mv) => Some(Some(mv)),
                FamilyPoll::Nothing => Some(None),
                // The worker broke: no move from it (the next frame starts
                // the search again, on the pool).
                FamilyPoll::Failed(reason) => {
                    warn!("the AI worker failed a family search: {reason}");
                    Some(None)
                }
            },
        }
    }
}

fn stop_family_ai(mut ai: ResMut<FamilyAi>) {
    ai.stop();
}

/// Starts a search when the computer is to move, and plays its answer once
/// it is in (and the view has had time to show the last move).
fn drive_family_ai(
    mut family: ResMut<FamilyMatch>,
    mut ai: ResMut<FamilyAi>,
    waker: Res<FrameWaker>,
    mut next_frame: ResMut<NextFrame>,
) {
    let Some(play) = family.play.as_ref() else {
        ai.stop();
        return;
    };
    let level = match play.player(play.side_to_move()) {
        Player::Ai(level) if !play.is_over() => level,
        _ => {
            ai.stop();
            return;
        }
    };
    if ai
        .job
        .as_ref()
        .is_some_and(|j| j.generation != play.generation)
    {
        ai.stop();
    }
    if ai.job.is_none() {
        ai.job = Some(start_search(play, level, &waker));
    }
    let job = ai.job.as_mut().expect("just started");
    if job.answer.is_none()
        && let Some(answer) = job.runner.poll()
    {
        job.answer = Some(answer);
    }
    let waited = job.started.elapsed();
    if job.answer.is_none() || waited < AI_MIN_THINK {
        let wait = if job.answer.is_some() {
            AI_MIN_THINK.saturating_sub(waited)
        } else {
            next_frame.thinking_pulse()
        };
        next_frame.within(wait);
        return;
    }
    let answer = ai.job.take().and_then(|j| j.answer).flatten();
    if let (Some(mv), Some(play)) = (answer, family.play.as_mut()) {
        play.play(&mv);
        next_frame.now();
    }
}

fn start_search(play: &FamilyPlay, level: Level, waker: &FrameWaker) -> FamilyJob {
    let seed = play.generation ^ (play.ply() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let worker = if cfg!(target_arch = "wasm32") && !ai_worker::unavailable() {
        WorkerFamilyRun::start(&play.game, level, seed, waker)
    } else {
        None
    };
    let runner = match worker {
        Some(run) => Runner::Worker(run),
        None => {
            let stop = Arc::new(AtomicBool::new(false));
            let mut search =
                FamilySearch::for_level(&play.game, level, seed).with_stop(stop.clone());
            let waker = waker.clone();
            let task = AsyncComputeTaskPool::get().spawn(async move {
                let result = search.run();
                waker.wake();
                result
            });
            Runner::Pool { task, stop }
        }
    };
    FamilyJob {
        generation: play.generation,
        runner,
        started: web_time::Instant::now(),
        answer: None,
    }
}

/// A person's move chosen by clicks on the board: a piece, then where it
/// goes, hop by hop for a capture chain (clicking the piece again where a
/// chain may stop ends it there); or, with pieces to place, a point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picking {
    /// The piece picked up.
    pub selected: Option<u8>,
    /// The landings chosen so far.
    pub path: Vec<u8>,
}

/// What a click did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A whole move is chosen: play it (the picking starts over).
    Play(HuntMove),
    /// The picking changed (or not); a message id of `family.ftl` that
    /// tells the player why, when it needs telling.
    Picked(Option<&'static str>),
}

impl Picking {
    /// The moves that go on from the picked piece along the hops chosen.
    fn chains(moves: &[HuntMove], from: u8, path: &[u8]) -> Vec<HuntMove> {
        moves
            .iter()
            .filter(|m| matches!(m.kind, HuntMoveKind::Step | HuntMoveKind::Jump))
            .filter(|m| m.from == from && m.landings().starts_with(path))
            .copied()
            .collect()
    }

    /// Where the next click may go: the next hops of the picked piece, or
    /// the points to place on.
    pub fn targets(&self, moves: &[HuntMove]) -> u64 {
        match self.selected {
            Some(from) => Self::chains(moves, from, &self.path)
                .iter()
                .filter_map(|m| m.landings().get(self.path.len()))
                .fold(0, |set, &p| set | 1 << p),
            None => moves
                .iter()
                .filter(|m| m.kind == HuntMoveKind::Place)
                .fold(0, |set, m| set | 1 << m.to()),
        }
    }

    /// A click on `p`, with the legal `moves` and the mover's pieces `own`.
    pub fn click(&mut self, moves: &[HuntMove], own: u64, p: u8) -> Pick {
        if let Some(from) = self.selected {
            let end = self.path.last().copied().unwrap_or(from);
            // The piece clicked again where it stands: stop the chain there.
            if p == end && !self.path.is_empty() {
                let whole = Self::chains(moves, from, &self.path)
                    .into_iter()
                    .find(|m| m.landings().len() == self.path.len());
                return match whole {
                    Some(mv) => self.play(mv),
                    None => Pick::Picked(Some("family-hint-finish-chain")),
                };
            }
            let mut longer = self.path.clone();
            longer.push(p);
            let going_on = Self::chains(moves, from, &longer);
            if !going_on.is_empty() {
                let ends_here = going_on.iter().find(|m| m.landings() == longer.as_slice());
                let more = going_on.iter().any(|m| m.landings().len() > longer.len());
                return match (ends_here, more) {
                    (Some(&mv), false) => self.play(mv),
                    (ends_here, _) => {
                        self.path = longer;
                        Pick::Picked(ends_here.map(|_| "family-hint-stop-or-go-on"))
                    }
                };
            }
            if !self.path.is_empty() {
                // A chain half chosen stays chosen: only its next hops count.
                return Pick::Picked(Some("family-hint-finish-chain"));
            }
            if p == from {
                *self = Picking::default();
                return Pick::Picked(None);
            }
        }
        if let Some(&mv) = moves
            .iter()
            .find(|m| m.kind == HuntMoveKind::Place && m.to() == p)
        {
            return self.play(mv);
        }
        *self = Picking::default();
        if own & (1 << p) == 0 {
            return Pick::Picked(None);
        }
        if Self::chains(moves, p, &[]).is_empty() {
            let placing = moves.iter().any(|m| m.kind == HuntMoveKind::Place);
            return Pick::Picked(Some(if placing {
                "family-hint-place-first"
            } else {
                "family-hint-stuck-piece"
            }));
        }
        self.selected = Some(p);
        Pick::Picked(None)
    }

    fn play(&mut self, mv: HuntMove) -> Pick {
        *self = Picking::default();
        Pick::Play(mv)
    }
}
