//! Property tests over random games of every variant.

use proptest::prelude::*;
use stronghold::rules::{Game, GameId, Move, MoveKind, Side, Variant, parse_position};

fn variants() -> Vec<Variant> {
    let mut out = Vec::new();
    let mut add = |kind, opts: &[&str]| {
        let mut v = Variant::new(kind);
        for o in opts {
            v.set_option(o).unwrap();
        }
        out.push(v);
    };
    add(GameId::named("pirates"), &[]);
    add(GameId::named("pirates"), &["compulsory=off"]);
    add(GameId::named("pirates"), &["retreat=on"]);
    add(GameId::named("asalto"), &[]);
    add(GameId::named("fox-geese"), &[]);
    add(GameId::named("fox-geese"), &["geese=17", "sideways=on"]);
    add(GameId::named("bagh-chal"), &[]);
    add(GameId::named("bagh-chal"), &["quiet-limit=off"]);
    out
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop::sample::select(variants())
}

/// Plays a random game: `choices` pick among the legal moves, and past the
/// end of `choices` the game goes on with a simple generator so it ends.
fn play_out(variant: Variant, choices: &[u16], check: &mut dyn FnMut(&Game, &Move, &Game)) -> Game {
    let mut g = Game::new(variant);
    let mut seed = choices
        .iter()
        .fold(0x9E37u64, |h, &c| h.wrapping_mul(31).wrapping_add(c as u64));
    for ply in 0..5000 {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pick = if let Some(&c) = choices.get(ply) {
            c as usize
        } else {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as usize
        };
        let mv = moves[pick % moves.len()];
        let before = g.clone();
        g.play(&mv).expect("a generated move is legal");
        check(&before, &mv, &g);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_their_invariants(variant in variant_strategy(), choices in prop::collection::vec(any::<u16>(), 0..300)) {
        let retreat = variant.game.id() == "bagh-chal" || variant.option("retreat") == Some("on");
        let mut check = |before: &Game, mv: &Move, after: &Game| {
            let (b, a) = (before.position(), after.position());
            let text = before.move_text(mv);
            // Piece counts never grow.
            for side in [Side::Hunters, Side::Crowd] {
                assert!(a.material(side) <= b.material(side), "{side:?} grew after {text}");
            }
            // No forbidden backward step.
            if b.side_to_move == Side::Crowd && mv.kind() == MoveKind::Step && !retreat {
                assert!(mv.to().rank() >= mv.from().rank(), "backward crowd step {text}");
            }
            // Only the crowd's pieces are captured, only by hunters.
            if mv.is_jump() {
                assert_eq!(b.side_to_move, Side::Hunters);
            }
            // The incremental hash is the hash.
            assert_eq!(a.hash, a.compute_hash());
            // The position string round-trips.
            let text = after.position_string();
            let (v, p) = parse_position(&text).unwrap();
            assert_eq!(v, *after.variant());
            assert_eq!(p, *a, "{}", text);
            // Undo restores the position and hash exactly.
            let mut undone = after.clone();
            assert_eq!(undone.undo(), Some(*mv));
            assert_eq!(undone.position(), before.position());
            assert_eq!(undone.legal_moves(), before.legal_moves());
        };
        let g = play_out(variant, &choices, &mut check);
        // Every game ends.
        prop_assert!(g.is_over(), "not over after {} plies: {}", g.ply(), g.position_string());
        prop_assert!(g.outcome().is_some());
    }

    #[test]
    fn hostile_move_text_never_panics(text in "\\PC{0,40}") {
        let g = Game::new(Variant::new(GameId::named("pirates")));
        let _ = g.rules().parse_move(&text);
        let _ = g.parse_move(&text);
    }

    #[test]
    fn move_like_text_never_panics(text in "[@a-hx1-8 -]{0,30}") {
        let g = Game::new(Variant::new(GameId::named("bagh-chal")));
        if let Ok(mv) = g.rules().parse_move(&text) {
            prop_assert_eq!(g.move_text(&mv), text);
            let _ = g.clone().play(&mv);
        }
    }

    #[test]
    fn hostile_position_strings_never_panic(text in "\\PC{0,120}") {
        let _ = parse_position(&text);
    }

    #[test]
    fn mutated_position_strings_never_panic(variant in variant_strategy(), at in 0usize..200, ch in "[ -~]") {
        let text = Game::new(variant).position_string();
        let mut chars: Vec<char> = text.chars().collect();
        let i = at % chars.len();
        chars[i] = ch.chars().next().unwrap();
        let mutated: String = chars.into_iter().collect();
        if let Ok((v, p)) = parse_position(&mutated) {
            // Whatever parses must give a playable game.
            let g = Game::from_position(v, p);
            let _ = g.legal_moves();
            let _ = g.outcome();
            prop_assert_eq!(parse_position(&g.position_string()).unwrap(), (v, p));
        }
    }
}
