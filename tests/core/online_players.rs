//! Players on `stronghold-server`: two named bots meet through "play
//! anyone" while a spectator watches, and the archive, the players' pages,
//! `my_games` and both ratings agree with what the bots printed; a friend's
//! room is rated only when its creator says so; names and keys are
//! checked, a name is one player's, and a player never meets itself.

use crate::online_support;
use crate::pg_cluster::PgCluster;

use std::path::Path;

use online_support::{Bot, Raw, Server, http_get, moves_of};
use stronghold::online::protocol::{Command, ErrorKind, Event, GameSetup, PoolRating};
use stronghold::rules::{GameId, Side, Variant};

const ALICE_KEY: &str = "alice-key-0123456789";
const BOB_KEY: &str = "bob-key-0123456789ab";

/// The `rating: OLD -> NEW` line a bot printed, read back.
fn rating_line(lines: &[String]) -> Option<(String, String)> {
    let line = lines.iter().find_map(|l| l.strip_prefix("rating: "))?;
    let (old, new) = line.split_once(" -> ")?;
    Some((old.to_string(), new.to_string()))
}

/// `1500?` as a number.
fn points(rating: &str) -> u32 {
    rating.trim_end_matches('?').parse().expect("a rating")
}

fn error_of(raw: &mut Raw) -> ErrorKind {
    raw.expect("an error", |e| match e {
        Event::Error { error, .. } => Some(*error),
        _ => None,
    })
}

/// A raw connection that said hello; the welcome's ratings.
fn hello(raw: &mut Raw, name: &str, key: &str) -> Vec<PoolRating> {
    raw.send(&Command::Hello {
        name: name.into(),
        key: key.into(),
        bot: false,
    });
    raw.expect("welcome", |e| match e {
        Event::Welcome { player, ratings } if player.name == name => Some(ratings.clone()),
        _ => None,
    })
}

#[test]
fn named_bots_meet_are_watched_rated_and_archived() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    let url = server.url();
    let mut follower = Raw::connect(&url);
    follower.send(&Command::Lobby);
    let bot = |name: &str, key: &str| {
        Bot::start(
            &url,
            &[
                "--anyone",
                "pirates",
                "--clock",
                "3+2",
                "--level",
                "easy",
                "--pace-ms",
                "40",
                "--name",
                name,
                "--key",
                key,
            ],
        )
    };
    let alice = bot("alice", ALICE_KEY);
    // Alice's seek is listed with her name, as a bot, provisional.
    let seek = follower.expect("alice's seek", |e| match e {
        Event::Lobby { seeks, .. } if seeks.len() == 1 => Some(seeks[0].clone()),
        _ => None,
    });
    let seeker = seek.player.expect("the seeker named");
    assert_eq!((seeker.name.as_str(), seeker.bot), ("alice", true));
    assert!(
        seeker
            .rating
            .is_some_and(|r| r.provisional && r.rating == 1500)
    );
    let bob = bot("bob", BOB_KEY);
    let live = follower.expect("the game listed", |e| match e {
        Event::Lobby { games, .. } if games.len() == 1 => Some(games[0].clone()),
        _ => None,
    });
    let code = live.code.clone();
    let names = [Side::Hunters, Side::Crowd].map(|s| live.players.get(s).map(|p| p.name.clone()));
    assert!(names.contains(&Some("alice".into())) && names.contains(&Some("bob".into())));
    let watcher = Bot::start(&url, &["--watch", &code]);

    let (a_status, a_lines) = alice.finish();
    let (b_status, b_lines) = bob.finish();
    let (w_status, w_lines) = watcher.finish();
    assert!(
        a_status.success() && b_status.success(),
        "{a_lines:?} {b_lines:?}"
    );
    assert!(w_status.success(), "{w_lines:?}");
    assert_eq!(a_lines[0], format!("code: {code}"));
    assert_eq!(moves_of(&a_lines), moves_of(&b_lines));
    // The spectator prints the game as the players do, without a rating.
    assert_eq!(moves_of(&w_lines), moves_of(&a_lines));
    let result = a_lines.iter().find(|l| l.starts_with("result: ")).unwrap();
    assert_eq!(w_lines.last(), Some(result));
    assert!(rating_line(&w_lines).is_none(), "{w_lines:?}");

    // Both bots printed their change, and the archive says the same.
    let archive = http_get(server.port, &format!("/api/games/{code}"));
    assert!(archive.contains("rated: yes"), "{archive}");
    assert!(archive.contains(result.as_str()), "{archive}");
    let side_of = |name: &str| {
        let line = archive
            .lines()
            .find(|l| l.ends_with(&format!(": {name} [bot]")))
            .unwrap_or_else(|| panic!("{name} in {archive}"));
        line.split(':').next().unwrap().to_string()
    };
    let draw = result.contains("draw");
    for (name, lines) in [("alice", &a_lines), ("bob", &b_lines)] {
        let (old, new) = rating_line(lines).unwrap_or_else(|| panic!("{lines:?}"));
        let side = side_of(name);
        assert!(
            archive.contains(&format!("rating {side}: {old} -> {new} (")),
            "{name}: {old} -> {new} in {archive}"
        );
        assert_eq!(old, "1500?");
        let won = result.starts_with(&format!("result: {side}"));
        match (draw, won) {
            (true, _) => assert_eq!(points(&new), 1500, "{name}"),
            (false, true) => assert!(points(&new) > 1500, "{name} won: {new}"),
            (false, false) => assert!(points(&new) < 1500, "{name} lost: {new}"),
        }
        // The player's page has the pool's rating and the game.
        let page = http_get(server.port, &format!("/api/players/{name}"));
        assert!(
            page.contains(&format!("rating pirates/blitz: {new} (")),
            "{page}"
        );
        assert!(page.contains("1 games"), "{page}");
        let line = page
            .lines()
            .find(|l| l.starts_with(&format!("game {code} 1: pirates 3+2")))
            .unwrap_or_else(|| panic!("the game in {page}"));
        // A rated game that changed the ratings is called rated (issue 55:
        // the page read games without their moves and called them short).
        assert!(line.ends_with(", rated"), "{line}");
    }
    assert!(http_get(server.port, "/api/players/nobody").contains("404"));
    assert!(http_get(server.port, "/api/players/%0Abad").contains("404"));

    // Alice again (her key): her rating and her games, with their moves.
    let mut raw = Raw::connect(&url);
    let ratings = hello(&mut raw, "alice", ALICE_KEY);
    let (_, new) = rating_line(&a_lines).unwrap();
    assert_eq!(ratings.len(), 1, "{ratings:?}");
    assert_eq!(
        (ratings[0].pool.as_str(), ratings[0].games),
        ("pirates/blitz", 1)
    );
    assert_eq!(ratings[0].rating.to_string(), new);
    raw.send(&Command::MyGames);
    let games = raw.expect("games", |e| match e {
        Event::Games { games } => Some(games.clone()),
        _ => None,
    });
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].code, code);
    assert_eq!(games[0].moves, moves_of(&a_lines));
    assert!(games[0].rated && games[0].ratings.is_some());
    assert!(!server.log_text().contains("panicked"));
}

/// A friend's room counts only when its creator asks (`--rated`).
#[test]
fn a_friends_room_is_rated_only_when_asked() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    let url = server.url();
    for rated in [false, true] {
        let mut create = vec![
            "--create",
            "asalto",
            "--level",
            "easy",
            "--pace-ms",
            "5",
            "--name",
            "dave",
            "--key",
            "dave-key-0123456789",
        ];
        if rated {
            create.push("--rated");
        }
        let mut creator = Bot::start(&url, &create);
        let code = creator.wait_for("code: ")["code: ".len()..].to_string();
        let joiner = Bot::start(
            &url,
            &[
                "--join",
                &code,
                "--level",
                "easy",
                "--pace-ms",
                "5",
                "--name",
                "erin",
                "--key",
                "erin-key-0123456789",
            ],
        );
        let (c_status, c_lines) = creator.finish();
        let (j_status, j_lines) = joiner.finish();
        assert!(c_status.success() && j_status.success(), "{c_lines:?}");
        let archive = http_get(server.port, &format!("/api/games/{code}"));
        let expected = if rated { "rated: yes" } else { "rated: no" };
        assert!(archive.contains(expected), "{archive}");
        assert_eq!(rating_line(&c_lines).is_some(), rated, "{c_lines:?}");
        assert_eq!(rating_line(&j_lines).is_some(), rated, "{j_lines:?}");
    }
}

/// Bad names and keys, a name another key has, `my_games` before hello:
/// each refused with its kind; a player's two connections never meet;
/// a known key may take a new free name.
#[test]
fn names_and_keys_are_checked_and_a_player_never_meets_itself() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    let url = server.url();
    let mut raw = Raw::connect(&url);
    raw.send(&Command::MyGames);
    assert_eq!(error_of(&mut raw), ErrorKind::NotIdentified);
    let bad_hello = |raw: &mut Raw, name: &str, key: &str| {
        raw.send(&Command::Hello {
            name: name.into(),
            key: key.into(),
            bot: false,
        });
        error_of(raw)
    };
    assert_eq!(bad_hello(&mut raw, "a b", ALICE_KEY), ErrorKind::BadName);
    assert_eq!(
        bad_hello(&mut raw, "x\n2026 FORGED", ALICE_KEY),
        ErrorKind::BadName
    );
    assert_eq!(
        bad_hello(&mut raw, &"n".repeat(21), ALICE_KEY),
        ErrorKind::BadName
    );
    assert_eq!(bad_hello(&mut raw, "alice", "short"), ErrorKind::BadKey);
    hello(&mut raw, "alice", ALICE_KEY);
    let mut other = Raw::connect(&url);
    assert_eq!(
        bad_hello(&mut other, "alice", BOB_KEY),
        ErrorKind::NameTaken
    );
    assert_eq!(
        bad_hello(&mut other, "ALICE", BOB_KEY),
        ErrorKind::NameTaken
    );

    // Alice's two connections both want a game: neither meets the other.
    let mut again = Raw::connect(&url);
    hello(&mut again, "alice", ALICE_KEY);
    let pirates = GameSetup::of(&Variant::new(GameId::named("pirates")));
    let seek_of = |raw: &mut Raw| {
        raw.send(&Command::Anyone {
            setup: pirates.clone(),
            clock: None,
        });
        raw.expect("seeking", |e| match e {
            Event::Seeking { seek } => Some(*seek),
            Event::Seated { .. } => panic!("alice met herself"),
            _ => None,
        })
    };
    let first = seek_of(&mut raw);
    seek_of(&mut again);
    again.send(&Command::CancelSeek);
    again.send(&Command::Take { seek: first });
    assert_eq!(error_of(&mut again), ErrorKind::UnknownSeek);
    // Bob meets her.
    hello(&mut other, "bob", BOB_KEY);
    other.send(&Command::Take { seek: first });
    let state = other.expect("the room", |e| match e {
        Event::State(state) => Some(state.clone()),
        _ => None,
    });
    assert!(state.rated, "a lobby game between named players is rated");
    let names: Vec<String> = [Side::Hunters, Side::Crowd]
        .iter()
        .filter_map(|s| state.players.get(*s).map(|p| p.name.clone()))
        .collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"alice".into()) && names.contains(&"bob".into()));
    // Hello inside a room is refused.
    assert_eq!(
        bad_hello(&mut other, "bob", BOB_KEY),
        ErrorKind::AlreadySeated
    );

    // A known key takes a new free name; the old one is free again.
    let mut renamed = Raw::connect(&url);
    hello(&mut renamed, "alicia", ALICE_KEY);
    assert!(http_get(server.port, "/api/players/alicia").contains("name: alicia"));
    assert!(http_get(server.port, "/api/players/alice").contains("404"));
}

/// A rated game ends before both sides moved (a resignation at once): no
/// rating changes, and the archive says so; the rematch, resigned after a
/// move each, changes both.
#[test]
fn a_game_over_before_both_sides_moved_changes_no_rating() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    game_over_before_both_sides_moved(&server);
}

/// The same games with the players, rooms and ratings in PostgreSQL.
#[test]
fn a_game_over_before_both_sides_moved_changes_no_rating_on_postgres() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let server = Server::start(Path::new(&url), 0, &dir.path().join("server.log"), &[]);
    game_over_before_both_sides_moved(&server);
    assert!(!server.log_text().contains("store failed"));
    // The rematch counted for both players, in one pool, once each.
    let rows = crate::pg_cluster::query(&url, "SELECT games FROM ratings ORDER BY player");
    assert_eq!(
        rows,
        vec![vec![Some("1".to_string())], vec![Some("1".to_string())]]
    );
}

fn game_over_before_both_sides_moved(server: &Server) {
    let url = server.url();
    let mut alice = Raw::connect(&url);
    hello(&mut alice, "alice", ALICE_KEY);
    alice.send(&Command::Create {
        setup: GameSetup::of(&Variant::new(GameId::named("pirates"))),
        side: Side::Crowd,
        clock: None,
        rated: true,
    });
    let code = alice.expect("seated", |e| match e {
        Event::Seated { code, .. } => Some(code.clone()),
        _ => None,
    });
    let mut bob = Raw::connect(&url);
    hello(&mut bob, "bob", BOB_KEY);
    bob.send(&Command::Join { code: code.clone() });
    let ratings_at_end = |raw: &mut Raw| {
        raw.expect("the end", |e| match e {
            Event::Ended { ratings, .. } => Some(*ratings),
            _ => None,
        })
    };
    bob.expect("seated", |e| {
        matches!(e, Event::Seated { .. }).then_some(())
    });
    bob.send(&Command::Resign);
    assert_eq!(ratings_at_end(&mut bob), None);
    let archive = http_get(server.port, &format!("/api/games/{code}"));
    assert!(archive.contains("rated: no"), "{archive}");
    assert!(
        http_get(server.port, "/api/players/bob").contains("unrated (too short)"),
        "the player's page"
    );

    // The rematch: alice is the hunters now; a move each, then she resigns.
    alice.send(&Command::Rematch);
    bob.send(&Command::Rematch);
    let mut game = stronghold::rules::Game::new(Variant::new(GameId::named("pirates")));
    // After the swap bob has alice's old side, the crowd.
    let (first, second) = if game.side_to_move() == Side::Crowd {
        (&mut bob, &mut alice)
    } else {
        (&mut alice, &mut bob)
    };
    let moves: Vec<String> = (0..2)
        .map(|_| {
            let mv = game.legal_moves()[0];
            let text = game.move_text(&mv);
            game.play(&mv).expect("legal");
            text
        })
        .collect();
    for (ply, mv) in moves.iter().enumerate() {
        let mover = if ply == 0 { &mut *first } else { &mut *second };
        mover.expect("the rematch's state", |e| {
            matches!(e, Event::State(s) if s.game_no == 2).then_some(())
        });
        if ply > 0 {
            // The other seat's move first: sent before it reaches the
            // server, this one would be refused as out of turn.
            mover.expect("the first move", |e| {
                matches!(e, Event::Moved { ply: 0, .. }).then_some(())
            });
        }
        mover.send(&Command::Move {
            ply: ply as u32,
            mv: mv.clone(),
        });
    }
    alice.expect("the second move", |e| {
        matches!(e, Event::Moved { ply: 1, .. }).then_some(())
    });
    alice.send(&Command::Resign);
    let changes = ratings_at_end(&mut alice).expect("a rated game that began");
    assert!(
        changes.crowd.new.rating > changes.crowd.old.rating,
        "{changes:?}"
    );
}

/// Names that look alike (Unicode TR39's confusable skeleton) are one
/// name (issue 55: `ВоtА`, in Cyrillic, was accepted beside `BotA`): the
/// look-alike is refused as taken, the first player keeps it, and may
/// write it another way.
fn look_alike_names_are_taken(server: &Server) {
    let url = server.url();
    let mut first = Raw::connect(&url);
    hello(&mut first, "BotA", ALICE_KEY);
    for look_alike in ["ВоtА", "bota", "B0tA", "ВOТА"] {
        let mut other = Raw::connect(&url);
        other.send(&Command::Hello {
            name: look_alike.into(),
            key: BOB_KEY.into(),
            bot: false,
        });
        let refused = error_of(&mut other);
        assert_eq!(refused, ErrorKind::NameTaken, "{look_alike}");
    }
    // Its own player may take a look-alike spelling of its name.
    let mut again = Raw::connect(&url);
    hello(&mut again, "ВоtА", ALICE_KEY);
    // A name that only shares letters is free.
    let mut bob = Raw::connect(&url);
    hello(&mut bob, "BotB", BOB_KEY);
}

#[test]
fn look_alike_names_are_taken_on_sqlite() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    look_alike_names_are_taken(&server);
}

#[test]
fn look_alike_names_are_taken_on_postgres() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let server = Server::start(Path::new(&url), 0, &dir.path().join("server.log"), &[]);
    look_alike_names_are_taken(&server);
}
