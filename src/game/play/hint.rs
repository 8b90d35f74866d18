//! Hints: on request, the computer's suggestion for the side to move, with
//! its judgement of the position in words. The board wing draws it as an
//! arrow (`board::hint_arrow`).
//!
//! The hint is a `BackgroundSearch` like the computer's moves: on the
//! desktop on the compute pool, on the web in slices of a few milliseconds
//! between frames, so it never stalls a frame. Any change to the match drops it.

use bevy::prelude::*;

use crate::game::common::i18n::Msg;
use crate::game::common::redraw::{FrameWaker, NextFrame};
use crate::game::play::ai_task::AiSettings;
use crate::game::play::background_search::{
    BackgroundSearch, Pacing, Polled, SearchHow, SearchOrder,
};
use crate::game::play::match_state::Match;
use crate::rules::{Move, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HintJob>()
        .add_systems(Update, drive_hint.in_set(crate::game::GameSet::Ai));
}

/// How long a hint thinks, and (in slices) how much of a frame it may take.
const HINT_THINK_MS: u64 = 1_500;
const HINT_PACING: Pacing = Pacing {
    nodes_per_step: 512,
    core_share: 1.0,
    slice: std::time::Duration::from_millis(5),
};

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
    /// In round one of a two-round match, where a forced end is the
    /// round's (the hunted piece shut in or out of time), not the match's.
    pub in_round_one: bool,
}

impl Hint {
    /// The judgement in words: "Bulgars clearly ahead". `with_side` adds
    /// a side's name to a message.
    pub fn judgement(&self, with_side: impl Fn(Msg, Side) -> Msg) -> Msg {
        if let Some(plies) = self.mate_in {
            let moves = plies.unsigned_abs().div_ceil(2);
            if self.in_round_one {
                let msg = Msg::new("hint-eval-round-ends").num("moves", moves);
                return with_side(msg, Side::Hunters);
            }
            let winner = if plies > 0 {
                self.side
            } else {
                self.side.other()
            };
            return with_side(Msg::new("hint-eval-forced").num("moves", moves), winner);
        }
        let (leader, margin) = if self.score >= 0 {
            (self.side, self.score)
        } else {
            (self.side.other(), -self.score)
        };
        // A lead, however large, is no result: Bagh Batti's tigers are
        // some goats up from the start and the game is drawn. Only a
        // forced end (above) says who wins.
        let id = match margin {
            0..=24 => return Msg::new("hint-eval-even"),
            25..=79 => "hint-eval-slight",
            80..=249 => "hint-eval-clear",
            _ => "hint-eval-far",
        };
        with_side(Msg::new(id), leader)
    }
}

/// The hint being computed or shown.
#[derive(Resource, Default)]
pub struct HintJob {
    /// Asked for, not started yet: the order and who it is for.
    wanted: Option<(u64, Side, SearchOrder)>,
    search: Option<(u64, Side, BackgroundSearch)>,
    result: Option<Hint>,
}

impl HintJob {
    /// Starts a hint for the match's position (replacing any other).
    pub fn request(&mut self, the_match: &Match) {
        self.result = None;
        self.search = None;
        self.wanted = (!the_match.is_over()).then(|| {
            let game = the_match.shown();
            let order = SearchOrder {
                game: game.clone(),
                how: SearchHow::Think { ms: HINT_THINK_MS },
                seed: 7,
                table: None,
            };
            (the_match.generation(), game.side_to_move(), order)
        });
    }
    pub fn is_thinking(&self) -> bool {
        self.wanted.is_some() || self.search.is_some()
    }
    /// The finished hint, if it is for the match as it is now.
    pub fn shown(&self, the_match: &Match) -> Option<&Hint> {
        self.result
            .as_ref()
            .filter(|h| h.generation == the_match.generation())
    }
    pub fn clear(&mut self) {
        self.wanted = None;
        self.search = None;
        self.result = None;
    }
}

fn drive_hint(
    mut job: ResMut<HintJob>,
    the_match: Res<Match>,
    settings: Res<AiSettings>,
    waker: Res<FrameWaker>,
    time: Res<Time<Real>>,
    mut next_frame: ResMut<NextFrame>,
) {
    let generation = the_match.generation();
    let job = &mut *job;
    if job
        .result
        .as_ref()
        .is_some_and(|h| h.generation != generation)
    {
        job.result = None;
    }
    if let Some((for_generation, side, order)) = job.wanted.take() {
        let search = BackgroundSearch::start(order, settings.runner, HINT_PACING, &waker);
        job.search = Some((for_generation, side, search));
    }
    let Some((for_generation, side, search)) = job.search.as_mut() else {
        return;
    };
    if *for_generation != generation {
        job.search = None;
        return;
    }
    next_frame.thinking();
    let (for_generation, side) = (*for_generation, *side);
    match search.poll(time.elapsed_secs_f64(), HINT_PACING) {
        Polled::Thinking { .. } => {}
        Polled::Done(result) => {
            let shown = the_match.shown();
            job.result = Some(Hint {
                in_round_one: shown.rules().two_rounds().is_some() && shown.round() == 1,
                generation: for_generation,
                side,
                mv: result.best,
                score: result.score,
                mate_in: result.mate_in(),
                depth: result.depth,
            });
            job.search = None;
        }
        Polled::Nothing => job.search = None,
    }
}
