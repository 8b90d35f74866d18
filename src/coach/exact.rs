//! Values with perfect play ([`Exact`]), where something knows them: the
//! rules (the game is over), Bagh-Chal's sliding-phase table, the Fox and
//! Geese proof search, or a search that saw a forced win to the end
//! ([`Source`]); and what a move did to its side's value ([`Verdict`]):
//! "threw away the draw", "keeps the win within 23" (plies: a bound, not
//! always the fewest).

use serde::{Deserialize, Serialize};

use crate::ai::tablebase::{Outcome as TableOutcome, Tablebase};
use crate::rules::{Game, Move, Outcome, Position, Side};

/// A position's value with perfect play, for one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Exact {
    /// The side forces a win, within so many plies when known.
    Win(Option<u16>),
    Draw,
    /// The other side forces a win, within so many plies when known.
    Loss(Option<u16>),
}

impl Exact {
    /// The same value for the other side.
    pub fn flip(self) -> Exact {
        match self {
            Exact::Win(p) => Exact::Loss(p),
            Exact::Draw => Exact::Draw,
            Exact::Loss(p) => Exact::Win(p),
        }
    }

    /// The value for `side`, when `self` is for `of`.
    pub fn for_side(self, of: Side, side: Side) -> Exact {
        if of == side { self } else { self.flip() }
    }

    /// 1 a win, 0 a draw, -1 a loss: what a move may keep or throw away.
    pub fn result(self) -> i8 {
        match self {
            Exact::Win(_) => 1,
            Exact::Draw => 0,
            Exact::Loss(_) => -1,
        }
    }

    /// Better values are larger: a sooner win, a later loss (an unknown
    /// distance counts as the worst of its kind).
    pub fn rank(self) -> i32 {
        const FAR: i32 = 10_000;
        match self {
            Exact::Win(p) => 2 * FAR - p.map_or(FAR - 1, i32::from),
            Exact::Draw => 0,
            Exact::Loss(p) => -2 * FAR + p.map_or(0, i32::from),
        }
    }

    /// The value one ply earlier for the side that moved into a position
    /// of this value (for that same side): a win or loss one ply further.
    pub fn one_ply_earlier(self) -> Exact {
        let later = |p: Option<u16>| p.map(|p| p.saturating_add(1));
        match self {
            Exact::Win(p) => Exact::Win(later(p)),
            Exact::Draw => Exact::Draw,
            Exact::Loss(p) => Exact::Loss(later(p)),
        }
    }

    /// The end the rules declared, for the side to move then.
    pub fn of_outcome(outcome: &Outcome, to_move: Side) -> Exact {
        match outcome.winner {
            Some(w) if w == to_move => Exact::Win(Some(0)),
            Some(_) => Exact::Loss(Some(0)),
            None => Exact::Draw,
        }
    }

    /// The table's value of a sliding-phase position for the side to move,
    /// the quiet plies already played counted; `None` when the table does
    /// not hold it.
    pub fn of_table(table: &Tablebase, pos: &Position) -> Option<Exact> {
        let probe = table.probe(pos)?;
        // The table counts plies to the capture that moves the game into
        // its next sub-game (or to the loser having no move): the end of
        // the game only when that capture is the last the tigers need.
        // Elsewhere the win is exact but its length is not known.
        let last_sub_game = probe.captured + 1 >= table.rules().captures_to_win;
        let plies = probe.value.plies().map(u16::from).filter(|_| last_sub_game);
        let tigers = match probe.outcome {
            TableOutcome::TigersWin => Exact::Win(plies),
            TableOutcome::GoatsWin => Exact::Loss(plies),
            TableOutcome::Draw => Exact::Draw,
        };
        Some(tigers.for_side(Side::Hunters, pos.side_to_move))
    }
}

/// The value of each of `moves` at `game`'s position for the side to move
/// there (the position after the move, as the mover sees it), from the
/// rules or the table; `None` unless every one is known. `game` is the
/// same again afterwards.
pub fn after_each_move(table: &Tablebase, game: &mut Game, moves: &[Move]) -> Option<Vec<Exact>> {
    let mover = game.side_to_move();
    let mut values = Vec::with_capacity(moves.len());
    for mv in moves {
        game.play_unchecked(mv);
        let next = *game.position();
        let value = match game.outcome() {
            Some(o) => Some(Exact::of_outcome(&o, next.side_to_move)),
            None => Exact::of_table(table, &next),
        };
        game.undo();
        values.push(value?.for_side(next.side_to_move, mover));
    }
    Some(values)
}

/// Who knows an exact value, the surest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Source {
    /// The game is over.
    Rules,
    /// Bagh-Chal's sliding-phase table (every position with all goats
    /// placed, solved under RULES.md's rules).
    Table,
    /// The Fox and Geese proof search (sideways steps off).
    Proof,
    /// A search that saw every line to a forced win (its distance is the
    /// search's, not always the shortest).
    Search,
}

impl Source {
    /// The word the command line prints: `rules`, `table`, `proof`, `search`.
    pub const fn id(self) -> &'static str {
        match self {
            Source::Rules => "rules",
            Source::Table => "table",
            Source::Proof => "proof",
            Source::Search => "search",
        }
    }
}

/// An exact value and who knows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Known {
    pub value: Exact,
    pub source: Source,
}

/// What a move did to the value of its side, both values exact and for
/// the side that moved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Verdict {
    /// The less sure of the two sources.
    pub source: Source,
    pub before: Exact,
    /// After the move, counted from before it (a win in 23 after the move
    /// is kept as a win in 24 from before it).
    pub after: Exact,
}

/// The kinds of verdict, for the words that say them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum VerdictKind {
    /// A win given up for a draw.
    WinToDraw,
    /// A win given up for a loss.
    WinToLoss,
    /// A draw given up for a loss.
    DrawToLoss,
    /// The win kept, within so many plies when known.
    KeepsWin(Option<u16>),
    KeepsDraw,
    /// Lost before and after, within so many plies when known.
    StillLost(Option<u16>),
}

impl Verdict {
    /// The verdict of a move from `before` to `after`, both for the mover
    /// (`after` counted from before the move).
    pub fn new(before: Known, after: Known) -> Verdict {
        Verdict {
            source: before.source.max(after.source),
            before: before.value,
            after: after.value,
        }
    }

    /// True when the move gave its side's result away (a win, or a draw).
    pub fn throws_away(&self) -> bool {
        self.after.result() < self.before.result()
    }

    pub fn kind(&self) -> VerdictKind {
        match (self.before, self.after) {
            (Exact::Win(_), Exact::Draw) => VerdictKind::WinToDraw,
            (Exact::Win(_), Exact::Loss(_)) => VerdictKind::WinToLoss,
            (Exact::Draw, Exact::Loss(_)) => VerdictKind::DrawToLoss,
            (_, Exact::Win(p)) => VerdictKind::KeepsWin(p),
            (_, Exact::Draw) => VerdictKind::KeepsDraw,
            (_, Exact::Loss(p)) => VerdictKind::StillLost(p),
        }
    }

    /// In English, for the command line: `proof: threw away the win (a
    /// draw now)`; the table's verdicts carry their condition: `table
    /// (no-repeat rule aside): keeps the draw`.
    pub fn describe(&self) -> String {
        let plies = |p: Option<u16>| p.map_or(String::new(), |p| format!(" within {p}"));
        let what = match self.kind() {
            VerdictKind::WinToDraw => "threw away the win (a draw now)".to_string(),
            VerdictKind::WinToLoss => "threw away the win (lost now)".to_string(),
            VerdictKind::DrawToLoss => "threw away the draw".to_string(),
            VerdictKind::KeepsWin(p) => format!("keeps the win{}", plies(p)),
            VerdictKind::KeepsDraw => "keeps the draw".to_string(),
            VerdictKind::StillLost(p) => format!("still lost{}", plies(p)),
        };
        let source = match self.source {
            Source::Table => "table (no-repeat rule aside)",
            other => other.id(),
        };
        format!("{source}: {what}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(value: Exact, source: Source) -> Known {
        Known { value, source }
    }

    #[test]
    fn verdicts_say_what_a_move_kept_or_threw_away() {
        let win = known(Exact::Win(Some(24)), Source::Table);
        let kept = Verdict::new(win, known(Exact::Win(Some(24)), Source::Rules));
        assert_eq!(
            kept.describe(),
            "table (no-repeat rule aside): keeps the win within 24"
        );
        assert!(!kept.throws_away());
        let draw = known(Exact::Draw, Source::Table);
        let lost = Verdict::new(draw, known(Exact::Loss(Some(9)), Source::Table));
        assert_eq!(
            lost.describe(),
            "table (no-repeat rule aside): threw away the draw"
        );
        assert!(lost.throws_away());
        let proof = Verdict::new(
            known(Exact::Win(None), Source::Proof),
            known(Exact::Loss(None), Source::Proof),
        );
        assert_eq!(proof.kind(), VerdictKind::WinToLoss);
    }

    #[test]
    fn sooner_wins_and_later_losses_rank_higher() {
        let order = [
            Exact::Loss(Some(3)),
            Exact::Loss(Some(30)),
            Exact::Draw,
            Exact::Win(None),
            Exact::Win(Some(40)),
            Exact::Win(Some(2)),
        ];
        assert!(order.windows(2).all(|w| w[0].rank() < w[1].rank()));
        assert_eq!(Exact::Loss(Some(3)).one_ply_earlier(), Exact::Loss(Some(4)));
        assert_eq!(Exact::Win(Some(3)).flip(), Exact::Loss(Some(3)));
    }
}
