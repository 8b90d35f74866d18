//! Bagh-Chal's table against a check that shares none of its code: a
//! plain AND-OR search on the rules alone (`Game::legal_moves`, `play`,
//! `outcome`), no table, no evaluation, no pruning beyond "a win found".
//! Where that search sees a forced win or loss within a few plies, the
//! table must call the position won or lost; where the table says a game
//! ends within that many plies, the search must see it: every position of
//! the sixty recorded games' sliding phases (`docs/analysis.md`, "the
//! grades against perfect play") at three plies, and a sample at five.
//!
//! This check found two things about the table's plies, which
//! `Exact::of_table` and the words now follow: they count to the capture
//! that moves the game to its next sub-game (the game's end only with four
//! goats taken), and they bound the win ("within"), not always the fewest
//! (a win the search sees in 3 plies, the table can call "within 53").
//!
//! It checks the table only where results come quickly; draws and long
//! wins are beyond it (a full independent solve of the sliding phase is
//! hundreds of millions of positions).

use stronghold::coach::Exact;
use stronghold::rules::{Game, GameId};

/// The forced result for the side to move within `depth` plies: a win,
/// a loss, or neither seen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Forced {
    Win,
    Loss,
    Unknown,
}

fn forced(game: &mut Game, depth: u32) -> Forced {
    let mover = game.side_to_move();
    if let Some(o) = game.outcome() {
        return match o.winner {
            Some(w) if w == mover => Forced::Win,
            Some(_) => Forced::Loss,
            None => Forced::Unknown,
        };
    }
    if depth == 0 {
        return Forced::Unknown;
    }
    let moves = game.legal_moves();
    let mut every_move_loses = !moves.is_empty();
    for mv in &moves {
        game.play_unchecked(mv);
        let reply = forced(game, depth - 1);
        game.undo();
        match reply {
            Forced::Loss => return Forced::Win,
            Forced::Win => {}
            Forced::Unknown => every_move_loses = false,
        }
    }
    if every_move_loses {
        Forced::Loss
    } else {
        Forced::Unknown
    }
}

/// Whether the table's value agrees with what the plain search saw
/// within `depth` plies.
fn agrees(exact: Exact, plain: Forced, depth: u32) -> bool {
    let within = |p: Option<u16>| p.is_some_and(|p| u32::from(p) <= depth);
    match (plain, exact) {
        // The table's plies are a bound ("within"), not always the fewest.
        (Forced::Win, Exact::Win(_)) | (Forced::Loss, Exact::Loss(_)) => true,
        (Forced::Unknown, Exact::Win(p) | Exact::Loss(p)) => !within(p),
        (Forced::Unknown, Exact::Draw) => true,
        _ => false,
    }
}

/// Every sliding-phase position of the sixty games, as a fresh game (no
/// history: the table knows none, and a line of a few plies repeats none).
fn sliding_positions() -> Vec<Game> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/strength-logs/bagh-chal-easy-medium-analyse.moves"
    );
    let text = std::fs::read_to_string(path).expect("the recorded games");
    let mut positions = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let moves = line.split_once(": ").map_or(line, |(_, m)| m);
        let mut game = Game::new(stronghold::rules::Variant::new(GameId::named("bagh-chal")));
        for word in moves.split_whitespace() {
            let Ok(mv) = game.parse_move(word) else { break };
            if game.play(&mv).is_err() {
                break;
            }
            let pos = *game.position();
            if pos.in_hand == [0, 0] && game.outcome().is_none() {
                positions.push(Game::from_position(*game.variant(), pos));
            }
        }
    }
    positions
}

#[test]
fn the_table_agrees_with_a_plain_search_wherever_it_sees_a_forced_result() {
    let table = crate::shipped_table();
    let positions = sliding_positions();
    assert!(positions.len() > 1_500, "{} positions", positions.len());
    let mut seen = [0usize; 2];
    for (i, game) in positions.iter().enumerate() {
        // Three plies everywhere, five on every tenth position.
        let depth = if i % 10 == 0 { 5 } else { 3 };
        let exact = Exact::of_table(&table, game.position()).expect("a sliding position");
        let mut fresh = game.clone();
        let plain = forced(&mut fresh, depth);
        assert!(
            agrees(exact, plain, depth),
            "{} at {depth} plies: the search says {plain:?}, the table {exact:?}",
            game.position_string()
        );
        match plain {
            Forced::Win => seen[0] += 1,
            Forced::Loss => seen[1] += 1,
            Forced::Unknown => {}
        }
    }
    // The check decided something: quick wins and losses both occur.
    assert!(
        seen[0] >= 20 && seen[1] >= 5,
        "wins {}, losses {}",
        seen[0],
        seen[1]
    );
}
