//! One game, players on several nodes: the relay between nodes over
//! PostgreSQL's LISTEN/NOTIFY ([`super::store::Bus`]).
//!
//! A room has one owner node (its lease, see [`super::hub`]): its task
//! runs there and nowhere else. A connection that enters the room on
//! another node gets a *proxy* there, a task listed in that node's rooms
//! like the room itself, so the connection does not know the difference.
//! The proxy sends the connection's entry, commands and departure to the
//! owner; the owner seats it as a *guest* (a connection whose outbox sends
//! its frames back over the bus) and the proxy hands those frames to the
//! connection. Moves, offers, presence and clocks are the room's own
//! events, so they reach both nodes alike.
//!
//! Each node has one bus session: messages leave in order on it and
//! arrive in order, so a connection's commands and frames keep their
//! order. Every second each node reads which nodes' sessions are open: a
//! node whose session has ended (killed, or cut off) has its proxies here
//! close their connections (the clients resume, and this node takes the
//! room: [`super::store`]'s claim takes a dead node's lease at once) and
//! its guests here leave their rooms. When this node's own session is
//! lost it does the same for every proxy and guest, then opens a new one.
//!
//! The reader of a node's messages never waits on a room: a relayed
//! command for a room whose inbox is full is refused as busy.
//!
//! - this module: the [`Message`]s between nodes and this node's side of
//!   the relay ([`Relay`]: the outgoing queue, its guests and proxies);
//! - [`session`]: the relay's life on bus sessions, and what it does with
//!   each message from another node;
//! - [`proxy`]: a proxy's task; [`guest`]: a guest's seat at the owner;
//! - [`envelope`]: a message as notification payloads, in parts.
//!
//! The relay is below the hub: the hub holds a [`Relay`] and starts
//! proxies, while the session and the guests use the hub.

mod envelope;
mod guest;
pub(super) mod proxy;
pub(super) mod session;

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Duration;

use super::refusal::storage_error;
use super::room::{ConnId, Entry};
use super::room_handle::RoomHandle;
use crate::online::protocol::{Command, Event, LiveGame, SeekInfo};
use crate::rules::Side;

/// Messages waiting for the bus; senders wait when it is full.
const OUTGOING: usize = 4096;

/// How long a proxy waits for the owner to answer an entry, and a taker
/// of another node's seek for that node's answer.
const ENTRY_WAIT: Duration = Duration::from_secs(5);

/// What one node tells another about a connection in a room.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum Message {
    /// To the owner: seat this connection of mine.
    Enter {
        code: String,
        conn: ConnId,
        entry: Entry,
    },
    /// To the owner: my connection's command.
    Command {
        code: String,
        conn: ConnId,
        command: Command,
    },
    /// To the owner: my connection has gone.
    Leave { code: String, conn: ConnId },
    /// To the proxy: the entry's answer (the refusal's event frame, if refused).
    Entered {
        code: String,
        conn: ConnId,
        refusal: Option<String>,
    },
    /// To the proxy: a frame for the connection.
    Frame {
        code: String,
        conn: ConnId,
        frame: String,
    },
    /// To the proxy: the room has let the connection go (with a close
    /// frame, when the room asked for one).
    Close {
        code: String,
        conn: ConnId,
        close: Option<(u16, String)>,
    },
    /// To every other node: this node's own seeks and games being played.
    Lobby {
        seeks: Vec<SeekInfo>,
        games: Vec<LiveGame>,
    },
    /// To a seek's node: my connection `conn` (with its player's number,
    /// and the side it wants) takes seek `seek`; open its room.
    TakeSeek {
        seek: u64,
        conn: ConnId,
        player: Option<i64>,
        side: Option<Side>,
    },
    /// To the taker's node: the room opened for the seek (its code), or
    /// the refusal's event frame.
    SeekTaken {
        conn: ConnId,
        room: Result<String, String>,
    },
}

/// A guest: a connection of another node seated in a room here.
struct Guest {
    local: ConnId,
    room: RoomHandle,
}

/// A proxy here: its room's owner, and its inbox.
struct Proxy {
    owner: String,
    handle: RoomHandle,
}

/// This node's side of the relay, held by the hub.
pub(crate) struct Relay {
    node: String,
    outgoing: mpsc::Sender<(String, Message)>,
    /// The outgoing queue's reader, until [`session::run`] takes it.
    outgoing_rx: Mutex<Option<mpsc::Receiver<(String, Message)>>>,
    /// Guests here, by (their node, their connection there).
    guests: Mutex<HashMap<(String, ConnId), Guest>>,
    /// Proxies here, by room code.
    proxies: Mutex<HashMap<String, Proxy>>,
    /// The other nodes whose session is open (read every second).
    alive: Mutex<HashSet<String>>,
    /// This node's connections waiting for another node to open a seek's room.
    takes: Mutex<HashMap<ConnId, oneshot::Sender<Result<String, Event>>>>,
    /// Whether the bus's session is open now (`/ready`).
    bus_open: std::sync::atomic::AtomicBool,
}

impl Relay {
    /// Whether the bus's session is open now.
    pub(crate) fn bus_open(&self) -> bool {
        self.bus_open.load(std::sync::atomic::Ordering::Relaxed)
    }

    pub(crate) fn set_bus_open(&self, open: bool) {
        self.bus_open
            .store(open, std::sync::atomic::Ordering::Relaxed);
    }

    pub(crate) fn new(node: String) -> Relay {
        let (outgoing, rx) = mpsc::channel(OUTGOING);
        Relay {
            node,
            outgoing,
            outgoing_rx: Mutex::new(Some(rx)),
            guests: Mutex::default(),
            proxies: Mutex::default(),
            alive: Mutex::default(),
            takes: Mutex::default(),
            bus_open: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Takes seek `seek` of node `node` for this node's connection `conn`
    /// (its player's number, the side it wants): the code of the room that
    /// node opened, with the seeker seated, or the refusal.
    pub(crate) async fn take_seek(
        &self,
        node: &str,
        seek: u64,
        conn: ConnId,
        player: Option<i64>,
        side: Option<Side>,
    ) -> Result<String, Event> {
        let (reply, answer) = oneshot::channel();
        if let Ok(mut takes) = self.takes.lock() {
            takes.insert(conn, reply);
        }
        let message = Message::TakeSeek {
            seek,
            conn,
            player,
            side,
        };
        self.send(node, message).await;
        let answered = tokio::time::timeout(ENTRY_WAIT, answer).await;
        if let Ok(mut takes) = self.takes.lock() {
            takes.remove(&conn);
        }
        match answered {
            Ok(Ok(room)) => room,
            _ => Err(storage_error(&format!(
                "the node of seek {seek} did not answer: try again"
            ))),
        }
    }

    /// Queues `message` for `node` (waits while the queue is full).
    async fn send(&self, node: &str, message: Message) {
        let _ = self.outgoing.send((node.to_string(), message)).await;
    }

    /// Lists a new proxy for room `code`, owned by `owner`, unless one is
    /// listed: then that one.
    pub(crate) fn list_proxy(&self, owner: &str, handle: &RoomHandle) -> Option<RoomHandle> {
        let mut proxies = self.proxies.lock().ok()?;
        if let Some(listed) = proxies.get(&handle.code) {
            return Some(listed.handle.clone());
        }
        proxies.insert(
            handle.code.clone(),
            Proxy {
                owner: owner.to_string(),
                handle: handle.clone(),
            },
        );
        None
    }

    /// Unlists the proxy of `handle`'s task (a later task's stays).
    fn unlist_proxy(&self, handle: &RoomHandle) {
        if let Ok(mut proxies) = self.proxies.lock()
            && proxies
                .get(&handle.code)
                .is_some_and(|p| p.handle.same_task(handle))
        {
            proxies.remove(&handle.code);
        }
    }

    /// The proxy listed for room `code`.
    fn proxy(&self, code: &str) -> Option<RoomHandle> {
        Some(self.proxies.lock().ok()?.get(code)?.handle.clone())
    }
}
