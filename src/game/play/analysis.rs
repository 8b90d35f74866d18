//! The game analysed in the background: on request (`AnalysisCommand`),
//! every move of the live game graded by the coach
//! ([`crate::coach::GameAnalyser`]), its progress shown while it runs, and
//! the finished [`Analysis`] kept in the `Match` (saved with the game, so
//! the same game is never analysed twice).
//!
//! Play never waits for it:
//!
//! - **Pool** (the desktop): the whole analysis is one task on Bevy's async
//!   compute pool. Its progress is published through an atomic, and it
//!   yields the pool's thread between steps, so a search for the
//!   computer's move spawned meanwhile runs at once.
//! - **Worker** (the web): the game goes to the page's AI worker
//!   ([`super::ai_worker`]), which analyses it in turns with the computer's
//!   searches and fetches Bagh-Chal's table itself; its replies wake the app.
//! - **Slices** (a page without a worker, or whose worker broke): a few
//!   milliseconds of analysis per frame, on the page's one thread.
//!
//! While it runs the app draws at the "thinking" pulse (progress), every
//! frame for slices (each frame is a slice); a pool task or the worker
//! wakes the app when it is done, so the result shows at once.
//!
//! The analysis is of the game as it stood when asked; moves played since
//! leave it covering the game's first moves ([`analysed_plies`]). Undo, a
//! new game or a load do not stop it: its result is kept only if the game
//! still begins with the moves it judged.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::coach::{Analysis, Effort, GameAnalyser, PlyReport, Progress};
use crate::game::GameSet;
use crate::game::common::redraw::{FrameWaker, LoadWatch, NextFrame};
use crate::game::play::ai_task::{TABLE_PATH, TablebaseAsset};
use crate::game::play::ai_worker::{self, AnalysisPoll, WorkerAnalysisRun};
use crate::game::play::match_state::Match;
use crate::rules::Game;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnalysisJob>()
        .add_message::<AnalysisCommand>()
        .add_systems(
            Update,
            (apply_analysis_commands, drive_analysis)
                .chain()
                .in_set(GameSet::Ai),
        )
        .add_systems(Last, cancel_on_exit);
}

/// Nodes per step of the analyser (and the lessons' finder): about a
/// millisecond of work, so a cancelled analysis stops at once and the
/// web's slices keep their length.
pub(crate) const STEP_NODES: u64 = 4_000;
/// The web: how long a frame's slice of analysis (or lessons) may run.
pub(crate) const WEB_SLICE: Duration = Duration::from_millis(6);
/// How long an analysis of Bagh-Chal (or its lessons) waits for the table
/// to load before it goes without (its verdicts are then the search's
/// alone).
pub(crate) const TABLE_WAIT_SECONDS: f64 = 30.0;

/// What the player asks of the analysis.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisCommand {
    /// Analyse the live game (nothing happens when its analysis is there
    /// or under way).
    Start,
    /// Stop the analysis under way.
    Cancel,
}

/// Where an analysis runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisRunner {
    /// To the end on a pool thread (the desktop).
    Pool,
    /// In the page's AI worker (the web); in slices where there is none.
    Worker,
    /// In slices between frames.
    Slices,
}

impl AnalysisRunner {
    pub fn for_platform() -> AnalysisRunner {
        if cfg!(target_arch = "wasm32") {
            AnalysisRunner::Worker
        } else {
            AnalysisRunner::Pool
        }
    }
}

/// The analysis under way, if any, and how analyses are made.
#[derive(Resource)]
pub struct AnalysisJob {
    run: Option<Run>,
    /// How hard each position is looked at.
    pub effort: Effort,
    pub runner: AnalysisRunner,
}

impl Default for AnalysisJob {
    fn default() -> AnalysisJob {
        AnalysisJob::new(Effort::STANDARD, AnalysisRunner::for_platform())
    }
}

/// How far the analysis under way has come.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisProgress {
    pub progress: Progress,
    /// Bagh-Chal: still waiting for the table to load.
    pub loading_table: bool,
    /// The number of moves being analysed.
    pub plies: usize,
    /// Where it runs (a worker that breaks leaves the rest to slices).
    pub runner: AnalysisRunner,
}

impl AnalysisJob {
    /// Analyses made with this effort on this runner (tests ask for quick ones).
    pub fn new(effort: Effort, runner: AnalysisRunner) -> AnalysisJob {
        AnalysisJob {
            run: None,
            effort,
            runner,
        }
    }
    /// The progress of the analysis under way.
    pub fn progress(&self) -> Option<AnalysisProgress> {
        self.run.as_ref().map(|run| AnalysisProgress {
            progress: run.progress,
            loading_table: matches!(run.work, Work::Waiting { table: Some(_), .. }),
            plies: run.game.ply(),
            runner: match run.work {
                Work::Waiting { .. } => self.runner,
                Work::Pool { .. } => AnalysisRunner::Pool,
                Work::Worker(_) => AnalysisRunner::Worker,
                Work::Slices(_) => AnalysisRunner::Slices,
            },
        })
    }
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }
    /// Stops the analysis under way (a pool task sees the flag between steps).
    pub fn cancel(&mut self) {
        self.run = None;
    }
}

/// One analysis under way.
struct Run {
    /// The game as it stood when the analysis was asked for.
    game: Game,
    work: Work,
    progress: Progress,
    /// Stops a pool task; set when the run is dropped.
    cancel: Arc<AtomicBool>,
}

impl Drop for Run {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

enum Work {
    /// Not started: Bagh-Chal waits for its table (asked for at `since`,
    /// real seconds); other games start on the next frame.
    Waiting {
        table: Option<Handle<TablebaseAsset>>,
        since: f64,
    },
    Pool {
        task: Task<Option<Analysis>>,
        progress: Arc<SharedProgress>,
    },
    Worker(WorkerAnalysisRun),
    /// (A resource must be `Sync`; the analyser is only `Send`: the mutex
    /// is never locked, its `get_mut` is all that is used.)
    Slices(Box<Mutex<GameAnalyser>>),
}

/// How many of the game's moves `analysis` judges: the moves it and the
/// game share from the same start (0 for another game's analysis).
pub fn analysed_plies(analysis: &Analysis, game: &Game) -> usize {
    let start = crate::rules::position_string(game.variant(), game.initial_position());
    if analysis.start != start {
        return 0;
    }
    analysis
        .moves
        .iter()
        .zip(game.moves())
        .take(analysis.plies.len())
        .take_while(|(a, m)| **a == game.move_text(m))
        .count()
}

/// The report of the match's move number `ply` (from 1), when its analysis
/// covers that move.
pub fn ply_report(the_match: &Match, ply: usize) -> Option<&PlyReport> {
    let analysis = the_match.analysis()?;
    (ply >= 1 && ply <= analysed_plies(analysis, the_match.game()))
        .then(|| &analysis.plies[ply - 1])
}

/// True when the match's game has moves its analysis (if any) does not
/// cover: what the "Analyse" button offers.
pub fn can_analyse(the_match: &Match) -> bool {
    let plies = the_match.game().ply();
    plies > 0
        && the_match
            .analysis()
            .is_none_or(|a| analysed_plies(a, the_match.game()) < plies)
}

fn apply_analysis_commands(
    mut commands: MessageReader<AnalysisCommand>,
    mut job: ResMut<AnalysisJob>,
    the_match: Res<Match>,
    server: Res<AssetServer>,
    time: Res<Time<Real>>,
    mut watch: ResMut<LoadWatch>,
) {
    for command in commands.read() {
        match command {
            AnalysisCommand::Cancel => job.cancel(),
            AnalysisCommand::Start => {
                let game = the_match.game();
                let same = job.run.as_ref().is_some_and(|r| same_moves(&r.game, game));
                if same || !can_analyse(&the_match) {
                    continue;
                }
                // The worker fetches the table itself: the page only for
                // its own analysis.
                let in_worker = job.runner == AnalysisRunner::Worker && !ai_worker::unavailable();
                let table = (game.variant().game.id() == "bagh-chal" && !in_worker)
                    .then(|| server.load::<TablebaseAsset>(TABLE_PATH));
                if let Some(handle) = &table {
                    watch.watch(handle.clone());
                }
                job.run = Some(Run::new(game.clone(), table, time.elapsed_secs_f64()));
            }
        }
    }
}

fn same_moves(a: &Game, b: &Game) -> bool {
    a.initial_position() == b.initial_position() && a.moves().eq(b.moves())
}

impl Run {
    fn new(game: Game, table: Option<Handle<TablebaseAsset>>, now: f64) -> Run {
        Run {
            game,
            work: Work::Waiting { table, since: now },
            progress: Progress { done: 0, total: 1 },
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Starts the analyser once the table is there (or not to be had).
    fn start_when_ready(
        &mut self,
        (effort, runner): (Effort, AnalysisRunner),
        now: f64,
        (server, tables): (&AssetServer, &Assets<TablebaseAsset>),
        waker: &FrameWaker,
    ) {
        let Work::Waiting { table, since } = &self.work else {
            return;
        };
        let loaded = table
            .as_ref()
            .and_then(|h| tables.get(h))
            .map(|t| t.0.clone());
        if let Some(handle) = table
            && loaded.is_none()
        {
            let failed = server.get_load_state(handle).is_some_and(|s| s.is_failed());
            if !failed && now - since < TABLE_WAIT_SECONDS {
                return;
            }
        }
        let table = loaded;
        if runner == AnalysisRunner::Worker
            && let Some(remote) = WorkerAnalysisRun::start(&self.game, effort, waker)
        {
            self.work = Work::Worker(remote);
            return;
        }
        let analyser = GameAnalyser::new(&self.game, effort, table);
        self.progress = analyser.progress();
        self.work = match runner {
            AnalysisRunner::Slices | AnalysisRunner::Worker => {
                Work::Slices(Box::new(Mutex::new(analyser)))
            }
            AnalysisRunner::Pool => {
                let progress = Arc::new(SharedProgress::default());
                progress.publish(analyser.progress());
                let task = spawn_whole(analyser, progress.clone(), self.cancel.clone(), waker);
                Work::Pool { task, progress }
            }
        };
    }

    /// Advances the work: `None` while it goes on, then the analysis (or
    /// `Some(None)` from a task that stopped without one).
    fn drive(&mut self, effort: Effort) -> Option<Option<Analysis>> {
        match &mut self.work {
            Work::Waiting { .. } => None,
            Work::Worker(remote) => match remote.poll() {
                AnalysisPoll::Waiting => None,
                AnalysisPoll::Working(progress) => {
                    self.progress = progress;
                    None
                }
                AnalysisPoll::Done(analysis) => Some(Some(*analysis)),
                AnalysisPoll::Failed(reason) => {
                    // Start again here, without the table (the worker had it).
                    warn!("the AI worker's analysis failed ({reason}): analysing between frames");
                    let analyser = GameAnalyser::new(&self.game, effort, None);
                    self.progress = analyser.progress();
                    self.work = Work::Slices(Box::new(Mutex::new(analyser)));
                    None
                }
            },
            Work::Pool { task, progress } => {
                self.progress = progress.read();
                check_ready(task)
            }
            Work::Slices(analyser) => {
                let analyser = analyser.get_mut().unwrap_or_else(|e| e.into_inner());
                let start = web_time::Instant::now();
                while analyser.result().is_none() && start.elapsed() < WEB_SLICE {
                    analyser.step(STEP_NODES);
                }
                self.progress = analyser.progress();
                analyser.result().map(|a| Some(a.clone()))
            }
        }
    }
}

/// A pool task's progress, read by the app each frame. Both counts move:
/// the total grows once the searches show which losses to confirm.
#[derive(Default)]
struct SharedProgress {
    done: AtomicUsize,
    total: AtomicUsize,
}

impl SharedProgress {
    fn publish(&self, progress: Progress) {
        self.total.store(progress.total, Ordering::Relaxed);
        self.done.store(progress.done, Ordering::Relaxed);
    }

    /// Never more done than in all (the two stores are apart).
    fn read(&self) -> Progress {
        let total = self.total.load(Ordering::Relaxed);
        let done = self.done.load(Ordering::Relaxed).min(total);
        Progress { done, total }
    }
}

/// The whole analysis as one pool task, stepping until done or cancelled;
/// it wakes the app when it is done.
fn spawn_whole(
    mut analyser: GameAnalyser,
    shared: Arc<SharedProgress>,
    cancel: Arc<AtomicBool>,
    waker: &FrameWaker,
) -> Task<Option<Analysis>> {
    let waker = waker.clone();
    AsyncComputeTaskPool::get().spawn(async move {
        loop {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            shared.publish(analyser.step(STEP_NODES));
            if let Some(analysis) = analyser.result() {
                waker.wake();
                return Some(analysis.clone());
            }
            // The pool may have one thread: let a search for the computer's
            // move, spawned meanwhile, have it.
            bevy::tasks::futures_lite::future::yield_now().await;
        }
    })
}

fn drive_analysis(
    mut job: ResMut<AnalysisJob>,
    mut the_match: ResMut<Match>,
    time: Res<Time<Real>>,
    (server, tables): (Res<AssetServer>, Res<Assets<TablebaseAsset>>),
    (waker, mut next_frame): (Res<FrameWaker>, ResMut<NextFrame>),
) {
    let how = (job.effort, job.runner);
    let Some(run) = job.run.as_mut() else {
        return;
    };
    let now = time.elapsed_secs_f64();
    run.start_when_ready(how, now, (&server, &tables), &waker);
    // Slices run one a frame; the pool needs frames only for the progress.
    match run.work {
        Work::Slices(_) => next_frame.now(),
        _ => next_frame.thinking(),
    }
    let Some(finished) = run.drive(how.0) else {
        return;
    };
    job.run = None;
    let Some(analysis) = finished else { return };
    let covered = analysed_plies(&analysis, the_match.game());
    let before = the_match
        .analysis()
        .map_or(0, |a| analysed_plies(a, the_match.game()));
    // Kept unless the game was taken back past its moves, or the analysis
    // the match has judges more of it.
    if covered > 0 && covered >= before {
        info!("analysis: {} moves graded", analysis.plies.len());
        the_match.set_analysis(Some(Arc::new(analysis)));
    }
}

fn cancel_on_exit(mut exits: MessageReader<AppExit>, mut job: ResMut<AnalysisJob>) {
    if exits.read().count() > 0 {
        job.cancel();
    }
}
