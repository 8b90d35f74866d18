//! Every game online: for each of the sixteen built-in games (with an
//! option changed where the game has options), two named bots meet in the
//! lobby (one seeks, the other plays anyone) and play a rated game on a
//! local server while a spectator watches; all three print one move list,
//! the store has it, and the game's own rating changed. Most games end a
//! few moves in, by a resignation; two are played to their end.

use crate::online_support;
use crate::pg_cluster::PgCluster;

use std::path::Path;

use online_support::{Bot, Raw, Server, moves_of, stored_moves};
use stronghold::online::protocol::{Command, Event, GameResult, PoolRating};
use stronghold::rules::{Game, GameId, Side, Variant};

const ALICE_KEY: &str = "alice-key-0123456789";
const BOB_KEY: &str = "bob-key-0123456789ab";

/// The moves after which the seeker resigns (on its first turn from there).
const RESIGN_AFTER: usize = 6;

/// The games played to their end (short ones at the weakest level).
const TO_THE_END: [&str; 2] = ["jeu-militaire", "fox-geese"];

/// An option other than the default for each game that has options.
fn option_of(game: GameId) -> Option<String> {
    let option = game.file().options.first()?;
    let value = option.values.iter().find(|v| **v != option.default)?;
    Some(format!("{}={value}", option.key))
}

/// The words as `&str`s.
fn as_str(words: &[String]) -> Vec<&str> {
    words.iter().map(String::as_str).collect()
}

/// `1500?` as a number.
fn points(rating: &str) -> u32 {
    rating.trim_end_matches('?').parse().expect("a rating")
}

/// The `rating: OLD -> NEW` line a bot printed, read back.
fn rating_line(lines: &[String]) -> (String, String) {
    let line = lines
        .iter()
        .find_map(|l| l.strip_prefix("rating: "))
        .unwrap_or_else(|| panic!("no rating line: {lines:?}"));
    let (old, new) = line.split_once(" -> ").expect("OLD -> NEW");
    (old.to_string(), new.to_string())
}

/// What the three printed, once they finished: the room's code, then
/// Alice's, Bob's and the spectator's lines.
struct Printed {
    code: String,
    alice: Vec<String>,
    bob: Vec<String>,
    spectator: Vec<String>,
}

/// One game of `variant`: Alice seeks it on `side`, resigning after a
/// few moves unless `to_the_end`; Bob plays anyone; a spectator watches
/// from the code on. Waits for all three to finish.
fn play(url: &str, variant: &Variant, side: Side, to_the_end: bool) -> Printed {
    let mut common = vec![variant.game.id().to_string()];
    for option in variant.option_strings() {
        common.extend(["--option".to_string(), option]);
    }
    common.extend(["--level", "beginner", "--pace-ms", "20"].map(String::from));
    let side = if side == Side::Hunters {
        "hunters"
    } else {
        "crowd"
    };
    let mut alice: Vec<String> = ["--seek".to_string()]
        .into_iter()
        .chain(common.clone())
        .collect();
    alice.extend(["--side", side, "--name", "alice", "--key", ALICE_KEY].map(String::from));
    if !to_the_end {
        alice.extend(["--resign-after".to_string(), RESIGN_AFTER.to_string()]);
    }
    let mut bob: Vec<String> = ["--anyone".to_string()].into_iter().chain(common).collect();
    bob.extend(["--name", "bob", "--key", BOB_KEY].map(String::from));

    let mut alice = Bot::start(url, &as_str(&alice));
    let bob = Bot::start(url, &as_str(&bob));
    let code = alice.wait_for("code: ")["code: ".len()..].to_string();
    let spectator = Bot::start(url, &["--watch", &code]);
    let (a_status, alice) = alice.finish();
    let (b_status, bob) = bob.finish();
    let (w_status, spectator) = spectator.finish();
    assert!(
        a_status.success() && b_status.success() && w_status.success(),
        "{variant}: {alice:?} {bob:?} {spectator:?}"
    );
    Printed {
        code,
        alice,
        bob,
        spectator,
    }
}

/// The `result: …` line of `lines`.
fn result_of(lines: &[String]) -> Option<&String> {
    lines.iter().find(|l| l.starts_with("result: "))
}

/// One game of `game`, number `n` (Alice's side alternates with it), with
/// an option changed where it has one. Checks the three move lists, the
/// store, the result and both ratings; Alice's new rating.
fn one_game(url: &str, db: &Path, game: GameId, n: usize) -> String {
    let mut variant = Variant::new(game);
    if let Some(option) = option_of(game) {
        variant.set_option(&option).expect("an option of the game");
    }
    let alice_side = [Side::Hunters, Side::Crowd][n % 2];
    let to_the_end = TO_THE_END.contains(&game.id());
    let printed = play(url, &variant, alice_side, to_the_end);
    let moves = moves_of(&printed.alice);
    assert_eq!(moves, moves_of(&printed.bob), "{game}: one game");
    assert_eq!(moves, moves_of(&printed.spectator), "{game}: watched");
    let stored = stored_moves(db, &printed.code, 1);
    assert_eq!(moves, stored, "{game}: the store has it");
    let result = result_of(&printed.alice).expect("a result");
    assert_eq!(result_of(&printed.bob), Some(result), "{game}");
    assert_eq!(printed.spectator.last(), Some(result), "{game}: watched");

    // The moves are the game's, with its option: legal one after another.
    let mut replay = Game::new(variant);
    for mv in &moves {
        let mv = replay.parse_move(mv).expect("a stored move");
        replay.play(&mv).expect("a legal stored move");
    }
    if to_the_end {
        let outcome = replay.outcome().expect("played to the end");
        assert_eq!(result, &format!("result: {}", GameResult::of(outcome)));
    } else {
        let plies = RESIGN_AFTER..=RESIGN_AFTER + 1;
        assert!(plies.contains(&moves.len()), "{game}: {moves:?}");
        assert!(replay.outcome().is_none(), "{game}: over before");
        let resigned = format!("result: {} (resigned)", winner_words(alice_side.other()));
        assert_eq!(result, &resigned, "{game}");
    }
    let alice_won = (!result.contains("draw")).then(|| result.contains(winner_words(alice_side)));
    ratings_moved(game, alice_won, &printed)
}

/// Both ratings in the game's pool, new ones, moved as the result says
/// (`alice_won`, none for a draw); Alice's new rating.
fn ratings_moved(game: GameId, alice_won: Option<bool>, printed: &Printed) -> String {
    let (a_old, a_new) = rating_line(&printed.alice);
    let (b_old, b_new) = rating_line(&printed.bob);
    assert_eq!(
        (a_old.as_str(), b_old.as_str()),
        ("1500?", "1500?"),
        "{game}: a new pool"
    );
    let (a, b) = (points(&a_new), points(&b_new));
    match alice_won {
        Some(true) => assert!(a > 1500 && b < 1500, "{game}: {a} {b}"),
        Some(false) => assert!(a < 1500 && b > 1500, "{game}: {a} {b}"),
        None => assert_eq!((a, b), (1500, 1500), "{game}"),
    }
    a_new
}

/// How a result names the winning side.
fn winner_words(side: Side) -> &'static str {
    match side {
        Side::Hunters => "hunters win",
        Side::Crowd => "crowd wins",
    }
}

/// `games` on `server` (its `--db` is `db`): one game each, then
/// Alice's ratings, one pool per game with one game in it.
fn every_game(server: &Server, db: &Path, games: &[GameId]) {
    let url = server.url();
    let mut last = Vec::new();
    for (n, &game) in games.iter().enumerate() {
        last.push((game, one_game(&url, db, game, n)));
    }
    let games = last.len();
    let mut raw = Raw::connect(&url);
    raw.send(&Command::Hello {
        name: "alice".into(),
        key: ALICE_KEY.into(),
        bot: false,
    });
    let ratings: Vec<PoolRating> = raw.expect("welcome", |e| match e {
        Event::Welcome { ratings, .. } => Some(ratings.clone()),
        _ => None,
    });
    assert_eq!(ratings.len(), games, "{ratings:?}");
    for (game, new) in last {
        let pool = format!("{game}/untimed");
        let rating = ratings.iter().find(|r| r.pool == pool);
        let rating = rating.unwrap_or_else(|| panic!("no {pool} in {ratings:?}"));
        assert_eq!(rating.games, 1, "{pool}");
        assert_eq!(rating.rating.to_string(), new, "{pool}");
        assert!(rating.rating.deviation < 350, "{pool}: {rating:?}");
    }
    assert!(!server.log_text().contains("panicked"));
}

#[test]
fn every_game_is_played_rated_in_the_lobby_and_watched() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db, 0, &dir.path().join("server.log"), &[]);
    // Every game's moves go through the same server code; the app's own
    // test plays every game online (tests/game/game_online.rs). Here the
    // four first games and every other one of the rest, with PostgreSQL
    // taking every fourth below.
    let sample: Vec<GameId> = GameId::built_in()
        .enumerate()
        .filter(|(i, _)| *i < 4 || i % 2 == 1)
        .map(|(_, g)| g)
        .collect();
    every_game(&server, &db, &sample);
}

#[test]
fn every_game_is_played_rated_in_the_lobby_and_watched_on_postgres() {
    let cluster = PgCluster::start();
    let url = cluster.url();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let server = Server::start(Path::new(&url), 0, &dir.path().join("server.log"), &[]);
    // The store is the same code for every game: the four first games and
    // every fourth of the others keep the test's time within bounds.
    let sample: Vec<GameId> = GameId::built_in()
        .enumerate()
        .filter(|(i, _)| *i < 4 || i % 4 == 0)
        .map(|(_, g)| g)
        .collect();
    every_game(&server, Path::new(&url), &sample);
}
