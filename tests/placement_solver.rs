//! The end of Bagh-Chal's placement solved against the shipped table
//! agrees with a plain minimax over the rules, and Master's goats play one
//! of the placements it finds best.

use std::sync::Arc;

use stronghold::ai::tablebase::placement::{PlacementSolver, PlacementValue};
use stronghold::ai::tablebase::{Outcome, Tablebase};
use stronghold::ai::{Level, Search, SearchLimits, SearchStatus};
use stronghold::rules::{Game, GameKind, Move, Side, Variant};

fn shipped() -> Tablebase {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/tablebase/bagh-chal.sctb"
    );
    let bytes = std::fs::read(path).expect("the shipped table");
    Tablebase::from_bytes(&bytes).expect("a readable table")
}

/// Placements of two games Master's goats played against Hard's tigers
/// (docs/strength-logs), up to three goats in hand.
const GAMES: [&str; 2] = [
    "@e3 e5-e4 @e2 a1-a2 @c5 e1-d1 @b5 a5-b4 @b1 d1-c1 @a1 e4-d4 @a4 a2-a3 @a5 b4-c3 \
     @e1 c3-d2 @a2 d2-d1 @b4 d4-e5 @b2 a3-b3 @a3 b3-c3 @c4 c3-b3 @d5 c1-d2 @c1 d2-c2 @e4 e5-d4",
    "@e3 a5-b4 @c1 e1-d1 @b1 b4-b5 @e1 a1-a2 @e4 d1-d2 @a1 a2-a3 @a2 d2-d1 @b2 d1-d2 \
     @a5 d2-d1 @c2 a3-b4 @a3 b4-c3 @b3 c3-b4 @a4 d1-d2 @d1 b4-c4 @b4 c4-c3 @d5 e5xc5 @e5 c5-c4",
];

fn game(moves: &str) -> Game {
    let mut game = Game::new(Variant::new(GameKind::BaghChal));
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
        moves.sort_by_key(|m| m.to_string());
        want.sort_by_key(|m| m.to_string());
        assert_eq!(moves, want);
        // Not every placement is best, or the test would prove little.
        assert!(want.len() < scored.len());
        distinct.extend(scored.iter().map(|(_, v)| *v));
    }
    assert!(distinct.len() >= 3, "only {} values seen", distinct.len());
}

#[test]
fn masters_goats_place_as_the_solver_says_and_others_do_not_ask() {
    let table = Arc::new(shipped());
    // Three goats in hand, one taken: some placements keep a capture-free
    // draw, the one a one-ply search likes lets the tigers force another.
    let game = game(GAMES[1]);
    let best: Vec<Move> = {
        let mut solver = PlacementSolver::new(Arc::clone(&table), game.rules().clone(), 10_000_000);
        solver.best_moves(game.position()).unwrap().1
    };
    let play = |level: Level| {
        Search::for_level(&game, level, SearchLimits::depth(1), 3)
            .with_tablebase(Some(&table))
            .run_to_end()
            .unwrap()
            .best
    };
    assert!(best.contains(&play(Level::Master)));
    assert!(!best.contains(&play(Level::Hard)));
    // In slices of a few nodes, as between a browser's frames: the solver
    // goes on where it stopped and the search waits for it.
    let mut search = Search::for_level(&game, Level::Master, SearchLimits::depth(1), 3)
        .with_tablebase(Some(&table));
    let mut slices = 0;
    let sliced = loop {
        slices += 1;
        if let SearchStatus::Done(r) = search.step(64) {
            break r.best;
        }
    };
    assert!(slices >= 4, "{slices} slices");
    assert!(best.contains(&sliced));
}
