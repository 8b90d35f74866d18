//! One game, players on several nodes: the relay between nodes over
//! PostgreSQL's LISTEN/NOTIFY ([`Bus`]).
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

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::{Duration, Instant, sleep, sleep_until};

use super::hub::{
    Hub, NotSent, OUTBOX_FRAMES, Outbound, Outbox, RoomHandle, RoomInput, busy_error, storage_error,
};
use super::log;
use super::room::{ConnId, Entry};
use super::store::Bus;
use crate::online::protocol::{Command, ErrorKind, Event, LiveGame, SeekInfo, parse_event};
use crate::rules::Side;

/// Messages waiting for the bus; senders wait when it is full.
const OUTGOING: usize = 4096;

/// The most notifications sent in one statement.
const BATCH: usize = 256;

/// A notification's payload must stay under PostgreSQL's 8000 bytes: a
/// longer message (a whole room's welcome) goes in parts.
const PART_BYTES: usize = 7000;

/// How often each node reads which nodes are alive.
const LIVENESS_EVERY: Duration = Duration::from_secs(1);

/// How long a proxy waits for the owner to answer an entry, and a taker
/// of another node's seek for that node's answer.
const ENTRY_WAIT: Duration = Duration::from_secs(5);

/// How long the lobby waits after a change before it publishes (the
/// changes meanwhile go with it).
const LOBBY_QUIET: Duration = Duration::from_millis(50);

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

/// What the owner tells a proxy (through the proxy's inbox).
#[derive(Debug)]
pub(crate) enum FromOwner {
    Entered {
        conn: ConnId,
        refusal: Option<String>,
    },
    Frame {
        conn: ConnId,
        frame: String,
    },
    Close {
        conn: ConnId,
        close: Option<(u16, String)>,
    },
    /// The owner node's session has ended: close every connection.
    Gone,
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
    /// The outgoing queue's reader, until [`run`] takes it.
    outgoing_rx: Mutex<Option<mpsc::Receiver<(String, Message)>>>,
    /// Guests here, by (their node, their connection there).
    guests: Mutex<HashMap<(String, ConnId), Guest>>,
    /// Proxies here, by room code.
    proxies: Mutex<HashMap<String, Proxy>>,
    /// The other nodes whose session is open (read every second).
    alive: Mutex<HashSet<String>>,
    /// This node's connections waiting for another node to open a seek's room.
    takes: Mutex<HashMap<ConnId, oneshot::Sender<Result<String, Event>>>>,
}

impl Relay {
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

    fn unlist_proxy(&self, handle: &RoomHandle) {
        if let Ok(mut proxies) = self.proxies.lock()
            && proxies
                .get(&handle.code)
                .is_some_and(|p| p.handle.same_task(handle))
        {
            proxies.remove(&handle.code);
        }
    }

    fn proxy(&self, code: &str) -> Option<RoomHandle> {
        Some(self.proxies.lock().ok()?.get(code)?.handle.clone())
    }
}

/// The relay's life on `bus` sessions: sends the queue, takes what comes,
/// watches the other nodes; on a lost session, lets every proxy and guest
/// go and opens another.
pub(crate) async fn run(hub: Arc<Hub>, first: Bus) {
    let Some(relay) = hub.relay() else {
        return;
    };
    let Some(mut outgoing) = relay.outgoing_rx.lock().ok().and_then(|mut rx| rx.take()) else {
        return;
    };
    let mut bus = Some(first);
    loop {
        let open = match bus.take() {
            Some(open) => open,
            None => match open_bus(&hub).await {
                Ok(open) => {
                    log::line(format_args!("relay: the bus is open again"));
                    open
                }
                Err(e) => {
                    log::line(format_args!("relay: {e}; trying again in a second"));
                    sleep(Duration::from_secs(1)).await;
                    continue;
                }
            },
        };
        serve_bus(&hub, relay, open, &mut outgoing).await;
        log::line(format_args!(
            "relay: the bus's session was lost: this node's guests leave and its proxies close"
        ));
        let everyone: Vec<String> = known_nodes(relay);
        for node in everyone {
            node_gone(relay, &node).await;
        }
        sleep(Duration::from_millis(200)).await;
    }
}

/// Opens this node's session on the bus (registered, listening).
pub(crate) async fn open_bus(hub: &Hub) -> Result<Bus, String> {
    let node = hub.relay().map_or("", |r| r.node.as_str());
    hub.store()
        .bus(node)
        .await
        .unwrap_or_else(|| Err("SQLite has no bus: one node".into()))
}

/// Serves one bus session until it fails.
async fn serve_bus(
    hub: &Arc<Hub>,
    relay: &Relay,
    mut bus: Bus,
    outgoing: &mut mpsc::Receiver<(String, Message)>,
) {
    let mut inbound = std::mem::replace(&mut bus.inbound, mpsc::unbounded_channel().1);
    let bus = &bus;
    let send = async {
        let mut seq: u64 = 0;
        let mut batch = Vec::new();
        while outgoing.recv_many(&mut batch, BATCH).await > 0 {
            let mut notes = Vec::with_capacity(batch.len());
            for (node, message) in batch.drain(..) {
                seq += 1;
                envelope(&relay.node, seq, &message, |part| {
                    notes.push((node.clone(), part));
                });
            }
            for chunk in notes.chunks(BATCH) {
                if let Err(e) = bus.notify(chunk).await {
                    log::line(format_args!(
                        "relay: {} messages not sent: {e}",
                        chunk.len()
                    ));
                    return;
                }
            }
        }
    };
    let take = async {
        let mut parts: HashMap<String, String> = HashMap::new();
        while let Some((_, payload)) = inbound.recv().await {
            match open_envelope(&payload, &mut parts) {
                Ok(Some((from, message))) => take_message(hub, relay, from, message).await,
                Ok(None) => {}
                Err(e) => log::line(format_args!(
                    "relay: a message not understood: {e}: {}",
                    log::quoted(&payload.chars().take(200).collect::<String>())
                )),
            }
        }
    };
    let watch = async {
        let mut before: HashSet<String> = HashSet::new();
        loop {
            if bus.is_closed() {
                return;
            }
            let mut alive: HashSet<String> = match bus.live_nodes().await {
                Ok(nodes) => nodes.into_iter().collect(),
                Err(e) => {
                    log::line(format_args!("relay: cannot read the live nodes: {e}"));
                    return;
                }
            };
            alive.remove(&relay.node);
            if let Ok(mut known) = relay.alive.lock() {
                known.clone_from(&alive);
            }
            // A node come: it hears this node's lobby.
            for node in alive.difference(&before) {
                publish_lobby(hub, relay, Some(node)).await;
            }
            for node in before.difference(&alive) {
                hub.lobby.set_others(node, None);
            }
            // A node this one relays with whose session is not open.
            for node in known_nodes(relay) {
                if !alive.contains(&node) {
                    log::line(format_args!("relay: node {} has gone", log::quoted(&node)));
                    node_gone(relay, &node).await;
                }
            }
            before = alive;
            sleep(LIVENESS_EVERY).await;
        }
    };
    // This node's lobby, to the others on each change (changes close
    // together go as one).
    let publish = async {
        loop {
            hub.lobby.changed.notified().await;
            sleep(LOBBY_QUIET).await;
            publish_lobby(hub, relay, None).await;
        }
    };
    tokio::select! {
        () = send => {}
        () = take => {}
        () = watch => {}
        () = publish => {}
    }
}

/// Sends this node's own seeks and games to `to`, or to every other node
/// alive.
async fn publish_lobby(hub: &Hub, relay: &Relay, to: Option<&String>) {
    let nodes: Vec<String> = match to {
        Some(node) => vec![node.clone()],
        None => relay
            .alive
            .lock()
            .map(|alive| alive.iter().cloned().collect())
            .unwrap_or_default(),
    };
    let (seeks, games) = hub.lobby.own();
    for node in nodes {
        let message = Message::Lobby {
            seeks: seeks.clone(),
            games: games.clone(),
        };
        relay.send(&node, message).await;
    }
}

/// The nodes this one has proxies to or guests from.
fn known_nodes(relay: &Relay) -> Vec<String> {
    let mut nodes: HashSet<String> = HashSet::new();
    if let Ok(proxies) = relay.proxies.lock() {
        nodes.extend(proxies.values().map(|p| p.owner.clone()));
    }
    if let Ok(guests) = relay.guests.lock() {
        nodes.extend(guests.keys().map(|(node, _)| node.clone()));
    }
    nodes.into_iter().collect()
}

/// Node `node` is gone (or out of reach): its guests leave their rooms
/// here, and the proxies to it close their connections.
async fn node_gone(relay: &Relay, node: &str) {
    let guests: Vec<Guest> = relay.guests.lock().map_or_else(
        |_| Vec::new(),
        |mut guests| {
            let theirs: Vec<(String, ConnId)> =
                guests.keys().filter(|(n, _)| n == node).cloned().collect();
            theirs.iter().filter_map(|key| guests.remove(key)).collect()
        },
    );
    for guest in guests {
        guest
            .room
            .send(RoomInput::Leave { conn: guest.local })
            .await;
    }
    let proxies: Vec<RoomHandle> = relay.proxies.lock().map_or_else(
        |_| Vec::new(),
        |proxies| {
            proxies
                .values()
                .filter(|p| p.owner == node)
                .map(|p| p.handle.clone())
                .collect()
        },
    );
    for proxy in proxies {
        proxy.send(RoomInput::FromOwner(FromOwner::Gone)).await;
    }
}

/// Calls `part` with each notification payload of `message`:
/// `FROM SEQ more|end` on the first line, then its JSON or a piece of it.
fn envelope(from: &str, seq: u64, message: &Message, mut part: impl FnMut(String)) {
    let json = serde_json::to_string(message).unwrap_or_default();
    let mut rest = json.as_str();
    loop {
        let mut cut = rest.len().min(PART_BYTES);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (piece, after) = rest.split_at(cut);
        let more = if after.is_empty() { "end" } else { "more" };
        part(format!("{from} {seq} {more}\n{piece}"));
        if after.is_empty() {
            return;
        }
        rest = after;
    }
}

/// A payload read: the whole message once its last part is in (None
/// until then; `parts` keeps the pieces, by sender), or what is wrong.
fn open_envelope(
    payload: &str,
    parts: &mut HashMap<String, String>,
) -> Result<Option<(String, Message)>, String> {
    let (head, body) = payload.split_once('\n').ok_or("no header line")?;
    let mut words = head.split(' ');
    let (Some(from), Some(_seq), Some(more), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err("the header is not `FROM SEQ more|end`".into());
    };
    let so_far = parts.entry(from.to_string()).or_default();
    if so_far.len() + body.len() > crate::online::protocol::MAX_EVENT_BYTES {
        parts.remove(from);
        return Err("a message over its size".into());
    }
    so_far.push_str(body);
    match more {
        "more" => Ok(None),
        "end" => {
            let json = parts.remove(from).unwrap_or_default();
            let message = serde_json::from_str(&json).map_err(|e| e.to_string())?;
            Ok(Some((from.to_string(), message)))
        }
        _ => Err(format!("`{more}` is not `more` or `end`")),
    }
}

/// Acts on a message from node `from`.
async fn take_message(hub: &Arc<Hub>, relay: &Relay, from: String, message: Message) {
    match message {
        Message::Enter { code, conn, entry } => {
            // Seated in its own task: the room may have to be loaded.
            tokio::spawn(seat_guest(Arc::clone(hub), from, code, conn, entry));
        }
        Message::Command {
            code,
            conn,
            command,
        } => {
            let guest = relay.guests.lock().ok().and_then(|g| {
                g.get(&(from.clone(), conn))
                    .map(|g| (g.local, g.room.clone()))
            });
            // The reader never waits on a room: a command for a room whose
            // inbox is full is dropped and its player told, as on its own
            // node (where it waits a moment first).
            let sent = match guest {
                Some((local, room)) => {
                    let input = RoomInput::Command {
                        conn: local,
                        command,
                    };
                    match room.offer(input, Duration::ZERO).await {
                        Ok(()) => true,
                        Err(NotSent::Busy) => {
                            let frame = busy_error(&code).to_frame();
                            let code = code.clone();
                            relay
                                .send(&from, Message::Frame { code, conn, frame })
                                .await;
                            true
                        }
                        Err(NotSent::Closed) => false,
                    }
                }
                None => false,
            };
            // Not (or no longer) seated here: its proxy lets it go.
            if !sent {
                let close = Message::Close {
                    code,
                    conn,
                    close: None,
                };
                relay.send(&from, close).await;
            }
        }
        Message::Leave { conn, .. } => {
            let guest = relay
                .guests
                .lock()
                .ok()
                .and_then(|mut g| g.remove(&(from, conn)));
            if let Some(guest) = guest {
                guest
                    .room
                    .send(RoomInput::Leave { conn: guest.local })
                    .await;
            }
        }
        Message::Entered {
            code,
            conn,
            refusal,
        } => to_proxy(relay, &code, FromOwner::Entered { conn, refusal }).await,
        Message::Frame { code, conn, frame } => {
            to_proxy(relay, &code, FromOwner::Frame { conn, frame }).await
        }
        Message::Close { code, conn, close } => {
            to_proxy(relay, &code, FromOwner::Close { conn, close }).await
        }
        Message::Lobby { seeks, games } => hub.lobby.set_others(&from, Some((seeks, games))),
        Message::TakeSeek {
            seek,
            conn,
            player,
            side,
        } => {
            // Its room is opened in a task of its own (it waits on the store).
            let hub = Arc::clone(hub);
            tokio::spawn(async move {
                let room = match hub.lobby.take(seek, ConnId::MAX, player) {
                    Some(seek) => super::conn::open_seeks_room(&hub, seek, side).await,
                    None => Err(Event::error(
                        ErrorKind::UnknownSeek,
                        format!("no open seek {seek}"),
                    )),
                };
                let room = room.map(|room| room.code).map_err(|e| e.to_frame());
                if let Some(relay) = hub.relay() {
                    relay.send(&from, Message::SeekTaken { conn, room }).await;
                }
            });
        }
        Message::SeekTaken { conn, room } => {
            let waiting = relay.takes.lock().ok().and_then(|mut t| t.remove(&conn));
            if let Some(reply) = waiting {
                let room = room.map_err(|frame| {
                    parse_event(&frame)
                        .unwrap_or_else(|e| storage_error(&format!("the seek's node: {e}")))
                });
                let _ = reply.send(room);
            }
        }
    }
}

async fn to_proxy(relay: &Relay, code: &str, message: FromOwner) {
    if let Some(proxy) = relay.proxy(code) {
        proxy.send(RoomInput::FromOwner(message)).await;
    }
}

/// Seats node `from`'s connection `conn` in room `code` here (the owner),
/// answers, then sends the connection its frames until the room lets it go.
async fn seat_guest(hub: Arc<Hub>, from: String, code: String, conn: ConnId, entry: Entry) {
    let Some(relay) = hub.relay() else {
        return;
    };
    let local = hub.next_conn();
    let (frames, mut queue) = mpsc::channel(OUTBOX_FRAMES);
    let kick = Arc::new(Notify::new());
    let outbox = Outbox {
        frames,
        kick: Arc::clone(&kick),
    };
    let room = match hub.enter_here(&code, entry, local, outbox).await {
        Ok(room) => room,
        Err(refusal) => {
            let refusal = Some(refusal.to_frame());
            relay
                .send(
                    &from,
                    Message::Entered {
                        code,
                        conn,
                        refusal,
                    },
                )
                .await;
            return;
        }
    };
    let key = (from.clone(), conn);
    if let Ok(mut guests) = relay.guests.lock() {
        guests.insert(
            key.clone(),
            Guest {
                local,
                room: room.clone(),
            },
        );
    }
    log::line(format_args!(
        "room {code}: conn {local} is node {}'s conn {conn}",
        log::quoted(&from)
    ));
    relay
        .send(
            &from,
            Message::Entered {
                code: code.clone(),
                conn,
                refusal: None,
            },
        )
        .await;
    let mut close = None;
    loop {
        tokio::select! {
            out = queue.recv() => match out {
                Some(Outbound::Frame(frame)) => {
                    let frame = frame.as_str().to_string();
                    relay.send(&from, Message::Frame { code: code.clone(), conn, frame }).await;
                }
                Some(Outbound::Close(code, reason)) => {
                    close = Some((code, reason));
                    break;
                }
                // The room has let it go.
                None => break,
            },
            () = kick.notified() => break,
        }
    }
    // Still a guest (not left, nor its node gone): it leaves the room too.
    let still = relay.guests.lock().ok().and_then(|mut guests| {
        if guests.get(&key).is_some_and(|g| g.local == local) {
            guests.remove(&key)
        } else {
            None
        }
    });
    if let Some(guest) = still {
        guest.room.send(RoomInput::Leave { conn: local }).await;
        relay
            .send(&from, Message::Close { code, conn, close })
            .await;
    }
}

/// A proxy's entries waiting for the owner's answer: the answer's way
/// back to the connection, and until when it waits.
type Waiting = HashMap<ConnId, (oneshot::Sender<Result<(), Event>>, Instant)>;

/// A proxy's task: room `code`'s connections on this node, whose room
/// runs on node `owner`. It ends when its last connection has gone.
pub(crate) async fn run_proxy(
    hub: Arc<Hub>,
    code: String,
    owner: String,
    handle: RoomHandle,
    mut rx: mpsc::Receiver<RoomInput>,
) {
    let Some(relay) = hub.relay() else {
        return;
    };
    log::line(format_args!(
        "room {code}: served by node {}: relayed",
        log::quoted(&owner)
    ));
    let mut conns: HashMap<ConnId, Outbox> = HashMap::new();
    let mut waiting: Waiting = HashMap::new();
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    // Its first entry is queued as it starts; it ends once nobody is left.
    let mut started = false;
    loop {
        if started && conns.is_empty() {
            break;
        }
        started = true;
        let next_wait = waiting.values().map(|(_, until)| *until).min();
        let input = tokio::select! {
            input = rx.recv() => input,
            () = sleep_until(next_wait.unwrap_or(far)), if next_wait.is_some() => {
                let now = Instant::now();
                let late: Vec<ConnId> = waiting
                    .iter()
                    .filter(|(_, (_, until))| *until <= now)
                    .map(|(conn, _)| *conn)
                    .collect();
                for conn in late {
                    let message = format!(
                        "the node serving room {code} did not answer: try again"
                    );
                    refuse(&mut conns, &mut waiting, conn, storage_error(&message));
                    left(relay, &owner, &code, conn).await;
                }
                continue;
            }
        };
        let Some(input) = input else {
            break;
        };
        match input {
            RoomInput::Enter {
                conn,
                entry,
                outbox,
                reply,
            } => {
                conns.insert(conn, outbox);
                waiting.insert(conn, (reply, Instant::now() + ENTRY_WAIT));
                let code = code.clone();
                relay
                    .send(&owner, Message::Enter { code, conn, entry })
                    .await;
            }
            RoomInput::Command { conn, command } if conns.contains_key(&conn) => {
                let code = code.clone();
                relay
                    .send(
                        &owner,
                        Message::Command {
                            code,
                            conn,
                            command,
                        },
                    )
                    .await;
            }
            RoomInput::Command { .. } => {}
            RoomInput::Leave { conn } => {
                conns.remove(&conn);
                waiting.remove(&conn);
                left(relay, &owner, &code, conn).await;
            }
            RoomInput::FromOwner(FromOwner::Entered { conn, refusal }) => {
                let Some((reply, _)) = waiting.remove(&conn) else {
                    // Gone (or given up on) before its answer: the owner,
                    // which may have seated it meanwhile, lets it go.
                    if refusal.is_none() {
                        left(relay, &owner, &code, conn).await;
                    }
                    continue;
                };
                match refusal {
                    None => drop(reply.send(Ok(()))),
                    Some(frame) => {
                        let refusal = parse_event(&frame)
                            .unwrap_or_else(|e| storage_error(&format!("the owner's answer: {e}")));
                        let storage = matches!(
                            refusal,
                            Event::Error {
                                error: ErrorKind::Storage,
                                ..
                            }
                        );
                        let outbox = conns.remove(&conn);
                        let _ = reply.send(Err(refusal));
                        // The room is moving between nodes: the client
                        // tries again (and may find it here next time).
                        if storage && let Some(outbox) = outbox {
                            outbox.kick.notify_one();
                        }
                    }
                }
            }
            RoomInput::FromOwner(FromOwner::Frame { conn, frame }) => {
                let Some(outbox) = conns.get(&conn) else {
                    continue;
                };
                let sent = outbox
                    .frames
                    .try_send(Outbound::Frame(Utf8Bytes::from(frame)))
                    .is_ok();
                if !sent {
                    log::line(format_args!(
                        "room {code}: conn {conn} dropped: too far behind"
                    ));
                    close(&mut conns, conn, None);
                    left(relay, &owner, &code, conn).await;
                }
            }
            RoomInput::FromOwner(FromOwner::Close { conn, close: frame }) => {
                waiting.remove(&conn);
                close(&mut conns, conn, frame);
            }
            RoomInput::FromOwner(FromOwner::Gone) => {
                // No error to show: the players' clients reconnect by
                // themselves and resume (this node takes the room), and
                // entries dropped unanswered look the room up again.
                log::line(format_args!(
                    "room {code}: node {} has gone: its {} connections here reconnect",
                    log::quoted(&owner),
                    conns.len()
                ));
                waiting.clear();
                for (_, outbox) in conns.drain() {
                    outbox.kick.notify_one();
                }
                break;
            }
            RoomInput::Unload | RoomInput::Expire => {}
        }
    }
    // Entries still queued are dropped with the channel: they look the
    // room up again.
    relay.unlist_proxy(&handle);
    hub.forget(&handle);
    log::line(format_args!("room {code}: no longer relayed here"));
}

/// Tells room `code`'s owner that this node's connection `conn` has gone.
async fn left(relay: &Relay, owner: &str, code: &str, conn: ConnId) {
    let code = code.to_string();
    relay.send(owner, Message::Leave { code, conn }).await;
}

/// Refuses (or, once seated, tells and closes) connection `conn`.
fn refuse(conns: &mut HashMap<ConnId, Outbox>, waiting: &mut Waiting, conn: ConnId, error: Event) {
    let outbox = conns.remove(&conn);
    match waiting.remove(&conn) {
        Some((reply, _)) => drop(reply.send(Err(error))),
        None => {
            if let Some(outbox) = &outbox {
                outbox.send(&error);
            }
        }
    }
    // The client reconnects and resumes (here or elsewhere).
    if let Some(outbox) = outbox {
        outbox.kick.notify_one();
    }
}

/// Lets connection `conn` go: the close frame the room asked for, or a
/// kick (it reconnects and resumes).
fn close(conns: &mut HashMap<ConnId, Outbox>, conn: ConnId, frame: Option<(u16, String)>) {
    let Some(outbox) = conns.remove(&conn) else {
        return;
    };
    match frame {
        Some((code, reason)) => drop(outbox.frames.try_send(Outbound::Close(code, reason))),
        None => outbox.kick.notify_one(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::hub::ROOM_INBOX;

    /// A guest's command for a room whose inbox is full is refused as
    /// busy at once (its proxy gets the error frame), so the reader of
    /// the node's messages never waits on one room; a command for a
    /// connection not seated here has its proxy let it go.
    #[tokio::test]
    async fn a_full_room_never_holds_up_the_relayed_traffic() {
        let dir = tempfile::tempdir().expect("a folder");
        let store = crate::server::store::Store::open(&dir.path().join("t.sqlite3"))
            .await
            .expect("a store");
        let hub = Arc::new(Hub::new(
            store,
            crate::server::Config::default(),
            "b".into(),
        ));
        let relay = Relay::new("b".into());
        let mut outgoing = relay.outgoing_rx.lock().unwrap().take().unwrap();
        let (tx, rx) = mpsc::channel(ROOM_INBOX);
        let room = RoomHandle::on("abcdefghjk", tx);
        for _ in 0..ROOM_INBOX {
            let ping = RoomInput::Command {
                conn: 1,
                command: Command::Ping,
            };
            room.offer(ping, Duration::ZERO).await.expect("room");
        }
        relay.guests.lock().unwrap().insert(
            ("a".into(), 7),
            Guest {
                local: 1,
                room: room.clone(),
            },
        );
        let command = |conn| Message::Command {
            code: "abcdefghjk".into(),
            conn,
            command: Command::Ping,
        };
        let took = tokio::time::timeout(
            Duration::from_secs(1),
            take_message(&hub, &relay, "a".into(), command(7)),
        )
        .await;
        assert!(took.is_ok(), "the reader waited on a full room");
        match outgoing.try_recv() {
            Ok((node, Message::Frame { conn: 7, frame, .. })) => {
                assert_eq!(node, "a");
                assert!(
                    frame.contains("rate_limited") && frame.contains("busy"),
                    "{frame}"
                );
            }
            other => panic!("a busy frame for the guest, not {other:?}"),
        }
        take_message(&hub, &relay, "a".into(), command(8)).await;
        assert!(matches!(
            outgoing.try_recv(),
            Ok((
                _,
                Message::Close {
                    conn: 8,
                    close: None,
                    ..
                }
            ))
        ));
        assert_eq!(rx.len(), ROOM_INBOX, "nothing more queued");
    }

    /// A message over one notification's size goes in parts and comes
    /// back whole; parts from two nodes interleaved do not mix; a payload
    /// without a header, or with a bad one, is an error, not a panic.
    #[test]
    fn long_messages_go_in_parts_and_come_back_whole() {
        let frame: String = "é".repeat(PART_BYTES); // two bytes each
        let long = Message::Frame {
            code: "ABCD".into(),
            conn: 7,
            frame: frame.clone(),
        };
        let short = Message::Leave {
            code: "WXYZ".into(),
            conn: 9,
        };
        let mut from_a = Vec::new();
        envelope("a", 1, &long, |p| from_a.push(p));
        assert!(from_a.len() >= 3, "{} parts", from_a.len());
        assert!(from_a.iter().all(|p| p.len() < 8000));
        let mut from_b = Vec::new();
        envelope("b", 1, &short, |p| from_b.push(p));
        assert_eq!(from_b.len(), 1);
        let mut parts = HashMap::new();
        let mut whole = Vec::new();
        for (i, payload) in from_a.iter().enumerate() {
            if i == 1 {
                whole.extend(open_envelope(&from_b[0], &mut parts).unwrap());
            }
            whole.extend(open_envelope(payload, &mut parts).unwrap());
        }
        assert_eq!(
            whole,
            [("b".to_string(), short), ("a".to_string(), long)],
            "each message whole, in the order its last part came"
        );
        for bad in [
            "",
            "no header",
            "a 1\n{}",
            "a 1 maybe\n{}",
            "a 1 end\n{not json",
        ] {
            assert!(open_envelope(bad, &mut parts).is_err(), "{bad:?}");
        }
    }
}
