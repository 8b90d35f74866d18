//! Scores with their uncertainty: the mean of per-pair scores with a 95 %
//! interval, and the rating difference a score stands for.

/// A score in `0..=1` with a 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// The interval for the mean of `scores`, each in `0..=1` and
    /// independent (one per pair of games, so that the two games of an
    /// opening count as one sample): Student's t on the sample variance;
    /// when every sample is the same (no variance to measure), Wilson's
    /// interval for that many samples, which treats them as all-or-nothing
    /// results and so errs wide.
    pub fn of_scores(scores: &[f64]) -> Interval {
        let n = scores.len();
        if n == 0 {
            return Interval {
                mean: 0.5,
                low: 0.0,
                high: 1.0,
            };
        }
        let mean = scores.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        if var <= 1e-12 {
            return Interval::wilson(mean, n);
        }
        let half = t_quantile_975(n - 1) * (var / n as f64).sqrt();
        Interval {
            mean,
            low: (mean - half).max(0.0),
            high: (mean + half).min(1.0),
        }
    }

    /// The interval for the mean of unbounded samples (differences between
    /// the two games of each pair), by Student's t; with no spread, just
    /// the mean.
    pub fn of_differences(samples: &[f64]) -> Interval {
        let n = samples.len();
        if n == 0 {
            return Interval {
                mean: 0.0,
                low: 0.0,
                high: 0.0,
            };
        }
        let mean = samples.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            samples.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        let half = if n > 1 {
            t_quantile_975(n - 1) * (var / n as f64).sqrt()
        } else {
            0.0
        };
        Interval {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }

    /// Wilson's score interval for a proportion `p` of `n` trials.
    pub fn wilson(p: f64, n: usize) -> Interval {
        let z = 1.959_964;
        let n = n.max(1) as f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        Interval {
            mean: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    /// True when the whole interval lies above one half.
    pub fn above_half(&self) -> bool {
        self.low > 0.5
    }
}

impl std::fmt::Display for Interval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.1} % (95 % interval {:.1}–{:.1} %)",
            self.mean * 100.0,
            self.low * 100.0,
            self.high * 100.0
        )
    }
}

/// The 97.5 % quantile of Student's t with `df` degrees of freedom.
fn t_quantile_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        31..=60 => 2.00,
        61..=120 => 1.98,
        _ => 1.96,
    }
}

/// The rating difference (Elo) that an expected score stands for; capped
/// at ±800 for scores of 0 or 1.
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(0.0, 1.0);
    if s <= 0.0 {
        return -800.0;
    }
    if s >= 1.0 {
        return 800.0;
    }
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-800.0, 800.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_spread_is_centred_and_narrows_with_more_samples() {
        let few = Interval::of_scores(&[0.0, 1.0, 0.5, 0.5]);
        assert!((few.mean - 0.5).abs() < 1e-9);
        assert!(few.low < 0.5 && few.high > 0.5);
        let many: Vec<f64> = [0.0, 1.0, 0.5, 0.5].repeat(25);
        let many = Interval::of_scores(&many);
        assert!(many.high - many.low < few.high - few.low);
        assert!(!many.above_half());
    }

    #[test]
    fn a_clear_win_is_above_half() {
        let scores = [1.0, 1.0, 0.5, 1.0, 0.5, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 0.5];
        let i = Interval::of_scores(&scores);
        assert!(i.above_half(), "{i}");
        assert!(i.high <= 1.0);
    }

    #[test]
    fn identical_samples_still_get_a_width() {
        let i = Interval::of_scores(&[1.0; 10]);
        assert_eq!(i.mean, 1.0);
        assert!(i.low > 0.6 && i.low < 0.8, "{i}");
        let half = Interval::of_scores(&[0.5; 10]);
        assert!(half.low < 0.3 && half.high > 0.7, "{half}");
    }

    #[test]
    fn differences_get_a_t_interval() {
        let d = Interval::of_differences(&[1.0, 2.0, 3.0, 2.0]);
        assert!((d.mean - 2.0).abs() < 1e-9);
        // s = 0.816, t(3) = 3.182: half width 1.30.
        assert!((d.high - d.mean - 1.299).abs() < 0.01, "{d:?}");
        assert!(d.low > 0.0);
        let even = Interval::of_differences(&[2.0, -2.0, 1.0, -1.0]);
        assert!(even.low < 0.0 && even.high > 0.0);
    }

    #[test]
    fn elo_is_zero_at_half_and_symmetric() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) + elo(0.25)).abs() < 1e-9);
        assert!((elo(0.75) - 190.8).abs() < 0.5);
        assert_eq!(elo(1.0), 800.0);
    }
}
