//! Games for the save tests: every variant, seeded random games, take-backs.
#![allow(dead_code)]

pub mod release;

use stronghold::rules::{Game, GameId, Move, Variant};

/// Every built-in game with every combination of its options, as its
/// file lists them.
pub fn every_variant() -> Vec<Variant> {
    let mut out = Vec::new();
    for kind in GameId::built_in() {
        let mut variants = vec![Variant::new(kind)];
        for option in &kind.file().options {
            variants = variants
                .iter()
                .flat_map(|v| {
                    option.values.iter().map(move |value| {
                        let mut v = *v;
                        v.set(&option.key, value).unwrap();
                        v
                    })
                })
                .collect();
        }
        out.extend(variants);
    }
    out
}

/// A game of up to `plies` moves picked by a seeded generator.
pub fn random_game(variant: Variant, plies: usize, seed: u64) -> Game {
    let mut game = Game::new(variant);
    let mut pick = seeded_picks(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.is_over() {
            break;
        }
        game.play(&moves[pick(moves.len())]).unwrap();
    }
    game
}

/// Indexes below `n`, from a xorshift generator seeded with `seed`.
fn seeded_picks(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

/// Takes back up to `n` moves: the taken-back moves, the next to redo first.
pub fn take_back(game: &mut Game, n: usize) -> Vec<Move> {
    let mut redo = Vec::new();
    for _ in 0..n {
        match game.undo() {
            Some(mv) => redo.insert(0, mv),
            None => break,
        }
    }
    redo
}
