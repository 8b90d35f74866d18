//! What the general search knows of Bagh-Chal beyond its rules, behind a
//! small interface the search calls ([`TableHorizon`], [`fit_evaluator`]):
//!
//! - with the sliding-phase table ([`Tablebase`]), a proven win settles a
//!   node ([`TableHorizon::proven_score`]), a win remembered from another
//!   history may not hold ([`stored_win_may_not_hold`]), a drawn position
//!   in which the tigers can still force a capture costs the goats at the
//!   horizon ([`TableHorizon::bias`]), and positions are filed with their
//!   quiet plies ([`tt_key`]);
//! - Bagh-Chal played the fitted way takes other evaluation weights.
//!
//! In the other games, and without a table, each answer is neutral: no
//! score, no bias, the plain hash.

use std::sync::Arc;

use super::board::SearchBoard;
use super::eval::{Evaluation, PlacementWeights};
use super::rng::mix;
use super::tablebase::{Outcome, Tablebase, Value};
use crate::rules::{Move, Position, Side};

/// A win the table proves scores about this much (more for sooner wins and,
/// for the tigers, more goats already taken): above any evaluation, below
/// the wins the search sees to the end.
pub const TABLE_WIN: i32 = 20_000;
/// What each goat already taken adds to the tigers' table win and takes
/// from the goats': of two wins, the one further ahead in material first.
const TABLE_WIN_PER_CAPTURE: i32 = 200;
/// Scores this far from [`TABLE_WIN`] (either sign) still come from the
/// table: four captures (800) and a hundred plies fit in the margin.
const TABLE_WIN_MARGIN: i32 = 1_000;
/// What a capture the tigers can force in a drawn table position costs the
/// goats at the horizon (a goat is 100).
pub(super) const FORCED_CAPTURE: i32 = 70;
/// What a drawn table position costs the goats at the horizon when only
/// one of their moves keeps a capture-free draw.
pub(super) const ONE_SPARE: i32 = 30;
/// Mixed with the quiet plies into a sliding-phase key ([`tt_key`]), so the
/// same board with other quiet plies lands elsewhere.
const QUIET_PLIES_SALT: u64 = 0x0051_5549_4554;

/// Bagh-Chal the fitted way (Master, and Hard's goats; see
/// [`super::Level::fitted_bagh_chal`]): the goats evaluate as a careful
/// player (see [`super::eval::Weights::cautious_goats`]), and both sides
/// judge positions with goats in hand by the evaluation fitted to the
/// placement solver ([`PlacementWeights::FITTED`]), the tigers from their
/// side of the same sum; nothing changes in the other games.
pub(super) fn fit_evaluator(eval: &mut Evaluation, board: &SearchBoard) {
    let plug_in = board.rules().variant.game.plug_in();
    if let (Some(eval), Some("bagh-chal")) = (eval.lines_mut(), plug_in) {
        if board.side_to_move() == Side::Crowd {
            let w = eval.weights().cautious_goats();
            eval.set_weights(w);
        }
        eval.set_placement_weights(PlacementWeights::FITTED);
    }
}

/// The table's knowledge at the search's horizon: empty until a table is
/// given ([`TableHorizon::set_table`]).
#[derive(Default)]
pub(super) struct TableHorizon {
    /// Perfect values for Bagh-Chal's sliding phase, when given.
    table: Option<Arc<Tablebase>>,
    /// Counts the goats' spare moves at the horizon (see
    /// [`TableHorizon::bias`]).
    spare_aware: bool,
}

impl TableHorizon {
    /// Reads the sliding phase's values from `table` from now on.
    pub(super) fn set_table(&mut self, table: Arc<Tablebase>) {
        self.table = Some(table);
    }

    /// True once a table is given: keys then count the quiet plies.
    pub(super) fn has_table(&self) -> bool {
        self.table.is_some()
    }

    /// From the placement phase (`root` still has goats in hand), counts
    /// the goats' spare moves at the horizon (see [`TableHorizon::bias`]);
    /// once placement is over the search is deep enough to see the
    /// no-repeat rule at work.
    pub(super) fn count_spare_moves_from(&mut self, root: &Position) {
        self.spare_aware = root.in_hand != [0, 0];
    }

    /// The table's verdict on `pos` when it is a win, as a score for the
    /// side to move; `None` when the table does not hold the position or
    /// calls it a draw. A table draw is searched on: the table does not
    /// know the rule that no position may recur, and under it a side short
    /// of moves can lose a "drawn" position (its only moves recreate
    /// earlier ones), which the search sees over the real history. A table
    /// win stands: the winner's moves bring the distance down at every
    /// ply, so its line never repeats a position.
    pub(super) fn proven_score(&self, pos: &Position) -> Option<i32> {
        let table = self.table.as_ref()?;
        let probe = table.probe(pos)?;
        let plies = probe.value.plies().unwrap_or(0) as i32;
        let material = TABLE_WIN_PER_CAPTURE * probe.captured as i32;
        let (winner, score) = match probe.outcome {
            Outcome::TigersWin => (Side::Hunters, TABLE_WIN + material - plies),
            Outcome::GoatsWin => (Side::Crowd, TABLE_WIN - material - plies),
            Outcome::Draw => return None,
        };
        Some(if winner == pos.side_to_move {
            score
        } else {
            -score
        })
    }

    /// In a position the table calls drawn but in which the tigers can
    /// still force a capture before the quiet limit: most of a goat's
    /// worth against the goats (for the side to move), which the search
    /// would otherwise only see if the capture came within its horizon.
    /// With `spare_aware` (a search from the placement phase), a drawn
    /// position with the goats to move costs them the same when none of
    /// their moves keeps a capture-free draw (the table's way out may be a
    /// move the no-repeat rule forbids here), and a little when only one
    /// does: the tigers can then shuffle to make that move a repetition.
    /// `scratch` holds the goats' moves meanwhile.
    pub(super) fn bias(&self, board: &mut SearchBoard, scratch: &mut Vec<Move>) -> i32 {
        let Some(table) = &self.table else {
            return 0;
        };
        let pos = *board.position();
        let Some(probe) = table.probe(&pos) else {
            return 0;
        };
        let cost = if capture_forced(table, probe.value, pos.quiet_plies) {
            FORCED_CAPTURE
        } else if self.spare_aware
            && pos.side_to_move == Side::Crowd
            && probe.outcome == Outcome::Draw
        {
            match spare_moves(table, board, scratch) {
                0 => FORCED_CAPTURE,
                1 => ONE_SPARE,
                _ => 0,
            }
        } else {
            0
        };
        match pos.side_to_move {
            Side::Crowd => -cost,
            Side::Hunters => cost,
        }
    }
}

/// True for a stored win or loss that may not hold here: under
/// Bagh-Chal's no-repeat rule which moves are legal depends on the way
/// a position was reached, so a win proved on one way (a line that
/// recreates no position of that history) may need a move this
/// history forbids. Its move still leads the search; only the cutoff
/// is refused. Ordinary scores are still taken (a cutoff on each is
/// what makes the search deep); a wrong stored win made Master's goats
/// give a goat away for a table win that was not there (depths 15-18
/// in docs/ai-figures.md, "A win remembered from another history";
/// about the same nodes to each depth with and without the check).
pub(super) fn stored_win_may_not_hold(score: i32, board: &SearchBoard) -> bool {
    score.abs() >= TABLE_WIN - TABLE_WIN_MARGIN && board.repeats_forbidden()
}

/// The key the table of searched positions files `pos` under: its hash,
/// and with a tablebase in the sliding phase also the quiet plies, on
/// which the table's results depend.
pub(super) fn tt_key(with_table: bool, pos: &Position) -> u64 {
    if with_table && pos.in_hand == [0, 0] {
        pos.hash ^ mix(QUIET_PLIES_SALT + pos.quiet_plies as u64)
    } else {
        pos.hash
    }
}

/// The goats' moves here (up to two) that the no-repeat rule allows and
/// that lead to a draw in which the tigers cannot force a capture.
fn spare_moves(table: &Tablebase, board: &mut SearchBoard, moves: &mut Vec<Move>) -> u32 {
    moves.clear();
    board.generate(moves);
    let mut spare = 0;
    for mv in moves.iter() {
        if !board.make(mv) {
            continue;
        }
        let child = board.position();
        if let Some(p) = table.probe(child)
            && p.outcome == Outcome::Draw
            && !capture_forced(table, p.value, child.quiet_plies)
        {
            spare += 1;
        }
        board.unmake();
        if spare >= 2 {
            break;
        }
    }
    spare
}

/// True when a drawn table value says the tigers can force a capture
/// before the quiet limit, with `quiet` plies already played.
fn capture_forced(table: &Tablebase, value: Value, quiet: u16) -> bool {
    let limit = table.rules().quiet_limit as u16;
    value
        .capture_within()
        .is_some_and(|p| p as u16 + quiet <= limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::{Evaluator, Weights};
    use crate::rules::GameId;
    use crate::rules::{Game, Variant};

    fn weights_fitted(game: &Game) -> (Weights, Option<PlacementWeights>) {
        let board = SearchBoard::new(game);
        let mut eval = Evaluation::Lines(Evaluator::new(board.rules()));
        fit_evaluator(&mut eval, &board);
        let lines = eval.lines_mut().expect("the line terms");
        (*lines.weights(), lines.placement_weights())
    }

    /// A table of the sub-game with no goat taken, all draws but for the
    /// given positions (and their mirror images).
    fn table_with(marked: &[(&Game, Value)]) -> Arc<Tablebase> {
        use crate::ai::tablebase::index::{Board, Indexer, Symmetry, positions};
        use crate::ai::tablebase::{SlidingRules, Subgame};
        let n = positions(20) as usize;
        let mut sub = Subgame {
            captured: 0,
            goats: 20,
            tigers_to_move: vec![Value::DRAW.0; n],
            goats_to_move: vec![Value::DRAW.0; n],
        };
        let (board, index) = (Board::new(), Indexer::new());
        let symmetry = Symmetry::new(&index);
        for (game, value) in marked {
            let (tigers, goats) = board.pieces(game.position());
            for m in 0..8 {
                let (t, g) = (symmetry.apply(m, tigers), symmetry.apply(m, goats));
                let i = index.index(t, g) as usize;
                match game.position().side_to_move {
                    Side::Hunters => sub.tigers_to_move[i] = value.0,
                    Side::Crowd => sub.goats_to_move[i] = value.0,
                }
            }
        }
        Arc::new(Tablebase::new(SlidingRules::OURS, vec![sub]))
    }

    #[test]
    fn goats_with_one_way_out_of_a_capture_pay_for_it_at_the_horizon() {
        // Twenty goats, a1 empty: the goats' only move is b1-a1.
        let game = Game::from_position_string("bagh-chal TGGGT/GGGGG/GGGGG/TTGGG/1GGGG G 0/0 0 40")
            .unwrap();
        let mut after = game.clone();
        after.play_text("b1-a1").unwrap();
        let bias = |table: Arc<Tablebase>, spare_aware: bool| {
            let mut horizon = TableHorizon::default();
            horizon.set_table(table);
            horizon.spare_aware = spare_aware;
            horizon.bias(&mut SearchBoard::new(&game), &mut Vec::new())
        };
        // The one move keeps a capture-free draw: a little, when looked at.
        assert_eq!(bias(table_with(&[]), false), 0);
        assert_eq!(bias(table_with(&[]), true), -ONE_SPARE);
        // It lets the tigers force a capture: the goats have no way out.
        let marked = table_with(&[(&after, Value::draw_with_capture(4))]);
        assert_eq!(bias(marked, true), -FORCED_CAPTURE);
    }

    #[test]
    fn only_placement_searches_count_spare_moves() {
        let mut horizon = TableHorizon::default();
        let game = Game::new(Variant::new(GameId::named("bagh-chal")));
        horizon.count_spare_moves_from(game.position());
        assert!(horizon.spare_aware);
        let sliding = "bagh-chal TGGGT/GGGGG/GGGGG/TTGGG/1GGGG G 0/0 0 40";
        let game = Game::from_position_string(sliding).unwrap();
        horizon.count_spare_moves_from(game.position());
        assert!(!horizon.spare_aware);
    }

    #[test]
    fn fitted_bagh_chal_goats_are_cautious_and_both_sides_fitted() {
        let mut bagh_chal = Game::new(Variant::new(GameId::named("bagh-chal")));
        let plain = Weights::for_game(GameId::named("bagh-chal"));
        let fitted = Some(PlacementWeights::FITTED);
        assert_eq!(weights_fitted(&bagh_chal), (plain.cautious_goats(), fitted));
        assert_ne!(plain.cautious_goats(), plain);
        bagh_chal.play_text("@c1").unwrap();
        assert_eq!(
            weights_fitted(&bagh_chal),
            (plain, fitted),
            "the tigers: the fitted placement, the plain sliding phase"
        );
        let pirates = Game::new(Variant::new(GameId::named("pirates")));
        assert_eq!(
            weights_fitted(&pirates),
            (Weights::for_game(GameId::named("pirates")), None)
        );
    }
}
