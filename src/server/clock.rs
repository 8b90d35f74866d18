//! A room's clock: each side's remaining time and which one runs.
//!
//! Each side's first move is free: the clock of the side to move runs
//! from the third ply on, and a timed move earns the increment. After a
//! restart the clocks start again from what the last stored move left
//! (time the server was down is nobody's).

use tokio::time::{Duration, Instant};

use crate::online::protocol::{ClockSpec, Clocks};
use crate::rules::Side;

/// Plies played before the clocks run.
const FREE_PLIES: u32 = 2;

#[derive(Clone, Debug)]
pub(crate) struct Clock {
    spec: ClockSpec,
    /// Remaining milliseconds (hunters, crowd) when `running` started.
    remaining: [u64; 2],
    running: Option<(Side, Instant)>,
}

fn elapsed_ms(since: Instant, now: Instant) -> u64 {
    now.saturating_duration_since(since).as_millis() as u64
}

impl Clock {
    pub(crate) fn new(spec: ClockSpec) -> Clock {
        Clock {
            spec,
            remaining: [spec.initial_ms; 2],
            running: None,
        }
    }

    /// The clock as a stored move left it, `to_move` to play next after
    /// `ply` plies (None: the game is over).
    pub(crate) fn restored(
        spec: ClockSpec,
        remaining: Option<[u64; 2]>,
        to_move: Option<Side>,
        ply: u32,
        now: Instant,
    ) -> Clock {
        let mut clock = Clock::new(spec);
        if let Some(remaining) = remaining {
            clock.remaining = remaining;
        }
        clock.running = to_move.filter(|_| ply >= FREE_PLIES).map(|s| (s, now));
        clock
    }

    /// The time `side` has left at `now`.
    pub(crate) fn left(&self, side: Side, now: Instant) -> u64 {
        let r = self.remaining[side.index()];
        match self.running {
            Some((s, since)) if s == side => r.saturating_sub(elapsed_ms(since, now)),
            _ => r,
        }
    }

    /// When the running side's flag falls.
    pub(crate) fn flag_at(&self) -> Option<(Side, Instant)> {
        self.running.map(|(side, since)| {
            (
                side,
                since + Duration::from_millis(self.remaining[side.index()]),
            )
        })
    }

    /// The clocks as a message shows them at `now`.
    pub(crate) fn view(&self, now: Instant) -> Clocks {
        Clocks {
            hunters_ms: self.left(Side::Hunters, now),
            crowd_ms: self.left(Side::Crowd, now),
            running: self.running.map(|(s, _)| s),
        }
    }

    /// What the clocks read after `mover` plays the move after `ply`
    /// plies at `now` (with the increment when the move was timed).
    pub(crate) fn after_move(&self, mover: Side, ply: u32, now: Instant) -> [u64; 2] {
        let mut remaining = [self.left(Side::Hunters, now), self.left(Side::Crowd, now)];
        if ply >= FREE_PLIES {
            remaining[mover.index()] += self.spec.increment_ms;
        }
        remaining
    }

    /// Sets the clocks after a move: `remaining` from [`Clock::after_move`],
    /// `next` to move after `ply_after` plies (None: the game is over).
    pub(crate) fn set(
        &mut self,
        remaining: [u64; 2],
        next: Option<Side>,
        ply_after: u32,
        now: Instant,
    ) {
        self.remaining = remaining;
        self.running = next.filter(|_| ply_after >= FREE_PLIES).map(|s| (s, now));
    }

    /// Stops the clocks where they stand (the game is over).
    pub(crate) fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.remaining[side.index()] = self.left(side, now);
        }
        self.running = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: ClockSpec = ClockSpec {
        initial_ms: 60_000,
        increment_ms: 2_000,
    };

    #[test]
    fn first_moves_are_free_then_the_side_to_move_runs_with_increments() {
        let t0 = Instant::now();
        let mut clock = Clock::new(SPEC);
        // Ply 0 and 1: nothing runs, nothing is added.
        let after = clock.after_move(Side::Crowd, 0, t0 + Duration::from_secs(5));
        assert_eq!(after, [60_000, 60_000]);
        clock.set(after, Some(Side::Hunters), 1, t0);
        assert_eq!(clock.flag_at(), None);
        clock.set(after, Some(Side::Crowd), 2, t0);
        let (side, at) = clock.flag_at().expect("a running clock");
        assert_eq!((side, at), (Side::Crowd, t0 + Duration::from_secs(60)));
        // The crowd thinks 10 s: 50 s left, plus the increment.
        let t1 = t0 + Duration::from_secs(10);
        assert_eq!(clock.left(Side::Crowd, t1), 50_000);
        let after = clock.after_move(Side::Crowd, 2, t1);
        assert_eq!(after, [60_000, 52_000]);
        clock.set(after, Some(Side::Hunters), 3, t1);
        let view = clock.view(t1 + Duration::from_secs(1));
        assert_eq!(
            (view.hunters_ms, view.crowd_ms, view.running),
            (59_000, 52_000, Some(Side::Hunters))
        );
        clock.stop(t1 + Duration::from_secs(1));
        assert_eq!(clock.flag_at(), None);
        assert_eq!(
            clock.left(Side::Hunters, t1 + Duration::from_secs(30)),
            59_000
        );
    }

    #[test]
    fn a_restored_clock_runs_from_the_restart() {
        let now = Instant::now();
        let clock = Clock::restored(SPEC, Some([1_000, 2_000]), Some(Side::Hunters), 7, now);
        assert_eq!(
            clock.flag_at(),
            Some((Side::Hunters, now + Duration::from_secs(1)))
        );
        let over = Clock::restored(SPEC, Some([1_000, 2_000]), None, 7, now);
        assert_eq!(over.flag_at(), None);
        let early = Clock::restored(SPEC, None, Some(Side::Crowd), 1, now);
        assert_eq!(
            (early.flag_at(), early.left(Side::Crowd, now)),
            (None, 60_000)
        );
    }
}
