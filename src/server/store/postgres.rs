//! The PostgreSQL backend (`--db postgres://…`): the database several
//! nodes can share, where SQLite is one file on one machine.
//!
//! One task owns the connection, as the SQLite thread does: it answers
//! jobs in order and commits every write waiting in one transaction, their
//! statements pipelined (sent without waiting for each answer). If one
//! write fails, the batch is rolled back and written again with each write
//! in a savepoint of its own, so a failed write rolls back only itself, as
//! in SQLite. A write is answered only after the commit. The connection is
//! opened again when it has dropped.
//!
//! The server creates and migrates the tables itself ([`MIGRATIONS`]):
//! each step is applied once, in its own transaction, under an advisory
//! lock so that two nodes starting at once do not both apply it.
//!
//! ```text
//! schema_migrations (version PK, applied_at)        the steps applied
//! rooms (code PK, game, options, clock_initial_ms, clock_increment_ms,
//!        token_a, token_b, created_ms,          seat A created the room
//!        rated, player_a, player_b,             players: players.id or NULL
//!        seen_ms)                               last visit, when it left memory
//! games (code, game_no, a_side, winner, reason, ended_ms,
//!        ratings)                   PK (code, game_no); ratings: JSON changes
//! moves (code, game_no, ply, mv, hunters_ms, crowd_ms, at_ms)  PK (code, game_no, ply)
//! players (id PK, key UNIQUE, name, name_key UNIQUE, bot, created_ms)
//! ratings (player, pool, rating, deviation, volatility, games)  PK (player, pool)
//! room_leases (code PK, node, epoch, expires_at)   which node owns a room
//! ```
//!
//! A room's lease ([`claim`]) names the node that owns it until
//! `expires_at`; each new owner bumps `epoch`. A write made in a lease
//! carries its epoch and is refused when the room's epoch has moved on
//! (checked under a row lock in the write's own transaction), so a node
//! that lost a room cannot write to it any more.

use crate::server::metrics::metrics;
use std::collections::HashMap;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, GenericClient, NoTls, Row, Statement};

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
use crate::server::logging;

/// The advisory lock the migrations are applied under (any fixed number:
/// this one is "STRONG" in ASCII).
const MIGRATION_LOCK: i64 = 0x5354_524f_4e47;

/// The schema's steps, in order: (version, SQL). A step once released is
/// never edited; a change is a new step.
const MIGRATIONS: &[(i32, &str)] = &[
    (
        1,
        "CREATE TABLE rooms (
            code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
            clock_initial_ms BIGINT, clock_increment_ms BIGINT,
            token_a TEXT NOT NULL, token_b TEXT, created_ms BIGINT NOT NULL,
            rated BOOLEAN NOT NULL DEFAULT FALSE, player_a BIGINT, player_b BIGINT);
         CREATE TABLE games (
            code TEXT NOT NULL, game_no BIGINT NOT NULL, a_side TEXT NOT NULL,
            winner TEXT, reason TEXT, ended_ms BIGINT, ratings TEXT,
            PRIMARY KEY (code, game_no));
         CREATE TABLE moves (
            code TEXT NOT NULL, game_no BIGINT NOT NULL, ply BIGINT NOT NULL,
            mv TEXT NOT NULL, hunters_ms BIGINT, crowd_ms BIGINT, at_ms BIGINT NOT NULL,
            PRIMARY KEY (code, game_no, ply));
         CREATE TABLE players (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, key TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, bot BOOLEAN NOT NULL,
            created_ms BIGINT NOT NULL);
         CREATE TABLE ratings (
            player BIGINT NOT NULL, pool TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
            deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,
            games BIGINT NOT NULL, PRIMARY KEY (player, pool));
         CREATE INDEX rooms_player_a ON rooms (player_a);
         CREATE INDEX rooms_player_b ON rooms (player_b);",
    ),
    (
        2,
        "CREATE TABLE room_leases (
            code TEXT PRIMARY KEY, node TEXT NOT NULL, epoch BIGINT NOT NULL,
            expires_at TIMESTAMPTZ NOT NULL);",
    ),
    // A room's last visit, so that a visit without a move keeps it from
    // expiring (`--expire-after`).
    (3, "ALTER TABLE rooms ADD COLUMN seen_ms BIGINT;"),
    // The nodes' relay sessions (`bus`): a lease held by a node whose
    // session has ended may be taken at once, not when it runs out.
    (
        4,
        "CREATE TABLE relay_nodes (
            name TEXT PRIMARY KEY, pid INTEGER NOT NULL,
            backend_start TIMESTAMPTZ NOT NULL);",
    ),
    // What a name looks like (its confusable skeleton): a name that looks
    // like another player's is taken. Filled for the players before it at
    // the server's start (`fill_skeletons`).
    (
        5,
        "ALTER TABLE players ADD COLUMN name_skeleton TEXT;
         CREATE INDEX players_name_skeleton ON players (name_skeleton);",
    ),
];

/// The latest schema version this server knows.
pub(super) fn latest_version() -> i32 {
    MIGRATIONS.last().map_or(0, |(version, _)| *version)
}

/// A connection or a transaction: what the queries below run on (Sync,
/// so the task's futures may move between threads).
trait Db: GenericClient + Sync {}

impl<T: GenericClient + Sync> Db for T {}

/// Statements the server has parsed on one connection, by their text.
type Prepared = std::sync::Mutex<HashMap<&'static str, Statement>>;

/// A connection or a transaction on it, with the statements prepared on
/// that connection: each statement is parsed once, then run in one round
/// trip (not two: describe, then run).
struct Conn<'a, D> {
    db: &'a D,
    prepared: &'a Prepared,
}

impl<'a, D: Db> Conn<'a, D> {
    fn new(db: &'a D, prepared: &'a Prepared) -> Conn<'a, D> {
        Conn { db, prepared }
    }

    async fn statement(&self, sql: &'static str) -> Res<Statement> {
        let cached = self.prepared.lock().ok().and_then(|p| p.get(sql).cloned());
        if let Some(statement) = cached {
            return Ok(statement);
        }
        let statement = self.db.prepare(sql).await?;
        if let Ok(mut prepared) = self.prepared.lock() {
            prepared.insert(sql, statement.clone());
        }
        Ok(statement)
    }

    async fn execute(&self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Res<u64> {
        let statement = self.statement(sql).await?;
        Ok(self.db.execute(&statement, params).await?)
    }

    async fn query(&self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Res<Vec<Row>> {
        let statement = self.statement(sql).await?;
        Ok(self.db.query(&statement, params).await?)
    }

    async fn query_one(&self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Res<Row> {
        let statement = self.statement(sql).await?;
        Ok(self.db.query_one(&statement, params).await?)
    }

    async fn query_opt(
        &self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Res<Option<Row>> {
        let statement = self.statement(sql).await?;
        Ok(self.db.query_opt(&statement, params).await?)
    }
}

/// A failure as the store reports it: its text.
struct Failed(String);

impl From<tokio_postgres::Error> for Failed {
    fn from(e: tokio_postgres::Error) -> Failed {
        Failed(error_text(&e))
    }
}

type Res<T> = Result<T, Failed>;

/// The error with the database's own message (tokio-postgres's says only
/// "db error").
fn error_text(e: &tokio_postgres::Error) -> String {
    match (e.as_db_error(), std::error::Error::source(e)) {
        (Some(db), _) => match db.detail() {
            Some(detail) => format!("{}: {} ({detail})", db.severity(), db.message()),
            None => format!("{}: {}", db.severity(), db.message()),
        },
        (None, Some(cause)) => format!("{e}: {cause}"),
        (None, None) => e.to_string(),
    }
}

fn failed<T>(text: String) -> Res<T> {
    Err(Failed(text))
}

/// A number stored as BIGINT, read back as a u32 (an error if it is not one).
fn u32_of(value: i64, what: &str) -> Res<u32> {
    u32::try_from(value).or_else(|_| failed(format!("stored {what} {value} out of range")))
}

/// `url` as the log may show it: hosts and database, no password.
pub(super) fn describe(url: &str) -> String {
    let Ok(config) = url.parse::<tokio_postgres::Config>() else {
        return "PostgreSQL (an unreadable URL)".into();
    };
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .map(|host| match host {
            tokio_postgres::config::Host::Tcp(name) => name.clone(),
            #[cfg(unix)]
            tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .collect();
    format!(
        "PostgreSQL database `{}` on {}",
        config.get_dbname().unwrap_or("(the user's)"),
        hosts.join(",")
    )
}

/// A connection, its driving half spawned on the runtime.
async fn connect(url: &str) -> Result<Client, String> {
    let (client, connection) = tokio_postgres::connect(url, NoTls)
        .await
        .map_err(|e| format!("cannot connect to {}: {}", describe(url), error_text(&e)))?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::error!("the PostgreSQL connection ended: {}", error_text(&e));
        }
    });
    Ok(client)
}

/// Gives the players stored before names were compared by their look
/// their skeletons (each node may do it at its start: the same values).
async fn fill_skeletons(client: &Client) -> Res<()> {
    let rows = client
        .query(
            "SELECT id, name FROM players WHERE name_skeleton IS NULL",
            &[],
        )
        .await?;
    for row in rows {
        let (id, name): (i64, String) = (row.try_get(0)?, row.try_get(1)?);
        client
            .execute(
                "UPDATE players SET name_skeleton = $2 WHERE id = $1",
                &[&id, &name_skeleton(&name)],
            )
            .await?;
    }
    Ok(())
}

/// Connects, brings the schema up to date, and starts the store's task.
pub(super) async fn open(url: &str) -> Result<mpsc::Sender<Job>, String> {
    let mut client = connect(url).await?;
    let applied = migrate(&mut client)
        .await
        .map_err(|e| format!("cannot migrate {}: {}", describe(url), e.0))?;
    fill_skeletons(&client)
        .await
        .map_err(|e| format!("cannot migrate {}: {}", describe(url), e.0))?;
    let applied: Vec<String> = applied.iter().map(i32::to_string).collect();
    tracing::info!(
        "schema at version {}; migrations applied now: {}",
        latest_version(),
        if applied.is_empty() {
            "none".to_string()
        } else {
            applied.join(", ")
        }
    );
    let (jobs, rx) = mpsc::channel(STORE_JOBS);
    tokio::spawn(run(url.to_string(), client, rx));
    Ok(jobs)
}

/// Applies the steps not applied yet, each in its own transaction under
/// the migrations' lock; the versions it applied.
async fn migrate(client: &mut Client) -> Res<Vec<i32>> {
    let mut applied = Vec::new();
    for (version, sql) in MIGRATIONS {
        let tx = client.transaction().await?;
        // Held to the commit: another node starting now waits here, then
        // finds the step applied.
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        )
        .await?;
        let newest: Option<i32> = tx
            .query_one("SELECT max(version) FROM schema_migrations", &[])
            .await?
            .try_get(0)?;
        if let Some(newest) = newest.filter(|n| *n > latest_version()) {
            return failed(format!(
                "the database's schema is at version {newest}, newer than this server's {}",
                latest_version()
            ));
        }
        let done = tx
            .query_opt(
                "SELECT 1 FROM schema_migrations WHERE version = $1",
                &[version],
            )
            .await?
            .is_some();
        if !done {
            tx.batch_execute(sql).await?;
            tx.execute(
                "INSERT INTO schema_migrations (version) VALUES ($1)",
                &[version],
            )
            .await?;
            applied.push(*version);
        }
        tx.commit().await?;
    }
    Ok(applied)
}

/// Answers `job` with `error` (the connection is gone).
fn refuse(job: Job, error: &str) {
    let e = error.to_string();
    match job {
        Job::Write { reply, .. } => drop(reply.send(Err(e))),
        Job::Load(_, reply) => drop(reply.send(Err(e))),
        Job::Hello { reply, .. } => drop(reply.send(Err(e))),
        Job::Rating { reply, .. } => drop(reply.send(Err(e))),
        Job::Games { reply, .. } => drop(reply.send(Err(e))),
        Job::Player { reply, .. } => drop(reply.send(Err(e))),
        Job::Claim { reply, .. } => drop(reply.send(Err(e))),
        Job::Holder(_, reply) => drop(reply.send(Err(e))),
        Job::Ping(reply) => drop(reply.send(Err(e))),
        Job::Abandoned { reply, .. } => drop(reply.send(Err(e))),
    }
}

/// The store's task: batches of writes in one transaction each.
async fn run(url: String, mut client: Client, mut rx: mpsc::Receiver<Job>) {
    let mut prepared = Prepared::default();
    while let Some(first) = rx.recv().await {
        let mut jobs = vec![first];
        while jobs.len() < BATCH {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        if client.is_closed() {
            match connect(&url).await {
                Ok(fresh) => {
                    client = fresh;
                    prepared = Prepared::default();
                }
                Err(e) => {
                    tracing::error!("store: {e}");
                    jobs.into_iter().for_each(|job| refuse(job, &e));
                    continue;
                }
            }
        }
        let mut writes = Vec::new();
        for job in jobs {
            let text = |e: Failed| e.0;
            let db = Conn::new(&client, &prepared);
            match job {
                Job::Write {
                    write,
                    epoch,
                    reply,
                } => writes.push((write, epoch, reply)),
                Job::Load(code, reply) => {
                    let _ = reply.send(load(&db, &code).await.map_err(text));
                }
                // Hello writes too, but alone: a refusal is an answer, not
                // a failed transaction.
                Job::Hello {
                    key,
                    name,
                    bot,
                    reply,
                } => {
                    let said = hello(&mut client, &prepared, &key, &name, bot).await;
                    let _ = reply.send(said.map_err(text));
                }
                Job::Rating {
                    player,
                    pool,
                    reply,
                } => {
                    let _ = reply.send(player_info(&db, player, &pool).await.map_err(text));
                }
                Job::Games {
                    player,
                    limit,
                    reply,
                } => {
                    let found = games_of(&db, player, limit, true).await;
                    let _ = reply.send(found.map_err(text));
                }
                Job::Player { name, reply } => {
                    let _ = reply.send(player_page(&db, &name).await.map_err(text));
                }
                Job::Claim {
                    code,
                    node,
                    ttl,
                    reply,
                } => {
                    let _ = reply.send(claim(&db, &code, &node, ttl).await.map_err(text));
                }
                Job::Holder(code, reply) => {
                    let _ = reply.send(holder(&db, &code).await.map_err(text));
                }
                Job::Ping(reply) => {
                    let answer = db.query_opt("SELECT 1", &[]).await.map(drop);
                    let _ = reply.send(answer.map_err(text));
                }
                Job::Abandoned {
                    before_ms,
                    limit,
                    reply,
                } => {
                    let found = abandoned(&db, before_ms, limit).await;
                    let _ = reply.send(found.map_err(text));
                }
            }
        }
        if !writes.is_empty() {
            commit(&mut client, &prepared, writes).await;
        }
    }
}

/// Writes a batch in one transaction, then answers each writer.
async fn commit(
    client: &mut Client,
    prepared: &Prepared,
    writes: Vec<(Write, Option<u64>, Reply<Written>)>,
) {
    let batch: Vec<(&Write, Option<u64>)> = writes.iter().map(|(w, e, _)| (w, *e)).collect();
    let results = match write_pipelined(client, prepared, &batch).await {
        Ok(Some(results)) => Ok(results),
        // A write failed: the batch again, each write on its own.
        Ok(None) => write_one_by_one(client, prepared, &batch).await,
        Err(e) => Err(e),
    };
    match results {
        Ok(results) => {
            for ((_, _, reply), result) in writes.into_iter().zip(results) {
                let _ = reply.send(result);
            }
        }
        Err(e) => {
            for (_, _, reply) in writes {
                let _ = reply.send(Err(e.clone()));
            }
        }
    }
}

/// Whether a write may end a game (and change ratings).
fn ends_game(write: &Write) -> bool {
    matches!(write, Write::End { .. } | Write::Move { end: Some(_), .. })
}

/// The batch in one transaction, the writes' statements sent together
/// (pipelined on the connection, a round trip for many rooms): the
/// common case, where every write succeeds. A batch holds one write per
/// room at most (a room waits for each write), so the writes are
/// independent, except that games ending may rate one player twice:
/// those go one after another, after the others. Ok(None) when a write
/// failed: the transaction is rolled back, nothing of the batch stored.
async fn write_pipelined(
    client: &mut Client,
    prepared: &Prepared,
    batch: &[(&Write, Option<u64>)],
) -> Result<Option<Vec<Result<Written, String>>>, String> {
    let tx = client.transaction().await.map_err(|e| error_text(&e))?;
    let db = Conn::new(&tx, prepared);
    let (ending, others): (Vec<usize>, Vec<usize>) =
        (0..batch.len()).partition(|&i| ends_game(batch[i].0));
    let together =
        futures_util::future::join_all(others.iter().map(|&i| apply(&db, batch[i].0, batch[i].1)))
            .await;
    let mut results: Vec<Option<Written>> = vec![None; batch.len()];
    let mut all_written = true;
    for (&i, result) in others.iter().zip(together) {
        match result {
            Ok(written) => results[i] = Some(written),
            Err(_) => all_written = false,
        }
    }
    for &i in &ending {
        if !all_written {
            break;
        }
        match apply(&db, batch[i].0, batch[i].1).await {
            Ok(written) => results[i] = Some(written),
            Err(_) => all_written = false,
        }
    }
    if !all_written {
        tx.rollback().await.map_err(|e| error_text(&e))?;
        return Ok(None);
    }
    tx.commit().await.map_err(|e| error_text(&e))?;
    Ok(Some(
        results
            .into_iter()
            .map(|r| r.ok_or_else(|| "a write was not made".to_string()))
            .collect(),
    ))
}

/// The batch in one transaction, each write in a savepoint of its own: a
/// failed one rolls back only itself, and the others are stored.
async fn write_one_by_one(
    client: &mut Client,
    prepared: &Prepared,
    batch: &[(&Write, Option<u64>)],
) -> Result<Vec<Result<Written, String>>, String> {
    let mut tx = client.transaction().await.map_err(|e| error_text(&e))?;
    let mut results = Vec::with_capacity(batch.len());
    for &(write, epoch) in batch {
        let result = match tx.savepoint("write").await {
            Ok(savepoint) => match apply(&Conn::new(&savepoint, prepared), write, epoch).await {
                Ok(written) => savepoint
                    .commit()
                    .await
                    .map(|()| written)
                    .map_err(Failed::from),
                Err(e) => {
                    let _ = savepoint.rollback().await;
                    Err(e)
                }
            },
            Err(e) => Err(Failed::from(e)),
        };
        results.push(result.map_err(|e| e.0));
    }
    tx.commit().await.map_err(|e| error_text(&e))?;
    Ok(results)
}

/// Takes, renews or refuses room `code`'s lease for `node` (see
/// [`super::Store::claim`]); the epoch when taken or renewed.
async fn claim(db: &Conn<'_, impl Db>, code: &str, node: &str, ttl: Duration) -> Res<Option<u64>> {
    let seconds = ttl.as_secs_f64();
    let row = db
        .query_opt(
            "WITH before AS (SELECT node FROM room_leases WHERE code = $1)
             INSERT INTO room_leases (code, node, epoch, expires_at)
             VALUES ($1, $2, 1, now() + $3::float8 * interval '1 second')
             ON CONFLICT (code) DO UPDATE SET
                epoch = CASE WHEN room_leases.node = EXCLUDED.node
                        THEN room_leases.epoch ELSE room_leases.epoch + 1 END,
                node = EXCLUDED.node,
                expires_at = EXCLUDED.expires_at
             WHERE room_leases.node = EXCLUDED.node OR room_leases.expires_at <= now()
                OR room_leases.node IN (SELECT name FROM relay_nodes n WHERE NOT EXISTS (
                    SELECT 1 FROM pg_stat_activity a
                    WHERE a.pid = n.pid AND a.backend_start = n.backend_start))
             RETURNING epoch, (SELECT node FROM before)",
            &[&code, &node, &seconds],
        )
        .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let epoch: i64 = row.try_get(0)?;
    let before: Option<String> = row.try_get(1)?;
    if before.is_some_and(|before| before != node) {
        metrics().leases_taken_over.inc();
    }
    u64::try_from(epoch)
        .map(Some)
        .or_else(|_| failed(format!("room {code}: stored epoch {epoch} out of range")))
}

/// The node holding room `code`'s lease now, if one does.
async fn holder(db: &Conn<'_, impl Db>, code: &str) -> Res<Option<String>> {
    let row = db
        .query_opt(
            "SELECT node FROM room_leases WHERE code = $1 AND expires_at > now()",
            &[&code],
        )
        .await?;
    Ok(match row {
        Some(row) => Some(row.try_get(0)?),
        None => None,
    })
}

/// Refuses a write whose lease is no longer the room's (locking the lease
/// until the write's transaction ends, so no claim slips in between).
async fn check_lease(db: &Conn<'_, impl Db>, code: &str, epoch: u64) -> Res<()> {
    let row = db
        .query_opt(
            "SELECT epoch FROM room_leases WHERE code = $1 FOR UPDATE",
            &[&code],
        )
        .await?;
    let held: Option<i64> = row.map(|r| r.try_get(0)).transpose()?;
    match held {
        Some(held) if u64::try_from(held) == Ok(epoch) => Ok(()),
        Some(held) => failed(format!(
            "room {code}: the lease is at epoch {held}, this write's is {epoch} \
             (another node owns the room now); nothing written"
        )),
        None => failed(format!("room {code}: no lease; nothing written")),
    }
}

async fn apply(db: &Conn<'_, impl Db>, write: &Write, epoch: Option<u64>) -> Res<Written> {
    if let Some(epoch) = epoch {
        check_lease(db, write.code(), epoch).await?;
    }
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
            let initial = clock.map(|c| c.initial_ms as i64);
            let increment = clock.map(|c| c.increment_ms as i64);
            db.execute(
                "INSERT INTO rooms (code, game, options, clock_initial_ms, clock_increment_ms,
                 token_a, created_ms, rated, player_a) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                &[
                    code,
                    &setup.game,
                    &setup.options.join(" "),
                    &initial,
                    &increment,
                    token_a,
                    at_ms,
                    rated,
                    player_a,
                ],
            )
            .await?;
            new_game(db, code, 1, *a_side).await?;
            Ok(Written::default())
        }
        Write::SeatB {
            code,
            token_b,
            player_b,
        } => seat_b(db, code, token_b, *player_b).await,
        Write::Move {
            code,
            game_no,
            ply,
            mv,
            clocks,
            end,
            at_ms,
        } => {
            add_move(db, code, *game_no, *ply, mv, *clocks, *at_ms).await?;
            match end {
                Some(result) => end_game(db, code, *game_no, result, *at_ms).await,
                None => Ok(Written::default()),
            }
        }
        Write::End {
            code,
            game_no,
            result,
            at_ms,
        } => end_game(db, code, *game_no, result, *at_ms).await,
        Write::NewGame {
            code,
            game_no,
            a_side,
        } => {
            new_game(db, code, *game_no, *a_side).await?;
            Ok(Written::default())
        }
        Write::Seen { code, at_ms } => {
            seen(db, code, *at_ms).await?;
            Ok(Written::default())
        }
        Write::Expire { code } => {
            expire(db, code).await?;
            Ok(Written::default())
        }
    }
}

/// Seats B in room `code`: its token and player (refused when taken).
async fn seat_b(
    db: &Conn<'_, impl Db>,
    code: &str,
    token_b: &str,
    player_b: Option<i64>,
) -> Res<Written> {
    let n = db
        .execute(
            "UPDATE rooms SET token_b = $2, player_b = $3
             WHERE code = $1 AND token_b IS NULL",
            &[&code, &token_b, &player_b],
        )
        .await?;
    if n == 1 {
        Ok(Written::default())
    } else {
        failed(format!(
            "room {code}: seat B taken already ({n} rows changed)"
        ))
    }
}

/// Adds move number `ply` to game `game_no` of room `code` (refused once
/// the game has ended).
async fn add_move(
    db: &Conn<'_, impl Db>,
    code: &str,
    game_no: u32,
    ply: u32,
    mv: &str,
    clocks: Option<[u64; 2]>,
    at_ms: i64,
) -> Res<()> {
    if game_has_ended(db, code, game_no).await? {
        return already_ended(code, game_no);
    }
    db.execute(
        "INSERT INTO moves (code, game_no, ply, mv, hunters_ms, crowd_ms, at_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        &[
            &code,
            &i64::from(game_no),
            &i64::from(ply),
            &mv,
            &clocks.map(|c| c[0] as i64),
            &clocks.map(|c| c[1] as i64),
            &at_ms,
        ],
    )
    .await?;
    Ok(())
}

/// Room `code` was last seen with a connection at `at_ms` (never earlier
/// than a visit already stored).
async fn seen(db: &Conn<'_, impl Db>, code: &str, at_ms: i64) -> Res<()> {
    db.execute(
        "UPDATE rooms SET seen_ms = GREATEST(COALESCE(seen_ms, 0), $2) WHERE code = $1",
        &[&code, &at_ms],
    )
    .await?;
    Ok(())
}

async fn new_game(db: &Conn<'_, impl Db>, code: &str, game_no: u32, a_side: Side) -> Res<()> {
    db.execute(
        "INSERT INTO games (code, game_no, a_side) VALUES ($1, $2, $3)",
        &[&code, &i64::from(game_no), &side_text::name(a_side)],
    )
    .await?;
    Ok(())
}

async fn end_game(
    db: &Conn<'_, impl Db>,
    code: &str,
    game_no: u32,
    result: &GameResult,
    at_ms: i64,
) -> Res<Written> {
    let ratings = rate(db, code, game_no, result).await?;
    let ratings_text = ratings.map(|r| serde_json::to_string(&r).unwrap_or_default());
    // Only a game without a result ends: a second end (a resignation and
    // a flag at once, a stale owner) never overwrites the stored one. (The
    // game's row is locked by `rate` or here, so two ends in two
    // transactions wait for each other and the second changes nothing.)
    let n = db
        .execute(
            "UPDATE games SET winner = $3, reason = $4, ended_ms = $5, ratings = $6
         WHERE code = $1 AND game_no = $2 AND reason IS NULL",
            &[
                &code,
                &i64::from(game_no),
                &result.winner.map(side_text::name),
                &result.reason.id(),
                &at_ms,
                &ratings_text,
            ],
        )
        .await?;
    if n != 1 {
        return already_ended(code, game_no);
    }
    Ok(Written { ratings })
}

/// The refusal of a move or an end for a game that has its result.
fn already_ended<T>(code: &str, game_no: u32) -> Res<T> {
    failed(format!("room {code} game {game_no} has already ended"))
}

/// The game has a stored result (or is not stored: nothing may be added).
/// Its row is share-locked to the transaction's end, so no end slips in
/// between this check and the move.
async fn game_has_ended(db: &Conn<'_, impl Db>, code: &str, game_no: u32) -> Res<bool> {
    let row = db
        .query_opt(
            "SELECT reason FROM games WHERE code = $1 AND game_no = $2 FOR SHARE",
            &[&code, &i64::from(game_no)],
        )
        .await?;
    let reason: Option<Option<String>> = row.map(|r| r.try_get(0)).transpose()?;
    Ok(!matches!(reason, Some(None)))
}

/// Rooms without a finished game whose creation, last move and last visit
/// are all before `before_ms`.
async fn abandoned(db: &Conn<'_, impl Db>, before_ms: i64, limit: u32) -> Res<Vec<String>> {
    let rows = db
        .query(
            "SELECT r.code FROM rooms r
             WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.code = r.code AND g.reason IS NOT NULL)
             AND GREATEST(r.created_ms, COALESCE(r.seen_ms, 0),
                 COALESCE((SELECT MAX(m.at_ms) FROM moves m WHERE m.code = r.code), 0)) < $1
             LIMIT $2",
            &[&before_ms, &i64::from(limit)],
        )
        .await?;
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}

/// Removes a room with no finished game: its moves, games and itself. (Its
/// lease row stays, so that its epoch never goes back: the hub lets the
/// lease go.)
async fn expire(db: &Conn<'_, impl Db>, code: &str) -> Res<()> {
    let finished: bool = db
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM games WHERE code = $1 AND reason IS NOT NULL)",
            &[&code],
        )
        .await?
        .try_get(0)?;
    if finished {
        return failed(format!("room {code} has a finished game: it is kept"));
    }
    db.execute("DELETE FROM moves WHERE code = $1", &[&code])
        .await?;
    db.execute("DELETE FROM games WHERE code = $1", &[&code])
        .await?;
    db.execute("DELETE FROM rooms WHERE code = $1", &[&code])
        .await?;
    Ok(())
}

/// Updates both players' ratings for a game that counts: a rated room,
/// two different players who said hello, not ended before, and
/// [`changes_ratings`] (not aborted, both sides moved). The game's row
/// and both players' rows are locked first (players in order of their
/// number), so two nodes ending games of one player at once wait for
/// each other rather than lose an update.
async fn rate(
    db: &Conn<'_, impl Db>,
    code: &str,
    game_no: u32,
    result: &GameResult,
) -> Res<Option<RatingChanges>> {
    let game_no = i64::from(game_no);
    let plies: i64 = db
        .query_one(
            "SELECT COUNT(*) FROM moves WHERE code = $1 AND game_no = $2",
            &[&code, &game_no],
        )
        .await?
        .try_get(0)?;
    if !changes_ratings(result, usize::try_from(plies).unwrap_or(0)) {
        return Ok(None);
    }
    let Some(room) = db
        .query_opt(
            "SELECT rated, player_a, player_b, game, clock_initial_ms, clock_increment_ms
             FROM rooms WHERE code = $1",
            &[&code],
        )
        .await?
    else {
        return Ok(None);
    };
    let rated: bool = room.try_get(0)?;
    let (a, b): (Option<i64>, Option<i64>) = (room.try_get(1)?, room.try_get(2)?);
    let (Some(a), Some(b), true) = (a, b, rated) else {
        return Ok(None);
    };
    let game: String = room.try_get(3)?;
    let clock = clock_of(room.try_get(4)?, room.try_get(5)?);
    let row = db
        .query_one(
            "SELECT a_side, reason FROM games WHERE code = $1 AND game_no = $2 FOR UPDATE",
            &[&code, &game_no],
        )
        .await?;
    let (a_side, ended): (String, Option<String>) = (row.try_get(0)?, row.try_get(1)?);
    if a == b || ended.is_some() {
        return Ok(None);
    }
    db.execute(
        "SELECT id FROM players WHERE id IN ($1, $2) ORDER BY id FOR UPDATE",
        &[&a, &b],
    )
    .await?;
    let a_side = side_text::from_name(&a_side).unwrap_or(Side::Hunters);
    let pool = rating_pool(&game, clock);
    let (old_a, games_a) = glicko_of(db, a, &pool).await?;
    let (old_b, games_b) = glicko_of(db, b, &pool).await?;
    let (new_a, new_b, changes) = rated_game(a_side, result.winner, old_a, old_b);
    set_glicko(db, a, &pool, &new_a, games_a + 1).await?;
    set_glicko(db, b, &pool, &new_b, games_b + 1).await?;
    Ok(Some(changes))
}

/// A player's rating in `pool` and its games there (a new one's if none).
async fn glicko_of(db: &Conn<'_, impl Db>, player: i64, pool: &str) -> Res<(Glicko, u32)> {
    let found = db
        .query_opt(
            "SELECT rating, deviation, volatility, games FROM ratings
             WHERE player = $1 AND pool = $2",
            &[&player, &pool],
        )
        .await?;
    let Some(row) = found else {
        return Ok(Default::default());
    };
    let glicko = Glicko {
        rating: row.try_get(0)?,
        deviation: row.try_get(1)?,
        volatility: row.try_get(2)?,
    };
    Ok((glicko, u32_of(row.try_get(3)?, "games")?))
}

async fn set_glicko(
    db: &Conn<'_, impl Db>,
    player: i64,
    pool: &str,
    glicko: &Glicko,
    games: u32,
) -> Res<()> {
    db.execute(
        "INSERT INTO ratings (player, pool, rating, deviation, volatility, games)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (player, pool) DO UPDATE SET rating = EXCLUDED.rating,
         deviation = EXCLUDED.deviation, volatility = EXCLUDED.volatility,
         games = EXCLUDED.games",
        &[
            &player,
            &pool,
            &glicko.rating,
            &glicko.deviation,
            &glicko.volatility,
            &i64::from(games),
        ],
    )
    .await?;
    Ok(())
}

/// `hello`: the key's player, registered or renamed as need be, in a
/// transaction of its own.
async fn hello(
    client: &mut Client,
    prepared: &Prepared,
    key: &str,
    name: &str,
    bot: bool,
) -> Res<Result<Identity, HelloRefused>> {
    let tx = client.transaction().await?;
    let db = Conn::new(&tx, prepared);
    let known = db
        .query_opt("SELECT id, name, bot FROM players WHERE key = $1", &[&key])
        .await?;
    let known: Option<(i64, String, bool)> = match known {
        Some(r) => Some((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)),
        None => None,
    };
    // Two nodes naming two look-alikes at once: one waits for the other.
    let skeleton = name_skeleton(name);
    db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&skeleton])
        .await?;
    // Another player whose name is this one, or looks like it.
    let holder: Option<i64> = db
        .query_opt(
            "SELECT id FROM players WHERE (name_key = $1 OR name_skeleton = $2) AND key <> $3
             LIMIT 1",
            &[&name_key(name), &skeleton, &key],
        )
        .await?
        .map(|r| r.try_get(0))
        .transpose()?;
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
                    "UPDATE players SET name = $2, name_key = $3, name_skeleton = $4, bot = $5
                     WHERE id = $1",
                    &[&id, &name, &name_key(name), &skeleton, &bot],
                )
                .await?;
            }
            id
        }
        None => db
            .query_one(
                "INSERT INTO players (key, name, name_key, name_skeleton, bot, created_ms)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[
                    &key,
                    &name,
                    &name_key(name),
                    &skeleton,
                    &bot,
                    &logging::wall_ms(),
                ],
            )
            .await?
            .try_get(0)?,
    };
    let ratings = ratings_of(&db, id).await?;
    tx.commit().await?;
    Ok(Ok(Identity {
        id,
        name: name.to_string(),
        bot,
        ratings,
    }))
}

/// Every pool a player has a rating in.
async fn ratings_of(db: &Conn<'_, impl Db>, player: i64) -> Res<Vec<PoolRating>> {
    let rows = db
        .query(
            "SELECT pool, rating, deviation, volatility, games FROM ratings
             WHERE player = $1 ORDER BY games DESC, pool",
            &[&player],
        )
        .await?;
    rows.iter()
        .map(|r| {
            let glicko = Glicko {
                rating: r.try_get(1)?,
                deviation: r.try_get(2)?,
                volatility: r.try_get(3)?,
            };
            Ok(PoolRating {
                pool: r.try_get(0)?,
                rating: glicko.shown(),
                games: u32_of(r.try_get(4)?, "games")?,
            })
        })
        .collect()
}

/// A player as shown, with its rating in `pool`.
async fn player_info(db: &Conn<'_, impl Db>, player: i64, pool: &str) -> Res<PlayerInfo> {
    let row = db
        .query_opt("SELECT name, bot FROM players WHERE id = $1", &[&player])
        .await?;
    let Some(row) = row else {
        return failed(format!("no player {player}"));
    };
    let (glicko, _) = glicko_of(db, player, pool).await?;
    Ok(PlayerInfo {
        name: row.try_get(0)?,
        bot: row.try_get(1)?,
        rating: Some(glicko.shown()),
    })
}

/// A player's games, newest first (with their moves when `moves`).
async fn games_of(
    db: &Conn<'_, impl Db>,
    player: i64,
    limit: u32,
    moves: bool,
) -> Res<Vec<ArchivedGame>> {
    let rows = db
        .query(
            "SELECT g.code, g.game_no FROM games g JOIN rooms r ON r.code = g.code
             WHERE r.player_a = $1 OR r.player_b = $1
             ORDER BY COALESCE(g.ended_ms, r.created_ms) DESC, g.game_no DESC LIMIT $2",
            &[&player, &i64::from(limit)],
        )
        .await?;
    let mut games = Vec::with_capacity(rows.len());
    for row in &rows {
        let code: String = row.try_get(0)?;
        let game_no = u32_of(row.try_get(1)?, "game number")?;
        games.push(archived(db, &code, game_no, moves).await?);
    }
    Ok(games)
}

/// The name of player `player` (if any) as the archive shows it.
async fn archived_player(db: &Conn<'_, impl Db>, player: Option<i64>) -> Res<Option<PlayerInfo>> {
    let Some(id) = player else {
        return Ok(None);
    };
    let row = db
        .query_one("SELECT name, bot FROM players WHERE id = $1", &[&id])
        .await?;
    Ok(Some(PlayerInfo {
        name: row.try_get(0)?,
        bot: row.try_get(1)?,
        rating: None,
    }))
}

/// One game of a room, as the archive gives it.
async fn archived(
    db: &Conn<'_, impl Db>,
    code: &str,
    game_no: u32,
    with_moves: bool,
) -> Res<ArchivedGame> {
    let room = db
        .query_one(
            "SELECT game, options, clock_initial_ms, clock_increment_ms, rated, player_a,
             player_b, created_ms FROM rooms WHERE code = $1",
            &[&code],
        )
        .await?;
    let options: String = room.try_get(1)?;
    let (a, b): (Option<i64>, Option<i64>) = (room.try_get(5)?, room.try_get(6)?);
    let rated: bool = room.try_get(4)?;
    let created: i64 = room.try_get(7)?;
    let row = db
        .query_one(
            "SELECT a_side, winner, reason, ended_ms, ratings FROM games
             WHERE code = $1 AND game_no = $2",
            &[&code, &i64::from(game_no)],
        )
        .await?;
    let bad = |what: &str| Failed(format!("room {code}: stored {what} unreadable"));
    let a_side: String = row.try_get(0)?;
    let a_side = side_text::from_name(&a_side).ok_or_else(|| bad("side"))?;
    let winner: Option<String> = row.try_get(1)?;
    let reason: Option<String> = row.try_get(2)?;
    let ended: Option<i64> = row.try_get(3)?;
    let ratings: Option<String> = row.try_get(4)?;
    let seats = (archived_player(db, a).await?, archived_player(db, b).await?);
    let moves = if with_moves {
        stored_moves(db, code, game_no)
            .await?
            .into_iter()
            .map(|m| m.mv)
            .collect()
    } else {
        Vec::new()
    };
    StoredGame {
        code,
        game_no,
        game: room.try_get(0)?,
        options: &options,
        clock_ms: (room.try_get(2)?, room.try_get(3)?),
        rated,
        a_side,
        seats,
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
async fn player_page(db: &Conn<'_, impl Db>, name: &str) -> Res<Option<PlayerPage>> {
    let found = db
        .query_opt(
            "SELECT id, name, bot FROM players WHERE name_key = $1",
            &[&name_key(name)],
        )
        .await?;
    let Some(row) = found else {
        return Ok(None);
    };
    let id: i64 = row.try_get(0)?;
    Ok(Some(PlayerPage {
        name: row.try_get(1)?,
        bot: row.try_get(2)?,
        ratings: ratings_of(db, id).await?,
        games: games_of(db, id, 20, false).await?,
    }))
}

async fn stored_moves(db: &Conn<'_, impl Db>, code: &str, game_no: u32) -> Res<Vec<StoredMove>> {
    let rows = db
        .query(
            "SELECT mv, hunters_ms, crowd_ms FROM moves WHERE code = $1 AND game_no = $2
             ORDER BY ply",
            &[&code, &i64::from(game_no)],
        )
        .await?;
    rows.iter().map(stored_move).collect()
}

fn stored_move(row: &Row) -> Res<StoredMove> {
    let h: Option<i64> = row.try_get(1)?;
    let c: Option<i64> = row.try_get(2)?;
    Ok(StoredMove {
        mv: row.try_get(0)?,
        clocks: h.zip(c).map(|(h, c)| [h as u64, c as u64]),
    })
}

/// A stored room and its last game.
async fn load(db: &Conn<'_, impl Db>, code: &str) -> Res<Option<RoomRecord>> {
    let room = db
        .query_opt(
            "SELECT token_a, token_b, player_a, player_b, rated FROM rooms WHERE code = $1",
            &[&code],
        )
        .await?;
    let Some(room) = room else {
        return Ok(None);
    };
    let (player_a, player_b): (Option<i64>, Option<i64>) = (room.try_get(2)?, room.try_get(3)?);
    let last = db
        .query_one(
            "SELECT game_no, a_side FROM games WHERE code = $1 ORDER BY game_no DESC LIMIT 1",
            &[&code],
        )
        .await?;
    let game_no = u32_of(last.try_get(0)?, "game number")?;
    let a_side: String = last.try_get(1)?;
    let a_side = side_text::from_name(&a_side)
        .ok_or_else(|| Failed(format!("room {code}: stored side unreadable")))?;
    let game = archived(db, code, game_no, false).await?;
    let pool = rating_pool(&game.setup.game, game.clock);
    let mut players = [None, None];
    for (seat, player) in players.iter_mut().zip([player_a, player_b]) {
        if let Some(id) = player {
            let info = player_info(db, id, &pool).await?;
            *seat = Some(SeatPlayer { id, info });
        }
    }
    Ok(Some(RoomRecord {
        code: code.to_string(),
        setup: game.setup,
        clock: game.clock,
        token_a: room.try_get(0)?,
        token_b: room.try_get(1)?,
        game_no,
        a_side,
        moves: stored_moves(db, code, game_no).await?,
        result: game.result,
        players,
        rated: room.try_get(4)?,
        ratings: game.ratings,
    }))
}

/// The nodes' message bus: a connection of this node's own that LISTENs
/// on its channel (`relay:NODE`) and sends NOTIFYs to the others' in
/// order (one connection: PostgreSQL delivers one session's
/// notifications in the order they were committed). The connection is
/// registered in `relay_nodes` with its backend, so that other nodes can
/// tell when this one has gone ([`Bus::live_nodes`], and [`claim`] takes
/// the leases of a node whose session has ended).
pub(crate) struct Bus {
    client: Client,
    /// Notifications to this node: (channel, payload), as they arrive.
    pub(crate) inbound: mpsc::UnboundedReceiver<(String, String)>,
}

/// A node's channel on the bus.
pub(crate) fn channel_of(node: &str) -> String {
    format!("relay:{node}")
}

impl Bus {
    /// Connects, registers `node`'s session and listens on its channel.
    pub(super) async fn open(url: &str, node: &str) -> Result<Bus, String> {
        let (client, mut connection) = tokio_postgres::connect(url, NoTls)
            .await
            .map_err(|e| format!("cannot connect to {}: {}", describe(url), error_text(&e)))?;
        // The connection's driver: unbounded, so that it never waits on
        // the reader (which may be waiting on a query it must drive).
        let (tx, inbound) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            loop {
                match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                    Some(Ok(tokio_postgres::AsyncMessage::Notification(n))) => {
                        if tx
                            .send((n.channel().to_string(), n.payload().to_string()))
                            .is_err()
                        {
                            break;
                        }
                    }
                    Some(Ok(_)) => {}
                    Some(Err(e)) => {
                        tracing::error!("relay: the bus's connection ended: {}", error_text(&e));
                        break;
                    }
                    None => break,
                }
            }
        });
        let text = |e: tokio_postgres::Error| error_text(&e);
        client
            .execute(
                "INSERT INTO relay_nodes (name, pid, backend_start)
                 SELECT $1, pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()
                 ON CONFLICT (name) DO UPDATE SET
                    pid = EXCLUDED.pid, backend_start = EXCLUDED.backend_start",
                &[&node],
            )
            .await
            .map_err(text)?;
        let channel = channel_of(node).replace('"', "\"\"");
        client
            .batch_execute(&format!("LISTEN \"{channel}\""))
            .await
            .map_err(text)?;
        Ok(Bus { client, inbound })
    }

    /// Sends `(node, payload)` notifications, in order, in one statement
    /// (one transaction: they are delivered together, in this order).
    pub(crate) async fn notify(&self, batch: &[(String, String)]) -> Result<(), String> {
        let channels: Vec<String> = batch.iter().map(|(node, _)| channel_of(node)).collect();
        let payloads: Vec<&str> = batch.iter().map(|(_, p)| p.as_str()).collect();
        self.client
            .execute(
                "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS t(c, p)",
                &[&channels, &payloads],
            )
            .await
            .map(drop)
            .map_err(|e| error_text(&e))
    }

    /// The nodes whose bus session is open now.
    pub(crate) async fn live_nodes(&self) -> Result<Vec<String>, String> {
        let rows = self
            .client
            .query(
                "SELECT n.name FROM relay_nodes n JOIN pg_stat_activity a
                 ON a.pid = n.pid AND a.backend_start = n.backend_start",
                &[],
            )
            .await
            .map_err(|e| error_text(&e))?;
        rows.iter()
            .map(|row| row.try_get(0).map_err(|e| error_text(&e)))
            .collect()
    }

    /// Whether the connection has ended.
    pub(crate) fn is_closed(&self) -> bool {
        self.client.is_closed()
    }
}
