//! The shipped puzzle sets as a whole: enough puzzles per game, most of
//! them proven where a game has a proof (Bagh-Chal's table, the Fox and
//! Geese proof search), and every "win" or "hold" claimed only as far as
//! its proof backs it. Each puzzle's proof itself is checked again in
//! `coach.rs`; these checks read the sets, the table's only move aside.

use std::sync::Arc;

use stronghold::ai::Tablebase;
use stronghold::coach::prove::{Provers, check_puzzle, exact_proof, goal_backed, table_only_move};
use stronghold::coach::puzzle::{Goal, Proof, Puzzle, PuzzleSet};
use stronghold::rules::{Game, GameId};

/// Puzzles each game ships at least.
const MIN_PUZZLES: usize = 150;

fn table() -> Arc<Tablebase> {
    crate::shipped_table()
}

fn shipped_set(kind: GameId) -> PuzzleSet {
    let path = format!(
        "{}/assets/{}",
        env!("CARGO_MANIFEST_DIR"),
        PuzzleSet::asset_path(kind)
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    PuzzleSet::from_ron(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn is_proven(p: &Puzzle) -> bool {
    !matches!(p.proof, Proof::SearchMargin { .. })
}

#[test]
fn each_game_ships_enough_puzzles_easiest_first_and_most_proven_where_it_can() {
    // The four first games (the family's sets are checked in family_puzzles.rs).
    for kind in GameId::built_in().take(4) {
        let set = shipped_set(kind);
        let n = set.puzzles.len();
        assert!(n >= MIN_PUZZLES, "{kind}: {n} puzzles");
        assert!(
            set.puzzles.windows(2).all(|w| w[0].depth <= w[1].depth),
            "{kind}: not easiest first"
        );
        let difficulties: std::collections::BTreeSet<u8> =
            set.puzzles.iter().map(Puzzle::difficulty).collect();
        assert!(difficulties.len() >= 3, "{kind}: {difficulties:?}");
        if matches!(kind.id(), "bagh-chal" | "fox-geese") {
            let proven = set.puzzles.iter().filter(|p| is_proven(p)).count();
            assert!(3 * proven >= 2 * n, "{kind}: {proven} of {n} proven");
        }
    }
}

/// A win or a hold is claimed only by a proof that shows it: the table's
/// (its goal for the first answer), the proof search's (a win), or a
/// search's win seen to the end in a game with no exact proof. And each
/// line is legal with the game's history (Bagh-Chal's no-repeat rule,
/// which the table ignores).
#[test]
fn every_win_and_hold_is_backed_by_its_proof() {
    let table = table();
    for kind in GameId::built_in().take(4) {
        for p in shipped_set(kind).puzzles {
            let game = p.game().expect("a position");
            let at = || format!("{kind}: {}", p.position);
            match (p.goal, p.proof) {
                (Goal::Win | Goal::Hold, Proof::Table) => {
                    let only = table_only_move(&table, &game).unwrap_or_else(|| panic!("{}", at()));
                    assert_eq!(game.move_text(&only.mv), p.line[0], "{}", at());
                    assert_eq!(only.goal, p.goal, "{}", at());
                }
                (Goal::Win, Proof::ProofSearch) => {}
                (Goal::Win, Proof::SearchMargin { depth, .. }) => {
                    assert_eq!(exact_proof(game.variant()), None, "{}", at());
                    // Seen to the end: the search's own plies and the
                    // one-ply capture search at its horizon.
                    assert!(p.win_in.is_some_and(|w| w <= depth + 1), "{}", at());
                }
                (Goal::Hold, proof) => panic!("{}: {:?} by {proof:?}", at(), p.goal),
                _ => {}
            }
            let mut replay = Game::from_position(*game.variant(), *game.position());
            for text in &p.line {
                let mv = replay.parse_move(text).expect("a move");
                assert!(replay.play(&mv).is_ok(), "{}: {text}", at());
            }
        }
    }
}

/// The check refuses a win its proof does not back: a proven win passed
/// off as a search's, and a table's draw called a win.
#[test]
fn a_win_its_proof_does_not_back_is_refused() {
    let table = table();
    let provers = Provers {
        table: Some(&table),
        proof_nodes: 200_000,
    };
    let fox = shipped_set(GameId::named("fox-geese"));
    let proven = fox
        .puzzles
        .iter()
        .find(|p| p.goal == Goal::Win && p.proof == Proof::ProofSearch)
        .expect("a proven fox and geese win");
    assert_eq!(check_puzzle(proven, &provers), Ok(()));
    let mut searched = proven.clone();
    searched.proof = Proof::SearchMargin {
        depth: 8,
        margin: 150,
    };
    // Even where the search sees the win, a searched win is not enough
    // in a game the proof search settles.
    let variant = *proven.game().unwrap().variant();
    let refusal = goal_backed(&searched, &variant, Goal::Win).unwrap_err();
    assert!(refusal.contains("must be proven"), "{refusal}");
    assert!(check_puzzle(&searched, &provers).is_err());

    let bagh = shipped_set(GameId::named("bagh-chal"));
    let hold = bagh
        .puzzles
        .iter()
        .find(|p| p.goal == Goal::Hold)
        .expect("a hold puzzle");
    let mut called_win = hold.clone();
    called_win.goal = Goal::Win;
    let refusal = check_puzzle(&called_win, &provers).unwrap_err();
    assert!(refusal.contains("the goal is hold"), "{refusal}");
}

/// The harvester keeps no searched win where the proof search applies: a
/// fox's win the search sees (a puzzle of the earlier set, which the proof
/// search does not show to be the only win) comes back as the best move.
#[test]
fn the_harvester_calls_a_searched_fox_win_the_best_move() {
    use stronghold::analysis::puzzles::{HarvestSpec, Harvester};
    use stronghold::coach::puzzle::PUZZLES_VERSION;
    let searched_win = Puzzle {
        position: "fox-geese,geese=13,sideways=off 1GG/2G/GG3GG/G5G/3FG2/3/3 F 0/0 0 41".into(),
        line: vec!["d3xf3".into()],
        goal: Goal::Win,
        proof: Proof::SearchMargin {
            depth: 8,
            margin: 150,
        },
        depth: 1,
        win_in: Some(7),
    };
    let variant = *searched_win.game().unwrap().variant();
    let mut harvester = Harvester::new(variant, None, HarvestSpec::DEFAULT).unwrap();
    harvester.keep(PuzzleSet {
        version: PUZZLES_VERSION,
        game: GameId::named("fox-geese"),
        puzzles: vec![searched_win.clone()],
    });
    let kept = harvester.into_set(10).puzzles;
    assert_eq!(kept.len(), 1);
    assert_eq!(
        (kept[0].goal, kept[0].proof),
        (Goal::BestMove, searched_win.proof)
    );
    let provers = Provers {
        table: None,
        proof_nodes: 200_000,
    };
    assert_eq!(check_puzzle(&kept[0], &provers), Ok(()));
}
