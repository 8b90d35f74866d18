//! The search finds forced wins where they exist, and the shortest one.

use stronghold::ai::rng::SplitMix64;
use stronghold::ai::{MATE, Search, SearchLimits, SearchResult};
use stronghold::rules::{Game, GameId, Variant};

fn search(game: &Game, depth: u32) -> SearchResult {
    Search::with_limits(game, SearchLimits::depth(depth), 0)
        .run_to_end()
        .expect("the game is not over")
}

fn game(position: &str) -> Game {
    Game::from_position_string(position).expect("a valid position string")
}

#[test]
fn hunters_take_the_double_capture_that_wins() {
    // c5xc3xc1 leaves 8 Bulgars (a win); e7xe5 takes only one.
    let g = game("pirates 2P/2B/BBP4/BBB4/BB3B1/B2/3 P 0/0 0 29");
    let r = search(&g, 4);
    assert_eq!(g.move_text(&r.best), "c5xc3xc1");
    assert_eq!(r.mate_in(), Some(1));
}

#[test]
fn crowd_fills_the_stronghold_in_one() {
    let g = game("pirates BBB/BBB/3BB2/2B4/P5P/3/3 B 0/0 0 44");
    let r = search(&g, 4);
    assert_eq!(g.move_text(&r.best), "c4-c5");
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn geese_trap_the_fox() {
    // Only e6-d7 closes the fox's last exit without opening another.
    let g = game("fox-geese F1G/GGG/2G1G2/7/7/3/3 G 0/0 0 29");
    let r = search(&g, 4);
    assert_eq!(g.move_text(&r.best), "e6-d7");
    assert_eq!(r.mate_in(), Some(1));
}

/// What plain minimax over the rules' own `Game` (no pruning, no tables)
/// proves for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Proof {
    Win(u32),
    Loss(u32),
    Unknown,
}

fn prove(game: &mut Game, depth: u32) -> Proof {
    if let Some(o) = game.outcome() {
        return match o.winner {
            Some(w) if w == game.side_to_move() => Proof::Win(0),
            Some(_) => Proof::Loss(0),
            None => Proof::Unknown,
        };
    }
    if depth == 0 {
        return Proof::Unknown;
    }
    let mover = game.side_to_move();
    let (mut best_win, mut all_lose, mut longest_loss) = (None::<u32>, true, 0);
    for mv in game.legal_moves() {
        game.play_unchecked(&mv);
        let child = prove(game, depth - 1);
        let same = game.side_to_move() == mover;
        game.undo();
        let mine = match (child, same) {
            (Proof::Win(k), true) | (Proof::Loss(k), false) => Proof::Win(k + 1),
            (Proof::Loss(k), true) | (Proof::Win(k), false) => Proof::Loss(k + 1),
            (Proof::Unknown, _) => Proof::Unknown,
        };
        match mine {
            Proof::Win(k) => best_win = Some(best_win.map_or(k, |b| b.min(k))),
            Proof::Loss(k) => longest_loss = longest_loss.max(k),
            Proof::Unknown => all_lose = false,
        }
    }
    match best_win {
        Some(k) => Proof::Win(k),
        None if all_lose => Proof::Loss(longest_loss),
        None => Proof::Unknown,
    }
}

/// Random playouts of every game, cut into fresh positions (no history).
fn random_positions(variant: Variant, seed: u64, count: usize) -> Vec<Game> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Game::new(variant);
        let plies = rng.below(120) as usize;
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
        }
        if !g.is_over() {
            out.push(Game::from_position_string(&g.position_string()).unwrap());
        }
    }
    out
}

#[test]
fn every_short_forced_win_is_found_at_its_distance() {
    // The four first games (the built-in list starts with them).
    let mut variants: Vec<Variant> = GameId::built_in().take(4).map(Variant::new).collect();
    let mut off = Variant::new(GameId::named("pirates"));
    off.set_option("compulsory=off").unwrap();
    variants.push(off);
    let mut found = 0;
    for (i, v) in variants.into_iter().enumerate() {
        for mut g in random_positions(v, 100 + i as u64, 150) {
            let proof = prove(&mut g, 3);
            let r = search(&g, 4);
            match proof {
                Proof::Win(plies) => {
                    found += 1;
                    assert_eq!(
                        r.mate_in(),
                        Some(plies as i32),
                        "{}: a win in {plies} exists, the search says {} ({})",
                        g.position_string(),
                        r.score,
                        g.move_text(&r.best)
                    );
                    // The chosen move keeps the win: no reply escapes it.
                    let winner = g.side_to_move();
                    let best = g.move_text(&r.best);
                    g.play(&r.best).expect("a legal move");
                    let kept = match g.outcome() {
                        Some(o) => o.winner == Some(winner),
                        None => match prove(&mut g, plies - 1) {
                            Proof::Win(_) => g.side_to_move() == winner,
                            Proof::Loss(_) => g.side_to_move() != winner,
                            Proof::Unknown => false,
                        },
                    };
                    assert!(kept, "{}: {best} throws the win away", g.position_string());
                }
                Proof::Loss(plies) => {
                    // Lost whatever it does: it should resist as long as possible.
                    assert_eq!(
                        r.mate_in(),
                        Some(-(plies as i32)),
                        "{}",
                        g.position_string()
                    );
                }
                Proof::Unknown => {
                    assert!(
                        r.mate_in().is_none_or(|n| n.unsigned_abs() > 3),
                        "{}: score {}",
                        g.position_string(),
                        r.score
                    );
                }
            }
        }
    }
    assert!(
        found >= 10,
        "only {found} positions with a short forced win"
    );
}

#[test]
fn bulgars_pen_the_pirates_in_three_plies() {
    // The pirates on d7 and d6 have one free point next to them (c6): the
    // Bulgars close every exit in three plies whatever the pirates do.
    let g = game("pirates BPB/1PB/BBBB1BB/BBBBBBB/B2BBBB/2B/B1B B 0/0 1 73");
    let r = search(&g, 5);
    assert_eq!(r.mate_in(), Some(3), "score {}", r.score);
    let mut after = g.clone();
    let best = g.move_text(&r.best);
    after.play(&r.best).unwrap();
    let replies = after.legal_moves();
    assert!(!replies.is_empty());
    for reply in replies {
        let mut line = after.clone();
        let reply_text = after.move_text(&reply);
        line.play(&reply).unwrap();
        let finish = search(&line, 3);
        assert_eq!(finish.mate_in(), Some(1), "after {best} {reply_text}");
        line.play(&finish.best).unwrap();
        let end = line.outcome().expect("the game is over");
        assert_eq!(
            end.reason,
            stronghold::rules::Reason::NoMoves(stronghold::rules::Side::Hunters)
        );
    }
}
