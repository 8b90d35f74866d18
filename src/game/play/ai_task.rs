//! The AI as a task on Bevy's async compute pool.
//!
//! The task owns a snapshot (clone) of the game and the resumable search,
//! and runs one time-boxed slice of `Search::step` calls; each frame a system
//! collects the finished slice and, if the search is not done, hands the
//! search to a new slice. On the web the pool runs on the main thread, so a
//! slice is kept to a few milliseconds there; on the desktop it runs on a
//! worker and may be longer. How long a slice runs, and how much of a core
//! the search takes, is `ai_pace`'s concern (docs/web-figures.md has the
//! measured balance). The move found goes through the same validation as a
//! click. Undo, new game or exit drop the task.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::ai::{Level, Search, SearchStatus, Tablebase};
use crate::game::GameSet;
use crate::game::common::screens::{Screen, in_game};
use crate::game::common::settings::Settings;
use crate::game::common::view::ViewBusy;
use crate::game::play::ai_pace::SlicePace;
use crate::game::play::match_state::{Match, MoveIntent, MoveSource};
use crate::rules::{Game, Move, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiJob>()
        .init_resource::<AiSettings>()
        .init_resource::<SlicePace>()
        .init_asset::<TablebaseAsset>()
        .init_asset_loader::<TablebaseLoader>()
        .init_resource::<TablebaseHandle>()
        .add_systems(
            Update,
            (
                follow_settings
                    .run_if(resource_changed::<Settings>)
                    .in_set(GameSet::Commands),
                drive_ai.in_set(GameSet::Ai).run_if(in_game),
            ),
        )
        // The menu is no place to think: leaving the game drops the search.
        .add_systems(OnExit(Screen::Game), cancel_on_leaving_game)
        .add_systems(Last, cancel_on_exit);
}

/// The pace of computer-against-computer games follows the player's settings.
fn follow_settings(settings: Res<Settings>, mut ai: ResMut<AiSettings>) {
    let pace = settings.ai_pace.clamp(0.0, 5.0);
    if ai.ai_vs_ai_pace != pace {
        ai.ai_vs_ai_pace = pace;
    }
}

fn cancel_on_leaving_game(mut ai: ResMut<AiJob>) {
    ai.cancel();
}

/// Bagh-Chal's sliding-phase table (`assets/tablebase/bagh-chal.sctb`,
/// over HTTP on the web), asked for the first time a level that reads it
/// plays Bagh-Chal, parsed by the asset loader and handed to each search;
/// until it has arrived (placement lasts 39 plies), or if it cannot be
/// read, the AI plays without it.
#[derive(Asset, TypePath)]
pub struct TablebaseAsset(pub Arc<Tablebase>);

#[derive(Default, TypePath)]
struct TablebaseLoader;

impl AssetLoader for TablebaseLoader {
    type Asset = TablebaseAsset;
    type Settings = ();
    type Error = std::io::Error;
    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<TablebaseAsset, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Tablebase::from_bytes(&bytes)
            .map(|t| TablebaseAsset(Arc::new(t)))
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
    fn extensions(&self) -> &[&str] {
        &["sctb"]
    }
}

/// The table's handle once asked for, kept so the asset stays loaded.
#[derive(Resource, Default)]
struct TablebaseHandle(Option<Handle<TablebaseAsset>>);

impl TablebaseHandle {
    /// The table for a search at `level` in `game`: asks for it the first
    /// time it is wanted, then hands it out once loaded.
    fn for_search(
        &mut self,
        level: Level,
        game: &Game,
        server: &AssetServer,
        loaded: &Assets<TablebaseAsset>,
    ) -> Option<Arc<Tablebase>> {
        if !level.uses_tablebase() || game.variant().kind != crate::rules::GameKind::BaghChal {
            return None;
        }
        let handle = self
            .0
            .get_or_insert_with(|| server.load("tablebase/bagh-chal.sctb"));
        loaded.get(&*handle).map(|t| t.0.clone())
    }
}

/// Tuning for the AI task.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AiSettings {
    /// Wall time a slice may search before it hands control back (when
    /// `paced`, the longest a slice may get).
    pub slice_ms: u64,
    /// The web: slice lengths follow the frame pace (`SlicePace`), between
    /// `min_slice_ms` and `slice_ms`.
    pub paced: bool,
    pub min_slice_ms: u64,
    /// Nodes per `Search::step` call inside a slice.
    pub nodes_per_step: u64,
    /// The share of one core the search may take (0 < share <= 1): after a
    /// slice that searched `t`, the next waits `t * (1 / share - 1)`.
    pub core_share: f32,
    /// With no person playing, the least time between two moves (seconds).
    pub ai_vs_ai_pace: f32,
}

impl Default for AiSettings {
    fn default() -> AiSettings {
        AiSettings {
            // The web runs slices between frames on the one thread.
            slice_ms: if cfg!(target_arch = "wasm32") { 40 } else { 30 },
            paced: cfg!(target_arch = "wasm32"),
            min_slice_ms: 2,
            nodes_per_step: 1024,
            core_share: 1.0,
            ai_vs_ai_pace: 0.6,
        }
    }
}

impl AiSettings {
    /// How long the next slice may search.
    pub fn slice_budget(&self, pace: &SlicePace) -> Duration {
        if self.paced {
            pace.budget()
        } else {
            Duration::from_millis(self.slice_ms)
        }
    }
    fn slice_bounds(&self) -> (Duration, Duration) {
        (
            Duration::from_millis(self.min_slice_ms),
            Duration::from_millis(self.slice_ms),
        )
    }
}

/// The search in progress, if any.
#[derive(Resource, Default)]
pub struct AiJob {
    job: Option<Job>,
    /// When the last move was applied, for the AI vs AI pace.
    last_move_at: f64,
    seen_ply: usize,
    /// The last search that gave a move.
    last_search: Option<SearchReport>,
}

/// What a finished search gave: for the log and the web page's status.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchReport {
    pub side: Side,
    pub level: Level,
    pub depth: u32,
    pub nodes: u64,
    /// Real time from the search's start to its move, in seconds.
    pub seconds: f64,
}

struct Job {
    generation: u64,
    side: Side,
    level: Level,
    /// The search between slices (None while a slice holds it).
    search: Option<Search>,
    task: Option<Task<Slice>>,
    cancel: Arc<AtomicBool>,
    depth: u32,
    nodes: u64,
    best: Option<Move>,
    done: bool,
    started_at: f64,
    /// The next slice starts no earlier than this (real seconds), for the core share.
    resume_at: f64,
}

struct Slice {
    search: Search,
    status: SearchStatus,
    /// Wall time the slice searched, in seconds.
    ran: f64,
}

/// What the panel shows about the AI.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thinking {
    pub side: Side,
    pub level: Level,
    pub depth: u32,
    pub nodes: u64,
    /// The search has its move and waits for the board (animation or pace).
    pub done: bool,
    /// When the search began, in seconds of real time since startup.
    pub started_at: f64,
}

impl AiJob {
    /// The AI's progress, while a search is on.
    pub fn thinking(&self) -> Option<Thinking> {
        self.job.as_ref().map(|j| Thinking {
            side: j.side,
            level: j.level,
            depth: j.depth,
            nodes: j.nodes,
            done: j.done,
            started_at: j.started_at,
        })
    }
    /// The last search that gave a move.
    pub fn last_search(&self) -> Option<SearchReport> {
        self.last_search
    }
    /// True while a slice of search is running on the pool.
    pub fn task_in_flight(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.task.is_some())
    }
    /// Stops the search: the running slice sees the flag between steps and
    /// the task is dropped (which cancels it).
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }
}

fn spawn_slice(
    game: Option<(Game, Option<Arc<Tablebase>>)>,
    search: Option<Search>,
    level: Level,
    seed: u64,
    settings: AiSettings,
    budget: Duration,
    cancel: Arc<AtomicBool>,
) -> Task<Slice> {
    AsyncComputeTaskPool::get().spawn(async move {
        // The first slice builds the search off the main thread.
        let mut search = match (search, game) {
            (Some(s), _) => s,
            (None, Some((game, table))) => {
                Search::new(&game, level, seed).with_tablebase(table.as_ref())
            }
            (None, None) => unreachable!("a slice gets a search or a game"),
        };
        let start = web_time::Instant::now();
        loop {
            let status = search.step(settings.nodes_per_step);
            let finished = matches!(status, SearchStatus::Done(_));
            let ran = start.elapsed();
            if finished || cancel.load(Ordering::Relaxed) || ran >= budget {
                let ran = ran.as_secs_f64();
                return Slice {
                    search,
                    status,
                    ran,
                };
            }
        }
    })
}

fn drive_ai(
    mut ai: ResMut<AiJob>,
    the_match: Res<Match>,
    settings: Res<AiSettings>,
    mut pace: ResMut<SlicePace>,
    busy: Res<ViewBusy>,
    time: Res<Time<Real>>,
    mut intents: MessageWriter<MoveIntent>,
    (mut table, server, tables): (
        ResMut<TablebaseHandle>,
        Res<AssetServer>,
        Res<Assets<TablebaseAsset>>,
    ),
) {
    let now = time.elapsed_secs_f64();
    if settings.paced {
        let searching = ai.job.as_ref().is_some_and(|j| !j.done);
        let (least, most) = settings.slice_bounds();
        pace.observe(time.delta_secs(), searching, least, most);
    }
    if the_match.game().ply() != ai.seen_ply {
        ai.seen_ply = the_match.game().ply();
        ai.last_move_at = now;
    }
    // A search for another state (undo, new game, changed players) is dropped.
    let wanted = the_match.ai_to_move().filter(|_| !the_match.paused);
    let stale = ai
        .job
        .as_ref()
        .is_some_and(|j| j.generation != the_match.generation() || Some(j.level) != wanted);
    if stale || wanted.is_none() {
        ai.cancel();
    }
    let Some(level) = wanted else { return };
    // One borrow, so the job and the pace's clock can be used side by side.
    let ai = &mut *ai;
    if ai.job.is_none() {
        let table = table.for_search(level, the_match.game(), &server, &tables);
        ai.job = Some(Job::start(&the_match, level, table, &settings, &pace, now));
    }
    let job = ai.job.as_mut().expect("a job");
    job.collect_slice(now, &settings);
    job.resume_if_due(now, &settings, &pace);
    // Hand the move over once the board is still (and, AI vs AI, at a watchable pace).
    let ai_vs_ai = the_match.player(job.side.other()).is_ai();
    let pace_ok = !ai_vs_ai || now - ai.last_move_at >= settings.ai_vs_ai_pace as f64;
    if busy.0 || !pace_ok {
        return;
    }
    if let Some((mv, report)) = job.answer(now) {
        info!(
            "AI {} plays {mv}: depth {}, {} nodes, {:.2} s",
            report.level, report.depth, report.nodes, report.seconds
        );
        intents.write(MoveIntent {
            mv,
            source: MoveSource::Ai {
                generation: job.generation,
            },
        });
        ai.last_search = Some(report);
        ai.job = None;
    }
}

impl Job {
    /// A search for the match's position at `level`, its first slice
    /// started on the pool.
    fn start(
        the_match: &Match,
        level: Level,
        table: Option<Arc<Tablebase>>,
        settings: &AiSettings,
        pace: &SlicePace,
        now: f64,
    ) -> Job {
        let generation = the_match.generation();
        let cancel = Arc::new(AtomicBool::new(false));
        let seed = generation ^ (the_match.game().ply() as u64).rotate_left(32);
        let task = spawn_slice(
            Some((the_match.game().clone(), table)),
            None,
            level,
            seed,
            *settings,
            settings.slice_budget(pace),
            cancel.clone(),
        );
        Job {
            generation,
            side: the_match.side_to_move(),
            level,
            search: None,
            task: Some(task),
            cancel,
            depth: 0,
            nodes: 0,
            best: None,
            done: false,
            started_at: now,
            resume_at: now,
        }
    }

    /// Takes in a finished slice: its progress, and the search back (or
    /// the answer); the next slice waits for the core share.
    fn collect_slice(&mut self, now: f64, settings: &AiSettings) {
        let Some(slice) = self.task.as_mut().and_then(check_ready) else {
            return;
        };
        self.task = None;
        let share = settings.core_share.clamp(0.05, 1.0) as f64;
        self.resume_at = now + slice.ran * (1.0 / share - 1.0);
        match slice.status {
            SearchStatus::Done(result) => {
                self.depth = result.depth;
                self.nodes = result.nodes;
                self.best = Some(result.best);
                self.done = true;
            }
            SearchStatus::Thinking { depth, best, nodes } => {
                self.depth = depth;
                self.nodes = nodes;
                self.best = best.or(self.best);
                self.search = Some(slice.search);
            }
        }
    }

    /// Starts the next slice when the search is not done and its pause is over.
    fn resume_if_due(&mut self, now: f64, settings: &AiSettings, pace: &SlicePace) {
        if self.done || self.task.is_some() || now < self.resume_at {
            return;
        }
        let search = self.search.take();
        self.task = Some(spawn_slice(
            None,
            search,
            self.level,
            0,
            *settings,
            settings.slice_budget(pace),
            self.cancel.clone(),
        ));
    }

    /// The move found and how it was found, once the search is done.
    fn answer(&self, now: f64) -> Option<(Move, SearchReport)> {
        if !self.done {
            return None;
        }
        let mv = self.best.expect("a finished search has a move");
        let report = SearchReport {
            side: self.side,
            level: self.level,
            depth: self.depth,
            nodes: self.nodes,
            seconds: now - self.started_at,
        };
        Some((mv, report))
    }
}

fn cancel_on_exit(mut exits: MessageReader<AppExit>, mut ai: ResMut<AiJob>) {
    if exits.read().count() > 0 {
        ai.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn desktop_slices_take_their_full_length_and_web_ones_their_pace() {
        let desktop = AiSettings {
            paced: false,
            ..AiSettings::default()
        };
        let pace = SlicePace {
            idle_frame: Some(0.02),
            slice: 0.007,
        };
        assert_eq!(
            desktop.slice_budget(&pace),
            Duration::from_millis(desktop.slice_ms)
        );
        let web = AiSettings {
            paced: true,
            ..desktop
        };
        assert_eq!(web.slice_budget(&pace), Duration::from_millis(7));
    }
}
