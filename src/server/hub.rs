//! The rooms in memory: a map from invite code to each room's task, and
//! the task itself.
//!
//! A room is one tokio task that owns its [`Room`] and takes inputs one
//! at a time from its channel (entries, commands, departures) or from its
//! timer (flag fall, a claim that becomes possible). A change is stored
//! before it is applied and relayed. Rooms are independent: nothing one
//! room does waits on another, except the store's shared commit. A room
//! not in memory (after a restart, or unloaded when empty) is loaded from
//! the store on its first entry.
//!
//! With PostgreSQL several nodes may share the rooms, one owner at a time:
//! a node takes a room's lease ([`Store::claim`]) before it creates or
//! loads it, renews it while it serves the room, and writes in it, so the
//! store refuses the writes of a node whose lease another has taken. A
//! node that finds its lease taken closes the room (its players reconnect).
//! A room that leaves memory (idle, over `--max-rooms-in-memory`, or
//! expired) lets its lease go at once. SQLite has one node: no leases.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Duration, Instant, sleep_until};

use super::lobby::Lobby;
use super::metrics::metrics;
use super::outbox::Outbox;
use super::peers::{PeerCaps, PeerSlot, Peers};
use super::refusal::{busy_error, storage_error};
use super::relay::{Relay, proxy};
use super::room::{ConnId, Creator, Decision, Entry, Out, Room, Timing, To};
use super::room_handle::{NotSent, ROOM_WAIT, RoomHandle, RoomInput};
use super::store::{PlayerPage, SeatPlayer, Store, Write, Written};
use super::{Config, logging, secret};
use crate::online::protocol::{
    ArchivedGame, ClockSpec, EndReason, ErrorKind, Event, GameSetup, PlayerInfo, changes_ratings,
    rating_pool, side_text,
};
use crate::rules::Side;

/// A connection's place in the server's count of open connections, held
/// by the task that owns its socket's writing half: the count falls when
/// the socket is freed, not when the connection stops reading.
pub(crate) struct ConnectionSlot {
    hub: Arc<Hub>,
    /// Its place in its address's count.
    peer: PeerSlot,
}

impl ConnectionSlot {
    /// The client's address (the peer's, or forwarded by a trusted proxy).
    pub(crate) fn client(&self) -> IpAddr {
        self.peer.client
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.hub.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The most games `my_games` sends.
const MY_GAMES: u32 = 30;

/// How long `/ready` waits for the store before it says no.
const READY_WAIT: Duration = Duration::from_secs(2);

/// A room to open: its game, the creator's side and player, the clock.
pub(crate) struct NewRoom {
    pub(crate) setup: GameSetup,
    pub(crate) side: Side,
    pub(crate) clock: Option<ClockSpec>,
    pub(crate) player: Option<SeatPlayer>,
    pub(crate) rated: bool,
}

/// One line of a player's page: `game CODE N: GAME CLOCK, hunters NAME,
/// crowd NAME, RESULT, rated|unrated`.
fn game_line(game: &ArchivedGame) -> String {
    let name = |side| {
        game.players
            .get(side)
            .map_or("anonymous".to_string(), |p| p.to_string())
    };
    format!(
        "game {} {}: {} {}, hunters {}, crowd {}, {}, {}\n",
        game.code,
        game.game_no,
        game.setup.game,
        game.clock.map_or("untimed".into(), |c| c.to_string()),
        name(Side::Hunters),
        name(Side::Crowd),
        game.result.map_or("playing".into(), |r| r.to_string()),
        match game.result {
            _ if !game.rated => "unrated",
            Some(r) if r.reason == EndReason::Aborted => "unrated (aborted)",
            // The stored changes say whether it counted: the page reads
            // games without their moves, so their count is not at hand.
            Some(_) if game.ratings.is_none() => "unrated (too short)",
            _ => "rated",
        },
    )
}

/// Whether a room another node serves may be entered here through a
/// proxy: yes for this node's connections, no for another node's entry
/// (this node is then the owner, or refuses) and for the expiry sweep.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Relaying {
    Allowed,
    Refused,
}

/// A room's lease held by this node: its epoch, and when to renew it.
#[derive(Clone, Copy, Debug)]
struct Lease {
    epoch: u64,
    renew_at: Instant,
}

pub(crate) struct Hub {
    rooms: Mutex<HashMap<String, RoomHandle>>,
    /// Connections, unknown codes and new rooms per client address.
    pub(crate) peers: Arc<Peers>,
    pub(crate) lobby: Lobby,
    store: Store,
    pub(crate) config: Config,
    /// This node's name in the rooms' leases.
    node: String,
    /// The relay to the other nodes' players (PostgreSQL only).
    relay: Option<Relay>,
    next_conn: AtomicU64,
    connections: AtomicU64,
    /// Set when the node shuts down: no room is loaded or opened here.
    draining: AtomicBool,
    /// Set once the rooms have gone: every connection moves on.
    move_on: tokio::sync::watch::Sender<bool>,
    next_task: AtomicU64,
}

impl Hub {
    pub(crate) fn new(store: Store, config: Config, node: String) -> Hub {
        Hub {
            rooms: Mutex::new(HashMap::new()),
            peers: Arc::new(Peers::new(PeerCaps {
                connections: config.max_connections_per_ip,
                unknown_codes: config.max_unknown_codes_per_ip,
                new_rooms: config.max_new_rooms_per_ip,
                trusted_proxies: config.trusted_proxies.clone(),
            })),
            lobby: Lobby::new(secret::seek_base()),
            relay: store.is_shared().then(|| Relay::new(node.clone())),
            store,
            config,
            node,
            next_conn: AtomicU64::new(1),
            connections: AtomicU64::new(0),
            draining: AtomicBool::new(false),
            move_on: tokio::sync::watch::Sender::new(false),
            next_task: AtomicU64::new(1),
        }
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn relay(&self) -> Option<&Relay> {
        self.relay.as_ref()
    }

    /// Takes room `code`'s lease for this node: None with SQLite (one
    /// node), an error when another node holds it.
    async fn lease(&self, code: &str) -> Result<Option<Lease>, Event> {
        if !self.store.is_shared() {
            return Ok(None);
        }
        let asked = Instant::now();
        match self.store.claim(code, &self.node, self.config.lease).await {
            Ok(Some(epoch)) => Ok(Some(Lease {
                epoch,
                renew_at: asked + self.config.lease / 3,
            })),
            Ok(None) => Err(Event::error(
                ErrorKind::Storage,
                format!("room {code} is being served by another node: try again shortly"),
            )),
            Err(e) => Err(storage_error(&e)),
        }
    }

    /// Renews a room's lease when due. Err when another node has taken
    /// the room (this one's copy is stale); a store that fails to answer
    /// keeps the lease as it is (a write in it is refused if it has moved on).
    async fn keep_lease(&self, lease: &mut Option<Lease>, code: &str) -> Result<(), String> {
        let Some(held) = lease else {
            return Ok(());
        };
        let asked = Instant::now();
        if asked < held.renew_at {
            return Ok(());
        }
        match self.store.claim(code, &self.node, self.config.lease).await {
            Ok(Some(epoch)) if epoch == held.epoch => {
                held.renew_at = asked + self.config.lease / 3;
                Ok(())
            }
            Ok(_) => Err("another node has taken the room".into()),
            Err(e) => {
                tracing::warn!("room {code}: lease not renewed: {e}");
                Ok(())
            }
        }
    }

    /// Stores `write`, in the room's lease when there is one.
    async fn write(&self, write: Write, lease: Option<Lease>) -> Result<Written, String> {
        match lease {
            Some(lease) => self.store.write_in_lease(write, lease.epoch).await,
            None => self.store.write(write).await,
        }
    }

    /// The rooms' waits, from the command line.
    fn timing(&self) -> Timing {
        Timing {
            claim_after: self.config.claim_after,
            abort_after: self.config.abort_after,
            stall_after: self.config.stall_after,
        }
    }

    /// A place for a new connection from `client` in the count of open
    /// connections (held until its socket is freed), or None when the
    /// address has its cap open.
    pub(crate) fn admit(self: &Arc<Self>, client: IpAddr) -> Option<ConnectionSlot> {
        let peer = self.peers.open(client)?;
        self.connections.fetch_add(1, Ordering::Relaxed);
        Some(ConnectionSlot {
            hub: Arc::clone(self),
            peer,
        })
    }

    /// A new connection's number.
    pub(crate) fn next_conn(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// A room's last game as text (`GET /api/games/CODE`): the game, its
    /// options and clock, the players and their ratings, the result (or
    /// `playing`) and the rating changes, the moves as `move N: MOVE`
    /// lines, and the clocks after the last move; `None` when no room has
    /// the code.
    pub(crate) async fn archive(&self, code: &str) -> Result<Option<String>, String> {
        if !secret::looks_like_code(code) {
            return Ok(None);
        }
        let Some(record) = self.store.load(code).await? else {
            return Ok(None);
        };
        // A game the rules ended is stored with its last move, not as an
        // end: the room as restored knows.
        let result = Room::restore(record.clone(), self.timing(), Instant::now())
            .ok()
            .and_then(|room| room.result());
        let mut text = format!(
            "code: {}\ngame: {}\noptions: {}\nclock: {}\ngame number: {}\ncreator: {}\n",
            record.code,
            record.setup.game,
            record.setup.options.join(" "),
            record.clock.map_or("none".into(), |c| c.to_string()),
            record.game_no,
            side_text::name(record.a_side),
        );
        let sides = [record.a_side, record.a_side.other()];
        for (seat, side) in sides.into_iter().enumerate() {
            // The name alone: the ratings this game gave follow.
            let player = record.players[seat]
                .as_ref()
                .map_or("anonymous".into(), |p| {
                    PlayerInfo {
                        rating: None,
                        ..p.info.clone()
                    }
                    .to_string()
                });
            text.push_str(&format!("{}: {player}\n", side_text::name(side)));
        }
        let counts = result.is_none_or(|r| changes_ratings(&r, record.moves.len()));
        let rated = record.rated && record.players.iter().all(Option::is_some) && counts;
        text.push_str(&format!("rated: {}\n", if rated { "yes" } else { "no" }));
        match result {
            Some(result) => text.push_str(&format!("result: {result}\n")),
            None => text.push_str("result: playing\n"),
        }
        if let Some(ratings) = record.ratings {
            for side in [Side::Hunters, Side::Crowd] {
                let change = ratings.get(side);
                text.push_str(&format!(
                    "rating {}: {change} ({:+})\n",
                    side_text::name(side),
                    change.delta()
                ));
            }
        }
        for (i, stored) in record.moves.iter().enumerate() {
            text.push_str(&format!("move {}: {}\n", i + 1, stored.mv));
        }
        if let Some([hunters, crowd]) = record.moves.last().and_then(|m| m.clocks) {
            text.push_str(&format!("clocks: hunters {hunters} ms, crowd {crowd} ms\n"));
        }
        Ok(Some(text))
    }

    /// A player's page as text (`GET /api/players/NAME`): the name, a
    /// `rating POOL: R (deviation D, N games)` line per pool, and a
    /// `game CODE N: …` line per recent game; `None` for no such player.
    pub(crate) async fn player_page(&self, name: &str) -> Result<Option<String>, String> {
        if crate::online::protocol::check_name(name).is_err() {
            return Ok(None);
        }
        let Some(PlayerPage {
            name,
            bot,
            ratings,
            games,
        }) = self.store.player(name).await?
        else {
            return Ok(None);
        };
        let mut text = format!("name: {name}\nbot: {}\n", if bot { "yes" } else { "no" });
        for pool in &ratings {
            text.push_str(&format!(
                "rating {}: {} (deviation {}, {} games)\n",
                pool.pool, pool.rating, pool.rating.deviation, pool.games
            ));
        }
        for game in &games {
            text.push_str(&game_line(game));
        }
        Ok(Some(text))
    }

    /// A player's recent games, with their moves (`my_games`).
    pub(crate) async fn games_of(&self, player: i64) -> Result<Vec<ArchivedGame>, String> {
        self.store.games(player, MY_GAMES).await
    }

    /// `player` with its rating in the pool of `setup` and `clock` now.
    pub(crate) async fn rated_player(
        &self,
        player: &SeatPlayer,
        setup: &GameSetup,
        clock: Option<ClockSpec>,
    ) -> Result<SeatPlayer, String> {
        let info = self
            .store
            .rating(player.id, rating_pool(&setup.game, clock))
            .await?;
        Ok(SeatPlayer {
            id: player.id,
            info,
        })
    }

    /// Whether this node can serve: the store answers within
    /// [`READY_WAIT`], and the relay's bus (PostgreSQL) is open.
    pub(crate) async fn readiness(&self) -> Result<(), String> {
        match tokio::time::timeout(READY_WAIT, self.store.ping()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(format!("the database: {e}")),
            Err(_) => return Err("the database does not answer".into()),
        }
        match &self.relay {
            Some(relay) if !relay.bus_open() => Err("the nodes' bus is closed".into()),
            _ => Ok(()),
        }
    }

    /// `/metrics`: the gauges read now, then every metric as text.
    pub(crate) fn metrics_text(&self) -> String {
        let metrics = metrics();
        let (rooms, connections) = self.counts();
        let (seeks, live) = self.lobby.local_counts();
        let gauge = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        metrics.rooms_in_memory.set(gauge(rooms));
        metrics
            .connections
            .set(i64::try_from(connections).unwrap_or(i64::MAX));
        metrics.seeks.set(gauge(seeks));
        metrics.rooms_live.set(gauge(live));
        metrics.store_queue.set(gauge(self.store.queue_depth()));
        metrics.render()
    }

    /// The node is shutting down: from now on no room is loaded or
    /// opened here; the rooms in memory are asked to go.
    pub(crate) async fn hand_rooms_over(&self, wait: Duration) {
        self.draining.store(true, Ordering::Relaxed);
        let handles: Vec<RoomHandle> = self
            .rooms
            .lock()
            .map_or_else(|_| Vec::new(), |rooms| rooms.values().cloned().collect());
        for handle in handles {
            let _ = handle.offer(RoomInput::Drain, wait).await;
        }
    }

    /// Tells every connection to move on to the next server.
    pub(crate) fn send_connections_on(&self) {
        self.move_on.send_replace(true);
    }

    /// Changes once connections are told to move on (at once for one
    /// that arrives after).
    pub(crate) fn moving_on(&self) -> tokio::sync::watch::Receiver<bool> {
        let mut moving_on = self.move_on.subscribe();
        if *moving_on.borrow() {
            moving_on.mark_changed();
        }
        moving_on
    }

    fn refuse_if_draining(&self) -> Result<(), Event> {
        if self.draining.load(Ordering::Relaxed) {
            return Err(storage_error("this server is shutting down: reconnect"));
        }
        Ok(())
    }

    /// Rooms in memory and open connections, for `/health`.
    pub(crate) fn counts(&self) -> (usize, u64) {
        let rooms = self.rooms.lock().map_or(0, |r| r.len());
        (rooms, self.connections.load(Ordering::Relaxed))
    }

    /// Opens a room with its creator (and its player, if it said hello)
    /// in seat A.
    pub(crate) async fn create(
        self: &Arc<Self>,
        room: NewRoom,
        conn: ConnId,
        outbox: Outbox,
    ) -> Result<RoomHandle, Event> {
        let NewRoom {
            setup,
            side,
            clock,
            player,
            rated,
        } = room;
        self.refuse_if_draining()?;
        let bad = |e: String| Event::error(ErrorKind::BadSetup, e);
        let variant = setup.variant().map_err(bad)?;
        if let Some(clock) = clock {
            clock.check().map_err(bad)?;
        }
        let setup = GameSetup::of(&variant);
        let player = match player {
            Some(player) => Some(
                self.rated_player(&player, &setup, clock)
                    .await
                    .map_err(|e| storage_error(&e))?,
            ),
            None => None,
        };
        let (code, token) = secret::code()
            .and_then(|c| Ok((c, secret::token()?)))
            .map_err(|e| storage_error(&e))?;
        let lease = self.lease(&code).await?;
        let write = Write::CreateRoom {
            code: code.clone(),
            setup: setup.clone(),
            clock,
            a_side: side,
            token_a: token.clone(),
            at_ms: logging::wall_ms(),
            player_a: player.as_ref().map(|p| p.id),
            rated,
        };
        self.write(write, lease)
            .await
            .map_err(|e| storage_error(&e))?;
        let by = player
            .as_ref()
            .map_or("anonymous".into(), |p| p.info.name.clone());
        let room = Room::new(
            code.clone(),
            variant,
            clock,
            Creator {
                side,
                token,
                player,
            },
            rated,
            self.timing(),
        );
        let handle = self.spawn(room, lease);
        tracing::info!(
            "room {code}: created by conn {conn} ({}): {} ({}), creator {}, clock {}, {}",
            by,
            setup.game,
            setup.options.join(" "),
            side_text::name(side),
            clock.map_or("none".into(), |c| c.to_string()),
            if rated { "rated" } else { "unrated" },
        );
        self.enter_handle(&handle, conn, Entry::Creator, outbox)
            .await
            .map(|_| handle)
    }

    /// Brings a connection into the room `code` (join, resume or watch),
    /// through a proxy when another node serves it.
    pub(crate) async fn enter(
        self: &Arc<Self>,
        code: &str,
        entry: Entry,
        conn: ConnId,
        outbox: Outbox,
    ) -> Result<RoomHandle, Event> {
        self.enter_as(code, entry, conn, outbox, Relaying::Allowed)
            .await
    }

    /// Brings another node's connection into room `code` here, as its
    /// owner ([`super::relay`]): never through a proxy, so that two nodes
    /// cannot send an entry back and forth.
    pub(crate) async fn enter_here(
        self: &Arc<Self>,
        code: &str,
        entry: Entry,
        conn: ConnId,
        outbox: Outbox,
    ) -> Result<RoomHandle, Event> {
        self.enter_as(code, entry, conn, outbox, Relaying::Refused)
            .await
    }

    async fn enter_as(
        self: &Arc<Self>,
        code: &str,
        entry: Entry,
        conn: ConnId,
        outbox: Outbox,
        relaying: Relaying,
    ) -> Result<RoomHandle, Event> {
        let unknown = || Event::error(ErrorKind::UnknownRoom, format!("no room `{code}`"));
        if !secret::looks_like_code(code) {
            return Err(unknown());
        }
        // A room may unload between the lookup and the entry: look again.
        for _ in 0..3 {
            let handle = self.room(code, relaying).await?.ok_or_else(unknown)?;
            match self
                .enter_handle(&handle, conn, entry.clone(), outbox.clone())
                .await
            {
                Ok(true) => return Ok(handle),
                Ok(false) => self.forget(&handle),
                Err(refusal) => return Err(refusal),
            }
        }
        Err(storage_error("the room kept closing"))
    }

    /// Ok(false) when the room's task has ended.
    async fn enter_handle(
        &self,
        handle: &RoomHandle,
        conn: ConnId,
        entry: Entry,
        outbox: Outbox,
    ) -> Result<bool, Event> {
        let (reply, answer) = oneshot::channel();
        let input = RoomInput::Enter {
            conn,
            entry,
            outbox,
            reply,
        };
        match handle.offer(input, ROOM_WAIT).await {
            Ok(()) => {}
            Err(NotSent::Closed) => return Ok(false),
            Err(NotSent::Busy) => return Err(busy_error(&handle.code)),
        }
        match answer.await {
            Ok(Ok(())) => Ok(true),
            Ok(Err(refusal)) => Err(refusal),
            Err(_) => Ok(false),
        }
    }

    /// The room in memory, or loaded from the store; None when no such
    /// room. When another node holds the room, a proxy of it here (see
    /// [`super::relay`]) if `relaying` allows one.
    async fn room(
        self: &Arc<Self>,
        code: &str,
        relaying: Relaying,
    ) -> Result<Option<RoomHandle>, Event> {
        let moving = || storage_error(&format!("room {code} is moving between nodes"));
        self.refuse_if_draining()?;
        if let Some(handle) = self.lookup(code) {
            if handle.is_proxy() && relaying == Relaying::Refused {
                return Err(moving());
            }
            return Ok(Some(handle));
        }
        let Some(mut record) = self.store.load(code).await.map_err(|e| storage_error(&e))? else {
            return Ok(None);
        };
        let lease = match self.lease(code).await {
            Ok(lease) => lease,
            Err(refusal) => {
                if relaying == Relaying::Allowed
                    && self.relay.is_some()
                    && let Ok(Some(owner)) = self.store.holder(code).await
                    && owner != self.node
                {
                    return Ok(Some(self.spawn_proxy(code, owner)));
                }
                return Err(refusal);
            }
        };
        if lease.is_some() {
            // Loaded again in the lease: the last owner's writes are all in.
            match self.store.load(code).await.map_err(|e| storage_error(&e))? {
                Some(fresh) => record = fresh,
                None => return Ok(None),
            }
        }
        let room = Room::restore(record, self.timing(), Instant::now()).map_err(|e| {
            tracing::error!("room {code}: cannot be restored: {e}");
            storage_error(&e)
        })?;
        // Two resumes of one room can both get here: only the first lists
        // (and starts) it, under the lock; the other takes that handle.
        Ok(Some(self.spawn_unless_listed(room, lease)))
    }

    /// Starts a restored room's task and lists it, in one step under the
    /// lock, unless a task for the room is listed already: then that one.
    fn spawn_unless_listed(self: &Arc<Self>, room: Room, lease: Option<Lease>) -> RoomHandle {
        let Ok(mut rooms) = self.rooms.lock() else {
            return self.spawn(room, lease);
        };
        if let Some(handle) = rooms.get(room.code()) {
            return handle.clone();
        }
        let (handle, rx) = RoomHandle::new(room.code(), self.next_task());
        rooms.insert(handle.code.clone(), handle.clone());
        self.unload_beyond_cap(&rooms, &handle.code);
        drop(rooms);
        tracing::info!("room {}: loaded from the store", handle.code);
        tokio::spawn(self.room_task(room, lease, handle.clone(), rx));
        handle
    }

    /// Starts a proxy of room `code`, which node `owner` serves, and lists
    /// it, unless a task for the room is listed already: then that one.
    fn spawn_proxy(self: &Arc<Self>, code: &str, owner: String) -> RoomHandle {
        let (handle, rx) = RoomHandle::new_proxy(code, self.next_task());
        let Ok(mut rooms) = self.rooms.lock() else {
            return handle;
        };
        if let Some(listed) = rooms.get(code) {
            return listed.clone();
        }
        let Some(relay) = &self.relay else {
            return handle;
        };
        if let Some(listed) = relay.list_proxy(&owner, &handle) {
            return listed;
        }
        rooms.insert(handle.code.clone(), handle.clone());
        drop(rooms);
        // The relay is below the hub: the hub's part, unlisting the room
        // once the proxy ends, is handed to it.
        let hub = Arc::clone(self);
        let (code, proxy) = (code.to_string(), handle.clone());
        tokio::spawn(async move {
            if let Some(relay) = hub.relay() {
                proxy::run(relay, code, owner, proxy, rx, |h| hub.forget(h)).await;
            }
        });
        handle
    }

    fn lookup(&self, code: &str) -> Option<RoomHandle> {
        self.rooms.lock().ok()?.get(code).cloned()
    }

    /// Starts a room's task and lists it.
    fn spawn(self: &Arc<Self>, room: Room, lease: Option<Lease>) -> RoomHandle {
        let (handle, rx) = RoomHandle::new(room.code(), self.next_task());
        if let Ok(mut rooms) = self.rooms.lock() {
            rooms.insert(handle.code.clone(), handle.clone());
            self.unload_beyond_cap(&rooms, &handle.code);
        }
        tokio::spawn(self.room_task(room, lease, handle.clone(), rx));
        handle
    }

    /// A room's task, in a span that names the room and this node (the
    /// log's lines from it carry both).
    fn room_task(
        self: &Arc<Self>,
        room: Room,
        lease: Option<Lease>,
        handle: RoomHandle,
        rx: mpsc::Receiver<RoomInput>,
    ) -> impl Future<Output = ()> + use<> {
        use tracing::Instrument;
        let span = tracing::info_span!("room", code = %handle.code, node = %self.node);
        run_room(Arc::clone(self), room, lease, handle, rx).instrument(span)
    }

    /// The number of a room's new task.
    fn next_task(&self) -> u64 {
        self.next_task.fetch_add(1, Ordering::Relaxed)
    }

    /// More rooms in memory than `--max-rooms-in-memory`.
    fn over_cap(&self) -> bool {
        let cap = self.config.max_rooms_in_memory;
        cap != 0 && self.rooms.lock().is_ok_and(|rooms| rooms.len() > cap)
    }

    /// Past the cap on rooms in memory, asks the rooms idle longest (not
    /// `spared`, just listed) to leave memory: they stay in the store and
    /// come back on their next entry. Rooms with someone in them or a
    /// clock running stay, so the cap bounds idle rooms only.
    fn unload_beyond_cap(&self, rooms: &HashMap<String, RoomHandle>, spared: &str) {
        let cap = self.config.max_rooms_in_memory;
        if cap == 0 || rooms.len() <= cap {
            return;
        }
        let mut idle: Vec<(i64, &RoomHandle)> = rooms
            .values()
            .filter(|h| h.code != spared)
            .map(|h| (h.idle_since_ms(), h))
            .filter(|(since, _)| *since != 0)
            .collect();
        idle.sort_unstable_by_key(|(since, _)| *since);
        for (_, handle) in idle.into_iter().take(rooms.len() - cap) {
            // A full inbox is a busy room: it is not idle.
            handle.try_send(RoomInput::Unload);
        }
    }

    /// Unlists a room whose task has ended (only that task's entry).
    pub(crate) fn forget(&self, handle: &RoomHandle) {
        self.unlist(&handle.code, handle.task());
    }

    fn unlist(&self, code: &str, task: u64) {
        if let Ok(mut rooms) = self.rooms.lock()
            && rooms.get(code).is_some_and(|h| h.task() == task)
        {
            rooms.remove(code);
        }
    }
}

/// A room's task: inputs one at a time, changes stored before applied.
async fn run_room(
    hub: Arc<Hub>,
    room: Room,
    lease: Option<Lease>,
    handle: RoomHandle,
    mut rx: mpsc::Receiver<RoomInput>,
) {
    let mut task = RoomTask {
        hub,
        room,
        lease,
        handle,
        outboxes: HashMap::new(),
        empty_since: Some(Instant::now()),
        visited: false,
        may_expire: true,
        listed: false,
    };
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    while let Step::Go = task.step(&mut rx, far).await {}
    task.leave_memory().await;
}

/// Whether a room's task goes on after a step.
enum Step {
    Go,
    /// The room leaves memory (its task ends).
    End,
}

/// A room's task and what it keeps between inputs.
struct RoomTask {
    hub: Arc<Hub>,
    room: Room,
    lease: Option<Lease>,
    handle: RoomHandle,
    outboxes: HashMap<ConnId, Outbox>,
    /// Since when nobody has been in the room (None while someone is).
    empty_since: Option<Instant>,
    /// Someone came in during this task's life (its departure is stored
    /// as a visit when the room leaves memory).
    visited: bool,
    /// Cleared when the store refused to expire the room: no retry in a
    /// loop; the sweep tries again once the room has left memory.
    may_expire: bool,
    /// Listed in the lobby as being played (told only when it changes).
    listed: bool,
}

impl RoomTask {
    /// Since when the room has been idle: nobody in it, no clock running.
    fn idle_since(&self) -> Option<Instant> {
        self.empty_since.filter(|_| !self.room.clock_running())
    }

    /// Waits for an input or a timer (`far`: never) and acts on it.
    async fn step(&mut self, rx: &mut mpsc::Receiver<RoomInput>, far: Instant) -> Step {
        let deadline = self.room.next_deadline();
        let idle_since = self.idle_since();
        let unload_at = idle_since.map(|since| since + self.hub.config.unload_after);
        let expire_at = idle_since
            .filter(|_| self.may_expire && self.room.never_finished())
            .zip(self.hub.config.expire_after)
            .map(|(since, after)| since + after);
        let input = tokio::select! {
            input = rx.recv() => match input {
                Some(input) => Some(input),
                None => return Step::End,
            },
            _ = sleep_until(deadline.unwrap_or(far)), if deadline.is_some() => None,
            _ = sleep_until(unload_at.unwrap_or(far)), if unload_at.is_some() => {
                tracing::info!("room {}: unloaded (nobody here)", self.room.code());
                return Step::End;
            }
            _ = sleep_until(expire_at.unwrap_or(far)), if expire_at.is_some() => {
                if expire(&self.hub, &self.room, self.lease).await {
                    self.visited = false;
                    return Step::End;
                }
                self.may_expire = false;
                return Step::Go;
            }
        };
        if let Err(e) = self.hub.keep_lease(&mut self.lease, self.room.code()).await {
            self.lease_lost(&e);
            return Step::End;
        }
        match input {
            Some(RoomInput::Drain) => {
                tracing::info!(
                    "room {}: handed over (the node is shutting down)",
                    self.room.code()
                );
                return Step::End;
            }
            Some(RoomInput::Unload) if idle_since.is_some() => {
                self.log_over_cap();
                return Step::End;
            }
            Some(RoomInput::Expire)
                if !self.visited && idle_since.is_some() && self.room.never_finished() =>
            {
                if expire(&self.hub, &self.room, self.lease).await {
                    return Step::End;
                }
                return Step::Go;
            }
            Some(RoomInput::Enter { .. }) => self.visited = true,
            _ => {}
        }
        self.act_on(input).await
    }

    /// Another node has taken the room: its connections here are told
    /// and let go.
    fn lease_lost(&mut self, e: &str) {
        // Dropped unanswered, an entry looks the room up again.
        tracing::error!("room {}: {e}: closed here", self.room.code());
        let error = storage_error(e);
        for outbox in self.outboxes.values() {
            outbox.send(&error);
            outbox.kick.notify_one();
        }
        // Another node owns the room now: nothing more is written here
        // (not its visit either), and the lease is not ours to let go.
        self.lease = None;
        self.visited = false;
    }

    /// An input (None: the timer) decided, stored, applied and answered;
    /// then the lobby and the hub hear how the room stands.
    async fn act_on(&mut self, input: Option<RoomInput>) -> Step {
        let Some((decision, reply)) =
            take(&mut self.room, &mut self.outboxes, input, Instant::now())
        else {
            return Step::Go;
        };
        let stored = decide(
            &self.hub,
            &mut self.room,
            &mut self.outboxes,
            decision,
            self.lease,
        )
        .await;
        if let Some((conn, reply)) = reply {
            if let Err(e) = &stored {
                self.outboxes.remove(&conn);
                self.room.leave(conn, Instant::now());
                let _ = reply.send(Err(e.clone()));
            } else {
                let _ = reply.send(Ok(()));
            }
        }
        if stored.is_err() {
            // Give a failing disk a moment before a timer asks again.
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        self.tell_how_it_stands()
    }

    /// Tells the lobby whether the game is being played and the hub since
    /// when the room has been idle; past the cap on rooms in memory, an
    /// idle room leaves it.
    fn tell_how_it_stands(&mut self) -> Step {
        if self.room.is_live() != self.listed {
            self.listed = self.room.is_live();
            self.hub.lobby.set_live(self.room.code(), self.room.live());
        }
        self.empty_since = match (self.room.is_empty(), self.empty_since) {
            (true, None) => Some(Instant::now()),
            (true, since) => since,
            (false, _) => None,
        };
        let idle_since = self.idle_since();
        let idle_ms = idle_since.map_or(0, |since| wall_ms_at(since).max(1));
        self.handle.set_idle_since_ms(idle_ms);
        if idle_since.is_some() && self.hub.over_cap() {
            self.log_over_cap();
            return Step::End;
        }
        Step::Go
    }

    /// Logs the room's leaving memory over the cap.
    fn log_over_cap(&self) {
        tracing::info!(
            "room {}: unloaded (over the cap of {} rooms in memory)",
            self.room.code(),
            self.hub.config.max_rooms_in_memory
        );
    }

    /// The room leaves memory: its visit stored, its listing and lease
    /// let go, and the hub's entry removed.
    async fn leave_memory(self) {
        let code = self.room.code();
        if self.visited
            && let Some(since) = self.empty_since
        {
            // Best effort: a lost visit only lets the room expire sooner.
            let seen = Write::Seen {
                code: code.to_string(),
                at_ms: wall_ms_at(since),
            };
            if let Err(e) = self.hub.write(seen, self.lease).await {
                tracing::warn!("room {code}: visit not stored: {e}");
            }
        }
        // Entries still queued are dropped with the channel: their senders
        // look the room up again and load it from the store.
        if self.listed {
            self.hub.lobby.set_live(code, None);
        }
        if self.lease.is_some() {
            // Let the room go at once, not when the lease runs out, so that
            // another node may take it (a lease taken from us is left alone).
            let _ = self
                .hub
                .store
                .claim(code, &self.hub.node, Duration::ZERO)
                .await;
        }
        self.hub.unlist(code, self.handle.task());
    }
}

/// The wall-clock time (ms) of `at`, an instant in the past.
fn wall_ms_at(at: Instant) -> i64 {
    logging::wall_ms() - Instant::now().saturating_duration_since(at).as_millis() as i64
}

/// Removes an abandoned room from the store (in its lease, if any: the
/// task then lets the lease go); true when it is gone.
async fn expire(hub: &Hub, room: &Room, lease: Option<Lease>) -> bool {
    let code = room.code().to_string();
    match hub.write(Write::Expire { code }, lease).await {
        Ok(_) => {
            tracing::info!(
                "room {}: expired (abandoned: no move and nobody here for {})",
                room.code(),
                super::duration_text(hub.config.expire_after.unwrap_or_default())
            );
            true
        }
        Err(e) => {
            tracing::warn!("room {}: not expired: {e}", room.code());
            false
        }
    }
}

/// The answer an entry waits for.
type EntryReply = (ConnId, oneshot::Sender<Result<(), Event>>);

/// What an input (None: the timer) decides, and the entry to answer once
/// the decision is stored; None for an entry refused at once (answered).
fn take(
    room: &mut Room,
    outboxes: &mut HashMap<ConnId, Outbox>,
    input: Option<RoomInput>,
    now: Instant,
) -> Option<(Decision, Option<EntryReply>)> {
    Some(match input {
        Some(RoomInput::Enter {
            conn,
            entry,
            outbox,
            reply,
        }) => match room.enter(conn, entry, now) {
            Ok(decision) => {
                outboxes.insert(conn, outbox);
                (decision, Some((conn, reply)))
            }
            Err(refusal) => {
                let _ = reply.send(Err(refusal));
                return None;
            }
        },
        Some(RoomInput::Command { conn, command }) => (room.command(conn, command, now), None),
        Some(RoomInput::Leave { conn }) => {
            outboxes.remove(&conn);
            (room.leave(conn, now), None)
        }
        // Taken by the task (when they still apply); a proxy's alone.
        Some(
            RoomInput::Unload | RoomInput::Expire | RoomInput::Drain | RoomInput::FromOwner(_),
        ) => return None,
        None => (room.tick(now), None),
    })
}

/// Sends a decision's events, stores its change, then applies it and
/// sends what follows. Err: the change could not be stored (the asker
/// was told).
async fn decide(
    hub: &Hub,
    room: &mut Room,
    outboxes: &mut HashMap<ConnId, Outbox>,
    decision: Decision,
    lease: Option<Lease>,
) -> Result<(), Event> {
    let taken = Instant::now();
    deliver(room, outboxes, decision.outs);
    let Some(mut change) = decision.change else {
        return Ok(());
    };
    let failed = |e: String, outboxes: &HashMap<ConnId, Outbox>| {
        tracing::error!("room {}: store failed: {e}", room.code());
        let error = storage_error(&e);
        for outbox in outboxes.values() {
            outbox.send(&error);
        }
        error
    };
    let pool = room.pool();
    if let Some(player) = change.player_to_rate() {
        match hub.store.rating(player.id, pool).await {
            Ok(info) => player.info = info,
            Err(e) => return Err(failed(e, outboxes)),
        }
    }
    let write = room.write_for(&change, logging::wall_ms());
    let is_move = matches!(write, Write::Move { .. });
    let written = match hub.write(write, lease).await {
        Ok(written) => written,
        Err(e) => return Err(failed(e, outboxes)),
    };
    let outs = room.apply(change, written, Instant::now());
    deliver(room, outboxes, outs);
    if is_move {
        let metrics = metrics();
        metrics.moves_stored.inc();
        metrics
            .move_relay_seconds
            .observe(taken.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Sends events to their connections; a connection that cannot take
/// them is dropped (and its departure sent on).
fn deliver(room: &mut Room, outboxes: &mut HashMap<ConnId, Outbox>, outs: Vec<Out>) {
    let mut pending = outs;
    while !pending.is_empty() {
        let mut dropped = Vec::new();
        for Out { to, event } in pending {
            if let (Event::Error { error, message }, To::Conn(conn)) = (&event, to) {
                let client = outboxes.get(&conn).and_then(|o| o.client);
                logging::refused(client, *error, || {
                    tracing::warn!(
                        "room {}: conn {conn} refused ({error:?}): {}",
                        room.code(),
                        logging::quoted(message)
                    );
                });
            }
            let frame = Utf8Bytes::from(event.to_frame());
            for (&conn, outbox) in outboxes.iter() {
                let wanted = match to {
                    To::Conn(c) => c == conn,
                    To::All => true,
                    To::Others(c) => c != conn,
                };
                if wanted && !outbox.send_frame(frame.clone()) {
                    dropped.push(conn);
                }
            }
        }
        pending = Vec::new();
        dropped.sort_unstable();
        dropped.dedup();
        for conn in dropped {
            if let Some(outbox) = outboxes.remove(&conn) {
                tracing::warn!("room {}: conn {conn} dropped: too far behind", room.code());
                outbox.kick.notify_one();
            }
            pending.extend(room.leave(conn, Instant::now()).outs);
        }
    }
}

/// Expires abandoned rooms that are not in memory (those in memory expire
/// by their own timer): every so often, the store's list of them is
/// loaded, each as its room's one task, and told to expire. Going through
/// the task means an entry racing the expiry either comes first (and
/// keeps the room) or finds it gone.
pub(crate) async fn expire_abandoned(hub: Arc<Hub>, after: Duration) {
    let every = (after / 4).clamp(Duration::from_millis(200), Duration::from_secs(60));
    loop {
        tokio::time::sleep(every).await;
        let before_ms = logging::wall_ms() - after.as_millis() as i64;
        let codes = match hub.store.abandoned(before_ms, 100).await {
            Ok(codes) => codes,
            Err(e) => {
                tracing::warn!("expiry: the store could not list rooms: {e}");
                continue;
            }
        };
        for code in codes {
            if hub.lookup(&code).is_some() {
                continue;
            }
            if let Ok(Some(handle)) = hub.room(&code, Relaying::Refused).await {
                handle.send(RoomInput::Expire).await;
            }
        }
    }
}
