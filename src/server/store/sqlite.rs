//! The SQLite backend: one file (WAL, `synchronous=FULL`, so a commit that
//! returned is on disk and a `kill -9` loses none), the embedded default.
//!
//! One thread owns the connection; it answers jobs in order and commits
//! every write waiting in one transaction (one sync to disk for many
//! rooms' moves). One node only: leases are always granted.
//!
//! ```text
//! rooms (code PK, game, options, clock_initial_ms, clock_increment_ms,
//!        token_a, token_b, created_ms,          seat A created the room
//!        rated, player_a, player_b,             players: players.id or NULL
//!        seen_ms)                               last visit, when it left memory
//! games (code, game_no, a_side, winner, reason, ended_ms,
//!        ratings)                   PK (code, game_no); ratings: JSON changes
//! moves (code, game_no, ply, mv, hunters_ms, crowd_ms, at_ms)  PK (code, game_no, ply)
//! players (id PK, key UNIQUE, name, name_key UNIQUE, bot, created_ms)
//! ratings (player, pool, rating, deviation, volatility, games)  PK (player, pool)
//! ```

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::mpsc;

use super::{
    BATCH, HelloRefused, Identity, Job, PlayerPage, Reply, RoomRecord, STORE_JOBS, SeatPlayer,
    StoredGame, StoredMove, Write, Written, clock_of, name_key, name_skeleton, rated_game,
};
use crate::online::protocol::{
    ArchivedGame, ErrorKind, GameResult, PlayerInfo, PoolRating, RatingChanges, changes_ratings,
    rating_pool, side_text,
};
use crate::rules::Side;
use crate::server::glicko::Glicko;

/// Opens (or creates) the file and starts the store's thread.
pub(super) fn open(path: &Path) -> Result<mpsc::Sender<Job>, String> {
    let db = open_db(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let (jobs, rx) = mpsc::channel(STORE_JOBS);
    std::thread::Builder::new()
        .name("store".into())
        .spawn(move || run(db, rx))
        .map_err(|e| format!("cannot start the store's thread: {e}"))?;
    Ok(jobs)
}

fn open_db(path: &Path) -> rusqlite::Result<Connection> {
    let db = Connection::open(path)?;
    db.busy_timeout(std::time::Duration::from_secs(5))?;
    // WAL with FULL: each commit syncs the log, so it survives a crash.
    db.pragma_update(None, "journal_mode", "WAL")?;
    db.pragma_update(None, "synchronous", "FULL")?;
    db.execute_batch(
        "CREATE TABLE IF NOT EXISTS rooms (
            code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
            clock_initial_ms INTEGER, clock_increment_ms INTEGER,
            token_a TEXT NOT NULL, token_b TEXT, created_ms INTEGER NOT NULL);
         CREATE TABLE IF NOT EXISTS games (
            code TEXT NOT NULL, game_no INTEGER NOT NULL, a_side TEXT NOT NULL,
            winner TEXT, reason TEXT, ended_ms INTEGER,
            PRIMARY KEY (code, game_no));
         CREATE TABLE IF NOT EXISTS moves (
            code TEXT NOT NULL, game_no INTEGER NOT NULL, ply INTEGER NOT NULL,
            mv TEXT NOT NULL, hunters_ms INTEGER, crowd_ms INTEGER, at_ms INTEGER NOT NULL,
            PRIMARY KEY (code, game_no, ply));
         CREATE TABLE IF NOT EXISTS players (
            id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE, bot INTEGER NOT NULL, created_ms INTEGER NOT NULL);
         CREATE TABLE IF NOT EXISTS ratings (
            player INTEGER NOT NULL, pool TEXT NOT NULL, rating REAL NOT NULL,
            deviation REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,
            PRIMARY KEY (player, pool));",
    )?;
    // Columns added after the first release: a database from before gets them.
    add_column(&db, "rooms", "rated", "INTEGER NOT NULL DEFAULT 0")?;
    add_column(&db, "rooms", "player_a", "INTEGER")?;
    add_column(&db, "rooms", "player_b", "INTEGER")?;
    add_column(&db, "games", "ratings", "TEXT")?;
    add_column(&db, "rooms", "seen_ms", "INTEGER")?;
    add_column(&db, "players", "name_skeleton", "TEXT")?;
    db.execute_batch(
        "CREATE INDEX IF NOT EXISTS rooms_player_a ON rooms (player_a);
         CREATE INDEX IF NOT EXISTS rooms_player_b ON rooms (player_b);
         CREATE INDEX IF NOT EXISTS players_name_skeleton ON players (name_skeleton);",
    )?;
    fill_skeletons(&db)?;
    Ok(db)
}

/// Gives the players stored before names were compared by their look
/// their skeletons.
fn fill_skeletons(db: &Connection) -> rusqlite::Result<()> {
    let names: Vec<(i64, String)> = db
        .prepare("SELECT id, name FROM players WHERE name_skeleton IS NULL")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (id, name) in names {
        db.execute(
            "UPDATE players SET name_skeleton = ?2 WHERE id = ?1",
            params![id, name_skeleton(&name)],
        )?;
    }
    Ok(())
}

/// Adds `column` to `table` unless it has it.
fn add_column(db: &Connection, table: &str, column: &str, decl: &str) -> rusqlite::Result<()> {
    let mut statement = db.prepare(&format!("PRAGMA table_info({table})"))?;
    let has = statement
        .query_map([], |r| r.get::<_, String>(1))?
        .collect::<rusqlite::Result<Vec<_>>>()?
        .iter()
        .any(|c| c == column);
    if !has {
        db.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {decl}"))?;
    }
    Ok(())
}

/// The store's thread: batches of writes in one transaction each.
fn run(mut db: Connection, mut rx: mpsc::Receiver<Job>) {
    while let Some(first) = rx.blocking_recv() {
        let mut jobs = vec![first];
        while jobs.len() < BATCH {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let mut writes = Vec::new();
        for job in jobs {
            let text = |e: rusqlite::Error| e.to_string();
            match job {
                Job::Load(code, reply) => {
                    let _ = reply.send(load(&db, &code).map_err(text));
                }
                // One node: no lease to check.
                Job::Write { write, reply, .. } => writes.push((write, reply)),
                Job::Claim { reply, .. } => {
                    let _ = reply.send(Ok(Some(1)));
                }
                Job::Holder(_, reply) => {
                    let _ = reply.send(Ok(None));
                }
                Job::Ping(reply) => {
                    let answer = db.query_row("SELECT 1", [], |_| Ok(()));
                    let _ = reply.send(answer.map_err(text));
                }
                // Hello writes too, but alone: a refusal is an answer, not
                // a failed transaction.
                Job::Hello {
                    key,
                    name,
                    bot,
                    reply,
                } => {
                    let _ = reply.send(hello(&db, &key, &name, bot).map_err(text));
                }
                Job::Rating {
                    player,
                    pool,
                    reply,
                } => {
                    let _ = reply.send(player_info(&db, player, &pool).map_err(text));
                }
                Job::Games {
                    player,
                    limit,
                    reply,
                } => {
                    let _ = reply.send(games_of(&db, player, limit, true).map_err(text));
                }
                Job::Player { name, reply } => {
                    let _ = reply.send(player_page(&db, &name).map_err(text));
                }
                Job::Abandoned {
                    before_ms,
                    limit,
                    reply,
                } => {
                    let _ = reply.send(abandoned(&db, before_ms, limit).map_err(text));
                }
            }
        }
        if !writes.is_empty() {
            commit(&mut db, writes);
        }
    }
}

/// Writes a batch in one transaction, then answers each writer.
fn commit(db: &mut Connection, writes: Vec<(Write, Reply<Written>)>) {
    let tx = match db.transaction() {
        Ok(tx) => tx,
        Err(e) => {
            for (_, reply) in writes {
                let _ = reply.send(Err(e.to_string()));
            }
            return;
        }
    };
    // A failed statement rolls back only itself: the others stand.
    let results: Vec<Result<Written, String>> = writes
        .iter()
        .map(|(w, _)| apply(&tx, w).map_err(|e| e.to_string()))
        .collect();
    let committed = tx.commit().map_err(|e| e.to_string());
    for ((_, reply), result) in writes.into_iter().zip(results) {
        let _ = reply.send(committed.clone().and(result));
    }
}

fn apply(db: &Connection, write: &Write) -> rusqlite::Result<Written> {
    match write {
        Write::CreateRoom {
            code,
            setup,
            clock,
            a_side,
            token_a,
            at_ms,
            player_a,
            rated,
        } => {
            db.execute(
                "INSERT INTO rooms (code, game, options, clock_initial_ms, clock_increment_ms,
                 token_a, created_ms, rated, player_a) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    code,
                    setup.game,
                    setup.options.join(" "),
                    clock.map(|c| c.initial_ms as i64),
                    clock.map(|c| c.increment_ms as i64),
                    token_a,
                    at_ms,
                    rated,
                    player_a
                ],
            )?;
            new_game(db, code, 1, *a_side)?;
            Ok(Written::default())
        }
        Write::SeatB {
            code,
            token_b,
            player_b,
        } => seat_b(db, code, token_b, *player_b),
        Write::Move {
            code,
            game_no,
            ply,
            mv,
            clocks,
            end,
            at_ms,
        } => {
            add_move(db, code, *game_no, *ply, mv, *clocks, *at_ms)?;
            match end {
                Some(result) => end_game(db, code, *game_no, result, *at_ms),
                None => Ok(Written::default()),
            }
        }
        Write::End {
            code,
            game_no,
            result,
            at_ms,
        } => end_game(db, code, *game_no, result, *at_ms),
        Write::NewGame {
            code,
            game_no,
            a_side,
        } => {
            new_game(db, code, *game_no, *a_side)?;
            Ok(Written::default())
        }
        Write::Seen { code, at_ms } => {
            seen(db, code, *at_ms)?;
            Ok(Written::default())
        }
        Write::Expire { code } => {
            expire(db, code)?;
            Ok(Written::default())
        }
    }
}

/// Seats B in room `code`: its token and player (refused when taken).
fn seat_b(
    db: &Connection,
    code: &str,
    token_b: &str,
    player_b: Option<i64>,
) -> rusqlite::Result<Written> {
    let n = db.execute(
        "UPDATE rooms SET token_b = ?2, player_b = ?3 WHERE code = ?1 AND token_b IS NULL",
        params![code, token_b, player_b],
    )?;
    if n == 1 {
        Ok(Written::default())
    } else {
        Err(rusqlite::Error::StatementChangedRows(n))
    }
}

/// Adds move number `ply` to game `game_no` of room `code` (refused once
/// the game has ended).
fn add_move(
    db: &Connection,
    code: &str,
    game_no: u32,
    ply: u32,
    mv: &str,
    clocks: Option<[u64; 2]>,
    at_ms: i64,
) -> rusqlite::Result<()> {
    if game_has_ended(db, code, game_no)? {
        return Err(already_ended(code, game_no));
    }
    db.execute(
        "INSERT INTO moves (code, game_no, ply, mv, hunters_ms, crowd_ms, at_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            code,
            game_no,
            ply,
            mv,
            clocks.map(|c| c[0] as i64),
            clocks.map(|c| c[1] as i64),
            at_ms
        ],
    )?;
    Ok(())
}

/// Room `code` was last seen with a connection at `at_ms` (never earlier
/// than a visit already stored).
fn seen(db: &Connection, code: &str, at_ms: i64) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE rooms SET seen_ms = MAX(COALESCE(seen_ms, 0), ?2) WHERE code = ?1",
        params![code, at_ms],
    )?;
    Ok(())
}

fn new_game(db: &Connection, code: &str, game_no: u32, a_side: Side) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO games (code, game_no, a_side) VALUES (?1, ?2, ?3)",
        params![code, game_no, side_text::name(a_side)],
    )?;
    Ok(())
}

fn end_game(
    db: &Connection,
    code: &str,
    game_no: u32,
    result: &GameResult,
    at_ms: i64,
) -> rusqlite::Result<Written> {
    let ratings = rate(db, code, game_no, result)?;
    let ratings_text = ratings.map(|r| serde_json::to_string(&r).unwrap_or_default());
    // Only a game without a result ends: a second end (a resignation and
    // a flag at once, a stale owner) never overwrites the stored one.
    let n = db.execute(
        "UPDATE games SET winner = ?3, reason = ?4, ended_ms = ?5, ratings = ?6
         WHERE code = ?1 AND game_no = ?2 AND reason IS NULL",
        params![
            code,
            game_no,
            result.winner.map(side_text::name),
            result.reason.id(),
            at_ms,
            ratings_text
        ],
    )?;
    if n != 1 {
        return Err(already_ended(code, game_no));
    }
    Ok(Written { ratings })
}

/// Updates both players' ratings for a game that counts: a rated room,
/// two different players who said hello, not ended before, and
/// [`changes_ratings`] (not aborted, both sides moved).
fn rate(
    db: &Connection,
    code: &str,
    game_no: u32,
    result: &GameResult,
) -> rusqlite::Result<Option<RatingChanges>> {
    let plies: i64 = db.query_row(
        "SELECT COUNT(*) FROM moves WHERE code = ?1 AND game_no = ?2",
        params![code, game_no],
        |r| r.get(0),
    )?;
    if !changes_ratings(result, plies as usize) {
        return Ok(None);
    }
    type Row = (
        bool,
        Option<i64>,
        Option<i64>,
        String,
        Option<i64>,
        Option<i64>,
    );
    let row: Option<Row> = db
        .query_row(
            "SELECT rated, player_a, player_b, game, clock_initial_ms, clock_increment_ms
             FROM rooms WHERE code = ?1",
            params![code],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            },
        )
        .optional()?;
    let Some((true, Some(a), Some(b), game, initial, increment)) = row else {
        return Ok(None);
    };
    let (a_side, ended): (String, Option<String>) = db.query_row(
        "SELECT a_side, reason FROM games WHERE code = ?1 AND game_no = ?2",
        params![code, game_no],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    if a == b || ended.is_some() {
        return Ok(None);
    }
    let a_side = side_text::from_name(&a_side).unwrap_or(Side::Hunters);
    let pool = rating_pool(&game, clock_of(initial, increment));
    let (old_a, games_a) = glicko_of(db, a, &pool)?;
    let (old_b, games_b) = glicko_of(db, b, &pool)?;
    let (new_a, new_b, changes) = rated_game(a_side, result.winner, old_a, old_b);
    set_glicko(db, a, &pool, &new_a, games_a + 1)?;
    set_glicko(db, b, &pool, &new_b, games_b + 1)?;
    Ok(Some(changes))
}

/// A player's rating in `pool` and its games there (a new one's if none).
fn glicko_of(db: &Connection, player: i64, pool: &str) -> rusqlite::Result<(Glicko, u32)> {
    let found = db
        .query_row(
            "SELECT rating, deviation, volatility, games FROM ratings
             WHERE player = ?1 AND pool = ?2",
            params![player, pool],
            |r| {
                Ok((
                    Glicko {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                    },
                    r.get(3)?,
                ))
            },
        )
        .optional()?;
    Ok(found.unwrap_or_default())
}

fn set_glicko(
    db: &Connection,
    player: i64,
    pool: &str,
    glicko: &Glicko,
    games: u32,
) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO ratings (player, pool, rating, deviation, volatility, games)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (player, pool) DO UPDATE SET rating = ?3, deviation = ?4,
         volatility = ?5, games = ?6",
        params![
            player,
            pool,
            glicko.rating,
            glicko.deviation,
            glicko.volatility,
            games
        ],
    )?;
    Ok(())
}

/// `hello`: the key's player, registered or renamed as need be.
fn hello(
    db: &Connection,
    key: &str,
    name: &str,
    bot: bool,
) -> rusqlite::Result<Result<Identity, HelloRefused>> {
    let known: Option<(i64, String, bool)> = db
        .query_row(
            "SELECT id, name, bot FROM players WHERE key = ?1",
            params![key],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    // Another player whose name is this one, or looks like it.
    let holder: Option<i64> = db
        .query_row(
            "SELECT id FROM players WHERE (name_key = ?1 OR name_skeleton = ?2) AND key <> ?3
             LIMIT 1",
            params![name_key(name), name_skeleton(name), key],
            |r| r.get(0),
        )
        .optional()?;
    let taken = || {
        Ok(Err((
            ErrorKind::NameTaken,
            format!("the name `{name}` is another player's: choose another"),
        )))
    };
    if holder.is_some() {
        return taken();
    }
    let id = match known {
        Some((id, old_name, old_bot)) => {
            if old_name != name || old_bot != bot {
                db.execute(
                    "UPDATE players SET name = ?2, name_key = ?3, name_skeleton = ?4, bot = ?5
                     WHERE id = ?1",
                    params![id, name, name_key(name), name_skeleton(name), bot],
                )?;
            }
            id
        }
        None => {
            db.execute(
                "INSERT INTO players (key, name, name_key, name_skeleton, bot, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    key,
                    name,
                    name_key(name),
                    name_skeleton(name),
                    bot,
                    crate::server::logging::wall_ms()
                ],
            )?;
            db.last_insert_rowid()
        }
    };
    Ok(Ok(Identity {
        id,
        name: name.to_string(),
        bot,
        ratings: ratings_of(db, id)?,
    }))
}

/// Every pool a player has a rating in.
fn ratings_of(db: &Connection, player: i64) -> rusqlite::Result<Vec<PoolRating>> {
    let mut statement = db.prepare(
        "SELECT pool, rating, deviation, volatility, games FROM ratings
         WHERE player = ?1 ORDER BY games DESC, pool",
    )?;
    statement
        .query_map(params![player], |r| {
            let glicko = Glicko {
                rating: r.get(1)?,
                deviation: r.get(2)?,
                volatility: r.get(3)?,
            };
            Ok(PoolRating {
                pool: r.get(0)?,
                rating: glicko.shown(),
                games: r.get(4)?,
            })
        })?
        .collect()
}

/// A player as shown, with its rating in `pool`.
fn player_info(db: &Connection, player: i64, pool: &str) -> rusqlite::Result<PlayerInfo> {
    let (name, bot): (String, bool) = db.query_row(
        "SELECT name, bot FROM players WHERE id = ?1",
        params![player],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let (glicko, _) = glicko_of(db, player, pool)?;
    Ok(PlayerInfo {
        name,
        bot,
        rating: Some(glicko.shown()),
    })
}

/// A player's games, newest first (with their moves when `moves`).
fn games_of(
    db: &Connection,
    player: i64,
    limit: u32,
    moves: bool,
) -> rusqlite::Result<Vec<ArchivedGame>> {
    let mut statement = db.prepare(
        "SELECT g.code, g.game_no FROM games g JOIN rooms r ON r.code = g.code
         WHERE r.player_a = ?1 OR r.player_b = ?1
         ORDER BY COALESCE(g.ended_ms, r.created_ms) DESC, g.game_no DESC LIMIT ?2",
    )?;
    let keys = statement
        .query_map(params![player, limit], |r| {
            Ok((r.get::<_, String>(0)?, r.get(1)?))
        })?
        .collect::<rusqlite::Result<Vec<(String, u32)>>>()?;
    keys.iter()
        .map(|(code, game_no)| archived(db, code, *game_no, moves))
        .collect()
}

/// One game of a room, as the archive gives it.
fn archived(
    db: &Connection,
    code: &str,
    game_no: u32,
    with_moves: bool,
) -> rusqlite::Result<ArchivedGame> {
    type Row = (
        String,
        String,
        Option<i64>,
        Option<i64>,
        bool,
        Option<i64>,
        Option<i64>,
        i64,
    );
    let (game, options, initial, increment, rated, a, b, created): Row = db.query_row(
        "SELECT game, options, clock_initial_ms, clock_increment_ms, rated, player_a,
         player_b, created_ms FROM rooms WHERE code = ?1",
        params![code],
        |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
            ))
        },
    )?;
    type GameRow = (
        String,
        Option<String>,
        Option<String>,
        Option<i64>,
        Option<String>,
    );
    let (a_side, winner, reason, ended, ratings): GameRow = db.query_row(
        "SELECT a_side, winner, reason, ended_ms, ratings FROM games
         WHERE code = ?1 AND game_no = ?2",
        params![code, game_no],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
    )?;
    let bad = |what: &str| {
        rusqlite::Error::InvalidColumnName(format!("room {code}: stored {what} unreadable"))
    };
    let a_side = side_text::from_name(&a_side).ok_or_else(|| bad("side"))?;
    let name = |player: Option<i64>| -> rusqlite::Result<Option<PlayerInfo>> {
        player
            .map(|id| {
                db.query_row(
                    "SELECT name, bot FROM players WHERE id = ?1",
                    params![id],
                    |r| {
                        Ok(PlayerInfo {
                            name: r.get(0)?,
                            bot: r.get(1)?,
                            rating: None,
                        })
                    },
                )
            })
            .transpose()
    };
    let moves = if with_moves {
        stored_moves(db, code, game_no)?
            .into_iter()
            .map(|m| m.mv)
            .collect()
    } else {
        Vec::new()
    };
    StoredGame {
        code,
        game_no,
        game,
        options: &options,
        clock_ms: (initial, increment),
        rated,
        a_side,
        seats: (name(a)?, name(b)?),
        winner,
        reason,
        ratings,
        moves,
        at_ms: ended.unwrap_or(created),
    }
    .archived()
    .map_err(bad)
}

/// The page of the player named `name`: ratings and the last 20 games.
fn player_page(db: &Connection, name: &str) -> rusqlite::Result<Option<PlayerPage>> {
    let found: Option<(i64, String, bool)> = db
        .query_row(
            "SELECT id, name, bot FROM players WHERE name_key = ?1",
            params![name_key(name)],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((id, name, bot)) = found else {
        return Ok(None);
    };
    Ok(Some(PlayerPage {
        name,
        bot,
        ratings: ratings_of(db, id)?,
        games: games_of(db, id, 20, false)?,
    }))
}

fn stored_moves(db: &Connection, code: &str, game_no: u32) -> rusqlite::Result<Vec<StoredMove>> {
    let mut statement = db.prepare(
        "SELECT mv, hunters_ms, crowd_ms FROM moves WHERE code = ?1 AND game_no = ?2
         ORDER BY ply",
    )?;
    statement
        .query_map(params![code, game_no], |r| {
            let h: Option<i64> = r.get(1)?;
            let c: Option<i64> = r.get(2)?;
            Ok(StoredMove {
                mv: r.get(0)?,
                clocks: h.zip(c).map(|(h, c)| [h as u64, c as u64]),
            })
        })?
        .collect()
}

/// A stored room and its last game.
fn load(db: &Connection, code: &str) -> rusqlite::Result<Option<RoomRecord>> {
    type RoomRow = (String, Option<String>, Option<i64>, Option<i64>, bool);
    let room: Option<RoomRow> = db
        .query_row(
            "SELECT token_a, token_b, player_a, player_b, rated FROM rooms WHERE code = ?1",
            params![code],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?;
    let Some((token_a, token_b, player_a, player_b, rated)) = room else {
        return Ok(None);
    };
    let (game_no, a_side): (u32, String) = db.query_row(
        "SELECT game_no, a_side FROM games WHERE code = ?1 ORDER BY game_no DESC LIMIT 1",
        params![code],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let a_side = side_text::from_name(&a_side).ok_or_else(|| {
        rusqlite::Error::InvalidColumnName(format!("room {code}: stored side unreadable"))
    })?;
    let game = archived(db, code, game_no, false)?;
    let pool = rating_pool(&game.setup.game, game.clock);
    let seat_player = |player: Option<i64>| -> rusqlite::Result<Option<SeatPlayer>> {
        player
            .map(|id| {
                Ok(SeatPlayer {
                    id,
                    info: player_info(db, id, &pool)?,
                })
            })
            .transpose()
    };
    Ok(Some(RoomRecord {
        code: code.to_string(),
        setup: game.setup,
        clock: game.clock,
        token_a,
        token_b,
        game_no,
        a_side,
        moves: stored_moves(db, code, game_no)?,
        result: game.result,
        players: [seat_player(player_a)?, seat_player(player_b)?],
        rated,
        ratings: game.ratings,
    }))
}

/// The refusal of a move or an end for a game that has its result.
fn already_ended(code: &str, game_no: u32) -> rusqlite::Error {
    rusqlite::Error::InvalidParameterName(format!("room {code} game {game_no} has already ended"))
}

/// The game has a stored result (or is not stored: nothing may be added).
fn game_has_ended(db: &Connection, code: &str, game_no: u32) -> rusqlite::Result<bool> {
    let reason: Option<Option<String>> = db
        .query_row(
            "SELECT reason FROM games WHERE code = ?1 AND game_no = ?2",
            params![code, game_no],
            |r| r.get(0),
        )
        .optional()?;
    Ok(!matches!(reason, Some(None)))
}

/// Rooms without a finished game whose creation, last move and last visit
/// are all before `before_ms`.
fn abandoned(db: &Connection, before_ms: i64, limit: u32) -> rusqlite::Result<Vec<String>> {
    let mut statement = db.prepare(
        "SELECT r.code FROM rooms r
         WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.code = r.code AND g.reason IS NOT NULL)
         AND MAX(r.created_ms, COALESCE(r.seen_ms, 0),
                 COALESCE((SELECT MAX(m.at_ms) FROM moves m WHERE m.code = r.code), 0)) < ?1
         LIMIT ?2",
    )?;
    statement
        .query_map(params![before_ms, limit], |r| r.get(0))?
        .collect()
}

/// Removes a room with no finished game: its moves, games and itself.
fn expire(db: &Connection, code: &str) -> rusqlite::Result<()> {
    let finished: bool = db.query_row(
        "SELECT EXISTS (SELECT 1 FROM games WHERE code = ?1 AND reason IS NOT NULL)",
        params![code],
        |r| r.get(0),
    )?;
    if finished {
        return Err(rusqlite::Error::InvalidParameterName(format!(
            "room {code} has a finished game: it is kept"
        )));
    }
    db.execute("DELETE FROM moves WHERE code = ?1", params![code])?;
    db.execute("DELETE FROM games WHERE code = ?1", params![code])?;
    db.execute("DELETE FROM rooms WHERE code = ?1", params![code])?;
    Ok(())
}
