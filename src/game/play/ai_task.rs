//! The computer's moves: when the match wants one, a `BackgroundSearch` of
//! a snapshot (clone) of the game, at the player's level.
//!
//! On the desktop the whole search runs on Bevy's async compute pool and
//! wakes the app when it ends; frames only collect the answer (and draw the
//! "thinking" indicator at a slow pulse). On the web it runs in the page's
//! AI worker (`ai_worker`), which loads Bagh-Chal's table itself; without a
//! worker, in slices between frames, whose length `ai_pace` steers
//! (docs/web-figures.md has the measured balance). The move found goes through the same validation
//! as a click. Undo, new game or exit drop the search, which stops it.
//!
//! The computer starts thinking once the first board is on screen
//! (`FirstBoard::drawn`): its move is never made behind the web page's
//! loader, and its search does not share the processor with the app's start
//! (on a small machine the page's start halved the worker's search).

use std::sync::Arc;
use std::time::Duration;

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

use crate::ai::{Level, SearchResult, Tablebase};
use crate::game::GameSet;
use crate::game::common::redraw::{FrameWaker, NextFrame};
use crate::game::common::screens::{Screen, in_game};
use crate::game::common::settings::Settings;
use crate::game::common::view::{FirstBoard, ViewBusy};
use crate::game::play::ai_pace::SlicePace;
use crate::game::play::ai_worker;
use crate::game::play::background_search::{
    BackgroundSearch, Pacing, Polled, Runner, SearchHow, SearchOrder,
};
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

/// Where Bagh-Chal's table is among the assets (the AI, the analysis and
/// the lessons all ask for this one file).
pub(crate) const TABLE_PATH: &str = "tablebase/bagh-chal.sctb";

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
        if !level.uses_tablebase()
            || game.variant().game != crate::rules::GameId::named("bagh-chal")
        {
            return None;
        }
        let handle = self.0.get_or_insert_with(|| server.load(TABLE_PATH));
        loaded.get(&*handle).map(|t| t.0.clone())
    }
}

/// Tuning for the AI task.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AiSettings {
    /// Where searches run: the whole search on the pool (the desktop), or
    /// slices between frames (the web).
    pub runner: Runner,
    /// Slices: the longest a slice may search (when `paced`, the most the
    /// pace may give it).
    pub slice_ms: u64,
    /// Slices: lengths follow the frame pace (`SlicePace`), between
    /// `min_slice_ms` and `slice_ms`.
    pub paced: bool,
    pub min_slice_ms: u64,
    /// Nodes per `Search::step` call.
    pub nodes_per_step: u64,
    /// The share of one core the search may take (0 < share <= 1).
    pub core_share: f32,
    /// With no person playing, the least time between two moves (seconds).
    pub ai_vs_ai_pace: f32,
}

impl Default for AiSettings {
    fn default() -> AiSettings {
        AiSettings {
            runner: Runner::for_platform(),
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
    /// How a search shares the CPU now.
    pub fn pacing(&self, pace: &SlicePace) -> Pacing {
        Pacing {
            nodes_per_step: self.nodes_per_step,
            core_share: self.core_share,
            slice: self.slice_budget(pace),
        }
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
    search: BackgroundSearch,
    depth: u32,
    nodes: u64,
    /// The search's answer, kept until the board is ready for it.
    answer: Option<SearchResult>,
    started_at: f64,
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
            done: j.answer.is_some(),
            started_at: j.started_at,
        })
    }
    /// The last search that gave a move.
    pub fn last_search(&self) -> Option<SearchReport> {
        self.last_search
    }
    /// True while a slice of search is out on the pool (web slices only).
    pub fn task_in_flight(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|j| j.search.slice_in_flight())
    }
    /// Stops the search (dropping it sets its stop flag).
    pub fn cancel(&mut self) {
        self.job = None;
    }
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
    (waker, mut next_frame, first): (Res<FrameWaker>, ResMut<NextFrame>, Res<FirstBoard>),
) {
    let now = time.elapsed_secs_f64();
    if settings.paced {
        let searching = ai.job.as_ref().is_some_and(|j| j.answer.is_none());
        let (least, most) = settings.slice_bounds();
        pace.observe(time.delta_secs(), searching, least, most);
    }
    if the_match.game().ply() != ai.seen_ply {
        ai.seen_ply = the_match.game().ply();
        ai.last_move_at = now;
    }
    // A search for another state (undo, new game, changed players) is dropped.
    let wanted = the_match
        .ai_to_move()
        .filter(|_| !the_match.paused && first.drawn);
    let stale = ai
        .job
        .as_ref()
        .is_some_and(|j| j.generation != the_match.generation() || Some(j.level) != wanted);
    if stale || wanted.is_none() {
        ai.cancel();
    }
    let Some(level) = wanted else { return };
    // The "thinking" indicator (and the AI vs AI pace) need a few frames a second.
    next_frame.thinking();
    // One borrow, so the job and the pace's clock can be used side by side.
    let ai = &mut *ai;
    if ai.job.is_none() {
        // The worker reads the table itself: the page need not hold it too.
        let in_worker = settings.runner == Runner::Worker && !ai_worker::unavailable();
        let table = (!in_worker)
            .then(|| table.for_search(level, the_match.game(), &server, &tables))
            .flatten();
        let pacing = settings.pacing(&pace);
        ai.job = Some(Job::start(
            &the_match, level, table, &settings, pacing, &waker, now,
        ));
    }
    let job = ai.job.as_mut().expect("a job");
    if !job.poll(now, settings.pacing(&pace)) {
        // The position has nothing to search: leave it to the match.
        ai.job = None;
        return;
    }
    // Hand the move over once the board is still (and, AI vs AI, at a watchable pace).
    let ai_vs_ai = the_match.player(job.side.other()).is_ai();
    let pace_ok = !ai_vs_ai || now - ai.last_move_at >= settings.ai_vs_ai_pace as f64;
    if busy.0 || !pace_ok {
        if !pace_ok {
            // At the pace's end, not at the next "thinking" pulse.
            next_frame.within_secs(settings.ai_vs_ai_pace as f64 - (now - ai.last_move_at));
        }
        return;
    }
    if let Some((mv, report)) = job.answer(now) {
        info!(
            "AI {} plays {}: depth {}, {} nodes, {:.2} s",
            report.level,
            the_match.game().move_text(&mv),
            report.depth,
            report.nodes,
            report.seconds
        );
        intents.write(MoveIntent {
            mv,
            source: MoveSource::Ai {
                generation: job.generation,
            },
        });
        ai.last_search = Some(report);
        ai.job = None;
        // The move is played next frame: at once, not at the next pulse.
        next_frame.now();
    }
}

impl Job {
    /// A search for the match's position at `level`, started on `settings.runner`.
    fn start(
        the_match: &Match,
        level: Level,
        table: Option<Arc<Tablebase>>,
        settings: &AiSettings,
        pacing: Pacing,
        waker: &FrameWaker,
        now: f64,
    ) -> Job {
        let generation = the_match.generation();
        let seed = generation ^ (the_match.game().ply() as u64).rotate_left(32);
        let order = SearchOrder {
            game: the_match.game().clone(),
            how: SearchHow::Level(level),
            seed,
            table,
        };
        Job {
            generation,
            side: the_match.side_to_move(),
            level,
            search: BackgroundSearch::start(order, settings.runner, pacing, waker),
            depth: 0,
            nodes: 0,
            answer: None,
            started_at: now,
        }
    }

    /// Takes in the search's progress or its answer; false when the
    /// position has nothing to search.
    fn poll(&mut self, now: f64, pacing: Pacing) -> bool {
        if self.answer.is_some() {
            return true;
        }
        match self.search.poll(now, pacing) {
            Polled::Thinking { depth, nodes } => {
                self.depth = depth;
                self.nodes = nodes;
            }
            Polled::Done(result) => {
                self.depth = result.depth;
                self.nodes = result.nodes;
                self.answer = Some(result);
            }
            Polled::Nothing => return false,
        }
        true
    }

    /// The move found and how it was found, once the search is done.
    fn answer(&self, now: f64) -> Option<(Move, SearchReport)> {
        let result = self.answer.as_ref()?;
        let report = SearchReport {
            side: self.side,
            level: self.level,
            depth: self.depth,
            nodes: self.nodes,
            seconds: now - self.started_at,
        };
        Some((result.best, report))
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
