//! Where every room lives: one SQLite file (WAL, `synchronous=FULL`, so a
//! commit that returned is on disk and a `kill -9` loses none).
//!
//! One thread owns the connection. Rooms send it [`Write`]s and wait for
//! the answer before they relay what they wrote; the thread commits
//! everything waiting in one transaction (one sync to disk for many
//! rooms' moves), then answers each. It also loads a room the server does
//! not hold in memory (after a restart).
//!
//! ```text
//! rooms (code PK, game, options, clock_initial_ms, clock_increment_ms,
//!        token_a, token_b, created_ms)         seat A created the room
//! games (code, game_no, a_side, winner, reason, ended_ms)   PK (code, game_no)
//! moves (code, game_no, ply, mv, hunters_ms, crowd_ms, at_ms)  PK (code, game_no, ply)
//! ```

use std::path::Path;
use std::sync::mpsc;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

use crate::online::protocol::{ClockSpec, EndReason, GameResult, GameSetup, side_text};
use crate::rules::Side;

/// Writes at most this many jobs in one transaction.
const BATCH: usize = 512;

/// One change to store, as a room decided it.
#[derive(Clone, Debug)]
pub(crate) enum Write {
    CreateRoom {
        code: String,
        setup: GameSetup,
        clock: Option<ClockSpec>,
        a_side: Side,
        token_a: String,
        at_ms: i64,
    },
    SeatB {
        code: String,
        token_b: String,
    },
    /// A move, and the game's end when the move ends it.
    Move {
        code: String,
        game_no: u32,
        ply: u32,
        mv: String,
        clocks: Option<[u64; 2]>,
        end: Option<GameResult>,
        at_ms: i64,
    },
    End {
        code: String,
        game_no: u32,
        result: GameResult,
        at_ms: i64,
    },
    NewGame {
        code: String,
        game_no: u32,
        a_side: Side,
    },
}

/// A stored move and the clocks after it.
#[derive(Clone, Debug)]
pub(crate) struct StoredMove {
    pub(crate) mv: String,
    pub(crate) clocks: Option<[u64; 2]>,
}

/// A room as stored: its setup, seats, and its last game.
#[derive(Clone, Debug)]
pub(crate) struct RoomRecord {
    pub(crate) code: String,
    pub(crate) setup: GameSetup,
    pub(crate) clock: Option<ClockSpec>,
    pub(crate) token_a: String,
    pub(crate) token_b: Option<String>,
    pub(crate) game_no: u32,
    pub(crate) a_side: Side,
    pub(crate) moves: Vec<StoredMove>,
    pub(crate) result: Option<GameResult>,
}

enum Job {
    Write(Write, oneshot::Sender<Result<(), String>>),
    Load(String, oneshot::Sender<Result<Option<RoomRecord>, String>>),
}

/// The handle rooms and connections use; cheap to clone.
#[derive(Clone)]
pub(crate) struct Store {
    jobs: mpsc::Sender<Job>,
}

impl Store {
    /// Opens (or creates) the database and starts its thread.
    pub(crate) fn open(path: &Path) -> Result<Store, String> {
        let db = open_db(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let (jobs, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("store".into())
            .spawn(move || run(db, rx))
            .map_err(|e| format!("cannot start the store's thread: {e}"))?;
        Ok(Store { jobs })
    }

    /// Stores `write`; returns once it is on disk.
    pub(crate) async fn write(&self, write: Write) -> Result<(), String> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Write(write, tx))
            .map_err(|_| "the store has stopped".to_string())?;
        rx.await
            .unwrap_or_else(|_| Err("the store has stopped".into()))
    }

    /// The room stored under `code`, if any.
    pub(crate) async fn load(&self, code: &str) -> Result<Option<RoomRecord>, String> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Load(code.to_string(), tx))
            .map_err(|_| "the store has stopped".to_string())?;
        rx.await
            .unwrap_or_else(|_| Err("the store has stopped".into()))
    }
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
            PRIMARY KEY (code, game_no, ply));",
    )?;
    Ok(db)
}

/// The store's thread: batches of writes in one transaction each.
fn run(mut db: Connection, rx: mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut jobs = vec![first];
        while jobs.len() < BATCH {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let mut writes = Vec::new();
        for job in jobs {
            match job {
                Job::Load(code, reply) => {
                    let _ = reply.send(load(&db, &code).map_err(|e| e.to_string()));
                }
                Job::Write(write, reply) => writes.push((write, reply)),
            }
        }
        if !writes.is_empty() {
            commit(&mut db, writes);
        }
    }
}

/// Writes a batch in one transaction, then answers each writer.
fn commit(db: &mut Connection, writes: Vec<(Write, oneshot::Sender<Result<(), String>>)>) {
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
    let results: Vec<Result<(), String>> = writes
        .iter()
        .map(|(w, _)| apply(&tx, w).map_err(|e| e.to_string()))
        .collect();
    let committed = tx.commit().map_err(|e| e.to_string());
    for ((_, reply), result) in writes.into_iter().zip(results) {
        let _ = reply.send(committed.clone().and(result));
    }
}

fn apply(db: &Connection, write: &Write) -> rusqlite::Result<()> {
    match write {
        Write::CreateRoom {
            code,
            setup,
            clock,
            a_side,
            token_a,
            at_ms,
        } => {
            db.execute(
                "INSERT INTO rooms (code, game, options, clock_initial_ms, clock_increment_ms,
                 token_a, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    code,
                    setup.game,
                    setup.options.join(" "),
                    clock.map(|c| c.initial_ms as i64),
                    clock.map(|c| c.increment_ms as i64),
                    token_a,
                    at_ms
                ],
            )?;
            new_game(db, code, 1, *a_side)
        }
        Write::SeatB { code, token_b } => {
            let n = db.execute(
                "UPDATE rooms SET token_b = ?2 WHERE code = ?1 AND token_b IS NULL",
                params![code, token_b],
            )?;
            if n == 1 {
                Ok(())
            } else {
                Err(rusqlite::Error::StatementChangedRows(n))
            }
        }
        Write::Move {
            code,
            game_no,
            ply,
            mv,
            clocks,
            end,
            at_ms,
        } => {
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
            match end {
                Some(result) => end_game(db, code, *game_no, result, *at_ms),
                None => Ok(()),
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
        } => new_game(db, code, *game_no, *a_side),
    }
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
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE games SET winner = ?3, reason = ?4, ended_ms = ?5
         WHERE code = ?1 AND game_no = ?2",
        params![
            code,
            game_no,
            result.winner.map(side_text::name),
            result.reason.id(),
            at_ms
        ],
    )?;
    Ok(())
}

/// A stored room and its last game.
fn load(db: &Connection, code: &str) -> rusqlite::Result<Option<RoomRecord>> {
    type RoomRow = (
        String,
        String,
        Option<i64>,
        Option<i64>,
        String,
        Option<String>,
    );
    let room: Option<RoomRow> = db
        .query_row(
            "SELECT game, options, clock_initial_ms, clock_increment_ms, token_a, token_b
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
    let Some((game, options, initial, increment, token_a, token_b)) = room else {
        return Ok(None);
    };
    let (game_no, a_side, winner, reason): (u32, String, Option<String>, Option<String>) = db
        .query_row(
            "SELECT game_no, a_side, winner, reason FROM games WHERE code = ?1
             ORDER BY game_no DESC LIMIT 1",
            params![code],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )?;
    let mut statement = db.prepare(
        "SELECT mv, hunters_ms, crowd_ms FROM moves WHERE code = ?1 AND game_no = ?2
         ORDER BY ply",
    )?;
    let moves = statement
        .query_map(params![code, game_no], |r| {
            let h: Option<i64> = r.get(1)?;
            let c: Option<i64> = r.get(2)?;
            Ok(StoredMove {
                mv: r.get(0)?,
                clocks: h.zip(c).map(|(h, c)| [h as u64, c as u64]),
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let bad = |what: &str| {
        rusqlite::Error::InvalidColumnName(format!("room {code}: stored {what} unreadable"))
    };
    let result = match reason {
        Some(reason) => Some(GameResult {
            winner: winner.as_deref().and_then(side_text::from_name),
            reason: reason_of(&reason).ok_or_else(|| bad("reason"))?,
        }),
        None => None,
    };
    Ok(Some(RoomRecord {
        code: code.to_string(),
        setup: GameSetup {
            game,
            options: options.split_whitespace().map(String::from).collect(),
        },
        clock: initial.zip(increment).map(|(i, n)| ClockSpec {
            initial_ms: i as u64,
            increment_ms: n as u64,
        }),
        token_a,
        token_b,
        game_no,
        a_side: side_text::from_name(&a_side).ok_or_else(|| bad("side"))?,
        moves,
        result,
    }))
}

/// The reason a stored id names: its name on the wire ([`EndReason::id`]
/// is the serde name), so a reason added to the protocol is read back
/// without a list to keep up to date here.
fn reason_of(id: &str) -> Option<EndReason> {
    let reason: EndReason = serde_json::from_value(serde_json::Value::String(id.into())).ok()?;
    (reason.id() == id).then_some(reason)
}
