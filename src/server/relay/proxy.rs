//! A proxy's task: a room another node owns, as this node's connections
//! reach it. It sends their entries, commands and departures to the owner
//! and hands them the frames the owner sends back ([`FromOwner`]).

use std::collections::HashMap;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Duration, Instant, sleep_until};

use super::{ENTRY_WAIT, Message, Relay};
use crate::online::protocol::{ErrorKind, Event, parse_event};
use crate::server::logging;
use crate::server::outbox::{Outbound, Outbox};
use crate::server::refusal::storage_error;
use crate::server::room::ConnId;
use crate::server::room_handle::{FromOwner, RoomHandle, RoomInput};

/// A proxy's entries waiting for the owner's answer: the answer's way
/// back to the connection, and until when it waits.
type Waiting = HashMap<ConnId, (oneshot::Sender<Result<(), Event>>, Instant)>;

/// A proxy's task: room `code`'s connections on this node, whose room
/// runs on node `owner`. It ends when its last connection has gone, and
/// `unlist` takes it off the hub's rooms (the hub is above the relay).
pub(crate) async fn run(
    relay: &Relay,
    code: String,
    owner: String,
    handle: RoomHandle,
    mut rx: mpsc::Receiver<RoomInput>,
    unlist: impl FnOnce(&RoomHandle),
) {
    tracing::info!(
        "room {code}: served by node {}: relayed",
        logging::quoted(&owner)
    );
    let mut proxy = ProxyTask {
        relay,
        code,
        owner,
        conns: HashMap::new(),
        waiting: HashMap::new(),
    };
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    // Its first entry is queued as it starts; it ends once nobody is left.
    let mut started = false;
    loop {
        if started && proxy.conns.is_empty() {
            break;
        }
        started = true;
        let next_wait = proxy.waiting.values().map(|(_, until)| *until).min();
        let input = tokio::select! {
            input = rx.recv() => input,
            () = sleep_until(next_wait.unwrap_or(far)), if next_wait.is_some() => {
                proxy.give_up_on_late_entries().await;
                continue;
            }
        };
        let Some(input) = input else {
            break;
        };
        if let Flow::End = proxy.take(input).await {
            break;
        }
    }
    // Entries still queued are dropped with the channel: they look the
    // room up again.
    relay.unlist_proxy(&handle);
    unlist(&handle);
    tracing::info!("room {}: no longer relayed here", proxy.code);
}

/// Whether a proxy's task goes on after an input.
enum Flow {
    Go,
    End,
}

/// A proxy's room as its task keeps it: this node's connections in it,
/// and the entries among them still waiting for the owner's answer.
struct ProxyTask<'a> {
    relay: &'a Relay,
    code: String,
    owner: String,
    conns: HashMap<ConnId, Outbox>,
    waiting: Waiting,
}

impl ProxyTask<'_> {
    /// Acts on one input: a connection's here, or the owner's.
    async fn take(&mut self, input: RoomInput) -> Flow {
        match input {
            RoomInput::Enter {
                conn,
                entry,
                outbox,
                reply,
            } => {
                self.conns.insert(conn, outbox);
                self.waiting
                    .insert(conn, (reply, Instant::now() + ENTRY_WAIT));
                let code = self.code.clone();
                let message = Message::Enter { code, conn, entry };
                self.relay.send(&self.owner, message).await;
            }
            RoomInput::Command { conn, command } if self.conns.contains_key(&conn) => {
                let code = self.code.clone();
                let message = Message::Command {
                    code,
                    conn,
                    command,
                };
                self.relay.send(&self.owner, message).await;
            }
            RoomInput::Command { .. } => {}
            RoomInput::Leave { conn } => {
                self.conns.remove(&conn);
                self.waiting.remove(&conn);
                self.left(conn).await;
            }
            RoomInput::FromOwner(FromOwner::Entered { conn, refusal }) => {
                self.entered(conn, refusal).await;
            }
            RoomInput::FromOwner(FromOwner::Frame { conn, frame }) => {
                self.frame(conn, frame).await;
            }
            RoomInput::FromOwner(FromOwner::Close { conn, close: frame }) => {
                self.waiting.remove(&conn);
                self.close(conn, frame);
            }
            RoomInput::FromOwner(FromOwner::Gone) => {
                self.owner_gone();
                return Flow::End;
            }
            RoomInput::Drain => {
                let conns: Vec<ConnId> = self.conns.drain().map(|(conn, _)| conn).collect();
                for conn in conns {
                    self.waiting.remove(&conn);
                    self.left(conn).await;
                }
                return Flow::End;
            }
            RoomInput::Unload | RoomInput::Expire => {}
        }
        Flow::Go
    }

    /// Refuses the entries the owner has not answered in time.
    async fn give_up_on_late_entries(&mut self) {
        let now = Instant::now();
        let late: Vec<ConnId> = self
            .waiting
            .iter()
            .filter(|(_, (_, until))| *until <= now)
            .map(|(conn, _)| *conn)
            .collect();
        for conn in late {
            let message = format!(
                "the node serving room {} did not answer: try again",
                self.code
            );
            self.refuse(conn, storage_error(&message));
            self.left(conn).await;
        }
    }

    /// The owner's answer to connection `conn`'s entry: in, or refused
    /// (with the refusal's event frame).
    async fn entered(&mut self, conn: ConnId, refusal: Option<String>) {
        let Some((reply, _)) = self.waiting.remove(&conn) else {
            // Gone (or given up on) before its answer: the owner, which
            // may have seated it meanwhile, lets it go.
            if refusal.is_none() {
                self.left(conn).await;
            }
            return;
        };
        let Some(frame) = refusal else {
            drop(reply.send(Ok(())));
            return;
        };
        let refusal = parse_event(&frame)
            .unwrap_or_else(|e| storage_error(&format!("the owner's answer: {e}")));
        let storage = matches!(
            refusal,
            Event::Error {
                error: ErrorKind::Storage,
                ..
            }
        );
        let outbox = self.conns.remove(&conn);
        let _ = reply.send(Err(refusal));
        // The room is moving between nodes: the client tries again (and
        // may find it here next time).
        if storage && let Some(outbox) = outbox {
            outbox.kick.notify_one();
        }
    }

    /// A frame from the owner for connection `conn`; one too far behind
    /// is dropped, here and at the owner.
    async fn frame(&mut self, conn: ConnId, frame: String) {
        let Some(outbox) = self.conns.get(&conn) else {
            return;
        };
        let sent = outbox
            .frames
            .try_send(Outbound::Frame(Utf8Bytes::from(frame)))
            .is_ok();
        if !sent {
            tracing::warn!("room {}: conn {conn} dropped: too far behind", self.code);
            self.close(conn, None);
            self.left(conn).await;
        }
    }

    /// The owner node's session has ended: every connection here lets go.
    fn owner_gone(&mut self) {
        // No error to show: the players' clients reconnect by themselves
        // and resume (this node takes the room), and entries dropped
        // unanswered look the room up again.
        tracing::warn!(
            "room {}: node {} has gone: its {} connections here reconnect",
            self.code,
            logging::quoted(&self.owner),
            self.conns.len()
        );
        self.waiting.clear();
        for (_, outbox) in self.conns.drain() {
            outbox.kick.notify_one();
        }
    }

    /// Tells the owner that this node's connection `conn` has gone.
    async fn left(&self, conn: ConnId) {
        let code = self.code.clone();
        self.relay
            .send(&self.owner, Message::Leave { code, conn })
            .await;
    }

    /// Refuses (or, once seated, tells and closes) connection `conn`.
    fn refuse(&mut self, conn: ConnId, error: Event) {
        let outbox = self.conns.remove(&conn);
        match self.waiting.remove(&conn) {
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

    /// Lets connection `conn` go: the close frame the room asked for, or
    /// a kick (it reconnects and resumes).
    fn close(&mut self, conn: ConnId, frame: Option<(u16, String)>) {
        let Some(outbox) = self.conns.remove(&conn) else {
            return;
        };
        match frame {
            Some((code, reason)) => drop(outbox.frames.try_send(Outbound::Close(code, reason))),
            None => outbox.kick.notify_one(),
        }
    }
}
