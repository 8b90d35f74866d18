//! The relay's life on bus sessions: it sends the outgoing queue, acts
//! on what the other nodes send, watches which nodes are alive and
//! publishes this node's lobby; on a lost session it lets every proxy and
//! guest go and opens another.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tokio::sync::mpsc;
use tokio::time::{Duration, sleep};

use super::envelope::{envelope, open_envelope};
use super::guest::seat_guest;
use super::{Guest, Message, Relay};
use crate::online::protocol::{Command, ErrorKind, Event, parse_event};
use crate::rules::Side;
use crate::server::hub::Hub;
use crate::server::logging;
use crate::server::pairing::open_seeks_room;
use crate::server::refusal::{busy_error, storage_error};
use crate::server::room::ConnId;
use crate::server::room_handle::{FromOwner, NotSent, RoomHandle, RoomInput};
use crate::server::store::Bus;

/// The most notifications sent in one statement.
const BATCH: usize = 256;

/// How often each node reads which nodes are alive.
const LIVENESS_EVERY: Duration = Duration::from_secs(1);

/// How long the lobby waits after a change before it publishes (the
/// changes meanwhile go with it).
const LOBBY_QUIET: Duration = Duration::from_millis(50);

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
                    tracing::info!("relay: the bus is open again");
                    open
                }
                Err(e) => {
                    tracing::warn!("relay: {e}; trying again in a second");
                    sleep(Duration::from_secs(1)).await;
                    continue;
                }
            },
        };
        relay.set_bus_open(true);
        serve_bus(&hub, relay, open, &mut outgoing).await;
        relay.set_bus_open(false);
        tracing::warn!(
            "relay: the bus's session was lost: this node's guests leave and its proxies close"
        );
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
                    tracing::warn!("relay: {} messages not sent: {e}", chunk.len());
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
                Err(e) => tracing::warn!(
                    "relay: a message not understood: {e}: {}",
                    logging::quoted(&payload.chars().take(200).collect::<String>())
                ),
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
                    tracing::warn!("relay: cannot read the live nodes: {e}");
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
                    tracing::warn!("relay: node {} has gone", logging::quoted(&node));
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
        } => guest_command(relay, from, code, conn, command).await,
        Message::Leave { conn, .. } => guest_left(relay, from, conn).await,
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
            tokio::spawn(open_taken_seek(hub, from, seek, conn, player, side));
        }
        Message::SeekTaken { conn, room } => seek_taken(relay, conn, room),
    }
}

/// Node `from`'s connection `conn`, a guest here, sends `command` to its
/// room.
async fn guest_command(relay: &Relay, from: String, code: String, conn: ConnId, command: Command) {
    let guest = relay.guests.lock().ok().and_then(|g| {
        g.get(&(from.clone(), conn))
            .map(|g| (g.local, g.room.clone()))
    });
    // The reader never waits on a room: a command for a room whose inbox
    // is full is dropped and its player told, as on its own node (where
    // it waits a moment first).
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

/// Node `from`'s connection `conn` has gone: as a guest here, it leaves
/// its room.
async fn guest_left(relay: &Relay, from: String, conn: ConnId) {
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

/// Node `from`'s connection `conn` (its player's number, the side it
/// wants) takes this node's seek `seek`: its room is opened here, and
/// `from` hears its code or the refusal.
async fn open_taken_seek(
    hub: Arc<Hub>,
    from: String,
    seek: u64,
    conn: ConnId,
    player: Option<i64>,
    side: Option<Side>,
) {
    let room = match hub.lobby.take(seek, ConnId::MAX, player) {
        Some(seek) => open_seeks_room(&hub, seek, side).await,
        None => Err(Event::error(
            ErrorKind::UnknownSeek,
            format!("no open seek {seek}"),
        )),
    };
    let room = room.map(|room| room.code).map_err(|e| e.to_frame());
    if let Some(relay) = hub.relay() {
        relay.send(&from, Message::SeekTaken { conn, room }).await;
    }
}

/// Another node's answer to this node's connection `conn` that took its
/// seek: the room's code, or the refusal's event frame.
fn seek_taken(relay: &Relay, conn: ConnId, room: Result<String, String>) {
    let waiting = relay.takes.lock().ok().and_then(|mut t| t.remove(&conn));
    if let Some(reply) = waiting {
        let room = room.map_err(|frame| {
            parse_event(&frame).unwrap_or_else(|e| storage_error(&format!("the seek's node: {e}")))
        });
        let _ = reply.send(room);
    }
}

/// Hands what the owner says to this node's proxy of room `code`.
async fn to_proxy(relay: &Relay, code: &str, message: FromOwner) {
    if let Some(proxy) = relay.proxy(code) {
        proxy.send(RoomInput::FromOwner(message)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::room_handle::ROOM_INBOX;

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
        let (room, rx) = RoomHandle::new("abcdefghjk", 0);
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
}
