//! A move's grade ([`Grade`]) from how much of its side's expected result
//! it gave away, and a side's accuracy over a game. The thresholds and why
//! they are where they are: docs/analysis.md, "Grades".

use serde::{Deserialize, Serialize};

use super::exact::Verdict;

/// How good a move was, best first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Grade {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

/// Points of expected result (0 to 100) a move may give away and still be
/// graded at most best, good, inaccuracy, mistake; beyond the last, a
/// blunder. Ours, twice lichess's steps (5, 10 and 15 points on this
/// scale): docs/analysis.md says why.
pub const BEST_BELOW: f64 = 2.0;
pub const GOOD_BELOW: f64 = 10.0;
pub const INACCURACY_BELOW: f64 = 20.0;
pub const MISTAKE_BELOW: f64 = 30.0;

impl Grade {
    pub const ALL: [Grade; 5] = [
        Grade::Best,
        Grade::Good,
        Grade::Inaccuracy,
        Grade::Mistake,
        Grade::Blunder,
    ];

    /// The word the command line prints: `best`, `good`, `inaccuracy`,
    /// `mistake`, `blunder`.
    pub const fn id(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }

    /// The grade of a move that gave away `lost` points of its side's
    /// expected result (the best move's against the move played).
    pub fn of_loss(lost: f64) -> Grade {
        if lost < BEST_BELOW {
            Grade::Best
        } else if lost < GOOD_BELOW {
            Grade::Good
        } else if lost < INACCURACY_BELOW {
            Grade::Inaccuracy
        } else if lost < MISTAKE_BELOW {
            Grade::Mistake
        } else {
            Grade::Blunder
        }
    }

    /// The grade once an exact verdict is known: a move that threw its
    /// side's result away (a win, or a draw) is a blunder, half the
    /// expected result or more given away; a move that kept a win or a
    /// draw is at worst an inaccuracy, whatever the evaluation said (it
    /// misjudges positions the table or the proof settle). A move that
    /// kept its side lost is graded by [`loss_when_still_lost`] instead.
    pub fn with_verdict(self, verdict: &Verdict) -> Grade {
        if verdict.throws_away() {
            Grade::Blunder
        } else {
            self.min(Grade::Inaccuracy)
        }
    }

    /// The points of expected result given away, once an exact verdict is
    /// known, to match [`Grade::with_verdict`]: half the result for each
    /// step down (a win to a draw, a draw to a loss), and for a move that
    /// kept the result no more than an inaccuracy's.
    pub fn loss_with_verdict(lost: f64, verdict: &Verdict) -> f64 {
        if verdict.throws_away() {
            let steps = verdict.before.result() - verdict.after.result();
            lost.max(50.0 * steps as f64)
        } else {
            lost.min(INACCURACY_BELOW - 0.01)
        }
    }
}

/// The points a move gave away in a position lost before and after it,
/// where the expected result (nothing, before and after) says nothing:
/// the share of the game it gave up, half the points for all of it (a
/// loss in 40 plies made a loss in 20: 25 points, a mistake), from the
/// longest loss a move had (`longest`) and the move's (`played`), both in
/// plies from before the move; or `pieces_given`, the points the pieces it
/// gave away are worth from an even position; whichever is more. Always
/// below a blunder's: the move kept the value, and a value-keeping move is
/// never a blunder.
pub fn loss_when_still_lost(longest: Option<u16>, played: Option<u16>, pieces_given: f64) -> f64 {
    let sooner = match (longest, played) {
        (Some(l), Some(p)) if l > 0 && p < l => 50.0 * f64::from(l - p) / f64::from(l),
        _ => 0.0,
    };
    sooner.max(pieces_given).clamp(0.0, MISTAKE_BELOW - 0.01)
}

/// A move's accuracy, 0 to 100, from the points of expected result it
/// gave away: lichess's curve (100 for none, about 65 for 10, 18 for 40).
pub fn move_accuracy(lost: f64) -> f64 {
    (103.1668 * (-0.04354 * lost.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::exact::{Exact, Known, Source};

    #[test]
    fn larger_losses_grade_worse() {
        let grades: Vec<Grade> = [0.0, 5.0, 15.0, 25.0, 50.0]
            .into_iter()
            .map(Grade::of_loss)
            .collect();
        assert_eq!(grades, Grade::ALL);
        assert!(move_accuracy(0.0) > 99.9);
        assert!(move_accuracy(10.0) > move_accuracy(20.0));
        assert_eq!(move_accuracy(500.0), 0.0);
    }

    #[test]
    fn exact_verdicts_overrule_the_evaluation() {
        let v = |before, after| {
            Verdict::new(
                Known {
                    value: before,
                    source: Source::Table,
                },
                Known {
                    value: after,
                    source: Source::Table,
                },
            )
        };
        let drawn_to_lost = v(Exact::Draw, Exact::Loss(Some(9)));
        assert_eq!(Grade::Best.with_verdict(&drawn_to_lost), Grade::Blunder);
        let won_to_drawn = v(Exact::Win(Some(9)), Exact::Draw);
        assert_eq!(Grade::Good.with_verdict(&won_to_drawn), Grade::Blunder);
        assert_eq!(Grade::loss_with_verdict(3.0, &won_to_drawn), 50.0);
        let kept = v(Exact::Draw, Exact::Draw);
        assert_eq!(Grade::Blunder.with_verdict(&kept), Grade::Inaccuracy);
        assert_eq!(Grade::Good.with_verdict(&kept), Grade::Good);
        let lost = Grade::loss_with_verdict(60.0, &kept);
        assert_eq!(Grade::of_loss(lost), Grade::Inaccuracy);
    }

    #[test]
    fn a_lost_side_that_loses_sooner_or_gives_more_grades_worse_but_never_a_blunder() {
        let grade =
            |longest, played, pieces| Grade::of_loss(loss_when_still_lost(longest, played, pieces));
        assert_eq!(grade(Some(40), Some(40), 0.0), Grade::Best);
        assert_eq!(grade(Some(40), Some(36), 0.0), Grade::Good);
        assert_eq!(grade(Some(40), Some(30), 0.0), Grade::Inaccuracy);
        assert_eq!(grade(Some(40), Some(20), 0.0), Grade::Mistake);
        assert_eq!(grade(Some(40), Some(2), 0.0), Grade::Mistake);
        assert_eq!(grade(None, Some(2), 0.0), Grade::Best);
        assert_eq!(grade(None, None, 12.0), Grade::Inaccuracy);
        assert_eq!(grade(Some(40), Some(38), 90.0), Grade::Mistake);
    }
}
