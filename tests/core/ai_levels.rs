//! Levels: reproducible with a seed, and never an illegal move.

use stronghold::ai::rng::SplitMix64;
use stronghold::ai::{Level, Search, SearchLimits};
use stronghold::rules::{Game, GameId, Move, Variant};

/// Plays a whole game between two levels; returns its moves.
fn play(variant: Variant, hunters: Level, crowd: Level, seed: u64) -> Vec<Move> {
    let mut g = Game::new(variant);
    let mut ply = 0u64;
    while !g.is_over() && g.ply() < 400 {
        let level = match g.side_to_move() {
            stronghold::rules::Side::Hunters => hunters,
            stronghold::rules::Side::Crowd => crowd,
        };
        let r = Search::new(&g, level, seed ^ ply).run_to_end().unwrap();
        g.play(&r.best).expect("the AI plays legal moves");
        ply += 1;
    }
    assert!(g.is_over(), "a game between the levels did not end");
    g.moves().copied().collect()
}

#[test]
fn the_same_seed_replays_the_same_game() {
    for kind in [GameId::named("pirates"), GameId::named("bagh-chal")] {
        let v = Variant::new(kind);
        let a = play(v, Level::Beginner, Level::Easy, 7);
        let b = play(v, Level::Beginner, Level::Easy, 7);
        assert_eq!(a, b, "{kind}");
        // And the seed matters: some other seed gives another game.
        let differs = (8..12).any(|s| play(v, Level::Beginner, Level::Easy, s) != a);
        assert!(differs, "{kind}: the seed changes nothing");
    }
}

#[test]
fn levels_search_deeper_as_they_rise() {
    let g = Game::new(Variant::new(GameId::named("pirates")));
    let depth = |l: Level| Search::new(&g, l, 0).run_to_end().unwrap().depth;
    let (b, e, m) = (
        depth(Level::Beginner),
        depth(Level::Easy),
        depth(Level::Medium),
    );
    assert!(b < e && e < m, "depths {b} {e} {m}");
    assert!(Level::Hard.limits().time_ms.unwrap() <= 1_000);
    assert!(Level::Master.limits().time_ms.unwrap() <= 3_000);
    for l in Level::ALL {
        assert_eq!(Level::from_name(&l.name().to_lowercase()), Some(l));
    }
}

#[test]
fn random_positions_never_get_an_illegal_move() {
    // Every game, and the four first games' options.
    let mut variants: Vec<Variant> = GameId::built_in().map(Variant::new).collect();
    for (kind, opt) in [
        (GameId::named("pirates"), "retreat=on"),
        (GameId::named("pirates"), "compulsory=off"),
        (GameId::named("fox-geese"), "geese=17"),
        (GameId::named("fox-geese"), "sideways=on"),
        (GameId::named("bagh-chal"), "quiet-limit=off"),
    ] {
        let mut v = Variant::new(kind);
        v.set_option(opt).unwrap();
        variants.push(v);
    }
    let mut rng = SplitMix64::new(2024);
    let mut checked = 0;
    for v in variants {
        for _ in 0..20 {
            // Long random games keep their history: Bagh-Chal's no-repeat
            // rule and the repetition draws depend on it.
            let mut g = Game::new(v);
            let plies = rng.below(160);
            for _ in 0..plies {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                g.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
            }
            if g.is_over() {
                continue;
            }
            for limits in [SearchLimits::depth(1), SearchLimits::depth(5)] {
                let r = Search::with_limits(&g, limits, 0).run_to_end().unwrap();
                assert!(
                    g.is_legal(&r.best),
                    "{} from {}",
                    g.move_text(&r.best),
                    g.position_string()
                );
                // Every move of the principal variation is legal in turn.
                let mut line = g.clone();
                for mv in &r.pv {
                    line.play(mv)
                        .unwrap_or_else(|e| panic!("pv {e} from {}", g.position_string()));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "only {checked} positions");
}
