//! Puzzles in the game: a game's set loaded as an asset
//! (`assets/puzzles/<game>.ron`, [`PuzzleLibrary`]), and one puzzle solved
//! on the normal board ([`PuzzleSession`]).
//!
//! A puzzle puts its position in the `Match` (the game that was there is
//! kept aside and put back when the player leaves), the player on the
//! solver's side and the computer, paused, on the other. The `MoveGate`
//! lets only the line's next answer through: another legal move is refused
//! and its piece shakes ("try again"). After a right answer the computer
//! plays the line's reply, through the same checks as any move. Solving
//! (or giving up after a wrong move or a hint) counts in the player's
//! puzzle progress, kept with the settings.
//!
//! "Next" picks among the puzzles the page's filters let through
//! (`puzzle_pick`); a streak picks its own, harder and harder
//! (`puzzle_streak`), and a wrong move or a hint ends it.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::ai::Level;
use crate::coach::puzzle::{Attempt, Puzzle, PuzzleRun, PuzzleSet};
use crate::game::GameSet;
use crate::game::common::puzzle_progress::{PuzzleProgress, Rated};
use crate::game::common::redraw::NextFrame;
use crate::game::common::settings::Settings;
use crate::game::common::text_asset::{FromText, FromTextLoader};
use crate::game::common::view::{ShakePiece, ViewBusy};
use crate::game::play::match_state::{
    Match, MatchReset, MoveApplied, MoveGate, MoveIntent, MoveRejected, MoveSource, Player,
};
use crate::game::play::puzzle_pick::{PuzzleFilters, next_puzzle};
use crate::game::play::puzzle_streak::Streak;
use crate::rules::{Game, GameId};

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<PuzzleSetAsset>()
        .init_asset_loader::<FromTextLoader<PuzzleSetAsset>>()
        .init_resource::<PuzzleLibrary>()
        .init_resource::<PuzzleSession>()
        .init_resource::<PuzzleFilters>()
        .add_message::<PuzzleCommand>()
        .add_systems(
            Update,
            (
                apply_puzzle_commands.in_set(GameSet::Commands),
                follow_the_line.in_set(GameSet::Ai),
                crate::game::play::puzzle_pick::keep_filters,
            ),
        );
}

/// How long the computer waits before its reply, once the board is still
/// (seconds): long enough to see the answer land.
const REPLY_DELAY: f64 = 0.35;
/// The message a wrong answer is refused with (the gate's).
pub const NOT_THE_ANSWER: &str = "move-error-not-the-answer";

/// A game's puzzle set, read from its RON file.
#[derive(Asset, TypePath, Debug)]
pub struct PuzzleSetAsset(pub PuzzleSet);

impl FromText for PuzzleSetAsset {
    fn from_text(text: &str) -> Result<PuzzleSetAsset, String> {
        PuzzleSet::from_ron(text)
            .map(PuzzleSetAsset)
            .map_err(|e| e.to_string())
    }
}

/// The puzzle sets, each asked for the first time it is wanted.
#[derive(Resource, Default)]
pub struct PuzzleLibrary {
    handles: HashMap<GameId, Handle<PuzzleSetAsset>>,
}

/// Where a game's set stands.
pub enum SetState<'a> {
    Loading,
    Ready(&'a PuzzleSet),
    /// It could not be read: why, for the player.
    Missing(String),
}

impl PuzzleLibrary {
    /// A game's set, asked for if it was not yet.
    pub fn set<'a>(
        &mut self,
        kind: GameId,
        server: &AssetServer,
        sets: &'a Assets<PuzzleSetAsset>,
    ) -> SetState<'a> {
        let handle = self
            .handles
            .entry(kind)
            .or_insert_with(|| server.load(PuzzleSet::asset_path(kind)));
        if let Some(set) = sets.get(&*handle) {
            return SetState::Ready(&set.0);
        }
        match server.get_load_state(&*handle) {
            Some(bevy::asset::LoadState::Failed(e)) => SetState::Missing(e.to_string()),
            _ => SetState::Loading,
        }
    }
}

/// A request about puzzles, from the puzzles page and panel (or a test).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum PuzzleCommand {
    /// Solve this puzzle of a game's set (`index` in the set, for "next").
    Start {
        kind: GameId,
        index: usize,
        puzzle: Box<Puzzle>,
    },
    /// Solve the next puzzle of a game that its filter lets through
    /// (after the one being solved, when it is of that game).
    Next { kind: GameId },
    /// Begin a streak in a game with its first puzzle.
    StreakStart { kind: GameId },
    /// The streak's next puzzle, once the last one is solved.
    StreakNext,
    /// Show the answer expected now as an arrow (counts as help, and ends
    /// a streak).
    Hint,
    /// Back to the puzzle's position.
    Retry,
    /// Leave the puzzle and put back the game that was on the board.
    Leave,
}

/// How the puzzle being solved stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleStatus {
    /// The player's move.
    YourMove,
    /// The last move tried was not the answer: try again.
    Wrong,
    /// Right: the computer replies, then it is the player's move again.
    Right,
    Solved,
}

/// The puzzle being solved, if any, and the game it put aside.
#[derive(Resource, Default)]
pub struct PuzzleSession {
    active: Option<ActivePuzzle>,
    /// The streak the puzzle belongs to, if any (kept once over, to show).
    streak: Option<Streak>,
    /// The game that was on the board, put back on leaving.
    put_aside: Option<Match>,
}

/// One puzzle being solved.
pub struct ActivePuzzle {
    pub kind: GameId,
    /// Its place in the game's set.
    pub index: usize,
    pub puzzle: Puzzle,
    /// Its id in the player's progress.
    pub id: String,
    run: PuzzleRun,
    pub status: PuzzleStatus,
    /// Wrong moves tried, and hints asked for.
    pub mistakes: u32,
    pub hints: u32,
    /// The hint's arrow is up (until the next right answer).
    hint_shown: bool,
    /// What this puzzle did to the rating, once it counted.
    pub rating_change: Option<f64>,
    /// Solved before this try: it does not move the rating.
    pub solved_before: bool,
    /// The computer's reply waits until this time (real seconds).
    reply_at: f64,
}

impl ActivePuzzle {
    /// The player's move was played: the line moves on, the reply is due
    /// after a pause, or the puzzle is solved and counted.
    fn answered(&mut self, mv: &crate::rules::Move, now: f64, progress: &mut PuzzleProgress) {
        match self.run.try_move(mv) {
            Attempt::Wrong => {}
            Attempt::Right { .. } => {
                self.status = PuzzleStatus::Right;
                self.hint_shown = false;
                self.reply_at = now + REPLY_DELAY;
            }
            Attempt::Solved => {
                self.status = PuzzleStatus::Solved;
                self.hint_shown = false;
                if self.rating_change.is_none() && !self.solved_before {
                    let rated = self.rated(self.clean());
                    self.rating_change = progress.record(self.kind, &self.id, rated, true);
                } else {
                    progress.mark_solved(self.kind, &self.id);
                }
            }
        }
    }
    /// The side the player plays.
    pub fn solver(&self) -> crate::rules::Side {
        self.run.solver()
    }
    /// The move the hint shows, while it is up.
    pub fn hint(&self) -> Option<crate::rules::Move> {
        self.run.expected().filter(|_| self.hint_shown)
    }
    /// Whether it was solved with no wrong move and no hint.
    pub fn clean(&self) -> bool {
        self.mistakes == 0 && self.hints == 0
    }
    /// This puzzle as the rating sees it.
    fn rated(&self, clean: bool) -> Rated {
        Rated {
            goal: self.puzzle.goal,
            difficulty: self.puzzle.difficulty(),
            clean,
        }
    }
}

impl PuzzleSession {
    pub fn active(&self) -> Option<&ActivePuzzle> {
        self.active.as_ref()
    }
    pub fn is_active(&self) -> bool {
        self.active.is_some()
    }
    /// The streak being played (or just over), if any.
    pub fn streak(&self) -> Option<&Streak> {
        self.streak.as_ref()
    }
}

/// Run condition: a puzzle is being solved.
pub fn in_puzzle(session: Option<Res<PuzzleSession>>) -> bool {
    session.is_some_and(|s| s.is_active())
}

/// The players of a puzzle: the person on the solver's side, the computer
/// (paused: it plays only the line's replies) on the other.
fn puzzle_match(game: Game) -> Match {
    let solver = game.side_to_move();
    let computer = Player::Ai(Level::Master);
    let players = match solver {
        crate::rules::Side::Hunters => Match::players(Player::Human, computer),
        crate::rules::Side::Crowd => Match::players(computer, Player::Human),
    };
    let mut the_match = Match::from_game(game, players);
    the_match.paused = true;
    the_match
}

/// Everything the puzzle systems change.
#[derive(bevy::ecs::system::SystemParam)]
struct PuzzleParams<'w> {
    session: ResMut<'w, PuzzleSession>,
    the_match: ResMut<'w, Match>,
    gate: ResMut<'w, MoveGate>,
    settings: ResMut<'w, Settings>,
    reset: MessageWriter<'w, MatchReset>,
    library: ResMut<'w, PuzzleLibrary>,
    server: Res<'w, AssetServer>,
    sets: Res<'w, Assets<PuzzleSetAsset>>,
    filters: Res<'w, PuzzleFilters>,
}

fn apply_puzzle_commands(mut commands: MessageReader<PuzzleCommand>, mut p: PuzzleParams) {
    for command in commands.read() {
        match command {
            PuzzleCommand::Start {
                kind,
                index,
                puzzle,
            } => {
                p.end_streak();
                p.start(*kind, *index, puzzle);
            }
            PuzzleCommand::Next { kind } => p.next(*kind),
            PuzzleCommand::StreakStart { kind } => {
                p.end_streak();
                // The theme chosen on the puzzles page holds for the
                // streak; its difficulty is the streak's own.
                let goal = p.filters.get(*kind).goal;
                p.session.streak = Some(Streak::of_theme(*kind, goal));
                p.streak_next();
            }
            PuzzleCommand::StreakNext => p.streak_next(),
            PuzzleCommand::Hint => {
                let session = p.session.as_mut();
                if let Some(active) = session.active.as_mut()
                    && active.status != PuzzleStatus::Solved
                {
                    active.hints += 1;
                    active.hint_shown = true;
                    if let Some(streak) = session.streak.as_mut() {
                        streak.missed();
                    }
                }
            }
            PuzzleCommand::Retry => p.retry(),
            PuzzleCommand::Leave => {
                p.end_streak();
                p.leave();
            }
        }
    }
}

impl PuzzleParams<'_> {
    fn start(&mut self, kind: GameId, index: usize, puzzle: &Puzzle) {
        // A puzzle left unsolved after help counts before the next begins.
        self.count_unsolved();
        let Ok(run) = PuzzleRun::new(puzzle) else {
            warn!("puzzle {index} of {kind:?} does not play: skipped");
            return;
        };
        let put_aside = self.the_match.clone();
        self.the_match.replace(puzzle_match(run.game().clone()));
        if self.session.put_aside.is_none() {
            self.session.put_aside = Some(put_aside);
        }
        *self.gate = MoveGate::one(run.expected());
        let id = puzzle.id();
        let solved_before = self.settings.puzzles.is_puzzle_solved(kind, puzzle);
        self.session.active = Some(ActivePuzzle {
            kind,
            index,
            id,
            solved_before,
            puzzle: puzzle.clone(),
            run,
            status: PuzzleStatus::YourMove,
            mistakes: 0,
            hints: 0,
            hint_shown: false,
            rating_change: None,
            reply_at: 0.0,
        });
        self.reset.write(MatchReset);
    }

    /// The next puzzle of `kind` its filter lets through.
    fn next(&mut self, kind: GameId) {
        self.end_streak();
        let after = self
            .session
            .active
            .as_ref()
            .filter(|a| a.kind == kind)
            .map(|a| a.index);
        let filter = self.filters.get(kind);
        let SetState::Ready(set) = self.library.set(kind, &self.server, &self.sets) else {
            return;
        };
        if let Some(index) = next_puzzle(set, &self.settings.puzzles, filter, after) {
            let puzzle = set.puzzles[index].clone();
            self.start(kind, index, &puzzle);
        }
    }

    /// The streak's next puzzle, when the streak can go on.
    fn streak_next(&mut self) {
        let Some(streak) = self.session.streak.as_mut() else {
            return;
        };
        let kind = streak.kind;
        let SetState::Ready(set) = self.library.set(kind, &self.server, &self.sets) else {
            return;
        };
        if let Some(index) = streak.next(set, &self.settings.puzzles) {
            let puzzle = set.puzzles[index].clone();
            self.start(kind, index, &puzzle);
        }
    }

    /// Any other puzzle, or leaving, ends the streak (its best was kept
    /// as it grew; a puzzle of it left unsolved counts in the rating as
    /// any other, in `count_unsolved`).
    fn end_streak(&mut self) {
        self.session.streak = None;
    }

    fn retry(&mut self) {
        let Some(active) = self.session.active.as_mut() else {
            return;
        };
        let Ok(run) = PuzzleRun::new(&active.puzzle) else {
            return;
        };
        self.the_match.replace(puzzle_match(run.game().clone()));
        *self.gate = MoveGate::one(run.expected());
        active.run = run;
        active.status = PuzzleStatus::YourMove;
        active.hint_shown = false;
        self.reset.write(MatchReset);
    }

    fn leave(&mut self) {
        self.count_unsolved();
        self.session.active = None;
        self.gate.0 = None;
        if let Some(game) = self.session.put_aside.take() {
            self.the_match.replace(game);
            self.reset.write(MatchReset);
        }
    }

    /// A puzzle given up after a wrong move or a hint counts as not solved.
    fn count_unsolved(&mut self) {
        let Some(active) = self.session.active.as_mut() else {
            return;
        };
        if active.rating_change.is_none() && !active.clean() && !active.solved_before {
            active.rating_change =
                self.settings
                    .puzzles
                    .record(active.kind, &active.id, active.rated(false), false);
        }
    }
}

/// Follows the line: a refused answer shakes its piece, a right one plays
/// the reply after a pause, the last one solves the puzzle.
fn follow_the_line(
    mut p: PuzzleParams,
    mut applied: MessageReader<MoveApplied>,
    mut rejected: MessageReader<MoveRejected>,
    mut intents: MessageWriter<MoveIntent>,
    mut shakes: MessageWriter<ShakePiece>,
    (busy, time): (Res<ViewBusy>, Res<Time<Real>>),
    mut next_frame: ResMut<NextFrame>,
) {
    let now = time.elapsed_secs_f64();
    let session = p.session.as_mut();
    let Some(active) = session.active.as_mut() else {
        applied.clear();
        rejected.clear();
        return;
    };
    for r in rejected.read() {
        if r.reason.id == NOT_THE_ANSWER {
            active.mistakes += 1;
            active.status = PuzzleStatus::Wrong;
            if let Some(streak) = session.streak.as_mut() {
                streak.missed();
            }
            if !r.mv.is_placement() {
                shakes.write(ShakePiece(r.mv.from()));
            }
        }
    }
    for a in applied.read() {
        if a.side == active.run.solver() {
            active.answered(&a.mv, now, &mut p.settings.puzzles);
        }
    }
    // A streak's puzzle solved cleanly adds to it (once: `solved` acts
    // only while the puzzle is being solved).
    if active.status == PuzzleStatus::Solved
        && active.clean()
        && let Some(streak) = session.streak.as_mut()
    {
        streak.solved(&mut p.settings.puzzles);
    }
    // The computer's reply, once the answer has landed.
    let played = p.the_match.game().ply();
    let reply = active.run.game().moves().nth(played).copied();
    if reply.is_some() {
        // The reply is due after its pause (the board's motion asks for
        // its own frames).
        next_frame.within_secs(active.reply_at - now);
    }
    if let Some(mv) = reply
        && !busy.0
        && now >= active.reply_at
        && p.the_match.ai_to_move().is_some()
    {
        intents.write(MoveIntent {
            mv,
            source: MoveSource::Ai {
                generation: p.the_match.generation(),
            },
        });
    }
    let caught_up = played == active.run.game().ply();
    if caught_up && active.status == PuzzleStatus::Right {
        active.status = PuzzleStatus::YourMove;
    }
    let answer = active.run.expected().filter(|_| caught_up);
    p.gate.set_if_neq(MoveGate::one(answer));
}
