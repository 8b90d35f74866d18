//! How long each slice of the AI's search may run, so the search takes the
//! frame's spare time and not its frame rate.
//!
//! On the desktop a slice runs on a worker thread for `AiSettings::slice_ms`,
//! and `AiSettings::core_share` leaves a gap after it (on a 2-core machine
//! the renderer needs the CPU too). On the web a slice runs on the page's one
//! thread right after the frame's own work, so its length is steered by the
//! frame times instead: it grows while frames keep the pace they had with no
//! search running, and shrinks as soon as they run more than `SLOWER` above
//! it. With a GPU at 60 Hz that fills what a refresh leaves; on a software
//! renderer, whose frames are slow anyway, the search gets the time the page
//! spends waiting for the renderer.

use std::time::Duration;

use bevy::prelude::*;

/// Frames this much slower than with no search running make the slice shrink.
pub const SLOWER: f32 = 1.15;
/// Frames at most this much slower let the slice grow.
const KEEPS_PACE: f32 = 1.07;
/// The frame time assumed before any frame without a search was seen (60 Hz).
const ASSUMED_FRAME: f32 = 1.0 / 60.0;

/// The web's slice length and the frame pace it is steered by.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SlicePace {
    /// Mean frame time with no search running (seconds, moving average).
    pub idle_frame: Option<f32>,
    /// How long the next slice may search (seconds).
    pub slice: f32,
}

impl Default for SlicePace {
    fn default() -> SlicePace {
        SlicePace {
            idle_frame: None,
            slice: 0.004,
        }
    }
}

impl SlicePace {
    /// Takes in the last frame's time: while no search runs it is the pace
    /// to keep; while one runs it steers the slice, between `least` and `most`.
    pub fn observe(&mut self, frame: f32, searching: bool, least: Duration, most: Duration) {
        if !frame.is_finite() || frame <= 0.0 {
            return;
        }
        if !searching {
            self.idle_frame = Some(match self.idle_frame {
                None => frame,
                Some(mean) => mean + (frame - mean) * 0.1,
            });
            return;
        }
        let pace = self.idle_frame.unwrap_or(ASSUMED_FRAME);
        let slice = if frame > pace * SLOWER {
            self.slice * 0.7
        } else if frame < pace * KEEPS_PACE {
            self.slice * 1.2 + 0.0005
        } else {
            self.slice
        };
        self.slice = slice.clamp(
            least.as_secs_f32(),
            most.as_secs_f32().max(least.as_secs_f32()),
        );
    }

    /// The next slice's length.
    pub fn budget(&self) -> Duration {
        Duration::from_micros((self.slice * 1e6).round() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEAST: Duration = Duration::from_millis(2);
    const MOST: Duration = Duration::from_millis(40);

    fn paced(idle_frame: f32) -> SlicePace {
        let mut pace = SlicePace::default();
        for _ in 0..50 {
            pace.observe(idle_frame, false, LEAST, MOST);
        }
        pace
    }

    #[test]
    fn frames_without_search_set_the_pace() {
        let pace = paced(0.020);
        assert!((pace.idle_frame.unwrap() - 0.020).abs() < 1e-4);
    }

    #[test]
    fn the_slice_grows_while_frames_keep_their_pace() {
        let mut pace = paced(0.020);
        let before = pace.slice;
        for _ in 0..5 {
            pace.observe(0.0205, true, LEAST, MOST);
        }
        assert!(pace.slice > before * 2.0, "slice {}", pace.slice);
        for _ in 0..100 {
            pace.observe(0.0205, true, LEAST, MOST);
        }
        assert_eq!(pace.budget(), MOST);
    }

    #[test]
    fn the_slice_shrinks_when_frames_slow_but_never_below_the_least() {
        let mut pace = paced(0.020);
        pace.slice = 0.030;
        pace.observe(0.050, true, LEAST, MOST);
        assert!(pace.slice < 0.022, "slice {}", pace.slice);
        for _ in 0..100 {
            pace.observe(0.050, true, LEAST, MOST);
        }
        assert_eq!(pace.budget(), LEAST);
    }

    #[test]
    fn search_frames_do_not_move_the_pace_and_bad_times_are_ignored() {
        let mut pace = paced(0.020);
        pace.observe(0.5, true, LEAST, MOST);
        pace.observe(f32::NAN, false, LEAST, MOST);
        pace.observe(-1.0, false, LEAST, MOST);
        assert!((pace.idle_frame.unwrap() - 0.020).abs() < 1e-4);
    }
}
