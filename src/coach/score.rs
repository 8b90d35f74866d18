//! A position's evaluation as the coach shows it ([`Score`]): hundredths of
//! a piece, or a forced result, always for one side; and the same turned
//! into that side's expected result ([`Score::chance`]), the scale the
//! grades and the graph use.

use serde::{Deserialize, Serialize};

use crate::ai::{MATE, MATE_BOUND, TABLE_WIN};
use crate::rules::{GameId, Side};

/// Search scores this far from [`TABLE_WIN`] or beyond are the table's
/// wins (the search adds a little for material and tempo).
const TABLE_WIN_FLOOR: i32 = TABLE_WIN - 1_000;

/// An evaluation from one side's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Score {
    /// Hundredths of a piece, positive when the side is ahead.
    Eval(i32),
    /// The side forces a win, within so many plies when that is known.
    Win(Option<u16>),
    /// The other side forces a win, within so many plies when known.
    Loss(Option<u16>),
}

impl Score {
    /// A search's score (see [`crate::ai::SearchResult::score`]) for the
    /// side to move: a win the search sees to the end, a win the table
    /// proves (distance not known from the score), or an evaluation.
    pub fn from_search(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Win(Some((MATE - score) as u16))
        } else if score < -MATE_BOUND {
            Score::Loss(Some((MATE + score) as u16))
        } else if score >= TABLE_WIN_FLOOR {
            Score::Win(None)
        } else if score <= -TABLE_WIN_FLOOR {
            Score::Loss(None)
        } else {
            Score::Eval(score)
        }
    }

    /// The same position from the other side.
    pub fn flip(self) -> Score {
        match self {
            Score::Eval(e) => Score::Eval(-e),
            Score::Win(p) => Score::Loss(p),
            Score::Loss(p) => Score::Win(p),
        }
    }

    /// The score for `side`, when `self` is for `of`.
    pub fn for_side(self, of: Side, side: Side) -> Score {
        if of == side { self } else { self.flip() }
    }

    /// The expected result for the side (1 a win, 0.5 a draw, 0 a loss):
    /// forced results are certain, an evaluation goes through a logistic
    /// curve whose slope is the game's ([`pieces_scale`]).
    pub fn chance(self, kind: GameId) -> f64 {
        match self {
            Score::Win(_) => 1.0,
            Score::Loss(_) => 0.0,
            Score::Eval(e) => 1.0 / (1.0 + (-(e as f64) / pieces_scale(kind)).exp()),
        }
    }

    /// A forced result: a win or a loss.
    pub fn is_forced(self) -> bool {
        !matches!(self, Score::Eval(_))
    }
}

/// Hundredths of a piece that move the expected result from 50 % to
/// 73 % (one unit of the logistic curve), per game: fewer where a piece
/// counts for more of the way to a win. Chosen so that near an even
/// position one piece given away grades as (docs/analysis.md, "Grades"):
/// Bagh-Chal, where five goats taken win, a mistake (21 points); Fox and
/// Geese, ten geese, an inaccuracy (12); Pirates and Asalto, sixteen
/// pieces, good (8), and three pieces a mistake.
/// A game file may set its own (`computer: (grade_scale: Some(300))`);
/// otherwise twenty a capture that wins, from 100 to 300.
pub fn pieces_scale(game: GameId) -> f64 {
    if let Some(scale) = game.file().computer.grade_scale {
        return scale as f64;
    }
    let rules = crate::rules::Rules::of(crate::rules::Variant::new(game));
    let captures = rules
        .crowd_at_most()
        .map_or(10, |k| rules.starting_count(crate::rules::Side::Crowd) - k);
    (20.0 * captures as f64).clamp(100.0, 300.0)
}

/// Text without spaces: `+0.35` (pieces), `win-in-12`, `win`, `loss-in-3`.
impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Eval(e) => write!(f, "{:+.2}", *e as f64 / 100.0),
            Score::Win(Some(p)) => write!(f, "win-in-{p}"),
            Score::Win(None) => f.write_str("win"),
            Score::Loss(Some(p)) => write!(f, "loss-in-{p}"),
            Score::Loss(None) => f.write_str("loss"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_scores_become_forced_results_or_evaluations() {
        assert_eq!(Score::from_search(MATE - 7), Score::Win(Some(7)));
        assert_eq!(Score::from_search(-(MATE - 4)), Score::Loss(Some(4)));
        assert_eq!(Score::from_search(TABLE_WIN + 400 - 30), Score::Win(None));
        assert_eq!(Score::from_search(-TABLE_WIN + 12), Score::Loss(None));
        assert_eq!(Score::from_search(-35), Score::Eval(-35));
        assert_eq!(Score::Eval(-35).to_string(), "-0.35");
        assert_eq!(Score::Win(Some(7)).flip().to_string(), "loss-in-7");
    }

    #[test]
    fn chances_grow_with_the_evaluation_and_forced_results_are_certain() {
        let kind = GameId::named("pirates");
        assert_eq!(Score::Eval(0).chance(kind), 0.5);
        assert!(Score::Eval(100).chance(kind) > Score::Eval(50).chance(kind));
        let sum = Score::Eval(80).chance(kind) + Score::Eval(-80).chance(kind);
        assert!((sum - 1.0).abs() < 1e-9);
        assert_eq!(Score::Loss(None).chance(kind), 0.0);
        assert_eq!(Score::Win(Some(3)).chance(kind), 1.0);
    }
}
