//! The one search in every game: it takes a win it can see, scores a side
//! with no move as its game says (a loss, a pass, a draw), keys the moves
//! made where a side wins by outlasting them, and never claims a forced
//! result that the backward solve of a small game contradicts.

use stronghold::ai::remote::{RemoteSearch, ReplyStatus, RequestLimit, SearchRequest};
use stronghold::ai::rng::SplitMix64;
use stronghold::ai::solve::{Solved, solve};
use stronghold::ai::{Level, Search, SearchLimits, SearchResult};
use stronghold::rules::{Game, GameId, Reason, Side, Variant};

fn search(game: &Game, depth: u32) -> SearchResult {
    Search::with_limits(game, SearchLimits::depth(depth), 0)
        .run_to_end()
        .expect("a game in progress")
}

fn game(position: &str) -> Game {
    Game::from_position_string(position).expect("a valid position string")
}

/// Every level plays a legal move in every game, from the start and from
/// a few plies in (Hard and Master with a tenth of a second: their own
/// code, a shorter clock).
#[test]
fn every_level_plays_a_legal_move_in_every_game() {
    for id in GameId::built_in() {
        let mut game = Game::new(Variant::new(id));
        for (ply, level) in Level::ALL.into_iter().enumerate() {
            let mut limits = level.limits();
            limits.time_ms = limits.time_ms.map(|_| 100);
            let result = Search::for_level(&game, level, limits, ply as u64)
                .run_to_end()
                .unwrap_or_else(|| panic!("{id}: no move at ply {ply}"));
            assert!(
                game.is_legal(&result.best),
                "{id}: {level} played an illegal move"
            );
            game.play(&result.best).expect("legal");
            if game.is_over() {
                break;
            }
        }
    }
}

/// The web page's AI worker gets every game as its start and moves, and
/// answers with a legal move of the position sent.
#[test]
fn a_search_request_plays_every_game() {
    for id in GameId::built_in() {
        let mut game = Game::new(Variant::new(id));
        // Three plies in, where no game has ended (Kulaochal's tigers, and
        // the six-point Mysore game, can lose in a few).
        for _ in 0..3 {
            let moves = game.legal_moves();
            let Some(mv) = moves.iter().find(|mv| {
                let mut next = game.clone();
                next.play(mv).is_ok() && !next.is_over()
            }) else {
                break;
            };
            game.play(mv).expect("legal");
        }
        let request = SearchRequest::new(1, &game, RequestLimit::Level(Level::Easy), 5);
        let mut search = RemoteSearch::start(&request, None).expect("a search");
        let mut reply = search.run_for(std::time::Duration::from_millis(50));
        while !search.finished() {
            reply = search.run_for(std::time::Duration::from_millis(50));
        }
        let ReplyStatus::Done { best, .. } = &reply.status else {
            panic!("{id}: {reply:?}");
        };
        let mv = game.parse_move(best).expect("move text");
        assert!(game.is_legal(&mv), "{id}: {best}");
    }
}

/// La Yagua: seven dogs left, the jaguar's jump takes the seventh-last and
/// wins at once (the jaguar wins once six dogs are left).
#[test]
fn the_jaguar_takes_the_capture_that_wins() {
    let g = game("la-yagua 3/3/2J2/2D2/5/D4/DDDDD J 0/0 0 4");
    let r = search(&g, 4);
    assert_eq!(g.move_text(&r.best), "c5xc3");
    assert_eq!(r.mate_in(), Some(1), "score {}", r.score);
    // The dogs to move see it coming: covering c3 is their only hope.
    let dogs = game("la-yagua 3/3/2J2/2D2/5/D4/DDDDD D 0/0 0 4");
    let r = search(&dogs, 4);
    let mut after = dogs.clone();
    after.play(&r.best).unwrap();
    assert!(after.legal_moves().iter().all(|m| !m.is_jump()), "{r:?}");
}

/// Komikan's dogs with no move draw the game (they only march up, and the
/// top row is as far as they go): whatever the lion does, the game is then
/// drawn, and the search says so, with half a piece a dog taken
/// (`drawn_capture: 50` in its file), not a win.
#[test]
fn dogs_with_no_move_draw_and_the_search_says_so() {
    let g = game("komikan D3D/5/3/5/5/5/5/P4 P 0/0 0 14");
    let r = search(&g, 5);
    assert_eq!(r.mate_in(), None, "{r:?}");
    assert_eq!(r.score, 10 * 50, "ten dogs taken, half a piece each");
    let mut after = g.clone();
    after.play(&r.best).unwrap();
    let o = after.outcome().expect("over");
    assert_eq!((o.winner, o.reason), (None, Reason::NoMoves(Side::Crowd)));
}

/// El Zorro's hens with no move pass (the foxes move on): a hen in the
/// corner behind a fox is stuck, not lost. The foxes win only by taking
/// it, in three plies: the fox steps aside, the hen must step out, the
/// fox jumps it. (Were a side with no move lost, the foxes would win in
/// two, with any waiting move.)
#[test]
fn hens_with_no_move_pass_and_are_lost_only_when_taken() {
    let foxes = game("el-zorro 3/3/F6/7/7/3/HF1 F 0/0 0 6");
    let r = search(&foxes, 6);
    assert_eq!(r.mate_in(), Some(3), "{r:?}");
    assert_eq!(foxes.move_text(&r.best), "d1-e1");
    let hens = game("el-zorro 3/3/F6/7/7/3/HF1 H 0/0 0 6");
    let moves = hens.legal_moves();
    assert!(moves.len() == 1 && moves[0].is_pass());
    let r = search(&hens, 6);
    assert!(r.best.is_pass());
    assert_eq!(r.mate_in(), Some(-4), "{r:?}");
}

/// A variant of Haretavl loaded from a file, in which the hare wins once
/// the hounds have made twelve moves: the position's moves made decide,
/// and the table keys them.
fn outlasting_haretavl() -> Variant {
    let text = include_str!("../../assets/games/haretavl.game.ron")
        .replace("id: \"haretavl\"", "id: \"haretavl-outlasting\"")
        .replace("ends: [],", "ends: [OutlastsMoves(Hunters, 12)],");
    assert!(text.contains("OutlastsMoves"));
    Variant::new(GameId::load("haretavl-outlasting", text.as_bytes()).expect("a game file"))
}

/// Every forced result the search claims in a small game agrees with the
/// game solved backwards: a win is one, no quicker than the solution's,
/// a loss is one; and a win in one is always seen. Random positions of
/// the solved games (a side with no move losing, losing once placed, or
/// passing) and of one whose hare wins by outlasting the hounds' moves.
#[test]
fn forced_results_agree_with_the_backward_solve() {
    let mut variants: Vec<Variant> = ["kaooa", "haretavl", "jeu-militaire"]
        .map(|id| Variant::new(GameId::named(id)))
        .to_vec();
    variants.push(outlasting_haretavl());
    let mut rng = SplitMix64::new(17);
    for variant in variants {
        let start = Game::new(variant);
        let solution = solve(start.rules(), start.position(), 1_000_000).expect("small");
        let mut claims = 0;
        for _ in 0..40 {
            let mut g = start.clone();
            for _ in 0..rng.below(60) {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                g.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
            }
            if g.is_over() {
                continue;
            }
            let value = solution
                .value(g.position())
                .expect("a position of the game");
            let r = search(&g, 8);
            let at = || format!("{variant}: {} {r:?} {value:?}", g.position_string());
            match r.mate_in() {
                Some(n) if n > 0 => {
                    claims += 1;
                    assert!(
                        matches!(value, Solved::Win(d) if i32::from(d) <= n),
                        "{}",
                        at()
                    );
                }
                Some(_) => {
                    claims += 1;
                    assert!(matches!(value, Solved::Loss(_)), "{}", at());
                }
                None => assert_ne!(value, Solved::Win(1), "{}", at()),
            }
        }
        assert!(claims > 0, "{variant}: no forced result to check");
    }
}
