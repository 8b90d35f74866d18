//! The coach: analyses graded as the Bagh-Chal table says, an analysis
//! stepped in small slices equal to one run at once, the saved form, and
//! a puzzle's goal held to its proof (every shipped puzzle is proven
//! again in `puzzle_sets.rs`).

use std::sync::Arc;

use stronghold::ai::{Level, MATE_BOUND, Search, SearchLimits, Tablebase};
use stronghold::coach::prove::{Provers, check_puzzle, table_only_move};
use stronghold::coach::puzzle::{PuzzleRun, PuzzleSet};
use stronghold::coach::{Analysis, Effort, Exact, GameAnalyser, Grade, Source, VerdictKind};
use stronghold::rules::{Game, GameId, Move, Variant};

/// The shipped table, read once for the whole file.
fn table() -> Arc<Tablebase> {
    crate::shipped_table()
}

/// Two games Medium's tigers won against Easy's goats (`selfplay bagh-chal
/// --hunters medium --crowd easy --openings 4 --seed 5`, games 1 and 3):
/// sliding phases with moves that keep the value and moves that lose it.
const GAMES: [&str; 2] = [
    "@c5 a1-a2 @b5 a5-a4 @c1 e1-d2 @d1 a2-b2 @b1 a4-b4 @a1 e5-d4 @a5 b4-a4 @a2 a4-b4 @e1 b4-a3 \
     @e2 d2-e3 @d2 b2-c3 @c2 c3-c4 @b2 c4-c3 @b3 d4-e5 @a4 a3-b4 @a3 e5-d4 @e5 e3-e4 @e3 d4-d5 \
     @d3 b4-c4 @b4 c4-d4 c5-c4 d5-c5 e5-d5 c5xe5 c4-c5 e5-d5 b4-c4 d4xb4 e3-d4 e4xc4 d2-e3 c4-d4 \
     c2-d2 d5-e5 d2-c2 d4xd2 e3-d4 c3-d3 d4-e3 d3-d4 b3-c3 b4-b3 c3-b4 d4-c4 b2-c3 d2xb2",
    "@c1 e5-e4 @d5 a1-a2 @d1 e1-d2 @c5 a5-b4 @a1 a2-b2 @b1 e4-d4 @a5 d4-d3 @a2 d3-d4 @a4 b2-a3 \
     @e1 a3-b2 @a3 d2-e2 @b5 e2-d2 @e3 d2-e2 @e4 b4-c3 @b4 c3-b3 @e5 b3-c3 @b3 c3-c4 @c2 b2xd2 \
     @b2 d2-d3 @c2 c4-c3 e3-d2 e2-e3 b4-c4 d4xb4 d2-e2 c3-d2 e4-d4 d2-c3 c2-d2 e3-e4 d2-c2 e4xc4 \
     e2-e3 c4-d4 c2-d2 d4-e4 e3-e2 c3-c2 d2-e3 d3-d2 b3-c3 c2xc4 c1-c2 d2-c1 c2-d2 c4-d4 c5-c4 \
     d4-c3 c4-c5 c3-d3 b2-c2 c1xc3",
];

fn bagh_chal(moves: &str) -> Game {
    let mut game = Game::new(Variant::new(GameId::named("bagh-chal")));
    game.play_text(moves).expect("legal moves");
    game
}

/// The table's result (1, 0, -1) of each legal move for the side to move.
fn results(table: &Tablebase, game: &Game) -> Vec<(Move, i8)> {
    exact_values(table, game)
        .into_iter()
        .map(|(mv, value)| (mv, value.result()))
        .collect()
}

/// The grade of `mv` from `game`'s position, analysed on its own.
fn grade_of(game: &Game, mv: Move) -> Grade {
    let mut one = Game::from_position(*game.variant(), *game.position());
    one.play_unchecked(&mv);
    let mut analyser = GameAnalyser::new(&one, Effort::of_level(Level::Beginner), Some(table()));
    analyser.run_to_end().plies[0].grade
}

#[test]
fn a_sliding_move_that_loses_the_value_is_a_mistake_or_worse_and_one_that_keeps_it_no_blunder() {
    let table = table();
    let (mut losing, mut keeping) = (0, 0);
    for moves in GAMES {
        let full = bagh_chal(moves);
        let mut game = Game::new(*full.variant());
        for played in full.moves() {
            let sliding = game.position().in_hand == [0, 0];
            // Positions where some moves keep the value and others lose it.
            if sliding && losing + keeping < 40 {
                let results = results(&table, &game);
                let best = results.iter().map(|(_, r)| *r).max().unwrap();
                let lose = results.iter().find(|(_, r)| *r < best);
                let keep = results.iter().find(|(_, r)| *r == best);
                if let (Some(&(lose, _)), Some(&(keep, _))) = (lose, keep) {
                    let g = grade_of(&game, lose);
                    assert!(
                        g >= Grade::Mistake,
                        "{} from {}: {g:?}",
                        game.move_text(&lose),
                        game.position_string()
                    );
                    let g = grade_of(&game, keep);
                    assert!(
                        g != Grade::Blunder,
                        "{} from {}",
                        game.move_text(&keep),
                        game.position_string()
                    );
                    (losing, keeping) = (losing + 1, keeping + 1);
                }
            }
            game.play_unchecked(played);
        }
    }
    assert!(losing >= 10, "only {losing} positions with a losing move");
}

/// The table's exact value of each legal move for the side to move,
/// counted from before the move (a loss in 9 after it is a loss in 10).
fn exact_values(table: &Tablebase, game: &Game) -> Vec<(Move, Exact)> {
    let mover = game.side_to_move();
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = game.clone();
            next.play_unchecked(&mv);
            let to_move = next.side_to_move();
            let value = match next.outcome() {
                Some(o) => Exact::of_outcome(&o, to_move),
                None => Exact::of_table(table, next.position()).expect("in the table"),
            };
            (mv, value.for_side(to_move, mover).one_ply_earlier())
        })
        .collect()
}

/// In a lost position every move keeps the value (lost), yet some lose
/// far sooner: the move that loses latest is best, one that loses in
/// three fifths of the time or less is a mistake, and none is a blunder.
#[test]
fn a_lost_side_that_loses_much_sooner_makes_a_mistake_but_no_blunder() {
    let table = table();
    let mut checked = 0;
    for moves in GAMES {
        let full = bagh_chal(moves);
        let mut game = Game::new(*full.variant());
        for played in full.moves() {
            if game.position().in_hand == [0, 0] && checked < 6 {
                let values = exact_values(&table, &game);
                let plies = |v: &Exact| match v {
                    Exact::Loss(Some(p)) => Some(*p),
                    _ => None,
                };
                let all_lost: Option<Vec<(Move, u16)>> = values
                    .iter()
                    .map(|(m, v)| plies(v).map(|p| (*m, p)))
                    .collect();
                if let Some(lost) = all_lost {
                    let &(latest, longest) = lost.iter().max_by_key(|(_, p)| *p).unwrap();
                    let soon = lost.iter().find(|(_, p)| *p * 5 <= longest * 3);
                    if let Some(&(soon, _)) = soon {
                        let at = game.position_string();
                        let (latest_text, soon_text) =
                            (game.move_text(&latest), game.move_text(&soon));
                        assert_eq!(
                            grade_of(&game, latest),
                            Grade::Best,
                            "{latest_text} from {at}"
                        );
                        let g = grade_of(&game, soon);
                        assert_eq!(g, Grade::Mistake, "{soon_text} from {at}");
                        checked += 1;
                    }
                }
            }
            game.play_unchecked(played);
        }
    }
    assert!(
        checked >= 2,
        "only {checked} lost positions with a much sooner loss"
    );
}

/// A Pirates position the search sees won for the Bulgars in 7 plies
/// (`selfplay pirates --games 2 --hunters easy --crowd hard --seed 3`,
/// game 1 after 42 plies).
const PIRATES_WON: &str =
    "pirates,compulsory=on,retreat=off B1B/PBB/B2BBBB/BBBP1BB/BBBBB1B/BBB/2B B 0/0 1 72";
/// The rest of that game: the Bulgars fill the stronghold.
const PIRATES_FINISH: &str = "a5-b5 c6-c5 a4-a5 d4-e4 d3-d4 c5-c6 b4-c5";

/// An effort light enough for a test, deep enough for these wins.
const TEST_EFFORT: Effort = Effort {
    limits: SearchLimits {
        max_depth: 12,
        time_ms: None,
        max_nodes: Some(300_000),
    },
    proof_nodes: 100_000,
};

/// A loss the search saw is exact only once every move of the lost side
/// is answered by a forced win: the pirates' positions of the finish are
/// exactly lost, and each of their moves there is checked again here.
#[test]
fn a_searched_loss_is_exact_only_when_every_move_is_refuted() {
    let mut game = Game::from_position_string(PIRATES_WON).unwrap();
    game.play_text(PIRATES_FINISH).unwrap();
    let analysis = GameAnalyser::new(&game, TEST_EFFORT, None)
        .run_to_end()
        .clone();
    let mut replay = Game::from_position_string(PIRATES_WON).unwrap();
    let mut lost_checked = 0;
    for report in &analysis.plies {
        let v = report
            .verdict
            .expect("the search sees this finish to the end");
        assert_eq!(v.source, Source::Search, "ply {}", report.ply);
        if matches!(v.kind(), VerdictKind::StillLost(_)) {
            // Every move of the pirates here lets the Bulgars force a win.
            for mv in replay.legal_moves() {
                let mut next = replay.clone();
                next.play_unchecked(&mv);
                if next.outcome().is_some() {
                    continue;
                }
                let r = Search::with_limits(&next, SearchLimits::depth(8), 0)
                    .run_to_end()
                    .unwrap();
                assert!(
                    r.score > MATE_BOUND,
                    "{} escapes at ply {}",
                    replay.move_text(&mv),
                    report.ply
                );
            }
            lost_checked += 1;
        }
        replay.play_text(&report.played).unwrap();
    }
    assert_eq!(lost_checked, 3);
}

/// A move that keeps a win the search saw, other than the search's best, is
/// checked after it: where it kept the win it is graded an inaccuracy at
/// worst (elsewhere, by the evaluation after it).
#[test]
fn a_kept_win_is_never_graded_below_an_inaccuracy() {
    let game = Game::from_position_string(PIRATES_WON).unwrap();
    let mut kept = 0;
    for mv in game.legal_moves() {
        let mut one = game.clone();
        one.play_unchecked(&mv);
        let report = GameAnalyser::new(&one, TEST_EFFORT, None)
            .run_to_end()
            .plies[0]
            .clone();
        let verdict = report.verdict.map(|v| v.kind());
        if matches!(verdict, Some(VerdictKind::KeepsWin(_))) {
            assert!(
                report.grade <= Grade::Inaccuracy,
                "{}: {:?}",
                game.move_text(&mv),
                report.grade
            );
            kept += usize::from(report.best != report.played);
        }
    }
    assert!(kept >= 1, "no move other than the best kept the win");
}

#[test]
fn an_analysis_in_small_slices_is_the_analysis_at_once() {
    // Fox and Geese late in a game (Beginner's fox against Medium's
    // geese, after ply 60): searches and proofs both sliced.
    let text = "fox-geese G1G/2G/GG3GG/1G4G/1GG1F2/G2/3 F 0/0 0 44";
    let mut game = Game::from_position_string(text).unwrap();
    game.play_text("e3-f3 e6-d7 f3-e3 b5-c6 e3-d2 f5-e6 d2-d3 b4-b5")
        .unwrap();
    let effort = Effort::of_level(Level::Medium);
    let whole = GameAnalyser::new(&game, effort, None).run_to_end().clone();
    let mut sliced = GameAnalyser::new(&game, effort, None);
    let mut steps = 0;
    let mut last = 0;
    while sliced.result().is_none() {
        let p = sliced.step(200);
        assert!(p.done >= last && p.done <= p.total);
        last = p.done;
        steps += 1;
    }
    assert!(steps > 10, "{steps} steps");
    assert_eq!(sliced.result(), Some(&whole));
    assert!(whole.plies.iter().any(|p| p.verdict.is_some()), "no proof");
}

#[test]
fn an_analysis_saves_and_reads_back_and_knows_its_game() {
    let game = bagh_chal("@c1 a5-b4 @c5 e5-e4 @d1");
    let analysis = GameAnalyser::new(&game, Effort::of_level(Level::Beginner), None)
        .run_to_end()
        .clone();
    assert_eq!(analysis.plies.len(), 5);
    assert!(analysis.is_for(&game));
    let mut other = game.clone();
    other.undo();
    assert!(!analysis.is_for(&other));
    assert_eq!(Analysis::from_ron(&analysis.to_ron()), Ok(analysis.clone()));
    assert_eq!(analysis.graph(stronghold::rules::Side::Crowd).len(), 6);
    let goats = analysis.summary(stronghold::rules::Side::Crowd);
    assert_eq!(goats.moves, 3);
    assert_eq!(goats.grades.iter().sum::<u32>(), 3);
}

/// A game's shipped puzzle set.
fn shipped_set(kind: GameId) -> PuzzleSet {
    let path = format!(
        "{}/assets/{}",
        env!("CARGO_MANIFEST_DIR"),
        PuzzleSet::asset_path(kind)
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let set = PuzzleSet::from_ron(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(set.game, kind);
    set
}

/// A searched puzzle's goal is checked too: a "take the most" puzzle
/// labelled anything else is refused, and so is a best-move puzzle called
/// "take the most".
#[test]
fn a_searched_puzzles_goal_must_be_the_searchs() {
    use stronghold::coach::puzzle::Goal;
    let provers = Provers {
        table: None,
        proof_nodes: 0,
    };
    let set = shipped_set(GameId::named("asalto"));
    let take_most = set
        .puzzles
        .iter()
        .find(|p| p.goal == Goal::TakeMost)
        .expect("a take-most puzzle");
    let mut relabelled = take_most.clone();
    relabelled.goal = Goal::BestMove;
    let refusal = check_puzzle(&relabelled, &provers).unwrap_err();
    assert!(refusal.contains("the goal is take-most"), "{refusal}");
    let best = set
        .puzzles
        .iter()
        .find(|p| p.goal == Goal::BestMove)
        .expect("a best-move puzzle");
    let mut relabelled = best.clone();
    relabelled.goal = Goal::TakeMost;
    assert!(check_puzzle(&relabelled, &provers).is_err());
}

#[test]
fn ten_bagh_chal_puzzles_open_with_the_tables_only_move_in_the_sliding_phase() {
    let table = table();
    let set = shipped_set(GameId::named("bagh-chal"));
    let sliding = set
        .puzzles
        .iter()
        .filter(|p| {
            let game = p.game().unwrap();
            game.position().in_hand == [0, 0]
                && table_only_move(&table, &game).map(|o| game.move_text(&o.mv))
                    == Some(p.line[0].clone())
        })
        .count();
    assert!(sliding >= 10, "{sliding}");
}

#[test]
fn an_analyser_and_a_puzzle_run_can_go_to_another_thread() {
    // The desktop game steps the analysis on its compute pool.
    fn send<T: Send + 'static>() {}
    send::<GameAnalyser>();
    send::<PuzzleRun>();
    send::<Analysis>();
}

/// "Hold out longest" puzzles can be made: in games played at random,
/// positions where a search sees every move lose turn up, and where one
/// move loses at least two plies later than any other, the search names
/// it with the goal to hold out; its searched score says so.
#[test]
fn a_lost_position_can_ask_to_hold_out_longest() {
    use stronghold::ai::rng::SplitMix64;
    use stronghold::coach::prove::{HOLD_OUT_PLIES, margin_only_move, searched_moves};
    use stronghold::coach::puzzle::Goal;
    let mut found = 0;
    for seed in 0..400u64 {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new(Variant::new(GameId::named("fox-geese")));
        while game.outcome().is_none() && game.ply() < 120 {
            let scored = searched_moves(&game, 4);
            if scored.iter().all(|(_, s)| *s < -stronghold::ai::MATE_BOUND) && scored.len() > 1 {
                if let Some(only) = margin_only_move(&game, 4, 150) {
                    assert_eq!(only.goal, Goal::HoldOut);
                    let best = scored.iter().find(|(m, _)| *m == only.mv).unwrap().1;
                    for (m, s) in &scored {
                        if *m != only.mv {
                            assert!(
                                best - s >= HOLD_OUT_PLIES,
                                "{}: {s} against {best}",
                                game.move_text(m)
                            );
                        }
                    }
                    found += 1;
                }
                break;
            }
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len() as u64) as usize];
            game.play_unchecked(&mv);
        }
        if found >= 3 {
            break;
        }
    }
    assert!(
        found >= 3,
        "only {found} hold-out positions in 400 random games"
    );
}
