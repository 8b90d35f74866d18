//! Databases the release of 2026-12's server wrote (`tests/data/release-
//! 2026-12/server`: a SQLite file, and a PostgreSQL dump, each filled by
//! that release's server and bots) open with today's server: its
//! migrations run, the players are there with their ratings in each
//! game's pool, their games are archived with their moves and results, a
//! room left mid-game is served again from its last move, and every stored
//! game of the four replays on today's rules identically: the same
//! position, side to move and legal moves at every ply, and the same
//! result.

use std::path::Path;

use crate::online_support::{Raw, Server};
use crate::pg_cluster::{PgCluster, query};
use crate::save_common::release::{self, ServerFacts, StoredGame, assert_same_position};

use stronghold::online::protocol::{ArchivedGame, GameResult, side_text};
use stronghold::online::{Command, Event};
use stronghold::rules::{Game, GameId, Variant};

/// Replays a stored game on today's rules, ply by ply, against what the
/// old rules said of each position, and checks the result it ends with.
fn replays_identically(old: &StoredGame) {
    let what = format!("{} {} ({})", old.game, old.code, old.options.join(" "));
    let mut variant = Variant::new(GameId::named(&old.game));
    for option in &old.options {
        variant.set_option(option).expect("an option of the game");
    }
    let mut game = Game::new(variant);
    assert_eq!(old.plies.len(), old.moves.len() + 1, "{what}");
    assert_same_position(&game, &old.plies[0], &format!("{what}: the start"));
    for (i, text) in old.moves.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{what}: move {} `{text}`: {e}", i + 1));
        game.play(&mv)
            .unwrap_or_else(|e| panic!("{what}: move {} `{text}`: {e}", i + 1));
        assert_same_position(
            &game,
            &old.plies[i + 1],
            &format!("{what}: after move {}", i + 1),
        );
    }
    let result = game.outcome().map(GameResult::of);
    let named = result.map(|r| (r.winner.map(side_text::name), r.reason.id()));
    let stored = old
        .reason
        .as_deref()
        .map(|reason| (old.winner.as_deref(), reason));
    assert_eq!(named, stored, "{what}: the result");
}

/// Says hello as `name` with its key; the pools' ratings the server gives.
fn hello(url: &str, name: &str, key: &str, bot: bool) -> (Raw, Vec<(String, u32, u32, u32)>) {
    let mut raw = Raw::connect(url);
    raw.send(&Command::Hello {
        name: name.into(),
        key: key.into(),
        bot,
    });
    let ratings = raw.expect("welcome", |e| match e {
        Event::Welcome { player, ratings } if player.name == name => Some(ratings.clone()),
        _ => None,
    });
    let mut shown: Vec<(String, u32, u32, u32)> = ratings
        .into_iter()
        .map(|r| (r.pool, r.rating.rating, r.rating.deviation, r.games))
        .collect();
    shown.sort();
    (raw, shown)
}

/// Checks an archived game against the stored one.
fn same_archive(archived: &ArchivedGame, old: &StoredGame) {
    assert_eq!(archived.setup.game, old.game, "{}", old.code);
    assert_eq!(archived.setup.options, old.options, "{}", old.code);
    assert_eq!(archived.moves, old.moves, "{}", old.code);
    assert_eq!(archived.rated, old.rated, "{}", old.code);
    let result = archived
        .result
        .as_ref()
        .map(|r| (r.winner.map(side_text::name), r.reason.id()));
    let stored = old
        .reason
        .as_deref()
        .map(|reason| (old.winner.as_deref(), reason));
    assert_eq!(result, stored, "{}", old.code);
}

/// The players' ratings and games, and every room, as today's server
/// gives them from the old database.
fn check_server(server: &Server, facts: &ServerFacts) {
    let url = server.url();
    let mut archived_codes = Vec::new();
    for player in &facts.players {
        let (mut raw, shown) = hello(&url, &player.name, &player.key, player.bot);
        let mut wanted: Vec<(String, u32, u32, u32)> = player
            .ratings
            .iter()
            .map(|r| {
                let (rating, deviation) = (r.rating.round() as u32, r.deviation.round() as u32);
                (r.pool.clone(), rating, deviation, r.games)
            })
            .collect();
        wanted.sort();
        assert!(!wanted.is_empty(), "{} has ratings", player.name);
        assert_eq!(shown, wanted, "{}'s ratings", player.name);
        raw.send(&Command::MyGames);
        let games = raw.expect("games", |e| match e {
            Event::Games { games } => Some(games.clone()),
            _ => None,
        });
        assert!(!games.is_empty(), "{}'s games", player.name);
        for archived in &games {
            let old = facts
                .games
                .iter()
                .find(|g| g.code == archived.code && g.game_no == archived.game_no)
                .unwrap_or_else(|| panic!("{} is not an old game", archived.code));
            same_archive(archived, old);
            archived_codes.push(archived.code.clone());
        }
    }
    for old in &facts.games {
        assert!(archived_codes.contains(&old.code), "{} archived", old.code);
        replays_identically(old);
        // The room comes back from the store through today's rules.
        let mut raw = Raw::connect(&url);
        raw.send(&Command::Watch {
            code: old.code.clone(),
        });
        let state = raw.expect("the room", |e| match e {
            Event::State(state) if state.code == old.code => Some(state.clone()),
            _ => None,
        });
        assert_eq!(state.moves, old.moves, "{}", old.code);
        let result = state
            .result
            .as_ref()
            .map(|r| (r.winner.map(side_text::name), r.reason.id()));
        let stored = old
            .reason
            .as_deref()
            .map(|reason| (old.winner.as_deref(), reason));
        assert_eq!(result, stored, "{}", old.code);
    }
    let log = server.log_text();
    assert!(!log.contains("panicked"), "{log}");
}

/// What both databases hold: the four games finished, and one left
/// mid-game.
fn holds_the_four_and_an_unfinished_room(facts: &ServerFacts) {
    for game in ["pirates", "asalto", "fox-geese", "bagh-chal"] {
        assert!(
            facts
                .games
                .iter()
                .any(|g| g.game == game && g.reason.is_some() && g.rated),
            "a finished rated game of {game}"
        );
    }
    assert!(facts.games.iter().any(|g| g.reason.is_none()));
}

#[test]
fn an_old_sqlite_database_opens_with_its_players_ratings_and_games() {
    let facts: ServerFacts = release::read("server/sqlite-expected.ron");
    holds_the_four_and_an_unfinished_room(&facts);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    std::fs::copy(release::dir().join("server/games.sqlite3"), &db).expect("a copy");
    let server = Server::start(&db, 0, &dir.path().join("server.log"), &[]);
    check_server(&server, &facts);
}

#[test]
fn an_old_postgres_database_opens_migrated_with_its_players_ratings_and_games() {
    let facts: ServerFacts = release::read("server/postgres-expected.ron");
    holds_the_four_and_an_unfinished_room(&facts);
    let cluster = PgCluster::start();
    let url = cluster.url();
    let dump =
        std::fs::read_to_string(release::dir().join("server/postgres.sql")).expect("the old dump");
    // pg_dump's `\restrict` lines are psql's, not SQL.
    let sql: Vec<&str> = dump.lines().filter(|l| !l.starts_with('\\')).collect();
    query(&url, &sql.join("\n"));
    let dir = tempfile::tempdir().expect("a temporary folder");
    let server = Server::start(Path::new(&url), 0, &dir.path().join("server.log"), &[]);
    check_server(&server, &facts);
    let version = query(&url, "SELECT max(version) FROM schema_migrations");
    assert_eq!(
        version[0][0],
        Some(stronghold::server::store::postgres_schema_version().to_string()),
        "migrated to today's schema"
    );
}
