//! A search that runs away from the frame loop, for the computer's moves
//! and for hints.
//!
//! - **Pool** (the desktop): the whole search runs on Bevy's async compute
//!   pool until it ends or is stopped; its progress is published through
//!   atomics, and when it ends it wakes the event loop, so frames only
//!   collect the answer and the search's speed owes nothing to them.
//! - **Worker** (the web): the search runs in the page's AI worker
//!   (`ai_worker`), a thread of its own; frames only collect its replies.
//! - **Slices** (the web without a worker): the pool runs on the page's one
//!   thread there, so the search runs in time-boxed slices between frames,
//!   one slice handed out per frame (`ai_pace` steers their length). A
//!   worker search that fails goes on this way.
//!
//! Dropping a `BackgroundSearch` stops it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures::check_ready};

use crate::ai::{Search, SearchResult, SearchStatus, Tablebase};
use crate::game::common::redraw::FrameWaker;
use crate::game::play::ai_worker::{WorkerPoll, WorkerRun};
use crate::rules::{Game, Move};

/// What to search: the position, and how long or how well.
#[derive(Clone)]
pub struct SearchOrder {
    pub game: Game,
    pub how: SearchHow,
    pub seed: u64,
    /// Bagh-Chal's sliding-phase table, where the search may read it.
    pub table: Option<Arc<Tablebase>>,
}

/// How a search is limited: the same as a search sent to the AI worker.
pub use crate::ai::remote::RequestLimit as SearchHow;

impl SearchOrder {
    /// The search this order asks for, ready to step.
    pub fn build(&self) -> Search {
        self.how
            .search(&self.game, self.seed)
            .with_tablebase(self.table.as_ref())
    }
}

/// Where searches run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runner {
    /// To the end on a pool thread (the desktop).
    Pool,
    /// In the page's AI worker (the web), or in slices where there is none.
    Worker,
    /// In slices between frames (the web's fallback).
    Slices,
}

impl Runner {
    /// This platform's runner.
    pub fn for_platform() -> Runner {
        if cfg!(target_arch = "wasm32") {
            Runner::Worker
        } else {
            Runner::Pool
        }
    }
}

/// How a search shares the CPU.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pacing {
    /// Nodes per `Search::step` call.
    pub nodes_per_step: u64,
    /// The share of one core the search may take (0 < share <= 1): after
    /// searching `t`, it rests `t * (1 / share - 1)`.
    pub core_share: f32,
    /// Slices only: how long the next slice may search.
    pub slice: Duration,
}

/// What a search has got to.
#[derive(Clone, Debug, PartialEq)]
pub enum Polled {
    Thinking {
        depth: u32,
        nodes: u64,
    },
    Done(SearchResult),
    /// The position has no move to search (the game is over).
    Nothing,
}

/// A search in progress; dropping it stops it.
pub struct BackgroundSearch {
    run: Run,
    /// Set to stop the search between steps.
    cancel: Arc<AtomicBool>,
    depth: u32,
    nodes: u64,
}

enum Run {
    Pool {
        task: Task<Option<SearchResult>>,
        progress: Arc<Progress>,
    },
    /// In the worker; the order is kept to search here if the worker fails.
    Worker(Box<(WorkerRun, SearchOrder)>),
    Slices(Box<SliceRun>),
    Finished(Option<SearchResult>),
}

/// The depth and nodes a pool search publishes as it goes.
#[derive(Default)]
struct Progress {
    depth: AtomicU32,
    nodes: AtomicU64,
    /// Set when the search has ended, just before it wakes the app: its
    /// task is only returning the answer.
    ended: AtomicBool,
}

impl BackgroundSearch {
    /// Starts `order` on `runner`; `waker` is woken when a pool search ends.
    pub fn start(
        order: SearchOrder,
        runner: Runner,
        pacing: Pacing,
        waker: &FrameWaker,
    ) -> BackgroundSearch {
        let cancel = Arc::new(AtomicBool::new(false));
        let run = match runner {
            Runner::Pool => {
                let progress = Arc::new(Progress::default());
                let task = spawn_whole(order, pacing, progress.clone(), cancel.clone(), waker);
                Run::Pool { task, progress }
            }
            Runner::Worker => match WorkerRun::start(&order.game, order.how, order.seed, waker) {
                Some(run) => Run::Worker(Box::new((run, order))),
                None => Run::Slices(Box::new(SliceRun::new(order, pacing, cancel.clone()))),
            },
            Runner::Slices => Run::Slices(Box::new(SliceRun::new(order, pacing, cancel.clone()))),
        };
        BackgroundSearch {
            run,
            cancel,
            depth: 0,
            nodes: 0,
        }
    }

    /// Where the search is; `now` (real seconds) and `pacing` steer slices.
    pub fn poll(&mut self, now: f64, pacing: Pacing) -> Polled {
        match &mut self.run {
            Run::Pool { task, progress } => {
                // The wake-up comes from inside the task, a moment before it
                // returns: that moment is waited for, not the next frame
                // (a second away under a software renderer's pulse).
                let ended = progress.ended.load(Ordering::Acquire);
                let answer = if ended {
                    Some(block_on(&mut *task))
                } else {
                    check_ready(task)
                };
                if let Some(answer) = answer {
                    self.run = Run::Finished(answer);
                } else {
                    self.depth = progress.depth.load(Ordering::Relaxed);
                    self.nodes = progress.nodes.load(Ordering::Relaxed);
                }
            }
            Run::Worker(worker) => match worker.0.poll() {
                WorkerPoll::Waiting => {}
                WorkerPoll::Thinking { depth, nodes } => {
                    self.depth = depth;
                    self.nodes = nodes;
                }
                WorkerPoll::Done(result) => self.run = Run::Finished(Some(result)),
                WorkerPoll::Nothing => self.run = Run::Finished(None),
                WorkerPoll::Failed(reason) => {
                    bevy::log::warn!("the AI worker failed a search ({reason}): searching here");
                    let order = worker.1.clone();
                    self.run =
                        Run::Slices(Box::new(SliceRun::new(order, pacing, self.cancel.clone())));
                }
            },
            Run::Slices(slices) => {
                if let Some(answer) = slices.drive(now, pacing, &mut self.depth, &mut self.nodes) {
                    self.run = Run::Finished(answer);
                }
            }
            Run::Finished(_) => {}
        }
        match &self.run {
            Run::Finished(Some(result)) => Polled::Done(result.clone()),
            Run::Finished(None) => Polled::Nothing,
            _ => Polled::Thinking {
                depth: self.depth,
                nodes: self.nodes,
            },
        }
    }

    /// True while a slice is out on the pool (the web's pace reads it).
    pub fn slice_in_flight(&self) -> bool {
        matches!(&self.run, Run::Slices(s) if s.task.is_some())
    }
}

impl Drop for BackgroundSearch {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The whole search as one pool task.
fn spawn_whole(
    order: SearchOrder,
    pacing: Pacing,
    progress: Arc<Progress>,
    cancel: Arc<AtomicBool>,
    waker: &FrameWaker,
) -> Task<Option<SearchResult>> {
    let waker = waker.clone();
    AsyncComputeTaskPool::get().spawn(async move {
        let mut search = order.build();
        let mut rest = Rest::new(pacing.core_share);
        let answer = loop {
            if cancel.load(Ordering::Relaxed) {
                break None;
            }
            let started = web_time::Instant::now();
            match search.step(pacing.nodes_per_step) {
                SearchStatus::Done(result) => break Some(result),
                // A finished game: nothing to search.
                SearchStatus::Thinking { nodes: 0, .. } => break None,
                SearchStatus::Thinking { depth, nodes, .. } => {
                    progress.depth.store(depth, Ordering::Relaxed);
                    progress.nodes.store(nodes, Ordering::Relaxed);
                }
            }
            rest.after(started.elapsed());
        };
        progress.ended.store(true, Ordering::Release);
        waker.wake();
        answer
    })
}

/// Rests a thread so a search takes only its share of a core.
struct Rest {
    factor: f64,
    owed: Duration,
}

impl Rest {
    /// Rests are taken in pieces at least this long (sleeping is coarse).
    const PIECE: Duration = Duration::from_millis(10);

    fn new(core_share: f32) -> Rest {
        let share = core_share.clamp(0.05, 1.0) as f64;
        Rest {
            factor: 1.0 / share - 1.0,
            owed: Duration::ZERO,
        }
    }
    fn after(&mut self, ran: Duration) {
        if self.factor <= 0.0 {
            return;
        }
        self.owed += ran.mul_f64(self.factor);
        if self.owed >= Self::PIECE {
            #[cfg(not(target_arch = "wasm32"))]
            std::thread::sleep(self.owed);
            self.owed = Duration::ZERO;
        }
    }
}

/// The search in slices: one pool task per slice, started by a frame.
struct SliceRun {
    /// Before the first slice: what to build.
    order: Option<SearchOrder>,
    /// The search between slices (None while a slice holds it).
    search: Option<Search>,
    task: Option<Task<Slice>>,
    cancel: Arc<AtomicBool>,
    best: Option<Move>,
    /// The next slice starts no earlier than this (real seconds), for the core share.
    resume_at: f64,
}

struct Slice {
    search: Search,
    status: SearchStatus,
    /// Wall time the slice searched, in seconds.
    ran: f64,
}

impl SliceRun {
    fn new(order: SearchOrder, _pacing: Pacing, cancel: Arc<AtomicBool>) -> SliceRun {
        SliceRun {
            order: Some(order),
            search: None,
            task: None,
            cancel,
            best: None,
            resume_at: 0.0,
        }
    }

    /// Collects a finished slice and starts the next one when due; the
    /// answer once the search is done.
    fn drive(
        &mut self,
        now: f64,
        pacing: Pacing,
        depth: &mut u32,
        nodes: &mut u64,
    ) -> Option<Option<SearchResult>> {
        if let Some(slice) = self.task.as_mut().and_then(check_ready) {
            self.task = None;
            let share = pacing.core_share.clamp(0.05, 1.0) as f64;
            self.resume_at = now + slice.ran * (1.0 / share - 1.0);
            match slice.status {
                SearchStatus::Done(result) => return Some(Some(result)),
                SearchStatus::Thinking { nodes: 0, .. } => return Some(None),
                SearchStatus::Thinking {
                    depth: d,
                    best,
                    nodes: n,
                } => {
                    *depth = d;
                    *nodes = n;
                    self.best = best.or(self.best);
                    self.search = Some(slice.search);
                }
            }
        }
        if self.task.is_none() && now >= self.resume_at {
            self.task = Some(self.spawn_slice(pacing));
        }
        None
    }

    fn spawn_slice(&mut self, pacing: Pacing) -> Task<Slice> {
        let search = self.search.take();
        let order = self.order.take();
        let cancel = self.cancel.clone();
        AsyncComputeTaskPool::get().spawn(async move {
            // The first slice builds the search off the frame's own work.
            let mut search = match (search, order) {
                (Some(s), _) => s,
                (None, Some(order)) => order.build(),
                (None, None) => unreachable!("a slice gets a search or an order"),
            };
            let start = web_time::Instant::now();
            loop {
                let status = search.step(pacing.nodes_per_step);
                let finished = matches!(status, SearchStatus::Done(_));
                let ran = start.elapsed();
                if finished || cancel.load(Ordering::Relaxed) || ran >= pacing.slice {
                    return Slice {
                        search,
                        status,
                        ran: ran.as_secs_f64(),
                    };
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::tasks::TaskPool;

    fn order(ms: u64) -> SearchOrder {
        SearchOrder {
            game: Game::new(crate::rules::Variant::new(crate::rules::GameId::named(
                "pirates",
            ))),
            how: SearchHow::Think { ms },
            seed: 1,
            table: None,
        }
    }

    fn pacing() -> Pacing {
        Pacing {
            nodes_per_step: 256,
            core_share: 1.0,
            slice: Duration::from_millis(5),
        }
    }

    /// Polls with no frames in between until the search answers (bounded).
    fn finish(search: &mut BackgroundSearch) -> Polled {
        for i in 0..20_000 {
            let polled = search.poll(i as f64 * 0.001, pacing());
            if !matches!(polled, Polled::Thinking { .. }) {
                return polled;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("the search never answered");
    }

    #[test]
    fn both_runners_answer_with_a_legal_move() {
        AsyncComputeTaskPool::get_or_init(TaskPool::new);
        for runner in [Runner::Pool, Runner::Slices] {
            let mut search =
                BackgroundSearch::start(order(50), runner, pacing(), &FrameWaker::default());
            let Polled::Done(result) = finish(&mut search) else {
                panic!("{runner:?}: no answer");
            };
            let game = Game::new(crate::rules::Variant::new(crate::rules::GameId::named(
                "pirates",
            )));
            assert!(
                game.legal_moves().contains(&result.best),
                "{runner:?}: {}",
                game.move_text(&result.best)
            );
        }
    }

    #[test]
    fn the_first_poll_after_a_pool_search_ends_has_its_answer() {
        AsyncComputeTaskPool::get_or_init(TaskPool::new);
        for _ in 0..20 {
            let mut search =
                BackgroundSearch::start(order(5), Runner::Pool, pacing(), &FrameWaker::default());
            let progress = match &search.run {
                Run::Pool { progress, .. } => progress.clone(),
                _ => unreachable!(),
            };
            // The moment the app is woken: the answer must be there, not a
            // frame later (that frame may be a second away).
            let mut waited = 0;
            while !progress.ended.load(Ordering::Acquire) {
                assert!(waited < 20_000, "the search never ended");
                waited += 1;
                std::thread::sleep(Duration::from_micros(50));
            }
            let polled = search.poll(0.0, pacing());
            assert!(matches!(polled, Polled::Done(_)), "{polled:?}");
        }
    }

    #[test]
    fn a_pool_search_runs_without_frames_and_stops_when_dropped() {
        AsyncComputeTaskPool::get_or_init(TaskPool::new);
        let long = SearchOrder {
            how: SearchHow::Think { ms: 60_000 },
            ..order(0)
        };
        let search = BackgroundSearch::start(long, Runner::Pool, pacing(), &FrameWaker::default());
        let progress = match &search.run {
            Run::Pool { progress, .. } => progress.clone(),
            _ => unreachable!(),
        };
        // Nobody polls: the nodes still climb.
        let mut seen = 0;
        for _ in 0..2_000 {
            seen = progress.nodes.load(Ordering::Relaxed);
            if seen > 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(seen > 0, "the search made no progress on its own");
        let cancel = search.cancel.clone();
        drop(search);
        assert!(cancel.load(Ordering::Relaxed));
    }
}
