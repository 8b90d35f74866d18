//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2013), updated after each rated game as lichess does: each game is a
//! rating period of one result.
//!
//! A new player starts at 1500 with a deviation of 350; a rating is
//! provisional while its deviation is over 110 (lichess's mark), which
//! takes a new player's first several games. The deviation never falls
//! under 45, so a settled rating still moves.

use crate::online::protocol::Rating;

/// The Glicko-2 scale factor between the shown scale and the internal one.
const SCALE: f64 = 173.7178;
/// The system constant: how much the volatility may change (lichess's).
const TAU: f64 = 0.75;
const CONVERGENCE: f64 = 1e-6;

pub(crate) const START_RATING: f64 = 1500.0;
pub(crate) const START_DEVIATION: f64 = 350.0;
pub(crate) const START_VOLATILITY: f64 = 0.06;
const MIN_DEVIATION: f64 = 45.0;
/// A rating is provisional while its deviation is over this.
pub(crate) const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player's Glicko-2 state in one pool, on the shown scale.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Glicko {
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
}

impl Default for Glicko {
    fn default() -> Glicko {
        Glicko {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

impl Glicko {
    /// The rating as players see it.
    pub(crate) fn shown(&self) -> Rating {
        Rating {
            rating: self.rating.round().clamp(0.0, 10_000.0) as u32,
            deviation: self.deviation.round() as u32,
            provisional: self.deviation > PROVISIONAL_DEVIATION,
        }
    }

    /// The rating after one game against `opponent`, scoring `score`
    /// (1 a win, 0.5 a draw, 0 a loss).
    pub(crate) fn after_game(&self, opponent: &Glicko, score: f64) -> Glicko {
        self.after(&[(*opponent, score)], TAU)
    }

    /// The rating after a period of `results`, with system constant `tau`
    /// (Glickman's steps 2 to 8).
    fn after(&self, results: &[(Glicko, f64)], tau: f64) -> Glicko {
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if results.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Glicko {
                deviation: (phi_star * SCALE).min(START_DEVIATION),
                ..*self
            };
        }
        let scaled: Vec<(f64, f64, f64)> = results
            .iter()
            .map(|(o, s)| ((o.rating - START_RATING) / SCALE, o.deviation / SCALE, *s))
            .collect();
        let g =
            |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / std::f64::consts::PI.powi(2)).sqrt();
        let expected = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for &(mu_j, phi_j, s) in &scaled {
            let e = expected(mu_j, phi_j);
            inverse_v += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (s - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        let sigma_new = new_volatility(phi, sigma, v, delta, tau);
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Glicko {
            rating: mu_new * SCALE + START_RATING,
            deviation: (phi_new * SCALE).clamp(MIN_DEVIATION, START_DEVIATION),
            volatility: sigma_new,
        }
    }
}

/// Step 5: the new volatility, by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    for _ in 0..200 {
        if (big_b - big_a).abs() <= CONVERGENCE {
            break;
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example: 1500/200 beats 1400/30, loses to
    /// 1550/100 and 1700/300, with tau 0.5: 1464.06, 151.52, 0.05999.
    #[test]
    fn glickmans_example() {
        let after = player(1500.0, 200.0).after(
            &[
                (player(1400.0, 30.0), 1.0),
                (player(1550.0, 100.0), 0.0),
                (player(1700.0, 300.0), 0.0),
            ],
            0.5,
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_a_draw_between_equals_keeps() {
        let a = Glicko::default();
        let b = Glicko::default();
        assert!(a.after_game(&b, 1.0).rating > 1500.0);
        assert!(a.after_game(&b, 0.0).rating < 1500.0);
        assert!((a.after_game(&b, 0.5).rating - 1500.0).abs() < 1e-9);
        // Each game narrows the deviation: the first ones are provisional.
        let once = a.after_game(&b, 1.0);
        assert!(once.deviation < a.deviation && once.shown().provisional);
        let mut settled = a;
        for _ in 0..30 {
            settled = settled.after_game(&b, 0.5);
        }
        assert!(!settled.shown().provisional, "{settled:?}");
        assert!(settled.deviation >= MIN_DEVIATION);
    }
}
