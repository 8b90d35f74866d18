//! Draw-awareness: a draw scores 0, so the side ahead avoids one it could
//! avoid and the side behind takes one it can reach.

use stronghold::ai::{Search, SearchLimits, SearchResult};
use stronghold::rules::Game;

fn search(position: &str) -> (Game, SearchResult) {
    let g = Game::from_position_string(position).expect("a valid position string");
    let r = Search::with_limits(&g, SearchLimits::depth(6), 0)
        .run_to_end()
        .expect("a game in progress");
    (g, r)
}

/// The same position with another no-progress count.
fn with_quiet_plies(position: &str, quiet: u16) -> String {
    let mut fields: Vec<String> = position.split(' ').map(str::to_string).collect();
    fields[4] = quiet.to_string();
    fields.join(" ")
}

/// Bulgars ahead; their favourite move here (f5-e5) is sideways.
const BULGARS_TO_MOVE: &str =
    "pirates,compulsory=on,retreat=off 3/2P/BBPB1BB/BBB1BBB/BBBBBBB/BBB/BBB B 0/0 1 55";
/// The pirates to move after it, behind.
const PIRATES_TO_MOVE: &str =
    "pirates,compulsory=on,retreat=off 3/2P/BBPBB1B/BBB1BBB/BBBBBBB/BBB/BBB P 0/0 2 55";

#[test]
fn the_side_ahead_makes_progress_before_the_quiet_limit() {
    let (_, free) = search(BULGARS_TO_MOVE);
    assert!(free.score > 100);
    assert_eq!(
        free.best.from().rank(),
        free.best.to().rank(),
        "a sideways step"
    );
    // One ply before the 60-ply draw, only ground gained avoids it.
    let (g, pressed) = search(&with_quiet_plies(BULGARS_TO_MOVE, 59));
    assert!(
        pressed.best.to().rank() > pressed.best.from().rank(),
        "{} does not gain ground",
        g.move_text(&pressed.best)
    );
    assert!(pressed.score > 100, "score {}", pressed.score);
}

#[test]
fn the_side_behind_takes_the_draw() {
    let (_, free) = search(PIRATES_TO_MOVE);
    assert!(free.score < -100);
    let (mut g, pressed) = search(&with_quiet_plies(PIRATES_TO_MOVE, 59));
    assert_eq!(pressed.score, 0);
    g.play(&pressed.best).unwrap();
    assert_eq!(g.outcome().and_then(|o| o.winner), None);
    assert!(g.is_over(), "the quiet step ends the game in a draw");
}
