//! Each connection's rate limit: a token bucket. A frame over the limit
//! is refused (the first of a burst with an error, the rest silently);
//! a connection that keeps flooding is closed.

use tokio::time::Instant;

/// Frames a connection may send at once.
const BURST: f64 = 30.0;
/// Frames per second it earns back.
const PER_SECOND: f64 = 15.0;
/// Refused frames after which the connection is closed.
const CLOSE_AFTER: u32 = 300;

/// What to do with a frame.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Verdict {
    Pass,
    /// Over the limit; `first` of this burst (to answer with an error).
    Refuse {
        first: bool,
    },
    /// Over the limit for too long: close the connection.
    Close,
}

pub(crate) struct RateLimit {
    tokens: f64,
    last: Instant,
    in_burst: bool,
    refused: u32,
}

impl RateLimit {
    pub(crate) fn new(now: Instant) -> RateLimit {
        RateLimit {
            tokens: BURST,
            last: now,
            in_burst: false,
            refused: 0,
        }
    }

    pub(crate) fn check(&mut self, now: Instant) -> Verdict {
        let earned = now.saturating_duration_since(self.last).as_secs_f64() * PER_SECOND;
        self.tokens = (self.tokens + earned).min(BURST);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.in_burst = false;
            return Verdict::Pass;
        }
        self.refused += 1;
        if self.refused > CLOSE_AFTER {
            return Verdict::Close;
        }
        let first = !self.in_burst;
        self.in_burst = true;
        Verdict::Refuse { first }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_a_flood_is_refused_then_closed() {
        let now = Instant::now();
        let mut limit = RateLimit::new(now);
        for _ in 0..30 {
            assert_eq!(limit.check(now), Verdict::Pass);
        }
        assert_eq!(limit.check(now), Verdict::Refuse { first: true });
        assert_eq!(limit.check(now), Verdict::Refuse { first: false });
        let later = now + std::time::Duration::from_secs(1);
        assert_eq!(limit.check(later), Verdict::Pass);
        let verdicts: Vec<Verdict> = (0..400).map(|_| limit.check(later)).collect();
        assert_eq!(verdicts.last(), Some(&Verdict::Close));
    }
}
