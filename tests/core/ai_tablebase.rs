//! The search reads Bagh-Chal's table: a table win is played, a table loss
//! avoided, and only the levels that use the table read it. The shipped
//! table agrees with its own rule, and the end of placement solved
//! against it agrees with a plain minimax.

use std::sync::Arc;

use stronghold::ai::tablebase::index::{Board, Indexer, Symmetry};
use stronghold::ai::tablebase::{Outcome, SlidingRules, Subgame, Tablebase, Value};
use stronghold::ai::{Level, Search, SearchLimits, TABLE_WIN};
use stronghold::analysis::tablebase::placement::{PlacementSolver, PlacementValue};
use stronghold::rules::{Game, GameId, Move, Side, Variant};

/// Twenty goats and one empty point, c3: the tiger on b3 may step into it
/// and the others jump into it. No two of the four positions after are
/// mirror images (the table keeps one of each set of images).
const CROWDED: &str = "bagh-chal TGGGT/GGGGG/GT1GG/GGGGG/GGGGT T 0/0 0 40";

/// A table of draws (the values of real play do not matter here) in
/// which the positions after the given moves from `game` have the given values.
fn table_with(game: &Game, marked: &[(&str, Value)]) -> Arc<Tablebase> {
    let blank = |captured: usize| {
        let goats = 20 - captured;
        let n = stronghold::ai::tablebase::index::positions(goats) as usize;
        Subgame {
            captured,
            goats,
            tigers_to_move: vec![Value::DRAW.0; n],
            goats_to_move: vec![Value::DRAW.0; n],
        }
    };
    let mut subgames = vec![blank(0), blank(1)];
    let (board, index) = (Board::new(), Indexer::new());
    let symmetry = Symmetry::new(&index);
    for (text, value) in marked {
        let mut after = game.clone();
        after.play(&game.rules().parse_move(text).unwrap()).unwrap();
        let (tigers, goats) = board.pieces(after.position());
        // The table keeps one of each symmetric class: mark them all.
        for m in 0..8 {
            let (t, g) = (symmetry.apply(m, tigers), symmetry.apply(m, goats));
            let i = index.index(t, g) as usize;
            subgames[20 - goats.count_ones() as usize].goats_to_move[i] = value.0;
        }
    }
    Arc::new(Tablebase::new(SlidingRules::OURS, subgames))
}

fn best(game: &Game, level: Level, table: &Arc<Tablebase>) -> (String, i32) {
    let search = Search::for_level(game, level, SearchLimits::depth(3), 5);
    let r = search.with_tablebase(Some(table)).run_to_end().unwrap();
    (game.move_text(&r.best), r.score)
}

#[test]
fn the_tigers_play_the_table_win_and_avoid_the_table_loss() {
    let game = Game::from_position_string(CROWDED).unwrap();
    let mut moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.move_text(m))
        .collect();
    moves.sort();
    assert_eq!(moves, ["a5xc3", "b3-c3", "e1xc3", "e5xc3"]);

    let win = table_with(&game, &[("e5xc3", Value::tigers_win(7))]);
    let (mv, score) = best(&game, Level::Master, &win);
    assert_eq!(mv, "e5xc3");
    assert!(score > TABLE_WIN - 1_000, "{score}");

    let lose_but_one = table_with(
        &game,
        &[
            ("a5xc3", Value::goats_win(3)),
            ("b3-c3", Value::goats_win(9)),
            ("e5xc3", Value::goats_win(1)),
        ],
    );
    let (mv, score) = best(&game, Level::Master, &lose_but_one);
    assert_eq!(mv, "e1xc3", "the one move the table does not lose");
    assert!(score.abs() < TABLE_WIN - 1_000, "{score}");
}

#[test]
fn a_win_out_of_reach_of_the_quiet_limit_is_a_draw() {
    // The tiger on b3 may step to c3 (a quiet move) or the others jump
    // into it. The table says the step wins within 10 plies after it.
    let position = |quiet: u16| {
        let text = CROWDED.replace(" 0 40", &format!(" {quiet} 40"));
        Game::from_position_string(&text).unwrap()
    };
    let fresh = position(0);
    let table = table_with(&fresh, &[("b3-c3", Value::tigers_win(10))]);
    let (mv, score) = best(&fresh, Level::Master, &table);
    assert_eq!(mv, "b3-c3");
    assert!(score > TABLE_WIN - 1_000);
    // 95 quiet plies in, the step leaves 4 plies before the draw: no win.
    let late = position(95);
    let (_, score) = best(&late, Level::Master, &table);
    assert!(score < TABLE_WIN - 1_000, "{score}");
}

#[test]
fn only_the_levels_that_use_the_table_read_it() {
    assert!(Level::Master.uses_tablebase());
    assert!(Level::Hard.uses_tablebase());
    assert!(!Level::Medium.uses_tablebase());
    assert!(!Level::Easy.uses_tablebase());
    let game = Game::from_position_string(CROWDED).unwrap();
    let win = table_with(&game, &[("e5xc3", Value::tigers_win(7))]);
    let (_, score) = best(&game, Level::Easy, &win);
    assert!(score < TABLE_WIN - 1_000, "Easy saw the table: {score}");
    // A table is ignored for other games.
    let pirates = Game::new(stronghold::rules::Variant::new(
        stronghold::rules::GameId::named("pirates"),
    ));
    let r = Search::for_level(&pirates, Level::Master, SearchLimits::depth(2), 1)
        .with_tablebase(Some(&win))
        .run_to_end()
        .unwrap();
    assert!(pirates.is_legal(&r.best));
}

/// A game Master's goats lost to Hard's tigers (the strength table's
/// match, pair 2), just after placement: a goat taken, and the table's
/// draw with no capture the tigers can force. Master's searches of depth
/// 15 and 17 answered `a2-b2`, letting a tiger take a second goat, "for a
/// table win": a win stored in the transposition table by another way to a
/// position, which needed a move the no-repeat rule forbids on this one.
#[test]
fn a_win_proved_over_another_history_is_not_taken_for_this_one() {
    let table = Arc::new(shipped());
    let game = game(
        "@e3 a5-b4 @a5 a1-b2 @a1 e1-e2 @e4 b4-a3 @e1 e5-d5 @e5 b2-c1 @b5 d5-c5 @d4 e2-d2 \
         @d3 c1-b1 @a4 c5-b4 @e2 b4-c5 @a2 c5-b4 @c5 b4-c4 @d1 d2-c1 @d2 a3-b3 @a3 b3-b4 \
         @c2 c1xc3 @c1 c3-b2 @b3 b4-c3 @b4 b2-c2",
    );
    let probe = table.probe(game.position()).expect("in the table");
    assert_eq!(probe.outcome, Outcome::Draw);
    for depth in [15, 17] {
        let search = Search::for_level(&game, Level::Master, SearchLimits::depth(depth), 5);
        let r = search.with_tablebase(Some(&table)).run_to_end().unwrap();
        assert!(
            r.score.abs() < TABLE_WIN - 1_000,
            "depth {depth}: {} scored {}",
            game.move_text(&r.best),
            r.score
        );
        assert_ne!(game.move_text(&r.best), "a2-b2", "depth {depth}");
    }
}

/// The shipped table.
fn shipped() -> Tablebase {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/tablebase/bagh-chal.sctb"
    );
    let bytes = std::fs::read(path).expect("the shipped table");
    Tablebase::from_bytes(&bytes).expect("a readable table")
}

/// The value a position must have given its children's values: the
/// retrograde analysis's rule, applied forwards. Tigers to move win in
/// `1 + the fewest` plies over their winning moves (a capture into a won
/// position counts 1) and lose only if every move loses; goats to move
/// the other way round.
fn expected(table: &Tablebase, game: &Game) -> Value {
    let limit = SlidingRules::OURS.quiet_limit as u16;
    let pos = game.position();
    let tigers = pos.side_to_move == stronghold::rules::Side::Hunters;
    let mut fastest_win: Option<u16> = None;
    let mut slowest_loss: Option<u16> = Some(0);
    let moves = game.legal_moves();
    for mv in &moves {
        let mut child = game.clone();
        child.play_unchecked(mv);
        let plies = if mv.is_jump() && child.position().crowd().count() < 16 {
            Some((true, 1)) // the fifth capture
        } else {
            let probe = table.probe(child.position()).expect("child in the table");
            let mine = if tigers {
                Outcome::TigersWin
            } else {
                Outcome::GoatsWin
            };
            // After a capture the quiet count starts again: the child's
            // result stands as it is; otherwise it costs one more ply.
            let fresh = if mv.is_jump() { 0 } else { 1 };
            match (probe.value.winner(), probe.value.plies()) {
                (w, Some(p)) if p + fresh <= limit as u8 => {
                    let p = if mv.is_jump() { 1 } else { 1 + p as u16 };
                    Some((w == mine, p))
                }
                _ => None,
            }
        };
        match plies {
            Some((true, p)) => fastest_win = Some(fastest_win.map_or(p, |f| f.min(p))),
            Some((false, p)) => slowest_loss = slowest_loss.map(|s| s.max(p)),
            None => slowest_loss = None,
        }
    }
    let win = |p: u16| {
        if tigers {
            Value::tigers_win(p as u8)
        } else {
            Value::goats_win(p as u8)
        }
    };
    let loss = |p: u16| {
        if tigers {
            Value::goats_win(p as u8)
        } else {
            Value::tigers_win(p as u8)
        }
    };
    match (fastest_win, slowest_loss) {
        (Some(p), _) if p <= limit => win(p),
        (_, Some(p)) if p <= limit => loss(p),
        _ => Value::DRAW,
    }
}

#[test]
fn the_shipped_table_agrees_with_its_own_rule_one_ply_on() {
    let table = shipped();
    assert_eq!(table.rules(), SlidingRules::OURS);
    assert!(table.subgames().len() >= 3, "at least 0 to 2 captures");
    assert!(table.serves(&stronghold::rules::Variant::new(
        stronghold::rules::GameId::named("bagh-chal")
    )));
    let mut rng = stronghold::ai::rng::SplitMix64::new(99);
    let mut seen = std::collections::HashMap::new();
    // Sub-games whose captures lead into a stored one.
    for captured in 0..table.subgames().len() - 1 {
        let goats = 20 - captured;
        let mut checked = 0;
        while checked < 400 {
            // A random position with that many goats, either side to move.
            let mut points: Vec<u32> = (0..25).collect();
            let mut take = |n: usize| {
                (0..n).fold(0u32, |m, _| {
                    m | 1 << points.swap_remove(rng.below(points.len() as u64) as usize)
                })
            };
            let (t, g) = (take(4), take(goats));
            let side = if rng.below(2) == 0 { "T" } else { "G" };
            let text = position_text(table.board(), t, g, side);
            let game = Game::from_position_string(&text).unwrap();
            if game.is_over() {
                continue;
            }
            let probe = table.probe(game.position()).unwrap();
            let want = expected(&table, &game);
            // (A draw may also carry how soon the tigers force a capture.)
            let got = (probe.value.winner(), probe.value.plies());
            assert_eq!(got, (want.winner(), want.plies()), "{text}");
            *seen.entry(probe.value.winner()).or_insert(0) += 1;
            checked += 1;
        }
    }
    // Wins for each side and draws all came up.
    assert_eq!(seen.len(), 3, "{seen:?}");
}

/// A Bagh-Chal position string for local tiger and goat masks.
fn position_text(board: &Board, tigers: u32, goats: u32, side: &str) -> String {
    let (t, g) = (board.grid(tigers), board.grid(goats));
    let mut rows = Vec::new();
    for rank in (0..5).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..5 {
            let p = stronghold::rules::Point::new(file, rank).unwrap();
            let c = if t.contains(p) {
                'T'
            } else if g.contains(p) {
                'G'
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            row.push(c);
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("bagh-chal {} {side} 0/0 0 100", rows.join("/"))
}

// The end of placement solved against the shipped table.

/// Placements of two games Master's goats played against Hard's tigers
/// (docs/strength-logs), up to three goats in hand.
const GAMES: [&str; 2] = [
    "@e3 e5-e4 @e2 a1-a2 @c5 e1-d1 @b5 a5-b4 @b1 d1-c1 @a1 e4-d4 @a4 a2-a3 @a5 b4-c3 \
     @e1 c3-d2 @a2 d2-d1 @b4 d4-e5 @b2 a3-b3 @a3 b3-c3 @c4 c3-b3 @d5 c1-d2 @c1 d2-c2 @e4 e5-d4",
    "@e3 a5-b4 @c1 e1-d1 @b1 b4-b5 @e1 a1-a2 @e4 d1-d2 @a1 a2-a3 @a2 d2-d1 @b2 d1-d2 \
     @a5 d2-d1 @c2 a3-b4 @a3 b4-c3 @b3 c3-b4 @a4 d1-d2 @d1 b4-c4 @b4 c4-c3 @d5 e5xc5 @e5 c5-c4",
];

fn game(moves: &str) -> Game {
    let mut game = Game::new(Variant::new(GameId::named("bagh-chal")));
    for word in moves.split_whitespace() {
        game.play_text(word).unwrap();
    }
    game
}

/// The goats' best result by plain minimax: every line to the end of
/// placement, valued by the table as the solver values it.
fn minimax(table: &Tablebase, game: &Game) -> PlacementValue {
    if let Some(outcome) = game.outcome() {
        let winner = match outcome.winner {
            Some(Side::Crowd) => Outcome::GoatsWin,
            Some(Side::Hunters) => Outcome::TigersWin,
            None => Outcome::Draw,
        };
        return PlacementValue::of_probe(winner, 0, false);
    }
    let pos = game.position();
    if pos.in_hand == [0, 0] {
        let p = table.probe(pos).expect("in the table");
        return PlacementValue::of_probe(p.outcome, p.captured, p.value.capture_within().is_some());
    }
    let values = game.legal_moves().into_iter().map(|mv| {
        let mut next = game.clone();
        next.play(&mv).unwrap();
        minimax(table, &next)
    });
    match pos.side_to_move {
        Side::Crowd => values.max(),
        Side::Hunters => values.min(),
    }
    .expect("a move")
}

fn children(table: &Tablebase, game: &Game) -> Vec<(Move, PlacementValue)> {
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = game.clone();
            next.play(&mv).unwrap();
            (mv, minimax(table, &next))
        })
        .collect()
}

#[test]
fn the_solver_agrees_with_plain_minimax_and_names_every_best_placement() {
    let table = Arc::new(shipped());
    let mut distinct = std::collections::HashSet::new();
    for moves in GAMES {
        let game = game(moves);
        assert_eq!(game.position().side_to_move, Side::Crowd);
        assert_eq!(game.position().in_hand[Side::Crowd.index()], 3);
        let scored = children(&table, &game);
        let best = scored.iter().map(|(_, v)| *v).max().unwrap();
        let mut solver = PlacementSolver::new(Arc::clone(&table), game.rules().clone(), 10_000_000);
        let (value, mut moves) = solver.best_moves(game.position()).expect("settled");
        assert_eq!(value, best, "{}", value.describe());
        let mut want: Vec<Move> = scored
            .iter()
            .filter(|(_, v)| *v == best)
            .map(|(m, _)| *m)
            .collect();
        moves.sort_by_key(|m| game.move_text(m));
        want.sort_by_key(|m| game.move_text(m));
        assert_eq!(moves, want);
        // Not every placement is best, or the test would prove little.
        assert!(want.len() < scored.len());
        distinct.extend(scored.iter().map(|(_, v)| *v));
        // Each position two plies on, by the same solver: what it keeps
        // from one call (bounds found under other windows) stays right.
        for mv in game.legal_moves() {
            let mut child = game.clone();
            child.play(&mv).unwrap();
            for reply in child.legal_moves() {
                let mut grandchild = child.clone();
                grandchild.play(&reply).unwrap();
                let solved = solver.solve(grandchild.position()).expect("settled");
                assert_eq!(
                    solved.value,
                    minimax(&table, &grandchild),
                    "{} {}",
                    game.move_text(&mv),
                    game.move_text(&reply)
                );
            }
        }
    }
    assert!(distinct.len() >= 3, "only {} values seen", distinct.len());
}

#[test]
fn a_solver_with_room_for_few_positions_still_solves_exactly() {
    // 64 slots for trees of thousands of positions: most of what it proves
    // is pushed out again, and what it keeps must never be mistaken for
    // another position's.
    let table = Arc::new(shipped());
    for moves in GAMES {
        let game = game(moves);
        let rules = game.rules().clone();
        let mut solver =
            PlacementSolver::with_memory(Arc::clone(&table), rules, 10_000_000, 1024).unwrap();
        let want = minimax(&table, &game);
        let (value, best) = solver.best_moves(game.position()).expect("settled");
        assert_eq!(value, want, "{}", value.describe());
        assert!(!best.is_empty());
        for (mv, value) in children(&table, &game) {
            let mut child = game.clone();
            child.play(&mv).unwrap();
            let solved = solver.solve(child.position()).expect("settled");
            assert_eq!(solved.value, value, "{}", game.move_text(&mv));
        }
    }
}

#[test]
fn asking_for_at_least_a_value_agrees_with_the_exact_value() {
    let table = Arc::new(shipped());
    let thresholds: Vec<PlacementValue> = (-100..=100)
        .filter_map(PlacementValue::from_points)
        .collect();
    // A win, a loss, and draws by goats taken with and without a forced capture.
    assert_eq!(thresholds.len(), 12, "{thresholds:?}");
    for moves in GAMES {
        let game = game(moves);
        // The goats to move, then the tigers (each after a placement).
        let mut positions = vec![game.clone()];
        positions.extend(game.legal_moves().into_iter().take(3).map(|mv| {
            let mut child = game.clone();
            child.play(&mv).unwrap();
            child
        }));
        for g in positions {
            let want = minimax(&table, &g);
            // One solver for every question, as the CLI asks them: bounds
            // kept from one window must not mislead the next.
            let mut solver =
                PlacementSolver::new(Arc::clone(&table), g.rules().clone(), 10_000_000);
            for &t in &thresholds {
                let yes = solver.at_least(g.position(), t).expect("settled");
                assert_eq!(
                    yes,
                    want >= t,
                    "{} at least {}",
                    want.describe(),
                    t.describe()
                );
            }
        }
    }
    assert_eq!(PlacementValue::from_points(-5), None);
    assert_eq!(PlacementValue::from_points(-60), None);
    assert_eq!(
        PlacementValue::from_points(-25).map(|v| v.points()),
        Some(-25)
    );
}

#[test]
fn the_goats_results_are_ordered_by_goats_lost_a_forced_capture_counting_as_one() {
    let draw = |taken, forced| PlacementValue::of_probe(Outcome::Draw, taken, forced);
    let win = PlacementValue::of_probe(Outcome::GoatsWin, 3, false);
    let loss = PlacementValue::of_probe(Outcome::TigersWin, 0, false);
    let ranked = [
        win,
        draw(0, false),
        draw(1, false),
        draw(0, true),
        draw(2, false),
        draw(1, true),
        draw(4, false),
        draw(4, true),
        loss,
    ];
    assert!(ranked.windows(2).all(|w| w[0] > w[1]), "{ranked:?}");
    assert_eq!(
        draw(1, true).describe(),
        "a draw with 1 goat taken, but the tigers can force another capture"
    );
    assert_eq!(
        draw(2, false).describe(),
        "a draw with 2 goats taken, and no capture the tigers can force"
    );
}
