//! Learn from your mistakes: after an analysis, each mistake and blunder
//! of the person's side becomes a puzzle from the position before it,
//! "find a better move" ([`crate::coach::lesson`] finds them and which
//! moves count as better).
//!
//! Finding them searches every legal move of each position, so it runs
//! like the analysis: a task on Bevy's compute pool on the desktop (the
//! lessons show as each is found), a few milliseconds a frame on the web.
//! Bagh-Chal's table judges them on the desktop; the web page does not
//! load it (the AI worker has its own copy), so there the engine's
//! searches judge, and the panel says which.
//!
//! A lesson is played on the normal board like a puzzle: the game that was
//! there is put aside (and put back on leaving), the person plays the side
//! that erred, the computer is paused, and the `MoveGate` lets through the
//! moves the check accepts. Another legal move is refused and its piece
//! shakes ("try again"). Hints show the best move. Lessons never touch the
//! puzzle rating.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::ai::{Level, Tablebase};
use crate::coach::Analysis;
use crate::coach::lesson::{LESSON_EFFORT, Lesson, LessonFinder, lesson_plies};
use crate::game::GameSet;
use crate::game::common::redraw::{FrameWaker, LoadWatch, NextFrame};
use crate::game::common::view::ShakePiece;
use crate::game::play::ai_task::TablebaseAsset;
use crate::game::play::match_state::{
    Match, MatchReset, MoveApplied, MoveGate, MoveRejected, Player,
};
use crate::game::play::puzzle::NOT_THE_ANSWER;
use crate::rules::{Move, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LessonSession>()
        .add_message::<LessonCommand>()
        .add_systems(
            Update,
            (
                apply_lesson_commands.in_set(GameSet::Commands),
                (drive_finder, follow_lesson).in_set(GameSet::Ai),
            ),
        )
        .add_systems(Last, cancel_on_exit);
}

// The finder steps, slices and waits for the table as the analysis does.
use super::ai_task::TABLE_PATH;
use super::analysis::{STEP_NODES, TABLE_WAIT_SECONDS, WEB_SLICE};

/// What the player asks of the lessons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonCommand {
    /// Look for the lessons of the match's analysis (nothing happens when
    /// they are found or being found for it).
    Find,
    /// Play the lesson at this place in the list.
    Start(usize),
    /// The next lesson, after the one being played.
    Next,
    /// Show the best move as an arrow.
    Hint,
    /// Back to the lesson's position.
    Retry,
    /// Leave and put back the game that was on the board.
    Leave,
}

/// How the lesson being played stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonStatus {
    /// The player's move.
    YourMove,
    /// The last move tried was not better: try again.
    Wrong,
    /// A better move was played.
    Solved,
}

/// The lessons of the match's analysis, the one being played, and the game
/// it put aside.
#[derive(Resource, Default)]
pub struct LessonSession {
    /// The analysis the lessons are of (compared by pointer: a new
    /// analysis means new lessons).
    of: Option<Arc<Analysis>>,
    /// The sides whose mistakes they are.
    sides: Vec<Side>,
    finding: Option<Finding>,
    lessons: Vec<Lesson>,
    /// Mistakes looked at, out of all (a lesson, or dropped because the
    /// closer look found the move played as good as any).
    progress: (usize, usize),
    active: Option<ActiveLesson>,
    put_aside: Option<Match>,
}

/// The lesson being played.
#[derive(Clone, Debug)]
pub struct ActiveLesson {
    /// Its place in [`LessonSession::lessons`].
    pub index: usize,
    pub status: LessonStatus,
    /// Wrong moves tried, and hints asked for.
    pub mistakes: u32,
    pub hints: u32,
    hint_shown: bool,
    /// The better move the player found.
    pub answer: Option<Move>,
}

impl LessonSession {
    /// The lessons found so far for `analysis`, in the game's order.
    pub fn lessons_of(&self, analysis: &Arc<Analysis>) -> Option<&[Lesson]> {
        self.of
            .as_ref()
            .filter(|a| Arc::ptr_eq(a, analysis))
            .map(|_| self.lessons.as_slice())
    }
    /// All the lessons found so far.
    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }
    /// True while lessons are still being looked for.
    pub fn is_finding(&self) -> bool {
        self.finding.is_some()
    }
    /// Mistakes looked at, out of all.
    pub fn progress(&self) -> (usize, usize) {
        self.progress
    }
    pub fn active(&self) -> Option<&ActiveLesson> {
        self.active.as_ref()
    }
    pub fn is_active(&self) -> bool {
        self.active.is_some()
    }
    /// The lesson being played.
    pub fn lesson(&self) -> Option<&Lesson> {
        self.lessons.get(self.active.as_ref()?.index)
    }
    /// The move the hint shows, while it is up.
    pub fn hint(&self) -> Option<Move> {
        let active = self.active.as_ref().filter(|a| a.hint_shown)?;
        self.lessons.get(active.index).map(|l| l.best)
    }
    /// The sides whose mistakes become lessons: the people's, or both
    /// when no person plays (a game between computers).
    pub fn sides_of(the_match: &Match) -> Vec<Side> {
        let people: Vec<Side> = [Side::Hunters, Side::Crowd]
            .into_iter()
            .filter(|s| the_match.player(*s) == Player::Human)
            .collect();
        if people.is_empty() {
            vec![Side::Hunters, Side::Crowd]
        } else {
            people
        }
    }
    /// How many mistakes of the people's sides `analysis` has, each a
    /// lesson to look for.
    pub fn mistakes_in(the_match: &Match, analysis: &Analysis) -> usize {
        lesson_plies(analysis, &Self::sides_of(the_match)).len()
    }
}

/// Run condition: a lesson is being played.
pub fn in_lesson(session: Option<Res<LessonSession>>) -> bool {
    session.is_some_and(|s| s.is_active())
}

/// The search for lessons under way.
struct Finding {
    work: Work,
    /// Stops a pool task; set when the finding is dropped.
    cancel: Arc<AtomicBool>,
}

impl Drop for Finding {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

enum Work {
    /// The desktop: waiting for Bagh-Chal's table (asked for at `since`).
    Waiting {
        finder_args: Box<(crate::rules::Game, Analysis)>,
        table: Handle<TablebaseAsset>,
        since: f64,
    },
    /// A pool task; the lessons it finds appear in `shared` as they come.
    Pool {
        shared: Arc<Mutex<Found>>,
        _task: Task<()>,
    },
    /// Slices between frames. (A resource must be `Sync`; the finder is
    /// only `Send`: the mutex is never locked, `get_mut` is all that is used.)
    Slices(Box<Mutex<LessonFinder>>),
}

/// What a pool task has found so far.
#[derive(Default)]
struct Found {
    lessons: Vec<Lesson>,
    progress: (usize, usize),
    done: bool,
}

impl Found {
    fn of(finder: &LessonFinder) -> Found {
        Found {
            lessons: finder.lessons().to_vec(),
            progress: finder.progress(),
            done: finder.is_done(),
        }
    }
}

fn new_finder(
    game: &crate::rules::Game,
    analysis: &Analysis,
    sides: &[Side],
    table: Option<Arc<Tablebase>>,
) -> LessonFinder {
    LessonFinder::new(game, analysis, sides, LESSON_EFFORT, table)
}

/// Everything the lesson systems change.
#[derive(bevy::ecs::system::SystemParam)]
struct LessonParams<'w> {
    session: ResMut<'w, LessonSession>,
    the_match: ResMut<'w, Match>,
    gate: ResMut<'w, MoveGate>,
    reset: MessageWriter<'w, MatchReset>,
    server: Res<'w, AssetServer>,
    watch: ResMut<'w, LoadWatch>,
    time: Res<'w, Time<Real>>,
    waker: Res<'w, FrameWaker>,
}

fn apply_lesson_commands(mut commands: MessageReader<LessonCommand>, mut p: LessonParams) {
    for command in commands.read() {
        match *command {
            LessonCommand::Find => p.find(),
            LessonCommand::Start(index) => p.start(index),
            LessonCommand::Next => {
                if let Some(active) = &p.session.active {
                    let next = active.index + 1;
                    if next < p.session.lessons.len() {
                        p.start(next);
                    }
                }
            }
            LessonCommand::Hint => {
                if let Some(active) = p.session.active.as_mut()
                    && active.status != LessonStatus::Solved
                {
                    active.hints += 1;
                    active.hint_shown = true;
                }
            }
            LessonCommand::Retry => {
                if let Some(index) = p.session.active.as_ref().map(|a| a.index) {
                    p.start(index);
                }
            }
            LessonCommand::Leave => p.leave(),
        }
    }
}

impl LessonParams<'_> {
    /// Starts looking for the lessons of the match's analysis.
    fn find(&mut self) {
        // While a lesson is played the board holds its position: the
        // analysis is the game's put aside.
        let the_match = self.session.put_aside.as_ref().unwrap_or(&*self.the_match);
        let Some(analysis) = the_match.analysis().cloned() else {
            return;
        };
        let same = self
            .session
            .of
            .as_ref()
            .is_some_and(|a| Arc::ptr_eq(a, &analysis));
        if same {
            return;
        }
        let sides = LessonSession::sides_of(the_match);
        let total = LessonSession::mistakes_in(the_match, &analysis);
        let game = the_match.game().clone();
        let session = &mut *self.session;
        session.of = Some(analysis.clone());
        session.lessons.clear();
        session.progress = (0, total);
        session.sides = sides;
        let cancel = Arc::new(AtomicBool::new(false));
        let native = !cfg!(target_arch = "wasm32");
        let work = if native && game.variant().game.id() == "bagh-chal" {
            let table = self.server.load::<TablebaseAsset>(TABLE_PATH);
            self.watch.watch(table.clone());
            Work::Waiting {
                finder_args: Box::new((game, (*analysis).clone())),
                table,
                since: self.time.elapsed_secs_f64(),
            }
        } else {
            let finder = new_finder(&game, &analysis, &session.sides, None);
            start(finder, native, cancel.clone(), &self.waker)
        };
        session.finding = Some(Finding { work, cancel });
    }

    /// Puts lesson `index`'s position on the board.
    fn start(&mut self, index: usize) {
        let Some(lesson) = self.session.lessons.get(index) else {
            return;
        };
        let computer = Player::Ai(Level::Master);
        let players = match lesson.side {
            Side::Hunters => Match::players(Player::Human, computer),
            Side::Crowd => Match::players(computer, Player::Human),
        };
        let mut board = Match::from_game(lesson.game.clone(), players);
        board.paused = true;
        *self.gate = MoveGate(Some(lesson.accepted.clone()));
        let put_aside = self.the_match.clone();
        self.the_match.replace(board);
        if self.session.put_aside.is_none() {
            self.session.put_aside = Some(put_aside);
        }
        self.session.active = Some(ActiveLesson {
            index,
            status: LessonStatus::YourMove,
            mistakes: 0,
            hints: 0,
            hint_shown: false,
            answer: None,
        });
        self.reset.write(MatchReset);
    }

    fn leave(&mut self) {
        self.session.active = None;
        self.gate.0 = None;
        if let Some(game) = self.session.put_aside.take() {
            self.the_match.replace(game);
            self.reset.write(MatchReset);
        }
    }
}

/// Starts `finder` on the pool (the desktop) or in slices (the web).
fn start(finder: LessonFinder, pool: bool, cancel: Arc<AtomicBool>, waker: &FrameWaker) -> Work {
    if !pool {
        return Work::Slices(Box::new(Mutex::new(finder)));
    }
    let shared = Arc::new(Mutex::new(Found::of(&finder)));
    let task = spawn_finder(finder, shared.clone(), cancel, waker);
    Work::Pool {
        shared,
        _task: task,
    }
}

/// The whole search as one pool task, publishing each lesson as it is
/// found; it wakes the app when one is.
fn spawn_finder(
    mut finder: LessonFinder,
    shared: Arc<Mutex<Found>>,
    cancel: Arc<AtomicBool>,
    waker: &FrameWaker,
) -> Task<()> {
    let waker = waker.clone();
    AsyncComputeTaskPool::get().spawn(async move {
        loop {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            let before = finder.progress();
            finder.step(STEP_NODES);
            if finder.progress() != before {
                *shared.lock().unwrap_or_else(|e| e.into_inner()) = Found::of(&finder);
                waker.wake();
            }
            if finder.is_done() {
                return;
            }
            // The pool may have one thread: let a search for the computer's
            // move, spawned meanwhile, have it.
            bevy::tasks::futures_lite::future::yield_now().await;
        }
    })
}

fn drive_finder(
    mut session: ResMut<LessonSession>,
    time: Res<Time<Real>>,
    (server, tables): (Res<AssetServer>, Res<Assets<TablebaseAsset>>),
    (waker, mut next_frame): (Res<FrameWaker>, ResMut<NextFrame>),
) {
    let session = &mut *session;
    let Some(finding) = session.finding.as_mut() else {
        return;
    };
    let now = time.elapsed_secs_f64();
    if let Work::Waiting {
        finder_args,
        table,
        since,
    } = &finding.work
    {
        let loaded = tables.get(table).map(|t| t.0.clone());
        let failed = server.get_load_state(table).is_some_and(|s| s.is_failed());
        if loaded.is_none() && !failed && now - since < TABLE_WAIT_SECONDS {
            next_frame.thinking();
            return;
        }
        let (game, analysis) = &**finder_args;
        let finder = new_finder(game, analysis, &session.sides, loaded);
        finding.work = start(finder, true, finding.cancel.clone(), &waker);
    }
    let done = match &mut finding.work {
        Work::Waiting { .. } => false,
        Work::Pool { shared, .. } => {
            let found = shared.lock().unwrap_or_else(|e| e.into_inner());
            if found.lessons.len() != session.lessons.len() || found.progress != session.progress {
                session.lessons = found.lessons.clone();
                session.progress = found.progress;
            }
            next_frame.thinking();
            found.done
        }
        Work::Slices(finder) => {
            let finder = finder.get_mut().unwrap_or_else(|e| e.into_inner());
            let start = web_time::Instant::now();
            while !finder.is_done() && start.elapsed() < WEB_SLICE {
                finder.step(STEP_NODES);
            }
            if finder.lessons().len() != session.lessons.len() {
                session.lessons = finder.lessons().to_vec();
            }
            session.progress = finder.progress();
            next_frame.now();
            finder.is_done()
        }
    };
    if done {
        session.finding = None;
    }
}

/// A refused move shakes its piece; a move let through solves the lesson.
fn follow_lesson(
    mut session: ResMut<LessonSession>,
    mut gate: ResMut<MoveGate>,
    mut applied: MessageReader<MoveApplied>,
    mut rejected: MessageReader<MoveRejected>,
    mut shakes: MessageWriter<ShakePiece>,
) {
    let session = &mut *session;
    let Some(active) = session.active.as_mut() else {
        applied.clear();
        rejected.clear();
        return;
    };
    let Some(lesson) = session.lessons.get(active.index) else {
        return;
    };
    for r in rejected.read() {
        if r.reason.id == NOT_THE_ANSWER {
            active.mistakes += 1;
            active.status = LessonStatus::Wrong;
            if !r.mv.is_placement() {
                shakes.write(ShakePiece(r.mv.from()));
            }
        }
    }
    for a in applied.read() {
        if a.side == lesson.side && active.status != LessonStatus::Solved {
            active.status = LessonStatus::Solved;
            active.answer = Some(a.mv);
            active.hint_shown = false;
            gate.0 = None;
        }
    }
}

fn cancel_on_exit(mut exits: MessageReader<AppExit>, mut session: ResMut<LessonSession>) {
    if exits.read().count() > 0 {
        session.finding = None;
    }
}
