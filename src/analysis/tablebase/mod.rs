//! Builds Bagh-Chal's sliding-phase table ([`crate::ai::tablebase`]) by
//! retrograde analysis ([`build`]), and solves the end of placement
//! against it ([`placement`]). Offline work for the command-line tool: the
//! game only loads and probes a finished table.

pub mod build;
pub mod placement;

use crate::ai::tablebase::index::{Board, Indexer};
use crate::ai::tablebase::{SlidingRules, Subgame, Tablebase};

pub use build::{Progress, mark_captures, mark_fragile, solve_subgame, unmark_fragile};

/// Builds the sub-games with up to `keep` captures (all the others are
/// computed on the way and dropped), reporting progress.
pub fn build(rules: SlidingRules, keep: usize, progress: &mut dyn FnMut(Progress)) -> Tablebase {
    build_with(rules, keep, progress, &mut |_, _, _| {})
}

/// [`build`], handing each sub-game to `solved` once its values are final
/// (for statistics; what `solved` leaves in it is what the table keeps and
/// what the sub-game below reads for its captures).
pub fn build_with(
    rules: SlidingRules,
    keep: usize,
    progress: &mut dyn FnMut(Progress),
    solved: &mut dyn FnMut(&mut Subgame, &Board, &Indexer),
) -> Tablebase {
    let board = Board::new();
    let index = Indexer::new();
    let mut above: Option<Subgame> = None;
    let mut kept = Vec::new();
    for captured in (0..rules.captures_to_win).rev() {
        let mut sub = solve_subgame(&rules, captured, above.as_ref(), &board, &index, progress);
        // In a draw the tigers may still force a capture: the goats should
        // know (with the next capture deciding, the two are the same).
        if captured + 1 < rules.captures_to_win {
            let first = solve_subgame(&rules, captured, None, &board, &index, progress);
            build::mark_captures(&mut sub, &first, rules.quiet_limit);
        }
        solved(&mut sub, &board, &index);
        if captured <= keep {
            kept.push(sub.clone());
        }
        above = Some(sub);
    }
    kept.reverse();
    Tablebase::new(rules, kept)
}

#[cfg(test)]
mod tests;
