//! One test (or more) for every rule and every win or draw reason in RULES-SPEC.md.

use stronghold::rules::board::points;
use stronghold::rules::{Game, GameId, Outcome, Reason, Rules, Side, Variant};

fn variant(kind: &str, options: &[&str]) -> Variant {
    let mut v = Variant::new(GameId::find(kind).expect("game id"));
    for o in options {
        v.set_option(o).expect("option");
    }
    v
}

/// A game from a hand-made position.
fn setup(
    kind: &str,
    options: &[&str],
    hunters: &str,
    crowd: &str,
    side: Side,
    hand: [u8; 2],
    quiet: u16,
) -> Game {
    let v = variant(kind, options);
    let pos = Rules::of(v).position([points(hunters), points(crowd)], side, hand, quiet, None);
    Game::from_position(v, pos)
}

/// Positions shared by Pirates and Asalto (same board, same crowd moves),
/// as (hunters, crowd).
/// The crowd fills the stronghold with d4-d5.
const ONE_STEP_FROM_FULL: (&str, &str) = ("a3 g3", "c6 d6 e6 c7 d7 e7 c5 e5 d4 c1");
/// Every line from c7 and e1 leads to a piece with a piece behind it.
const HUNTERS_PENNED: (&str, &str) = ("c7 e1", "d7 c6 d6 e7 c5 e5 d1 e2 d2 c1 e3 c3");
/// Rank 7 cannot go forward; a5 b5 f5 g5 are blocked by the hunters on c5 e5.
const CROWD_STUCK: (&str, &str) = ("c5 e5", "c7 d7 e7 c6 d6 e6 a5 b5 f5 g5");

/// A Pirates or Asalto game from one of the shared positions.
fn shared(kind: &str, (hunters, crowd): (&str, &str), side: Side) -> Game {
    setup(kind, &[], hunters, crowd, side, [0, 0], 0)
}

fn legal(g: &Game) -> Vec<String> {
    let mut m: Vec<String> = g.legal_moves().iter().map(|m| g.move_text(m)).collect();
    m.sort();
    m
}

fn play(g: &mut Game, moves: &str) {
    g.play_text(moves)
        .unwrap_or_else(|e| panic!("{e}; legal: {:?}", legal(g)));
}

// ---------------------------------------------------------------- boards

#[test]
fn boards_have_the_spec_points_and_lines() {
    use stronghold::rules::{Board, Point};
    let board = |kind: &str| Rules::of(variant(kind, &[])).board().clone();
    // The cross with alternating diagonals (Pirates, Asalto), the full
    // cross (Fox and Geese) and the 5x5 square (Bagh-Chal).
    let cross = board("pirates");
    let full = board("fox-geese");
    let square = board("bagh-chal");
    let p = |b: &Board, n: &str| b.find(n).unwrap_or_else(|| panic!("no point {n}"));
    assert_eq!(cross.points.count(), 33);
    assert_eq!(board("asalto").points, cross.points);
    // d4 has 8 lines, c4 has 4 (alternating diagonals).
    assert_eq!(cross.neighbours[p(&cross, "d4").index()].count(), 8);
    assert_eq!(cross.neighbours[p(&cross, "c4").index()].count(), 4);
    // Corner cut away: no b2, b6, f2, f6.
    for n in ["a1", "b2", "a6", "f6", "g7", "f1"] {
        assert!(cross.find(n).is_none(), "{n}");
    }
    assert_eq!(full.points, cross.points);
    assert_eq!(full.neighbours[p(&full, "c4").index()].count(), 8);
    // Every diagonal neighbour on the board is joined: c2-b3.
    assert!(full.neighbours[p(&full, "c2").index()].contains(p(&full, "b3")));
    assert!(!cross.neighbours[p(&cross, "c2").index()].contains(p(&cross, "b3")));
    assert_eq!(square.points.count(), 25);
    assert_eq!(square.neighbours[p(&square, "c3").index()].count(), 8);
    assert_eq!(square.neighbours[p(&square, "b3").index()].count(), 4);
    assert_eq!(square.neighbours[p(&square, "a1").index()].count(), 3);
    // Lines drawn = lines moved along: every line once.
    // 40 orthogonal lines, one diagonal in each of the 16 cells.
    assert_eq!(square.lines().len(), 40 + 16);
    let degree_sum: u32 = cross
        .points
        .map(|q| cross.neighbours[q.index()].count())
        .sum();
    assert_eq!(cross.lines().len() as u32 * 2, degree_sum);
    // The seven-file names of code and tests (`Point::parse`, `points`)
    // are the boards' own names on these grids.
    for b in [&cross, &full, &square] {
        for q in b.points {
            assert_eq!(Point::parse(b.name(q)), Some(q), "{}", b.name(q));
            assert_eq!(q.to_string(), b.name(q));
        }
    }
}

// ---------------------------------------------------------------- pirates

#[test]
fn pirates_start_and_bulgars_move_first() {
    let g = Game::new(variant("pirates", &[]));
    let pos = g.position();
    assert_eq!(pos.hunters(), points("c6 e6"));
    assert_eq!(pos.crowd().count(), 24);
    assert_eq!(pos.side_to_move, Side::Crowd);
    assert!(
        g.position_string()
            .starts_with("pirates,compulsory=on,retreat=off 3/P1P/BB3BB/")
    );
}

#[test]
fn bulgars_step_forward_diagonally_forward_or_sideways_never_back() {
    // A lone Bulgar on d4 (diagonals) with the pirates far away.
    let g = setup(
        "pirates",
        &[],
        "c7 e7",
        "d4 a3 b3 a4 g3 g4 c1 d1 e1",
        Side::Crowd,
        [0, 0],
        0,
    );
    let d4: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(d4, ["d4-c4", "d4-c5", "d4-d5", "d4-e4", "d4-e5"]);
    // With retreat on, every line.
    let g = setup(
        "pirates",
        &["retreat=on"],
        "c7 e7",
        "d4 a3 b3 a4 g3 g4 c1 d1 e1",
        Side::Crowd,
        [0, 0],
        0,
    );
    let d4: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(
        d4,
        [
            "d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-e5"
        ]
    );
}

#[test]
fn pirates_step_along_any_line() {
    let g = setup(
        "pirates",
        &[],
        "d4 c7",
        "a3 b3 a4 g3 g4 c1 d1 e1 g5",
        Side::Hunters,
        [0, 0],
        0,
    );
    let d4: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(d4.len(), 8);
}

/// A chain must be taken to its end; where it branches each route is a move.
const BRANCH_HUNTERS: &str = "c3 g5";
const BRANCH_CROWD: &str = "c4 c6 d5 c1 d1 e1 c2 d2 e2";

#[test]
fn jump_chains_are_maximal_and_branch_into_separate_moves() {
    let g = setup(
        "pirates",
        &[],
        BRANCH_HUNTERS,
        BRANCH_CROWD,
        Side::Hunters,
        [0, 0],
        0,
    );
    // Compulsory capture: only the two full chains; no partial c3xc5, no steps.
    assert_eq!(legal(&g), ["c3xc5xc7", "c3xc5xe5"]);
    let mut g2 = g.clone();
    let effects = g2.play(&g.parse_move("c3xc5xe5").unwrap()).unwrap();
    assert_eq!(effects.captured, points("c4 d5"));
    assert_eq!(g2.position().hunters(), points("e5 g5"));
    assert!(g.parse_move("c3xc5").is_err());
}

#[test]
fn compulsory_capture_option() {
    let on = setup(
        "pirates",
        &[],
        BRANCH_HUNTERS,
        BRANCH_CROWD,
        Side::Hunters,
        [0, 0],
        0,
    );
    let off = setup(
        "pirates",
        &["compulsory=off"],
        BRANCH_HUNTERS,
        BRANCH_CROWD,
        Side::Hunters,
        [0, 0],
        0,
    );
    assert_eq!(on.legal_moves().len(), 2);
    let moves = legal(&off);
    assert!(moves.contains(&"c3xc5xc7".to_string()) && moves.contains(&"c3-b3".to_string()));
    assert!(moves.contains(&"g5-g4".to_string()));
    // No penalty: after a step the pirate that could jump is still there.
    let mut off = off;
    play(&mut off, "g5-g4");
    assert_eq!(off.position().hunters(), points("c3 g4"));
}

#[test]
fn pirates_win_below_nine_bulgars() {
    let mut g = setup(
        "pirates",
        &[],
        BRANCH_HUNTERS,
        BRANCH_CROWD,
        Side::Hunters,
        [0, 0],
        0,
    );
    assert_eq!(g.outcome(), None);
    play(&mut g, "c3xc5xc7");
    assert_eq!(g.position().crowd().count(), 7);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Hunters, Reason::CrowdTooFew))
    );
    assert!(
        g.legal_moves().is_empty(),
        "a finished game has no legal moves"
    );
    assert_eq!(
        Outcome::win(Side::Hunters, Reason::CrowdTooFew).describe(GameId::named("pirates")),
        "The pirates have cut the Bulgars below 9"
    );
}

#[test]
fn bulgars_win_by_filling_the_stronghold() {
    let mut g = shared("pirates", ONE_STEP_FROM_FULL, Side::Crowd);
    play(&mut g, "d4-d5");
    let o = g.outcome().unwrap();
    assert_eq!(o, Outcome::win(Side::Crowd, Reason::StrongholdFilled));
    assert_eq!(
        o.describe(GameId::named("pirates")),
        "The Bulgars fill their goal"
    );
}

#[test]
fn pirates_without_a_move_lose() {
    let g = shared("pirates", HUNTERS_PENNED, Side::Hunters);
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Crowd, Reason::NoMoves(Side::Hunters)))
    );
}

#[test]
fn bulgars_without_a_move_lose() {
    // Chosen rule.
    let g = shared("pirates", CROWD_STUCK, Side::Crowd);
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Hunters, Reason::NoMoves(Side::Crowd)))
    );
}

#[test]
fn sixty_quiet_plies_draw_and_ground_resets_the_count() {
    let crowd = "a3 b3 c3 d3 e3 f3 g3 c2 d2";
    let mut g = setup("pirates", &[], "c7 e7", crowd, Side::Hunters, [0, 0], 59);
    play(&mut g, "c7-d7");
    assert_eq!(g.position().quiet_plies, 60);
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::QuietLimit)));

    let mut g = setup("pirates", &[], "c7 e7", crowd, Side::Hunters, [0, 0], 57);
    play(&mut g, "c7-d7 a3-b4");
    assert_eq!(
        g.position().quiet_plies,
        0,
        "a step up the board gains ground"
    );
    play(&mut g, "d7-c7");
    assert_eq!(g.position().quiet_plies, 1);
    // Sideways does not gain ground.
    play(&mut g, "b4-a4");
    assert_eq!(g.position().quiet_plies, 2);
}

#[test]
fn with_retreat_ground_counts_only_above_the_mark() {
    let mut g = setup(
        "pirates",
        &["retreat=on"],
        "c7 e7",
        "a3 b3 c3 d3 e3 f3 g3 c2 d2",
        Side::Crowd,
        [0, 0],
        0,
    );
    play(&mut g, "d3-d4");
    assert_eq!(g.position().quiet_plies, 0);
    play(&mut g, "c7-d7 d4-d3 d7-c7");
    assert_eq!(g.position().quiet_plies, 3);
    // Back up to where it was: not above the mark, so no ground gained.
    play(&mut g, "d3-d4");
    assert_eq!(g.position().quiet_plies, 4);
    // Above the mark: ground.
    play(&mut g, "c7-d7 c3-c4");
    assert_eq!(g.position().quiet_plies, 0);
}

// ---------------------------------------------------------------- asalto

#[test]
fn asalto_officers_are_placed_in_the_fortress_then_rebels_move() {
    let mut g = Game::new(variant("asalto", &[]));
    assert_eq!(g.side_to_move(), Side::Hunters);
    assert_eq!(
        legal(&g),
        [
            "@c5", "@c6", "@c7", "@d5", "@d6", "@d7", "@e5", "@e6", "@e7"
        ]
    );
    play(&mut g, "@d6");
    assert_eq!(
        g.side_to_move(),
        Side::Hunters,
        "both officers are placed before the rebels move"
    );
    assert_eq!(g.legal_moves().len(), 8);
    assert!(g.parse_move("@d6").is_err());
    play(&mut g, "@c6");
    assert_eq!(g.side_to_move(), Side::Crowd);
    assert_eq!(g.position().in_hand, [0, 0]);
    assert!(g.legal_moves().iter().all(|m| !m.is_placement()));
}

const HUFF_CROWD: &str = "c4 c1 d1 e1 c2 d2 e2 a4 a5";

#[test]
fn asalto_capture_is_optional() {
    let g = setup("asalto", &[], "c3 g5", HUFF_CROWD, Side::Hunters, [0, 0], 0);
    let moves = legal(&g);
    assert!(moves.contains(&"c3xc5".to_string()));
    assert!(moves.contains(&"g5-g4".to_string()) && moves.contains(&"c3-b3".to_string()));
}

/// The option "compulsory" (a house rule, off by default): an officer
/// that can jump must, so the huff never comes.
#[test]
fn asalto_compulsory_option_leaves_only_the_jump() {
    let g = setup(
        "asalto",
        &["compulsory=on"],
        "c3 g5",
        HUFF_CROWD,
        Side::Hunters,
        [0, 0],
        0,
    );
    assert_eq!(legal(&g), ["c3xc5"]);
    let mut g = g;
    let effects = g.play(&g.parse_move("c3xc5").unwrap()).unwrap();
    assert!(effects.huffed.is_empty());
}

#[test]
fn asalto_huffing_removes_every_officer_that_could_have_jumped() {
    // The other officer steps: the one on c3 that could jump is huffed.
    let mut g = setup("asalto", &[], "c3 g5", HUFF_CROWD, Side::Hunters, [0, 0], 7);
    let effects = g.play(&g.parse_move("g5-g4").unwrap()).unwrap();
    assert_eq!(effects.huffed, points("c3"));
    assert_eq!(g.position().hunters(), points("g4"));
    assert_eq!(g.position().quiet_plies, 0, "a huff is progress");
    // The officer that could jump steps itself: removed from where it went.
    let mut g = setup("asalto", &[], "c3 g5", HUFF_CROWD, Side::Hunters, [0, 0], 0);
    let effects = g.play(&g.parse_move("c3-b3").unwrap()).unwrap();
    assert_eq!(effects.huffed, points("b3"));
    assert_eq!(g.position().hunters(), points("g5"));
    // Jumping is never huffed.
    let mut g = setup("asalto", &[], "c3 g5", HUFF_CROWD, Side::Hunters, [0, 0], 0);
    let effects = g.play(&g.parse_move("c3xc5").unwrap()).unwrap();
    assert!(effects.huffed.is_empty());
    assert_eq!(g.position().hunters(), points("c5 g5"));
    // Undo brings a huffed officer back.
    let mut g = setup("asalto", &[], "c3 g5", HUFF_CROWD, Side::Hunters, [0, 0], 0);
    let before = *g.position();
    play(&mut g, "g5-g4");
    g.undo();
    assert_eq!(*g.position(), before);
}

#[test]
fn asalto_rebels_win_when_huffing_removes_every_officer() {
    let mut g = setup("asalto", &[], "c3", HUFF_CROWD, Side::Hunters, [0, 0], 0);
    play(&mut g, "c3-b3");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Crowd, Reason::HuntersGone))
    );
}

#[test]
fn asalto_fortress_and_captures_and_stalemates() {
    let mut g = shared("asalto", ONE_STEP_FROM_FULL, Side::Crowd);
    play(&mut g, "d4-d5");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Crowd, Reason::StrongholdFilled))
    );
    assert_eq!(
        g.outcome().unwrap().describe(GameId::named("asalto")),
        "The rebels fill their goal"
    );
    let mut g = setup(
        "asalto",
        &[],
        "c3 g5",
        "c4 c1 d1 e1 c2 d2 e2 a4 a5",
        Side::Hunters,
        [0, 0],
        0,
    );
    play(&mut g, "c3xc5");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Hunters, Reason::CrowdTooFew))
    );
    let g = shared("asalto", CROWD_STUCK, Side::Crowd);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Hunters, Reason::NoMoves(Side::Crowd)))
    );
    let g = shared("asalto", HUNTERS_PENNED, Side::Hunters);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Crowd, Reason::NoMoves(Side::Hunters)))
    );
}

#[test]
fn asalto_threefold_repetition_draws() {
    let mut g = setup(
        "asalto",
        &[],
        "c7 e7",
        "a3 c3 d3 e3 f3 g3 c2 d2 e2",
        Side::Crowd,
        [0, 0],
        0,
    );
    play(&mut g, "a3-b3 c7-d7 b3-a3 d7-c7");
    assert_eq!(g.outcome(), None, "second occurrence only");
    play(&mut g, "a3-b3 c7-d7 b3-a3");
    assert_eq!(g.outcome(), None);
    play(&mut g, "d7-c7");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Repetition)));
    assert!(g.legal_moves().is_empty());
    g.undo();
    assert_eq!(g.outcome(), None, "undo takes the draw back");
}

#[test]
fn asalto_hundred_quiet_plies_draw() {
    let mut g = setup(
        "asalto",
        &[],
        "c7 e7",
        "a3 c3 d3 e3 f3 g3 c2 d2 e2",
        Side::Hunters,
        [0, 0],
        99,
    );
    play(&mut g, "c7-d7");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::QuietLimit)));
    let mut g = setup(
        "asalto",
        &[],
        "c7 e7",
        "a3 c3 d3 e3 f3 g3 c2 d2 e2",
        Side::Crowd,
        [0, 0],
        99,
    );
    play(&mut g, "a3-a4");
    assert_eq!(
        g.position().quiet_plies,
        0,
        "a rebel step forward is progress"
    );
}

// ---------------------------------------------------------------- fox and geese

#[test]
fn fox_and_geese_setups() {
    for (geese, extra) in [("13", ""), ("15", " a4 g4"), ("17", " a4 b4 f4 g4")] {
        let g = Game::new(variant("fox-geese", &[&format!("geese={geese}")]));
        let want = points(&format!("c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3{extra}"));
        assert_eq!(g.position().crowd(), want);
        assert_eq!(g.position().hunters(), points("d4"));
        assert_eq!(g.side_to_move(), Side::Hunters, "the fox moves first");
    }
}

#[test]
fn geese_step_forward_and_sideways_only_with_the_option() {
    let crowd = "a3 c3 d3 e3 f3 g3 c2 d2 e2";
    let g = setup("fox-geese", &[], "d7", crowd, Side::Crowd, [0, 0], 0);
    let a3: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("a3"))
        .collect();
    assert_eq!(a3, ["a3-a4", "a3-b4"]);
    let g = setup(
        "fox-geese",
        &["sideways=on"],
        "d7",
        crowd,
        Side::Crowd,
        [0, 0],
        0,
    );
    let a3: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("a3"))
        .collect();
    assert_eq!(a3, ["a3-a4", "a3-b3", "a3-b4"]);
}

#[test]
fn fox_jumps_chains_optionally_and_wins_below_four_geese() {
    let mut g = setup(
        "fox-geese",
        &[],
        "d4",
        "d5 d3 c1 g3",
        Side::Hunters,
        [0, 0],
        0,
    );
    let moves = legal(&g);
    assert!(moves.contains(&"d4xd6".to_string()) && moves.contains(&"d4xd2".to_string()));
    assert!(moves.contains(&"d4-e4".to_string()), "capture is optional");
    play(&mut g, "d4xd6");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Hunters, Reason::CrowdTooFew))
    );
    assert_eq!(
        g.outcome().unwrap().describe(GameId::named("fox-geese")),
        "The fox has cut the geese below 4"
    );
}

#[test]
fn fox_wins_when_geese_cannot_move_and_loses_when_trapped() {
    let g = setup(
        "fox-geese",
        &[],
        "d4",
        "c7 d7 e7 a5 g5",
        Side::Crowd,
        [0, 0],
        0,
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Hunters, Reason::NoMoves(Side::Crowd)))
    );
    let g = setup(
        "fox-geese",
        &[],
        "d1",
        "c1 e1 d2 c2 e2 d3 b3 f3",
        Side::Hunters,
        [0, 0],
        0,
    );
    let o = g.outcome().unwrap();
    assert_eq!(o, Outcome::win(Side::Crowd, Reason::NoMoves(Side::Hunters)));
    assert_eq!(
        o.describe(GameId::named("fox-geese")),
        "The fox has no legal move"
    );
}

#[test]
fn fox_and_geese_draws_with_sideways() {
    let crowd = "a3 c3 d3 e3 f3 g3 c2 d2 e2";
    let mut g = setup(
        "fox-geese",
        &["sideways=on"],
        "d7",
        crowd,
        Side::Crowd,
        [0, 0],
        0,
    );
    play(&mut g, "a3-b3 d7-c7 b3-a3 c7-d7 a3-b3 d7-c7 b3-a3 c7-d7");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Repetition)));
    let mut g = setup(
        "fox-geese",
        &["sideways=on"],
        "d7",
        crowd,
        Side::Hunters,
        [0, 0],
        99,
    );
    play(&mut g, "d7-c7");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::QuietLimit)));
}

// ---------------------------------------------------------------- bagh-chal

#[test]
fn bagh_chal_placement_phase() {
    let mut g = Game::new(variant("bagh-chal", &[]));
    assert_eq!(g.side_to_move(), Side::Crowd);
    assert_eq!(g.legal_moves().len(), 21);
    assert!(g.legal_moves().iter().all(|m| m.is_placement()));
    play(&mut g, "@c3");
    assert_eq!(
        g.side_to_move(),
        Side::Hunters,
        "tigers move from the first turn"
    );
    assert!(g.legal_moves().iter().all(|m| !m.is_placement()));
    play(&mut g, "a1-b1");
    // Goats in hand: only placements, never a goat step.
    assert!(g.legal_moves().iter().all(|m| m.is_placement()));
    assert_eq!(g.position().in_hand, [0, 19]);
}

#[test]
fn tigers_jump_once_and_optionally() {
    let g = setup(
        "bagh-chal",
        &[],
        "a1 e1 a5 e5",
        "b1 c2 b5 d5",
        Side::Hunters,
        [0, 16],
        0,
    );
    let moves = legal(&g);
    // a1 over b1 to c1, and no further hop over c2 to c3.
    assert!(moves.contains(&"a1xc1".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("a1xc1x")));
    assert!(moves.contains(&"a1-a2".to_string()), "jumping is optional");
}

#[test]
fn tigers_win_with_five_captures() {
    let goats = "b1 c3 c4 d3 a3 b3 b4 d4 e3 e4 a4 b2 d2 c5 b5 d5";
    let mut g = setup(
        "bagh-chal",
        &[],
        "a1 e1 a5 e5",
        goats,
        Side::Hunters,
        [0, 0],
        0,
    );
    assert_eq!(g.position().material(Side::Crowd), 16);
    assert_eq!(g.outcome(), None);
    play(&mut g, "a1xc1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Hunters, Reason::CrowdTooFew))
    );
    assert_eq!(
        g.outcome().unwrap().describe(GameId::named("bagh-chal")),
        "The tigers have cut the goats below 16"
    );
}

#[test]
fn goats_win_by_trapping_the_tigers() {
    // Tigers in the corners, every neighbour a goat, every landing point a goat.
    let goats = "a2 b1 b2 d1 e2 d2 a4 b5 b4 d5 e4 d4 a3 c1 c3 e3 c5";
    let g = setup(
        "bagh-chal",
        &[],
        "a1 e1 a5 e5",
        goats,
        Side::Hunters,
        [0, 0],
        0,
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Crowd, Reason::NoMoves(Side::Hunters)))
    );
}

#[test]
fn goats_without_a_move_lose() {
    // Chosen rule. The only empty point, a1, touches only tigers.
    let goats = "a3 a4 a5 b3 b4 b5 c1 c2 c4 c5 d1 d2 d3 d4 d5 e1 e2 e3 e4 e5";
    let g = setup(
        "bagh-chal",
        &[],
        "a2 b1 b2 c3",
        goats,
        Side::Crowd,
        [0, 0],
        0,
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Hunters, Reason::NoMoves(Side::Crowd)))
    );
}

#[test]
fn bagh_chal_no_move_may_recreate_an_earlier_position() {
    let goats = "b3 c3 d3 a3 e3 b2 c2 d2 b4 c4 d4 a2 e2 a4 e4 c1";
    let mut g = setup(
        "bagh-chal",
        &[],
        "a1 e1 a5 e5",
        goats,
        Side::Hunters,
        [0, 0],
        0,
    );
    play(&mut g, "a1-b1 c1-d1 b1-a1");
    // d1-c1 would bring back the position the movement began from.
    assert!(!legal(&g).contains(&"d1-c1".to_string()));
    assert!(g.parse_move("d1-c1").is_err());
    // The same position without that history allows it.
    let fresh = Game::from_position(*g.variant(), *g.position());
    assert!(legal(&fresh).contains(&"d1-c1".to_string()));
    // During placement there is no such rule: a tiger may go back and forth.
    let mut g = Game::new(variant("bagh-chal", &[]));
    play(&mut g, "@c3 a1-b1 @c4 b1-a1 @c5");
    assert!(legal(&g).contains(&"a1-b1".to_string()));
}

#[test]
fn bagh_chal_quiet_limit_option() {
    let goats = "b1 c1 d1 a2 b2 c2 d2 e2 a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 b5 c5";
    let mut g = setup(
        "bagh-chal",
        &[],
        "a1 e1 a5 e5",
        goats,
        Side::Hunters,
        [0, 0],
        99,
    );
    play(&mut g, "e5-d5");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::QuietLimit)));
    let mut g = setup(
        "bagh-chal",
        &["quiet-limit=off"],
        "a1 e1 a5 e5",
        goats,
        Side::Hunters,
        [0, 0],
        99,
    );
    play(&mut g, "e5-d5");
    assert_eq!(g.outcome(), None);
}

// ---------------------------------------------------------------- moves and undo

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut g = Game::new(variant("pirates", &[]));
    let before = g.position_string();
    for text in ["d4-d3", "c6-c5", "a3-a4", "@c5", "c6xc4"] {
        let mv = g.rules().parse_move(text).unwrap();
        assert!(g.play(&mv).is_err(), "{text}");
        assert_eq!(g.position_string(), before);
        assert_eq!(g.ply(), 0);
    }
}

#[test]
fn undo_restores_the_exact_previous_state() {
    let mut g = Game::new(variant("pirates", &[]));
    let mut seen = vec![*g.position()];
    for text in ["d4-d5", "c6-c7", "c4-c5", "c7-c6", "d3-d4"] {
        play(&mut g, text);
        seen.push(*g.position());
    }
    // The pirates must jump now (compulsory): play it, then take it all back.
    let jump = g.legal_moves()[0];
    assert!(jump.is_jump());
    g.play(&jump).unwrap();
    assert_eq!(g.undo(), Some(jump));
    while g.undo().is_some() {
        seen.pop();
        assert_eq!(g.position(), seen.last().unwrap());
        assert_eq!(g.position().hash, g.position().compute_hash());
    }
    assert_eq!(g.ply(), 0);
}

#[test]
fn the_stronghold_is_the_top_arm() {
    let v = variant("pirates", &[]);
    assert_eq!(v.stronghold(), Some(points("c5 d5 e5 c6 d6 e6 c7 d7 e7")));
    assert_eq!(variant("fox-geese", &[]).stronghold(), None);
}

#[test]
fn direction_offsets_step_one_point_on_the_grid() {
    use stronghold::rules::board::{DIRECTIONS, Point};
    let board = Rules::of(variant("fox-geese", &[])).board.clone();
    let d4 = Point::parse("d4").unwrap();
    for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
        let next = Point::new((d4.file() as i8 + df) as u8, (d4.rank() as i8 + dr) as u8).unwrap();
        assert_eq!(
            d4.index() as i32 + board.offset(d).unwrap() as i32,
            next.index() as i32
        );
        assert_eq!(board.step(d4, d), Some(next));
    }
}

#[test]
fn can_jump_names_only_the_hunter_with_a_jump() {
    let g = shared(
        "pirates",
        ("c3 g5", "c4 c1 d1 e1 c2 d2 e2 a4 a5"),
        Side::Hunters,
    );
    let p = |n| stronghold::rules::Point::parse(n).unwrap();
    assert!(g.rules().can_jump(g.position(), p("c3")));
    assert!(!g.rules().can_jump(g.position(), p("g5")));
}
