//! The retrograde analysis against a plain forward search, and the file.

use std::collections::HashMap;

use super::*;
use crate::ai::rng::SplitMix64;
use crate::ai::tablebase::index::Board;
use crate::ai::tablebase::{Outcome, Value};
use crate::rules::{GameId, Position, Rules, Side, Variant};

/// Small rules: the tigers win with their first or second capture, and
/// twelve quiet plies draw. Small enough to check by brute force.
fn small(captures_to_win: usize) -> SlidingRules {
    SlidingRules {
        goats: 20,
        captures_to_win,
        quiet_limit: 12,
    }
}

/// Forward minimax over the rules engine's moves, with its own end checks,
/// remembering (position, quiet plies).
fn brute_force(
    rules: &Rules,
    small: &SlidingRules,
    pos: &Position,
    seen: &mut HashMap<(u64, u16), Outcome>,
) -> Outcome {
    let captured = small.goats - pos.crowd().count() as usize;
    if captured >= small.captures_to_win {
        return Outcome::TigersWin;
    }
    let mut moves = Vec::new();
    rules.generate(pos, &mut moves);
    let (me, other) = match pos.side_to_move {
        Side::Hunters => (Outcome::TigersWin, Outcome::GoatsWin),
        Side::Crowd => (Outcome::GoatsWin, Outcome::TigersWin),
    };
    if moves.is_empty() {
        return other;
    }
    if pos.quiet_plies >= small.quiet_limit as u16 {
        return Outcome::Draw;
    }
    let key = (pos.hash, pos.quiet_plies);
    if let Some(&o) = seen.get(&key) {
        return o;
    }
    let mut best = other;
    for mv in &moves {
        let (next, _) = rules.apply(pos, mv);
        match brute_force(rules, small, &next, seen) {
            o if o == me => {
                best = me;
                break;
            }
            Outcome::Draw => best = Outcome::Draw,
            _ => {}
        }
    }
    seen.insert(key, best);
    best
}

/// A random sliding-phase position with `goats` goats.
fn random_position(rng: &mut SplitMix64, board: &Board, goats: usize, quiet: u16) -> Position {
    let mut free: Vec<u32> = (0..25).collect();
    let mut pick = |n: usize| {
        let mut mask = 0;
        for _ in 0..n {
            let i = rng.below(free.len() as u64) as usize;
            mask |= 1 << free.swap_remove(i);
        }
        mask
    };
    let tigers = pick(4);
    let goats = pick(goats);
    let side = if rng.below(2) == 0 {
        Side::Hunters
    } else {
        Side::Crowd
    };
    crate::rules::Rules::of(crate::rules::Variant::new(crate::rules::GameId::named(
        "bagh-chal",
    )))
    .position(
        [board.grid(tigers), board.grid(goats)],
        side,
        [0, 0],
        quiet,
        None,
    )
}

/// The small tables, built once for all the tests.
fn small_table(captures_to_win: usize) -> &'static Tablebase {
    static TABLES: [std::sync::OnceLock<Tablebase>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    TABLES[captures_to_win - 1]
        .get_or_init(|| build(small(captures_to_win), captures_to_win - 1, &mut |_| {}))
}

fn check_against_brute_force(rules: SlidingRules, samples: usize) {
    let table = small_table(rules.captures_to_win);
    let engine = Rules::new(Variant::new(GameId::named("bagh-chal")));
    let mut rng = SplitMix64::new(17);
    let mut seen = HashMap::new();
    let mut found = HashMap::new();
    for i in 0..samples {
        let captured = i % rules.captures_to_win;
        let quiet = [0, 0, 5, 11][i % 4];
        let pos = random_position(&mut rng, table.board(), rules.goats - captured, quiet);
        let probe = table.probe(&pos).expect("in the table");
        assert_eq!(probe.captured, captured);
        let expected = brute_force(&engine, &rules, &pos, &mut seen);
        assert_eq!(probe.outcome, expected, "{pos:?} ({:?})", probe.value);
        *found.entry(expected).or_insert(0) += 1;
    }
    // The samples hold every kind of result.
    assert_eq!(found.len(), 3, "{found:?}");
}

#[test]
fn one_capture_to_win_matches_a_forward_search() {
    check_against_brute_force(small(1), 3_000);
}

#[test]
fn captures_lead_into_the_next_subgame_correctly() {
    check_against_brute_force(small(2), 1_500);
}

#[test]
fn draws_say_when_the_tigers_force_a_capture_anyway() {
    // With two captures to win, the first capture's sub-game is what the
    // table with one capture to win solves: the draws of the first must
    // carry its capture distances (rounded down to four plies).
    let two = small_table(2);
    let one = small_table(1);
    let mut rng = SplitMix64::new(23);
    let (mut marked, mut plain) = (0, 0);
    for i in 0..3_000 {
        let pos = random_position(&mut rng, two.board(), 20, [0, 4, 9][i % 3]);
        let v = two.probe(&pos).unwrap().value;
        if v.winner() != Outcome::Draw {
            continue;
        }
        let first = one.probe(&pos).unwrap().value;
        let expected = match (first.winner(), first.plies()) {
            (Outcome::TigersWin, Some(p)) => Some(p / 4 * 4),
            _ => None,
        };
        assert_eq!(v.capture_within(), expected, "{pos:?}");
        if expected.is_some() {
            marked += 1;
        } else {
            plain += 1;
        }
    }
    assert!(marked > 0 && plain > 0, "{marked} marked, {plain} plain");
}

#[test]
fn the_file_round_trips_and_damage_is_reported() {
    let table = small_table(2);
    let bytes = table.to_bytes();
    let back = Tablebase::from_bytes(&bytes).unwrap();
    assert_eq!(back.rules(), table.rules());
    for (a, b) in back.subgames().iter().zip(table.subgames()) {
        assert_eq!(a.tigers_to_move, b.tigers_to_move);
        assert_eq!(a.goats_to_move, b.goats_to_move);
    }
    // Every cut and a flipped byte are errors, never a panic or a wrong table.
    let cuts = (0..40).map(|i| i * bytes.len() / 40).chain(0..30);
    for cut in cuts {
        assert!(
            Tablebase::from_bytes(&bytes[..cut]).is_err(),
            "cut at {cut}"
        );
    }
    let mut flipped = bytes.clone();
    let last = flipped.len() - 10;
    flipped[last] ^= 0x55;
    assert!(Tablebase::from_bytes(&flipped).is_err());
    assert!(Tablebase::from_bytes(b"not a table").is_err());
}

#[test]
fn placement_and_other_games_are_not_in_the_table() {
    let table = small_table(1);
    let game = crate::rules::Game::new(Variant::new(GameId::named("bagh-chal")));
    assert_eq!(table.probe(game.position()), None);
    // Too many captures for the table: no answer rather than a wrong one.
    let mut rng = SplitMix64::new(3);
    let pos = random_position(&mut rng, table.board(), 18, 0);
    assert_eq!(table.probe(&pos), None);
    assert!(!table.serves(&Variant::new(GameId::named("pirates"))));
}

#[test]
fn fragile_draws_leave_the_goats_two_ways_out_everywhere_else() {
    // The draws not marked fragile must form a set the goats can keep to
    // with two moves at every turn, whatever the tigers do; checked with
    // the rules engine's own moves on positions of both sub-games.
    let table = build_with(small(2), 1, &mut |_| {}, &mut |sub, board, index| {
        mark_fragile(sub, board, index)
    });
    let table = &table;
    let engine = Rules::new(Variant::new(GameId::named("bagh-chal")));
    let kept = |pos: &Position| {
        let v = table.probe(pos).expect("in the table").value;
        v == Value::DRAW || v.winner() == Outcome::GoatsWin
    };
    let mut rng = SplitMix64::new(31);
    let (mut fragile, mut sturdy) = (0, 0);
    let mut moves = Vec::new();
    for i in 0..4_000 {
        let pos = random_position(&mut rng, table.board(), 20 - i % 2, 0);
        let v = table.probe(&pos).unwrap().value;
        if v.is_fragile() {
            fragile += 1;
            continue;
        }
        if v != Value::DRAW {
            continue;
        }
        sturdy += 1;
        moves.clear();
        engine.generate(&pos, &mut moves);
        let children: Vec<Position> = moves.iter().map(|m| engine.apply(&pos, m).0).collect();
        let ways = children.iter().filter(|c| kept(c)).count();
        match pos.side_to_move {
            Side::Crowd => assert!(ways >= 2, "{pos:?}: {ways} ways out"),
            Side::Hunters => assert_eq!(ways, children.len(), "{pos:?}"),
        }
    }
    assert!(
        fragile > 0 && sturdy > 0,
        "{fragile} fragile, {sturdy} sturdy"
    );
}
