//! Budgets, resuming and cancelling: behaviour, never wall-clock time.

use stronghold::ai::{Level, Search, SearchLimits, SearchResult, SearchStatus};
use stronghold::rules::{Game, GameId, Variant};

fn middle_game() -> Game {
    let mut g = Game::new(Variant::new(GameId::named("pirates")));
    g.play_text("b4-c5 e6-e5 b3-b4 c6-c7 d4-d5 e5-e6 c4-d4 c7-d7")
        .expect("legal moves");
    g
}

/// Steps with `budget` nodes per slice until done; checks every slice.
fn run_in_slices(search: &mut Search, budget: u64) -> SearchResult {
    let mut last = 0;
    for _ in 0..1_000_000 {
        match search.step(budget) {
            SearchStatus::Thinking { nodes, .. } => {
                // A slice may finish the node it is in (a re-search or two).
                assert!(
                    nodes <= last + budget + 3,
                    "slice spent {} nodes",
                    nodes - last
                );
                assert!(nodes > last, "a slice made no progress");
                last = nodes;
            }
            SearchStatus::Done(r) => return r,
        }
    }
    panic!("the search never finished");
}

#[test]
fn a_search_in_tiny_slices_equals_one_in_one_go() {
    for (game, depth) in [
        (Game::new(Variant::new(GameId::named("pirates"))), 7),
        (middle_game(), 7),
        (Game::new(Variant::new(GameId::named("bagh-chal"))), 5),
        (Game::new(Variant::new(GameId::named("asalto"))), 6),
    ] {
        let limits = SearchLimits::depth(depth);
        let whole = Search::with_limits(&game, limits, 3).run_to_end().unwrap();
        for budget in [1, 7, 500] {
            let sliced = run_in_slices(&mut Search::with_limits(&game, limits, 3), budget);
            assert_eq!(sliced, whole, "budget {budget}");
        }
        assert_eq!(whole.depth, depth);
        assert!(game.is_legal(&whole.best));
        assert_eq!(whole.pv.first(), Some(&whole.best));
    }
}

#[test]
fn deep_iterations_complete_across_slices() {
    // Each slice is far smaller than one iteration: progress must carry over.
    let game = middle_game();
    let mut s = Search::with_limits(&game, SearchLimits::depth(10), 0);
    let r = run_in_slices(&mut s, 2_000);
    assert_eq!(r.depth, 10);
    assert!(r.nodes > 20_000, "depth 10 in {} nodes?", r.nodes);
}

#[test]
fn the_node_limit_is_honoured() {
    let game = middle_game();
    for max in [1, 100, 5_000, 50_000] {
        let limits = SearchLimits {
            max_depth: 64,
            time_ms: None,
            max_nodes: Some(max),
        };
        let r = Search::with_limits(&game, limits, 0).run_to_end().unwrap();
        assert!(r.nodes <= max + 3, "{} nodes for a limit of {max}", r.nodes);
        assert!(game.is_legal(&r.best));
    }
}

#[test]
fn stop_answers_at_once_with_a_legal_move() {
    let game = middle_game();
    let mut s = Search::with_limits(&game, SearchLimits::depth(30), 0);
    // Before any step, and after some.
    let mut early = Search::with_limits(&game, SearchLimits::depth(30), 0);
    early.stop();
    let SearchStatus::Done(r) = early.step(1_000) else {
        panic!("stop must end the search");
    };
    assert!(game.is_legal(&r.best));
    assert_eq!(r.nodes, 0);
    let mut depth_seen = 0;
    for _ in 0..50 {
        if let SearchStatus::Thinking { depth, best, .. } = s.step(2_000) {
            depth_seen = depth;
            if let Some(b) = best {
                assert!(game.is_legal(&b));
            }
        }
    }
    let nodes = s.nodes();
    s.stop();
    let SearchStatus::Done(r) = s.step(1_000_000) else {
        panic!("stop must end the search");
    };
    assert_eq!(r.nodes, nodes, "stop searched further");
    assert_eq!(r.depth, depth_seen);
    assert!(game.is_legal(&r.best));
    // Done is final and repeats itself.
    assert_eq!(s.step(10), SearchStatus::Done(r));
}

#[test]
fn dropping_a_search_midway_leaves_the_game_alone() {
    let game = middle_game();
    let before = game.position_string();
    {
        let mut s = Search::new(&game, Level::Master, 1);
        for _ in 0..3 {
            assert!(matches!(s.step(5_000), SearchStatus::Thinking { .. }));
        }
    }
    assert_eq!(game.position_string(), before);
    let r = Search::new(&game, Level::Easy, 1).run_to_end().unwrap();
    assert!(game.is_legal(&r.best));
}

#[test]
fn a_finished_game_keeps_thinking_with_no_move() {
    let g = Game::from_position_string("pirates BBB/BBB/2BBB2/7/P5P/3/3 P 0/0 0 45").unwrap();
    assert!(g.is_over());
    let mut s = Search::new(&g, Level::Hard, 0);
    for _ in 0..3 {
        assert_eq!(
            s.step(100),
            SearchStatus::Thinking {
                depth: 0,
                best: None,
                nodes: 0
            }
        );
    }
    assert_eq!(s.run_to_end(), None);
}

#[test]
fn a_search_can_move_to_another_thread() {
    fn send<T: Send + 'static>(_: &T) {}
    send(&Search::new(&middle_game(), Level::Easy, 0));
}
