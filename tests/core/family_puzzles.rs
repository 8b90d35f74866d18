//! The hunt family's puzzle sets (`assets/puzzles/family/`): each puzzle
//! plays from its game's start and stands by its proof (the backward
//! solve's only value-keeping move, or the search's margin at its depth),
//! the solved games have 150 each, and a puzzle whose answer was swapped
//! for another legal move is refused.

use stronghold::ai::family_solve::solution_for;
use stronghold::coach::family_puzzle::{
    FamilyGoal, FamilyProof, FamilyPuzzleSet, check_family_puzzle, harvest_solved,
};
use stronghold::rules::family;

fn shipped(id: &str) -> Option<FamilyPuzzleSet> {
    let path = format!(
        "{}/assets/{}",
        env!("CARGO_MANIFEST_DIR"),
        FamilyPuzzleSet::asset_path(id)
    );
    let text = std::fs::read_to_string(path).ok()?;
    Some(FamilyPuzzleSet::from_ron(&text).expect("a readable set"))
}

#[test]
fn every_shipped_family_puzzle_stands_by_its_proof() {
    let mut solved_games = 0;
    for (id, _) in family::BUILT_IN {
        let Some(set) = shipped(id) else { continue };
        assert_eq!(set.game, *id);
        let rules = family::built_in(id).unwrap();
        let solution = solution_for(&rules);
        if solution.is_some() {
            solved_games += 1;
            assert!(set.puzzles.len() >= 150, "{id}: {}", set.puzzles.len());
        }
        for (n, p) in set.puzzles.iter().enumerate() {
            // A solved game's puzzles are proven; the others' are margins.
            assert_eq!(
                matches!(p.proof, FamilyProof::Solved),
                solution.is_some(),
                "{id} puzzle {}",
                n + 1
            );
            check_family_puzzle(&rules, p, solution.as_deref())
                .unwrap_or_else(|e| panic!("{id} puzzle {}: {e}", n + 1));
        }
    }
    assert_eq!(
        solved_games, 4,
        "haretavl, hund-efter-hare, jeu-militaire, kaooa"
    );
}

#[test]
fn a_swapped_answer_is_refused() {
    let rules = family::built_in("kaooa").unwrap();
    let solution = solution_for(&rules).expect("kaooa is solved");
    let set = shipped("kaooa").expect("kaooa's set");
    let mut refused = 0;
    for p in set.puzzles.iter().take(40) {
        let game = p.game(&rules).unwrap();
        let answer = p.line_moves(&rules).unwrap()[0];
        let Some(other) = game.legal_moves().into_iter().find(|m| *m != answer) else {
            continue;
        };
        let mut swapped = p.clone();
        swapped.line = vec![rules.move_text(&other)];
        assert!(check_family_puzzle(&rules, &swapped, Some(&solution)).is_err());
        refused += 1;
    }
    assert!(refused >= 30);
}

#[test]
fn the_harvest_finds_wins_and_held_draws_in_kaooa() {
    let rules = family::built_in("kaooa").unwrap();
    let solution = solution_for(&rules).expect("kaooa is solved");
    let puzzles = harvest_solved(&rules, &solution, 150);
    assert_eq!(puzzles.len(), 150);
    for goal in [FamilyGoal::Win, FamilyGoal::WinFastest, FamilyGoal::Hold] {
        assert!(puzzles.iter().any(|p| p.goal == goal), "{goal:?}");
    }
    assert!(
        puzzles.iter().any(|p| p.line.len() >= 3),
        "a line with a reply"
    );
    // The harvest is the shipped set: the file is made by it.
    assert_eq!(Some(puzzles), shipped("kaooa").map(|s| s.puzzles));
}
