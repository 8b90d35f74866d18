//! Where every room lives: SQLite (one file, the embedded default) or
//! PostgreSQL (`--db postgres://…`, for several nodes), behind one handle.
//!
//! Rooms send the store [`Write`]s and wait for the answer before they
//! relay what they wrote: a write is acknowledged only once committed, so
//! a `kill -9` loses nothing acknowledged. Each backend has one worker
//! (a thread for SQLite, a task for PostgreSQL) that commits everything
//! waiting in one transaction, then answers each writer. It also loads a
//! room the server does not hold in memory (after a restart), and keeps
//! the players and their ratings.
//!
//! A rated game's end updates both players' ratings in the transaction
//! that stores it ([`Written::ratings`]), so two games ending at once
//! never lose an update, and a crash never stores one without the other.
//!
//! The two backends keep the same tables ([`sqlite`] and [`postgres`] show
//! them); PostgreSQL adds the room leases that let several nodes share
//! rooms ([`Store::claim`]). This module is public so that the tests can
//! drive the store directly (two nodes' leases); the server's own code
//! uses it through [`super::hub`].

mod postgres;
mod sqlite;

pub(crate) use postgres::Bus;

use std::path::Path;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use super::glicko::Glicko;
use super::metrics::metrics;
use crate::online::protocol::{
    ArchivedGame, ClockSpec, EndReason, ErrorKind, GameResult, GameSetup, PlayerInfo, Players,
    PoolRating, RatingChange, RatingChanges, side_text,
};
use crate::rules::Side;

/// Writes at most this many jobs in one transaction.
const BATCH: usize = 512;

/// Jobs waiting for the store's worker (either backend): two batches.
/// When the database falls this far behind, a room or connection that
/// asks waits for room here (the store never waits on them, so the wait
/// ends), and the server's memory stays bounded.
pub(crate) const STORE_JOBS: usize = 2 * BATCH;

/// One change to store, as a room decided it.
#[derive(Clone, Debug)]
pub enum Write {
    CreateRoom {
        code: String,
        setup: GameSetup,
        clock: Option<ClockSpec>,
        a_side: Side,
        token_a: String,
        at_ms: i64,
        /// The creator's player (`players.id`), if it said hello.
        player_a: Option<i64>,
        rated: bool,
    },
    SeatB {
        code: String,
        token_b: String,
        player_b: Option<i64>,
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
    /// The room was last seen with a connection at `at_ms` (when it
    /// leaves memory): a visit without a move keeps it from expiring.
    Seen { code: String, at_ms: i64 },
    /// Removes an abandoned room (refused if it has a finished game).
    Expire { code: String },
}

impl Write {
    /// The room the write changes.
    pub(crate) fn code(&self) -> &str {
        match self {
            Write::CreateRoom { code, .. }
            | Write::SeatB { code, .. }
            | Write::Move { code, .. }
            | Write::End { code, .. }
            | Write::NewGame { code, .. }
            | Write::Seen { code, .. }
            | Write::Expire { code } => code,
        }
    }
}

/// What a write did beyond storing: a rated game's rating changes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Written {
    pub(crate) ratings: Option<RatingChanges>,
}

/// A player as a seat holds it: its number in the store, and as shown.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct SeatPlayer {
    pub(crate) id: i64,
    pub(crate) info: PlayerInfo,
}

/// A connection's player, after `hello`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Identity {
    pub(crate) id: i64,
    pub(crate) name: String,
    pub(crate) bot: bool,
    pub(crate) ratings: Vec<PoolRating>,
}

impl Identity {
    /// The player as others see it (its rating looked up per room).
    pub(crate) fn info(&self) -> PlayerInfo {
        PlayerInfo {
            name: self.name.clone(),
            bot: self.bot,
            rating: None,
        }
    }
}

/// A refusal of `hello`: the error's kind and reason.
pub(crate) type HelloRefused = (ErrorKind, String);

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
    /// The players of seats A and B (with their ratings now, in the
    /// room's pool), and whether the room's games are rated.
    pub(crate) players: [Option<SeatPlayer>; 2],
    pub(crate) rated: bool,
    /// The last game's rating changes, if it was rated and has ended.
    pub(crate) ratings: Option<RatingChanges>,
}

/// What a player's page shows (`GET /api/players/NAME`).
#[derive(Clone, Debug)]
pub(crate) struct PlayerPage {
    pub(crate) name: String,
    pub(crate) bot: bool,
    pub(crate) ratings: Vec<PoolRating>,
    pub(crate) games: Vec<ArchivedGame>,
}

type Reply<T> = oneshot::Sender<Result<T, String>>;

/// What a backend's worker is asked to do.
enum Job {
    /// A write, in the lease of `epoch` when given (PostgreSQL refuses it
    /// if the room's lease has moved on; None: no lease is checked).
    Write {
        write: Write,
        epoch: Option<u64>,
        reply: Reply<Written>,
    },
    Load(String, Reply<Option<RoomRecord>>),
    Hello {
        key: String,
        name: String,
        bot: bool,
        reply: Reply<Result<Identity, HelloRefused>>,
    },
    Rating {
        player: i64,
        pool: String,
        reply: Reply<PlayerInfo>,
    },
    Games {
        player: i64,
        limit: u32,
        reply: Reply<Vec<ArchivedGame>>,
    },
    Player {
        name: String,
        reply: Reply<Option<PlayerPage>>,
    },
    Claim {
        code: String,
        node: String,
        ttl: Duration,
        reply: Reply<Option<u64>>,
    },
    Abandoned {
        before_ms: i64,
        limit: u32,
        reply: Reply<Vec<String>>,
    },
    /// The node whose lease on a room is current, if any.
    Holder(String, Reply<Option<String>>),
    /// A query that reads nothing (`/ready`).
    Ping(Reply<()>),
}

/// The handle rooms and connections use; cheap to clone. Either backend's
/// worker takes its jobs from a bounded channel of [`STORE_JOBS`].
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    /// PostgreSQL: several nodes may share the database.
    shared: bool,
    /// PostgreSQL's URL, for the nodes' bus.
    url: Option<String>,
}

/// Whether `--db` names a PostgreSQL database rather than a SQLite file.
fn is_postgres(db: &Path) -> Option<&str> {
    db.to_str()
        .filter(|t| t.starts_with("postgres://") || t.starts_with("postgresql://"))
}

/// The latest version of the PostgreSQL schema, as this server migrates
/// it (`schema_migrations`).
pub fn postgres_schema_version() -> i32 {
    postgres::latest_version()
}

/// `--db` as the log may show it: a PostgreSQL URL without its password.
pub(crate) fn describe(db: &Path) -> String {
    match is_postgres(db) {
        Some(url) => postgres::describe(url),
        None => db.display().to_string(),
    }
}

impl Store {
    /// Opens (or creates, or migrates) the database named by `--db`: a
    /// `postgres://` or `postgresql://` URL, or else a SQLite file; and
    /// starts its worker.
    pub async fn open(db: &Path) -> Result<Store, String> {
        Ok(match is_postgres(db) {
            Some(url) => Store {
                jobs: postgres::open(url).await?,
                shared: true,
                url: Some(url.to_string()),
            },
            None => Store {
                jobs: sqlite::open(db)?,
                shared: false,
                url: None,
            },
        })
    }

    /// Whether several nodes may share the database (PostgreSQL), so that
    /// rooms must be leased ([`Store::claim`]) before they are served.
    pub(crate) fn is_shared(&self) -> bool {
        self.shared
    }

    /// Sends a job and waits for its answer (a failure is counted in
    /// `/metrics`).
    async fn ask<T>(&self, job: impl FnOnce(Reply<T>) -> Job) -> Result<T, String> {
        let (tx, rx) = oneshot::channel();
        let stopped = || "the store has stopped".to_string();
        // Waits for room in the channel when the worker is behind.
        let answer = match self.jobs.send(job(tx)).await {
            Ok(()) => rx.await.unwrap_or_else(|_| Err(stopped())),
            Err(_) => Err(stopped()),
        };
        if answer.is_err() {
            metrics().database_errors.inc();
        }
        answer
    }

    /// Jobs waiting for the worker now.
    pub(crate) fn queue_depth(&self) -> usize {
        self.jobs.max_capacity() - self.jobs.capacity()
    }

    /// Ok when the database answers a query (`/ready`).
    pub(crate) async fn ping(&self) -> Result<(), String> {
        self.ask(Job::Ping).await
    }

    /// Stores `write`; returns once it is committed.
    pub async fn write(&self, write: Write) -> Result<Written, String> {
        self.ask(|reply| Job::Write {
            write,
            epoch: None,
            reply,
        })
        .await
    }

    /// Stores `write` in the room's lease of `epoch` ([`Store::claim`]):
    /// refused, with nothing written, if another node has claimed the
    /// room since. (SQLite has one node: any epoch will do.)
    pub async fn write_in_lease(&self, write: Write, epoch: u64) -> Result<Written, String> {
        self.ask(|reply| Job::Write {
            write,
            epoch: Some(epoch),
            reply,
        })
        .await
    }

    /// Takes room `code`'s lease for `node` for `ttl` when it is free or
    /// expired (a new epoch), or renews it when `node` holds it (the same
    /// epoch); None when another node holds it. SQLite always grants it.
    pub async fn claim(
        &self,
        code: &str,
        node: &str,
        ttl: Duration,
    ) -> Result<Option<u64>, String> {
        let (code, node) = (code.to_string(), node.to_string());
        self.ask(|reply| Job::Claim {
            code,
            node,
            ttl,
            reply,
        })
        .await
    }

    /// The node that holds room `code`'s lease now, if one does (SQLite:
    /// never one).
    pub(crate) async fn holder(&self, code: &str) -> Result<Option<String>, String> {
        self.ask(|reply| Job::Holder(code.to_string(), reply)).await
    }

    /// The nodes' message bus on this database (PostgreSQL's LISTEN and
    /// NOTIFY, [`Bus`]) for node `node`; None with SQLite (one node).
    pub(crate) async fn bus(&self, node: &str) -> Option<Result<Bus, String>> {
        let url = self.url.as_deref()?;
        Some(postgres::Bus::open(url, node).await)
    }

    /// The room stored under `code`, if any.
    pub(crate) async fn load(&self, code: &str) -> Result<Option<RoomRecord>, String> {
        self.ask(|reply| Job::Load(code.to_string(), reply)).await
    }

    /// The player of `key` (registered as `name` if the key is new; renamed
    /// if the name is new and free), or why not.
    pub(crate) async fn hello(
        &self,
        key: String,
        name: String,
        bot: bool,
    ) -> Result<Result<Identity, HelloRefused>, String> {
        self.ask(|reply| Job::Hello {
            key,
            name,
            bot,
            reply,
        })
        .await
    }

    /// Player `player` as shown, with its rating in `pool`.
    pub(crate) async fn rating(&self, player: i64, pool: String) -> Result<PlayerInfo, String> {
        self.ask(|reply| Job::Rating {
            player,
            pool,
            reply,
        })
        .await
    }

    /// Player `player`'s last `limit` games, newest first, with their moves.
    pub(crate) async fn games(&self, player: i64, limit: u32) -> Result<Vec<ArchivedGame>, String> {
        self.ask(|reply| Job::Games {
            player,
            limit,
            reply,
        })
        .await
    }

    /// The player named `name` (in any case), if there is one.
    pub(crate) async fn player(&self, name: &str) -> Result<Option<PlayerPage>, String> {
        let name = name.to_string();
        self.ask(|reply| Job::Player { name, reply }).await
    }

    /// Up to `limit` rooms without a finished game and with no creation,
    /// move or visit since `before_ms`.
    pub(crate) async fn abandoned(
        &self,
        before_ms: i64,
        limit: u32,
    ) -> Result<Vec<String>, String> {
        self.ask(|reply| Job::Abandoned {
            before_ms,
            limit,
            reply,
        })
        .await
    }
}

// What both backends compute the same way.

/// How a name is compared: two names that differ only in case are one.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// What a name looks like: its confusable skeleton (Unicode TR39), taken
/// again after lowercasing, so that `ВоtА` (Cyrillic), `BotA` and `bota`
/// look the same. A name whose skeleton another player's has is taken.
fn name_skeleton(name: &str) -> String {
    use unicode_security::confusable_detection::skeleton;
    let once: String = skeleton(name).collect();
    skeleton(&once.to_lowercase()).collect()
}

fn clock_of(initial: Option<i64>, increment: Option<i64>) -> Option<ClockSpec> {
    initial.zip(increment).map(|(i, n)| ClockSpec {
        initial_ms: i as u64,
        increment_ms: n as u64,
    })
}

fn setup_of(game: String, options: &str) -> GameSetup {
    GameSetup {
        game,
        options: options.split_whitespace().map(String::from).collect(),
    }
}

/// One archived game as both stores read it: the room's columns, the
/// game's, and the seats' players looked up.
struct StoredGame<'a> {
    code: &'a str,
    game_no: u32,
    /// The room's `game`, `options`, clock and `rated` columns.
    game: String,
    options: &'a str,
    clock_ms: (Option<i64>, Option<i64>),
    rated: bool,
    /// Seat A's side, and the players of seats A and B.
    a_side: Side,
    seats: (Option<PlayerInfo>, Option<PlayerInfo>),
    /// The game's `winner`, `reason` and `ratings` columns.
    winner: Option<String>,
    reason: Option<String>,
    ratings: Option<String>,
    moves: Vec<String>,
    /// When it ended, or the room was made.
    at_ms: i64,
}

impl StoredGame<'_> {
    /// The game as the archive gives it; `Err` names the column that is
    /// unreadable.
    fn archived(self) -> Result<ArchivedGame, &'static str> {
        let result = match self.reason {
            Some(reason) => Some(GameResult {
                winner: self.winner.as_deref().and_then(side_text::from_name),
                reason: reason_of(&reason).ok_or("reason")?,
            }),
            None => None,
        };
        let rated = self.rated && self.seats.0.is_some() && self.seats.1.is_some();
        let mut players = Players::default();
        players.set(self.a_side, self.seats.0);
        players.set(self.a_side.other(), self.seats.1);
        Ok(ArchivedGame {
            code: self.code.to_string(),
            game_no: self.game_no,
            setup: setup_of(self.game, self.options),
            clock: clock_of(self.clock_ms.0, self.clock_ms.1),
            players,
            rated,
            moves: self.moves,
            result,
            ratings: self.ratings.and_then(|r| serde_json::from_str(&r).ok()),
            at_ms: self.at_ms,
        })
    }
}

/// The reason a stored id names: its name on the wire ([`EndReason::id`]
/// is the serde name), so a reason added to the protocol is read back
/// without a list to keep up to date here.
fn reason_of(id: &str) -> Option<EndReason> {
    let reason: EndReason = serde_json::from_value(serde_json::Value::String(id.into())).ok()?;
    (reason.id() == id).then_some(reason)
}

/// Both players' new ratings after a game (`a_side`: seat A's side), and
/// the changes as the protocol shows them.
fn rated_game(
    a_side: Side,
    winner: Option<Side>,
    old_a: Glicko,
    old_b: Glicko,
) -> (Glicko, Glicko, RatingChanges) {
    let score_a = match winner {
        None => 0.5,
        Some(side) if side == a_side => 1.0,
        Some(_) => 0.0,
    };
    let new_a = old_a.after_game(&old_b, score_a);
    let new_b = old_b.after_game(&old_a, 1.0 - score_a);
    let change = |old: Glicko, new: Glicko| RatingChange {
        old: old.shown(),
        new: new.shown(),
    };
    let (hunters, crowd) = if a_side == Side::Hunters {
        (change(old_a, new_a), change(old_b, new_b))
    } else {
        (change(old_b, new_b), change(old_a, new_a))
    };
    (new_a, new_b, RatingChanges { hunters, crowd })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn create(code: &str) -> Write {
        Write::CreateRoom {
            code: code.into(),
            setup: GameSetup {
                game: "pirates".into(),
                options: Vec::new(),
            },
            clock: None,
            a_side: Side::Hunters,
            token_a: "token-a".into(),
            at_ms: 1,
            player_a: None,
            rated: false,
        }
    }

    fn end(code: &str, winner: Side, reason: EndReason) -> Write {
        Write::End {
            code: code.into(),
            game_no: 1,
            result: GameResult {
                winner: Some(winner),
                reason,
            },
            at_ms: 2,
        }
    }

    /// A resignation and a flag stored one after the other (as two ends
    /// racing would be): the first stands, the second is refused, and no
    /// move is added to the ended game. (PostgreSQL's: the tests of
    /// `tests/core/online_postgres.rs`.)
    #[tokio::test]
    async fn a_second_end_never_overwrites_the_first() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::open(&dir.path().join("games.sqlite3"))
            .await
            .expect("a store");
        store.write(create("ABCD")).await.expect("created");
        let resigned = end("ABCD", Side::Crowd, EndReason::Resigned);
        let flag = end("ABCD", Side::Hunters, EndReason::Flag);
        let (first, second) = tokio::join!(store.write(resigned), store.write(flag));
        assert!(first.is_ok(), "{first:?}");
        assert!(second.is_err(), "a second end is refused: {second:?}");
        let late_move = Write::Move {
            code: "ABCD".into(),
            game_no: 1,
            ply: 0,
            mv: "a1-a2".into(),
            clocks: None,
            end: None,
            at_ms: 3,
        };
        assert!(store.write(late_move).await.is_err());
        let record = store.load("ABCD").await.expect("read").expect("stored");
        let result = record.result.expect("a result");
        assert_eq!(
            (result.winner, result.reason),
            (Some(Side::Crowd), EndReason::Resigned)
        );
        assert!(record.moves.is_empty());
    }

    /// Jobs beyond the channel's capacity wait in their senders: with the
    /// store's worker stalled (here: not started), no more than
    /// [`STORE_JOBS`] are queued however many are asked for. Both
    /// backends' workers take their jobs from this one channel.
    #[tokio::test]
    async fn the_job_queue_is_bounded() {
        let (jobs, rx) = mpsc::channel(STORE_JOBS);
        let store = Store {
            jobs,
            shared: false,
            url: None,
        };
        let asks: Vec<_> = (0..STORE_JOBS + 100)
            .map(|i| {
                let store = store.clone();
                tokio::spawn(async move { store.load(&format!("room{i}")).await })
            })
            .collect();
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert_eq!(rx.len(), STORE_JOBS);
        assert!(asks.iter().all(|ask| !ask.is_finished()));
        drop(rx);
        for ask in asks {
            let answer = ask.await.expect("a task");
            assert!(answer.is_err(), "the store has stopped");
        }
    }
}
