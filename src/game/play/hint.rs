//! Hints: on request, the computer's suggestion for the side to move, with
//! its judgement of the position in words. The board wing draws it as an
//! arrow (`board::hint_arrow`).
//!
//! The hint searches in short slices on the main thread (a few milliseconds
//! a frame), so it works the same on the desktop and in the browser and
//! never stalls a frame. Any change to the match drops it.

use bevy::prelude::*;

use crate::ai::{Search, SearchLimits, SearchStatus};
use crate::game::common::i18n::Msg;
use crate::game::play::match_state::Match;
use crate::rules::{Move, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HintJob>()
        .add_systems(Update, drive_hint.in_set(crate::game::GameSet::Ai));
}

/// How long a hint thinks, and how much of a frame it may take.
const HINT_THINK_MS: u64 = 1_500;
const HINT_SLICE_MS: u64 = 5;
const HINT_STEP_NODES: u64 = 512;

/// The computer's suggestion for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The match generation it was computed for.
    pub generation: u64,
    pub side: Side,
    pub mv: Move,
    /// From `side`'s point of view, in hundredths of a piece.
    pub score: i32,
    /// Plies to a forced end: positive when `side` wins.
    pub mate_in: Option<i32>,
    pub depth: u32,
}

impl Hint {
    /// The judgement in words: "Bulgars clearly ahead". `with_side` adds
    /// a side's name to a message.
    pub fn judgement(&self, with_side: impl Fn(Msg, Side) -> Msg) -> Msg {
        if let Some(plies) = self.mate_in {
            let winner = if plies > 0 {
                self.side
            } else {
                self.side.other()
            };
            let moves = plies.unsigned_abs().div_ceil(2);
            return with_side(Msg::new("hint-eval-forced").num("moves", moves), winner);
        }
        let (leader, margin) = if self.score >= 0 {
            (self.side, self.score)
        } else {
            (self.side.other(), -self.score)
        };
        let id = match margin {
            0..=24 => return Msg::new("hint-eval-even"),
            25..=79 => "hint-eval-slight",
            80..=249 => "hint-eval-clear",
            _ => "hint-eval-winning",
        };
        with_side(Msg::new(id), leader)
    }
}

/// The hint being computed or shown.
#[derive(Resource, Default)]
pub struct HintJob {
    search: Option<(u64, Side, Search)>,
    result: Option<Hint>,
}

impl HintJob {
    /// Starts a hint for the match's position (replacing any other).
    pub fn request(&mut self, the_match: &Match) {
        self.result = None;
        self.search = (!the_match.is_over()).then(|| {
            let game = the_match.shown();
            (
                the_match.generation(),
                game.side_to_move(),
                Search::with_limits(game, SearchLimits::time(HINT_THINK_MS), 7),
            )
        });
    }
    pub fn is_thinking(&self) -> bool {
        self.search.is_some()
    }
    /// The finished hint, if it is for the match as it is now.
    pub fn shown(&self, the_match: &Match) -> Option<&Hint> {
        self.result
            .as_ref()
            .filter(|h| h.generation == the_match.generation())
    }
    pub fn clear(&mut self) {
        self.search = None;
        self.result = None;
    }
}

fn drive_hint(mut job: ResMut<HintJob>, the_match: Res<Match>) {
    let generation = the_match.generation();
    if job
        .result
        .as_ref()
        .is_some_and(|h| h.generation != generation)
    {
        job.result = None;
    }
    let Some((for_generation, side, search)) = job.search.as_mut() else {
        return;
    };
    if *for_generation != generation {
        job.search = None;
        return;
    }
    let (for_generation, side) = (*for_generation, *side);
    let start = web_time::Instant::now();
    let slice = web_time::Duration::from_millis(HINT_SLICE_MS);
    while start.elapsed() < slice {
        if let SearchStatus::Done(result) = search.step(HINT_STEP_NODES) {
            job.result = Some(Hint {
                generation: for_generation,
                side,
                mv: result.best,
                score: result.score,
                mate_in: result.mate_in(),
                depth: result.depth,
            });
            job.search = None;
            return;
        }
    }
}
