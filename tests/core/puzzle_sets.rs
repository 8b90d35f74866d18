//! The shipped puzzle sets as a whole: every built-in game has one,
//! in the one format, with enough puzzles, most of them proven where a
//! game has a proof (Bagh-Chal's table, the Fox and Geese proof search,
//! the backward solve of a small game), and every "win" or "hold" claimed
//! only as far as its proof backs it. Every puzzle is proven again (legal,
//! each answer the only one), and a puzzle changed in any way its proof
//! does not back is refused.

use std::sync::Arc;

use stronghold::ai::Tablebase;
use stronghold::coach::prove::{Provers, check_puzzle, exact_proof, goal_backed, table_only_move};
use stronghold::coach::puzzle::{Goal, Proof, Puzzle, PuzzleSet};
use stronghold::rules::{Game, GameId};

/// Puzzles each of the four first games ships at least.
const MIN_PUZZLES: usize = 150;
/// Puzzles every game ships at least.
const MIN_PUZZLES_EVERY_GAME: usize = 10;

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
    // The four first games (every game's set is checked below).
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
        former_id: None,
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

/// The games whose files say they are solved: their puzzles are proven by
/// the backward solve.
fn solved_games() -> Vec<&'static str> {
    GameId::built_in()
        .filter(|g| g.file().solved.is_some())
        .map(GameId::id)
        .collect()
}

/// Every built-in game ships a set in the one format, for itself,
/// easiest first, with at least ten puzzles; a solved game's are all
/// proven by the solve, the others' by a search's margin.
#[test]
fn every_game_ships_a_set_in_the_one_format() {
    let solved_games = solved_games();
    for kind in GameId::built_in() {
        let set = shipped_set(kind);
        assert_eq!(set.game, kind);
        let n = set.puzzles.len();
        assert!(n >= MIN_PUZZLES_EVERY_GAME, "{kind}: {n} puzzles");
        assert!(
            set.puzzles.windows(2).all(|w| w[0].depth <= w[1].depth),
            "{kind}: not easiest first"
        );
        let positions: std::collections::HashSet<&str> =
            set.puzzles.iter().map(|p| p.position.as_str()).collect();
        assert_eq!(positions.len(), n, "{kind}: a position twice");
        if kind.is_built_in() && GameId::built_in().position(|g| g == kind) >= Some(4) {
            let solved = solved_games.contains(&kind.id());
            for p in &set.puzzles {
                let by_solve = p.proof == Proof::Solved;
                assert_eq!(by_solve, solved, "{kind}: {} by {:?}", p.position, p.proof);
            }
        }
    }
}

/// What checks a solved game's puzzles and a searched one's: the solve
/// and the search need neither the table nor a proof search's budget.
const WITHOUT_TABLE: Provers = Provers {
    table: None,
    proof_nodes: 0,
};

/// Checks every puzzle of the shipped sets of `games` by its proof, and
/// plays each through a [`PuzzleRun`] to the end.
fn prove_sets(games: &[&str]) {
    prove_every(games, 1);
}

/// [`prove_sets`] for one puzzle in `every` of each set (the first, and
/// on from there), where the sets are many and each was checked when it
/// was harvested.
fn prove_every(games: &[&str], every: usize) {
    use stronghold::coach::puzzle::PuzzleRun;
    let table = table();
    let provers = Provers {
        table: Some(&table),
        proof_nodes: 200_000,
    };
    for id in games {
        let set = shipped_set(GameId::named(id));
        for (n, p) in set.puzzles.iter().enumerate().step_by(every) {
            if let Err(e) = check_puzzle(p, &provers) {
                panic!("{id} puzzle {}: {}: {e}", n + 1, p.position);
            }
            let mut run = PuzzleRun::new(p).expect("a playable puzzle");
            while let Some(answer) = run.expected() {
                run.try_move(&answer);
            }
            assert!(run.is_solved());
        }
    }
}

#[test]
fn the_four_first_games_puzzles_stand_by_their_proofs() {
    prove_sets(&["pirates", "asalto", "fox-geese", "bagh-chal"]);
}

#[test]
fn the_solved_games_puzzles_stand_by_the_backward_solve() {
    prove_sets(&solved_games());
}

#[test]
fn the_alquerque_games_puzzles_stand_by_their_search() {
    prove_sets(&["adugo", "la-yagua", "cercar-la-liebre"]);
}

#[test]
fn el_zorros_puzzles_stand_by_their_search() {
    prove_sets(&["el-zorro"]);
}

/// The games proven by the tests above, each in its own (they run side
/// by side).
const PROVEN_APART: [&str; 8] = [
    "pirates",
    "asalto",
    "fox-geese",
    "bagh-chal",
    "adugo",
    "la-yagua",
    "cercar-la-liebre",
    "el-zorro",
];

/// Every other game searched rather than solved, whatever the catalogue
/// holds: every game, every other puzzle (about fifty games of twenty or
/// more each, each checked when it was harvested, would take this test
/// past a minute), and one in five of the stack games'.
#[test]
fn the_other_games_puzzles_stand_by_their_search() {
    let solved = solved_games();
    let others: Vec<&str> = GameId::built_in()
        .map(GameId::id)
        .filter(|id| !PROVEN_APART.contains(id) && !solved.contains(id))
        .collect();
    assert!(others.contains(&"komikan"), "{others:?}");
    // The stack games' searches are the slowest by far (a tiger has
    // hundreds of chains a turn): one puzzle in five of theirs.
    let (stacked, plain): (Vec<&str>, Vec<&str>) =
        (others.iter()).partition(|id| !GameId::named(id).file().crowd.stacks.is_empty());
    assert!(stacked.contains(&"bagh-batti"), "{stacked:?}");
    prove_every(&plain, 2);
    prove_every(&stacked, 5);
}

/// Each legal move's value for the side to move at `game`, from the
/// game's solution (the quiet draw in where it reckons it), counted from
/// before the move.
fn solved_values(game: &Game) -> Vec<(String, stronghold::ai::solve::Solved)> {
    use stronghold::ai::solve::{Solved, proof_solution};
    let solution = proof_solution(*game.variant()).expect("a solved game");
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let after = game.rules().apply(game.position(), &mv).0;
            let left = (game.rules().quiet_limit()).map(|l| l - after.quiet_plies);
            let value =
                match (solution.value_in_play(&after, left)).expect("a position of the solve") {
                    Solved::Win(n) => Solved::Loss(n + 1),
                    Solved::Loss(n) => Solved::Win(n + 1),
                    Solved::Draw => Solved::Draw,
                };
            (game.move_text(&mv), value)
        })
        .collect()
}

/// The words of a solved puzzle's goal are what the solve shows, read
/// from the solution itself: a "win" has one winning move, a "hold" one
/// move that does not lose, and a "quickest win" more than one winning
/// move, the answer's the only quickest (and in some of them other moves
/// draw or lose: the words do not say every move wins).
#[test]
fn a_solved_puzzles_words_are_what_the_solve_shows() {
    use stronghold::ai::solve::Solved;
    let (mut quickest, mut quickest_with_a_non_win) = (0, 0);
    for id in solved_games() {
        for p in shipped_set(GameId::named(id)).puzzles {
            let values = solved_values(&p.game().unwrap());
            let wins: Vec<(&str, u16)> = (values.iter())
                .filter_map(|(m, v)| match v {
                    Solved::Win(n) => Some((m.as_str(), *n)),
                    _ => None,
                })
                .collect();
            let answer = p.line[0].as_str();
            let at = format!("{id}: {}", p.position);
            match p.goal {
                Goal::Win => assert_eq!(
                    wins.iter().map(|w| w.0).collect::<Vec<_>>(),
                    [answer],
                    "{at}"
                ),
                Goal::Hold => {
                    assert!(wins.is_empty(), "{at}");
                    let holding: Vec<&str> = (values.iter())
                        .filter(|(_, v)| *v == Solved::Draw)
                        .map(|(m, _)| m.as_str())
                        .collect();
                    assert_eq!(holding, [answer], "{at}");
                }
                Goal::WinQuickest => {
                    quickest += 1;
                    assert!(wins.len() >= 2, "{at}");
                    let fastest = wins.iter().map(|w| w.1).min().unwrap();
                    let at_fastest: Vec<&str> = wins
                        .iter()
                        .filter(|w| w.1 == fastest)
                        .map(|w| w.0)
                        .collect();
                    assert_eq!(at_fastest, [answer], "{at}");
                    quickest_with_a_non_win += usize::from(wins.len() < values.len());
                }
                other => panic!("{at}: {other:?}"),
            }
        }
    }
    assert!(quickest >= 100, "{quickest}");
    assert!(quickest_with_a_non_win > 0);
}

/// A puzzle changed in any way its proof does not back is refused: the
/// answer swapped for another legal move, a goal relabelled, a line that
/// goes on with a move that is not the only one, a position changed.
#[test]
fn a_tampered_puzzle_is_refused() {
    let provers = WITHOUT_TABLE;
    let set = shipped_set(GameId::named("kaooa"));
    let mut swapped = 0;
    for p in set.puzzles.iter().take(40) {
        assert_eq!(check_puzzle(p, &provers), Ok(()));
        let game = p.game().unwrap();
        for other in game.legal_moves() {
            let text = game.move_text(&other);
            if text != p.line[0] {
                let mut tampered = p.clone();
                tampered.line = vec![text];
                assert!(check_puzzle(&tampered, &provers).is_err(), "{}", p.position);
                swapped += 1;
            }
        }
        for goal in [Goal::Win, Goal::WinQuickest, Goal::Hold, Goal::BestMove] {
            if goal != p.goal {
                let relabelled = Puzzle { goal, ..p.clone() };
                let refusal = check_puzzle(&relabelled, &provers).unwrap_err();
                assert!(refusal.contains("the goal is"), "{refusal}");
            }
        }
    }
    assert!(swapped >= 100, "{swapped}");
    // A line of two answers whose second is swapped.
    let long = (set.puzzles.iter())
        .find(|p| p.line.len() >= 3)
        .expect("a line with a reply");
    let mut game = long.game().unwrap();
    game.play_text(&long.line[..2].join(" ")).unwrap();
    let other = (game.legal_moves().into_iter())
        .map(|m| game.move_text(&m))
        .find(|m| *m != long.line[2])
        .unwrap();
    let mut tampered = long.clone();
    tampered.line.truncate(2);
    tampered.line.push(other);
    assert!(check_puzzle(&tampered, &provers).is_err());
    // The position's side to move changed: another puzzle, not proven.
    let mut moved = set.puzzles[0].clone();
    let flipped = if moved.position.contains(" V ") {
        (" V ", " C ")
    } else {
        (" C ", " V ")
    };
    moved.position = moved.position.replacen(flipped.0, flipped.1, 1);
    assert!(check_puzzle(&moved, &provers).is_err());
    // A searched puzzle of another game, its answer swapped.
    let komikan = shipped_set(GameId::named("komikan"));
    let p = &komikan.puzzles[0];
    let game = p.game().unwrap();
    let other = (game.legal_moves().into_iter())
        .map(|m| game.move_text(&m))
        .find(|m| *m != p.line[0])
        .unwrap();
    let tampered = Puzzle {
        line: vec![other],
        ..p.clone()
    };
    assert!(check_puzzle(&tampered, &provers).is_err());
}

/// The harvest of a solved game looks at every position its start
/// reaches: its puzzles stand by the solve and ask each goal the solve
/// can back (a win, the quickest win, a held draw), with lines that go on
/// after a reply.
#[test]
fn the_harvest_of_a_solved_game_finds_every_goal_the_solve_backs() {
    use stronghold::analysis::puzzles::{HarvestSpec, Harvester};
    use stronghold::rules::Variant;
    let variant = Variant::new(GameId::named("jeu-militaire"));
    let mut harvester = Harvester::new(variant, None, HarvestSpec::DEFAULT).unwrap();
    harvester.harvest_solved(24);
    let set = harvester.into_set(24);
    assert_eq!(set.puzzles.len(), 24);
    let provers = WITHOUT_TABLE;
    for p in &set.puzzles {
        assert_eq!(p.proof, Proof::Solved);
        assert_eq!(check_puzzle(p, &provers), Ok(()), "{}", p.position);
    }
    for goal in [Goal::Win, Goal::WinQuickest, Goal::Hold] {
        assert!(set.puzzles.iter().any(|p| p.goal == goal), "{goal:?}");
    }
    assert!(set.puzzles.iter().any(|p| p.line.len() >= 3));
}

/// A broken set is refused with what is wrong, never a panic.
#[test]
fn a_broken_set_is_refused_with_its_reason() {
    use stronghold::coach::puzzle::PuzzleFileError;
    let text = std::fs::read_to_string(format!(
        "{}/assets/puzzles/kaooa.ron",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    for cut in (0..text.len()).step_by(997) {
        assert!(PuzzleSet::from_ron(&text[..cut]).is_err());
    }
    let unknown_goal = text.replacen("goal: Win,", "goal: Winner,", 1);
    match PuzzleSet::from_ron(&unknown_goal) {
        Err(PuzzleFileError::Malformed(why)) => assert!(why.contains("Winner"), "{why}"),
        other => panic!("{other:?}"),
    }
}
